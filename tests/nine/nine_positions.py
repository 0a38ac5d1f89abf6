"""Hand-made Summer Nine tables for the tests: chosen cards in chosen cells, a chosen deck."""
from __future__ import annotations

from engine.summer_nine.actions import parse_action
from engine.summer_nine.cards import Cell
from engine.summer_nine.kit import reference_kit
from engine.summer_nine.rules import step
from engine.summer_nine.setup import new_game

KIT = reference_kit()
FILLER = "ice-lemon"
NAMES = ["Ada", "Bo", "Cy"]


def table(pool: dict[str, str] | None = None, deck: list[str] | None = None, players: int = 3):
    order = [FILLER] * 18
    for cell, card in (pool or {}).items():
        order[Cell.parse(cell).index] = card
    rest = [FILLER] * 80 if deck is None else list(deck)
    return new_game(KIT, NAMES[:players] + ["Di"][: max(0, players - 3)], tuple(order + rest))


def play(state, *texts):
    """Apply action texts in order; the final state and every event."""
    events = []
    for text in texts:
        state, ev = step(state, parse_action(text))
        events += ev
    return state, events


def turn(state, *texts):
    """One player's turn: the given actions, refilling after each pick, then `end`."""
    out = []
    for text in texts:
        out.append(text)
        if text.startswith("pick"):
            out.append(f"refill {text.split()[1]}")
    return play(state, *out, "end")[0]


def to_round(state, target: int):
    """Play whole rounds (column step, everyone takes the first open card it can keep) up to `target`."""
    from engine.summer_nine.actions import Pick
    from engine.summer_nine.rules import legal_actions

    while state.round < target:
        if state.seat == 0 and state.next_step_text():
            state, _ = play(state, state.next_step_text())
        picks = [a for a in legal_actions(state) if isinstance(a, Pick)]
        keep = [a for a in picks if a.slot is None or a.slot == "discard"]
        state = turn(state, (keep or picks)[0].format())
    return state
