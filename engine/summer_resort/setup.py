"""A table set up as the rulebook says: starting resorts, the bank's investment stacks, the train, the deck."""
from __future__ import annotations

import random

from engine.errors import IllegalAction
from engine.summer_resort.components import (
    AUTOMOBILES_IN_BOX, COTTAGE, FOREST, HOUSES_IN_BOX, START_COTTAGES, START_FORESTS, START_MONEY, TOKENS,
    CLOUD_BACKED, cars_for, rounds_for,
)
from engine.summer_resort.kit import ResortKit, reference_kit
from engine.summer_resort.state import Lot, Player, ResortState


def starting_lots() -> tuple[Lot, ...]:
    """Two forest lots, a cottage on the first."""
    return tuple(Lot(COTTAGE) if i < START_COTTAGES else Lot(FOREST) for i in range(START_FORESTS))


def starting_stacks(players: int) -> tuple[tuple[str, int], ...]:
    """What the bank offers: the forests left after set-up in two halves (100 and 200 zloty),
    the houses left, and one automobile more than there are players."""
    forests = HOUSES_IN_BOX["forest"] - START_FORESTS * players
    return (
        ("forest100", forests - forests // 2),
        ("forest200", forests // 2),
        ("cottage", HOUSES_IN_BOX["cottage"] - START_COTTAGES * players),
        ("villa", HOUSES_IN_BOX["villa"]),
        ("pension", HOUSES_IN_BOX["pension"]),
        ("automobile", min(players + 1, AUTOMOBILES_IN_BOX)),
    )


def new_game(names, porter: int = 0, kit: ResortKit | None = None) -> ResortState:
    """A new game for 2-5 players in seating order; `porter` is the seat given the porter token."""
    names = tuple(names)
    n = len(names)
    if not 2 <= n <= 5:
        raise IllegalAction("player_count", f"Summer Resort is for 2 to 5 players, not {n}")
    if len(set(names)) != n or not all(isinstance(x, str) and x.strip() for x in names):
        raise IllegalAction("player_names", "every player needs a name of their own")
    if not 0 <= porter < n:
        raise IllegalAction("no_such_seat", f"the porter must go to seat 1 to {n}, not {porter + 1}")
    kit = kit or reference_kit()
    players = tuple(Player(name, START_MONEY, starting_lots()) for name in names)
    cars = cars_for(n)
    return ResortState(
        players=players, porter=porter, rounds=rounds_for(n), phase="weather", deck=kit.deck_for(n),
        train=((),) * cars, claims=(None,) * cars, stacks=starting_stacks(n), tokens=(TOKENS,) * n,
    )


def shuffled_deck(deck: tuple[tuple[str, int], ...], rng: random.Random) -> list[str]:
    """The weather cards in the order they will be turned, shuffled by `rng` so that the first one
    has a cloud on its locomotive side, as the set-up asks."""
    cards = [w for w, n in deck for _ in range(n)]
    rng.shuffle(cards)
    first = next(i for i, w in enumerate(cards) if w in CLOUD_BACKED)
    cards.insert(0, cards.pop(first))
    return cards


def shuffled_vacationers(guests, rng: random.Random) -> list[str]:
    cards = list(guests)
    rng.shuffle(cards)
    return cards
