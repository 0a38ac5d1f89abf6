"""Piece and printed notations as the vision side reads and writes them (design.md's contract).

A notation is 8 rows top to bottom separated by "/", 9 characters each; column A..I is index 0..8,
row 1..8 is index 0..7. Kept here, not imported from the engine, so vision stands on its own.
"""
from __future__ import annotations

import functools

import numpy as np

COLUMNS = 9
ROWS = 8
PIECE_CHARS = ".GYRgyrtsa?"
PRINTED_CHARS = ".bnmf?"
LEAF_SOLID = "GYR"
LEAF_HOLE = "gyr"
# squares where the printed floor can be seen: the empty square and the three uncovered holes
FLOOR_VISIBLE = frozenset(".gyr")


class NotationError(ValueError):
    """A notation string that does not have 8 rows of 9 allowed characters."""


def parse(notation: str, allowed: str = PIECE_CHARS) -> np.ndarray:
    """Notation -> 8x9 array of one-character strings (row, column)."""
    rows = notation.strip().split("/")
    if len(rows) != ROWS or any(len(r) != COLUMNS for r in rows):
        raise NotationError(f"expected {ROWS} rows of {COLUMNS} characters separated by '/': {notation!r}")
    bad = sorted({c for r in rows for c in r} - set(allowed))
    if bad:
        raise NotationError(f"characters {''.join(bad)!r} not allowed here (allowed {allowed!r})")
    return np.array([list(r) for r in rows], dtype="<U1")


def format_grid(grid) -> str:
    """8x9 array (or nested lists) of characters -> notation."""
    rows = grid.tolist() if isinstance(grid, np.ndarray) else grid
    return "/".join("".join(map(str, row)) for row in rows)


def empty(char: str = ".") -> str:
    return "/".join([char * COLUMNS] * ROWS)


def square_name(row: int, col: int) -> str:
    return f"{'ABCDEFGHI'[col]}{row + 1}"


def rotate180(notation: str) -> str:
    """The same board read from the opposite seat (used when testing orientations)."""
    return "/".join(r[::-1] for r in reversed(notation.split("/")))


def any_in_area(mask: np.ndarray, area: tuple[int, int]) -> np.ndarray:
    """(ROWS, COLUMNS) bool: whether any square of each square's Area (`area` = its rows and columns of
    squares, which tile the board) is set in `mask`."""
    ids, count = _area_ids(*area)
    return (np.bincount(ids[np.asarray(mask, bool)], minlength=count) > 0)[ids]


@functools.cache
def _area_ids(rows: int, columns: int) -> tuple[np.ndarray, int]:
    """(ROWS, COLUMNS) each square's Area, numbered, and how many Areas there are (a lookup: numpy's
    reduction over two axes of a reshaped board took longer than the rest of a layout's weighing)."""
    r, c = np.meshgrid(np.arange(ROWS) // rows, np.arange(COLUMNS) // columns, indexing="ij")
    ids = r * (COLUMNS // columns) + c
    ids.flags.writeable = False
    return ids, int(ids.max()) + 1
