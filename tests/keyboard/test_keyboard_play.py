"""`leafwatch play --no-camera`: a table without a camera tells every move with the keys, run through the
command line under Pilot as a user runs it; the journal then holds exactly what was placed."""
from __future__ import annotations

import json

from companion.keyboard_placement import KeyboardPlacement
from companion.seating import parse_players, start_state
from engine.indian_summer.rules import apply
from engine.indian_summer.actions import parse_action
from leafwatch.cli import main as leafwatch_main
from play_at_the_keys import journal_actions, run_play_in_the_tui, until
from tui.placement import PlacementScreen


async def place(pilot, key: str, *keys: str) -> PlacementScreen:
    """Open the placing screen with `key`, press `keys` in it; the screen is returned still open."""
    await pilot.press(key)
    await until(pilot, lambda: isinstance(pilot.app.screen, PlacementScreen))
    for k in keys:
        await pilot.press(k)
    return pilot.app.screen


def test_a_table_without_a_camera_places_tiles_squirrels_and_nuts_by_keys(tmp_path, monkeypatch, capsys):
    journal = tmp_path / "games.sqlite"
    state = start_state(parse_players("Tini:A1,Claus:B2"))
    # what the keys below should make of Tini's first tile: the engine's first spot, moved, turned, flipped
    tini_leaf = KeyboardPlacement.start(state, "leaf").move(3, 0).move(0, 2).rotate().flip().ghost()
    assert tini_leaf.legal
    seen = {}

    async def players(pilot):
        app = pilot.app
        await until(pilot, lambda: app.view is not None)
        assert app.feed_state == "none" and app.sub_title == "no camera feed"
        screen = await place(pilot, "p", "right", "right", "right", "down", "down", "r", "v")
        seen["ghost"] = screen.model.ghost()
        seen["board"] = str(screen.query_one("#placement-board").render())
        await pilot.press("enter")
        await until(pilot, lambda: journal_actions(journal) == [tini_leaf.text])
        # a second tile this turn: the ghost is red with the engine's reason, and Enter places nothing
        screen = await place(pilot, "p")
        seen["second"] = screen.model.ghost()
        await pilot.press("enter")
        assert isinstance(app.screen, PlacementScreen) and screen.refused == ["second_main_action"]
        await pilot.press("escape")
        await pilot.press("e")
        await until(pilot, lambda: app.view.current == "Claus")
        await place(pilot, "s", *["right"] * 4, *["down"] * 3)  # A1 -> E4
        await pilot.press("enter")
        await until(pilot, lambda: journal_actions(journal)[-1:] == ["squirrel E4"])
        await pilot.press("e")
        await until(pilot, lambda: app.view.current == "Tini")
        screen = await place(pilot, "n", "down")  # a Nut's squirrel before the main action
        await pilot.press("enter")
        await until(pilot, lambda: journal_actions(journal)[-1:] == ["nut A2"])
        screen = await place(pilot, "p", "tab", "n")  # the path's second tile, on its second legal spot
        seen["tab"] = screen.model.ghost()
        await pilot.press("enter")
        await until(pilot, lambda: journal_actions(journal)[-1:] == [seen["tab"].text])
        seen["alerts"] = [a.text for a in app.view.alerts]
        await pilot.press("q")

    code, app = run_play_in_the_tui(monkeypatch, players, ["--players", "Tini:A1,Claus:B2", "--no-camera",
                                                "--journal", str(journal)])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert "game 1 is kept" in out.out
    assert seen["ghost"] == tini_leaf
    assert seen["second"].code == "second_main_action" and not seen["second"].legal
    # green green yellow yellow red, less the first green: the tab's tile is a yellow one
    assert seen["tab"].legal and seen["tab"].text.startswith("leaf path:2 ") and len(seen["tab"].squares) == 4
    assert seen["alerts"] == []
    kept = journal_actions(journal)
    assert kept == [tini_leaf.text, "end", "squirrel E4", "end", "nut A2", seen["tab"].text]
    # the journal is the game: folding it gives what the screen shows
    s = state
    for text in kept:
        s = apply(s, parse_action(text))
    assert [p.pieces for p in app.view.players] == [p.board.notation() for p in s.players]
    # the ghost's hole is drawn where the model says: the treasure printed there, or an open hole
    hole = tini_leaf.hole
    row = seen["board"].splitlines()[1 + hole.row + (hole.row >= 4)]
    printed = state.players[0].board.printed.treasure_at(hole)
    cell = row[3 + 3 * hole.col + hole.col // 3:][:3]
    assert cell == (f"({printed[0]})" if printed else " ○ ")


FULL = "GGGGGGGGG/" * 7 + "GGGGGGGG."


def near_the_end(tmp_path):
    """Two players; Tini has one square left, Claus two: three squirrels end the game."""
    record = {
        "players": [{"name": "Tini", "side": "A1"}, {"name": "Claus", "side": "B2"}],
        "position": {
            "players": [
                {"pieces": FULL, "treasures": {"nut": 1}, "path": ["green", "yellow"]},
                {"pieces": "GGGGGGG../" + "GGGGGGGGG/" * 6 + "GGGGGGGGG", "treasures": {"berry": 2},
                 "path": ["red"]},
            ],
            "common": 5,
            "to_play": 1,
            "turn": 31,
        },
        "actions": [],
    }
    path = tmp_path / "late.json"
    path.write_text(json.dumps(record))
    return path


def test_a_keyboard_only_game_from_a_position_reaches_the_end_game_screen(tmp_path, monkeypatch, capsys):
    journal = tmp_path / "games.sqlite"
    seen = {}

    async def players(pilot):
        app = pilot.app
        await until(pilot, lambda: app.view is not None)
        assert app.view.turn == 31 and app.view.current == "Tini"
        screen = await place(pilot, "s")
        seen["first"] = screen.model.ghost().text  # the only empty square
        await pilot.press("enter")
        await until(pilot, lambda: app.view.end_triggered_by == "Tini")
        await pilot.press("e")
        await until(pilot, lambda: app.view.current == "Claus")
        await place(pilot, "s", "right")
        await pilot.press("enter")
        await until(pilot, lambda: journal_actions(journal)[-1:] == ["squirrel I1"])
        await pilot.press("e")
        await until(pilot, lambda: app.view.over)
        seen["standings"] = str(app.query_one("#standings").render())
        seen["title"] = app.query_one("#standings").border_title
        seen["next"] = app.view.next_step
        await pilot.press("p")  # nothing more to place
        await pilot.pause()
        seen["screen"] = type(app.screen).__name__
        await pilot.press("q")

    code, app = run_play_in_the_tui(monkeypatch, players, ["--from", str(near_the_end(tmp_path)), "--no-camera",
                                                "--journal", str(journal)])
    out = capsys.readouterr()
    assert code == 0, out.err
    assert seen["first"] == "squirrel I8"
    assert journal_actions(journal) == ["squirrel I8", "end", "squirrel I1", "end"]
    assert seen["title"] == "Final phase and standings"
    assert seen["next"].startswith("Game over")
    assert "1. Tini" in seen["standings"]
    assert seen["screen"] != "PlacementScreen"
    assert "game over" in out.out


def test_from_a_record_goes_on_after_its_actions_and_the_journal_keeps_the_whole_game(tmp_path, monkeypatch,
                                                                                    capsys):
    path = near_the_end(tmp_path)
    record = json.loads(path.read_text())
    record["actions"] = ["squirrel I8", "end"]
    path.write_text(json.dumps(record))
    journal = tmp_path / "games.sqlite"

    async def players(pilot):
        app = pilot.app
        await until(pilot, lambda: app.view is not None)
        assert app.view.current == "Claus" and app.view.end_triggered_by == "Tini"
        await place(pilot, "s")
        await pilot.press("enter")
        await until(pilot, lambda: len(journal_actions(journal)) == 3)
        await pilot.press("q")

    code, _ = run_play_in_the_tui(monkeypatch, players, ["--from", str(path), "--no-camera", "--journal", str(journal)])
    assert code == 0, capsys.readouterr().err
    assert journal_actions(journal) == ["squirrel I8", "end", "squirrel H1"]
    capsys.readouterr()
    assert leafwatch_main(["journal", "--journal", str(journal), "export", "1"]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert exported["position"] == record["position"]
    assert exported["actions"] == ["squirrel I8", "end", "squirrel H1"]


def test_a_mushroom_by_keys_places_the_tiles_it_takes(tmp_path, monkeypatch, capsys):
    journal = tmp_path / "games.sqlite"
    seen = {}

    async def players(pilot):
        app = pilot.app
        await until(pilot, lambda: app.view is not None)
        await pilot.press("m")  # the dialog opens with 'mushroom ' typed
        await pilot.press(*"p2 common", "enter")
        await until(pilot, lambda: journal_actions(journal) == ["mushroom p2 common"])
        screen = await place(pilot, "p")
        seen["offered"] = [p.source.format() for p in screen.model.pieces]
        await pilot.press("enter")  # Claus's front tile, on its first legal spot
        await until(pilot, lambda: len(journal_actions(journal)) == 2)
        screen = await place(pilot, "p")
        seen["then"] = [p.source.format() for p in screen.model.pieces]
        await pilot.press("enter")
        await until(pilot, lambda: len(journal_actions(journal)) == 3)
        seen["next"] = app.view.next_step
        await pilot.press("q")

    code, _ = run_play_in_the_tui(monkeypatch, players, ["--players", "Tini:A1,Claus:B2", "--no-camera",
                                              "--journal", str(journal)])
    assert code == 0, capsys.readouterr().err
    assert seen["offered"] == ["p2", "common"] and seen["then"] == ["common"]
    kept = journal_actions(journal)
    assert kept[1].startswith("leaf p2 ") and kept[2].startswith("leaf common ")
    assert seen["next"].startswith("Tini's turn: your move is made")
