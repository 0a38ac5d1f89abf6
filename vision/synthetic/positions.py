"""Random plausible board positions built from the kit's real shapes (for the renderer and tests).

Leaf tiles are laid without overlap in any rotation or mirror; some holes get a treasure token, some
groups of empty holes get an animal tile of the matching shape, and a few squirrels sit on empty squares.
A position knows no board side; `with_treasure_tokens` moves its tokens to where a game on a given side
puts them.
"""
from __future__ import annotations

import zlib
from dataclasses import dataclass, replace

import numpy as np

from vision.grids import COLUMNS, LEAF_HOLE, LEAF_SOLID, ROWS, any_in_area, format_grid, parse
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
    holes = [(r, c) for r in range(ROWS) for c in range(COLUMNS) if grid[r, c] in LEAF_HOLE]
    # animals lie on connected groups of empty holes
    if animals and holes:
        for shape in kit.animals:
            if rng.random() > 0.35:
                continue
            for cells, _ in _orientations(shape.cells):
                spots = next((sp for at in holes if (sp := _on_holes(grid, cells, at))), None)
                if spots:
                    _lay_animal(grid, tiles, spots, next_id)
                    next_id += 1
                    break
    for r, c in holes:  # a token lies on its leaf tile: the square keeps the leaf's tile id
        if grid[r, c] in LEAF_HOLE and rng.random() < 0.4:
            grid[r, c] = "t"
    if squirrels:
        empties = [(r, c) for r in range(ROWS) for c in range(COLUMNS) if grid[r, c] == "."]
        for i in rng.permutation(len(empties))[: int(rng.integers(0, 4))]:
            r, c = empties[int(i)]
            grid[r, c] = "s"
    return Position(format_grid(grid), tuple(tuple(int(v) for v in row) for row in tiles))


def played_position(rng: np.random.Generator, fill: float | None = None) -> Position:
    """A board grown the way games grow it, up to nearly full (`fill` of the squares, drawn when None).

    Each tile touches the ones before it, the first one at a corner, and tiles pack against their
    neighbours, so a late board keeps only isolated floor squares and small holes; holes lean towards
    other holes (players gather them for animals). Random positions rarely look like this, and a
    classifier that never saw a board 90 % covered cannot tell its few floor squares from its leaves.
    """
    kit = load_kit()
    # most boards late in the game: a camera watches them longest, and they are the hard ones
    fill = 1.0 - 0.75 * float(rng.random()) ** 1.5 if fill is None else fill
    grid = np.full((ROWS, COLUMNS), ".", dtype="<U1")
    tiles = np.zeros((ROWS, COLUMNS), dtype=np.int32)
    leaves: list[Shape] = list(kit.leaves)
    weights = np.array([s.count for s in leaves], dtype=float)
    weights /= weights.sum()
    corner = [(0, 0), (0, COLUMNS - 1), (ROWS - 1, 0), (ROWS - 1, COLUMNS - 1)][int(rng.integers(4))]
    next_id, misses = 1, 0
    while (grid != ".").sum() < fill * ROWS * COLUMNS and misses < 25:
        shape = leaves[int(rng.choice(len(leaves), p=weights))]
        spot = _grown_spot(rng, grid, shape, corner if next_id == 1 else None)
        if spot is None:
            misses += 1
            continue
        solid, holech = _PIECE_OF[shape.kind]
        for (r, c), is_hole in spot:
            grid[r, c] = holech if is_hole else solid
            tiles[r, c] = next_id
        next_id += 1
    next_id = _lay_animals(rng, grid, tiles, kit, next_id, float(rng.uniform(0.3, 0.9)))
    p_token = float(rng.uniform(0.1, 0.7))
    for r, c in zip(*np.nonzero(np.isin(grid, list(LEAF_HOLE)))):
        if rng.random() < p_token:
            grid[r, c] = "t"
    empties = list(zip(*np.nonzero(grid == ".")))
    for i in rng.permutation(len(empties))[: int(rng.integers(0, 5))]:
        grid[empties[int(i)]] = "s"
    return Position(format_grid(grid), tuple(tuple(int(v) for v in row) for row in tiles))


def _grown_spot(rng, grid, shape: Shape, corner):
    """Where one tile of `shape` goes: any orientation that fits touching the board's tiles (or
    covering `corner` for the first tile), drawn with a weight that grows with its contact."""
    taken = grid != "."
    touch = _beside(taken)
    near_hole = _beside(np.isin(grid, list(LEAF_HOLE)))
    spots, score = [], []
    for cells, hole in _orientations(shape.cells, shape.hole):
        h = max(r for r, _ in cells) + 1
        w = max(c for _, c in cells) + 1
        for r0 in range(ROWS - h + 1):
            for c0 in range(COLUMNS - w + 1):
                sq = [(r0 + r, c0 + c) for r, c in cells]
                if any(taken[p] for p in sq):
                    continue
                if corner is not None and corner not in sq:
                    continue
                contact = sum(int(touch[p]) for p in sq)
                if corner is None and not contact:
                    continue
                hr, hc = r0 + hole[0], c0 + hole[1]
                spots.append([(p, p == (hr, hc)) for p in sq])
                score.append((1 + contact) ** 2 * (3.0 if near_hole[hr, hc] else 1.0))
    if not spots:
        return None
    p = np.array(score) / sum(score)
    return spots[int(rng.choice(len(spots), p=p))]


def _lay_animals(rng, grid, tiles, kit, next_id: int, chance: float) -> int:
    """Animal tiles on connected groups of empty holes that match their shapes, largest first."""
    for shape in sorted(kit.animals, key=lambda s: -len(s.cells)):
        for _ in range(shape.count):
            if rng.random() > chance:
                continue
            holes = list(zip(*np.nonzero(np.isin(grid, list(LEAF_HOLE)))))
            fits = [sp for cells, _ in _orientations(shape.cells) for at in holes if (sp := _on_holes(grid, cells, at))]
            if not fits:
                break
            _lay_animal(grid, tiles, fits[int(rng.integers(len(fits)))], next_id)
            next_id += 1
    return next_id


def _on_holes(grid, cells, at) -> list | None:
    """The squares an animal of these cells covers with its first cell on `at`, if all are empty holes."""
    spots = [(at[0] + r - cells[0][0], at[1] + c - cells[0][1]) for r, c in cells]
    if all(0 <= r < ROWS and 0 <= c < COLUMNS and grid[r, c] in LEAF_HOLE for r, c in spots):
        return spots
    return None


def _lay_animal(grid, tiles, spots, tile_id: int) -> None:
    for r, c in spots:
        grid[r, c] = "a"
        tiles[r, c] = tile_id


def _beside(mask: np.ndarray) -> np.ndarray:
    """Squares with a 4-neighbour in `mask`."""
    pad = np.pad(mask, 1)
    return pad[:-2, 1:-1] | pad[2:, 1:-1] | pad[1:-1, :-2] | pad[1:-1, 2:]


def with_treasure_tokens(pos: Position, printed: str, out_of_step: float = 0.1, astray: float = 0.03) -> Position:
    """The position with its treasure tokens where a game on this printed layout has them.

    A token comes onto a hole that uncovers a printed treasure, and leaves it when the hole's Area is
    wholly covered (leaves, squirrels and animals all cover). So a hole over a treasure holds a token while
    its Area is open and is empty after, and a hole over plain floor is empty. A camera also sees the table
    between moves (a tile laid before its token, an Area covered before its tokens are taken), so a share
    `out_of_step` of treasure holes goes the other way; and a few plain holes (`astray`) hold a token, so
    that a reader never learns that a disc cannot lie there.

    The draws come from a generator seeded by the position and layout, not the scene's: every other draw of
    a scene stays as it was."""
    rng = np.random.default_rng(zlib.crc32(f"{pos.pieces}|{printed}".encode()))
    grid = parse(pos.pieces)
    floor = parse(printed, printed=True)
    tiles = np.asarray(pos.tiles)
    hole_of = {int(tiles[r, c]): grid[r, c].lower() for r, c in zip(*np.nonzero(np.isin(grid, list(LEAF_SOLID))))}
    open_area = any_in_area(grid == ".", load_kit().area)  # tokens laid or taken leave the floor as it is
    for r, c in zip(*np.nonzero(np.isin(grid, list(LEAF_HOLE + "t")))):
        on_treasure = floor[r, c] != "."
        token = on_treasure and bool(open_area[r, c])
        if rng.random() < (out_of_step if on_treasure else astray):
            token = not token
        grid[r, c] = "t" if token else hole_of[int(tiles[r, c])]
    return replace(pos, pieces=format_grid(grid))
