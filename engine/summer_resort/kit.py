"""The weather deck's mix, read from a kit TOML text (the packaged one is partly assumed: see its header).

The kit is data, not code: the reference deck ships with the package, and a table whose deck differs
passes its own text.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass

from engine.errors import NotationError
from engine.kits import packaged_text, read_once
from engine.summer_resort.components import WEATHER

DECK_SIZE = 13


@dataclass(frozen=True)
class ResortKit:
    deck: tuple[tuple[str, int], ...]  # weather -> cards, in the order of components.WEATHER

    @staticmethod
    def from_toml(text: str) -> "ResortKit":
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise NotationError(f"kit file is not valid TOML: {exc}") from None
        counts = dict.fromkeys(WEATHER, 0)
        items = data.get("weather")
        if not isinstance(items, list) or not items:
            raise NotationError("kit file needs [[weather]] entries with 'name' and 'count'")
        for item in items:
            name, count = item.get("name"), item.get("count")
            if name not in WEATHER:
                raise NotationError(f"kit: unknown weather {name!r}; known: {', '.join(WEATHER)}")
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                raise NotationError(f"kit: weather {name} needs a whole 'count' of 0 or more")
            counts[name] += count
        if sum(counts.values()) != DECK_SIZE:
            raise NotationError(f"kit: the weather deck must hold {DECK_SIZE} cards, not {sum(counts.values())}")
        if counts["storm"] < 1 or counts["rain"] < 2:
            raise NotationError("kit: the deck needs at least one storm and two rain cards (five players remove one of each)")
        return ResortKit(tuple(counts.items()))

    def deck_for(self, players: int) -> tuple[tuple[str, int], ...]:
        """The deck in play: with five players one storm and one rain card stay out."""
        if players != 5:
            return self.deck
        return tuple((w, n - 1 if w in ("storm", "rain") else n) for w, n in self.deck)


def reference_kit_text() -> str:
    return packaged_text("engine.summer_resort", "weather-deck.toml")


@read_once
def reference_kit() -> ResortKit:
    return ResortKit.from_toml(reference_kit_text())
