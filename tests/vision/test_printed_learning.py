"""The printed symbols of empty boards learned without a palette: found, grouped by look, and (named as a
person names a group) every layout as printed. Boards rectified at their true corners here; finding them
is tested through `calibrate boards` (tests/calibration/test_calibrate_boards_cmd.py)."""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from vision.locate.rectification import rectify
from vision.printed_learning import board_looks, learn
from vision.synthetic.empty_boards import box_picture, parse_box_source
from vision.thresholds import thresholds

SEED = 9  # a box of the own artwork; pictures 1 and 4 show boards A and B, each side once


@pytest.fixture(scope="module")
def box():
    th = thresholds()
    px = int(th["printed_learning"]["square_px"])
    boards = []
    for k in (1, 4):
        picture = box_picture(SEED, k)
        for truth, layout in zip(picture.scene.boards, picture.layouts):
            # the second board is drawn turned round (its player sits opposite): read as its player sees it
            corners = truth.corners if truth.index == 0 else np.roll(truth.corners, 2, axis=0)
            boards.append((board_looks(rectify(picture.scene.image, corners, px), thresholds=th), layout))
    return boards, learn([looks for looks, _ in boards], thresholds=th)


def _truth(boards) -> np.ndarray:
    return np.array([c for _, layout in boards for c in layout.replace("/", "")])


def test_the_groups_are_the_treasures(box):
    boards, learned = box
    truth = _truth(boards)
    labels = np.concatenate(learned.groups)
    assert 4 <= learned.count <= 6
    for g in range(learned.count):
        kinds = Counter(truth[labels == g])
        kind, most = kinds.most_common(1)[0]
        assert kind != "." and most >= 0.85 * sum(kinds.values()), (g, kinds)
    # every treasure has a group of its own: none is folded into another
    named = {Counter(truth[labels == g]).most_common(1)[0][0] for g in range(learned.count)}
    assert named == set("bnmf")
    # numbered from the largest
    sizes = [int((labels == g).sum()) for g in range(learned.count)]
    assert sizes == sorted(sizes, reverse=True)


def test_each_layout_learned_is_the_printed_one(box):
    boards, learned = box
    truth = _truth(boards)
    labels = np.concatenate(learned.groups)
    name = {g: Counter(truth[labels == g]).most_common(1)[0][0] for g in range(learned.count)}
    wrong = []
    for (_, layout), groups in zip(boards, learned.groups):
        got = "".join(name[g] if g >= 0 else "." for g in groups)
        wrong.append([i for i, (a, b) in enumerate(zip(got, layout.replace("/", ""))) if a != b])
    # the floor's illustration now and then draws a pale leaf in a square's middle, alike a feather: the
    # table fixes such a square (--fix); every other layout is read exactly
    assert sum(not w for w in wrong) >= 3 and all(len(w) <= 1 for w in wrong), wrong


def test_plain_floor_shows_no_symbol():
    th = thresholds()
    px = int(th["printed_learning"]["square_px"])
    picture = box_picture(SEED, 2)
    rect = rectify(picture.scene.image, picture.scene.boards[0].corners, px)
    looks = board_looks(rect, thresholds=th)
    printed = np.array(list(picture.layouts[0].replace("/", ""))) != "."
    # the symbols stand out of their floor far more than the plain squares do
    assert np.median(looks.score[printed]) > 3 * max(np.median(looks.score[~printed]), 1.0)


def test_box_sources_read_and_refuse():
    assert parse_box_source("synthetic:box:7:3") == (7, 3, 0)
    assert parse_box_source("synthetic:box:7:6:1") == (7, 6, 1)
    assert parse_box_source("synthetic:12") is None
    for bad in ("synthetic:box:7", "synthetic:box:7:0", "synthetic:box:7:9", "synthetic:box:x:1", "synthetic:box:1:1:2"):
        with pytest.raises(ValueError):
            parse_box_source(bad)
