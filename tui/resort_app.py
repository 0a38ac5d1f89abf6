"""Summer Resort at the table: a Textual view over companion's ResortTable.

The app holds no rules and no game: every key becomes an action text for the table model, and
every panel is drawn from the model's words (prompt, train, priced placements, players, standings).
"""
from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, Input, RichLog, Static

from companion.resort_table import ResortTable

CARD_KEYS = {"c": "cottage", "v": "villa", "n": "pension", "f": "forest100", "g": "forest200", "a": "automobile"}


class ResortApp(App[int]):
    TITLE = "leafwatch: Summer Resort"
    CSS = """
    #top { height: auto; border: round $primary; padding: 0 1; }
    #middle { height: 1fr; }
    #left { width: 1fr; }
    #right { width: 1fr; }
    #train, #menu, #players, #standings { border: round $secondary; padding: 0 1; height: auto; }
    #log { border: round $secondary; height: 1fr; }
    #command { dock: bottom; }
    """
    BINDINGS = [
        Binding("t", "tokens", "Tokens"),
        Binding("p", "place('package')", "Package"),
        Binding("c", "buy('c')", "Cottage"),
        Binding("v", "buy('v')", "Villa"),
        Binding("n", "buy('n')", "Pension"),
        Binding("f", "buy('f')", "Forest 100"),
        Binding("g", "buy('g')", "Forest 200"),
        Binding("a", "buy('a')", "Automobile"),
        Binding("r", "place('refuel')", "Refuel"),
        Binding("s", "suggest", "Suggested build/housing"),
        Binding("colon", "type", "Type", key_display=":"),
        Binding("u", "undo", "Undo"),
        Binding("q", "quit", "Quit"),
    ] + [Binding(str(k), f"invite({k})", f"Car {k}", show=False) for k in range(1, 9)]

    def __init__(self, table: ResortTable) -> None:
        super().__init__()
        self.table = table
        self.tokens = "1"
        self.log_lines: list[str] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="top", markup=False)
        with Horizontal(id="middle"):
            with Vertical(id="left"):
                yield Static("", id="train", markup=False)
                yield Static("", id="menu", markup=False)
            with Vertical(id="right"):
                yield Static("", id="players", markup=False)
                yield Static("", id="standings", markup=False)
                yield RichLog(id="log", wrap=True, max_lines=2000)
        yield Input(placeholder="type an action, e.g. 'invite 3+4', 'weather rain', 'house stu>1' (Enter)", id="command")
        yield Footer()

    def on_mount(self) -> None:
        for selector, title in (("#top", "Now"), ("#train", "Train"), ("#menu", "Placements"),
                                ("#players", "Resorts"), ("#standings", "Standings"), ("#log", "Log")):
            self.query_one(selector).border_title = title
        for _, lines in self.table.history:
            self._log(lines)
        self.set_focus(None)
        self.redraw()

    # --- drawing -----------------------------------------------------------------------------
    def redraw(self) -> None:
        t = self.table
        groups = t.token_groups()
        if groups and self.tokens not in groups:
            self.tokens = groups[0]
        top = [t.prompt()]
        if groups:
            top.append(f"placing with: {self.tokens}   (t changes: {', '.join(groups)})")
        top += [f"  [{i}] {text}   ({what})" for i, (text, what) in enumerate(t.choices()[:8], 1)]
        self.query_one("#top", Static).update("\n".join(top))
        self.query_one("#train", Static).update("\n".join(t.train_lines()) or "-")
        self.query_one("#menu", Static).update("\n".join(self.menu_lines()) or "no placements now")
        self.query_one("#players", Static).update("\n".join(t.player_lines()))
        self.query_one("#standings", Static).update("\n".join(t.standing_lines()))

    def menu_lines(self) -> list[str]:
        """One line per placement: its key, its price with the chosen tokens, allowed or why not."""
        keys = {card: key for key, card in CARD_KEYS.items()} | {"package": "p", "refuel": "r"}
        out = []
        for item in self.table.menu(self.tokens):
            if item.label.startswith("cars") and not item.allowed:
                continue
            if item.label.startswith("car "):
                key = item.label.split()[1]
            else:
                key = keys.get(item.label, ":")
            price = item.price_text() if item.allowed else str(item.price)
            state = "ok" if item.allowed else f"not allowed: {item.reason}"
            note = f"  {item.reason}" if item.allowed and item.reason else ""
            out.append(f"[{key}] {item.label:<12} {price:>6}  {state}{note}")
        return out

    def _log(self, lines) -> None:
        log = self.query_one("#log", RichLog)
        for line in lines:
            self.log_lines.append(line)
            log.write(line)

    def send(self, text: str) -> None:
        entry = self.table.enter(text)
        self._log([f"> {text}"] + [("" if entry.ok else "! ") + line for line in entry.lines])
        if not entry.ok:
            self.notify(entry.lines[0], severity="warning", markup=False)
        self.redraw()

    def _with_tokens(self, text: str) -> str:
        return text if self.tokens == "1" else f"{text} with {self.tokens}"

    # --- keys ----------------------------------------------------------------------------------
    def action_tokens(self) -> None:
        groups = self.table.token_groups()
        if groups:
            self.tokens = groups[(groups.index(self.tokens) + 1) % len(groups)] if self.tokens in groups else groups[0]
            self.redraw()

    def action_place(self, verb: str) -> None:
        self.send(self._with_tokens(verb))

    def action_buy(self, key: str) -> None:
        self.send(self._with_tokens(f"buy {CARD_KEYS[key]}"))

    def action_invite(self, number: int) -> None:
        """A digit: a car to invite from in the action phase; a listed choice when building or housing."""
        if self.table.state.phase in ("develop", "house"):
            choices = self.table.choices()
            if 1 <= number <= len(choices):
                self.send(choices[number - 1][0])
            return
        self.send(self._with_tokens(f"invite {number}"))

    def action_suggest(self) -> None:
        suggestion = self.table.suggestion()
        if suggestion is None:
            self.notify("nothing to choose now")
        else:
            self.send(suggestion)

    def action_undo(self) -> None:
        entry = self.table.undo()
        self._log(entry.lines)
        self.redraw()

    def action_type(self) -> None:
        self.query_one("#command", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        self.set_focus(None)
        if text:
            self.send(text)

    def on_key(self, event) -> None:
        if event.key == "escape":
            self.set_focus(None)


def run_resort_tui(table: ResortTable) -> int:
    return ResortApp(table).run() or 0
