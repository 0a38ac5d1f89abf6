"""Printable sheets of the ArUco corner markers that `vision` finds boards by.

One sheet per board, true to size for the table's squares: four markers (A1, I1, I8, A8 corners),
each with its white margin and a label saying which corner it belongs beside and which way is up."""
from __future__ import annotations

import cv2
import numpy as np

from vision.locate.markers import MarkerLayout, load_marker_layout

CORNERS = ("A1", "I1", "I8", "A8")
A4_MM = (210.0, 297.0)


def marker_sheet(board: int, square_mm: float, dpi: int = 300, layout: MarkerLayout | None = None) -> np.ndarray:
    """A white A4 page (grey image) with board `board`'s four markers at true size."""
    layout = layout or load_marker_layout()
    if not 0 <= board < 4:
        raise ValueError("boards are numbered 1 to 4")
    if not 5 <= square_mm <= 80:
        raise ValueError("a square of the Forest Floor is 5 to 80 mm wide")
    px_mm = dpi / 25.4
    w, h = (int(round(v * px_mm)) for v in A4_MM)
    page = np.full((h, w), 255, np.uint8)
    side = int(round(layout.size * square_mm * px_mm))
    dictionary = cv2.aruco.getPredefinedDictionary(layout.dictionary_id)
    cells = [(0.25, 0.27), (0.75, 0.27), (0.75, 0.72), (0.25, 0.72)]  # laid out as the corners lie
    for j, (fx, fy) in enumerate(cells):
        marker_id = layout.first_id + 4 * board + j
        img = cv2.aruco.generateImageMarker(dictionary, marker_id, side)
        x, y = int(fx * w - side / 2), int(fy * h - side / 2)
        page[y:y + side, x:x + side] = img
        scale = dpi / 300
        text = f"board {board + 1}  corner {CORNERS[j]}  (id {marker_id})"
        cv2.putText(page, text, (x, y + side + int(60 * scale)), cv2.FONT_HERSHEY_SIMPLEX, 0.9 * scale, 0, max(1, int(2 * scale)))
        cv2.putText(page, "this edge towards row 1", (x, y - int(25 * scale)), cv2.FONT_HERSHEY_SIMPLEX, 0.7 * scale, 0, max(1, int(2 * scale)))
    how = (f"Cut out each marker with a white margin of at least {layout.quiet_zone * square_mm:.0f} mm. Lay it beside its "
           f"corner, its centre {layout.offset * square_mm:.0f} mm out from the grid corner along both edges.")
    scale = dpi / 300
    for i, line in enumerate(_wrap(how, 80)):
        cv2.putText(page, line, (int(0.06 * w), int(0.9 * h) + i * int(40 * scale)), cv2.FONT_HERSHEY_SIMPLEX, 0.75 * scale, 0, max(1, int(2 * scale)))
    return page


def _wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if len(line) + len(word) + 1 > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + [line] if line else lines
