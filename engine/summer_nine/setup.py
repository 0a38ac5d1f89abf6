"""A new game: the Take Two deal by player count, the deck, and the pool's two face-down lines.

Chance is an input: a seeded deal shuffles with a `random.Random` made from the seed; a table's deal
knows no card until the table says what it saw (`reveal 3 CARD CARD`, `refill A3 CARD`)."""
from __future__ import annotations

import random

from engine.errors import IllegalAction
from engine.summer_nine.kit import Kit
from engine.summer_nine.state import NineState, Player

POOL_CELLS = 18


def take_two_deal(kit: Kit, players: int) -> tuple[int, ...]:
    try:
        return kit.take_two_deal(players)
    except Exception as exc:  # NotationError for a count outside 2-4
        raise IllegalAction("player_count", str(exc)) from None


def _players(kit: Kit, names: list[str]) -> tuple[Player, ...]:
    deal = take_two_deal(kit, len(names))
    if len(set(names)) != len(names):
        raise IllegalAction("player_names", "every player needs a different name")
    return tuple(Player(name, take_two=n) for name, n in zip(names, deal))


def shuffled_deck(kit: Kit, seed: int) -> tuple[str, ...]:
    cards = list(kit.deck())
    random.Random(f"summer-nine:{seed}").shuffle(cards)
    return tuple(cards)


def new_game(kit: Kit, names: list[str], order: tuple[str, ...]) -> NineState:
    """The game with the deck in `order` (top first): the first 18 cards make the pool, line A left
    to right, then line B."""
    if len(order) < POOL_CELLS:
        raise IllegalAction("short_deck", f"the deck has {len(order)} cards; the pool alone needs {POOL_CELLS}")
    for card in order:
        if card is not None:
            kit.card(card)
    return NineState(kit, _players(kit, names), tuple(order[:POOL_CELLS]), tuple(order[POOL_CELLS:]))


def seeded_game(kit: Kit, names: list[str], seed: int) -> NineState:
    return new_game(kit, names, shuffled_deck(kit, seed))


def table_game(kit: Kit, names: list[str]) -> NineState:
    """A real table: the kit's deck size, every card unknown until seen."""
    return new_game(kit, names, (None,) * len(kit.deck()))
