"""`leafwatch play --take-up`: a game in progress read by the camera, checked and completed by the players,
and played on from that position."""
from __future__ import annotations

import io
import json
import sqlite3
import sys
from dataclasses import dataclass

import pytest

from companion.seating import PlayError, parse_players, start_state
from companion.take_up import parse_path, parse_treasures, read_table, taken_up_record
from engine.indian_summer.record import load_record
from leafwatch import wiring
from leafwatch.cli import main as leafwatch_main

EMPTY = "/".join(["." * 9] * 8)
ONE = "GGg....../" + "/".join(["." * 9] * 7)


@dataclass
class Seen:
    side: str
    pieces: str


@dataclass
class Result:
    boards: list


def stand_in(readings):
    """An analyze that returns the given boards, frame after frame."""
    it = iter(readings)

    def analyze(image, profile, known):
        return Result([Seen(side, pieces) for side, pieces in next(it)])
    return analyze


STATE = start_state(parse_players("Tini:A1,Claus:B2"))


def test_a_board_counts_once_it_reads_the_same_whole_for_stable_frames():
    hidden = "?" + ONE[1:]
    frames = [[("A1", ONE), ("B2", EMPTY)], [("A1", hidden), ("B2", EMPTY)], [("A1", ONE), ("B2", EMPTY)],
              [("A1", ONE), ("B2", EMPTY)], [("A1", ONE), ("B2", EMPTY)], [("A1", "never read")]]
    feed = iter(range(len(frames)))
    reading = read_table(feed, STATE, stable=3, analyze=stand_in(frames))
    assert reading.complete and reading.pieces == (ONE, EMPTY) and reading.frames == 5
    assert next(feed) == 5  # the frames after the reading are left for the game


def test_a_board_never_read_whole_is_named_with_its_unseen_squares():
    hidden = "??" + ONE[2:]
    frames = [[("A1", hidden), ("B2", EMPTY), ("C1", ONE)]] * 6
    reading = read_table(iter(range(6)), STATE, stable=3, limit=6, analyze=stand_in(frames))
    assert not reading.complete and reading.pieces == (None, EMPTY) and reading.unread[0] == ("A1", "B1")
    assert reading.problem(STATE) == ("the camera could not read every board in 6 frames: "
                                      "Tini's board (A1): squares A1, B1 unseen")
    missing = read_table(iter(range(3)), STATE, stable=3, analyze=stand_in([[("A1", ONE)]] * 3))
    assert "Claus's board (B2): not found, or not steady" in missing.problem(STATE)


def test_treasures_and_paths_as_players_type_them():
    assert parse_treasures("B1 N2 M0 F1") == {"berry": 1, "nut": 2, "mushroom": 0, "feather": 1}
    assert parse_treasures("nut 3, f2") == {"berry": 0, "nut": 3, "mushroom": 0, "feather": 2}
    assert parse_treasures("") == {"berry": 0, "nut": 0, "mushroom": 0, "feather": 0}
    for bad in ("B1 X2", "lots", "B"):
        with pytest.raises(PlayError):
            parse_treasures(bad)
    assert parse_path("g gy?r") == ["green", "green", "yellow", "?", "red"]
    with pytest.raises(PlayError):
        parse_path("GB")


def test_the_taken_up_record_plays_from_the_position_read():
    record = taken_up_record(STATE, (ONE, EMPTY), [{"nut": 2}, {}], [["green"], ["?", "red"]], 1)
    start = load_record(record).start
    assert [p.board.notation() for p in start.players] == [ONE, EMPTY]
    assert start.current == 1 and start.players[0].treasures.nut == 2 and start.path_text(1) == "?R"


# ---------------------------------------------------------------- through the camera and the command line

@pytest.fixture(scope="module")
def game_in_progress(tmp_path_factory):
    """A seeded two-player game after three moves, as the camera sees the table then (its frames of the
    third move), and the boards as they truly lie."""
    import cv2

    from leafwatch.demo.table_script import Snapshot, table_game
    from rendered import demo_frames

    game = table_game(6, 2)
    truth = [s for s in game.steps() if isinstance(s, Snapshot)][2]
    items = demo_frames(6, 2, max_moves=3)
    last = [i for i in items if i.label == items[-1].label][1:]  # the table still, the hand gone
    folder = tmp_path_factory.mktemp("in-progress")
    for n, item in enumerate(last):
        cv2.imwrite(str(folder / f"frame{n:03d}.png"), item.image)
    players = ",".join(f"{p.name}:{p.side}" for p in game.table_start.players)
    return folder, players, [pieces for _, pieces, _ in truth.boards]


def journal_record(path) -> dict:
    with sqlite3.connect(path) as db:
        return json.loads(db.execute("select record from games where id = 1").fetchone()[0])


@pytest.mark.slow
def test_take_up_headless_reads_the_boards_asks_the_players_and_goes_on(game_in_progress, tmp_path,
                                                                        monkeypatch, capsys):
    folder, players, boards = game_in_progress
    journal = tmp_path / "games.sqlite"
    answers = ["B0 N2 M1 F0", "GYYR", "", "", "2", "y"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(answers) + "\n"))
    code = leafwatch_main(["play", "--players", players, "--source", str(folder), "--take-up", "--headless",
                           "--journal", str(journal)])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "The camera reads the table as:" in out.out
    record = journal_record(journal)
    position = record["position"]
    assert [p["pieces"] for p in position["players"]] == boards
    assert position["players"][0]["treasures"] == {"berry": 0, "nut": 2, "mushroom": 1, "feather": 0}
    assert position["players"][0]["path"] == ["green", "yellow", "yellow", "red"]
    assert position["to_play"] == 2
    assert "game 1 is kept" in out.out


@pytest.mark.slow
def test_take_up_in_the_tui_is_checked_on_screen_before_the_game(game_in_progress, tmp_path, monkeypatch,
                                                                  capsys):
    from tui.app import LeafwatchApp
    from tui.take_up import TakeUpApp

    folder, players, boards = game_in_progress
    journal = tmp_path / "games.sqlite"
    seen = {}
    take_up_run, table_run = TakeUpApp.run, LeafwatchApp.run

    async def check_and_start(pilot):
        app = pilot.app
        await pilot.pause()
        seen["boards"] = [str(w.render()) for w in app.query(".take-up-board Static")]
        app.query_one("#treasures-1").value = "B2 N0"
        app.query_one("#take-up-turn").value = "3"  # no such seat: said on screen, and nothing starts
        app.query_one("#take-up-turn").focus()
        await pilot.press("enter")
        await pilot.pause()
        seen["problems"] = list(app.problems)
        app.query_one("#take-up-turn").value = "1"
        await pilot.press("enter")

    async def look_and_quit(pilot):
        await pilot.pause()
        seen["pieces"] = [p.pieces for p in pilot.app.view.players]
        seen["treasures"] = [p.treasures for p in pilot.app.view.players]
        await pilot.press("q")

    monkeypatch.setattr(TakeUpApp, "run", lambda self, **kw: take_up_run(self, headless=True, size=(200, 60),
                                                                          auto_pilot=check_and_start))
    monkeypatch.setattr(LeafwatchApp, "run", lambda self, **kw: table_run(self, headless=True, size=(200, 50),
                                                                           auto_pilot=look_and_quit))
    monkeypatch.setattr(wiring, "has_terminal", lambda: True)
    code = leafwatch_main(["play", "--players", players, "--source", str(folder), "--take-up",
                           "--journal", str(journal)])
    assert code == 0, capsys.readouterr().err
    assert seen["problems"] == ["whose turn: give a seat number from 1 to 2"]
    assert seen["pieces"] == boards
    assert seen["treasures"][1] == {"berry": 2, "nut": 0, "mushroom": 0, "feather": 0}
    assert [p["pieces"] for p in journal_record(journal)["position"]["players"]] == boards


@pytest.mark.slow
def test_take_up_left_without_starting_keeps_nothing(game_in_progress, tmp_path, monkeypatch, capsys):
    folder, players, _ = game_in_progress
    journal = tmp_path / "games.sqlite"
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n\n\n\n\nn\n"))
    code = leafwatch_main(["play", "--players", players, "--source", str(folder), "--take-up", "--headless",
                           "--journal", str(journal)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1 and len(err) == 1 and "not taken up" in err[0]
    with sqlite3.connect(journal) as db:
        assert db.execute("select count(*) from games").fetchone()[0] == 0
