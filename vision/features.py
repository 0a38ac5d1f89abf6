"""Per-square colour and texture features of a rectified board, after the board's own white balance.

Each square is summarised over five regions chosen from the pieces' geometry (design.md): the centre
(a token, a printed symbol, or the floor in a hole), a ring just outside it (a token is still there, a
symbol is not), the middle ring (inside a large hole, on the leaf for a small one), the square's
corners (on the leaf for every hole size, on the floor for an empty square), and the whole square.
"""
from __future__ import annotations

import functools

import cv2
import numpy as np

from vision.grids import COLUMNS, ROWS
from vision.thresholds import thresholds

REGIONS = ("centre", "ring", "mid", "corner", "whole")
CHANNELS = ("L", "a", "b", "L2", "chroma", "edge")


@functools.cache
def region_weights(px: int) -> np.ndarray:
    """(regions, px*px) weights, each row summing to 1."""
    c = (np.arange(px) + 0.5) / px - 0.5
    yy, xx = np.meshgrid(c, c, indexing="ij")
    r = np.hypot(xx, yy)
    cheb = np.maximum(abs(xx), abs(yy))
    masks = [r < 0.17, (r >= 0.19) & (r < 0.245), (r >= 0.27) & (r < 0.36), (r >= 0.47) & (cheb <= 0.44), cheb <= 0.44]
    w = np.stack([m.astype(np.float32).ravel() for m in masks])
    return w / w.sum(1, keepdims=True)


def white_balance_gains(rect: np.ndarray) -> np.ndarray:
    """BGR gains that make the board's least saturated pixels (its printed floor) grey on average.

    Limited gains keep a board that is mostly one leaf colour from being pulled to grey.
    """
    t = thresholds()["classify"]
    small = rect[::2, ::2].reshape(-1, 3).astype(np.float32)
    mx, mn = small.max(1), small.min(1)
    sat = (mx - mn) / (mx + 1.0)
    k = max(1, int(len(sat) * float(t["wb_low_saturation_quantile"])))
    low = np.argpartition(sat, k - 1)[:k]
    mean = small[low].mean(0) + 1.0
    target = np.full(3, mean.mean())
    lo, hi = t["wb_gain_limits"]
    return np.clip(target / mean, lo, hi).astype(np.float32)


def square_features(rect: np.ndarray, profile=None) -> np.ndarray:
    """(72, F) features, squares in reading order (A1, B1, ... I8)."""
    px = rect.shape[1] // COLUMNS
    if profile is not None and profile.gains() is not None:  # the camera's cast, known from calibration
        rect = np.clip(rect.astype(np.float32) * np.float32(profile.gains()), 0, 255).astype(np.uint8)
    gains = white_balance_gains(rect)
    f = rect.astype(np.float32) * (gains / 255.0)
    np.clip(f, 0, 1, out=f)
    lab = cv2.cvtColor(f, cv2.COLOR_BGR2Lab)
    L, a, b = lab[..., 0], lab[..., 1], lab[..., 2]
    gx = cv2.Sobel(L, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(L, cv2.CV_32F, 0, 1, ksize=3)
    chans = np.stack([L, a, b, L * L / 100.0, np.sqrt(a * a + b * b), np.abs(gx) + np.abs(gy)], -1)
    blocks = chans.reshape(ROWS, px, COLUMNS, px, len(CHANNELS)).transpose(0, 2, 4, 1, 3)
    blocks = blocks.reshape(ROWS * COLUMNS * len(CHANNELS), px * px)
    means = (blocks @ region_weights(px).T).reshape(ROWS * COLUMNS, len(CHANNELS), len(REGIONS))
    # the L spread in each region (texture: a flat token against an illustrated floor)
    means[:, 3, :] = np.sqrt(np.maximum(means[:, 3, :] - means[:, 0, :] ** 2 / 100.0, 0) * 100.0)
    per_square = means.reshape(ROWS * COLUMNS, -1)
    corner = means[:, :3, REGIONS.index("corner")]
    context = np.concatenate([np.median(corner, 0), np.percentile(means[:, 4, -1], [20, 50]), np.log(gains)])
    rel = means[:, :3, :] - np.median(corner, 0)[None, :, None]
    return np.concatenate([per_square, rel.reshape(len(rel), -1), np.tile(context, (len(per_square), 1))], 1)
