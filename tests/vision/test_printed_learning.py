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


# -- hand-drawn boards: a floor crowded with leaves and pebbles in its own colours, symbols in others --

PX = 40


def _hsv(h: float, s: float, v: float) -> tuple[int, int, int]:
    import colorsys

    r, g, b = colorsys.hsv_to_rgb((h % 360) / 360, min(max(s, 0), 1), min(max(v, 0), 1))
    return int(b * 255), int(g * 255), int(r * 255)


def _crowded_board(rng: np.random.Generator, layout: str) -> np.ndarray:
    """A rectified board (PX a square, A1 top-left) whose floor is crowded with leaves and twigs drawn in
    the floor's own shades, everywhere (through the squares' middles too), and `layout`'s symbols printed
    alike in the middle of their squares, each a little off the centre."""
    import cv2

    h, w = 8 * PX, 9 * PX
    img = np.empty((h, w, 3), np.uint8)
    img[:] = _hsv(30, 0.45, 0.5)
    for _ in range(72 * 8):
        colour = _hsv(30 + rng.uniform(-12, 12), 0.45 * rng.uniform(0.6, 1.3), 0.5 * rng.uniform(0.6, 1.35))
        x, y = int(rng.uniform(0, w)), int(rng.uniform(0, h))
        if rng.random() < 0.7:
            axes = (int(rng.uniform(0.1, 0.35) * PX), int(rng.uniform(0.05, 0.16) * PX))
            cv2.ellipse(img, (x, y), axes, rng.uniform(0, 180), 0, 360, colour, -1, cv2.LINE_AA)
        else:
            a, d = rng.uniform(0, np.pi), rng.uniform(0.3, 0.8) * PX
            cv2.line(img, (x, y), (int(x + d * np.cos(a)), int(y + d * np.sin(a))), colour, 2, cv2.LINE_AA)
    r = 0.14 * PX
    for i, char in enumerate(layout.replace("/", "")):
        cx, cy = (i % 9 + 0.5) * PX + rng.uniform(-1, 1), (i // 9 + 0.5) * PX + rng.uniform(-1, 1)
        c = (int(cx), int(cy))
        if char == "b":
            for k in range(3):
                p = (int(cx + 0.5 * r * np.cos(k * 2.1)), int(cy + 0.5 * r * np.sin(k * 2.1)))
                cv2.circle(img, p, int(0.55 * r), _hsv(250, 0.7, 0.7), -1, cv2.LINE_AA)
        elif char == "n":
            cv2.ellipse(img, c, (int(0.75 * r), int(0.95 * r)), 0, 0, 360, _hsv(22, 0.85, 0.3), -1, cv2.LINE_AA)
        elif char == "m":
            cv2.rectangle(img, (int(cx - 0.25 * r), c[1]), (int(cx + 0.25 * r), int(cy + r)), _hsv(40, 0.1, 0.92), -1)
            cv2.ellipse(img, c, (int(r), int(0.8 * r)), 0, 180, 360, _hsv(5, 0.9, 0.85), -1, cv2.LINE_AA)
        elif char == "f":
            cv2.ellipse(img, c, (int(r), int(0.42 * r)), 30, 0, 360, _hsv(0, 0.03, 0.93), -1, cv2.LINE_AA)
    noise = rng.normal(0, 3, img.shape)
    return np.clip(img + noise, 0, 255).astype(np.uint8)


@pytest.fixture(scope="module")
def crowded():
    from vision.kit import load_kit

    kit = load_kit()
    rng = np.random.default_rng(4)
    layouts = [kit.sides[s] for s in ("A1", "A2", "B1", "B2")]
    th = thresholds()
    return layouts, [board_looks(_crowded_board(rng, lay), thresholds=th) for lay in layouts], th


def test_a_floor_crowded_with_its_own_drawings_shows_no_symbol(crowded):
    """A leaf of the floor's own colours through a square's middle goes on around it: its colours are the
    ring's, and the square scores as plain; every printed symbol, in a colour the floor has not, stands out."""
    layouts, looks, _ = crowded
    printed = np.array([c != "." for lay in layouts for c in lay.replace("/", "")])
    score = np.concatenate([b.score for b in looks])
    assert score[printed].min() > score[~printed].max()


def test_a_crowded_floors_layouts_are_learned_exactly(crowded):
    layouts, looks, th = crowded
    learned = learn(looks, thresholds=th)
    truth = np.array([c for lay in layouts for c in lay.replace("/", "")])
    labels = np.concatenate(learned.groups)
    name = {g: Counter(truth[labels == g]).most_common(1)[0][0] for g in range(learned.count)}
    assert set(name.values()) == set("bnmf")
    for layout, groups in zip(layouts, learned.groups):
        assert "".join(name[g] if g >= 0 else "." for g in groups) == layout.replace("/", "")


def test_the_split_falls_between_floor_and_the_palest_symbols():
    """Plain squares score a unit or two of noise, the symbols from a few units (a pale feather, a nut
    near the floor's brown) to a hundred (a dark berry), as a box's twelve sides do: every symbol is
    taken, no plain square (a split on the scores themselves, or their square roots, falls among the
    symbols, pulled up by the berries)."""
    from vision.printed_learning import _stand_out

    rng = np.random.default_rng(3)
    plain = np.abs(rng.normal(0.8, 0.8, 576))
    symbols = np.concatenate([rng.uniform(20, 100, 120), rng.uniform(7, 30, 168)])
    taken = _stand_out(np.concatenate([plain, symbols]))
    assert not taken[:576].any() and taken[576:].all()


def test_a_symbol_recurs_and_a_drawing_of_the_floor_does_not():
    import cv2

    from vision.printed_learning import _recurring

    rng = np.random.default_rng(5)
    patches = np.zeros((9, 24, 24, 3), np.float32)
    for k in range(6):  # one symbol printed six times, each a pixel or so off and with the sensor's noise
        cv2.circle(patches[k], (12 + k % 2, 12 - k % 3 + 1), 6, (30.0, -10.0, 20.0), -1)
    cv2.ellipse(patches[6], (12, 12), (9, 3), 40, 0, 360, (25.0, 5.0, 10.0), -1)  # a leaf of the floor
    cv2.line(patches[7], (2, 20), (22, 4), (-20.0, 0.0, 5.0), 3)  # a twig
    patches[8, 6:18, 6:18] = (0.0, 30.0, 25.0)  # a square drawing seen once
    patches += rng.normal(0, 1.0, patches.shape).astype(np.float32)
    got = _recurring(patches, np.ones(9, bool), 2, 3, 0.55)
    assert got.tolist() == [True] * 6 + [False] * 3
    # a square not marked is not looked at, and marked squares too few to recur recur not at all
    assert not _recurring(patches, np.arange(9) < 3, 2, 3, 0.55).any()
