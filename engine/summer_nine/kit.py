"""The Summer Nine card list (kinds, counts, points) read from a kit TOML text.

The rulebook does not list the cards, so the shipped kit is an assumption kept as data: a table whose
copy differs passes its own file. Reading the packaged default is the only file the engine reads.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cached_property

from engine.errors import NotationError
from engine.kits import packaged_text, read_once

COUNTRIES = ("spain", "italy", "greece")
TYPES = ("beach", "city", "mountain")
SCHEDULE_KINDS = ("destination", "bridge", "half")
ACTION_KINDS = ("reschedule", "identity-theft", "time-travel")
KINDS = SCHEDULE_KINDS + ACTION_KINDS + ("objective", "ice-cream", "photo")
GOALS = ("month-country", "month-all-countries", "month-type", "month-all-types", "four-plus", "plus-one")
ANY = "any"


@dataclass(frozen=True)
class CardKind:
    id: str
    kind: str
    count: int
    points: int = 0
    country: str | None = None  # destination, half ('any' for Any Country), objective
    type: str | None = None  # holiday type of a destination or half; objective's type
    goal: str | None = None  # objectives
    flavour: str | None = None  # ice cream

    @property
    def is_schedule(self) -> bool:
        return self.kind in SCHEDULE_KINDS

    def describe(self) -> str:
        if self.kind == "destination":
            return f"{self.country.title()} {self.type} ({self.points})"
        if self.kind == "half":
            where = "Any Country" if self.country == ANY else self.country.title()
            return f"Half Extended Stay {where}" + (f" {self.type}" if self.type else "") + f" ({self.points})"
        if self.kind == "objective":
            return f"objective {self.id}"
        return self.id


@dataclass(frozen=True)
class Kit:
    cards: tuple[CardKind, ...]
    take_two: tuple[tuple[int, ...], ...]  # deals for 2, 3, 4 players
    bridge_points: int
    bridge_penalty: int
    ice_cream_points: tuple[int, ...]
    photo_points: int

    @staticmethod
    def from_toml(text: str) -> "Kit":
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise NotationError(f"kit file is not valid TOML: {exc}") from None
        try:
            return _kit_from(data)
        except (KeyError, TypeError, ValueError) as exc:
            raise NotationError(f"kit file: {exc}") from None

    @cached_property
    def by_id(self) -> dict[str, CardKind]:
        return {c.id: c for c in self.cards}

    def card(self, card_id: str) -> CardKind:
        kind = self.by_id.get(card_id)
        if kind is None:
            raise NotationError(f"the kit has no card {card_id!r}")
        return kind

    def deck(self) -> tuple[str, ...]:
        """Every card of the main deck, in kit order (a shuffle is the caller's)."""
        return tuple(c.id for c in self.cards for _ in range(c.count))

    def take_two_deal(self, players: int) -> tuple[int, ...]:
        if not 2 <= players <= 4:
            raise NotationError(f"Summer Nine is for 2 to 4 players, not {players}")
        return self.take_two[players - 2]


def _kit_from(data: dict) -> Kit:
    cards = []
    seen = set()
    for item in data.get("card", []):
        card_id = str(item["id"])
        if not card_id or any(ch.isspace() for ch in card_id) or card_id in ("-", "?"):
            raise ValueError(f"card id {card_id!r} must be one word")
        if card_id in seen:
            raise ValueError(f"card id {card_id!r} appears twice")
        seen.add(card_id)
        kind = item["kind"]
        if kind not in KINDS:
            raise ValueError(f"card {card_id}: unknown kind {kind!r} (one of {', '.join(KINDS)})")
        country, htype, goal = item.get("country"), item.get("type"), item.get("goal")
        if kind == "destination" and (country not in COUNTRIES or htype not in TYPES):
            raise ValueError(f"card {card_id}: a destination needs a country and a holiday type")
        if kind == "half" and country not in COUNTRIES + (ANY,):
            raise ValueError(f"card {card_id}: a half stay needs a country (or 'any')")
        if kind == "half" and htype is not None and htype not in TYPES:
            raise ValueError(f"card {card_id}: unknown holiday type {htype!r}")
        if kind == "objective":
            if goal not in GOALS:
                raise ValueError(f"card {card_id}: unknown goal {goal!r} (one of {', '.join(GOALS)})")
            if goal in ("month-country", "four-plus") and country not in COUNTRIES:
                raise ValueError(f"card {card_id}: goal {goal} needs a country")
            if goal in ("month-type", "plus-one") and htype not in TYPES:
                raise ValueError(f"card {card_id}: goal {goal} needs a holiday type")
        count = int(item.get("count", 1))
        if count < 0:
            raise ValueError(f"card {card_id}: count must be 0 or more")
        cards.append(CardKind(card_id, kind, count, int(item.get("points", 0)), country, htype, goal,
                              item.get("flavour")))
    if not cards:
        raise ValueError("the kit lists no cards")
    tt = data.get("take_two", {})
    deals = tuple(tuple(int(n) for n in tt.get(f"players{p}", ())) for p in (2, 3, 4))
    for p, deal in zip((2, 3, 4), deals):
        if len(deal) != p or any(n < 0 for n in deal):
            raise ValueError(f"take_two.players{p} must list {p} counts of 0 or more")
    bridge = data.get("bridge", {})
    ice = tuple(int(n) for n in data.get("ice_cream", {}).get("points", (1, 3, 6, 10, 15)))
    return Kit(tuple(cards), deals, int(bridge.get("points", 2)), int(bridge.get("penalty", -2)), ice,
               int(data.get("photo", {}).get("points", 6)))


def reference_kit_text() -> str:
    return packaged_text("engine.summer_nine", "nine-kit.toml")


@read_once
def reference_kit() -> Kit:
    return Kit.from_toml(reference_kit_text())
