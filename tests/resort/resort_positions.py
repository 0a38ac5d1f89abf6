"""Hand-made Summer Resort positions for the tests."""
from __future__ import annotations

from dataclasses import replace

from engine.summer_resort.actions import parse_action
from engine.summer_resort.rules import step
from engine.summer_resort.setup import new_game
from engine.summer_resort.state import ResortState, parse_resort

NAMES = ("Kamil", "Alek", "Janek", "Robert")


def fresh(n: int = 4, porter: int = 0) -> ResortState:
    return new_game(NAMES[:n] if n <= 4 else NAMES + ("Ola",), porter=porter)


def resort(state: ResortState, seat: int, lots: str | None = None, money: int | None = None,
           cars: tuple[bool, ...] | None = None) -> ResortState:
    changes = {}
    if lots is not None:
        changes["lots"] = parse_resort(lots)
    if money is not None:
        changes["money"] = money
    if cars is not None:
        changes["cars"] = cars
    return state.with_player(seat, **changes)


def at_actions(state: ResortState, train: list[tuple[str, ...]] | None = None, weather: str = "clouds") -> ResortState:
    """The action phase of the current round, with this train (default: empty cars)."""
    train = tuple(tuple(c) for c in (train if train is not None else [()] * state.cars))
    return replace(state, phase="actions", weather=weather, revealed=state.revealed + (weather,), train=train,
                   claims=(None,) * len(train), turn=state.turn_order()[0])


def play(state: ResortState, *texts: str) -> tuple[ResortState, list]:
    events = []
    for t in texts:
        state, ev = step(state, parse_action(t))
        events += ev
    return state, events


def texts(events) -> list[str]:
    return [e.text for e in events]
