"""A board's grid moved corner by corner onto the lines its tiles' edges draw.

A grid fitted from an outline that an arm dragged, or a border the artwork does not have, can lie a
third of a square off at one side while it still names its side. Wherever two tiles (or a tile and the
floor) meet, the picture steps in colour along a grid line, so the interior grid lines of a right grid lie
on the strongest steps across them. Only lines beside squares read as seen count: a hand's edge runs
anywhere. vision.passes.boards_on_lines decides whether the grid found here is kept (its squares must read more surely,
and its side's lead hold).
"""
from __future__ import annotations

import cv2
import numpy as np

from vision.grids import COLUMNS, ROWS
from vision.locate.rectification import grid_homography, square_steps


def grid_on_lines(image: np.ndarray, corners: np.ndarray, hidden: np.ndarray, *, thresholds: dict) -> np.ndarray:
    """The grid (image px, corners in `corners`' order) whose interior lines beside squares not `hidden`
    (8x9 bool) lie on the most colour step across them, climbed to from `corners` by moving one corner at a
    time along the board's two directions, in steps that shrink (thresholds.toml [grid_lines])."""
    t = thresholds["grid_lines"]
    c = np.asarray(corners, np.float64).copy()
    across, down = square_steps(c)
    colour = _colour_steps(image, c, across, down, t)
    if colour is None:
        return c
    points = _line_points(hidden, int(t["points_per_side"]))
    if not any(len(p) for p in points):
        return c
    best = _on_lines(colour, c, points)
    rise = 1.0 + float(t["min_rise"])
    for step in (float(s) for s in t["steps"]):
        for _ in range(int(t["rounds"])):
            moved = False
            for k in range(4):
                for way in (across, down):
                    for sign in (1.0, -1.0):
                        tried = c.copy()
                        tried[k] += sign * step * way
                        got = _on_lines(colour, tried, points)
                        if got > best * rise:
                            best, c, moved = got, tried, True
            if not moved:
                break
    return c


def _colour_steps(image, c, across, down, t):
    """(step across the columns' lines, step across the rows' lines, offset of the crop): the colour step
    along each of the board's two directions, smoothed over a share of a square, around the board."""
    sq = float(np.linalg.norm(across))
    h, w = image.shape[:2]
    x0, y0 = np.floor(c.min(0) - sq).astype(int).clip(0)
    x1, y1 = np.minimum(np.ceil(c.max(0) + sq).astype(int), [w, h])
    if x1 - x0 < 3 or y1 - y0 < 3:
        return None
    lab = cv2.cvtColor(image[y0:y1, x0:x1], cv2.COLOR_BGR2Lab).astype(np.float32)
    lab = cv2.GaussianBlur(lab, (0, 0), max(0.6, float(t["blur_share"]) * sq))
    grads = [(cv2.Sobel(lab[..., k], cv2.CV_32F, 1, 0), cv2.Sobel(lab[..., k], cv2.CV_32F, 0, 1)) for k in range(3)]
    weights = (1.0, float(t["chroma_weight"]), float(t["chroma_weight"]))
    out = []
    for way in (across, down):
        n = way / np.linalg.norm(way)
        e = sum(wt * np.abs(gx * n[0] + gy * n[1]) for wt, (gx, gy) in zip(weights, grads))
        out.append(cv2.GaussianBlur(e, (0, 0), max(0.8, float(t["spread_share"]) * sq)))
    return out[0], out[1], np.float32([x0, y0])


def _line_points(hidden: np.ndarray, per_side: int) -> tuple[np.ndarray, np.ndarray]:
    """Points (board squares) on the interior lines between columns, then between rows, along each side
    shared by two squares that are both seen."""
    t = (np.arange(per_side) + 0.5) / per_side
    cols = [(i, j + u) for i in range(1, COLUMNS) for j in range(ROWS) if not (hidden[j, i - 1] or hidden[j, i])
            for u in t]
    rows = [(i + u, j) for j in range(1, ROWS) for i in range(COLUMNS) if not (hidden[j - 1, i] or hidden[j, i])
            for u in t]
    return np.float32(cols).reshape(-1, 2), np.float32(rows).reshape(-1, 2)


def _on_lines(colour, corners: np.ndarray, points) -> float:
    """The mean colour step across the grid's lines at `points`, for a grid at `corners`."""
    to_picture = np.linalg.inv(grid_homography(np.float32(corners), 1))
    total, n = 0.0, 0
    for step, pts in zip(colour[:2], points):
        if not len(pts):
            continue
        p = cv2.perspectiveTransform(pts[None], to_picture)[0] - colour[2]
        got = cv2.remap(step, p[None, :, 0].astype(np.float32), p[None, :, 1].astype(np.float32), cv2.INTER_LINEAR)
        total += float(got.sum())
        n += len(pts)
    return total / max(n, 1)
