"""Piece and printed notations as arrays for the vision side (design.md's contract).

A notation is 8 rows top to bottom separated by "/", 9 characters each; column A..I is index 0..8,
row 1..8 is index 0..7. Parsed by the engine's own notation (`engine.indian_summer.notation`, standard
library only), so a notation has one parser and one error; here it becomes an 8x9 array of characters.
"""
from __future__ import annotations

import functools

import numpy as np

from engine.errors import NotationError
from engine.indian_summer.notation import PIECE_CHARS, PRINTED_CHARS, PieceGrid, PrintedLayout
from engine.indian_summer.squares import COLUMNS, ROWS

__all__ = ["COLUMNS", "FLOOR_VISIBLE", "LEAF_HOLE", "LEAF_SOLID", "NotationError", "PIECE_CHARS", "PRINTED_CHARS",
           "ROWS", "any_in_area", "empty", "format_grid", "parse", "rotate180", "square_name"]

LEAF_SOLID = "GYR"
LEAF_HOLE = "gyr"
# squares where the printed floor can be seen: the empty square and the three uncovered holes
FLOOR_VISIBLE = frozenset(".gyr")


def parse(notation: str, printed: bool = False) -> np.ndarray:
    """Piece notation (printed notation with `printed`) -> 8x9 array of one-character strings (row, column);
    engine.errors.NotationError when it is not one."""
    cells = (PrintedLayout if printed else PieceGrid).parse(notation).cells
    return np.array(cells, dtype="<U1").reshape(ROWS, COLUMNS)


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
