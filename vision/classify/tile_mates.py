"""Pieces that never lie alone: a square read as part of a tile needs a square of the same tile beside it.

A tile of more than one square is joined edge to edge, so each of its squares has a neighbour of the same
tile. For the kit's tiles that means: a solid leaf square has beside it a square of its own colour (solid or
its hole), or a token or an animal square (either may lie on the tile's hole); a hole, and a token, a
solid leaf square (a tile has one hole); an animal square another animal square. A hidden neighbour (`?`)
may be that mate. Squirrels and the floor need nothing.

Likewise each tile has its hole: a group of solid squares of one colour, edge to edge, touches a hole of
that colour, a token or an animal square (over the hole), or a hidden square.

A square read as such a piece with no possible mate beside it, or a group with no hole, is a misreading,
of itself (the floor in a patch of shadow read as an animal) or of a neighbour
(vision.classify.classification.with_tile_mates decides which). Which tiles have more than one square comes from
the kit's data, so a kit with one-square tiles keeps those pieces free.
"""
from __future__ import annotations

import functools

import cv2
import numpy as np

from vision.classify.features import four_neighbours
from vision.grids import COLUMNS, LEAF_HOLE, LEAF_SOLID, PIECE_CHARS, ROWS
from vision.kit import Kit, load_kit

# the kit's leaf colours, each with its solid and hole characters
SOLID_AND_HOLE = dict(zip(("green", "yellow", "red"), zip(LEAF_SOLID, LEAF_HOLE)))
TOKEN, ANIMAL, HIDDEN = "t", "a", "?"
OFF_BOARD = len(PIECE_CHARS)  # the code beyond the board's edge, after the piece characters' own
_CODE = np.full(256, OFF_BOARD, np.intp)  # a piece character's byte -> its place in PIECE_CHARS
_CODE[[ord(c) for c in PIECE_CHARS]] = np.arange(len(PIECE_CHARS))


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


def piece_codes(chars: np.ndarray) -> np.ndarray:
    """(72,) each square's piece character's place in PIECE_CHARS, for 72 characters in reading order."""
    return _codes_of("".join(chars.tolist()))


def _codes_of(pieces: str) -> np.ndarray:
    return _CODE[np.frombuffer(pieces.encode(), np.uint8)]


def _codes_and_near(chars: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The squares' piece codes (8x9, PIECE_CHARS order) and their four neighbours' (4x8x9, OFF_BOARD
    beyond the edge), read-only."""
    return _codes_and_near_of("".join(chars.tolist()))


@functools.lru_cache(maxsize=16)
def _codes_and_near_of(pieces: str) -> tuple[np.ndarray, np.ndarray]:
    # by the pieces read: a reading's lone squares and holeless groups are asked of the same characters
    codes = _codes_of(pieces).reshape(ROWS, COLUMNS)
    near = four_neighbours(codes[..., None], OFF_BOARD)[..., 0]
    codes.flags.writeable = near.flags.writeable = False
    return codes, near


def lone_squares(chars: np.ndarray) -> list[int]:
    """The squares (reading order) whose piece needs a tile-mate where no neighbour can be one."""
    needs, pairs, _ = _tables()
    codes, near = _codes_and_near(chars)
    return np.flatnonzero(needs[codes] & ~pairs[codes[None], near].any(0)).tolist()


@functools.cache
def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """mates() as arrays over piece codes (PIECE_CHARS order, then OFF_BOARD): whether a piece needs a
    mate, whether a neighbour's piece can be its mate, and whether it can be the hole of a solid leaf
    square's tile."""
    need = mates()
    n = OFF_BOARD + 1
    needs = np.zeros(n, bool)
    pairs = np.zeros((n, n), bool)
    holes = np.zeros((n, n), bool)
    for piece, allowed in need.items():
        k = PIECE_CHARS.index(piece)
        needs[k] = True
        pairs[k, [PIECE_CHARS.index(c) for c in allowed]] = True
    for solid, hole in SOLID_AND_HOLE.values():
        if solid in need:
            over_hole = [PIECE_CHARS.index(c) for c in (hole, TOKEN, ANIMAL, HIDDEN)]
            holes[PIECE_CHARS.index(solid), over_hole] = True
    return needs, pairs, holes


@functools.cache
def _colours_asked_for_holes() -> tuple[tuple[str, str], ...]:
    """(solid, hole) characters of the leaf colours whose solid squares need a hole in their tile."""
    _, _, holes = _tables()
    return tuple((solid, hole) for solid, hole in SOLID_AND_HOLE.values() if holes[PIECE_CHARS.index(solid)].any())


@functools.cache
def _largest_tile() -> dict[str, int]:
    """The squares of each leaf colour's largest tile, by its solid character (its hole misread as a solid
    square makes a group that large)."""
    kit = load_kit()
    return {solid: max((len(t.cells) for t in kit.leaves if t.kind == colour), default=0)
            for colour, (solid, _) in SOLID_AND_HOLE.items()}


def holeless_groups(chars: np.ndarray) -> list[tuple[str, list[int]]]:
    """Each group of solid leaf squares of one colour, edge to edge, no larger than the colour's largest
    tile, that touches nothing its tile's hole could be (the colour's hole, a token, an animal square, a
    hidden square): (hole character, squares in reading order). A larger group would be several tiles with
    several holes misread, more likely something else than a board (a sleeve in a leaf's colour), and is
    left as read. Only colours whose tiles have more than one square are asked for a hole."""
    _, _, holes = _tables()
    largest = _largest_tile()
    codes, near = _codes_and_near(chars)
    hole_near = holes[codes[None], near].any(0)
    out = []
    for solid, hole in _colours_asked_for_holes():
        group = codes == PIECE_CHARS.index(solid)
        if not group.any():
            continue
        n, labels = cv2.connectedComponents(group.astype(np.uint8), connectivity=4)
        served = np.bincount(labels[hole_near & group], minlength=n)
        size = np.bincount(labels.ravel(), minlength=n)
        out += [(hole, np.flatnonzero(labels.ravel() == k).tolist()) for k in range(1, n)
                if not served[k] and size[k] <= largest[solid]]
    return out
