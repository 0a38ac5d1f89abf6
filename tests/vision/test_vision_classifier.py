"""The square classifier: its features, its models and its readings on rendered boards with known truth."""
import numpy as np

from vision.classification import classify
from vision.features import PATCH_SIZE, square_features, turned
from vision.mlp import load_mlp
from vision.rectification import rectify


def visible_agreement(reading, truth):
    t = np.array(list(truth.pieces.replace("/", "")))
    p = np.array(list(reading.pieces.replace("/", "")))
    vis = ~truth.occluded.ravel()
    return (t[vis] == p[vis]).sum(), vis.sum()


def test_models_take_the_features_as_they_are_made_now(clean_scene):
    feats = square_features(rectify(clean_scene.image, clean_scene.boards[0].corners))
    assert feats.shape[0] == 72
    for name in ("pieces_model", "printed_model"):
        assert load_mlp(name).p["mu"].shape == (feats.shape[1],), f"{name} was fitted to other features: retrain"


def test_a_turn_moves_only_the_picture(clean_scene):
    feats = square_features(rectify(clean_scene.image, clean_scene.boards[0].corners))
    once = turned(feats, 1)
    assert np.array_equal(once[:, :-PATCH_SIZE], feats[:, :-PATCH_SIZE])
    assert not np.array_equal(once, feats)
    assert np.array_equal(turned(turned(turned(once, 1), 1), 1), feats)


def test_a_board_seen_from_the_other_seat_reads_the_same(clean_scene, marker_scene):
    right = total = 0
    for scene in (clean_scene, marker_scene):
        for truth in scene.boards:
            rect = rectify(scene.image, truth.corners)
            reading = classify(np.ascontiguousarray(rect[::-1, ::-1])).turned_half()
            r, n = visible_agreement(reading, truth)
            right, total = right + r, total + n
    assert right / total > 0.99
