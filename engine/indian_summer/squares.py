"""Squares of the Forest Floor, named A1 (top-left) to I8, and the six Areas."""
from __future__ import annotations

from dataclasses import dataclass

from engine.errors import NotationError

COLUMNS = 9
ROWS = 8
AREA_COLUMNS = 3
AREA_ROWS = 4
LETTERS = "ABCDEFGHI"


@dataclass(frozen=True, order=True, slots=True)
class Square:
    """A square by row-major index, so squares sort in reading order and fit in a bitmask."""

    index: int

    @staticmethod
    def at(col: int, row: int) -> "Square":
        if not (0 <= col < COLUMNS and 0 <= row < ROWS):
            raise NotationError(f"no square at column {col}, row {row}")
        return Square(row * COLUMNS + col)

    @staticmethod
    def parse(text: str) -> "Square":
        t = text.strip().upper()
        if len(t) != 2 or t[0] not in LETTERS or not t[1].isdigit() or not 1 <= int(t[1]) <= ROWS:
            raise NotationError(f"{text!r} is not a square (A1 to I8)")
        return Square.at(LETTERS.index(t[0]), int(t[1]) - 1)

    @property
    def col(self) -> int:
        return self.index % COLUMNS

    @property
    def row(self) -> int:
        return self.index // COLUMNS

    @property
    def bit(self) -> int:
        return 1 << self.index

    @property
    def area(self) -> int:
        """Area number 1-6: left to right, top row of Areas first."""
        return (self.row // AREA_ROWS) * (COLUMNS // AREA_COLUMNS) + self.col // AREA_COLUMNS + 1

    def neighbours(self) -> list["Square"]:
        out = []
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            c, r = self.col + dc, self.row + dr
            if 0 <= c < COLUMNS and 0 <= r < ROWS:
                out.append(Square.at(c, r))
        return out

    def __str__(self) -> str:
        return f"{LETTERS[self.col]}{self.row + 1}"

    def __repr__(self) -> str:
        return f"Square({self})"


ALL_SQUARES: tuple[Square, ...] = tuple(Square(i) for i in range(COLUMNS * ROWS))
AREAS: tuple[int, ...] = tuple(range(1, 7))
AREA_SQUARES: dict[int, tuple[Square, ...]] = {
    a: tuple(s for s in ALL_SQUARES if s.area == a) for a in AREAS
}
AREA_MASK: dict[int, int] = {a: sum(s.bit for s in sq) for a, sq in AREA_SQUARES.items()}
FULL_MASK = (1 << (COLUMNS * ROWS)) - 1


def squares_of(mask: int) -> list[Square]:
    out = []
    while mask:
        low = mask & -mask
        out.append(Square(low.bit_length() - 1))
        mask ^= low
    return out


def mask_of(squares) -> int:
    m = 0
    for s in squares:
        m |= s.bit
    return m


def names(squares) -> str:
    """Squares as a person reads them: 'A1, B1 and C1'."""
    items = [str(s) for s in sorted(squares)]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
