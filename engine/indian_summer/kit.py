"""Component data (shapes, counts, supply, printed layouts) read from a kit TOML text.

The kit is data, not code: the reference kit ships with the package, and a table whose copy differs
passes its own file.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cached_property

from engine.errors import NotationError
from engine.indian_summer.notation import PrintedLayout
from engine.indian_summer.shapes import Shape, free_leaf_shapes
from engine.kits import packaged_text, read_once

COLOURS = ("green", "yellow", "red")
TREASURES = ("berry", "nut", "mushroom", "feather")  # lowest value first
COLOUR_LETTER = {"green": "G", "yellow": "Y", "red": "R"}
LETTER_COLOUR = {v: k for k, v in COLOUR_LETTER.items()}


@dataclass(frozen=True)
class LeafKind:
    colour: str
    name: str
    count: int
    shape: Shape


@dataclass(frozen=True)
class AnimalKind:
    name: str
    count: int
    shape: Shape
    starting_treasure: str | None


@dataclass(frozen=True)
class Kit:
    leaves: tuple[LeafKind, ...]
    animals: tuple[AnimalKind, ...]
    supply: tuple[tuple[str, int], ...]  # treasure -> box count, plus 'squirrel'
    sides: tuple[tuple[str, PrintedLayout], ...]

    @staticmethod
    def from_toml(text: str) -> "Kit":
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise NotationError(f"kit file is not valid TOML: {exc}") from None
        grid = data.get("grid", {})
        if not isinstance(grid, dict) or (grid.get("columns"), grid.get("rows")) != (9, 8):
            raise NotationError("kit grid must be 9 columns x 8 rows")
        leaves = []
        for item in _tables(data, "leaf"):
            name = _text(item, "name", "leaf")
            shape = _shape(item)
            if shape.hole is None:
                raise NotationError(f"leaf {name} has no hole 'O'")
            if item.get("colour") not in COLOURS:
                raise NotationError(f"leaf {name}: unknown colour {str(item.get('colour'))[:20]!r}")
            leaves.append(LeafKind(item["colour"], name, _count(item, "count"), shape))
        animals = []
        for a in _tables(data, "animal"):
            treasure = a.get("starting_treasure")
            if treasure is not None and treasure not in TREASURES:
                raise NotationError(f"animal {_text(a, 'name', 'animal')}: starting_treasure must be one of {', '.join(TREASURES)}")
            animals.append(AnimalKind(_text(a, "name", "animal"), _count(a, "count"), _shape(a), treasure))
        raw_supply = data.get("supply", {})
        if not isinstance(raw_supply, dict) or set(raw_supply) - set(TREASURES) - {"squirrel"}:
            raise NotationError(f"[supply] holds counts of {', '.join(TREASURES)} and squirrel only")
        supply = tuple((k, _count(raw_supply, k)) for k in raw_supply)
        sides = tuple((_text(f, "side", "forest_floor"), PrintedLayout.parse(_text(f, "printed", "forest_floor")))
                      for f in _tables(data, "forest_floor"))
        return Kit(tuple(leaves), tuple(animals), supply, sides)

    @cached_property
    def size_of_colour(self) -> dict[str, int]:
        sizes: dict[str, int] = {}
        for leaf in self.leaves:
            sizes.setdefault(leaf.colour, leaf.shape.size)
        return sizes or {"green": 3, "yellow": 4, "red": 5}

    @cached_property
    def colour_of_size(self) -> dict[int, str]:
        return {v: k for k, v in self.size_of_colour.items()}

    def leaf(self, name: str) -> LeafKind:
        for leaf in self.leaves:
            if leaf.name == name:
                return leaf
        raise NotationError(f"the kit has no leaf shape named {name!r}")

    def animal(self, name: str) -> AnimalKind:
        for a in self.animals:
            if a.name == name:
                return a
        raise NotationError(f"the kit has no animal named {name!r}")

    def side(self, name: str) -> PrintedLayout:
        for n, layout in self.sides:
            if n == name:
                return layout
        raise NotationError(f"the kit has no board side {name!r}; known: {', '.join(n for n, _ in self.sides)}")

    @cached_property
    def box(self) -> dict[str, int]:
        return dict(self.supply)

    def tile_count(self, colour: str) -> int:
        return sum(leaf.count for leaf in self.leaves if leaf.colour == colour)

    def shapes_for(self, colour: str, strict: bool) -> tuple[Shape, ...]:
        """The shapes a tile of this colour may have: the kit's own, or (lenient) any polyomino of
        the colour's size with one hole."""
        if strict:
            seen = {}
            for leaf in self.leaves:
                if leaf.colour == colour:
                    seen.setdefault(leaf.shape.key(), leaf.shape)
            return tuple(seen.values())
        return free_leaf_shapes(self.size_of_colour[colour])

    def leaf_name_of(self, shape: Shape, colour: str) -> str | None:
        key = shape.key()
        for leaf in self.leaves:
            if leaf.colour == colour and leaf.shape.key() == key:
                return leaf.name
        return None


MAX_COUNT = 999  # of one kind of tile or token: a box holds dozens


def _tables(data: dict, key: str) -> list[dict]:
    items = data.get(key, [])
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise NotationError(f"[[{key}]] must be tables, each written under its own [[{key}]] line")
    return items


def _text(table: dict, key: str, what: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value:
        raise NotationError(f"every [[{what}]] needs {key} = \"...\" (a string)")
    return value


def _count(table: dict, key: str) -> int:
    value = table[key]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise NotationError(f"{table.get('name', key)}: {key} must be a whole number from 0 to {MAX_COUNT}, not {str(value)[:20]!r}")
    return value


def _shape(item: dict) -> Shape:
    rows = item["shape"]
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        raise NotationError(f"{item.get('name', '?')}: shape must be a list of rows such as [\"O#\", \"##\"]")
    if len(rows) > 8 or max(len(r) for r in rows) > 9 or not any(ch in "#O" for r in rows for ch in r):
        raise NotationError(f"{item.get('name', '?')}: a shape has 1 to 9 columns and 1 to 8 rows, with at least one square")
    return Shape.from_rows(rows)


def reference_kit_text() -> str:
    return packaged_text("engine.indian_summer", "reference-kit.toml")


@read_once
def reference_kit() -> Kit:
    return Kit.from_toml(reference_kit_text())
