"""The reference kit (board sides, leaf and animal shapes) read from its TOML data file.

The file belongs to the engine's data folder; vision reads it as data and never imports the engine.
"""
from __future__ import annotations

import functools
import pathlib
import tomllib
from dataclasses import dataclass

KIT_PATH = pathlib.Path(__file__).resolve().parent.parent / "engine" / "indian_summer" / "data" / "reference-kit.toml"


@dataclass(frozen=True)
class Shape:
    name: str
    kind: str  # "green" | "yellow" | "red" | "animal"
    count: int
    cells: tuple[tuple[int, int], ...]  # (row, col) of every covered square
    hole: tuple[int, int] | None  # (row, col) of the hole, leaf tiles only


@dataclass(frozen=True)
class Kit:
    sides: dict[str, str]  # side name -> printed notation
    leaves: tuple[Shape, ...]
    animals: tuple[Shape, ...]
    area: tuple[int, int] = (4, 3)  # an Area's rows and columns of squares


def _shape(entry: dict, kind: str) -> Shape:
    cells, hole = [], None
    for r, line in enumerate(entry["shape"]):
        for c, ch in enumerate(line):
            if ch in "#O":
                cells.append((r, c))
            if ch == "O":
                hole = (r, c)
    return Shape(entry["name"], kind, int(entry.get("count", 1)), tuple(cells), hole)


@functools.cache
def load_kit(path: pathlib.Path | str = KIT_PATH) -> Kit:
    with open(path, "rb") as f:
        data = tomllib.load(f)
    sides = {e["side"]: e["printed"] for e in data.get("forest_floor", [])}
    leaves = tuple(_shape(e, e["colour"]) for e in data.get("leaf", []))
    animals = tuple(_shape(e, "animal") for e in data.get("animal", []))
    grid = data.get("grid", {})
    return Kit(sides, leaves, animals, (int(grid.get("area_rows", 4)), int(grid.get("area_columns", 3))))


def physical_board(side: str) -> str:
    """The board a side is printed on: the kit names a board's two sides by its letter and 1 or 2 (A1 and
    A2 are the two faces of board A), so one table never shows both."""
    return side.rstrip("0123456789")
