"""The keys of the table screen, read from the app's bindings: the help screen on `?`, and the key
that makes each choice the next-step panel offers. Both come from BINDINGS, so a key added, moved or
removed there is listed here as it is."""
from __future__ import annotations

import re

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

# a longer word on what a key does, by its action; a binding without one shows its own description
WHAT = {
    "declare('berry')": "spend a Berry: fill your path up to 5 tiles, or take a 6th",
    "exchange": "trade treasures with the supply (type the trade)",
    "mushroom": "play a Mushroom: name whose front tiles you take",
    "declare('feather')": "play a Feather: two tiles from your path this turn",
    "declare('end')": "end the turn: the next player goes on",
    "declare_any": "declare any action, or correct what the camera read (type it)",
    "undo": "take back the last action",
    "dismiss_alerts": "clear the alerts shown",
    "pause": "pause or resume the camera feed",
    "pace(1)": "slower: a longer pause after each frame",
    "pace(-1)": "faster: a shorter pause after each frame",
    "quit": "quit (the journal keeps the game)",
    "help": "this list of keys",
}

_DECLARED = re.compile(r"declare\('(\w+)")


def bindings_of(app) -> list[Binding]:
    """Every binding of the app's class and of its bases (the class's own first), one per key."""
    out, keys = [], set()
    for cls in type(app).__mro__:
        for binding in Binding.make_bindings(cls.__dict__.get("BINDINGS", ())):
            if binding.key not in keys:
                keys.add(binding.key)
                out.append(binding)
    return out


def key_rows(app) -> list[tuple[str, str]]:
    """(keys, what they do) for each action bound, in the order of the bindings."""
    rows: dict[str, list] = {}
    for binding in bindings_of(app):
        shown = app.get_key_display(Binding(binding.key, binding.action))
        keys, _ = rows.setdefault(binding.action, ([], binding))
        if shown not in keys:
            keys.append(shown)
    out = [(" ".join(keys), binding.tooltip or WHAT.get(action) or binding.description or action)
           for action, (keys, binding) in rows.items()]
    if getattr(app, "ENABLE_COMMAND_PALETTE", False) and app.COMMAND_PALETTE_BINDING:
        out.append((app.get_key_display(Binding(app.COMMAND_PALETTE_BINDING, "command_palette")),
                    "the command palette (themes, screenshots, keys)"))
    return out


def verb_keys(app) -> dict[str, str]:
    """The key for each declaration's verb ('berry' -> 'b', 'exchange' -> 'x'); a verb with no key
    of its own gets the key that declares any action."""
    out: dict[str, str] = {}
    any_key = None
    for binding in bindings_of(app):
        shown = app.get_key_display(binding)
        declared = _DECLARED.match(binding.action)
        verb = declared.group(1) if declared else binding.action
        if binding.action == "declare_any":
            any_key = any_key or shown
        out.setdefault(verb, shown)
    if any_key:
        for verb in ("nut", "animal", "forgo", "leaf", "squirrel"):
            out.setdefault(verb, any_key)
    return out


def help_text(app) -> Text:
    rows = key_rows(app)
    width = max(len(keys) for keys, _ in rows)
    out = Text()
    for i, (keys, what) in enumerate(rows):
        if i:
            out.append("\n")
        out.append(f" {keys:<{width}} ", style="bold #000000 on #ffd54f")
        out.append(f"  {what}")
    return out


class HelpScreen(ModalScreen[None]):
    """Every key of the table screen and what it does. Escape or ? closes it."""

    BINDINGS = [Binding("escape", "close", "Close"), Binding("question_mark", "close", "Close", show=False)]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    #help-box { width: 80; height: auto; max-height: 90%; border: heavy #ffd54f; background: $surface;
                padding: 1 2; }
    #help-title { color: #ffd54f; margin-bottom: 1; }
    #help-close { color: #9e9e9e; margin-top: 1; }
    """

    def __init__(self, text: Text) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(Text("Keys", style="bold"), id="help-title")
            yield Static(self.text, id="help-keys")
            yield Static("Escape or ?: back to the table", id="help-close")

    def action_close(self) -> None:
        self.dismiss(None)
