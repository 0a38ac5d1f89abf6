"""Joining a game in progress: every board as the camera read it, for the players to check, with what
a camera cannot see to fill in (each player's treasures and Player Path, whose turn it is). Enter in
any field starts the game from there; Escape leaves without starting. The fields are read by the
companion's parsers; this screen holds no rules."""
from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical, VerticalScroll
from textual.widgets import Footer, Header, Input, Label, Static

from tui import render


class TakeUpApp(App[dict | None]):
    """`players`: (name, side, pieces, printed, treasures text, path text) per seat; `check(values)`
    raises an error whose text is shown, or returns None when the values are good. Returns the values:
    {'treasures': [...], 'paths': [...], 'to_play': text}, or None."""

    TITLE = "leafwatch: take up a game in progress"
    DEFAULT_CSS = """
    #take-up-boards { grid-size: 2; grid-columns: 44; grid-rows: auto; height: auto; }
    .take-up-board { width: 44; height: auto; border: round #5d5d5d; padding: 0 1; }
    .take-up-board Input { width: 40; }
    #take-up-help { height: auto; padding: 0 1; color: #bcbcbc; }
    #take-up-error { height: auto; padding: 0 1; color: #ff5252; text-style: bold; }
    #take-up-turn { width: 30; }
    """
    BINDINGS = [Binding("escape", "abort", "Do not start")]

    def __init__(self, players: list[tuple], to_play: str, check) -> None:
        super().__init__()
        self.players = players
        self.to_play = to_play
        self.check = check
        self.problems: list[str] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll():
            yield Static("The camera reads the table as below. Check every board; then give each player's "
                         "treasures (e.g. B1 N2 M0 F1) and Player Path (G green, Y yellow, R red, ? unseen; the "
                         "first lies next to the Backpack), and whose turn it is. Enter starts the game from "
                         "here; Escape does not.", id="take-up-help")
            yield Static("", id="take-up-error")
            with Grid(id="take-up-boards"):
                for seat, (name, side, pieces, printed, treasures, path) in enumerate(self.players):
                    with Vertical(classes="take-up-board") as box:
                        box.border_title = f"P{seat + 1} {name} · board {side or '?'}"
                        yield Static(render.board_grid(pieces, printed, 1))
                        yield Label("Treasures")
                        yield Input(treasures, id=f"treasures-{seat}")
                        yield Label("Player Path")
                        yield Input(path, id=f"path-{seat}")
            yield Label("Whose turn (seat number)")
            yield Input(self.to_play, id="take-up-turn")
        yield Footer()

    def values(self) -> dict:
        n = len(self.players)
        return {"treasures": [self.query_one(f"#treasures-{i}", Input).value for i in range(n)],
                "paths": [self.query_one(f"#path-{i}", Input).value for i in range(n)],
                "to_play": self.query_one("#take-up-turn", Input).value}

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        values = self.values()
        problem = self.check(values)
        if problem:
            self.problems.append(problem)
            self.query_one("#take-up-error", Static).update(f"⚠ {problem}")
            self.bell()
            return
        self.exit(values)

    def action_abort(self) -> None:
        self.exit(None)
