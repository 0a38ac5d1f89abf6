"""Build the square net (vision/data/square_net.onnx): `python -m vision.training.net [--epochs N]`.

Needs torch and onnx (`pip install -r requirements-train.txt`); reading boards does not, since OpenCV's
dnn module runs the exported network. Run it after `python -m vision.training.perceptrons`: the net's input holds
each board's floor colour as the floor model finds it.

It learns from twice the scenes the perceptrons see (vision.training.perceptrons's seeds; the counts are main's defaults), each
board rectified with its corners jittered, white-balanced and cached at 16 px per square
(build/net-cache, two worker processes, about 55 min on two cores the first time). Boards are turned a
half turn and mirrored at random while training (a piece is the same piece either way). On the
validation seeds it reports the context model alone against the two combined
(thresholds.toml [square_net] weight), so the weight can be chosen there.

`--init FILE` starts from a network file's weights instead of at random: the installed net carried to
newer scenes, or to another input_px (the layers do not depend on the board's size).
"""
from __future__ import annotations

import argparse
import pathlib
import sys
import time

import cv2
import numpy as np

from vision.classify.classification import combined, context_probabilities, decide
from vision.classify.features import board_features
from vision.grids import COLUMNS, ROWS, parse
from vision.classify.mlp import DATA
from vision.classify.square_net import CACHE_PX, CLASSES, INPUT_CHANNELS, net_input, square_net_probabilities
from vision.thresholds import thresholds
from vision.training.perceptrons import (CHUNK, PLAYED_SEED_BASE, VALIDATION_SEED_BASE, class_weights, collect, jittered_boards,
                                         jobs_for, scene_for)

NET_CACHE = pathlib.Path(__file__).resolve().parents[2] / "build" / "net-cache"
# bump when the cached board, the renderer (its truth too: v2 measures hidden squares finely; v3 puts each
# board on a table once; v4 lays treasure tokens where a game has them) or the jitter change
NET_CACHE_VERSION = 4
WIDTHS = (16, 32, 48)  # channels of the three convolution stages
HEAD = 64  # units of the per-square layer


def _net_chunk(args) -> pathlib.Path:
    """CHUNK scenes' boards, balanced and at CACHE_PX, their floor colour, labels ("?" where hidden) and
    the context model's probabilities (for the validation report), cached (run in a worker process)."""
    kind, start = args
    path = NET_CACHE / f"{kind}-{start}-{CHUNK}-v{NET_CACHE_VERSION}.npz"
    if path.exists():
        return path
    cv2.setNumThreads(1)
    rng = np.random.default_rng(start + 17)  # apart from vision.training.perceptrons's jitter of the same scenes
    R, F, P, PP = [], [], [], []
    for seed in range(start, start + CHUNK):
        for b, rect in jittered_boards(scene_for(kind, seed), rng):
            bf = board_features(rect, thresholds=thresholds())
            R.append(cv2.resize(bf.balanced, (COLUMNS * CACHE_PX, ROWS * CACHE_PX), interpolation=cv2.INTER_AREA))
            F.append(bf.floor)
            P.append(np.where(b.occluded.ravel(), "?", parse(b.pieces).ravel()))
            PP.append(context_probabilities(bf.squares))
    NET_CACHE.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, rect=np.array(R, np.uint8), ref=np.array(F, np.float32), labels=np.array(P),
                        pp=np.array(PP, np.float32))
    tmp.rename(path)
    return path


def inputs_and_labels(d: dict) -> tuple[np.ndarray, np.ndarray]:
    table = thresholds()
    X = np.stack([net_input(r, f, thresholds=table) for r, f in zip(d["rect"], d["ref"])])
    Y = np.vectorize(CLASSES.index)(d["labels"]).astype(np.int64)
    return X, Y


def build_net(torch, widths=WIDTHS, head=HEAD, px: int = 12):
    nn, F = torch.nn, torch.nn.functional

    class SquareNet(nn.Module):
        """Two convolutions each halving the board, two more at a quarter of a square's pixels; then
        each square's mean and maximum over its cell, a per-square layer, and one that adds what the
        eight squares around each square hold (a token's neighbours are leaves; an arm runs on across
        squares) before the classes."""

        def __init__(self):
            super().__init__()
            self.c1 = nn.Conv2d(INPUT_CHANNELS, widths[0], 3, padding=1)
            self.c2 = nn.Conv2d(widths[0], widths[1], 3, padding=1)
            self.c3 = nn.Conv2d(widths[1], widths[2], 3, padding=1)
            self.c4 = nn.Conv2d(widths[2], widths[2], 3, padding=1)
            self.h = nn.Conv2d(2 * widths[2], head, 1)
            self.g = nn.Conv2d(head, head, 3, padding=1)
            self.o = nn.Conv2d(head, len(CLASSES), 1)

        def logits(self, x):
            x = F.max_pool2d(F.relu(self.c1(x)), 2)
            x = F.max_pool2d(F.relu(self.c2(x)), 2)
            x = F.relu(self.c4(F.relu(self.c3(x))))
            cell = px // 4
            x = torch.cat([F.avg_pool2d(x, cell), F.max_pool2d(x, cell)], 1)
            x = F.relu(self.h(x))
            return self.o(x + F.relu(self.g(x)))  # (boards, classes, ROWS, COLUMNS)

        def forward(self, x):
            return torch.softmax(self.logits(x), 1)

    return SquareNet()


def train_net(X: np.ndarray, Y: np.ndarray, epochs: int, seed: int = 0, log=print, lr: float = 3e-3,
              init: pathlib.Path | None = None):
    """The net trained on boards X and labels Y; from the weights of the network file `init` when given
    (a net trained before, at any pixels per square: the layers do not depend on them)."""
    import torch

    torch.manual_seed(seed)
    torch.set_num_threads(2)
    net = build_net(torch, px=X.shape[2] // ROWS)
    if init is not None:
        net.load_state_dict(_onnx_weights(torch, init))
    weight = torch.tensor(class_weights(Y.ravel(), len(CLASSES)), dtype=torch.float32)  # as the perceptrons'
    opt = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=1e-4)
    batch = 64
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, lr, total_steps=epochs * ((len(X) + batch - 1) // batch))
    rng = np.random.default_rng(seed)
    t0 = time.time()
    for ep in range(epochs):
        net.train()
        order, total = rng.permutation(len(X)), 0.0
        for s in range(0, len(X), batch):
            idx = order[s:s + batch]
            xb = torch.from_numpy(X[idx])
            yb = torch.from_numpy(Y[idx].reshape(-1, ROWS, COLUMNS))
            if rng.random() < 0.5:  # a half turn
                xb, yb = xb.flip(2, 3), yb.flip(1, 2)
            if rng.random() < 0.5:  # a mirror image
                xb, yb = xb.flip(3), yb.flip(2)
            loss = torch.nn.functional.cross_entropy(net.logits(xb), yb, weight=weight)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += float(loss.detach()) * len(idx)
        log(f"  epoch {ep + 1}/{epochs}: loss {total / len(X):.4f}, {time.time() - t0:.0f} s", flush=True)
    return net.eval()


def _onnx_weights(torch, path: pathlib.Path) -> dict:
    """The layers' weights of an exported network, by the names build_net gives them."""
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(path))
    return {i.name: torch.from_numpy(numpy_helper.to_array(i).copy()) for i in model.graph.initializer}


def export(net, px: int, path: pathlib.Path) -> None:
    import torch

    dummy = torch.zeros(1, INPUT_CHANNELS, ROWS * px, COLUMNS * px)
    torch.onnx.export(net, (dummy,), str(path), input_names=["board"], output_names=["probabilities"],
                      dynamo=False, opset_version=13)


def misread(Y: np.ndarray, probs: np.ndarray) -> tuple[int, int, int]:
    """Visible squares misread, boards not fully right, hidden squares read as a piece."""
    truth = np.array(list(CLASSES))[Y.ravel()]
    read = decide(probs, thresholds=thresholds())[0]
    seen = truth != "?"
    wrong = seen & (read != truth)
    return int(wrong.sum()), int(wrong.reshape(-1, ROWS * COLUMNS).any(1).sum()), int((~seen & (read != "?")).sum())


def report(net_path: pathlib.Path, workers: int = 2, weights=(0.35, 0.5, 0.65)) -> None:
    """On the validation seeds, at the true corners jittered as in training: the context model alone, the
    installed net weighed in at thresholds.toml's weight, and the net at `net_path` at each of `weights`
    (so a net just trained is judged against the one it would replace, and its weight chosen)."""
    installed = DATA / "square_net.onnx"
    table = thresholds()
    w = float(table["square_net"]["weight"])
    for name, jobs in (("random", jobs_for(150, 0, VALIDATION_SEED_BASE)),
                       ("played-like", jobs_for(0, 100, played_base=PLAYED_SEED_BASE + 100_000))):
        v = collect(jobs, workers, chunk=_net_chunk, log=lambda *a, **k: None)
        Xv, Yv = inputs_and_labels(v)
        ctx = v["pp"].reshape(-1, len(CLASSES)).astype(np.float64)
        print(f"validation, {name} ({len(Xv)} boards), misread squares / boards not fully right / hidden read "
              f"as a piece: context model alone {misread(Yv, ctx)}", flush=True)
        if installed.exists() and installed.resolve() != pathlib.Path(net_path).resolve():
            both = combined(ctx, square_net_probabilities(Xv, installed), thresholds=table)
            print(f"  installed net at {w}: {misread(Yv, both)}")
        new = square_net_probabilities(Xv, net_path)  # the file as written, as it will be read
        print("  this net at " + ", ".join(f"{x}: {misread(Yv, combined(ctx, new, x, thresholds=table))}" for x in weights), flush=True)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--scenes", type=int, default=2000, help="random scenes")
    ap.add_argument("--played", type=int, default=4000, help="played-like scenes")
    ap.add_argument("--epochs", type=int, default=24)
    ap.add_argument("--lr", type=float, default=3e-3, help="the one-cycle schedule's peak learning rate")
    ap.add_argument("--init", type=pathlib.Path, help="start from this network file's weights (e.g. the "
                    "installed net, to carry what it learned to another input size or to newer scenes)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=pathlib.Path, default=DATA / "square_net.onnx")
    ap.add_argument("--report", action="store_true", help="only judge the net at --out on the validation seeds")
    args = ap.parse_args(argv)
    if args.report:
        report(args.out, args.workers)
        return 0
    try:
        import onnx  # noqa: F401  (torch's exporter writes through it)
        import torch  # noqa: F401
    except ImportError as e:
        print(f"vision.training.net needs torch and onnx ({e.name} is missing): "
              "pip install -r requirements-train.txt", file=sys.stderr)
        return 2
    d = collect(jobs_for(args.scenes, args.played), args.workers, chunk=_net_chunk)
    X, Y = inputs_and_labels(d)
    print(f"{len(X)} boards, {X.shape[2] // ROWS} px per square; training", flush=True)
    net = train_net(X, Y, args.epochs, lr=args.lr, init=args.init)
    export(net, X.shape[2] // ROWS, args.out)
    print(f"net written to {args.out}", flush=True)
    report(args.out, args.workers)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
