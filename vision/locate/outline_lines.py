"""Board outlines from the straight runs of a blob's edge, for boards the blob does not show whole.

An arm over a board's edge, or a second board or a shadow touching it, joins its blob to something
else, and the blob's quadrilateral then has a corner dragged away. The board's own edges still run
straight along parts of the blob's edge: each pair of nearly parallel runs a board's width apart,
crossed with another such pair, gives an outline to try.
"""
from __future__ import annotations

import itertools

import cv2
import numpy as np


def _straight_runs(contour: np.ndarray, side: float, t: dict) -> list[tuple[np.ndarray, np.ndarray, float]]:
    """(unit direction, point on the line, length) of each long straight run, longest first."""
    poly = cv2.approxPolyDP(contour, max(1.5, float(t["run_tolerance"]) * side), True).reshape(-1, 2).astype(np.float64)
    pts = contour.reshape(-1, 2).astype(np.float64)
    runs = []
    for i in range(len(poly)):
        a, b = poly[i], poly[(i + 1) % len(poly)]
        length = np.linalg.norm(b - a)
        if length < float(t["run_min_length"]) * side:
            continue
        d = (b - a) / length
        n = np.array([-d[1], d[0]])
        along, off = (pts - a) @ d, np.abs((pts - a) @ n)
        # the run's middle only: its ends bend into the neighbouring runs
        near = pts[(along > 0.1 * length) & (along < 0.9 * length) & (off < max(2.0, 0.02 * length))]
        if len(near) >= 5:
            vx, vy, x0, y0 = cv2.fitLine(near.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
            runs.append((np.array([vx, vy]), np.array([x0, y0]), float(length)))
    return sorted(runs, key=lambda r: -r[2])[: int(t["runs_kept"])]


def line_intersection(l1, l2) -> np.ndarray | None:
    """Where two lines given as (vx, vy, x0, y0) cross; None when they are parallel."""
    (vx1, vy1, x1, y1), (vx2, vy2, x2, y2) = map(float, l1), map(float, l2)
    # Cramer's rule on the 2x2 system, in plain floats: outline search crosses tens of thousands of lines
    det = vx2 * vy1 - vx1 * vy2
    if abs(det) < 1e-6:
        return None
    s = (vx2 * (y2 - y1) - vy2 * (x2 - x1)) / det
    return np.array([x1 + s * vx1, y1 + s * vy1])


def _crossing(r1, r2) -> np.ndarray | None:
    return line_intersection((*r1[0], *r1[1]), (*r2[0], *r2[1]))


def _opposite_pairs(runs, t: dict) -> list[tuple[int, int, float]]:
    """(i, j, gap) for runs near enough parallel and a board's width apart: a board's opposite edges."""
    parallel = np.cos(np.radians(float(t["run_parallel_deg"])))
    pairs = []
    for i, j in itertools.combinations(range(len(runs)), 2):
        di = runs[i][0]
        if abs(di @ runs[j][0]) < parallel:
            continue
        gap = abs((runs[j][1] - runs[i][1]) @ np.array([-di[1], di[0]]))
        # an arm's two sides, or one edge seen twice, lie closer than a board is wide
        if gap >= float(t["run_pair_min_gap"]) * max(runs[i][2], runs[j][2]):
            pairs.append((i, j, float(gap)))
    return pairs


def quads_from_runs(contour: np.ndarray, area: float, t: dict) -> list[np.ndarray]:
    """Convex quadrilaterals whose four sides lie on straight runs of the contour (working-scale px)."""
    return quads_of_lines(_straight_runs(contour, np.sqrt(area), t), t)


def quads_of_lines(runs, t: dict, gap: tuple[float, float] = (0.0, np.inf)) -> list[np.ndarray]:
    """Convex quadrilaterals whose sides lie on four of the lines (unit direction, point, length): two
    pairs of nearly parallel ones crossing each other, each pair between `gap` px apart."""
    pairs = [(i, j) for i, j, g in _opposite_pairs(runs, t) if gap[0] <= g <= gap[1]]
    quads = []
    for (a, b), (c, d) in itertools.combinations(pairs, 2):
        if len({a, b, c, d}) < 4 or abs(runs[a][0] @ runs[c][0]) > np.cos(np.radians(45)):
            continue
        sides = [runs[k] for k in (a, c, b, d)]
        corners = [_crossing(sides[k - 1], sides[k]) for k in range(4)]
        if any(p is None for p in corners):
            continue
        q = np.array(corners)
        if cv2.isContourConvex(q.astype(np.float32).reshape(-1, 1, 2)):
            quads.append(q)
    return quads


def quads_from_three_runs(contour: np.ndarray, area: float, t: dict) -> list[np.ndarray]:
    """Outlines for a board whose fourth edge lies wholly under an arm: two opposite runs and one
    across them are seen; the hidden edge runs parallel to the one across, as far from it as the
    board's shape allows (its width over its height, given in t["board_aspects"], either way round)."""
    runs = _straight_runs(contour, np.sqrt(area), t)
    centre = contour.reshape(-1, 2).mean(0)
    quads = []
    for i, j, gap in _opposite_pairs(runs, t):
        di = runs[i][0]
        for k, across in enumerate(runs):
            if k in (i, j) or abs(across[0] @ di) > np.cos(np.radians(45)):
                continue
            a = _crossing(runs[i], across)
            b = _crossing(runs[j], across)
            if a is None or b is None:
                continue
            # the hidden edge lies on the side of the seen one where the blob is
            n = np.array([-across[0][1], across[0][0]])
            side = 1.0 if (centre - across[1]) @ n > 0 else -1.0
            for aspect in t["board_aspects"]:
                for r in (float(aspect), 1.0 / float(aspect)):
                    far = (across[0], across[1] + side * n * gap * r, 0.0)
                    c = _crossing(runs[j], far)
                    d = _crossing(runs[i], far)
                    if c is None or d is None:
                        continue
                    q = np.array([a, b, c, d])
                    if cv2.isContourConvex(q.astype(np.float32).reshape(-1, 1, 2)):
                        quads.append(q)
    return quads
