"""The printed and piece notations of design.md: 8 rows of 9 characters joined by '/'."""
from __future__ import annotations

from dataclasses import dataclass

from engine.errors import NotationError
from engine.indian_summer.squares import COLUMNS, ROWS, Square

PRINTED_CHARS = ".bnmf?"
PIECE_CHARS = ".GYRgyrtsa?"
TREASURE_OF_PRINTED = {"b": "berry", "n": "nut", "m": "mushroom", "f": "feather"}
PRINTED_OF_TREASURE = {v: k for k, v in TREASURE_OF_PRINTED.items()}


def _parse_grid(text: str, alphabet: str, what: str) -> tuple[str, ...]:
    rows = text.strip().split("/")
    if len(rows) != ROWS:
        raise NotationError(f"{what} needs {ROWS} rows separated by '/', got {len(rows)}")
    for i, row in enumerate(rows, 1):
        if len(row) != COLUMNS:
            raise NotationError(f"{what} row {i} has {len(row)} characters, needs {COLUMNS}")
        bad = [c for c in row if c not in alphabet]
        if bad:
            raise NotationError(f"{what} row {i} has {bad[0]!r}; allowed: {alphabet}")
    return tuple("".join(rows))


@dataclass(frozen=True)
class PrintedLayout:
    """One side of a Forest Floor: which treasure symbol is printed on each square."""

    cells: tuple[str, ...]  # 72 characters from PRINTED_CHARS, reading order

    @staticmethod
    def parse(text: str) -> "PrintedLayout":
        return PrintedLayout(_parse_grid(text, PRINTED_CHARS, "printed notation"))

    def format(self) -> str:
        s = "".join(self.cells)
        return "/".join(s[r * COLUMNS:(r + 1) * COLUMNS] for r in range(ROWS))

    def treasure_at(self, square: Square) -> str | None:
        """'berry', 'nut', 'mushroom', 'feather', or None for a plain (or unknown) square."""
        return TREASURE_OF_PRINTED.get(self.cells[square.index])

    def __str__(self) -> str:
        return self.format()


@dataclass(frozen=True)
class PieceGrid:
    """What lies on a board, square by square, in the piece notation."""

    cells: tuple[str, ...]

    @staticmethod
    def parse(text: str) -> "PieceGrid":
        return PieceGrid(_parse_grid(text, PIECE_CHARS, "piece notation"))

    @staticmethod
    def empty() -> "PieceGrid":
        return PieceGrid(tuple("." * (COLUMNS * ROWS)))

    def format(self) -> str:
        s = "".join(self.cells)
        return "/".join(s[r * COLUMNS:(r + 1) * COLUMNS] for r in range(ROWS))

    def at(self, square: Square) -> str:
        return self.cells[square.index]

    def __str__(self) -> str:
        return self.format()
