"""A crash-safe journal of every game: its set-up and its actions, written as they happen (SQLite,
one transaction per change), so that a crash, a closed terminal or a pulled cable never loses a game.
A journalled game exports as an ordinary game record and resumes from one."""
from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass

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


class JournalError(Exception):
    """The journal file cannot be used: one line saying why."""


@dataclass(frozen=True)
class GameEntry:
    id: int
    started: str
    players: tuple[str, ...]
    actions: int
    game: str = "multiplayer"  # the record's kind: 'multiplayer', 'solo', 'nine'


class Journal:
    def __init__(self, path: str = ":memory:"):
        self.path = path
        try:
            self.db = sqlite3.connect(path)
            self.db.executescript(SCHEMA)
            self.db.execute("pragma journal_mode=wal") if path != ":memory:" else None
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"{path}: not a leafwatch journal ({exc})") from None
        self._stored: dict[int, list[str]] = {}

    def start(self, record: dict) -> int:
        head = {k: v for k, v in record.items() if k != "actions"}
        with self.db:
            cur = self.db.execute("insert into games(started, record) values (?, ?)",
                                  (time.strftime("%Y-%m-%d %H:%M:%S"), json.dumps(head)))
        game = int(cur.lastrowid)
        self._stored[game] = []
        self.sync(game, list(record.get("actions", [])))
        return game

    def sync(self, game: int, actions: list[str]) -> None:
        """Make the stored actions equal `actions`: keep the common start, rewrite the rest (an undo
        or a turn read again changes the end of the log, never its beginning)."""
        stored = self._stored.get(game)
        if stored is None:
            stored = self._load_actions(game)
        keep = 0
        while keep < min(len(stored), len(actions)) and stored[keep] == actions[keep]:
            keep += 1
        if keep == len(stored) == len(actions):
            return
        with self.db:
            self.db.execute("delete from actions where game = ? and seq >= ?", (game, keep))
            self.db.executemany("insert into actions(game, seq, text) values (?, ?, ?)",
                                [(game, i, t) for i, t in enumerate(actions[keep:], keep)])
        self._stored[game] = list(actions)

    def _load_actions(self, game: int) -> list[str]:
        rows = self.db.execute("select text from actions where game = ? order by seq", (game,)).fetchall()
        return [r[0] for r in rows]

    def record(self, game: int) -> dict:
        row = self.db.execute("select record from games where id = ?", (game,)).fetchone()
        if row is None:
            raise JournalError(f"the journal has no game {game}")
        record = json.loads(row[0])
        record["actions"] = self._load_actions(game)
        return record

    def games(self) -> list[GameEntry]:
        out = []
        for gid, started, rec in self.db.execute("select id, started, record from games order by id"):
            head = json.loads(rec)
            players = tuple(p.get("name", "?") for p in head.get("players", []))
            n = self.db.execute("select count(*) from actions where game = ?", (gid,)).fetchone()[0]
            out.append(GameEntry(gid, started, players, n, head.get("game", "multiplayer")))
        return out

    def resume(self, game: int):
        """(set-up, actions, start state) of a journalled game, to go on with it."""
        from engine.indian_summer.record import load_record
        from engine.records import RecordError

        record = self.record(game)
        try:
            loaded = load_record(record)
        except RecordError as exc:
            raise JournalError(f"game {game} in the journal cannot be played again: {exc}") from None
        setup = {k: v for k, v in record.items() if k != "actions"}
        return setup, list(loaded.actions), loaded.start

    def close(self) -> None:
        self.db.close()


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
    try:
        return Journal(path)
    except sqlite3.OperationalError as exc:
        raise JournalError(f"{path}: cannot open the journal ({exc})") from None
