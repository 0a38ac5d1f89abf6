"""The table's colours, learned from the frame's border ring: a shadow across a checked cloth is still
table to the chromaticity mask, while the board on it is not."""
from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.locate.location import _chromaticity, _table_mask
from vision.thresholds import thresholds


@pytest.fixture(scope="module")
def shadowed_cloth():
    """A checked cloth (two tones, 20 px checks) with an oval shadow halving its light, and a dull green
    board on it."""
    h, w = 180, 320
    yy, xx = np.mgrid[0:h, 0:w]
    checks = ((yy // 20) + (xx // 20)) % 2 == 0
    pic = np.where(checks[..., None], np.float32([150, 110, 140]), np.float32([185, 180, 190]))
    shadow = ((xx - 120) / 90.0) ** 2 + ((yy - 90) / 60.0) ** 2 < 1
    pic[shadow] *= 0.5
    board = (yy >= 50) & (yy < 130) & (xx >= 200) & (xx < 290)
    pic[board] = (70, 115, 105)
    noise = np.random.default_rng(0).normal(0, 3, pic.shape)
    return np.clip(pic + noise, 0, 255).astype(np.uint8), shadow & ~board, board, ~shadow & ~board


def test_a_shadow_keeps_the_tables_chromaticity():
    t = thresholds()["locate"]
    lit = np.uint8([[[150, 110, 140]]])
    shaded = np.uint8([[[75, 55, 70]]])
    assert np.allclose(_chromaticity(lit, t), _chromaticity(shaded, t), atol=1.5)  # of ~200 units a channel
    assert _chromaticity(lit, t).shape == (1, 1, 2)  # green's and red's shares: brightness is gone


def test_the_chromaticity_mask_sees_a_shadow_as_table_and_the_board_as_none(shadowed_cloth):
    pic, shadow, board, lit = shadowed_cloth
    t = thresholds()["locate"]
    assert t["chroma_clusters"]
    for k in t["chroma_clusters"]:
        table = _table_mask(_chromaticity(pic, t), t, int(k), [1.0, 1.0])
        assert table[lit].mean() > 0.99 and table[shadow].mean() > 0.85
        assert table[board].mean() < 0.01
    # the colour masks take the shadow for something on the table (so it joins boards it touches)
    for k in t["table_clusters"]:
        lab = cv2.cvtColor(pic, cv2.COLOR_BGR2Lab)
        table = _table_mask(lab, t, int(k), [float(t["table_lightness_weight"]), 1.0, 1.0])
        assert table[lit].mean() > 0.99 and table[shadow].mean() < 0.05 and table[board].mean() < 0.01


def test_boards_on_a_checked_cloth_in_shadow_are_found():
    """Dev scene 7170299: three boards on a checked cloth that two shadows darken. The colour masks
    took the shadows for something on the table, joining all three boards into one blob, and none was
    found; the chromaticity mask finds each."""
    from vision.analysis import analyze
    from rendered import scene as render_scene  # drawn once for every worker and run

    from tests.vision.conftest import corner_error, squares_wrong

    scene = render_scene(7170299)
    assert scene.conditions.table == "pattern" and scene.conditions.shadows == 2
    result = analyze(scene.image)
    for truth in scene.boards:
        found = [b for b in result.boards if b.side == truth.side]
        assert len(found) == 1, truth.side
        assert corner_error(found[0].corners, truth) < 0.5  # the benchmark's bar for a grid in place
        assert squares_wrong(found[0].pieces, truth) == 0, truth.side
