"""Build the square classifiers from rendered scenes: `python -m vision.training [--scenes N]`.

Scenes come from seeds TRAIN_SEED_BASE onwards, a range that the tests (seeds below 100000) and the
benchmark (BENCH_SEED_BASE onwards) never use, so the benchmark judges on boards it was not fitted on.
Corners are jittered by a few hundredths of a square so the classifier tolerates location error.
"""
from __future__ import annotations

import argparse
import time

import numpy as np

from vision.features import square_features
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


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--scenes", type=int, default=1000)
    ap.add_argument("--epochs", type=int, default=50)
    args = ap.parse_args(argv)
    X, P, Q = collect(args.scenes)
    print(f"{len(X)} squares; pieces: " + ", ".join(f"{c}:{(P == c).sum()}" for c in PIECE_CLASSES))
    y = np.array([PIECE_CLASSES.index(c) for c in P])
    counts = np.bincount(y, minlength=len(PIECE_CLASSES)).astype(float)
    w = (1 / np.sqrt(np.maximum(counts, 1)))[y]
    train(X, y, PIECE_CLASSES, hidden=(96, 48), epochs=args.epochs, weights=w / w.mean()).save(DATA / "pieces_model.npz")
    keep = Q != "-"
    yq = np.array([PRINTED_CLASSES.index(c) for c in Q[keep]])
    train(X[keep], yq, PRINTED_CLASSES, hidden=(96, 48), epochs=args.epochs).save(DATA / "printed_model.npz")
    print(f"models written to {DATA}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
