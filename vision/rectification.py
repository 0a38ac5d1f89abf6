"""Warp a located board to a flat, upright 9x8 grid of equal squares (A1 top-left)."""
from __future__ import annotations

import cv2
import numpy as np

from vision.grids import COLUMNS, ROWS
from vision.thresholds import thresholds


def grid_homography(corners: np.ndarray, px: int) -> np.ndarray:
    """Image -> rectified board for corners in A1-TL, I1-TR, I8-BR, A8-BL order."""
    dst = np.float32([[0, 0], [COLUMNS * px, 0], [COLUMNS * px, ROWS * px], [0, ROWS * px]])
    return cv2.getPerspectiveTransform(np.float32(corners), dst)


def square_steps(corners: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(across, down): the image px of one square along a grid's rows and down its columns, each the mean
    over the grid's two opposite edges (corners in A1-TL, I1-TR, I8-BR, A8-BL order)."""
    c = np.asarray(corners, np.float64)
    return (c[1] - c[0] + c[2] - c[3]) / (2 * COLUMNS), (c[3] - c[0] + c[2] - c[1]) / (2 * ROWS)


def rectify(image: np.ndarray, location, px: int | None = None) -> np.ndarray:
    """The board at `location` (anything with `.corners`, or a 4x2 array) as a (8*px) x (9*px) BGR image."""
    px = px or int(thresholds()["rectify"]["square_px"])
    corners = getattr(location, "corners", location)
    H = grid_homography(np.asarray(corners, np.float32), px)
    return cv2.warpPerspective(image, H, (COLUMNS * px, ROWS * px), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)


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
