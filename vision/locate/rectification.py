"""Warp a located board to a flat, upright 9x8 grid of equal squares (A1 top-left)."""
from __future__ import annotations

import math

import cv2
import numpy as np

from vision.grids import COLUMNS, ROWS


def grid_homography(corners: np.ndarray, px: int) -> np.ndarray:
    """Image -> rectified board for corners in A1-TL, I1-TR, I8-BR, A8-BL order."""
    dst = np.float32([[0, 0], [COLUMNS * px, 0], [COLUMNS * px, ROWS * px], [0, ROWS * px]])
    return cv2.getPerspectiveTransform(np.float32(corners), dst)


def square_steps(corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(across, down): the image px of one square along a grid's rows and down its columns, each the mean
    over the grid's two opposite edges (corners in A1-TL, I1-TR, I8-BR, A8-BL order)."""
    c = np.asarray(corners, np.float64)
    return (c[1] - c[0] + c[2] - c[3]) / (2 * COLUMNS), (c[3] - c[0] + c[2] - c[1]) / (2 * ROWS)


def rectify(image: np.ndarray, location, px: int) -> np.ndarray:
    """The board at `location` (anything with `.corners`, or a 4x2 array) as a (8*px) x (9*px) BGR image
    (`px`: thresholds.toml [rectify] square_px where the classifier reads it)."""
    corners = np.asarray(getattr(location, "corners", location), np.float32)
    H = grid_homography(corners, px)
    size = (COLUMNS * px, ROWS * px)
    part, origin = _part_under(image, corners)
    if part is None:
        return cv2.warpPerspective(image, H, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    # OpenCV 5 warps four channels of bytes over twice as fast as three (0.22 against 0.61 ms a board, the
    # same pixels), so the part under the board is given a fourth channel for the warp
    H = H @ np.array([[1, 0, origin[0]], [0, 1, origin[1]], [0, 0, 1]], np.float64)
    warped = cv2.warpPerspective(cv2.cvtColor(part, cv2.COLOR_BGR2BGRA), H, size, flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_REPLICATE)
    return cv2.cvtColor(warped, cv2.COLOR_BGRA2BGR)


def _part_under(image: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray | None, tuple[int, int]]:
    """The part of a BGR byte picture that a grid's warp reads (its corners' box, a pixel wider for the
    interpolation, cut at the picture's edges, where the warp repeats the edge's pixels either way), and
    that part's top-left corner; None for another kind of picture or a grid wholly outside it."""
    if image.ndim != 3 or image.shape[2] != 3 or image.dtype != np.uint8 or not np.isfinite(corners).all():
        return None, (0, 0)
    h, w = image.shape[:2]
    (left, top), (right, bottom) = corners.min(0).tolist(), corners.max(0).tolist()
    x0, y0 = min(max(math.floor(left) - 2, 0), w), min(max(math.floor(top) - 2, 0), h)
    x1, y1 = min(max(math.ceil(right) + 3, 0), w), min(max(math.ceil(bottom) + 3, 0), h)
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None, (0, 0)
    return image[y0:y1, x0:x1], (x0, y0)


def board_to_picture(corners: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Points on a board, in squares (x along the columns from A1's corner, y down the rows), in picture px
    for the grid `corners`."""
    H = np.linalg.inv(grid_homography(np.asarray(corners, np.float64), 1))
    return cv2.perspectiveTransform(np.float32(points)[None], H)[0]


def share_beyond_picture(shape: tuple[int, ...], location, samples: int = 8) -> np.ndarray | None:
    """(ROWS, COLUMNS) share of each square that lies beyond the picture's edge, measured on
    samples x samples points over the square; None when the whole board is inside (the usual case, and
    then nothing is measured: the picture is convex, so a board whose four corners are in it is in it)."""
    h, w = shape[:2]
    corners = np.asarray(getattr(location, "corners", location), np.float64)
    if np.all((corners[:, 0] >= 0) & (corners[:, 0] <= w - 1) & (corners[:, 1] >= 0) & (corners[:, 1] <= h - 1)):
        return None
    g = (np.arange(samples) + 0.5) / samples
    rr, cc, yy, xx = np.meshgrid(np.arange(ROWS), np.arange(COLUMNS), g, g, indexing="ij")
    pts = board_to_picture(corners, np.column_stack([(cc + xx).ravel(), (rr + yy).ravel()]))
    # a pixel covers [x - 0.5, x + 0.5): the replicated border begins half a pixel beyond the last centre
    inside = (pts[:, 0] >= -0.5) & (pts[:, 0] < w - 0.5) & (pts[:, 1] >= -0.5) & (pts[:, 1] < h - 0.5)
    return 1.0 - inside.reshape(ROWS, COLUMNS, -1).mean(-1)
