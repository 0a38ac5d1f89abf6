"""The square classifier: its floor reference, its models, and a nearly full board from a played-like position."""
import numpy as np
import pytest

from vision.classification import classify
from vision.features import FLOOR_CLASSES, REGIONS, floor_free_features, floor_reference, region_means, square_features
from vision.mlp import load_mlp
from vision.rectification import rectify
from vision.synthetic import BoardSpec, Conditions, played_position, render_scene


def test_models_take_the_features_as_they_are_made_now(clean_scene):
    rect = rectify(clean_scene.image, clean_scene.boards[0].corners)
    means, gains = region_means(rect)
    assert load_mlp("floor_model").p["mu"].shape == (floor_free_features(means, gains).shape[1],)
    feats = square_features(rect)
    assert feats.shape[0] == 72
    for name in ("pieces_model", "printed_model"):
        assert load_mlp(name).p["mu"].shape == (feats.shape[1],), f"{name} was fitted to other features: retrain"


def test_floor_reference_is_the_ring_of_floor_squares_only():
    means = np.zeros((72, 6, len(REGIONS)), np.float32)
    ring, corner = REGIONS.index("ring"), REGIONS.index("corner")
    means[:, :3, :] = np.array([60.0, 30.0, 40.0])[:, None]  # leaves everywhere ...
    means[:5, :3, ring] = [40.0, 5.0, 15.0]  # ... but five squares show the floor in their ring
    probs = np.tile(np.eye(3)[FLOOR_CLASSES.index("o")], (72, 1))
    probs[:3] = np.eye(3)[FLOOR_CLASSES.index("f")]
    probs[3:5] = np.eye(3)[FLOOR_CLASSES.index("h")]
    ref, support = floor_reference(means, probs)
    assert np.allclose(ref, [40.0, 5.0, 15.0]) and support == pytest.approx(5.0)
    # no square looks like floor (a board under a hand): the median corner stands in
    means[:, :3, corner] = [50.0, 10.0, 20.0]
    ref, support = floor_reference(means, np.tile(np.eye(3)[FLOOR_CLASSES.index("o")], (72, 1)))
    assert np.allclose(ref, [50.0, 10.0, 20.0]) and support == 0.0


def _nearly_full_scene():
    """A late board as the demo's camera sees it, which the reference before (the median corner) misread
    in 8 squares."""
    pos = played_position(np.random.default_rng(9), fill=1.0)
    cond = Conditions(tilt_deg=12.0, fill=0.9, light_gradient=0.2, warmth=0.2, noise=2.0, blur=0.4, table="felt",
                      free_rotation=False)
    return render_scene(79, [BoardSpec(pos.pieces, side="D2", tiles=pos.tiles)], cond, (1280, 720))


def test_floor_of_a_nearly_full_board_comes_from_its_few_floor_squares():
    scene = _nearly_full_scene()
    truth = scene.boards[0]
    assert truth.pieces.count(".") <= 12
    means, gains = region_means(rectify(scene.image, truth.corners))
    shows_floor = np.isin(np.array(list(truth.pieces.replace("/", ""))), list(".gyr"))
    true_floor = np.median(means[shows_floor, :3, REGIONS.index("ring")], 0)
    base = floor_free_features(means, gains)
    ref, _ = floor_reference(means, load_mlp("floor_model").probabilities(base))
    old = np.median(means[:, :3, REGIONS.index("corner")], 0)  # the reference before: a leaf's colour here
    assert np.abs(ref - true_floor).max() < 4.0 < np.abs(old - true_floor).max()


def test_a_nearly_full_board_reads_its_floor_squares():
    scene = _nearly_full_scene()
    truth = scene.boards[0]
    reading = classify(rectify(scene.image, truth.corners))
    t = np.array(list(truth.pieces.replace("/", "")))
    p = np.array(list(reading.pieces.replace("/", "")))
    assert (p[t == "."] == ".").all()
    assert (t != p).sum() <= 1
