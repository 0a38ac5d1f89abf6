"""Text previews of a strip, for the CLI (and any terminal view)."""
from __future__ import annotations

from collections.abc import Sequence

from firmware_bridge.cues import Rgb, format_colour


def runs(frame: Sequence[Rgb]) -> str:
    """'7x#000000 8x#135590 15x#000000': readable in logs and stable for tests."""
    out: list[str] = []
    count, last = 0, None
    for px in list(frame) + [None]:  # type: ignore[list-item]
        if px == last:
            count += 1
            continue
        if last is not None:
            out.append(f"{count}x{format_colour(last)}")
        count, last = 1, px
    return " ".join(out)


def ansi(frame: Sequence[Rgb]) -> str:
    """One coloured block per LED (24-bit colour escapes); dark LEDs as a dim dot."""
    cells = []
    for r, g, b in frame:
        cells.append("\x1b[2m·\x1b[0m" if (r, g, b) == (0, 0, 0) else f"\x1b[38;2;{r};{g};{b}m█\x1b[0m")
    return "".join(cells)
