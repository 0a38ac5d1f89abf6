"""Build the square classifiers from rendered scenes: `python -m vision.training [--scenes N]`.

Scenes come from seeds TRAIN_SEED_BASE onwards, a range that the tests (seeds below 100000) and the
benchmark (BENCH_SEED_BASE onwards) never use, so the benchmark judges on boards it was not fitted on.
Corners are jittered by a few hundredths of a square so the classifier tolerates location error, and
every square is also seen in its three other quarter turns (pieces have no preferred direction).
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from vision.features import square_features, turned
from vision.grids import COLUMNS, FLOOR_VISIBLE
from vision.mlp import DATA, train
from vision.rectification import rectify
from vision.synthetic import render_scene

TRAIN_SEED_BASE = 1_000_000
BENCH_SEED_BASE = 5_000_000
PIECE_CLASSES = ".GYRgyrtsa?"  # "?" = occluded
PRINTED_CLASSES = ".bnmf"


def board_samples(scene, rng, jitter=0.04):
    for b in scene.boards:
        if b.visible_fraction < 0.5:
            continue
        side = np.linalg.norm(b.corners[1] - b.corners[0]) / COLUMNS
        corners = b.corners + rng.normal(0, jitter * side * rng.uniform(0.3, 2.0), (4, 2))
        feats = square_features(rectify(scene.image, corners))
        pieces = np.array(list(b.pieces.replace("/", "")))
        printed = np.array(list(b.printed.replace("/", "")))
        occ = b.occluded.ravel()
        yield feats, pieces, printed, occ


def collect(n_scenes: int, base: int = TRAIN_SEED_BASE, log=print):
    rng = np.random.default_rng(7)
    X, P, Q = [], [], []
    t0 = time.time()
    for i in range(n_scenes):
        scene = render_scene(base + i)
        for feats, pieces, printed, occ in board_samples(scene, rng):
            X.append(feats)
            P.append(np.where(occ, "?", pieces))
            Q.append(np.where(occ | ~np.isin(pieces, list(FLOOR_VISIBLE)), "-", printed))
        if i % 50 == 49:
            log(f"  {i + 1} scenes, {time.time() - t0:.0f} s")
    return np.concatenate(X), np.concatenate(P), np.concatenate(Q)


def all_turns(X: np.ndarray, labels: np.ndarray):
    return np.concatenate([turned(X, q) for q in range(4)]), np.tile(labels, 4)


def fit(X, labels, classes, epochs, balance=False, **kw):
    X, labels = all_turns(X, labels)
    y = np.array([classes.index(c) for c in labels])
    w = None
    if balance:  # rare pieces (animals, squirrels) count more, but not in full proportion
        counts = np.bincount(y, minlength=len(classes)).astype(float)
        w = (1 / np.sqrt(np.maximum(counts, 1)))[y]
        w /= w.mean()
    return train(X, y, classes, epochs=epochs, weights=w, **kw)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--scenes", type=int, default=2000)
    ap.add_argument("--epochs", type=int, default=12, help="passes over the four turns of every square")
    args = ap.parse_args(argv)
    X, P, Q = collect(args.scenes)
    print(f"{len(X)} squares of {X.shape[1]} features; pieces: " + ", ".join(f"{c}:{(P == c).sum()}" for c in PIECE_CLASSES))
    fit(X, P, PIECE_CLASSES, args.epochs, balance=True, hidden=(128, 64)).save(DATA / "pieces_model.npz")
    keep = Q != "-"
    fit(X[keep], Q[keep], PRINTED_CLASSES, args.epochs, hidden=(96, 48)).save(DATA / "printed_model.npz")
    print(f"models written to {DATA}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
