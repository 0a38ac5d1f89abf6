"""Shared rendered scenes for the vision tests (seeds below 100000: never used for training or the benchmark)."""
from __future__ import annotations

import numpy as np
import pytest

from vision.grids import COLUMNS
from vision.synthetic import BoardSpec, Conditions, random_position, render_scene

CLEAN = Conditions(tilt_deg=8.0, fill=0.85, table="felt", free_rotation=True)


def specs(seed: int, sides: list[str]) -> list[BoardSpec]:
    rng = np.random.default_rng(seed)
    out = []
    for s in sides:
        pos = random_position(rng)
        out.append(BoardSpec(pos.pieces, side=s, tiles=pos.tiles))
    return out


def side_drawn_with_replacement(names: list[str], drawn: int, on_table: list[str]) -> str:
    """The renderer's side rule before a table's boards were made unique: the drawn side, whatever lies
    on the table (stands in for vision.synthetic.scene._side_of_a_free_board)."""
    return names[drawn]


def first_drawn_scene(seed: int):
    """render_scene(seed) as drawn before a table's boards were made unique (_first_drawn_scene), drawn once
    for every worker and run."""
    from rendered import drawn_by

    return drawn_by("first_drawn_scene", _first_drawn_scene, seed)


def _first_drawn_scene(seed: int):
    """render_scene(seed) as drawn before a table's boards were made unique and its tokens laid as a game
    lays them: sides drawn with replacement (a scene can show one board twice, or both faces of one), and
    tokens on any hole, of any treasure. Dev scenes picked for a location path before those changes keep
    showing it; none of those paths depends on the boards' sides differing or on where tokens lie. Reading a
    board whose side is named does: an open hole over a printed treasure there may read as its token."""
    from vision.synthetic import artwork, scene

    token = artwork._token
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(scene, "_side_of_a_free_board", side_drawn_with_replacement)
        mp.setattr(scene, "with_treasure_tokens", lambda pos, printed: pos)
        mp.setattr(artwork, "_token", lambda img, rng, art, cx, cy, px, printed: token(img, rng, art, cx, cy, px))
        return render_scene(seed)


def corner_error(corners: np.ndarray, truth) -> float:
    """The largest distance of a grid's corners from the true board's, in squares."""
    sq = np.linalg.norm(truth.corners[1] - truth.corners[0]) / COLUMNS
    return float(np.abs(corners - truth.corners).max() / sq)


def board_named_as(truth, image: np.ndarray):
    """The board `analyze` reports naming the side `truth` is (StopIteration when none does)."""
    from vision.analysis import analyze

    return next(b for b in analyze(image).boards if b.side == truth.side)


def squares_wrong(pieces: str, truth) -> int:
    """How many of the true board's visible squares a piece notation reads wrong."""
    seen = ~truth.occluded.ravel()
    read = np.array(list(pieces.replace("/", "")))
    return int((read[seen] != np.array(list(truth.pieces.replace("/", "")))[seen]).sum())


def turned_error(corners: np.ndarray, truth) -> float:
    """corner_error from whichever corner the grid starts (its orientation aside)."""
    return min(corner_error(np.roll(corners, -k, 0), truth) for k in range(4))


@pytest.fixture(scope="session")
def clean_scene():
    """Two boards, mild tilt, plain table, no markers, no hands."""
    from rendered import scene  # drawn once for every worker and run

    return scene(101, boards=specs(101, ["A1", "D2"]), conditions=CLEAN)


@pytest.fixture(scope="session")
def marker_scene():
    from rendered import scene

    cond = Conditions(tilt_deg=20.0, fill=0.9, table="wood", markers=True, noise=2.0, jpeg=85)
    return scene(202, boards=specs(202, ["B1", "C2", "E1"]), conditions=cond)


@pytest.fixture(scope="session")
def empty_table():
    from vision.synthetic.scene import _table
    return _table(np.random.default_rng(3), "felt", (1920, 1080))
