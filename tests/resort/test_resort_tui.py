"""`resort play` in the terminal: Pilot presses keys; the app shows the model's words and sends actions."""
from __future__ import annotations

import asyncio

from textual.widgets import Static

from companion.resort_table import ResortTable
from engine.summer_resort.setup import new_game
from tui.resort_app import ResortApp


def text_of(app, selector: str) -> str:
    content = app.query_one(selector, Static).render()
    return getattr(content, "plain", None) or str(content)


def drive(app, script):
    async def main():
        async with app.run_test(size=(180, 50)) as pilot:
            await pilot.pause()
            await script(pilot)
    asyncio.run(main())


def test_keys_place_tokens_with_prices_and_undo():
    table = ResortTable(new_game(["Anna", "Ben", "Cleo"], porter=0), seed=3)
    app = ResortApp(table)

    async def script(pilot):
        assert "Ben's turn" in text_of(app, "#top")
        menu = text_of(app, "#menu")
        assert "[v] villa" in menu and "200  ok" in menu and "[p] package" in menu and "pension" in menu and "cannot_afford" in menu
        assert "car 1" in text_of(app, "#train")
        await pilot.press("v")  # Ben buys a villa for 200
        assert table.state.players[1].money == 0
        assert any("Ben buys a villa for 200 zl" in line for line in app.log_lines)
        assert "Cleo's turn" in text_of(app, "#top")
        assert "400" in text_of(app, "#menu")  # the second visit doubles the price
        await pilot.press("t")  # both tokens: the villa now costs 200
        assert "placing with: 2" in text_of(app, "#top")
        await pilot.press("v")
        assert table.state.players[2].money == 0 and table.state.tokens[2] == 0
        await pilot.press("u")
        assert table.state.players[2].money == 200 and "Cleo's turn" in text_of(app, "#top")
        await pilot.press("p")  # the package, still with both tokens chosen
        assert table.state.players[2].money == 300
        await pilot.press("colon")
        await pilot.press(*"buy castle", "enter")
        assert any("not understood" in line for line in app.log_lines)
        await pilot.press("q")

    drive(app, script)


def test_a_round_ends_with_housing_shown_and_the_resorts_updated():
    table = ResortTable(new_game(["Anna", "Ben"], porter=1), seed=1)
    app = ResortApp(table)

    async def script(pilot):
        start_round = table.state.round
        for key in "1p2pp":  # Anna car 1, Ben package, Anna car 2, Ben package, Ben's porter: package
            await pilot.press(key)
        assert table.state.round == start_round + 1
        assert "Round 2" in text_of(app, "#top")
        assert "Anna" in text_of(app, "#players") and "Standings" in text_of(app, "#standings")
        assert any("stay in the" in line or "no new guests" in line for line in app.log_lines)

    drive(app, script)


def test_a_housing_choice_is_taken_by_its_number():
    import pathlib

    lines = [ln for ln in pathlib.Path(__file__).with_name("four-player-game.txt").read_text().splitlines()
             if ln and not ln.startswith("#")]
    upto = lines.index("p3 house stu>1")  # round 2: Cleo's student may take the villa or the cottage
    table = ResortTable(new_game(["Anna", "Ben", "Cleo", "Dan"], porter=0), lines[:upto])
    app = ResortApp(table)

    async def script(pilot):
        top = text_of(app, "#top")
        assert "Cleo houses stu" in top and "[1] p3 house stu>1" in top and "[2] p3 house stu>2" in top
        await pilot.press("2")
        assert table.state.players[2].lots[1].guests == ("stu",)  # the cottage took him
        assert "Round 3: turn the weather card" in text_of(app, "#top")  # no seed: the table turns it
        await pilot.press("colon")
        await pilot.press(*"weather hot", "enter")
        assert "deal" in text_of(app, "#top") and table.state.cars == 7

    drive(app, script)


def test_resort_play_on_a_terminal_opens_the_table_screen_and_keeps_the_game(tmp_path, monkeypatch, capsys):
    import sys

    import tui.resort_app as resort_app
    from leafwatch.cli import main
    from store.journal import Journal

    pressed = {}

    def pilot_run(table):
        app = ResortApp(table)

        async def script(pilot):
            pressed["first"] = text_of(app, "#top")
            await pilot.press("p", "c")  # Ben takes the package, Anna buys a cottage
            await pilot.press("q")

        drive(app, script)
        return 0

    monkeypatch.setattr(resort_app, "run_resort_tui", pilot_run)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    journal = str(tmp_path / "games.sqlite")
    code = main(["resort", "play", "--players", "Anna,Ben", "--seed", "2", "--journal", journal])
    assert code == 0 and "game 1 is kept" in capsys.readouterr().out
    assert "Ben's turn" in pressed["first"]
    assert Journal(journal).record(1)["actions"][-2:] == ["p2 package", "p1 buy cottage"]
