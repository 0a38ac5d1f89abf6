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


def rectify(image: np.ndarray, location, px: int | None = None) -> np.ndarray:
    """The board at `location` (anything with `.corners`, or a 4x2 array) as a (8*px) x (9*px) BGR image."""
    px = px or int(thresholds()["rectify"]["square_px"])
    corners = getattr(location, "corners", location)
    H = grid_homography(np.asarray(corners, np.float32), px)
    return cv2.warpPerspective(image, H, (COLUMNS * px, ROWS * px), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
