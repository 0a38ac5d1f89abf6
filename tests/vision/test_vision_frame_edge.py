"""A board partly beyond the picture's edge: the squares out of view read hidden, not as the edge's
repeated pixels."""
from __future__ import annotations

import numpy as np
import pytest

from vision.analysis import read_board
from vision.grids import COLUMNS, ROWS
from vision.location import BoardLocation
from vision.rectification import share_beyond_picture
from vision.synthetic import Conditions, render_scene
from vision.thresholds import thresholds

from tests.vision.conftest import specs, squares_wrong


def _board(x0: float, y0: float, square: float) -> np.ndarray:
    """Corners (A1, I1, I8, A8) of an upright board with A1's corner at (x0, y0)."""
    w, h = COLUMNS * square, ROWS * square
    return np.float32([[x0, y0], [x0 + w, y0], [x0 + w, y0 + h], [x0, y0 + h]])


def test_a_board_inside_the_picture_measures_nothing():
    assert share_beyond_picture((100, 200, 3), _board(10, 10, 10)) is None


def test_the_share_beyond_the_picture_is_measured_per_square():
    # columns A-E (x 150..200) lie in a 200 px wide picture, F-I beyond its right edge
    share = share_beyond_picture((100, 200, 3), _board(150, 10, 10))
    assert share.shape == (ROWS, COLUMNS)
    assert np.all(share[:, :5] == 0) and np.all(share[:, 5:] == 1)
    # the same board seen from the opposite seat (A1 bottom-right): the beyond columns are A-D
    turned = share_beyond_picture((100, 200, 3), np.roll(_board(150, 10, 10), 2, 0))
    assert np.all(turned[:, 4:] == 0) and np.all(turned[:, :4] == 1)
    # rows 1-3 above the top edge, and a column cut in half
    cut = share_beyond_picture((100, 200, 3), _board(-5, -30, 10))
    assert np.all(cut[:3] == 1) and np.all(cut[3:, 1:] == 0)
    assert np.allclose(cut[3:, 0], 0.5)


@pytest.fixture(scope="module")
def cut_scene():
    """Four boards framed a fifth wider than the picture: the outer ones reach beyond its edges."""
    cond = Conditions(tilt_deg=8.0, fill=1.2, table="felt", free_rotation=True)
    return render_scene(4401, boards=specs(4401, ["A1", "B2", "C1", "D2"]), conditions=cond)


def test_squares_beyond_the_picture_read_hidden(cut_scene):
    limit = float(thresholds()["classify"]["beyond_picture_share"])
    beyond_boards = 0
    for truth in cut_scene.boards:
        share = share_beyond_picture(cut_scene.image.shape, truth.corners)
        result = read_board(cut_scene.image, BoardLocation(truth.corners, "truth", True, 1.0))
        read = np.array(list(result.pieces.replace("/", ""))).reshape(ROWS, COLUMNS)
        if share is not None and (share > limit).any():
            beyond_boards += 1
            assert np.all(read[share > limit] == "?"), truth.side
        assert squares_wrong(result.pieces, truth) == 0, truth.side
        hidden = truth.occluded
        assert not np.any((read[hidden] != "?") & (read[hidden] != np.array(list(truth.pieces.replace("/", ""))).reshape(ROWS, COLUMNS)[hidden])), truth.side
    assert beyond_boards >= 2
