"""Every leaf tile has one hole: a board's counts of leaf squares, holes, tokens and animal squares agree.

A tile of a colour whose tiles have k squares shows k-1 solid squares and one hole. The hole shows the
floor (the colour's hole character), or lies under a treasure token or an animal square (animals lie only
on holes). So however the tiles lie, a board has a whole number of each colour's tiles: (solid squares) /
(k-1), at least as many as its open holes; and its tokens and animal squares are exactly the tiles' holes
that are not open. Hidden squares may be anything, so they can make up a tile's hidden part or hole.

A reading that cannot meet this has misread a square somewhere: the floor as an animal, a hole as a
solid square, a leaf as another colour. vision.classify.classification.with_tiles_counted finds the cheapest
change that mends it. The tile sizes come from the kit's data; a kit with tiles of one colour in
different sizes, or with a tile that has no hole, turns the rule off.
"""
from __future__ import annotations

import functools

import numpy as np

from vision.grids import LEAF_HOLE, LEAF_SOLID, PIECE_CHARS
from vision.kit import Kit, load_kit
from vision.classify.tile_mates import SOLID_AND_HOLE, piece_codes

_SOLID = [PIECE_CHARS.index(c) for c in LEAF_SOLID]
_HOLE = [PIECE_CHARS.index(c) for c in LEAF_HOLE]
_COVERED_HOLE = [PIECE_CHARS.index(c) for c in "ta"]  # a token or an animal square lies on a hole
_HIDDEN = PIECE_CHARS.index("?")


def solid_per_tile_in(kit: Kit) -> np.ndarray | None:
    """Each leaf colour's solid squares per tile (LEAF_SOLID's order), or None when the kit breaks the
    rule's premise (a colour's tiles in more than one size, a tile without a hole, a colour without tiles)."""
    out = []
    for colour in SOLID_AND_HOLE:
        shapes = [s for s in kit.leaves if s.kind == colour]
        sizes = {len(s.cells) for s in shapes}
        if len(sizes) != 1 or any(s.hole is None for s in shapes) or min(sizes) < 2:
            return None
        out.append(sizes.pop() - 1)
    return np.array(out)


@functools.cache
def solid_per_tile() -> np.ndarray | None:
    """solid_per_tile_in for the reference kit."""
    return solid_per_tile_in(load_kit())


def piece_counts(chars: np.ndarray) -> np.ndarray:
    """How many squares of each piece character (PIECE_CHARS order) 72 characters hold."""
    return np.bincount(piece_codes(chars), minlength=len(PIECE_CHARS) + 1)[:len(PIECE_CHARS)]


def hidden_squares_needed(counts: np.ndarray, per_tile: np.ndarray) -> int:
    """The fewest hidden squares a board with these piece counts needs for its tiles to come out whole.

    Each colour is given as few tiles as its solid squares and open holes allow; the hidden squares then
    hold those tiles' missing solid squares and the holes that no token or animal square fills. Tokens and
    animal squares beyond the tiles' holes need tiles of their own, wholly hidden but for the hole (the
    colour with the fewest solid squares per tile, as the cheapest explanation)."""
    solid, holes = counts[_SOLID], counts[_HOLE]
    tiles = np.maximum(holes, -(-solid // per_tile))
    missing_solid = int((tiles * per_tile - solid).sum())
    unfilled = int((tiles - holes).sum()) - int(counts[_COVERED_HOLE].sum())
    if unfilled >= 0:
        return missing_solid + unfilled
    return missing_solid - unfilled * int(per_tile.min())


def counts_whole(counts: np.ndarray) -> bool:
    """Whether a reading with these piece counts (piece_counts) can be whole tiles, each with its one hole
    (always, when the kit turns the rule off)."""
    per_tile = solid_per_tile()
    return per_tile is None or hidden_squares_needed(counts, per_tile) <= counts[_HIDDEN]


def tiles_whole(chars: np.ndarray) -> bool:
    """counts_whole for a reading's 72 piece characters."""
    return counts_whole(piece_counts(chars))
