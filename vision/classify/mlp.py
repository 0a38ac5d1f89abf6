"""A small two-layer perceptron in numpy: the square classifier's decision over its features.

Trained by vision.training.perceptrons on rendered boards of varied artwork; weights live in data/*.npz.
"""
from __future__ import annotations

from engine.errors import LeafwatchError

import functools
import pathlib

import numpy as np

DATA = pathlib.Path(__file__).resolve().parent.parent / "data"


class ModelFileError(OSError, LeafwatchError):
    """A model file of the installation is missing or unreadable: the recognizer cannot read squares."""


def _flushed(a: np.ndarray) -> np.ndarray:
    """`a` with its subnormal values set to zero. Weight decay leaves most of a trained layer's weights below
    float32's smallest normal number (13176 of the context model's 17568 first-layer weights), and Intel
    cores multiply those through a slow microcode path: one board's first layer took 2.7 ms instead of
    0.02 ms on a Xeon. What they add lies far below float32's precision, so no reading changes."""
    out = a.copy()
    out[subnormal(out)] = 0
    return out


def subnormal(a: np.ndarray) -> np.ndarray:
    """Where `a` holds a value below float32's smallest normal number, other than zero."""
    return (a != 0) & (np.abs(a) < np.finfo(np.float32).tiny)


class MLP:
    def __init__(self, params: dict, classes: str):
        self.p = {k: _flushed(np.asarray(v, np.float32)) for k, v in params.items()}
        self.classes = classes

    def probabilities(self, x: np.ndarray) -> np.ndarray:
        p = self.p
        # in place after each product: the same arithmetic without a new array at every step
        z = np.subtract(x, p["mu"], dtype=np.float32)
        z /= p["sd"]
        h = z @ p["W1"]
        h += p["b1"]
        h = np.maximum(h, 0, out=h) @ p["W2"]
        h += p["b2"]
        o = np.maximum(h, 0, out=h) @ p["W3"]
        o += p["b3"]
        o -= o.max(1, keepdims=True)
        np.exp(o, out=o)
        o /= o.sum(1, keepdims=True)
        return o

    def save(self, path):
        np.savez_compressed(path, classes=np.array(self.classes), **self.p)


@functools.cache
def _one_blas_thread() -> None:
    """numpy's BLAS kept to one thread, once per process. A board's products are 72 rows by a few dozen:
    OpenBLAS's threads cost more than they save (a grid search looked four times slower with another
    process on the two cores), and the recognizer's cost is counted per core."""
    from threadpoolctl import threadpool_limits

    threadpool_limits(1, user_api="blas")


def train(x: np.ndarray, y: np.ndarray, classes: str, hidden=(64, 32), epochs=40, seed=0, lr=3e-3,
          weights: np.ndarray | None = None, log=print) -> MLP:
    """Plain Adam on cross-entropy; y holds class indices."""
    rng = np.random.default_rng(seed)
    mu, sd = x.mean(0), x.std(0) + 1e-3
    z = ((x - mu) / sd).astype(np.float32)
    n_in, k = z.shape[1], len(classes)
    sizes = [n_in, *hidden, k]
    p = {"mu": mu.astype(np.float32), "sd": sd.astype(np.float32)}
    for i in range(3):
        p[f"W{i+1}"] = (rng.standard_normal((sizes[i], sizes[i + 1])) * np.sqrt(2 / sizes[i])).astype(np.float32)
        p[f"b{i+1}"] = np.zeros(sizes[i + 1], np.float32)
    names = [f"W{i}" for i in (1, 2, 3)] + [f"b{i}" for i in (1, 2, 3)]
    m = {n: np.zeros_like(p[n]) for n in names}
    v = {n: np.zeros_like(p[n]) for n in names}
    w = np.ones(len(y), np.float32) if weights is None else weights.astype(np.float32)
    step = 0
    for ep in range(epochs):
        order = rng.permutation(len(y))
        loss_sum = 0.0
        for s in range(0, len(y), 256):
            idx = order[s:s + 256]
            xb, yb, wb = z[idx], y[idx], w[idx]
            h1 = np.maximum(xb @ p["W1"] + p["b1"], 0)
            h2 = np.maximum(h1 @ p["W2"] + p["b2"], 0)
            o = h2 @ p["W3"] + p["b3"]
            o -= o.max(1, keepdims=True)
            e = np.exp(o)
            pr = e / e.sum(1, keepdims=True)
            loss_sum += float(-(np.log(pr[np.arange(len(yb)), yb] + 1e-9) * wb).sum())
            d = pr
            d[np.arange(len(yb)), yb] -= 1
            d *= (wb / wb.sum())[:, None]
            g = {"W3": h2.T @ d, "b3": d.sum(0)}
            d2 = (d @ p["W3"].T) * (h2 > 0)
            g["W2"], g["b2"] = h1.T @ d2, d2.sum(0)
            d1 = (d2 @ p["W2"].T) * (h1 > 0)
            g["W1"], g["b1"] = xb.T @ d1, d1.sum(0)
            step += 1
            rate = lr * (0.5 * (1 + np.cos(np.pi * ep / epochs)) + 0.02)
            for n in names:
                gn = g[n] + (1e-4 * p[n] if n.startswith("W") else 0)
                m[n] = 0.9 * m[n] + 0.1 * gn
                v[n] = 0.999 * v[n] + 0.001 * gn * gn
                p[n] -= rate * (m[n] / (1 - 0.9 ** step)) / (np.sqrt(v[n] / (1 - 0.999 ** step)) + 1e-8)
        if ep % 10 == 9 or ep == epochs - 1:
            log(f"  epoch {ep + 1}: loss {loss_sum / len(y):.4f}")
    return MLP(p, classes)


@functools.cache
def load_mlp(name: str) -> MLP:
    """An installed model, to read boards with (so numpy's BLAS is put on one thread here, once)."""
    _one_blas_thread()
    path = DATA / f"{name}.npz"
    if not path.exists():
        raise ModelFileError(f"{path} is missing: run `python -m vision.training.perceptrons` to build it")
    try:
        d = np.load(path)
    except (OSError, ValueError) as exc:
        raise ModelFileError(f"{path} cannot be read ({exc}): run `python -m vision.training.perceptrons` to build it again") from None
    return MLP({k: d[k] for k in d.files if k != "classes"}, str(d["classes"]))
