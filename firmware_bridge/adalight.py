"""Adalight frames: 'Ada', count-1 (big-endian), hi ^ lo ^ 0x55, then R,G,B per LED.

The count field is LEDs minus one (Adalight, Hyperion, WLED all read it that way); hosts that send
the plain count make the device wait for one pixel too many, so the golden-bytes test pins it.
"""
from __future__ import annotations

from collections.abc import Sequence

from firmware_bridge.cues import Rgb

MAGIC = b"Ada"
BANNER = b"Ada\n"
# WLED leaves realtime mode 2.5 s after the last frame; resend well inside that.
KEEPALIVE_S = 1.0


def header(leds: int) -> bytes:
    if not 1 <= leds <= 65536:
        raise ValueError(f"Adalight carries 1-65536 LEDs, got {leds}")
    hi, lo = divmod(leds - 1, 256)
    return MAGIC + bytes((hi, lo, hi ^ lo ^ 0x55))


def encode_frame(pixels: Sequence[Rgb]) -> bytes:
    body = bytearray(header(len(pixels)))
    for r, g, b in pixels:
        body += bytes((r, g, b))
    return bytes(body)


class AdalightReader:
    """Byte-at-a-time frame reader, the device's view: resyncs on 'A' after a bad header, as
    WLED's and the Adalight sketches' state machines do. Used by the simulated sinks and tests."""

    def __init__(self) -> None:
        self._buf = bytearray()
        self.bad_headers = 0

    @property
    def idle(self) -> bool:
        """True between frames (nothing of a frame buffered)."""
        return not self._buf

    def feed(self, data: bytes) -> list[list[Rgb]]:
        self._buf += data
        frames: list[list[Rgb]] = []
        while True:
            start = self._buf.find(MAGIC)
            if start < 0:
                # keep a possible partial magic at the end
                keep = 2 if self._buf.endswith(b"Ad") else 1 if self._buf.endswith(b"A") else 0
                del self._buf[: len(self._buf) - keep]
                return frames
            del self._buf[:start]
            if len(self._buf) < 6:
                return frames
            hi, lo, check = self._buf[3], self._buf[4], self._buf[5]
            if hi ^ lo ^ 0x55 != check:
                self.bad_headers += 1
                del self._buf[:1]
                continue
            n = hi * 256 + lo + 1
            if len(self._buf) < 6 + 3 * n:
                return frames
            raw = self._buf[6 : 6 + 3 * n]
            frames.append([(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, 3 * n, 3)])
            del self._buf[: 6 + 3 * n]
