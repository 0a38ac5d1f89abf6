"""Looks -> pixel frames (what the strip shows at a moment), shared by Adalight and previews."""
from __future__ import annotations

from firmware_bridge.cues import Rgb
from firmware_bridge.mapping import Look

BLACK: Rgb = (0, 0, 0)


def blink_on(period_ms: int, elapsed_ms: int) -> bool:
    """On for the first half of each period, counted from when the look started. The firmware
    uses the same rule, so the preview and the device agree on the phase."""
    return period_ms <= 0 or (elapsed_ms % period_ms) < period_ms // 2


def render(look: Look, elapsed_ms: int) -> list[Rgb]:
    frame = [BLACK] * look.leds
    if blink_on(look.period_ms, elapsed_ms):
        colour = look.scaled_colour
        for i in range(look.first, min(look.first + look.count, look.leds)):
            frame[i] = colour
    return frame


def next_edge_ms(look: Look, elapsed_ms: int) -> int | None:
    """Milliseconds until the frame next changes by itself (a blink edge), or None if steady."""
    if look.period_ms <= 0:
        return None
    half = look.period_ms // 2
    into = elapsed_ms % look.period_ms
    return (half - into) if into < half else (look.period_ms - into)
