"""Random plausible board positions built from the kit's real shapes (for the renderer and tests).

Leaf tiles are laid without overlap in any rotation or mirror; some holes get a treasure token, some
groups of empty holes get an animal tile of the matching shape, and a few squirrels sit on empty squares.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.grids import COLUMNS, ROWS, format_grid
from vision.kit import Shape, load_kit

_PIECE_OF = {"green": ("G", "g"), "yellow": ("Y", "y"), "red": ("R", "r")}


@dataclass(frozen=True)
class Position:
    pieces: str  # piece notation
    tiles: tuple[tuple[int, ...], ...]  # 8x9 ids of leaf and animal tiles: 0 none (floor or squirrel)


def _orientations(cells, hole=None):
    """All 8 rotations/mirrors of a shape, normalised to start at (0, 0)."""
    out = []
    pts = [tuple(p) for p in cells]
    for mirror in (False, True):
        cur = [(r, -c) if mirror else (r, c) for r, c in pts]
        h = None if hole is None else ((hole[0], -hole[1]) if mirror else hole)
        for _ in range(4):
            cur = [(c, -r) for r, c in cur]
            h = None if h is None else (h[1], -h[0])
            r0 = min(r for r, _ in cur)
            c0 = min(c for _, c in cur)
            norm = tuple(sorted((r - r0, c - c0) for r, c in cur))
            nh = None if h is None else (h[0] - r0, h[1] - c0)
            if (norm, nh) not in out:
                out.append((norm, nh))
    return out


def random_position(rng: np.random.Generator, fill: float | None = None, animals: bool = True,
                    squirrels: bool = True) -> Position:
    """A board with leaf tiles covering about `fill` of the squares (drawn when None)."""
    kit = load_kit()
    fill = float(rng.uniform(0.0, 0.95)) if fill is None else fill
    grid = np.full((ROWS, COLUMNS), ".", dtype="<U1")
    tiles = np.zeros((ROWS, COLUMNS), dtype=np.int32)
    next_id = 1
    leaves: list[Shape] = list(kit.leaves)
    weights = np.array([s.count for s in leaves], dtype=float)
    weights /= weights.sum()
    target = int(fill * ROWS * COLUMNS)
    tries = 0
    while (grid != ".").sum() < target and tries < 400:
        tries += 1
        shape = leaves[int(rng.choice(len(leaves), p=weights))]
        options = _orientations(shape.cells, shape.hole)
        cells, hole = options[int(rng.integers(len(options)))]
        h = max(r for r, _ in cells) + 1
        w = max(c for _, c in cells) + 1
        r0 = int(rng.integers(0, ROWS - h + 1))
        c0 = int(rng.integers(0, COLUMNS - w + 1))
        if any(grid[r0 + r, c0 + c] != "." for r, c in cells):
            continue
        solid, holech = _PIECE_OF[shape.kind]
        for r, c in cells:
            grid[r0 + r, c0 + c] = holech if (r, c) == hole else solid
            tiles[r0 + r, c0 + c] = next_id
        next_id += 1
    holes = [(r, c) for r in range(ROWS) for c in range(COLUMNS) if grid[r, c] in "gyr"]
    # animals lie on connected groups of empty holes
    if animals and holes:
        for shape in kit.animals:
            if rng.random() > 0.35:
                continue
            for cells, _ in _orientations(shape.cells):
                placed = False
                for r0, c0 in holes:
                    anchor = cells[0]
                    spots = [(r0 + r - anchor[0], c0 + c - anchor[1]) for r, c in cells]
                    if all(0 <= r < ROWS and 0 <= c < COLUMNS and grid[r, c] in "gyr" for r, c in spots):
                        for r, c in spots:
                            grid[r, c] = "a"
                            tiles[r, c] = next_id
                        next_id += 1
                        placed = True
                        break
                if placed:
                    break
    for r, c in holes:  # a token lies on its leaf tile: the square keeps the leaf's tile id
        if grid[r, c] in "gyr" and rng.random() < 0.4:
            grid[r, c] = "t"
    if squirrels:
        empties = [(r, c) for r in range(ROWS) for c in range(COLUMNS) if grid[r, c] == "."]
        for i in rng.permutation(len(empties))[: int(rng.integers(0, 4))]:
            r, c = empties[int(i)]
            grid[r, c] = "s"
    return Position(format_grid(grid), tuple(tuple(int(v) for v in row) for row in tiles))
