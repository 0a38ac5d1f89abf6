"""Grids for a board an arm hides much of, built out from one corner of an outline that is the board's own.

Every board is the same size and all of them lie in the table's plane, so a board whose grid is known
gives the map from the picture to that plane in squares. Seen through it, a corner that is a board's own
is square, and the whole board lies 9 by 8 squares (inside its border) along that corner's two sides,
however little of it shows. Which corners of an outline that an arm cut are the board's own is not
known: every corner that is square in the plane is tried, and the printed layout decides (vision.board_reading).
"""
from __future__ import annotations

import cv2
import numpy as np

from vision.grids import COLUMNS, ROWS
from vision.locate.rectification import grid_homography


# a board's grid sides in squares, side k running from corner k to corner k + 1 (A1 I1 I8 A8)
BOARD_SIDES = np.array([COLUMNS, ROWS, COLUMNS, ROWS], float)


def table_plane(grid: np.ndarray) -> np.ndarray:
    """The homography from image px to the table's plane in squares, given one board's grid corners (the
    rectifying map at one pixel a square)."""
    return grid_homography(np.float32(grid), 1)


def plane_sides(plane: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The lengths, in squares of the table's plane, of a quadrilateral's four sides (image px; the first
    side runs from its first corner to its second)."""
    p = _mapped(plane, quad)
    return np.linalg.norm(np.roll(p, -1, 0) - p, axis=1)


def corner_grids(outline: np.ndarray, plane: np.ndarray, *, thresholds: dict) -> list[np.ndarray]:
    """Grids (image px; A1's corner first, 9 columns along the first edge, either half turn) of a whole
    board that has one of `outline`'s square corners as its own, for each border margin tried (thresholds.toml
    [corner_grids])."""
    t = thresholds["corner_grids"]
    p = _mapped(plane, outline)
    back = np.linalg.inv(plane)
    longest = _longest_side(t)
    grids = []
    for i in range(4):
        a = p[i]
        one, other = p[(i + 1) % 4] - a, p[(i - 1) % 4] - a
        lengths = np.linalg.norm(one), np.linalg.norm(other)
        if min(lengths) < float(t["min_side"]) or max(lengths) > longest:
            continue  # no side of a board: a sliver, or two boards and an arm taken as one
        if not _square(p, i, t):
            continue
        # f1 then f2 run clockwise on screen as A1 I1 I8 A8 do, whichever way round the outline runs
        grids += _grids_at(a, *_square_frame(one / lengths[0], other / lengths[1]), back, t)
    return grids


def edge_grids(outline: np.ndarray, plane: np.ndarray, *, thresholds: dict) -> list[np.ndarray]:
    """Grids (as corner_grids gives them) of a whole board that has one of `outline`'s sides as its own
    edge, built from either end of it, into the outline, at right angles in the table's plane. An arm
    across a board can leave an outline none of whose corners is square: the board's edge it did not
    reach runs between two corners that each have one side on the arm (a far board in the benchmark's
    scene 5000399, a hand over one corner). Only sides neither of whose corners is square: from a square
    one, corner_grids builds the board along the side already."""
    t = thresholds["corner_grids"]
    p = _mapped(plane, outline)
    back = np.linalg.inv(plane)
    centre = p.mean(0)
    longest = _longest_side(t)
    square = [_square(p, i, t) for i in range(4)]
    grids = []
    for i in range(4):
        if square[i] or square[(i + 1) % 4]:
            continue
        for a, b in ((p[i], p[(i + 1) % 4]), (p[(i + 1) % 4], p[i])):
            length = float(np.linalg.norm(b - a))
            if length < float(t["edge_min_side"]) or length > longest:
                continue
            u = (b - a) / length
            n = np.array([-u[1], u[0]])
            n = n if n @ (centre - a) > 0 else -n  # into the outline
            grids += _grids_at(a, *_square_frame(u, n), back, t)  # at right angles already: only ordered
    return grids


def _longest_side(t: dict) -> float:
    """Squares: the longest side of an outline that can be a board's (its widest border, and slack)."""
    return float(COLUMNS) + 2 * max(float(m) for m in t["margins"]) + float(t["side_slack"])


def _square(p: np.ndarray, i: int, t: dict) -> bool:
    """Whether corner i of a quadrilateral in the table's plane is near enough square to be a board's own."""
    return abs(_corner_angle(p, i) - 90.0) <= float(t["max_skew_deg"])


def _grids_at(a: np.ndarray, f1: np.ndarray, f2: np.ndarray, back: np.ndarray, t: dict) -> list[np.ndarray]:
    """Grids (image px, through `back`, the plane's map to the picture) of a board whose outline has its
    corner at `a` (plane squares) and runs along the unit directions f1 then f2 (clockwise), each border
    margin in, with its 9 columns along either."""
    grids = []
    for margin in (float(m) for m in t["margins"]):
        o = a + margin * (f1 + f2)
        for along_first in (COLUMNS, ROWS):
            down = COLUMNS + ROWS - along_first
            g = np.array([o, o + along_first * f1, o + along_first * f1 + down * f2, o + down * f2])
            if along_first == ROWS:
                g = np.roll(g, -1, 0)  # the 9 columns then run along f2
            grids.append(_mapped(back, g))
    return grids


def _mapped(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(np.asarray(pts, np.float64)[None], h)[0]


def shape_off(plane: np.ndarray, grid: np.ndarray) -> tuple[float, float]:
    """How far a grid (image px, A1's corner first) is from a board's shape in the table's plane: the most
    a side's length is off its share of the others' (log of the ratio), and the most a corner is off
    square (degrees)."""
    lengths = plane_sides(plane, grid) / BOARD_SIDES
    side = float(np.abs(np.log(np.maximum(lengths, 1e-9) / np.median(lengths))).max())
    p = _mapped(plane, grid)
    return side, max(abs(_corner_angle(p, i) - 90.0) for i in range(4))


def squared_grids(grid: np.ndarray, plane: np.ndarray, *, thresholds: dict) -> list[np.ndarray]:
    """Grids of a board's shape in the table's plane (image px, the corners in `grid`'s order) built from
    each corner of `grid` that is square there, along its two sides, at the scale either side gives. A
    grid an arm dragged at one corner keeps the other corners: those that are square are the board's own."""
    t = thresholds["squared_grids"]
    p = _mapped(plane, grid)
    back = np.linalg.inv(plane)
    out = []
    for j in range(4):
        if abs(_corner_angle(p, j) - 90.0) > float(t["square_corner_deg"]):
            continue
        u, v = p[(j + 1) % 4] - p[j], p[(j - 1) % 4] - p[j]
        n_u, n_v = BOARD_SIDES[j], BOARD_SIDES[(j - 1) % 4]
        hu = u / np.linalg.norm(u)
        f1, f2 = _square_frame(hu, v / np.linalg.norm(v))
        fu, fv = (f1, f2) if f1 @ hu > f2 @ hu else (f2, f1)
        for scale in (np.linalg.norm(u) / n_u, np.linalg.norm(v) / n_v):
            q = np.empty((4, 2))
            q[j] = p[j]
            q[(j + 1) % 4] = p[j] + n_u * scale * fu
            q[(j - 1) % 4] = p[j] + n_v * scale * fv
            q[(j + 2) % 4] = q[(j + 1) % 4] + n_v * scale * fv
            out.append(_mapped(back, q))
    return out


def _square_frame(u: np.ndarray, v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The two unit directions at right angles nearest the unit directions u and v, each turned by half
    their skew (in the plane's frame, the first clockwise of the second as a screen shows it)."""
    mid = (u + v) / np.linalg.norm(u + v)
    across = np.array([mid[1], -mid[0]])
    return (mid + across) / np.sqrt(2), (mid - across) / np.sqrt(2)


def _corner_angle(p: np.ndarray, i: int) -> float:
    a, b = p[(i - 1) % 4] - p[i], p[(i + 1) % 4] - p[i]
    return float(np.degrees(np.arccos(np.clip(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)), -1.0, 1.0))))
