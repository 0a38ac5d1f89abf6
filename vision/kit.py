"""The reference kit (board sides, leaf and animal shapes) as the recognizer and the renderer use it.

Read through the engine's own kit (`engine.indian_summer.kit`, standard library only), so the component data
has one parser; here its shapes are cells in reading order and its sides printed notations.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from engine.indian_summer.kit import reference_kit
from engine.indian_summer.shapes import Shape as EngineShape
from engine.indian_summer.squares import AREA_COLUMNS, AREA_ROWS


@dataclass(frozen=True)
class Shape:
    name: str
    kind: str  # "green" | "yellow" | "red" | "animal"
    count: int
    cells: tuple[tuple[int, int], ...]  # (row, col) of every covered square, in reading order
    hole: tuple[int, int] | None  # (row, col) of the hole, leaf tiles only


@dataclass(frozen=True)
class Kit:
    sides: dict[str, str]  # side name -> printed notation
    leaves: tuple[Shape, ...]
    animals: tuple[Shape, ...]
    area: tuple[int, int] = (AREA_ROWS, AREA_COLUMNS)  # an Area's rows and columns of squares


def _shape(name: str, kind: str, count: int, shape: EngineShape) -> Shape:
    cells = tuple(sorted((r, c) for c, r in shape.cells))
    hole = None if shape.hole is None else (shape.hole[1], shape.hole[0])
    return Shape(name, kind, int(count), cells, hole)


@functools.cache
def load_kit() -> Kit:
    kit = reference_kit()
    sides = {name: layout.format() for name, layout in kit.sides}
    leaves = tuple(_shape(leaf.name, leaf.colour, leaf.count, leaf.shape) for leaf in kit.leaves)
    animals = tuple(_shape(a.name, "animal", a.count, a.shape) for a in kit.animals)
    return Kit(sides, leaves, animals)


def physical_board(side: str) -> str:
    """The board a side is printed on: the kit names a board's two sides by its letter and 1 or 2 (A1 and
    A2 are the two faces of board A), so one table never shows both."""
    return side.rstrip("0123456789")
