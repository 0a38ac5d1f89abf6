"""`leafwatch play` in its default form, the terminal UI with the journal on, as a user runs it: the
command line starts it, Pilot (or a real terminal) presses the keys, and the journal must then hold
every move the screen showed."""
from __future__ import annotations

import json
import os
import pathlib
import pty
import re
import select
import sqlite3
import struct
import subprocess
import sys
import termios
import fcntl
import time

import pytest

from play_at_the_keys import journal_actions, run_play_in_the_tui, until
from leafwatch.cli import main as leafwatch_main
from tui.app import LeafwatchApp
from tui.widgets import ConfirmScreen

ROOT = pathlib.Path(__file__).resolve().parents[2]


def record_moves(folder: pathlib.Path, seed: int, moves: int) -> str:
    """The first `moves` moves of a seeded two-player game as a camera sees them, one PNG a frame,
    without the keys the players pressed; returns the --players words."""
    import cv2

    from leafwatch.demo.table_script import table_game
    from rendered import demo_frames

    game = table_game(seed, 2)
    items = demo_frames(seed, 2, max_moves=moves)
    for n, item in enumerate(items):
        cv2.imwrite(str(folder / f"frame{n:03d}.png"), item.image)
    return ",".join(f"{p.name}:{p.side}" for p in game.table_start.players)


@pytest.fixture(scope="module")
def recorded_game(tmp_path_factory):
    """Seeded game 6: its first three moves need no key."""
    folder = tmp_path_factory.mktemp("recorded")
    return folder, record_moves(folder, 6, 3)


@pytest.fixture(scope="module")
def missed_mushroom(tmp_path_factory):
    """Seeded game 1: Tini lays a tile, then Claus plays a Mushroom with Tini's and the Common Path's
    first tiles; nobody presses m."""
    folder = tmp_path_factory.mktemp("mushroom")
    return folder, record_moves(folder, 1, 3)


def exported(path: pathlib.Path, game: int, capsys) -> dict:
    capsys.readouterr()
    assert leafwatch_main(["journal", "--journal", str(path), "export", str(game)]) == 0
    return json.loads(capsys.readouterr().out)


def actions_on_screen(app: LeafwatchApp) -> list[str]:
    """The moves the screen's log lists, in order (each line is 'NAME: ACTION')."""
    names = [p.name for p in app.view.players]
    out = []
    for line in app.log_lines:
        for name in names:
            move = line[8:]  # after the frame number and the mark
            if line[6:8] == "  " and move.startswith(f"{name}: "):
                out.append(move[len(name) + 2:])
    return out


def test_play_in_the_tui_keeps_every_move_taken_and_declared(recorded_game, tmp_path, monkeypatch, capsys):
    folder, players = recorded_game
    journal = tmp_path / "games.sqlite"
    screen = {}

    async def players_at_the_table(pilot):
        app = pilot.app
        await until(pilot, lambda: app.feed_state == "ended")
        before = len(actions_on_screen(app))
        await pilot.press("b")  # a Berry spent: no camera sees that
        await until(pilot, lambda: len(actions_on_screen(app)) > before, 30)
        screen["actions"] = actions_on_screen(app)
        screen["alerts"] = [a.text for a in app.view.alerts]
        await pilot.press("q")

    code, app = run_play_in_the_tui(monkeypatch, players_at_the_table,
                                    ["--players", players, "--source", str(folder), "--journal", str(journal)])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert f"game 1 is kept in {journal}" in out.out
    assert screen["alerts"] == []
    kept = journal_actions(journal)
    assert sum(a.startswith("leaf ") for a in kept) == 3 and kept[-1] == "berry"
    # every move the screen listed is in the journal, in the same order, and nothing else but what the
    # camera saw of hidden tiles (observations) and the ends of turns the next move made
    moves = [a for a in kept if not a.startswith("observe ")]
    assert screen["actions"] == [a for a in moves if a != "end"] or screen["actions"] == moves
    assert exported(journal, 1, capsys)["actions"] == kept


def test_play_resumes_a_journalled_game_and_keeps_what_follows(recorded_game, tmp_path, monkeypatch, capsys):
    folder, players = recorded_game
    journal = tmp_path / "games.sqlite"

    async def declare_a_berry(pilot):
        app = pilot.app
        await until(pilot, lambda: app.feed_state == "ended")
        await pilot.press("b")
        await until(pilot, lambda: journal_actions(journal)[-1:] == ["berry"], 30)
        await pilot.press("q")

    code, _ = run_play_in_the_tui(monkeypatch, declare_a_berry,
                                  ["--players", players, "--source", str(folder), "--journal", str(journal)])
    assert code == 0
    first = journal_actions(journal)
    capsys.readouterr()
    # the camera, started again, sees the table as it now is
    now = tmp_path / "now"
    now.mkdir()
    for frame in sorted(folder.glob("*.png"))[-4:]:
        (now / frame.name).write_bytes(frame.read_bytes())

    asked = {}

    async def take_it_back(pilot):
        app = pilot.app
        await until(pilot, lambda: app.feed_state == "ended")
        # the table seen again changes nothing; the berry is the last move, and undo takes it back
        assert actions_on_screen(app) == [] and not app.view.alerts and journal_actions(journal) == first
        await pilot.press("u")
        # undo says which move it takes back before it does
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), 10)
        asked["question"] = app.screen.question
        await pilot.press("u")
        await until(pilot, lambda: len(journal_actions(journal)) < len(first), 30)
        await pilot.press("q")

    code, app = run_play_in_the_tui(monkeypatch, take_it_back,
                                    ["--resume", "1", "--source", str(now), "--journal", str(journal)])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "game 1 is kept" in out.out
    assert journal_actions(journal) == first[:-1]
    assert asked["question"].startswith("Undo ") and asked["question"].endswith(": berry?")
    assert exported(journal, 1, capsys)["actions"] == first[:-1]


def test_a_journal_that_cannot_be_written_is_an_alert_and_a_failed_exit_never_kept(
        recorded_game, tmp_path, monkeypatch, capsys):
    folder, players = recorded_game
    journal = tmp_path / "games.sqlite"
    lock = {}
    seen = {}

    async def another_program_locks_the_journal(pilot):
        app = pilot.app
        await until(pilot, lambda: app.live.session.game_id is not None and app.view is not None)
        blocker = sqlite3.connect(journal, timeout=0)
        blocker.execute("begin exclusive")
        lock["db"] = blocker
        await until(pilot, lambda: app.feed_state == "ended")
        await until(pilot, lambda: any("journal cannot be written" in a.text for a in app.view.alerts), 60)
        seen["alerts"] = [a.text for a in app.view.alerts]
        await pilot.press("q")

    monkeypatch.setattr("store.journal.BUSY_SECONDS", 0.2)
    code, _ = run_play_in_the_tui(monkeypatch, another_program_locks_the_journal,
                                  ["--players", players, "--source", str(folder), "--journal", str(journal)])
    lock["db"].rollback()
    lock["db"].close()
    out = capsys.readouterr()
    assert code == 1
    assert "is kept" not in out.out
    assert re.search(r"leafwatch play: error: game 1 is NOT kept in full: .*locked", out.err), out.err
    assert len(out.err.strip().splitlines()) == 1
    assert any("journal cannot be written" in a for a in seen["alerts"])


def test_a_journal_that_can_be_written_again_clears_its_alert_and_keeps_every_move():
    from companion.seating import parse_players, start_state
    from companion.session import TableSession
    from engine.errors import LeafwatchError

    class Flaky:
        path = "flaky"

        def __init__(self):
            self.failing = False
            self.actions = []

        def start(self, record):
            return 1

        def sync(self, game, actions):
            if self.failing:
                raise LeafwatchError("disk full")
            self.actions = list(actions)

    journal = Flaky()
    session = TableSession(start_state(parse_players("Tini:A1,Claus:B2")), journal=journal, record={})
    journal.failing = True
    notices = session.declare("berry")
    assert session.journal_problem == "disk full"
    assert any(n.kind == "alert" and "journal cannot be written" in n.text for n in notices)
    assert [a.text for a in session.view().alerts if "journal" in a.text]
    journal.failing = False
    session.declare("end")  # whatever comes next writes the journal again, with all it missed
    assert session.journal_problem is None
    assert not [a for a in session.view().alerts if "journal" in a.text]
    assert journal.actions == [a.format() for a in session.tracker.log] and "berry" in journal.actions


def _read_until(fd: int, pattern: bytes, timeout: float, seen: bytearray) -> bool:
    """Read the terminal's output until `pattern` shows (escape sequences removed)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return False
            if not chunk:
                return False
            seen.extend(chunk)
            plain = re.sub(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][A-Za-z0-9]|\x1b[=>]", b"", bytes(seen))
            if pattern in plain:
                return True
    return False


@pytest.mark.slow
def test_play_in_a_real_terminal_keeps_the_game(recorded_game, tmp_path):
    """No Pilot, no patching: the command in a pseudo-terminal, keys typed, the journal read after."""
    folder, players = recorded_game
    journal = tmp_path / "games.sqlite"
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "200", "LINES": "50"}
    proc = subprocess.Popen([sys.executable, "-m", "leafwatch.cli", "play", "--players", players, "--source",
                             str(folder), "--journal", str(journal)], cwd=ROOT, stdin=slave, stdout=slave,
                            stderr=slave, env=env, close_fds=True)
    os.close(slave)
    seen = bytearray()
    try:
        assert _read_until(master, b"feed has ended", 240, seen), "the feed never ended on screen"
        os.write(master, b"b")
        deadline = time.monotonic() + 30
        while (journal_actions(journal) or [""])[-1] != "berry" and time.monotonic() < deadline:
            _read_until(master, b"\x00never", 0.3, seen)
        os.write(master, b"q")
        assert _read_until(master, b"is kept in", 30, seen), bytes(seen[-2000:])
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    kept = journal_actions(journal)
    assert sum(a.startswith("leaf ") for a in kept) == 3 and kept[-1] == "berry"


def test_a_missed_mushroom_is_offered_on_screen_and_enter_accepts_it(missed_mushroom, tmp_path, monkeypatch, capsys):
    folder, players = missed_mushroom
    journal = tmp_path / "games.sqlite"
    seen = {}

    async def the_table_forgot_the_key(pilot):
        app = pilot.app
        await until(pilot, lambda: app.feed_state == "ended")
        await until(pilot, lambda: app.view.offers, 10)
        seen["offers"] = app.view.offers
        seen["to_do"] = app.query_one("#prompts").texts
        seen["alerts"] = [a.text for a in app.view.alerts]
        await pilot.press("enter")
        await until(pilot, lambda: "mushroom p1 common" in journal_actions(journal), 30)
        await until(pilot, lambda: not app.view.offers, 10)
        seen["alerts after"] = [a.text for a in app.view.alerts]
        await pilot.press("q")

    code, app = run_play_in_the_tui(monkeypatch, the_table_forgot_the_key,
                                    ["--players", players, "--source", str(folder), "--journal", str(journal)])
    assert code == 0, capsys.readouterr().err
    assert seen["offers"][0].startswith("Claus may have played a Mushroom with Tini's and the Common Path's first tiles")
    assert any("Enter accepts" in t for t in seen["to_do"])
    assert any("second_main_action" in a or "not tiles" in a for a in seen["alerts"])
    assert seen["alerts after"] == []
    kept = journal_actions(journal)
    assert kept[kept.index("mushroom p1 common") + 1].startswith("leaf ")
    assert sum(a.startswith("leaf ") for a in kept) == 3


def test_headless_play_takes_written_declarations_and_an_accept(missed_mushroom, tmp_path):
    folder, players = missed_mushroom
    journal = tmp_path / "games.sqlite"
    declare = tmp_path / "declare.txt"
    declare.write_text("# after the last frame: take the explanation offered\n999 - accept\n")
    r = subprocess.run([sys.executable, "-m", "leafwatch.cli", "play", "--headless", "--players", players,
                        "--source", str(folder), "--journal", str(journal), "--declare", str(declare)],
                       cwd=ROOT, capture_output=True, text=True, timeout=600, stdin=subprocess.DEVNULL)
    assert r.returncode == 0, r.stderr
    assert "? Claus may have played a Mushroom" in r.stdout
    assert "taken: Claus may have played a Mushroom" in r.stdout
    assert "mushroom p1 common" in journal_actions(journal)


def test_headless_play_reads_declarations_typed_on_standard_input(recorded_game, tmp_path):
    folder, players = recorded_game
    journal = tmp_path / "games.sqlite"
    r = subprocess.run([sys.executable, "-m", "leafwatch.cli", "play", "--headless", "--players", players,
                        "--source", str(folder), "--journal", str(journal), "--declare", "-"],
                       cwd=ROOT, capture_output=True, text=True, timeout=600, input="berry\n")
    assert r.returncode == 0, r.stderr
    assert journal_actions(journal)[0] == "berry"


@pytest.mark.parametrize("text, message", [
    ("12 berry\n", "line 1: write 'FRAME SEAT ACTION'"),
    ("5 x berry\n", "line 1: write 'FRAME SEAT ACTION'"),
    ("5 9 berry\n", "line 1: write 'FRAME SEAT ACTION'"),
])
def test_a_declarations_file_that_does_not_read_is_one_line(recorded_game, tmp_path, capsys, text, message):
    folder, players = recorded_game
    declare = tmp_path / "declare.txt"
    declare.write_text(text)
    code = leafwatch_main(["play", "--headless", "--no-journal", "--players", players, "--source", str(folder),
                           "--declare", str(declare)])
    err = capsys.readouterr().err
    assert code == 1 and message in err and len(err.strip().splitlines()) == 1


def test_a_whole_recorded_game_played_through_the_tui_is_kept_as_it_was_played(tmp_path, monkeypatch, capsys):
    """Seeded game 6 from the first move to the final phase, as a camera recorded it, with the moves a
    camera cannot see written down by frame: the journal's record plays to the game the bots played."""
    import cv2

    from companion.live import DeclareItem
    from engine.indian_summer.outcome import final_phase, results_of
    from engine.indian_summer.record import load_record, play_record
    from engine.indian_summer.standings import standings
    from leafwatch.demo import camera_game
    from leafwatch.demo.table_script import table_game

    monkeypatch.setattr(camera_game, "STILL_SPELL", 5)  # enough still frames for a move to count
    game = table_game(6, 2)
    folder = tmp_path / "game"
    folder.mkdir()
    declared, frames = [], 0
    for item in camera_game.demo_feed(game, size=(640, 360)):
        if isinstance(item, DeclareItem):
            declared.append(f"{frames + 1} {item.seat + 1} {item.text}")
        else:
            frames += 1
            cv2.imwrite(str(folder / f"frame{frames:04d}.png"), item.image)
    (tmp_path / "declare.txt").write_text("\n".join(declared) + "\n")
    players = ",".join(f"{p.name}:{p.side}" for p in game.table_start.players)
    journal = tmp_path / "games.sqlite"
    seen = {}

    async def watch_to_the_end(pilot):
        app = pilot.app
        await until(pilot, lambda: app.feed_state == "ended", 900)
        seen["over"] = app.view.over
        seen["standings"] = app.view.standings
        await pilot.press("q")

    code, _ = run_play_in_the_tui(monkeypatch, watch_to_the_end,
                                  ["--players", players, "--source", str(folder), "--journal", str(journal),
                                   "--declare", str(tmp_path / "declare.txt")])
    assert code == 0, capsys.readouterr().err
    record = exported(journal, 1, capsys)
    state, _ = play_record(load_record(record))
    truth = game.truth_end
    assert seen["over"] and state.over
    assert [p.board.pieces for p in state.players] == [p.board.pieces for p in truth.players]
    assert [p.treasures for p in state.players] == [p.treasures for p in truth.players]
    want = standings(results_of(final_phase(truth)))
    assert [(s.place, s.players) for s in standings(results_of(final_phase(state)))] == [(s.place, s.players) for s in want]
    assert [(place, names) for place, names, _ in seen["standings"]] == [(s.place, s.players) for s in want]
