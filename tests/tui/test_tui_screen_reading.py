"""The screen as a table reads it: letters on every piece at both sizes, the keys on `?`, the next step
with the keys that make each choice, counts that say what they count, names that cannot drive the
terminal."""
from __future__ import annotations

from textual.app import App
from textual.binding import Binding
from textual.widgets import Static

from board_reading import half_played, read_back
from play_at_the_keys import drive, until
from companion.live import LiveTable
from companion.seating import parse_players, start_state
from engine.indian_summer.setup import Seat
from tui.app import LeafwatchApp
from tui.help import HelpScreen, key_rows, verb_keys
from tui.widgets import BoardView, DeclareScreen

SIZE = (200, 50)


def text_of(app, selector: str) -> str:
    content = app.screen.query_one(selector, Static).render() if isinstance(app.screen, HelpScreen) \
        else app.query_one(selector, Static).render()
    return getattr(content, "plain", None) or str(content)


def screen_text(app) -> str:
    """Every character the top screen sends to the terminal now."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def fresh(players: str = "Tini:A1,Claus:B2") -> LeafwatchApp:
    return LeafwatchApp(LiveTable(start_state(parse_players(players))), None)


# ---------------------------------------------------------------- letters on the board

def test_every_board_reads_back_as_its_piece_notation_at_both_sizes():
    state = half_played()
    app = LeafwatchApp(LiveTable(state), None)

    async def script(pilot):
        for scale, size in ((2, (200, 60)), (1, (120, 40))):
            await pilot.resize_terminal(*size)
            await until(pilot, lambda: app.board_scale == scale)
            for seat, player in enumerate(state.players):
                board = app.query_one(f"#board-{seat}", BoardView)
                assert board.scale == scale
                assert read_back(board.render().plain, scale) == player.board.notation()
        legend = text_of(app, "#legend")
        assert "Each piece shows its letter" in legend
        for mark in ("G", "Y", "R", "g", "t", "s", "a", "?"):
            assert f"{mark} " in legend or f" {mark}" in legend

    drive(app, script)


# ---------------------------------------------------------------- the help screen

def test_question_mark_lists_every_key_and_closes_with_question_mark_or_escape():
    app = fresh()

    async def script(pilot):
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        listed = text_of(app, "#help-keys")
        lines = listed.splitlines()
        for binding in Binding.make_bindings(LeafwatchApp.BINDINGS):
            shown = app.get_key_display(Binding(binding.key, binding.action))
            line = next((ln for ln in lines if shown in ln.split("  ")[0].split()), None)
            assert line is not None, f"{binding.key} ({binding.action}) is not listed"
        for keys, what in key_rows(app):
            assert what in listed
        assert any(line.split()[0] == "b" and "Berry" in line for line in lines)
        assert "Escape or ?" in text_of(app, "#help-close")
        await pilot.press("question_mark")
        await until(pilot, lambda: not isinstance(app.screen, HelpScreen))
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, HelpScreen))
        assert app.is_running

    drive(app, script)


def test_the_key_list_follows_the_bindings():
    """A key added to BINDINGS is listed: with its tooltip, else its description; a second key for an
    action joins that action's row."""
    class Wider(LeafwatchApp):
        BINDINGS = LeafwatchApp.BINDINGS + [Binding("k", "knock", "Knock", tooltip="knock on the table"),
                                            Binding("j", "jump", "Jump"), Binding("z", "declare('end')", "End")]

    rows = dict(key_rows(Wider(LiveTable(start_state(parse_players("Tini:A1"))), None)))
    assert rows["k"] == "knock on the table" and rows["j"] == "Jump"
    assert rows["e z"].startswith("end the turn")
    assert "z" not in rows and "e" not in rows
    assert dict(key_rows(fresh()))["q ^c ^q"].startswith("quit")
    assert [keys for keys, _ in key_rows(App())][0] == "^q"  # a bare Textual app: its own keys only


# ---------------------------------------------------------------- the next step

def test_the_next_step_says_what_the_table_may_do_with_the_keys():
    app = fresh()

    async def script(pilot):
        step = text_of(app, "#next-step")
        assert step.splitlines()[0] == "▶ TINI'S TURN"
        assert "Lay a leaf tile from your path (or a squirrel)" in step
        assert " m  a Mushroom" in step  # Tini starts with a Mushroom, no Feather
        assert "Feather" not in step
        assert " b  Berry" in step and " x  exchange" in step and " e  end the turn" in step
        keys = verb_keys(app)
        for choice in app.view.step.instead + app.view.step.any_time + app.view.step.then:
            assert f" {keys[choice.verb]}  {choice.words}" in step
        await pilot.press("b")  # the only Berry: no more Berry to offer
        await until(pilot, lambda: app.view.players[0].treasures["berry"] == 0)
        await until(pilot, lambda: "Berry" not in text_of(app, "#next-step"))
        app.declare("squirrel E4")
        await until(pilot, lambda: "move is made" in text_of(app, "#next-step"))
        step = text_of(app, "#next-step")
        assert "Lay a leaf" not in step and "Mushroom" not in step
        assert step.splitlines()[2].startswith("then") and " e  end the turn" in step

    drive(app, script)


# ---------------------------------------------------------------- counts that say what they count

def test_board_count_and_standings_count_say_what_each_counts():
    app = fresh()

    async def script(pilot):
        board = app.query_one("#board-0", BoardView).render().plain
        assert "72 squares still empty" in board
        standings = text_of(app, "#standings")
        first, second = standings.splitlines()[:2]
        assert first == "If the game ended now, after each player's final phase:"
        assert second.startswith("1. Tini, Claus") and "70 empty squares left" in second
        assert "still empty" not in standings  # the two counts never share a label

    drive(app, script)


# ---------------------------------------------------------------- names that cannot drive the terminal

def test_names_with_control_characters_and_markup_are_drawn_escaped():
    evil, markup = "Ti\x1b[2Jni\x07", "[bold red]Claus\u202e"
    app = LeafwatchApp(LiveTable(start_state([Seat(evil, "A1"), Seat(markup, "B2")])), None)

    async def script(pilot):
        app.declare("feather")  # an alert that names the player
        await until(pilot, lambda: bool(app.view.alerts))
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, DeclareScreen))
        shown = screen_text(app)
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, DeclareScreen))
        shown += screen_text(app)
        for raw in ("\x1b", "\x07", "\u202e"):
            assert raw not in shown
        assert "Ti\\x1b[2Jni\\x07" in shown  # the name escaped where it is drawn
        assert "[bold red]Claus\\u202e" in shown  # markup in a name is shown as typed
        board = app.query_one("#board-0", BoardView)
        assert "\\x1b" in board.border_title and "\x1b" not in board.border_title
        assert "\\x1b" in text_of(app, "#next-step") and "\\x1b" in text_of(app, "#alerts")

    drive(app, script)
