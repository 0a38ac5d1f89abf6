"""Build the square classifiers from rendered scenes: `python -m vision.training.perceptrons [--scenes N] [--played N]`.

Two kinds of scenes: random ones (tiles dropped anywhere, as the benchmark's; seeds in blocks of a
thousand from TRAIN_SEED_BASE, stepping over the validation block) and played-like ones (seeds
PLAYED_SEED_BASE onwards, boards grown as games grow them, up to nearly full:
vision.synthetic.played_position), half of them at the demo camera's 1280x720. None of these seeds is
used by the tests (below 100000), the benchmark (BENCH_SEED_BASE onwards) or the validation the
thresholds were chosen on (VALIDATION_SEED_BASE.., PLAYED_SEED_BASE + 100000..).
Corners are jittered by a few hundredths of a square so the classifier tolerates location error.

The piece model is trained twice over: the second (context) model reads each square again beside the
first one's probabilities for it and its neighbours, and its colour against the board's other leaves of
each colour as the first one read them (vision.classify.features.context_input). It learns
from probabilities the first model gives to boards it was not trained on (two halves, each read by a
model of the other), as it will meet them in use.

Rendering is the slow part: each scene's region means are cached (CACHE, by feature version) and
rendered by two worker processes; a full rebuild (3000 scenes) takes about 30 min on two cores, a
rebuild from the cache (a change to the models alone) a few minutes.
"""
from __future__ import annotations

import argparse
import multiprocessing
import pathlib
import time

import cv2
import numpy as np

from vision.classify.features import (FLOOR_CLASSES, context_input, features_with_floor, floor_free_features,
                                      quarter_features, region_means)
from vision.grids import COLUMNS, FLOOR_VISIBLE, LEAF_HOLE, PIECE_CHARS, ROWS
from vision.classify.mlp import DATA, train
from vision.locate.rectification import rectify
from vision.thresholds import thresholds

TRAIN_SEED_BASE = 1_000_000
VALIDATION_SEED_BASE = 1_001_000
RANDOM_BLOCK = 1000  # random seeds from VALIDATION_SEED_BASE on this many are validation's
PLAYED_SEED_BASE = 1_200_000
BENCH_SEED_BASE = 5_000_000
PIECE_CLASSES = PIECE_CHARS  # "?" = occluded
PRINTED_CLASSES = ".bnmf"
CACHE = pathlib.Path(__file__).resolve().parents[2] / "build" / "training-cache"
# bump when region_means, the renderer (its truth too: v3 measures hidden squares finely; v4 puts each board
# on a table once; v5 lays treasure tokens where a game has them) or the jitter change
CACHE_VERSION = 5
CHUNK = 25  # scenes per cache file
HIDDEN = (96, 48)  # the piece, context and printed models' hidden layers


def scene_for(kind: str, seed: int):
    from vision.synthetic import played_boards, render_scene

    if kind == "random":
        return render_scene(seed)
    rng = np.random.default_rng([seed, 1])  # apart from the scene's own stream
    size = (1280, 720) if rng.random() < 0.5 else (1920, 1080)
    return render_scene(seed, played_boards(rng), size=size)


def jittered_boards(scene, rng, jitter=0.04):
    """(board truth, rectified board) of every board at least half in sight, its corners jittered."""
    for b in scene.boards:
        if b.visible_fraction < 0.5:
            continue
        side = np.linalg.norm(b.corners[1] - b.corners[0]) / COLUMNS
        corners = b.corners + rng.normal(0, jitter * side * rng.uniform(0.3, 2.0), (4, 2))
        yield b, rectify(scene.image, corners, int(thresholds()["rectify"]["square_px"]))


def board_samples(scene, rng, jitter=0.04):
    for b, rect in jittered_boards(scene, rng, jitter):
        means, gains = region_means(rect, thresholds=thresholds())
        pieces = np.array(list(b.pieces.replace("/", "")))
        printed = np.array(list(b.printed.replace("/", "")))
        yield means, gains, pieces, printed, b.occluded.ravel()


def _chunk(args) -> pathlib.Path:
    """Region means and labels of CHUNK scenes, cached (run in a worker process)."""
    kind, start = args
    path = CACHE / f"{kind}-{start}-{CHUNK}-v{CACHE_VERSION}.npz"
    if path.exists():
        return path
    cv2.setNumThreads(1)
    rng = np.random.default_rng(start)
    M, G, P, Q, O = [], [], [], [], []
    for seed in range(start, start + CHUNK):
        for means, gains, pieces, printed, occ in board_samples(scene_for(kind, seed), rng):
            M.append(means), G.append(gains), P.append(pieces), Q.append(printed), O.append(occ)
    CACHE.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, means=np.array(M, np.float32), gains=np.array(G, np.float32),
                        pieces=np.array(P), printed=np.array(Q), occ=np.array(O))
    tmp.rename(path)
    return path


def collect(jobs: list[tuple[str, int]], workers: int = 2, log=print, chunk=_chunk) -> dict:
    """Boards of all jobs' scenes, from `chunk`'s cache files (by default region means (boards, 72,
    channels, regions), gains and labels), concatenated."""
    t0 = time.time()
    parts = []
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for i, path in enumerate(pool.imap(chunk, jobs)):
            with np.load(path) as d:
                parts.append({k: d[k] for k in d.files})
            log(f"  {(i + 1) * CHUNK}/{len(jobs) * CHUNK} scenes, {time.time() - t0:.0f} s", flush=True)
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def jobs_for(n_random: int, n_played: int, random_base=TRAIN_SEED_BASE, played_base=PLAYED_SEED_BASE):
    """(kind, first seed) of each cache chunk. Random seeds that run on from below the validation block
    into it (more than a thousand training scenes) step over it."""
    def random_seed(i):
        seed = random_base + i
        return seed + RANDOM_BLOCK if random_base < VALIDATION_SEED_BASE <= seed else seed
    return ([("random", random_seed(i)) for i in range(0, n_random, CHUNK)]
            + [("played", played_base + i) for i in range(0, n_played, CHUNK)])


def labels(d: dict) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per square: piece class ("?" where hidden), printed class ("-" where the floor is not seen),
    floor class (FLOOR_CLASSES)."""
    pieces, occ = d["pieces"].reshape(-1), d["occ"].reshape(-1)
    P = np.where(occ, "?", pieces)
    Q = np.where(occ | ~np.isin(pieces, list(FLOOR_VISIBLE)), "-", d["printed"].reshape(-1))
    F = np.where(P == ".", "f", np.where(np.isin(P, list(LEAF_HOLE)), "h", "o"))
    return P, Q, F


def features(d: dict, floor_model) -> tuple[np.ndarray, np.ndarray]:
    """The floor model's input and the full features, every board of `d`, squares concatenated."""
    ordered = [quarter_features(m) for m in d["means"]]
    base = [floor_free_features(m, g, o) for m, g, o in zip(d["means"], d["gains"], ordered)]
    if floor_model is None:
        return np.concatenate(base), None
    table = thresholds()
    full = [features_with_floor(m, b, floor_model.probabilities(b), o, thresholds=table)
            for m, b, o in zip(d["means"], base, ordered)]
    return np.concatenate(base), np.concatenate(full)


def class_weights(y: np.ndarray, k: int) -> np.ndarray:
    """(k,) weights by which rare classes count more (one over the square root of their count),
    averaging 1 over the samples."""
    w = 1 / np.sqrt(np.maximum(np.bincount(y, minlength=k).astype(float), 1))
    return w / w[y].mean()


def balanced_weights(y: np.ndarray, k: int) -> np.ndarray:
    """class_weights per sample."""
    return class_weights(y, k)[y]


def held_out_probabilities(X: np.ndarray, y: np.ndarray, w: np.ndarray, epochs: int) -> np.ndarray:
    """Piece probabilities of every square from a model that did not see its board: the boards in two
    halves (alternate boards, 72 squares each), each read by a model trained on the other."""
    half = (np.arange(len(y)) // (ROWS * COLUMNS)) % 2
    out = np.zeros((len(y), len(PIECE_CLASSES)), np.float32)
    for h in (0, 1):
        model = train(X[half != h], y[half != h], PIECE_CLASSES, hidden=HIDDEN, epochs=epochs, weights=w[half != h])
        out[half == h] = model.probabilities(X[half == h])
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--scenes", type=int, default=1000, help="random scenes")
    ap.add_argument("--played", type=int, default=2000, help="played-like scenes")
    ap.add_argument("--epochs", type=int, default=50)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=pathlib.Path, default=DATA, help="where the models go")
    args = ap.parse_args(argv)
    d = collect(jobs_for(args.scenes, args.played), args.workers)
    P, Q, F = labels(d)
    print(f"{len(P)} squares; pieces: " + ", ".join(f"{c}:{(P == c).sum()}" for c in PIECE_CLASSES), flush=True)
    base, _ = features(d, None)
    yf = np.array([FLOOR_CLASSES.index(c) for c in F])
    print("floor model", flush=True)
    floor = train(base, yf, FLOOR_CLASSES, hidden=(32, 16), epochs=max(10, args.epochs // 2),
                  weights=balanced_weights(yf, len(FLOOR_CLASSES)))
    _, X = features(d, floor)
    y = np.array([PIECE_CLASSES.index(c) for c in P])
    print("pieces model", flush=True)
    w = balanced_weights(y, len(PIECE_CLASSES))
    pieces = train(X, y, PIECE_CLASSES, hidden=HIDDEN, epochs=args.epochs, weights=w)
    print("context model", flush=True)
    context = train(context_input(X, held_out_probabilities(X, y, w, args.epochs)), y,
                    PIECE_CLASSES, hidden=HIDDEN, epochs=args.epochs, weights=w)
    keep = Q != "-"
    yq = np.array([PRINTED_CLASSES.index(c) for c in Q[keep]])
    print("printed model", flush=True)
    printed = train(X[keep], yq, PRINTED_CLASSES, hidden=HIDDEN, epochs=args.epochs)
    for name, model in (("floor", floor), ("pieces", pieces), ("context", context), ("printed", printed)):
        model.save(args.out / f"{name}_model.npz")
    print(f"models written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
