"""A seeded player for demos and tests: it turns the round's column, picks what it can place (or keeps
non-schedule cards), now and then plays a Take Two or an action card, and ends its turn. Its choices
come from `legal_actions` and a `random.Random` passed in."""
from __future__ import annotations

import random

from engine.summer_nine.actions import (DISCARD, Action, End, Hide, Pick, Refill, Reschedule, Reveal, TakeTwo,
                                        Theft, TimeTravel)
from engine.summer_nine.rules import legal_actions, step
from engine.summer_nine.state import NineState


def choose(state: NineState, rng: random.Random) -> Action:
    actions = legal_actions(state)
    for kind in (Refill, Reveal, Hide):
        found = [a for a in actions if isinstance(a, kind)]
        if found and (kind is Refill or rng.random() > 0.03):  # the bot now and then forgets a column
            return found[0]
    picks = [a for a in actions if isinstance(a, Pick)]
    placed = [a for a in picks if isinstance(a.slot, int)]
    kept = [a for a in picks if a.slot is None]
    extras = [a for a in actions if isinstance(a, (TakeTwo, TimeTravel, Theft, Reschedule))]
    if extras and rng.random() < 0.15:
        return rng.choice(extras)
    if placed and rng.random() < 0.75:
        return rng.choice(placed)
    if kept:
        return rng.choice(kept)
    if picks:
        return rng.choice([a for a in picks if a.slot == DISCARD] or picks)
    return next((a for a in actions if isinstance(a, End)), actions[0])


def play(state: NineState, rng: random.Random, limit: int = 2000) -> tuple[NineState, list[Action]]:
    """Play to the end; the final state and every action taken."""
    log = []
    while not state.over and len(log) < limit:
        action = choose(state, rng)
        state, _ = step(state, action)
        log.append(action)
    return state, log
