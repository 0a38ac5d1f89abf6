"""Which cue is showing now: a held cue, and possibly a timed one on top of it."""
from __future__ import annotations

from dataclasses import dataclass

from firmware_bridge.cues import IDLE, Cue
from firmware_bridge.mapping import Look, Mapping


@dataclass(frozen=True)
class Showing:
    cue: Cue
    look: Look
    since_ms: int  # when this look started, on the timeline's clock (for the blink phase)


class CueTimeline:
    """Not thread-safe by itself; LedBridge guards it with its lock."""

    def __init__(self, mapping: Mapping, now_ms: int = 0) -> None:
        self.mapping = mapping
        self._held = Showing(IDLE, mapping.look(IDLE), now_ms)
        self._timed: Showing | None = None
        self._timed_until = 0

    def apply(self, cue: Cue, now_ms: int) -> None:
        look = self.mapping.look(cue)
        if look.hold_ms > 0:
            self._timed = Showing(cue, look, now_ms)
            self._timed_until = now_ms + look.hold_ms
        else:
            self._held = Showing(cue, look, now_ms)
            self._timed = None

    def remap(self, mapping: Mapping) -> None:
        """Use another mapping (e.g. the device's real strip length) for the cues already showing."""
        self.mapping = mapping
        self._held = Showing(self._held.cue, mapping.look(self._held.cue), self._held.since_ms)
        if self._timed is not None:
            self._timed = Showing(self._timed.cue, mapping.look(self._timed.cue), self._timed.since_ms)

    def current(self, now_ms: int) -> Showing:
        if self._timed is not None:
            if now_ms < self._timed_until:
                return self._timed
            # the held look resumes with a fresh phase, as if it had just been sent again
            self._held = Showing(self._held.cue, self._held.look, self._timed_until)
            self._timed = None
        return self._held

    def next_change_ms(self, now_ms: int) -> int | None:
        """Milliseconds until a timed cue expires, or None."""
        if self._timed is None:
            return None
        return max(0, self._timed_until - now_ms)
