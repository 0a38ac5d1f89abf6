"""Pieces that never lie alone: a square read as part of a tile needs a square of the same tile beside it.

A tile of more than one square is joined edge to edge, so each of its squares has a neighbour of the same
tile. For the kit's tiles that means: a solid leaf square has beside it a square of its own colour (solid or
its hole), or a token or an animal square (either may lie on the tile's hole); a hole, and a token, a
solid leaf square (a tile has one hole); an animal square another animal square. A hidden neighbour (`?`)
may be that mate. Squirrels and the floor need nothing.

A square read as such a piece with no possible mate beside it is a misreading: the floor in a patch of
shadow read as an animal, a token for the floor in a hole. The likeliest piece that can lie there is taken
instead. Which tiles have more than one square comes from the kit's data, so a kit with one-square tiles
keeps those pieces free.
"""
from __future__ import annotations

import functools

import numpy as np

from vision.grids import COLUMNS, PIECE_CHARS, ROWS
from vision.kit import Kit, load_kit

SOLID_AND_HOLE = {"green": ("G", "g"), "yellow": ("Y", "y"), "red": ("R", "r")}
TOKEN, ANIMAL, HIDDEN = "t", "a", "?"


@functools.cache
def mates() -> dict[str, frozenset[str]]:
    """Each piece character that must have a tile-mate beside it, and the characters that can be one."""
    return mates_in(load_kit())


def mates_in(kit: Kit) -> dict[str, frozenset[str]]:
    """mates() for this kit."""
    out: dict[str, set[str]] = {}
    for colour, (solid, hole) in SOLID_AND_HOLE.items():
        shapes = [s for s in kit.leaves if s.kind == colour]
        if not shapes or min(len(s.cells) for s in shapes) < 2:
            continue
        out.setdefault(solid, set()).update((solid, hole, TOKEN, ANIMAL))
        out.setdefault(hole, set()).add(solid)
        out.setdefault(TOKEN, set()).add(solid)
    if any(len(s.cells) < 2 for s in kit.leaves):
        out.pop(TOKEN, None)  # a token can lie on a one-square tile's hole
    if kit.animals and min(len(s.cells) for s in kit.animals) >= 2:
        out[ANIMAL] = {ANIMAL}
    return {k: frozenset(v | {HIDDEN}) for k, v in out.items()}


def neighbours(i: int) -> list[int]:
    """The squares (reading order) beside square i, edge to edge."""
    r, c = divmod(i, COLUMNS)
    return ([i - COLUMNS] if r > 0 else []) + ([i + COLUMNS] if r < ROWS - 1 else []) + \
        ([i - 1] if c > 0 else []) + ([i + 1] if c < COLUMNS - 1 else [])


def can_lie(chars: np.ndarray, i: int, piece: str, need: dict[str, frozenset[str]]) -> bool:
    """Whether `piece` on square i would have a possible tile-mate among its neighbours' characters."""
    allowed = need.get(piece)
    return allowed is None or any(chars[j] in allowed for j in neighbours(i))


def lone_squares(chars: np.ndarray) -> list[int]:
    """The squares (reading order) whose piece needs a tile-mate where no neighbour can be one."""
    needs, pairs = _tables()
    codes = _CODE[np.frombuffer("".join(chars.tolist()).encode(), np.uint8)].reshape(ROWS, COLUMNS)
    beside = np.full((ROWS + 2, COLUMNS + 2), len(_CHARS))  # off the board: a code no piece has
    beside[1:-1, 1:-1] = codes
    near = np.stack([beside[:-2, 1:-1], beside[2:, 1:-1], beside[1:-1, :-2], beside[1:-1, 2:]])
    lone = needs[codes] & ~pairs[codes[None], near].any(0)
    return np.flatnonzero(lone).tolist()


_CHARS = PIECE_CHARS
_CODE = np.full(256, len(_CHARS), np.intp)
_CODE[[ord(c) for c in _CHARS]] = np.arange(len(_CHARS))


@functools.cache
def _tables() -> tuple[np.ndarray, np.ndarray]:
    """mates() as arrays over piece codes (PIECE_CHARS order, then "off the board"): whether a piece
    needs a mate, and whether a neighbour's piece can be its mate."""
    need = mates()
    n = len(_CHARS) + 1
    needs = np.zeros(n, bool)
    pairs = np.zeros((n, n), bool)
    for piece, allowed in need.items():
        k = _CHARS.index(piece)
        needs[k] = True
        pairs[k, [_CHARS.index(c) for c in allowed]] = True
    return needs, pairs
