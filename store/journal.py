"""A crash-safe journal of every game: its set-up and its actions, written as they happen (SQLite,
one transaction per change), so that a crash, a closed terminal or a pulled cable never loses a game.
A journalled game exports as an ordinary game record and resumes from one.

One thread owns the SQLite connection. SQLite objects may only be used in the thread that made them,
and a table's moves arrive from whichever thread reads the camera or the keys; so every call here is
handed to the owner and waited for. A write that fails raises `JournalError` in the caller's thread:
the front end then says the game is not kept, instead of losing moves without a word.
"""
from __future__ import annotations

import json
import queue
import sqlite3
import threading
import time
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Callable, TypeVar

from engine.errors import LeafwatchError

SCHEMA = """
create table if not exists games (
    id integer primary key,
    started text not null,
    record text not null            -- the game record without its actions (JSON)
);
create table if not exists actions (
    game integer not null references games(id),
    seq integer not null,
    text text not null,
    primary key (game, seq)
);
"""

T = TypeVar("T")
BUSY_SECONDS = 5.0  # how long a write waits for another program that holds the journal locked


class JournalError(LeafwatchError):
    """The journal file cannot be used or written: one line saying why."""


@dataclass(frozen=True)
class GameEntry:
    id: int
    started: str
    players: tuple[str, ...]
    actions: int
    game: str = "multiplayer"  # the record's kind: 'multiplayer', 'solo', 'nine'


class Journal:
    """The journal at `path`. `busy_seconds`: how long a write waits for another program that holds
    the file locked before it fails."""

    def __init__(self, path: str = ":memory:", busy_seconds: float = BUSY_SECONDS):
        self.path = path
        self._calls: queue.Queue = queue.Queue()
        self._closed = False
        opened: Future = Future()
        self._owner = threading.Thread(target=self._own, args=(busy_seconds, opened), name="journal", daemon=True)
        self._owner.start()
        problem = opened.result()
        if problem is not None:
            self._owner.join()
            raise JournalError(problem)
        self._stored: dict[int, list[str]] = {}  # read and written by the owner only

    # ---------------------------------------------------------------- the owner thread
    def _own(self, busy_seconds: float, opened: Future) -> None:
        try:
            db = sqlite3.connect(self.path, timeout=busy_seconds)
            db.executescript(SCHEMA)
            if self.path != ":memory:":
                db.execute("pragma journal_mode=wal")
        except sqlite3.DatabaseError as exc:
            opened.set_result(f"{self.path}: not a leafwatch journal ({exc})")
            return
        except sqlite3.Error as exc:
            opened.set_result(f"{self.path}: cannot open the journal ({exc})")
            return
        opened.set_result(None)
        while True:
            call = self._calls.get()
            if call is None:
                break
            work, result = call
            try:
                result.set_result(work(db))
            except sqlite3.Error as exc:
                result.set_exception(JournalError(f"{self.path}: cannot use the journal ({exc})"))
            except BaseException as exc:  # handed to the caller, whose thread decides
                result.set_exception(exc)
        db.close()

    def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        if self._closed:
            raise JournalError(f"{self.path}: the journal is closed")
        result: Future = Future()
        self._calls.put((work, result))
        return result.result()

    # ---------------------------------------------------------------- what the others ask
    def start(self, record: dict) -> int:
        head = {k: v for k, v in record.items() if k != "actions"}
        started = time.strftime("%Y-%m-%d %H:%M:%S")

        def insert(db: sqlite3.Connection) -> int:
            with db:
                cur = db.execute("insert into games(started, record) values (?, ?)", (started, json.dumps(head)))
            self._stored[int(cur.lastrowid)] = []
            return int(cur.lastrowid)

        game = self._run(insert)
        self.sync(game, list(record.get("actions", [])))
        return game

    def sync(self, game: int, actions: list[str]) -> None:
        """Make the stored actions equal `actions`: keep the common start, rewrite the rest (an undo
        or a turn read again changes the end of the log, never its beginning)."""
        actions = list(actions)

        def write(db: sqlite3.Connection) -> None:
            stored = self._stored.get(game)
            if stored is None:
                stored = _actions_of(db, game)
            keep = 0
            while keep < min(len(stored), len(actions)) and stored[keep] == actions[keep]:
                keep += 1
            if keep == len(stored) == len(actions):
                return
            with db:
                db.execute("delete from actions where game = ? and seq >= ?", (game, keep))
                db.executemany("insert into actions(game, seq, text) values (?, ?, ?)",
                               [(game, i, t) for i, t in enumerate(actions[keep:], keep)])
            self._stored[game] = actions

        self._run(write)

    def record(self, game: int) -> dict:
        def read(db: sqlite3.Connection) -> dict:
            row = db.execute("select record from games where id = ?", (game,)).fetchone()
            if row is None:
                raise JournalError(f"the journal has no game {game}")
            record = json.loads(row[0])
            record["actions"] = _actions_of(db, game)
            return record

        return self._run(read)

    def games(self) -> list[GameEntry]:
        def read(db: sqlite3.Connection) -> list[GameEntry]:
            out = []
            for gid, started, rec in db.execute("select id, started, record from games order by id").fetchall():
                head = json.loads(rec)
                players = tuple(p.get("name", "?") for p in head.get("players", []))
                n = db.execute("select count(*) from actions where game = ?", (gid,)).fetchone()[0]
                out.append(GameEntry(gid, started, players, n, head.get("game", "multiplayer")))
            return out

        return self._run(read)

    def resume(self, game: int, kit=None):
        """(set-up, actions, start state) of a journalled game, to go on with it (played with `kit`, the
        reference kit when None)."""
        from engine.indian_summer.record import load_record
        from engine.records import RecordError

        record = self.record(game)
        try:
            loaded = load_record(record, kit)
        except RecordError as exc:
            raise JournalError(f"game {game} in the journal cannot be played again: {exc}") from None
        setup = {k: v for k, v in record.items() if k != "actions"}
        return setup, list(loaded.actions), loaded.start

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._calls.put(None)
            self._owner.join()

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _actions_of(db: sqlite3.Connection, game: int) -> list[str]:
    return [r[0] for r in db.execute("select text from actions where game = ? order by seq", (game,)).fetchall()]


def default_path() -> str:
    import os

    if os.environ.get("LEAFWATCH_JOURNAL"):
        return os.environ["LEAFWATCH_JOURNAL"]
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "leafwatch", "games.sqlite")


def open_journal(path: str | None = None) -> Journal:
    """The journal at `path` (default: default_path()), its folder made if needed."""
    import os

    path = path or default_path()
    folder = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        raise JournalError(f"cannot make the journal's folder {folder}: {exc.strerror}") from None
    return Journal(path, busy_seconds=BUSY_SECONDS)
