"""The journal keeps every game as it happens, survives a crash, and gives back a playable record."""
from __future__ import annotations

import sqlite3

import pytest

from store.journal import Journal, JournalError
from companion.session import TableSession
from leafwatch.demo.table_script import Declaration, Snapshot, table_game
from companion.tracker import BoardSeen
from engine.indian_summer.record import load_record, play_record

SETUP = {"players": [], "deal": {"table": True}}


def setup_of(game):
    return {"players": [{"name": p.name, "side": p.side} for p in game.table_start.players], "deal": {"table": True}}


def drive(session, game, moves):
    n = 0
    for step in game.steps():
        if isinstance(step, Declaration):
            session.declare(step.text, step.seat)
        else:
            for _ in range(3):
                session.frame([BoardSeen(s, p) for s, p, _ in step.boards])
            n += 1
            if n >= moves:
                return


def test_every_action_is_in_the_journal_at_once_and_replays(tmp_path):
    path = str(tmp_path / "games.sqlite")
    game = table_game(3, 3)
    session = TableSession(game.table_start, journal=Journal(path), record=setup_of(game))
    drive(session, game, 12)
    # a second connection sees what the first wrote: nothing waits for a clean exit
    other = Journal(path)
    record = other.record(session.game_id)
    assert record["actions"] == [a.format() for a in session.tracker.log]
    state, _ = play_record(load_record(record))
    assert state == session.state
    assert other.games()[0].players == ("Tini", "Claus", "Matilda")


def test_undo_and_rereading_rewrite_only_the_end(tmp_path):
    journal = Journal(str(tmp_path / "g.sqlite"))
    game = table_game(4, 2)
    session = TableSession(game.table_start, journal=journal, record=setup_of(game))
    drive(session, game, 4)
    before = journal.record(session.game_id)["actions"]
    session.undo()
    assert journal.record(session.game_id)["actions"] == before[:-1]


def test_a_game_resumes_from_its_journal(tmp_path):
    path = str(tmp_path / "g.sqlite")
    game = table_game(5, 2)
    session = TableSession(game.table_start, journal=Journal(path), record=setup_of(game))
    drive(session, game, 6)
    record = Journal(path).record(session.game_id)
    start = load_record({**record, "actions": []}).start
    resumed = TableSession(start, actions=list(load_record(record).actions))
    assert resumed.state == session.state


def test_a_file_that_is_not_a_journal_is_refused_in_one_line(tmp_path):
    bad = tmp_path / "notes.sqlite"
    bad.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(JournalError) as exc:
        Journal(str(bad))
    assert "not a leafwatch journal" in str(exc.value)


def test_journal_commands_list_and_export_a_playable_record(tmp_path):
    import json
    import subprocess
    import sys

    path = str(tmp_path / "games.sqlite")
    game = table_game(6, 2)
    session = TableSession(game.table_start, journal=Journal(path), record=setup_of(game))
    drive(session, game, 5)

    def cli(*args):
        return subprocess.run([sys.executable, "-m", "leafwatch.cli", "journal", "--journal", path, *args],
                              capture_output=True, text=True, timeout=60)

    listed = cli("list")
    assert listed.returncode == 0 and "Tini, Claus" in listed.stdout
    out = tmp_path / "game.json"
    assert cli("export", str(session.game_id), "--out", str(out)).returncode == 0
    state, _ = play_record(load_record(json.loads(out.read_text())))
    assert state == session.state
    missing = cli("export", "99")
    assert missing.returncode == 1 and "no game 99" in missing.stderr
    nowhere = subprocess.run([sys.executable, "-m", "leafwatch.cli", "journal", "--journal",
                              str(tmp_path / "none.sqlite"), "list"], capture_output=True, text=True, timeout=60)
    assert nowhere.returncode == 1 and "no journal" in nowhere.stderr
    after = subprocess.run([sys.executable, "-m", "leafwatch.cli", "journal", "list", "--journal", path],
                           capture_output=True, text=True, timeout=60)  # the option after the verb, too
    assert after.returncode == 0 and after.stdout == listed.stdout
    exported = subprocess.run([sys.executable, "-m", "leafwatch.cli", "journal", "--journal", str(tmp_path / "none"),
                               "export", str(session.game_id), "--journal", path],
                              capture_output=True, text=True, timeout=60)  # the later one wins
    assert exported.returncode == 0 and json.loads(exported.stdout) == json.loads(out.read_text())


def test_resume_goes_on_with_the_same_game(tmp_path):
    path = str(tmp_path / "g.sqlite")
    game = table_game(7, 2)
    first = TableSession(game.table_start, journal=Journal(path), record=setup_of(game))
    drive(first, game, 4)
    journal = Journal(path)
    setup, actions, start = journal.resume(first.game_id)
    again = TableSession(start, journal=journal, record=setup, actions=actions, game_id=first.game_id)
    assert again.state == first.state
    again.undo()
    assert len(Journal(path).record(first.game_id)["actions"]) == len(actions) - 1
    assert len(journal.games()) == 1
