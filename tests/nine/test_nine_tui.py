"""The Summer Nine table screen as players use it: Pilot presses keys and types actions."""
from __future__ import annotations

import asyncio

import pytest

from textual.widgets import Input, Static

from companion.nine_table import NineTable
from play_at_the_keys import until
from tui.nine_app import NineApp, short

SIZE = (200, 60)


def seeded_table(seed: int = 5) -> NineTable:
    return NineTable({"players": [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}], "deal": {"seed": seed}})


def drive(app, script, size=SIZE):
    async def main():
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(pilot)
    asyncio.run(main())


def text_of(app, selector: str) -> str:
    content = app.query_one(selector, Static).render()
    return getattr(content, "plain", None) or str(content)


async def type_action(pilot, text: str, by_keys: bool = False) -> None:
    await pilot.press("a")
    if by_keys:
        for ch in text:
            await pilot.press("space" if ch == " " else ch)
    else:
        pilot.app.query_one("#entry", Input).value = text
    await pilot.press("enter")
    await pilot.pause()


def test_keys_reveal_pick_alert_undo_and_end():
    table = seeded_table()
    app = NineApp(table)

    async def script(pilot):
        assert "reveal 1" in text_of(app, "#prompt") and "Ada" in text_of(app, "#prompt")
        assert "[down]" in text_of(app, "#pool")
        await pilot.press("r")
        await pilot.pause()
        assert app.view.columns[0] == "open"
        top = table.state.pool[0]
        assert short(top) in text_of(app, "#pool")
        # a schedule card into another month is refused with the engine's reason
        card = table.state.pool[0]
        kind = table.kit_card(card)
        wrong = "pick A1 4"
        await type_action(pilot, wrong, by_keys=True)
        alerts = text_of(app, "#alerts")
        assert "wrong_month" in alerts or "not_schedule_card" in alerts
        assert not app.query_one("#alerts").has_class("empty")
        right = "pick A1 1" if kind.is_schedule else "pick A1"
        await type_action(pilot, right)
        assert app.query_one("#alerts").has_class("empty")
        assert table.texts[-1] == right  # the refill waits: a Take Two may still be announced
        assert "Take Two" in text_of(app, "#prompt")
        assert "Ada" in text_of(app, "#schedules")
        await pilot.press("u")
        await pilot.pause()
        assert table.texts == ["reveal 1"]
        await type_action(pilot, right)
        await pilot.press("e")
        await pilot.pause()
        assert table.texts[-3:] == [right, "refill A1", "end"]
        assert "Bo's turn" in text_of(app, "#turn")
        await pilot.press("t")  # Bo announces a Take Two
        await pilot.pause()
        assert "2 picks" in text_of(app, "#turn") or "of 2" in text_of(app, "#turn")
        await pilot.press("t")  # a second one in the same round is refused
        await pilot.pause()
        assert "second_take_two" in text_of(app, "#alerts")

    drive(app, script)


def test_a_whole_game_reaches_the_final_score_screen():
    import json
    import pathlib

    record = json.loads((pathlib.Path(__file__).resolve().parents[2] / "examples" / "nine-game.json").read_text())
    table = NineTable({k: v for k, v in record.items() if k != "actions"})
    app = NineApp(table)
    lines = [a for a in record["actions"] if not a.startswith("refill")]

    async def script(pilot):
        for line in lines[:-1]:
            table.submit(line)
        app.redraw()
        assert app.query_one("#score").has_class("empty")
        await type_action(pilot, lines[-1])
        assert table.state.over
        assert not app.query_one("#score").has_class("empty")
        score = text_of(app, "#score")
        assert "1. " in score and "objective" in score and "slot" in score
        assert "Game over" in text_of(app, "#turn")

    drive(app, script)


@pytest.mark.slow
def test_the_scripted_three_player_game_kept_on_the_screen_from_first_round_to_score():
    import pathlib

    script = pathlib.Path(__file__).resolve().parent / "three-player-game.txt"
    lines = [l for l in script.read_text().splitlines() if l and not l.startswith("#")]
    table = seeded_table(1)
    app = NineApp(table)

    async def script_(pilot):
        entry = app.query_one("#entry", Input)
        for line in lines:
            if line.startswith(("reveal", "hide")) and line == table.state.next_step_text() \
                    and not table.state.round_moved:
                await pilot.press("r")  # the round's column by its key
            elif line == "end":
                await pilot.press("e")
            elif line == "take-two":
                await pilot.press("t")
            else:
                await pilot.press("a")
                entry.value = line
                await pilot.press("enter")
            assert not table.alerts, (line, table.alerts)
        assert table.state.over
        score = text_of(app, "#score")
        assert score.startswith("1. ") and "objective" in score
        assert "\n".join(table.score_lines()) == score

    drive(app, script_)


def test_nine_play_opens_the_table_screen_and_keeps_the_game(tmp_path, monkeypatch, capsys):
    """`leafwatch nine play` at a terminal: the screen, driven by Pilot, with the game in the journal."""
    from leafwatch.cli import main, nine_cmd
    from store.journal import Journal

    monkeypatch.setattr(nine_cmd, "_interactive", lambda: True)
    seen = {}

    async def auto_pilot(pilot):
        app = pilot.app
        await until(pilot, lambda: "reveal 1" in text_of(app, "#prompt"), timeout=30)  # the screen's first paint
        await pilot.press("r")
        await pilot.press("a")
        app.query_one("#entry", Input).value = "pick A1 9"  # August's slot for a June card: refused
        await pilot.press("enter")
        seen["alert"] = text_of(app, "#alerts")
        await pilot.press("q")

    original = NineApp.run
    monkeypatch.setattr(NineApp, "run", lambda self, **kw: original(self, headless=True, size=SIZE,
                                                                     auto_pilot=auto_pilot))
    journal = tmp_path / "j.sqlite"
    code = main(["nine", "play", "--players", "Ada,Bo,Cy", "--seed", "4", "--journal", str(journal)])
    out = capsys.readouterr().out
    assert code == 0 and "game 1 is kept" in out and "not finished" in out
    assert "wrong_month" in seen["alert"] or "not_schedule_card" in seen["alert"]
    assert Journal(str(journal)).record(1)["actions"] == ["reveal 1"]
