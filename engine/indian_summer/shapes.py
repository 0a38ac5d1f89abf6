"""Polyominoes: orientations, translations onto the board, and connectivity.

A shape is a frozenset of (col, row) offsets, normalised so its smallest column and row are 0.
A leaf shape also marks one offset as its hole.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.indian_summer.squares import COLUMNS, ROWS, Square

Cells = frozenset  # of (col, row)


def normalise(cells) -> Cells:
    mc = min(c for c, _ in cells)
    mr = min(r for _, r in cells)
    return frozenset((c - mc, r - mr) for c, r in cells)


def _transforms():
    # the 8 symmetries of the square: 4 rotations, each optionally mirrored
    yield lambda c, r: (c, r)
    yield lambda c, r: (-r, c)
    yield lambda c, r: (-c, -r)
    yield lambda c, r: (r, -c)
    yield lambda c, r: (-c, r)
    yield lambda c, r: (r, c)
    yield lambda c, r: (c, -r)
    yield lambda c, r: (-r, -c)


@dataclass(frozen=True)
class Shape:
    """A polyomino with an optional hole cell (leaf tiles have one, animals none)."""

    cells: Cells
    hole: tuple[int, int] | None = None

    @staticmethod
    def from_rows(rows: list[str]) -> "Shape":
        """Kit drawing: '#' a square, 'O' the hole, '.' outside."""
        cells, hole = [], None
        for r, line in enumerate(rows):
            for c, ch in enumerate(line):
                if ch in "#O":
                    cells.append((c, r))
                if ch == "O":
                    hole = (c, r)
        return Shape(frozenset(cells), hole).normalised()

    def normalised(self) -> "Shape":
        mc = min(c for c, _ in self.cells)
        mr = min(r for _, r in self.cells)
        hole = None if self.hole is None else (self.hole[0] - mc, self.hole[1] - mr)
        return Shape(frozenset((c - mc, r - mr) for c, r in self.cells), hole)

    @property
    def size(self) -> int:
        return len(self.cells)

    def orientations(self) -> tuple["Shape", ...]:
        return _orientations(self)

    def key(self) -> tuple:
        """Orientation-independent identity: the smallest of its orientations."""
        return min(_sort_key(o) for o in self.orientations())


def _sort_key(s: Shape) -> tuple:
    return (tuple(sorted(s.cells)), s.hole or (-1, -1))


@lru_cache(maxsize=None)
def _orientations(shape: Shape) -> tuple[Shape, ...]:
    seen, out = set(), []
    for t in _transforms():
        cells = [t(c, r) for c, r in shape.cells]
        hole = t(*shape.hole) if shape.hole is not None else None
        o = Shape(frozenset(cells), hole).normalised()
        k = _sort_key(o)
        if k not in seen:
            seen.add(k)
            out.append(o)
    return tuple(out)


@lru_cache(maxsize=None)
def placements_of(shape: Shape) -> tuple[tuple[int, int], ...]:
    """Every (cells mask, hole square index or -1) of the shape on the board, all orientations."""
    out = []
    for o in shape.orientations():
        w = max(c for c, _ in o.cells) + 1
        h = max(r for _, r in o.cells) + 1
        for r0 in range(ROWS - h + 1):
            for c0 in range(COLUMNS - w + 1):
                mask = 0
                for c, r in o.cells:
                    mask |= 1 << ((r0 + r) * COLUMNS + c0 + c)
                hole = -1 if o.hole is None else (r0 + o.hole[1]) * COLUMNS + c0 + o.hole[0]
                out.append((mask, hole))
    return tuple(out)


def shape_of_squares(squares, hole: Square | None = None) -> Shape:
    cells = [(s.col, s.row) for s in squares]
    h = None if hole is None else (hole.col, hole.row)
    return Shape(frozenset(cells), h).normalised()


def is_connected(squares) -> bool:
    squares = set(squares)
    if not squares:
        return False
    start = next(iter(squares))
    seen, todo = {start}, [start]
    while todo:
        s = todo.pop()
        for n in s.neighbours():
            if n in squares and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(squares)


@lru_cache(maxsize=None)
def free_polyominoes(size: int) -> tuple[Shape, ...]:
    """All polyominoes of `size` cells up to rotation and reflection (no hole)."""
    shapes = {frozenset({(0, 0)})}
    for _ in range(size - 1):
        grown = set()
        for s in shapes:
            for c, r in s:
                for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    n = (c + dc, r + dr)
                    if n not in s:
                        grown.add(Shape(normalise(s | {n})).key()[0])
        shapes = {frozenset(k) for k in grown}
    return tuple(sorted((Shape(frozenset(s)) for s in shapes), key=lambda s: sorted(s.cells)))


@lru_cache(maxsize=None)
def free_leaf_shapes(size: int) -> tuple[Shape, ...]:
    """Every polyomino of `size` with a hole in any one cell, distinct up to symmetry: what a
    leaf tile of that colour may look like when the kit's exact shapes are not enforced."""
    out = {}
    for p in free_polyominoes(size):
        for cell in p.cells:
            s = Shape(p.cells, cell)
            out.setdefault(s.key(), s)
    return tuple(out[k] for k in sorted(out))
