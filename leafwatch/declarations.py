"""Moves told in writing. In a file, a line 'FRAME SEAT ACTION' is taken before that frame (SEAT is
1-4, or '-' for whoever is to play), and a line 'ACTION' or 'SEAT ACTION' at once, in the file's
order; on standard input each line '[SEAT] ACTION' is taken as soon as it is read. 'accept' and
'accept 2' take an explanation the companion offered for a forgotten key, 'undo' the last move."""
from __future__ import annotations

import queue
import sys
import threading
from typing import Iterable, Iterator, TextIO

from companion.live import DeclareItem
from engine.errors import LeafwatchError


class DeclarationError(LeafwatchError):
    """A declarations file that does not read: names the file and the line."""


def read_declarations(path: str) -> dict[int, list[DeclareItem]]:
    """FRAME -> the declarations to take before that frame, in file order (frame 0: at once)."""
    import os

    if os.path.exists(path) and not os.path.isfile(path):  # a FIFO would block the read for ever
        raise DeclarationError(f"--declare {path} is not a regular file")
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as exc:
        raise DeclarationError(f"--declare {path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise DeclarationError(f"--declare {path} is not a text file") from None
    out: dict[int, list[DeclareItem]] = {}
    for n, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = line.split(None, 2)
        if not parts[0].isdigit():
            out.setdefault(0, []).append(parse_line(line))
            continue
        seat = _seat(parts[1]) if len(parts) == 3 else None
        if len(parts) < 3 or seat is False:
            raise DeclarationError(f"--declare {path}, line {n}: write 'FRAME SEAT ACTION', e.g. '120 2 berry' "
                                   "(SEAT '-' for whoever is to play)")
        out.setdefault(int(parts[0]), []).append(DeclareItem(seat, parts[2].strip()))
    return out


def _seat(word: str) -> int | None | bool:
    """0-based seat, None for '-', False when it is not a seat."""
    if word == "-":
        return None
    if word.isdigit() and 1 <= int(word) <= 4:
        return int(word) - 1
    return False


def parse_line(line: str) -> DeclareItem | None:
    """'[SEAT] ACTION' as typed on standard input; None for a blank line or a comment."""
    text = line.strip()
    if not text or text.startswith("#"):
        return None
    first, _, rest = text.partition(" ")
    seat = _seat(first)
    if rest and seat not in (False, None):
        return DeclareItem(seat, rest.strip())
    return DeclareItem(None, text)


def typed_lines(stream: TextIO | None = None) -> "queue.Queue[DeclareItem | None]":
    """Lines read from `stream` (standard input) by a background thread, as DeclareItems; None once the
    stream ends."""
    stream = stream or sys.stdin
    lines: queue.Queue = queue.Queue()

    def read() -> None:
        try:
            for line in stream:
                item = parse_line(line)
                if item is not None:
                    lines.put(item)
        except (OSError, ValueError):
            pass
        lines.put(None)

    threading.Thread(target=read, name="declarations", daemon=True).start()
    return lines


def with_declarations(feed: Iterable, by_frame: dict[int, list[DeclareItem]] | None = None,
                      typed: "queue.Queue | None" = None) -> Iterator:
    """The feed's items with the declarations put in: a file's before their frame (those past the last
    frame after it), typed ones between frames as they come."""
    by_frame = dict(by_frame or {})
    frames = 0

    def drain() -> Iterator:
        while typed is not None:
            try:
                item = typed.get_nowait()
            except queue.Empty:
                return
            if item is not None:
                yield item

    try:
        for item in feed:
            if isinstance(item, DeclareItem):
                yield item
                continue
            frames += 1
            yield from by_frame.pop(frames, [])
            yield from drain()
            yield item
        for frame in sorted(by_frame):
            yield from by_frame[frame]
        yield from drain()
    finally:
        close = getattr(feed, "close", None)
        if close is not None:
            close()
