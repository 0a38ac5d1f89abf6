"""Pictures for people: a rectified board with its grid and reading drawn on it."""
from __future__ import annotations

import pathlib

import cv2
import numpy as np

from vision.grids import COLUMNS, ROWS
from vision.locate.rectification import rectify
from vision.thresholds import thresholds


def draw_reading(rect: np.ndarray, pieces: str, printed: str, confidence: np.ndarray, truth: str | None = None) -> np.ndarray:
    """The rectified board scaled to 64 px squares with grid lines, piece and printed letters, and
    confidence; squares whose piece differs from `truth` are framed in red."""
    px = 64
    img = cv2.resize(rect, (COLUMNS * px, ROWS * px), interpolation=cv2.INTER_LINEAR)
    for c in range(COLUMNS + 1):
        cv2.line(img, (c * px, 0), (c * px, ROWS * px), (255, 255, 255), 1)
    for r in range(ROWS + 1):
        cv2.line(img, (0, r * px), (COLUMNS * px, r * px), (255, 255, 255), 1)
    P, F = pieces.split("/"), printed.split("/")
    T = truth.split("/") if truth else None
    for r in range(ROWS):
        for c in range(COLUMNS):
            x, y = c * px, r * px
            cv2.rectangle(img, (x + 2, y + 2), (x + 30, y + 20), (0, 0, 0), -1)
            cv2.putText(img, P[r][c] + F[r][c], (x + 4, y + 16), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (255, 255, 255), 1)
            cv2.putText(img, f"{confidence[r, c]:.2f}", (x + 4, y + px - 6), cv2.FONT_HERSHEY_SIMPLEX, 0.35, (255, 255, 255), 1)
            if T and T[r][c] != P[r][c]:
                cv2.rectangle(img, (x + 1, y + 1), (x + px - 2, y + px - 2), (0, 0, 255), 3)
                cv2.putText(img, "want " + T[r][c], (x + 4, y + 36), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 255), 1)
    return img


def write_debug(out: pathlib.Path, image: np.ndarray, result) -> list[pathlib.Path]:
    """Each board rectified with its reading (board1.png ...), and the frame with every board drawn on it
    as `leafwatch camera check` draws them (frame.png)."""
    from vision.overlay import draw_boards

    out.mkdir(parents=True, exist_ok=True)
    written = []
    for i, b in enumerate(result.boards):
        pic = draw_reading(rectify(image, b.corners, int(thresholds()["rectify"]["square_px"])), b.pieces, b.printed, b.confidence)
        path = out / f"board{i + 1}.png"
        cv2.imwrite(str(path), pic)
        written.append(path)
    path = out / "frame.png"
    cv2.imwrite(str(path), draw_boards(image, result))
    written.append(path)
    return written
