"""Frozen values of a Summer Resort table: lots, players, the round's placements, the whole state.

Notation (parse and format round-trip):
  lot      forest | cottage | villa:stu+con | pension:soc      (the top card, then its old guests)
  resort   lots separated by ', ' in lot order (lot 1 first); '-' for none
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from engine.errors import NotationError
from engine.summer_resort.components import (
    FOREST, HOUSE_CAPACITY, HOUSE_POINTS, LEVEL_NAMES, START_MONEY, parse_vacationer, sort_guests,
)

PHASES = ("weather", "deal", "actions", "develop", "house", "over")  # the order of a round
TOKEN_GROUPS = ("1", "2", "porter", "porter+1")  # what one action may place
TWO_TOKENS = ("2", "porter+1")


@dataclass(frozen=True)
class Lot:
    """One forest lot and the house cards stacked on it (`level`), with the guests staying there."""
    level: int = FOREST
    guests: tuple[str, ...] = ()

    @property
    def is_house(self) -> bool:
        return self.level > FOREST

    @property
    def card_points(self) -> int:
        """End points of every house card in the stack, covered ones too."""
        return sum(HOUSE_POINTS[lv] for lv in range(1, self.level + 1))

    @property
    def top_points(self) -> int:
        """The top card's points, as the President's comparison counts them."""
        return HOUSE_POINTS.get(self.level, 0)

    def format(self) -> str:
        name = LEVEL_NAMES[self.level]
        return f"{name}:{'+'.join(self.guests)}" if self.guests else name

    @staticmethod
    def parse(text: str) -> "Lot":
        head, _, rest = text.strip().partition(":")
        head = head.strip().lower()
        if head not in LEVEL_NAMES:
            raise NotationError(f"{text!r}: a lot is forest, cottage, villa or pension")
        level = LEVEL_NAMES.index(head)
        guests = sort_guests(parse_vacationer(g) for g in rest.split("+")) if rest.strip() else ()
        if guests and level == FOREST:
            raise NotationError(f"{text!r}: nobody stays on a bare forest")
        if len(guests) > HOUSE_CAPACITY:
            raise NotationError(f"{text!r}: a house holds at most {HOUSE_CAPACITY} guests")
        return Lot(level, guests)


def format_resort(lots: tuple[Lot, ...]) -> str:
    return ", ".join(lot.format() for lot in lots) if lots else "-"


def parse_resort(text: str) -> tuple[Lot, ...]:
    if text.strip() in ("", "-"):
        return ()
    return tuple(Lot.parse(part) for part in text.split(","))


@dataclass(frozen=True)
class Player:
    name: str
    money: int = START_MONEY
    lots: tuple[Lot, ...] = ()
    cars: tuple[bool, ...] = ()  # automobiles owned: True when fuelled

    @property
    def houses(self) -> int:
        return sum(1 for lot in self.lots if lot.is_house)

    @property
    def house_points(self) -> int:
        return sum(lot.top_points for lot in self.lots)

    @property
    def guests(self) -> tuple[str, ...]:
        return tuple(g for lot in self.lots for g in lot.guests)


@dataclass(frozen=True)
class Placement:
    """A token group on the table this round: who, with which tokens, where, and what it cost."""
    seat: int
    tokens: str  # one of TOKEN_GROUPS
    target: str  # 'car:3', 'car:3+4', 'package', 'refuel', or an investment card name
    price: int  # paid (negative: received, the conductor's package)


@dataclass(frozen=True)
class ResortState:
    players: tuple[Player, ...]
    porter: int  # seat holding the porter / last player token
    president: int | None = None
    round: int = 1
    rounds: int = 12
    phase: str = "weather"
    deck: tuple[tuple[str, int], ...] = ()  # weather cards not yet turned
    weather: str | None = None
    revealed: tuple[str, ...] = ()  # every weather turned so far, in order
    train: tuple[tuple[str, ...], ...] = ()  # vacationers on each passenger car, front first
    claims: tuple[int | None, ...] = ()  # seat inviting from each car
    stacks: tuple[tuple[str, int], ...] = ()  # investment card -> cards left
    placements: tuple[Placement, ...] = ()
    tokens: tuple[int, ...] = ()  # own tokens each seat still holds this round
    porter_placed: bool = False
    turn: int | None = None  # seat to act in the action phase
    pending: tuple[tuple[str, ...], ...] = ()  # house cards each seat still has to put down (develop)
    to_house: tuple[int, ...] = ()  # seats still to accommodate their new guests, in order
    overflow: tuple[str, ...] = ()  # guests others could not house, for the President

    @property
    def cars(self) -> int:
        return len(self.train)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def stack(self, name: str) -> int:
        return dict(self.stacks).get(name, 0)

    def visits(self, target: str) -> int:
        return sum(1 for p in self.placements if p.target == target)

    def turn_order(self) -> tuple[int, ...]:
        """The seats from the porter's left round to the porter."""
        n = len(self.players)
        return tuple((self.porter + 1 + i) % n for i in range(n))

    def tokens_left(self, seat: int) -> int:
        return self.tokens[seat] + (1 if seat == self.porter and not self.porter_placed else 0)

    def invited(self, seat: int) -> tuple[str, ...]:
        return sort_guests(g for car, who in zip(self.train, self.claims) if who == seat for g in car)

    def guests_for(self, seat: int) -> tuple[str, ...]:
        """Who this seat accommodates: its invited guests, plus the overflow when it is the President."""
        extra = self.overflow if seat == self.president else ()
        return sort_guests(self.invited(seat) + extra)

    def with_player(self, seat: int, **changes) -> "ResortState":
        players = list(self.players)
        players[seat] = replace(players[seat], **changes)
        return replace(self, players=tuple(players))

    def name(self, seat: int) -> str:
        return self.players[seat].name
