"""The TUI's widgets: thin views that draw what they are given (a PlayerView, notices, pixels)."""
from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from tui import render


class BoardView(Static):
    """One player's Forest Floor and supplies. Draws a PlayerView; holds nothing else."""

    def __init__(self, seat: int, **kwargs) -> None:
        super().__init__(id=f"board-{seat}", classes="board", **kwargs)
        self.seat = seat
        self.player = None
        self.scale = 1
        self.over = False

    def show(self, player, scale: int | None = None, over: bool = False) -> None:
        scale = self.scale if scale is None else scale
        if player == self.player and scale == self.scale and over == self.over:
            return
        self.player, self.scale, self.over = player, scale, over
        self.border_title = render.board_title(player, over)
        self.set_class(player.current and not over, "current")
        self.update(render.player_panel(player, scale))


class NoticeList(Static):
    """Open prompts or alerts: one line each, hidden when there are none."""

    def __init__(self, kind: str, empty: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self.kind = kind
        self.empty = empty
        self.texts: tuple[str, ...] = ()

    def show(self, notices) -> None:
        texts = tuple(n.text for n in notices)
        if texts == self.texts and self.renderable_shown:
            return
        self.texts = texts
        self.renderable_shown = True
        self.set_class(not texts, "empty")
        if not texts:
            self.update(self.empty)
            return
        mark = "! " if self.kind == "alert" else "> "
        self.update(render.notice_lines(notices, mark))

    renderable_shown = False


class DeclareScreen(ModalScreen[str | None]):
    """Ask for a declaration's text (an exchange, a Mushroom's targets, any action). Enter: declare;
    Escape: cancel. Returns the text, or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, value: str = "", hint: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.value = value
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(id="declare-box"):
            yield Label(render.plain_lines(self.title_text), id="declare-title")
            yield Input(value=self.value, id="declare-input", select_on_focus=False)
            if self.hint:
                yield Static(render.plain_lines(self.hint), id="declare-hint")
            yield Static("Enter: declare    Escape: cancel", id="declare-keys")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        self.dismiss(text or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """Ask before a change that cannot be seen on the table (an undo): Enter or the same key again
    confirms, Escape keeps things as they are."""

    def __init__(self, question: str, key: str) -> None:
        super().__init__()
        self.question = question
        self.key = key

    BINDINGS = [Binding("escape", "answer(False)", "Keep"), Binding("enter", "answer(True)", "Confirm")]

    def compose(self) -> ComposeResult:
        with Vertical(id="declare-box"):
            yield Label(self.question, id="declare-title")
            yield Static(f"Enter or {self.key}: yes    Escape: no", id="declare-keys")

    def on_key(self, event) -> None:
        if event.key == self.key:
            event.stop()
            self.dismiss(True)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
