"""One driver per backend: how a Showing (timeline.py) becomes bytes on an open port.

The bridge's worker thread calls show() when the look changes, refresh() on every turn of its
loop, and next_due_s() to know how long it may sleep. Drivers raise SerialException/OSError
when the port dies and DeviceSilent when a device that must answer stops answering; the bridge
turns both into a reconnect.
"""
from __future__ import annotations

import json
import time

from firmware_bridge import adalight, frames, line_protocol, wled_json
from firmware_bridge.timeline import Showing
from firmware_bridge.transport import LineReader

ACK_TIMEOUT_S = 0.5
MISSED_ACKS_BEFORE_RECONNECT = 3
VERIFY_TIMEOUT_S = 1.0
UNVERIFIABLE = "unverifiable"  # Driver.verify() of a backend whose devices never answer


class DeviceSilent(Exception):
    pass


class Driver:
    name = "?"

    def __init__(self, reader: LineReader, clock=time.monotonic, stop=None) -> None:
        self.reader = reader
        self.port = reader.port
        self.clock = clock
        self.stop = stop
        self.last_error = ""  # the device's last complaint, for the status line
        self.garbage = 0

    def show(self, showing: Showing, now_ms: int) -> None:
        raise NotImplementedError

    def refresh(self, showing: Showing, now_ms: int) -> None:
        self.drain()

    def next_due_s(self, showing: Showing, now_ms: int) -> float | None:
        return None

    def drain(self) -> list[str]:
        """Read and return whatever lines arrived; also how an unplug is noticed."""
        return self.reader.poll()

    def blank(self) -> None:
        """Best effort on close: dark LEDs rather than a stale cue."""

    def verify(self) -> str | None:
        """Ask the device whether it is there and content: None when it answered well, else one line
        saying what went wrong. A backend whose devices never answer returns UNVERIFIABLE."""
        return UNVERIFIABLE

    def _await_line(self, accept, timeout_s: float = VERIFY_TIMEOUT_S) -> str | None:
        deadline = self.clock() + timeout_s
        while self.clock() < deadline:
            for line in self.drain():
                if accept(line):
                    return line
            if self.stop is not None and self.stop.is_set():
                return None
            time.sleep(0.005)
        return None


class WledDriver(Driver):
    name = "wled"

    def verify(self) -> str | None:
        # stock WLED answers a JSON object holding "v": true with its state and info
        self.port.write(b'{"v":true}\n')
        reply = self._await_line(lambda line: line.lstrip().startswith("{"))
        if reply is None:
            return "did not answer the state query"
        try:
            obj = json.loads(reply)
        except ValueError:
            return f"answered the state query with unreadable JSON ({reply[:40]!r})"
        if not isinstance(obj, dict) or not isinstance(obj.get("state"), dict):
            return f"answered the state query without its state ({reply[:40]!r})"
        return None

    def show(self, showing: Showing, now_ms: int) -> None:
        self.port.write(wled_json.encode_state(showing.look))
        self.drain()

    def blank(self) -> None:
        self.port.write(b'{"on":false,"tt":0}\n')


class AdalightDriver(Driver):
    name = "adalight"

    def __init__(self, reader: LineReader, clock=time.monotonic, stop=None) -> None:
        super().__init__(reader, clock, stop)
        self._sent: list | None = None
        self._sent_at = 0.0

    def _send(self, frame: list) -> None:
        self.port.write(adalight.encode_frame(frame))
        self._sent, self._sent_at = frame, self.clock()

    def show(self, showing: Showing, now_ms: int) -> None:
        self._send(frames.render(showing.look, now_ms - showing.since_ms))
        self.drain()

    def refresh(self, showing: Showing, now_ms: int) -> None:
        # the host does the blinking, and resends before WLED's realtime timeout drops the frame
        frame = frames.render(showing.look, now_ms - showing.since_ms)
        if frame != self._sent or self.clock() - self._sent_at >= adalight.KEEPALIVE_S:
            self._send(frame)
        self.drain()

    def next_due_s(self, showing: Showing, now_ms: int) -> float | None:
        keep = max(0.0, adalight.KEEPALIVE_S - (self.clock() - self._sent_at))
        edge = frames.next_edge_ms(showing.look, now_ms - showing.since_ms)
        return keep if edge is None else min(keep, edge / 1000)

    def blank(self) -> None:
        if self._sent is not None:
            self.port.write(adalight.encode_frame([(0, 0, 0)] * len(self._sent)))


class LeafwatchDriver(Driver):
    """Request/response: one line, then wait for OK or ERR before the next, because an AVR
    loses serial bytes while FastLED.show() has interrupts off."""

    name = "leafwatch"

    def __init__(self, reader: LineReader, clock=time.monotonic, stop=None) -> None:
        super().__init__(reader, clock, stop)
        self._last_tx = clock()
        self._missed = 0

    def command(self, line: bytes) -> str | None:
        self.port.write(line)
        self._last_tx = self.clock()
        deadline = self._last_tx + ACK_TIMEOUT_S
        while self.clock() < deadline:
            for reply in self.drain():
                if reply == "OK" or reply.startswith("OK ") or reply.startswith("ERR"):
                    self._missed = 0
                    if reply.startswith("ERR"):
                        self.last_error = f"{line.decode().strip()} -> {reply}"
                    return reply
                if reply.strip() and line_protocol.parse_hello(reply) is None:
                    self.garbage += 1
            if self.stop is not None and self.stop.is_set():
                return None
            time.sleep(0.005)
        self._missed += 1
        if self._missed >= MISSED_ACKS_BEFORE_RECONNECT:
            raise DeviceSilent(f"no acknowledgement for {self._missed} commands")
        return None

    def show(self, showing: Showing, now_ms: int) -> None:
        for line in line_protocol.encode_look(showing.look):
            self.command(line)

    def verify(self) -> str | None:
        reply = self.command(line_protocol.ping())
        if reply is None:
            return "did not acknowledge PING"
        if reply.startswith("ERR"):
            return f"answered PING with {reply[:60]!r}"
        return None

    def refresh(self, showing: Showing, now_ms: int) -> None:
        if self.clock() - self._last_tx >= line_protocol.KEEPALIVE_S:
            self.command(line_protocol.ping())
        else:
            self.drain()

    def next_due_s(self, showing: Showing, now_ms: int) -> float | None:
        return max(0.0, line_protocol.KEEPALIVE_S - (self.clock() - self._last_tx))

    def blank(self) -> None:
        self.port.write(line_protocol.off())


DRIVERS = {"wled": WledDriver, "adalight": AdalightDriver, "leafwatch": LeafwatchDriver}
