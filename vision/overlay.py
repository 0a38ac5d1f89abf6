"""Pictures for people: a camera frame with every board found drawn over it (its grid, the A1 corner, the
side named, the squares it cannot read crossed), and the PNG files leafwatch writes them to.

A PNG written here carries a text chunk saying leafwatch wrote it, so that a command can tell its own
picture (safe to replace) from a file of the user's (never replaced unless asked).
"""
from __future__ import annotations

import os
import pathlib
import struct
import zlib

import cv2
import numpy as np

from engine.errors import LeafwatchError
from vision.grids import COLUMNS, ROWS
from vision.locate.rectification import board_to_picture

# one colour a board (BGR), bright enough to show on a dark table and a light one with a dark edge
BOARD_COLOURS = ((0, 220, 255), (255, 200, 0), (255, 0, 255), (0, 255, 120), (0, 140, 255), (255, 255, 255))
UNREAD = (0, 0, 255)  # squares read '?'
MARK_KEY, MARK_VALUE = b"Software", b"leafwatch"


class PictureError(ValueError, LeafwatchError):
    """A picture that cannot be written where asked; the message is one line for the user."""


def draw_boards(image: np.ndarray, result, lines: list[str] | tuple[str, ...] = ()) -> np.ndarray:
    """A copy of the BGR frame with every board of `result` (vision.analysis.AnalyzeResult) drawn on it, and
    `lines` of text (a summary, warnings) in a band added above it (the frame itself stays whole)."""
    out = image.copy()
    h, w = out.shape[:2]
    thick = max(1, round(w / 960))
    font = max(0.4, w / 1600)
    for i, b in enumerate(result.boards):
        colour = BOARD_COLOURS[i % len(BOARD_COLOURS)]
        corners = np.asarray(b.corners, np.float64)
        _unread_squares(out, corners, b.pieces, thick)
        _grid(out, corners, colour, thick)
        sq = float(np.linalg.norm(corners[1] - corners[0])) / COLUMNS
        a1 = board_to_picture(corners, np.float32([[0.5, 0.5]]))[0]
        cv2.circle(out, _pt(corners[0]), max(4, round(sq * 0.25)), colour, -1, cv2.LINE_AA)
        _label(out, "A1", a1, font * 0.8, colour, thick)
        centre = board_to_picture(corners, np.float32([[COLUMNS / 2, ROWS / 2]]))[0]
        _label(out, f"{i + 1}: " + (f"side {b.side}" if b.side else "side ?"), centre, font * 1.2, colour, thick + 1)
    return _with_band(out, list(lines), font, thick)


def _pt(p) -> tuple[int, int]:
    return int(round(float(p[0]))), int(round(float(p[1])))


def _grid(img, corners, colour, thick) -> None:
    for c in range(COLUMNS + 1):
        a, b = board_to_picture(corners, np.float32([[c, 0], [c, ROWS]]))
        edge = c in (0, COLUMNS)
        cv2.line(img, _pt(a), _pt(b), colour, thick * (2 if edge else 1), cv2.LINE_AA)
    for r in range(ROWS + 1):
        a, b = board_to_picture(corners, np.float32([[0, r], [COLUMNS, r]]))
        edge = r in (0, ROWS)
        cv2.line(img, _pt(a), _pt(b), colour, thick * (2 if edge else 1), cv2.LINE_AA)


def _unread_squares(img, corners, pieces: str, thick) -> None:
    """Each square read '?' tinted red and crossed."""
    rows = pieces.split("/")
    quads = []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == "?":
                quads.append(board_to_picture(corners, np.float32([[c, r], [c + 1, r], [c + 1, r + 1], [c, r + 1]])))
    if not quads:
        return
    tint = img.copy()
    for q in quads:
        cv2.fillPoly(tint, [np.round(q).astype(np.int32)], UNREAD, cv2.LINE_AA)
    cv2.addWeighted(tint, 0.35, img, 0.65, 0, dst=img)
    for q in quads:
        cv2.line(img, _pt(q[0]), _pt(q[2]), UNREAD, thick, cv2.LINE_AA)
        cv2.line(img, _pt(q[1]), _pt(q[3]), UNREAD, thick, cv2.LINE_AA)


def _label(img, text, at, scale, colour, thick) -> None:
    """Text centred on `at`, on a dark box so that it reads on any floor."""
    (tw, th), base = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, thick)
    x, y = int(at[0] - tw / 2), int(at[1] + th / 2)
    cv2.rectangle(img, (x - 3, y - th - 3), (x + tw + 3, y + base + 1), (0, 0, 0), -1)
    cv2.putText(img, text, (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale, colour, thick, cv2.LINE_AA)


def _with_band(img, lines, font, thick) -> np.ndarray:
    """The picture with a black band above it holding the lines, one a row."""
    if not lines:
        return img
    scale = max(0.45, font * 0.7)
    weight = max(1, thick - 1) if scale < 0.8 else thick
    rows = []  # (text, colour), a line too long for the picture wrapped at its words
    for line in lines:
        colour = (0, 200, 255) if line.startswith("warning") else (255, 255, 255)
        row = ""
        for word in line.split(" "):
            wider = f"{row} {word}" if row else word
            if row and cv2.getTextSize(wider, cv2.FONT_HERSHEY_SIMPLEX, scale, weight)[0][0] > img.shape[1] - 16:
                rows.append((row, colour))
                wider = "    " + word
            row = wider
        rows.append((row, colour))
    step = int(32 * font) + 6
    band = np.zeros((step * len(rows) + 8, img.shape[1], 3), np.uint8)
    for n, (text, colour) in enumerate(rows):
        cv2.putText(band, text, (8, step * (n + 1) - 2), cv2.FONT_HERSHEY_SIMPLEX, scale, colour, weight, cv2.LINE_AA)
    return np.vstack([band, img])


# ---------------------------------------------------------------------- files

def png_bytes(image: np.ndarray) -> bytes:
    """The picture as PNG, with the chunk that says leafwatch wrote it."""
    ok, buf = cv2.imencode(".png", image)
    if not ok:  # pragma: no cover - OpenCV encodes any 8-bit BGR picture
        raise PictureError("the picture cannot be encoded as PNG")
    data = buf.tobytes()
    body = MARK_KEY + b"\x00" + MARK_VALUE
    chunk = struct.pack(">I", len(body)) + b"tEXt" + body + struct.pack(">I", zlib.crc32(b"tEXt" + body))
    end_of_header = 8 + 8 + 13 + 4  # signature, IHDR's length and type, its 13 bytes, its CRC
    return data[:end_of_header] + chunk + data[end_of_header:]


def written_by_leafwatch(path: str | os.PathLike) -> bool:
    """Whether the file is a PNG that leafwatch wrote (its mark follows the header)."""
    try:
        with open(path, "rb") as f:
            head = f.read(128)
    except OSError:
        return False
    return head.startswith(b"\x89PNG\r\n\x1a\n") and b"tEXt" + MARK_KEY + b"\x00" + MARK_VALUE in head


def free_path(folder: str | os.PathLike, stem: str) -> pathlib.Path:
    """`stem.png` in the folder, or `stem-2.png`, `stem-3.png` ..., the first name not taken."""
    folder = pathlib.Path(folder)
    n = 1
    while True:
        p = folder / (f"{stem}.png" if n == 1 else f"{stem}-{n}.png")
        if not p.exists():
            return p
        n += 1


def may_write(path: str | os.PathLike, replace: bool = False) -> pathlib.Path:
    """The path, when a picture may be written there; PictureError saying why not otherwise."""
    p = pathlib.Path(path)
    if p.is_dir():
        raise PictureError(f"{p} is a folder: give a file name ending in .png")
    if p.exists() and not replace and not written_by_leafwatch(p):
        raise PictureError(f"{p} exists and leafwatch did not write it: give another name, or add --force to "
                           "replace it")
    if not p.parent.is_dir():
        raise PictureError(f"cannot write {p}: there is no folder {p.parent}")
    return p


def write_png(image: np.ndarray, path: str | os.PathLike | None = None, *, folder: str | os.PathLike = ".",
              stem: str = "picture", replace: bool = False) -> pathlib.Path:
    """Write the picture and say where. Without `path`, a new file under a free name in `folder`. A file that
    exists at `path` is replaced only when leafwatch wrote it, or when `replace` is given."""
    data = png_bytes(image)
    if path is None:
        while True:  # a name taken between looking and writing: the next one
            p = free_path(folder, stem)
            try:
                with open(p, "xb") as f:
                    f.write(data)
                return p
            except FileExistsError:
                continue
            except OSError as exc:
                raise PictureError(f"cannot write {p}: {exc.strerror}") from None
    p = may_write(path, replace)
    try:
        p.write_bytes(data)
    except OSError as exc:
        raise PictureError(f"cannot write {p}: {exc.strerror}") from None
    return p
