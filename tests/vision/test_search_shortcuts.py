"""The search's shortcuts give what the plain computation gives, to the bit: its speed must cost no reading."""
import cv2
import numpy as np

from vision.board_reading import classified, readings_kept
from vision.locate.location import (BoardLocation, _line_profiles, _refine_edges, fit_grids, order_clockwise,
                                    ordered_clockwise, refine_outline)
from vision.thresholds import thresholds


def _plain_line_profiles(gray: np.ndarray, axis: int) -> np.ndarray:
    """Line evidence in floats, each step written out: the colour step either side of each position, and
    how far a pixel lies below the mean of the pixels two either side of it, averaged along the lines."""
    g = gray.astype(np.float32) if axis == 1 else gray.astype(np.float32).T
    band = g[int(0.08 * g.shape[0]):int(0.92 * g.shape[0])]
    step = np.abs(np.diff(band, axis=1))
    step = np.concatenate([step[:, :1], (step[:, 1:] + step[:, :-1]) / 2, step[:, -1:]], 1)
    pad = np.pad(band, ((0, 0), (2, 2)), mode="edge")
    ridge = np.maximum((pad[:, :-4] + pad[:, 4:]) / 2 - band, 0)
    prof = step.mean(0) + ridge.mean(0)
    return prof / (np.median(prof) + 1e-3)


def _picture(seed: int, h: int = 360, w: int = 360) -> np.ndarray:
    """A grey picture with a blurred grid of dark lines and noise, as a board's warped floor shows."""
    rng = np.random.default_rng(seed)
    g = np.full((h, w), 150.0)
    for x in np.linspace(20, w - 20, 10):
        g[:, int(x)] -= 60
    for y in np.linspace(20, h - 20, 9):
        g[int(y), :] -= 60
    g = cv2.GaussianBlur(g, (0, 0), 1.2) + rng.normal(0, 12, (h, w))
    return np.clip(g, 0, 255).astype(np.uint8)


def test_line_evidence_summed_in_integers_is_the_float_sums_to_the_bit():
    for seed in range(6):
        gray = _picture(seed, 360, 360 if seed % 2 else 300)
        for axis in (0, 1):
            fast, plain = _line_profiles(gray, axis), _plain_line_profiles(gray, axis)
            assert fast.dtype == plain.dtype and np.array_equal(fast, plain)


def test_quadrilaterals_put_clockwise_at_once_are_each_put_clockwise():
    rng = np.random.default_rng(3)
    quads = rng.random((2000, 4, 2)) * 640
    quads[:500] = np.round(quads[:500])  # whole pixels: ties in angle and in corner sums
    at_once = ordered_clockwise(quads)
    assert all(np.array_equal(order_clockwise(q), at_once[i]) for i, q in enumerate(quads))
    assert ordered_clockwise([]).shape == (0, 4, 2)


def _board_picture() -> tuple[np.ndarray, np.ndarray]:
    """A 640x480 picture of a grid-lined board on a plain table, and the board's outline."""
    img = np.full((480, 640, 3), (60, 90, 120), np.uint8)
    outline = np.float64([[150, 90], [500, 110], [480, 400], [140, 380]])
    cv2.fillPoly(img, [outline.astype(np.int32)], (80, 150, 170))
    H = cv2.getPerspectiveTransform(np.float32([[0, 0], [1, 0], [1, 1], [0, 1]]), np.float32(outline))
    for k in range(1, 9):
        a, b = cv2.perspectiveTransform(np.float32([[[k / 9, 0], [k / 9, 1]]]), H)[0]
        cv2.line(img, tuple(int(v) for v in a), tuple(int(v) for v in b), (40, 70, 80), 2)
    for k in range(1, 8):
        a, b = cv2.perspectiveTransform(np.float32([[[0, k / 8], [1, k / 8]]]), H)[0]
        cv2.line(img, tuple(int(v) for v in a), tuple(int(v) for v in b), (40, 70, 80), 2)
    noise = np.random.default_rng(0).normal(0, 6, img.shape)
    return np.clip(img + noise, 0, 255).astype(np.uint8), outline


def test_a_fourth_channel_finds_the_same_outline_and_grids():
    img, outline = _board_picture()
    four = cv2.cvtColor(img, cv2.COLOR_BGR2BGRA)
    t = thresholds()
    off = outline + np.float64([[6, -5], [-4, 7], [5, 3], [-7, -2]])  # a mask's outline, a few px off
    (a, sa), (b, sb) = refine_outline(img, off, thresholds=t), refine_outline(four, off, thresholds=t)
    assert np.array_equal(a, b) and sa == sb and sa > 0.6
    assert np.abs(a - outline).max() < 3  # and it is the board's edge
    for (ga, ea), (gb, eb) in zip(fit_grids(img, a, thresholds=t), fit_grids(four, a, thresholds=t)):
        assert np.array_equal(ga, gb) and ea == eb


def test_the_four_sides_searched_together_settle_on_the_boards_edge():
    img, outline = _board_picture()
    off = outline + np.float64([[6, -5], [-4, 7], [5, 3], [-7, -2]])
    refined, support = _refine_edges(img, off, 28, 0.06)
    assert support > 0.6 and np.abs(refined - outline).max() < 3


def test_a_grid_read_twice_in_a_search_is_read_once():
    img, outline = _board_picture()
    t = thresholds()
    loc = BoardLocation(fit_grids(img, outline, thresholds=t)[0][0], "outline", False, 0.0, outline)
    plain = classified(img, loc, None, False, thresholds=t)
    with readings_kept():
        first = classified(img, loc, None, False, thresholds=t)
        again = classified(img, loc.with_corners(loc.corners.copy()), None, False, thresholds=t)
        moved = classified(img, loc.with_corners(loc.corners + 1.0), None, False, thresholds=t)
    assert again is first and moved is not first
    assert first.pieces == plain.pieces and np.array_equal(first.piece_probs, plain.piece_probs)
    assert classified(img, loc, None, False, thresholds=t) is not first  # outside the block nothing is kept


def test_raw_outlines_found_when_asked_for_are_a_tuple_when_pickled_or_copied():
    import copy
    import pickle

    from vision.locate.location import _FoundWhenAsked, _RawOutlines

    asked = []
    every = _FoundWhenAsked(lambda: asked.append(1) or [[np.ones((4, 2))], []])
    first, second = _RawOutlines(every, 0), _RawOutlines(every, 1)
    assert not asked  # nothing found until asked for
    assert len(first) == 1 and len(second) == 0 and asked == [1]  # found once, for every board
    again = pickle.loads(pickle.dumps(first))
    assert type(again) is tuple and np.array_equal(again[0], np.ones((4, 2)))
    assert type(copy.deepcopy(second)) is tuple and copy.deepcopy(second) == ()
