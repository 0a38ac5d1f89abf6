"""Placing a piece with the keys: the player's board with a ghost of the piece on it (green where the
engine would take it, red where not, with the engine's reason), drawn from a companion
`KeyboardPlacement`. The screen only draws the model and hands each key to it; Enter returns the
action's text for the app to declare."""
from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from tui import render

GHOST_OK = "bold #000000 on #5fd75f"
GHOST_BAD = "bold #ffffff on #d70000"
KEYS = {
    "leaf": "arrows move · r rotate · v flip · tab next tile · s next shape · n next legal spot · "
            "enter place · escape cancel",
    "animal": "arrows move · r rotate · v flip · tab next animal · n next legal spot · enter place · escape cancel",
    "squirrel": "arrows move · n next legal square · enter place · escape cancel",
    "nut": "arrows move · n next legal square · enter place · escape cancel",
}


def ghost_grid(pieces: str, printed: str, squares, hole, legal: bool) -> Text:
    """The board as `render.board_grid` draws it (scale 1), with the ghost's squares over it: its hole as
    '○', or '(n)' with the treasure printed beneath it; '■' where it would lie on another piece."""
    prow, trow = render._rows(pieces), render._rows(printed)
    at = {(s.col, s.row) for s in squares}
    hole_at = None if hole is None else (hole.col, hole.row)
    style = GHOST_OK if legal else GHOST_BAD
    out = Text("   ")
    for c, letter in enumerate(render.COLUMNS):
        out.append(letter.center(3), style="bold #bcbcbc")
        if c in (2, 5):
            out.append(" ")
    for r in range(8):
        if r == 4:
            out.append("\n")
        out.append("\n")
        out.append(f"{r + 1:>2} ", style="bold #bcbcbc")
        for c in range(9):
            if (c, r) in at:
                if (c, r) == hole_at:
                    mark = f"({trow[r][c]})" if trow[r][c] in render.TREASURE else "○"
                else:
                    mark = "■" if prow[r][c] != "." else ""
                out.append(mark.center(3), style=style)
            else:
                leaf = render._token_leaf(prow, r, c) if prow[r][c] == "t" else None
                out.append_text(render.square(prow[r][c], trow[r][c], render.FLOOR_BG[(r + c) % 2], 1, leaf)[0])
            if c in (2, 5):
                out.append(" ")
    return out


class PlacementScreen(ModalScreen[str | None]):
    """Move a piece over a board with the keys. Returns the action's text (Enter on a legal spot) or
    None (Escape). `model` is a companion KeyboardPlacement, which also gives the board to draw."""

    DEFAULT_CSS = """
    PlacementScreen { align: center middle; }
    #placement-box { width: 72; height: auto; border: thick #4fc3f7; background: #1c1c1c; padding: 0 1; }
    #placement-title { text-style: bold; color: #4fc3f7; margin-bottom: 1; }
    #placement-board { width: auto; height: auto; }
    #placement-status { height: auto; margin-top: 1; }
    #placement-keys { height: auto; color: #9e9e9e; margin-top: 1; }
    """
    BINDINGS = [
        Binding("left", "move(-1, 0)", "Left", show=False),
        Binding("right", "move(1, 0)", "Right", show=False),
        Binding("up", "move(0, -1)", "Up", show=False),
        Binding("down", "move(0, 1)", "Down", show=False),
        Binding("r", "rotate", "Rotate"),
        Binding("v", "flip", "Flip"),
        Binding("tab", "next_piece(1)", "Next piece", priority=True),
        Binding("shift+tab", "next_piece(-1)", "Previous piece", show=False, priority=True),
        Binding("s", "next_shape", "Next shape"),
        Binding("n", "next_legal", "Next legal spot"),
        Binding("enter,p", "place", "Place"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, model) -> None:
        super().__init__()
        self.model = model
        self.refused: list[str] = []  # what Enter could not place, for the screen and for tests

    def compose(self) -> ComposeResult:
        with Vertical(id="placement-box"):
            yield Label(self.model.title(), id="placement-title")
            yield Static("", id="placement-board")
            yield Static("", id="placement-status")
            yield Static(KEYS[self.model.mode], id="placement-keys")

    def on_mount(self) -> None:
        self._draw()

    def _draw(self) -> None:
        g = self.model.ghost()
        pieces, printed = self.model.board_text
        self.query_one("#placement-board", Static).update(ghost_grid(pieces, printed, g.squares, g.hole, g.legal))
        status = Text()
        for i, line in enumerate(self.model.status_lines()):
            if i:
                status.append("\n")
            last = line.startswith(("✓", "✗"))
            status.append(line, style=("bold #5fd75f" if g.legal else "bold #ff5252") if last else "")
        self.query_one("#placement-status", Static).update(status)

    def _change(self, model) -> None:
        self.model = model
        self._draw()

    def action_move(self, dcol: int, drow: int) -> None:
        self._change(self.model.move(dcol, drow))

    def action_rotate(self) -> None:
        self._change(self.model.rotate())

    def action_flip(self) -> None:
        self._change(self.model.flip())

    def action_next_piece(self, step: int) -> None:
        self._change(self.model.next_piece(step))

    def action_next_shape(self) -> None:
        self._change(self.model.next_shape())

    def action_next_legal(self) -> None:
        self._change(self.model.next_legal())

    def action_place(self) -> None:
        g = self.model.ghost()
        if g.legal:
            self.dismiss(g.text)
            return
        self.refused.append(g.code)
        self.app.bell()
        self.notify(f"{g.reason} [{g.code}]", title="Not there", severity="warning", timeout=4)

    def action_cancel(self) -> None:
        self.dismiss(None)
