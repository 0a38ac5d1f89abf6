"""Slots, months, pool cells and schedules, with their text forms.

A schedule has slots 1-9: June is 1-3, July 4-6, August 7-9. The pool has two lines of 9 cards, A on
top and B below; a cell is written line and column, `A1` to `B9`; column 1-3 lie in June, 4-6 in
July, 7-9 in August. A schedule is written as its 9 card ids in slot order, `-` for an empty slot,
with `|` between months: `spain-beach bridge - | ...`.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.errors import NotationError

MONTHS = ("June", "July", "August")
LINES = ("A", "B")
SLOTS = 9
COLUMNS = 9
EMPTY = "-"


def month_of_slot(slot: int) -> int:
    return (slot - 1) // 3


def month_of_column(column: int) -> int:
    return (column - 1) // 3


def month_slots(month: int) -> tuple[int, int, int]:
    return (3 * month + 1, 3 * month + 2, 3 * month + 3)


def parse_slot(text: str) -> int:
    t = text.strip().lower().removeprefix("slot")
    if t.isdigit() and 1 <= int(t) <= SLOTS:
        return int(t)
    raise NotationError(f"{text!r} is not a schedule slot (1-9)")


@dataclass(frozen=True, slots=True, order=True)
class Cell:
    line: int  # 0 = A (top), 1 = B
    column: int  # 1-9

    @staticmethod
    def parse(text: str) -> "Cell":
        t = text.strip().upper()
        if len(t) == 2 and t[0] in LINES and t[1].isdigit() and 1 <= int(t[1]) <= COLUMNS:
            return Cell(LINES.index(t[0]), int(t[1]))
        raise NotationError(f"{text!r} is not a pool cell (A1-A9 on the top line, B1-B9 below)")

    def format(self) -> str:
        return f"{LINES[self.line]}{self.column}"

    @property
    def index(self) -> int:
        return self.line * COLUMNS + self.column - 1

    @property
    def month(self) -> int:
        return month_of_column(self.column)

    @staticmethod
    def at(index: int) -> "Cell":
        return Cell(index // COLUMNS, index % COLUMNS + 1)


def format_schedule(slots: tuple[str | None, ...]) -> str:
    words = [s or EMPTY for s in slots]
    return " | ".join(" ".join(words[i:i + 3]) for i in (0, 3, 6))


def parse_schedule(text: str, known: set[str] | None = None) -> tuple[str | None, ...]:
    """9 card ids in slot order (`-` empty); `|` between months is optional. Unknown ids are refused
    when `known` is given."""
    if not isinstance(text, str):
        raise NotationError("a schedule is a string of 9 card ids")
    words = [w for w in text.replace("|", " ").replace(",", " ").split()]
    if len(words) != SLOTS:
        raise NotationError(f"a schedule has 9 slots, {len(words)} given in {text!r}")
    out = []
    for w in words:
        if w == EMPTY:
            out.append(None)
        else:
            if known is not None and w not in known:
                raise NotationError(f"{w!r} is not a card of the kit")
            out.append(w)
    return tuple(out)
