"""Where a leaf tile lies: its squares and its hole, written '*A1 B1 C1' (the starred square is the hole)."""
from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalAction, NotationError
from engine.indian_summer.squares import COLUMNS, LETTERS, ROWS, Square, names, squares_of


@dataclass(frozen=True, slots=True)
class Placement:
    mask: int  # bitmask of covered squares
    hole: int  # square index of the hole

    @staticmethod
    def of(squares, hole: Square) -> "Placement":
        mask = 0
        for s in squares:
            mask |= s.bit
        return Placement(mask, hole.index)

    @staticmethod
    def parse(text: str) -> "Placement":
        """'*A1 B1 C1' or 'A1* B1 C1'; commas allowed. Squares beyond the grid are an illegal
        placement (off_board), not a typo, because a tile can overhang the edge."""
        tokens = text.replace(",", " ").split()
        if not tokens:
            raise NotationError("a placement needs squares, e.g. '*A1 B1 C1'")
        squares, hole, off = [], None, []
        for tok in tokens:
            starred = tok.startswith("*") or tok.endswith("*")
            name = tok.strip("*").upper()
            if len(name) >= 2 and name[0].isalpha() and name[1:].isdigit():
                col, row = ord(name[0]) - ord("A"), int(name[1:]) - 1
                if not (0 <= col < COLUMNS and 0 <= row < ROWS):
                    off.append(name)
                    continue
                sq = Square.at(col, row)
            else:
                raise NotationError(f"{tok!r} is not a square")
            if sq in squares:
                raise NotationError(f"square {sq} is named twice")
            squares.append(sq)
            if starred:
                if hole is not None:
                    raise NotationError("a leaf tile has exactly one hole: star one square")
                hole = sq
        if off:
            raise IllegalAction("off_board", f"the tile would hang over the board's edge at {', '.join(off)}")
        if hole is None:
            raise NotationError("mark the hole square with '*', e.g. '*A1 B1 C1'")
        return Placement.of(squares, hole)

    @property
    def squares(self) -> list[Square]:
        return squares_of(self.mask)

    @property
    def hole_square(self) -> Square:
        return Square(self.hole)

    @property
    def size(self) -> int:
        return bin(self.mask).count("1")

    def format(self) -> str:
        return " ".join(("*" if s.index == self.hole else "") + str(s) for s in self.squares)

    def describe(self) -> str:
        return f"{names(self.squares)} (hole at {self.hole_square})"

    def __str__(self) -> str:
        return self.format()


__all__ = ["Placement", "LETTERS"]
