"""Counts of treasure tokens: a player's supply, the common supply, a payout."""
from __future__ import annotations

from dataclasses import dataclass

from engine.indian_summer.kit import TREASURES

PLURAL = {"berry": "Berries", "nut": "Nuts", "mushroom": "Mushrooms", "feather": "Feathers"}
SINGULAR = {"berry": "Berry", "nut": "Nut", "mushroom": "Mushroom", "feather": "Feather"}


@dataclass(frozen=True, slots=True)
class Treasures:
    berry: int = 0
    nut: int = 0
    mushroom: int = 0
    feather: int = 0

    @staticmethod
    def of(mapping: dict) -> "Treasures":
        unknown = set(mapping) - set(TREASURES)
        if unknown:
            raise ValueError(f"unknown treasure {sorted(unknown)[0]!r}; known: {', '.join(TREASURES)}")
        values = {k: int(mapping.get(k, 0)) for k in TREASURES}
        if any(v < 0 for v in values.values()):
            raise ValueError("treasure counts cannot be negative")
        return Treasures(**values)

    def get(self, kind: str) -> int:
        return getattr(self, kind)

    def add(self, kind: str, n: int = 1) -> "Treasures":
        values = self.as_dict()
        values[kind] += n
        return Treasures(**values)

    def __add__(self, other: "Treasures") -> "Treasures":
        return Treasures(*(self.get(k) + other.get(k) for k in TREASURES))

    def __sub__(self, other: "Treasures") -> "Treasures":
        return Treasures(*(self.get(k) - other.get(k) for k in TREASURES))

    def as_dict(self) -> dict[str, int]:
        return {k: self.get(k) for k in TREASURES}

    def total(self) -> int:
        return sum(self.as_dict().values())

    def describe(self) -> str:
        parts = [f"{n} {(SINGULAR if n == 1 else PLURAL)[k]}" for k, n in self.as_dict().items() if n]
        return ", ".join(parts) if parts else "nothing"
