"""The table screen as players use it: Pilot presses keys, the worker applies them to the session."""
from __future__ import annotations

import asyncio
import time

import pytest
from textual.widgets import Input, Static

from play_at_the_keys import drive, until
from companion.live import DeclareItem, FrameItem, LiveTable
from companion.seating import parse_players, start_state
from tui.app import LeafwatchApp
from tui.widgets import BoardView, ConfirmScreen, DeclareScreen

SIZE = (200, 50)


def fresh_live(players: str = "Tini:A1,Claus:B2", **kw) -> LiveTable:
    return LiveTable(start_state(parse_players(players)), **kw)


def text_of(app, selector: str) -> str:
    widget = app.query_one(selector, Static)
    content = widget.render()
    return getattr(content, "plain", None) or str(content)


def berries(app, seat: int = 0) -> int:
    return app.view.players[seat].treasures["berry"]


def test_fresh_session_shows_every_board_and_the_next_step():
    app = LeafwatchApp(fresh_live("Tini:A1,Claus:B2,Matilda:C1"), None, title="test")

    async def script(pilot):
        boards = list(app.query(BoardView))
        assert [b.seat for b in boards] == [0, 1, 2]
        assert "Tini" in boards[0].border_title and "A1" in boards[0].border_title
        assert "Matilda" in boards[2].border_title and "C1" in boards[2].border_title
        assert boards[0].has_class("current") and not boards[1].has_class("current")
        grid = boards[0].render().plain
        header = grid.splitlines()[0].split()
        assert header == list("ABCDEFGHI")  # column letters
        assert [line.split()[0] for line in grid.splitlines()[1:18] if line[:3].strip().isdigit()] == list("12345678")
        assert "Berry 1" in grid and "Path" in grid and "72 squares still empty" in grid
        step = text_of(app, "#next-step")
        assert "TINI'S TURN" in step and "Lay a leaf tile" in step and "Turn 1" in step
        assert app.query_one("#alerts").has_class("empty")  # no alerts: the panel is hidden
        assert app.sub_title == "no camera feed"

    drive(app, script)


def test_board_squares_are_big_when_the_terminal_has_room():
    app = LeafwatchApp(fresh_live(), None)

    async def script(pilot):
        board = app.query_one("#board-0", BoardView)
        assert app.board_scale == 2 and board.scale == 2
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert app.board_scale == 1 and board.scale == 1
        assert board.render().plain.splitlines()[0] == "    A  B  C   D  E  F   G  H  I "

    drive(app, script)


@pytest.mark.slow
def test_demo_frames_reach_the_log_and_the_boards():
    from leafwatch.demo.table_script import table_game
    from rendered import demo_items

    game = table_game(1, 2)
    live = LiveTable(game.table_start, stable_frames=3)
    app = LeafwatchApp(live, iter(demo_items(1, 2, max_moves=2)), title="demo test")

    async def script(pilot):
        await until(pilot, lambda: app.feed_state == "ended", timeout=40)
        assert any("Tini: leaf" in line for line in app.log_lines), app.log_lines
        assert app.view.players[0].empty_squares < 72
        board = app.query_one("#board-0", BoardView)
        assert board.player == app.view.players[0]
        assert "Camera: frame" in text_of(app, "#camera")
        prompts = app.query_one("#prompts")
        assert prompts.has_class("empty") == (not app.view.prompts)
        for notice in app.view.prompts:
            assert notice.text in text_of(app, "#prompts")
        assert app.sub_title == "feed ended"

    drive(app, script)


def test_b_spends_a_berry_in_the_worker_and_u_undoes_it():
    live = fresh_live()
    app = LeafwatchApp(live, None)

    async def script(pilot):
        assert berries(app) == 1
        await pilot.press("b")
        await until(pilot, lambda: berries(app) == 0)
        assert any("Tini: berry" in line for line in app.log_lines)
        assert live.session.view().players[0].treasures["berry"] == 0
        await pilot.press("u")  # undo names the move it would take back, and waits for a yes
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert app.screen.question == "Undo Tini: berry?"
        await pilot.press("escape")
        await pilot.pause(0.3)
        assert berries(app) == 0
        await pilot.press("u", "enter")
        await until(pilot, lambda: berries(app) == 1)
        assert any("undone: berry" in line for line in app.log_lines)

    drive(app, script)


def test_an_illegal_declaration_raises_an_alert_and_a_dismisses_it():
    app = LeafwatchApp(fresh_live(), None)

    async def script(pilot):
        await pilot.press("f")  # nobody has a Feather yet
        await until(pilot, lambda: bool(app.view.alerts))
        alerts = app.query_one("#alerts")
        assert not alerts.has_class("empty")
        assert "no Feather" in text_of(app, "#alerts")
        await pilot.press("a")
        await until(pilot, lambda: not app.view.alerts)
        assert alerts.has_class("empty")

    drive(app, script)


def test_exchange_and_mushroom_ask_for_their_text_and_keys_type_into_it():
    live = fresh_live()
    app = LeafwatchApp(live, None)

    async def script(pilot):
        await pilot.press("x")
        await until(pilot, lambda: isinstance(app.screen, DeclareScreen))
        field = app.screen.query_one(Input)
        assert field.value == "exchange "
        await pilot.press("b")  # typed into the field, not a Berry
        assert field.value == "exchange b"
        field.value = "exchange nut > berry"
        await pilot.press("enter")
        await until(pilot, lambda: berries(app) == 2)
        assert app.view.players[0].treasures["nut"] == 0
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, DeclareScreen))
        assert app.screen.query_one(Input).value == "mushroom "
        assert "p2 = Claus" in str(app.screen.query_one("#declare-hint", Static).render())
        app.screen.query_one(Input).value = "mushroom p2 common"
        await pilot.press("enter")
        await until(pilot, lambda: "mushroom" in app.view.next_step)
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, DeclareScreen))
        await pilot.press("escape")  # cancel: nothing declared
        await until(pilot, lambda: not isinstance(app.screen, DeclareScreen))

    drive(app, script)


def test_a_feed_that_raises_shows_a_warning_and_the_game_goes_on():
    def unplugged():
        yield DeclareItem(None, "berry")
        raise RuntimeError("camera 0 stopped delivering frames: was it unplugged?\nmore detail")

    live = fresh_live()
    app = LeafwatchApp(live, unplugged())

    async def script(pilot):
        await until(pilot, lambda: app.feed_state == "failed")
        warning = app.query_one("#warning")
        assert not warning.has_class("empty")
        text = text_of(app, "#warning")
        assert "camera 0 stopped delivering frames" in text and "more detail" not in text
        assert "game is kept" in text
        assert "STOPPED" in app.sub_title
        assert berries(app) == 0  # the game before the failure is intact
        await pilot.press("u", "u")  # and the keys still reach the session
        await until(pilot, lambda: berries(app) == 1)
        assert app.is_running

    drive(app, script)


def test_a_frame_that_cannot_be_processed_is_reported_and_skipped():
    class Broken(LiveTable):
        def process(self, item):
            if isinstance(item, FrameItem) and item.label == "bad":
                raise ValueError("boom")
            return super().process(item)

    live = Broken(start_state(parse_players("Tini:A1,Claus:B2")))
    app = LeafwatchApp(live, iter([FrameItem(None, "bad"), DeclareItem(None, "berry")]))

    async def script(pilot):
        await until(pilot, lambda: app.feed_state == "ended")
        assert any("reading a frame failed: boom" in w for w in app.warnings)
        assert berries(app) == 0

    drive(app, script)


def test_space_pauses_and_resumes_the_feed():
    taken = []

    def slow():  # a feed that outlasts the test however slowly the screen answers: it ends when the app quits
        for i in range(100_000):
            taken.append(i)
            time.sleep(0.05)
            yield DeclareItem(None, "end")

    app = LeafwatchApp(fresh_live(), slow())

    async def script(pilot):
        await until(pilot, lambda: len(taken) >= 2)
        await pilot.press("space")
        assert app.feed_state == "paused" and "PAUSED" in app.sub_title
        await pilot.pause(0.1)
        n = len(taken)
        await pilot.pause(0.3)
        assert len(taken) <= n + 1
        await pilot.press("space")
        assert app.feed_state == "running"
        await until(pilot, lambda: len(taken) > n + 2)
        await pilot.press("q")

    drive(app, script)


def test_led_strip_preview_and_status_are_shown():
    from firmware_bridge.bridge import LedBridge

    bridge = LedBridge("sim:wled")
    try:
        app = LeafwatchApp(fresh_live(led=bridge), None, led_interval=0.05)

        async def script(pilot):
            led = app.query_one("#led")
            assert not led.has_class("empty")
            await until(pilot, lambda: "█" in text_of(app, "#led"))
            assert "LED" in text_of(app, "#led")

        drive(app, script)
    finally:
        bridge.close()


def test_no_led_panel_without_a_bridge():
    app = LeafwatchApp(fresh_live(), None)

    async def script(pilot):
        assert app.query_one("#led").has_class("empty")

    drive(app, script)


def test_updates_while_a_dialog_is_open_still_reach_the_table():
    import threading

    go = threading.Event()

    def feed():
        go.wait(10)
        yield DeclareItem(None, "berry")

    app = LeafwatchApp(fresh_live(), feed())

    async def script(pilot):
        await pilot.press("d")
        await until(pilot, lambda: isinstance(app.screen, DeclareScreen))
        go.set()
        await until(pilot, lambda: berries(app) == 0)
        assert isinstance(app.screen, DeclareScreen)
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, DeclareScreen))
        assert "Berry 0" in app.query_one("#board-0", BoardView).render().plain

    drive(app, script)


def test_a_finished_game_shows_the_final_phase_and_standings():
    from leafwatch.demo.table_script import table_game

    game = table_game(2, 2)
    for _ in game.steps():  # bots play the digital game to its end
        pass
    app = LeafwatchApp(LiveTable(game.truth_end), None)

    async def script(pilot):
        assert app.view.over
        assert "Game over" in text_of(app, "#next-step")
        assert app.query_one("#next-step").has_class("over")
        assert app.query_one("#standings").border_title == "Final phase and standings"
        standings = text_of(app, "#standings")
        assert standings.splitlines()[0].startswith(app.view.final_steps[0][0] + ":")
        assert "1. " in standings
        assert not any(b.has_class("current") for b in app.query(BoardView))

    drive(app, script)


def test_a_flood_of_updates_keeps_every_notice_in_order():
    items = [DeclareItem(None, "berry")] + [DeclareItem(None, "end") for _ in range(40)]
    messages = []
    app = LeafwatchApp(fresh_live(), iter(items))

    async def main():
        async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
            await until(pilot, lambda: app.feed_state == "ended")
    asyncio.run(main())
    logged = [line for line in app.log_lines if "main action first" in line or "berry" in line]
    assert logged[0].endswith("Tini: berry")
    assert len(logged) == 41
    updates = [m for m in messages if isinstance(m, LeafwatchApp.TableUpdated)]
    assert 1 <= len(updates) <= 41


def test_treasures_to_take_stay_in_the_to_do_list_until_the_turn_ends():
    from companion.tracker import Notice
    from companion.live import Update

    live = fresh_live()
    app = LeafwatchApp(live, None)

    async def script(pilot):
        view = app.view
        area = Notice("prompt", "Tini: Area 3 is complete: take 2 Berries, 1 Nut", "Tini", "area:0:3")
        app._draw(Update((area,), view, 1, "frame 1"))
        await pilot.pause()
        assert not app.query_one("#prompts").has_class("empty")
        assert "Area 3 is complete" in text_of(app, "#prompts")
        app._draw(Update((Notice("info", "Claus's turn", "Claus", "turn"),), view, 2, "frame 2"))
        await pilot.pause()
        assert app.query_one("#prompts").has_class("empty")

    drive(app, script)


def test_run_tui_prints_the_standings_and_exits_1_when_the_feed_failed(monkeypatch, capsys):
    from textual.app import App

    from tui.app import run_tui

    def unplugged():
        yield DeclareItem(None, "berry")
        raise RuntimeError("camera 0 stopped delivering frames: was it unplugged?")

    async def players(pilot):
        await until(pilot, lambda: pilot.app.feed_state == "failed")
        await pilot.press("q")

    monkeypatch.setattr(LeafwatchApp, "run", lambda self: App.run(self, headless=True, size=SIZE, auto_pilot=players))
    code = run_tui(fresh_live(), unplugged(), title="leafwatch play")
    out = capsys.readouterr().out
    assert code == 1
    assert "leafwatch play: turn 1, game not finished" in out
    assert "  warning: camera 0 stopped delivering frames: was it unplugged?" in out
