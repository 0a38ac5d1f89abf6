"""The square net (vision.classify.square_net) and how classification weighs it with the context model."""
import sys

import cv2
import numpy as np
import pytest

from vision.classify.classification import combined, context_probabilities, decide
from vision.classify.features import board_features
from vision.grids import COLUMNS, ROWS, parse
from vision.classify.mlp import load_mlp
from vision.locate.rectification import rectify
from vision.classify.square_net import CACHE_PX, CLASSES, net_input, square_net_probabilities
from vision.thresholds import thresholds
from vision.training.perceptrons import PIECE_CLASSES


def test_the_net_and_the_perceptrons_share_their_classes():
    assert CLASSES == PIECE_CLASSES == load_mlp("context_model").classes


def test_net_input_is_lab_and_lab_against_the_floor():
    grey = np.full((ROWS * 32, COLUMNS * 32, 3), 128, np.uint8)
    x = net_input(grey, np.array([53.6, 0.0, 0.0]), thresholds=thresholds())  # mid grey is L 53.6 in 8-bit Lab
    px = int(thresholds()["square_net"]["input_px"])
    assert x.shape == (6, ROWS * px, COLUMNS * px) and x.dtype == np.float32
    assert np.allclose(x[0], (53.6 - 50) / 25, atol=0.02)
    assert np.allclose(x[1:3], 0, atol=0.05)
    assert np.allclose(x[3:], 0, atol=0.05)
    # a floor darker than the board: the relative lightness rises by the difference
    assert np.allclose(net_input(grey, np.array([43.6, 0.0, 0.0]), thresholds=thresholds())[3], 10 / 25, atol=0.02)


def test_a_cached_board_and_a_live_one_give_the_net_the_same_input(clean_scene):
    bf = board_features(rectify(clean_scene.image, clean_scene.boards[0].corners, int(thresholds()["rectify"]["square_px"])), thresholds=thresholds())
    cached = cv2.resize(bf.balanced, (COLUMNS * CACHE_PX, ROWS * CACHE_PX), interpolation=cv2.INTER_AREA)
    assert np.array_equal(net_input(bf.balanced, bf.floor, thresholds=thresholds()), net_input(cached, bf.floor, thresholds=thresholds()))


def test_the_net_alone_reads_a_clean_board(clean_scene):
    for truth in clean_scene.boards:
        bf = board_features(rectify(clean_scene.image, truth.corners, int(thresholds()["rectify"]["square_px"])), thresholds=thresholds())
        probs = square_net_probabilities(net_input(bf.balanced, bf.floor, thresholds=thresholds()))
        assert probs.shape == (72, len(CLASSES)) and np.allclose(probs.sum(1), 1, atol=1e-4)
        read = np.array(list(CLASSES))[probs.argmax(1)]
        right = (read == parse(truth.pieces).ravel()).mean()
        assert right >= 0.95, f"the net alone read {right:.0%} of {truth.side}'s squares"
        # boards in one batch read as each alone
        both = square_net_probabilities(np.stack([net_input(bf.balanced, bf.floor, thresholds=thresholds())] * 2))
        assert np.allclose(both[:72], probs, atol=1e-5) and np.allclose(both[72:], probs, atol=1e-5)


def test_a_net_trained_for_another_board_size_is_refused():
    from vision.classify.mlp import ModelFileError

    px = int(thresholds()["square_net"]["input_px"]) + 4  # the convolutions run, the cells come out wrong
    with pytest.raises(ModelFileError, match="input_px"):
        square_net_probabilities(np.zeros((6, ROWS * px, COLUMNS * px), np.float32))


def test_combined_is_a_weighted_geometric_mean():
    ctx = np.array([[0.6, 0.4, 0.0], [0.5, 0.25, 0.25]])
    net = np.array([[0.0001, 0.9999, 0.0], [0.5, 0.25, 0.25]])
    both = combined(ctx, net, thresholds=thresholds())
    assert np.allclose(both.sum(1), 1)
    w = float(thresholds()["square_net"]["weight"])
    expected = ctx[0, :2] ** (1 - w) * net[0, :2] ** w
    assert np.allclose(both[0, :2], expected / expected.sum())
    assert both[0, 2] < 1e-9  # ruled out by both stays out
    assert np.allclose(both[1], ctx[1])  # where the two agree, nothing moves
    # a weight given (a net just trained, judged at several): 0 is the context model's reading, 1 the net's
    assert np.allclose(combined(ctx, net, 0.0, thresholds=thresholds()), ctx / ctx.sum(1, keepdims=True), atol=1e-9)
    assert np.allclose(combined(ctx, net, 1.0, thresholds=thresholds())[0, :2], [0.0001, 0.9999], atol=1e-9)


def test_decide_reads_hidden_and_unsure_squares_as_unknown():
    t = thresholds()["classify"]
    k = len(CLASSES)
    occ = CLASSES.index("?")
    pp = np.full((3, k), 0.0)
    pp[0, CLASSES.index("R")] = 1.0  # sure of a red leaf
    pp[1, occ] = float(t["occluded_probability"]) + 0.01  # sure of a hand
    pp[1, CLASSES.index("G")] = 1 - pp[1, occ]
    pp[2, :occ] = 1.0 / occ  # no piece class stands out
    chars, conf = decide(pp, thresholds=thresholds())
    assert list(chars) == ["R", "?", "?"]
    assert conf[0] == pytest.approx(1.0) and conf[1] == pytest.approx(1 - pp[1, occ]) and conf[2] < t["min_confidence"]


def test_context_probabilities_are_the_perceptrons_reading(clean_scene):
    truth = clean_scene.boards[1]
    bf = board_features(rectify(clean_scene.image, truth.corners, int(thresholds()["rectify"]["square_px"])), thresholds=thresholds())
    read = np.array(list(CLASSES))[context_probabilities(bf.squares).argmax(1)]
    assert (read == parse(truth.pieces).ravel()).mean() >= 0.97


def test_net_training_without_torch_says_what_to_install(monkeypatch, capsys):
    from vision.training import net as net_training

    monkeypatch.setitem(sys.modules, "torch", None)  # import torch raises ImportError
    assert net_training.main([]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "requirements-train.txt" in err


def test_misread_counts_visible_squares_boards_and_hidden_pieces():
    from vision.training.net import misread

    Y = np.zeros((2, 72), np.int64)  # two empty boards
    Y[1, :5] = CLASSES.index("?")  # five hidden squares on the second
    probs = np.zeros((144, len(CLASSES)))
    probs[np.arange(144), Y.ravel()] = 1.0
    assert misread(Y, probs) == (0, 0, 0)
    probs[3] = 0
    probs[3, CLASSES.index("a")] = 1.0  # an empty square read as an animal
    probs[72] = 0
    probs[72, CLASSES.index("R")] = 1.0  # a hidden square read as a red leaf
    assert misread(Y, probs) == (1, 1, 1)


def test_the_search_reads_without_the_net_and_the_kept_grid_with_it(clean_scene):
    from vision.analysis import read_board
    from vision.classify.classification import classify
    from vision.locate.location import BoardLocation

    truth = clean_scene.boards[0]
    rect = rectify(clean_scene.image, truth.corners, int(thresholds()["rectify"]["square_px"]))
    plain = classify(rect, net=False, thresholds=thresholds())
    assert not plain.by_net and plain.with_net().by_net
    netted = classify(rect, thresholds=thresholds())
    assert np.allclose(plain.with_net().piece_probs, netted.piece_probs)
    assert netted.with_net() is netted  # weighed in once only
    assert not np.allclose(plain.piece_probs, netted.piece_probs)
    with pytest.raises(ValueError):
        plain.turned_half().with_net()  # its squares no longer match the board it was read from
    result = read_board(clean_scene.image, BoardLocation(truth.corners, "truth", True, 1.0), thresholds=thresholds())
    assert result.reading.by_net and result.pieces == netted.pieces


def test_a_grid_that_stays_as_it_is_is_read_once_with_the_net(clean_scene, monkeypatch):
    # the tracker's grids (and four markers') are not searched: the reading without the net would only be
    # thrown away, so the grid is read with it at once, as it would have been read in the end
    import vision.classify.classification as classification
    from vision.analysis import read_board
    from vision.kit import load_kit
    from vision.locate.location import BoardLocation

    truth = clean_scene.boards[0]
    known = {b.side: load_kit().sides[b.side] for b in clean_scene.boards}
    loc = BoardLocation(truth.corners, "known", True, 1.0)
    made = []
    original = classification._reading
    monkeypatch.setattr(classification, "_reading", lambda *a, **k: made.append(a[3]) or original(*a, **k))
    result = read_board(clean_scene.image, loc, known_sides=known, thresholds=thresholds())
    assert made and all(made)  # every reading made had the net weighed in
    monkeypatch.undo()
    plain = classification.classify(rectify(clean_scene.image, truth.corners, int(thresholds()["rectify"]["square_px"])), net=False, thresholds=thresholds())
    assert result.side == truth.side
    assert result.pieces == plain.with_net().with_printed(known[truth.side]).pieces
