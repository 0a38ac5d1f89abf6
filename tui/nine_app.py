"""The Summer Nine table screen: the pool as it lies, whose turn, every schedule, the prompt for the
round's reveal or hide, alerts, the log, and the final score with its reasons.

A view over companion's NineTable: the app draws the table's `view()` and hands what the players type
or press back to the table as action text; it keeps no game state of its own.
"""
from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Header, Input, RichLog, Static

COUNTRY_STYLE = {"spain": "bold red", "italy": "bold green", "greece": "bold blue", "half": "magenta",
                 "bridge": "yellow"}
CELL = 12
SHORT = (("mountain", "mount"), ("countries", "ctry"), ("identity-theft", "id-theft"), ("reschedule", "resched"),
         ("strawberry", "strawb"), ("chocolate", "choc"), ("pistachio", "pista"), ("month-", "m-"),
         ("spain", "spa"), ("italy", "ita"), ("greece", "gre"), ("[face down]", "[down]"))


def short(card: str) -> str:
    """A card id shortened to fit a cell (the log and the score keep the full ids)."""
    for long, brief in SHORT:
        card = card.replace(long, brief)
    return card[:CELL - 1]


def _style(card: str) -> str:
    if card.startswith("["):
        return "dim"
    if card.startswith("half"):
        return COUNTRY_STYLE["half"]
    return COUNTRY_STYLE.get(card.split("-")[0], "cyan")


def pool_text(view) -> Text:
    text = Text()
    text.append("   ")
    for m, month in enumerate(("June", "July", "August")):
        text.append(f"{month:<{3 * CELL}}", "bold")
        text.append("| " if m < 2 else "\n")
    text.append("   ")
    for c in range(9):
        state = view.columns[c]
        text.append(f"{c + 1} {state}".ljust(CELL), "dim" if state != "open" else "bold")
        if c in (2, 5):
            text.append("| ")
    text.append("\n")
    for name, row in zip("AB", view.pool):
        text.append(f"{name}  ", "bold")
        for c, card in enumerate(row):
            text.append(short(card).ljust(CELL), _style(card))
            if c in (2, 5):
                text.append("| ")
        text.append("\n")
    return text


def schedules_text(view) -> Text:
    text = Text()
    for p in view.players:
        text.append("> " if p.current else "  ", "bold yellow")
        text.append(f"p{p.seat + 1} {p.name}", "bold reverse" if p.current else "bold")
        text.append(f"   Take Two: {p.take_two}\n")
        text.append("   ")
        for m, month in enumerate(p.months):
            for card in month:
                text.append(short(card).ljust(CELL), _style(card) if card != "-" else "dim")
            if m < 2:
                text.append("| ")
        text.append("\n   hand: " + (", ".join(p.hand) or "-") + "\n\n")
    return text


class NineApp(App[int]):
    TITLE = "leafwatch nine"
    CSS = """
    #left { width: 1fr; }
    #right { width: 46; }
    #pool, #schedules, #turn, #prompt, #alerts, #score { border: round $accent; padding: 0 1; height: auto; }
    #alerts { border: round red; color: red; }
    #alerts.empty { display: none; }
    #score { border: double green; }
    #score.empty { display: none; }
    #log { border: round $accent; height: 1fr; min-height: 5; }
    #entry { dock: bottom; }
    """
    BINDINGS = [
        Binding("r", "column", "Reveal/hide"),
        Binding("p", "type('pick ')", "Pick"),
        Binding("a", "type('')", "Any action"),
        Binding("t", "send('take-two')", "Take Two"),
        Binding("e", "send('end')", "End turn"),
        Binding("u", "undo", "Undo"),
        Binding("escape", "leave_entry", "Leave entry", show=False),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, table) -> None:
        super().__init__()
        self.table = table
        self.view = None
        self.log_seen = 0
        self._shown: dict = {}

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with VerticalScroll(id="left"):
                yield Static("", id="pool")
                yield Static("", id="schedules")
            with Vertical(id="right"):
                yield Static("", id="turn")
                yield Static("", id="prompt")
                yield Static("", id="alerts", classes="empty")
                yield Static("", id="score", classes="empty")
                yield RichLog(id="log", wrap=True, max_lines=500)
        yield Input(placeholder="an action, e.g. pick A3 5 (Enter to send, Esc to leave)", id="entry")
        yield Footer()

    def on_mount(self) -> None:
        for sel, title in (("#pool", "Pool"), ("#schedules", "Schedules"), ("#turn", "Turn"),
                           ("#prompt", "Next"), ("#alerts", "Alerts"), ("#score", "Final score"), ("#log", "Log")):
            self.query_one(sel).border_title = title
        self.set_focus(None)
        self.call_after_refresh(self.redraw)  # after layout: the log wraps at its real width

    def redraw(self) -> None:
        view = self.view = self.table.view()
        self.sub_title = view.title
        self._set("#pool", pool_text(view))
        self._set("#schedules", schedules_text(view))
        self._set("#turn", Text(view.turn))
        self._set("#prompt", Text(view.prompt))
        self._set("#alerts", Text("\n".join(view.alerts)))
        self.query_one("#alerts").set_class(not view.alerts, "empty")
        self._set("#score", Text("\n".join(view.score)))
        self.query_one("#score").set_class(not view.score, "empty")
        log = self.query_one("#log", RichLog)
        new = min(self.table.written - self.log_seen, len(self.table.lines))
        for line in self.table.lines[len(self.table.lines) - new:] if new > 0 else ():
            log.write(Text(line, "red" if line.startswith("!") else ""))
        self.log_seen = self.table.written

    def _set(self, selector: str, content: Text) -> None:
        """Update a panel only when what it shows changes: every update costs a layout pass."""
        key = (content.plain, str(content.spans))
        if self._shown.get(selector) != key:
            self._shown[selector] = key
            self.query_one(selector, Static).update(content)

    # ------------------------------------------------------------------ keys
    def send(self, text: str) -> None:
        self.table.submit(text)
        self.redraw()

    def action_send(self, text: str) -> None:
        self.send(text)

    def action_undo(self) -> None:
        self.table.undo()
        self.redraw()

    def action_column(self) -> None:
        due = self.table.state.next_step_text()
        if due is None or self.table.state.round_moved:
            self.table.alert("no column is due to be turned now: the round's reveal or hide comes before its first move")
            self.redraw()
            return
        if self.table.needs_cards_for(due):
            self.action_type(due + " ")
        else:
            self.send(due)

    def action_type(self, start: str) -> None:
        entry = self.query_one("#entry", Input)
        entry.value = start
        entry.cursor_position = len(start)
        entry.focus()

    def action_leave_entry(self) -> None:
        self.set_focus(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        self.set_focus(None)
        if text.lower() == "undo":
            self.action_undo()
        elif text:
            self.send(text)


def run_nine_tui(table) -> int:
    app = NineApp(table)
    app.run()
    view = table.view()
    if view.over:
        print("\n".join(view.score))
    else:
        print(f"leafwatch nine: {view.turn} (not finished)")
    return int(app.return_code or 0)
