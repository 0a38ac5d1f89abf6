"""Stock WLED over serial: the one-byte version query and JSON state objects.

Only 'v' is safe as a probe: WLED acts on many single bytes outside a JSON object ('I' starts
Improv, 'L'/'l' dump the LEDs, 'O' starts streaming), so nothing else is sent outside '{...}'.
"""
from __future__ import annotations

import json

from firmware_bridge.mapping import Look

VERSION_QUERY = b"v"
FX_SOLID = 0
FX_BLINK = 1


def parse_version(line: str) -> str | None:
    """'WLED 0.15.0' -> '0.15.0'; None when the line is not WLED's answer."""
    parts = line.strip().split(" ", 1)
    if parts[0] == "WLED":
        return parts[1].strip() if len(parts) > 1 else ""
    return None


def blink_speed(period_ms: int) -> int:
    # WLED's Blink effect cycles in about (255 - sx) * 20 ms (+ two frames); invert that.
    return max(0, min(255, 255 - round(period_ms / 20)))


def state_object(look: Look) -> dict:
    if look.wled_preset:
        return {"ps": look.wled_preset}
    r, g, b = look.colour
    seg: dict = {"id": 0, "start": look.first, "stop": look.first + look.count, "col": [[r, g, b], [0, 0, 0]]}
    if look.period_ms:
        seg.update(fx=FX_BLINK, sx=blink_speed(look.period_ms), ix=128)
    else:
        seg["fx"] = FX_SOLID
    # "tt":0 makes this one change instant; a cue that fades in late reads as a glitch
    return {"on": look.count > 0 and look.colour != (0, 0, 0), "bri": look.brightness, "tt": 0, "seg": [seg]}


def encode_state(look: Look) -> bytes:
    return json.dumps(state_object(look), separators=(",", ":")).encode("ascii") + b"\n"
