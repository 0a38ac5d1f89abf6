"""Cues: what the table should see on the LEDs, independent of any game engine.

The companion turns game events into cues; the bridge turns cues into LED output through the
user-editable mapping (see mapping.py). Keeping cues as our own small value type is what lets
firmware_bridge stay free of engine imports.
"""
from __future__ import annotations

from dataclasses import dataclass

KINDS = ("turn", "alert", "treasure_owed", "area_complete", "end_triggered", "winner", "idle")

Rgb = tuple[int, int, int]


def parse_colour(text: str) -> Rgb:
    """'#RRGGBB' or 'RRGGBB' -> (r, g, b); ValueError with the offending text otherwise."""
    s = text.strip().removeprefix("#")
    if len(s) != 6 or any(c not in "0123456789abcdefABCDEF" for c in s):
        raise ValueError(f"not a colour: {text!r} (expected #RRGGBB)")
    return (int(s[0:2], 16), int(s[2:4], 16), int(s[4:6], 16))


def format_colour(rgb: Rgb) -> str:
    return "#%02X%02X%02X" % rgb


@dataclass(frozen=True)
class Cue:
    """One thing to show. `seat` is the player's seat, 1-based; `colour` overrides the seat colour
    from the mapping (the companion knows which colour each player chose); `detail` is free text
    for logs and previews, never shown on LEDs."""

    kind: str
    seat: int | None = None
    colour: Rgb | None = None
    detail: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown cue kind {self.kind!r}; expected one of {', '.join(KINDS)}")
        if self.seat is not None and not (isinstance(self.seat, int) and 1 <= self.seat <= 8):
            raise ValueError(f"seat must be 1-8, got {self.seat!r}")
        if self.colour is not None:
            if len(self.colour) != 3 or any(not (isinstance(c, int) and 0 <= c <= 255) for c in self.colour):
                raise ValueError(f"colour must be three ints 0-255, got {self.colour!r}")
            object.__setattr__(self, "colour", tuple(self.colour))


IDLE = Cue("idle")
