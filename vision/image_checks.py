"""What is checked about an image file before it is decoded, and about a frame before it is read.

A file is refused in one line, without decoding, when it is not a regular file (a FIFO would block
the reader for ever, a device would stream without end), when its header declares more pixels than
MAX_PIXELS, fewer than MIN_SIDE pixels on a side (too small to hold a board's 9 x 8 squares), or a
shape longer than MAX_ASPECT:1.
The header is read from the first bytes only: PNG, JPEG, BMP and WebP say their size there. Only the pixel
limit is judged from a header (a damaged one may declare anything); the other limits from the decoded frame.
"""
from __future__ import annotations

import os
import stat
import struct

import numpy as np

MAX_PIXELS = 40_000_000  # 40 megapixels: well above any camera a table uses, far below what exhausts memory
MIN_SIDE = 32  # pixels: 9 columns of squares need a few pixels each, and the search needs a margin
MAX_ASPECT = 4  # long side over short side: cameras give up to about 2.4:1; thin strips cost the search dearly
HEADER_BYTES = 1 << 16  # JPEG may carry EXIF and colour tables before its frame header
GREY_SPREAD = 6  # channel differences (0-255) below this everywhere: a greyscale or infrared frame


def file_problem(path: str | os.PathLike) -> str | None:
    """Why `path` cannot be opened as an image file, in one line; None when it is a regular file."""
    name = os.fspath(path)
    shown = short_name(name)
    try:
        st = os.stat(name)
    except FileNotFoundError:
        return f"{shown}: no such file"
    except OSError as exc:
        return f"{shown}: {exc.strerror or 'cannot be read'}"
    except ValueError:  # a NUL byte in the name
        return f"{shown}: not a valid file name"
    if stat.S_ISDIR(st.st_mode):
        return f"{shown} is a folder, not an image"
    if not stat.S_ISREG(st.st_mode):
        kind = "a FIFO (named pipe)" if stat.S_ISFIFO(st.st_mode) else "a device or socket"
        return f"{shown} is {kind}, not an image file"
    return None


def header_size(head: bytes) -> tuple[int, int] | None:
    """(width, height) as the file's first bytes declare them, or None for a format not read here."""
    try:
        if head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR":
            return struct.unpack(">II", head[16:24])
        if head[:2] == b"BM" and len(head) >= 26:
            w, h = struct.unpack("<ii", head[18:26])
            return abs(w), abs(h)
        if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
            return _webp_size(head)
        if head[:2] == b"\xff\xd8":
            return _jpeg_size(head)
    except struct.error:
        return None
    return None


def pixel_problem(width: int, height: int, name: str) -> str | None:
    """Why an image declaring this size is too large to decode, in one line; None when it is not."""
    if width * height > MAX_PIXELS:
        return (f"{short_name(name)} is {width}x{height} pixels ({width * height / 1e6:.0f} megapixels); leafwatch "
                f"reads at most {MAX_PIXELS // 1_000_000} megapixels: scale the picture down")
    return None


def size_problem(width: int, height: int, name: str) -> str | None:
    """Why an image of this size is refused, in one line; None when it is within the limits."""
    shown = short_name(name)
    if problem := pixel_problem(width, height, name):
        return problem
    if min(width, height) < MIN_SIDE:
        return f"{shown} is {width}x{height} pixels; a picture of a board needs at least {MIN_SIDE} on each side"
    if max(width, height) > MAX_ASPECT * min(width, height):
        return (f"{shown} is {width}x{height} pixels, a strip rather than a view of a table: "
                f"leafwatch reads pictures up to {MAX_ASPECT}:1")
    return None


def looks_greyscale(image: np.ndarray) -> bool:
    """True when a colour frame carries no colour: its three channels (nearly) equal everywhere, as a
    greyscale or infrared camera gives. Leaf colours cannot be told apart in such a frame."""
    if image.ndim == 2 or (image.ndim == 3 and image.shape[2] == 1):
        return True
    if image.ndim != 3 or image.shape[2] < 3 or image.size == 0:
        return False
    step = max(1, int(np.sqrt(image.shape[0] * image.shape[1] / 250_000)))  # a sample of ~250k pixels is enough
    sample = image[::step, ::step, :3].astype(np.int16)
    spread = sample.max(axis=2) - sample.min(axis=2)
    return float(np.percentile(spread, 99)) < GREY_SPREAD


GREYSCALE_WARNING = ("the frame has no colour (greyscale or infrared camera?): leaf tiles and treasures "
                     "are told apart by colour, so boards will read as empty; use a colour camera")


def short_name(name: str, keep: int = 80) -> str:
    """A file name fit for one line: long names are cut in the middle, control characters shown escaped."""
    shown = name.encode("unicode_escape", "backslashreplace").decode("ascii") if not name.isprintable() else name
    return shown if len(shown) <= keep else shown[: keep // 2] + "..." + shown[-keep // 2:]


def _webp_size(head: bytes) -> tuple[int, int] | None:
    chunk = head[12:16]
    if chunk == b"VP8X":
        w = int.from_bytes(head[24:27], "little") + 1
        h = int.from_bytes(head[27:30], "little") + 1
        return w, h
    if chunk == b"VP8 ":
        w, h = struct.unpack("<HH", head[26:30])
        return w & 0x3FFF, h & 0x3FFF
    if chunk == b"VP8L":
        bits = int.from_bytes(head[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    return None


def _jpeg_size(head: bytes) -> tuple[int, int] | None:
    i = 2
    while i + 9 < len(head):
        if head[i] != 0xFF:
            return None
        marker = head[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:  # markers without a length
            i += 2
            continue
        length = struct.unpack(">H", head[i + 2:i + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):  # a start-of-frame header
            h, w = struct.unpack(">HH", head[i + 5:i + 9])
            return w, h
        i += 2 + length
    return None
