"""Byte-level models of the three kinds of device. A host (hosts.py) moves bytes; these decide
what a real device would answer and what its LEDs would show."""
from __future__ import annotations

import json
from typing import Protocol

from firmware_bridge.adalight import BANNER as ADA_BANNER
from firmware_bridge.adalight import AdalightReader
from firmware_bridge.cues import Rgb
from firmware_bridge.frames import blink_on
from firmware_bridge.line_protocol import LineDevice

BLACK: Rgb = (0, 0, 0)


class SimDevice(Protocol):
    kind: str
    leds: int

    def on_connect(self, now_ms: int) -> bytes: ...  # what the board prints when it boots
    def receive(self, data: bytes, now_ms: int) -> bytes: ...
    def poll(self, now_ms: int) -> bytes: ...  # called often: timeouts, idle chatter
    def frame(self, now_ms: int) -> list[Rgb]: ...


class FakeLeafwatch:
    """Our firmware: the line protocol parser (Python twin by default, or the compiled C++
    parser through cpp_firmware.CppLineDevice) plus the sketch's banner and CRLF println."""

    kind = "leafwatch"

    def __init__(self, leds: int = 30, parser=None) -> None:
        self.leds = leds
        self.parser = parser or LineDevice(leds)
        self.received: list[str] = []

    def on_connect(self, now_ms: int) -> bytes:
        return (self.parser.banner() + "\r\n").encode()

    def receive(self, data: bytes, now_ms: int) -> bytes:
        self.parser.tick(now_ms)
        replies = self.parser.feed(data, now_ms)
        self.received.extend(replies)
        return b"".join(r.encode() + b"\r\n" for r in replies)

    def poll(self, now_ms: int) -> bytes:
        self.parser.tick(now_ms)
        return b""

    def frame(self, now_ms: int) -> list[Rgb]:
        return self.parser.frame(now_ms)


class FakeAdalight:
    """An Adalight/FastLED sketch: 'Ada' at boot and again while idle, no acknowledgements,
    shows each complete frame; blanks after a long silence as those sketches do."""

    kind = "adalight"

    def __init__(self, leds: int = 30, idle_banner_ms: int = 1000, blank_after_ms: int = 150_000) -> None:
        self.leds = leds
        self.idle_banner_ms = idle_banner_ms
        self.blank_after_ms = blank_after_ms
        self.reader = AdalightReader()
        self.frames: list[list[Rgb]] = []
        self._shown: list[Rgb] = [BLACK] * leds
        self._last_frame = 0
        self._last_banner = 0

    def on_connect(self, now_ms: int) -> bytes:
        self._last_frame = self._last_banner = now_ms
        return ADA_BANNER

    def receive(self, data: bytes, now_ms: int) -> bytes:
        for frame in self.reader.feed(data):
            self._last_frame = now_ms
            self.frames.append(frame)
            # a frame longer than the strip is cut, a shorter one lights only its LEDs
            self._shown = (frame + [BLACK] * self.leds)[: self.leds]
        return b""

    def poll(self, now_ms: int) -> bytes:
        if now_ms - self._last_frame >= self.blank_after_ms:
            self._shown = [BLACK] * self.leds
        # like the Adalight sketches: 'Ada' every second while no frames come, whatever else does
        if self.idle_banner_ms and now_ms - self._last_frame >= self.idle_banner_ms \
                and now_ms - self._last_banner >= self.idle_banner_ms:
            self._last_banner = now_ms
            return ADA_BANNER
        return b""

    def frame(self, now_ms: int) -> list[Rgb]:
        return list(self._shown)


class FakeWled:
    """Stock WLED's serial handler, the parts leafwatch uses: 'v', JSON state objects (on, bri,
    ps, seg[0] with col/fx/sx/start/stop) and Adalight frames with the 2.5 s realtime timeout.
    Other bytes outside '{...}' are ignored here (the real WLED acts on some of them)."""

    kind = "wled"
    REALTIME_TIMEOUT_MS = 2500

    def __init__(self, leds: int = 30, version: str = "0.15.0", presets: dict[int, dict] | None = None) -> None:
        self.leds = leds
        self.version = version
        self.presets = presets or {}
        self.state = {"on": False, "bri": 128, "ps": -1,
                      "seg": {"start": 0, "stop": leds, "col": [255, 160, 0], "fx": 0, "sx": 128}}
        self.state_since = 0
        self.objects: list[dict] = []
        self.bad_json = 0
        self.reader = AdalightReader()
        self._json = bytearray()
        self._depth = 0
        self._in_string = False
        self._escape = False
        self._realtime: list[Rgb] | None = None
        self._realtime_until = 0

    def on_connect(self, now_ms: int) -> bytes:
        return b""  # WLED prints nothing useful at boot; hosts must ask with 'v'

    def receive(self, data: bytes, now_ms: int) -> bytes:
        out = bytearray()
        for byte in data:
            if self._depth:
                out += self._json_byte(byte, now_ms)
                continue
            # inside an Adalight frame '{' and 'v' are pixel data, not commands
            idle = self.reader.idle
            if idle and byte == ord("{"):
                self._json = bytearray(b"{")
                self._depth, self._in_string, self._escape = 1, False, False
                continue
            if idle and byte == ord("v"):
                out += f"WLED {self.version}\r\n".encode()
            for frame in self.reader.feed(bytes((byte,))):
                self._realtime = (frame + [BLACK] * self.leds)[: self.leds]
                self._realtime_until = now_ms + self.REALTIME_TIMEOUT_MS
        return bytes(out)

    def _json_byte(self, byte: int, now_ms: int) -> bytes:
        self._json.append(byte)
        ch = chr(byte)
        if self._in_string:
            if self._escape:
                self._escape = False
            elif ch == "\\":
                self._escape = True
            elif ch == '"':
                self._in_string = False
        elif ch == '"':
            self._in_string = True
        elif ch == "{":
            self._depth += 1
        elif ch == "}":
            self._depth -= 1
        if self._depth:
            return b""
        try:
            obj = json.loads(self._json.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            self.bad_json += 1
            return b""
        if not isinstance(obj, dict):
            self.bad_json += 1
            return b""
        self.objects.append(obj)
        self._apply(obj, now_ms)
        if obj.get("v") is True:
            reply = {"state": self._state_json(), "info": {"ver": self.version, "leds": {"count": self.leds}}}
            return json.dumps(reply, separators=(",", ":")).encode() + b"\r\n"
        return b""

    def _apply(self, obj: dict, now_ms: int) -> None:
        if isinstance(obj.get("ps"), int) and obj["ps"] in self.presets:
            self.state["ps"] = obj["ps"]
            self._apply({k: v for k, v in self.presets[obj["ps"]].items() if k != "ps"}, now_ms)
            return
        changed = False
        if isinstance(obj.get("on"), bool):
            self.state["on"] = obj["on"]
            changed = True
        if isinstance(obj.get("bri"), int):
            self.state["bri"] = max(0, min(255, obj["bri"]))
            changed = True
        segs = obj.get("seg")
        seg = segs[0] if isinstance(segs, list) and segs else segs if isinstance(segs, dict) else None
        if isinstance(seg, dict):
            mine = self.state["seg"]
            for key in ("start", "stop", "fx", "sx"):
                if isinstance(seg.get(key), int):
                    mine[key] = seg[key]
            col = seg.get("col")
            if isinstance(col, list) and col and isinstance(col[0], list) and len(col[0]) >= 3:
                mine["col"] = [int(c) for c in col[0][:3]]
            changed = True
        if changed:
            self.state_since = now_ms
            self._realtime = None  # a state change leaves realtime mode, as WLED does

    def _state_json(self) -> dict:
        seg = self.state["seg"]
        return {"on": self.state["on"], "bri": self.state["bri"], "ps": self.state["ps"],
                "seg": [{"id": 0, "start": seg["start"], "stop": seg["stop"], "col": [seg["col"]],
                         "fx": seg["fx"], "sx": seg["sx"]}]}

    def poll(self, now_ms: int) -> bytes:
        if self._realtime is not None and now_ms >= self._realtime_until:
            self._realtime = None
        return b""

    def frame(self, now_ms: int) -> list[Rgb]:
        if self._realtime is not None and now_ms < self._realtime_until:
            return list(self._realtime)
        out = [BLACK] * self.leds
        if not self.state["on"]:
            return out
        seg = self.state["seg"]
        if seg["fx"] == 1 and not blink_on(max(1, (255 - seg["sx"]) * 20), now_ms - self.state_since):
            return out
        bri = self.state["bri"]
        colour = tuple((c * bri + 127) // 255 for c in seg["col"])
        for i in range(max(0, seg["start"]), min(self.leds, seg["stop"])):
            out[i] = colour  # type: ignore[assignment]
        return out


def make_device(kind: str, leds: int = 30) -> SimDevice:
    if kind == "wled":
        return FakeWled(leds)
    if kind == "adalight":
        return FakeAdalight(leds)
    if kind == "leafwatch":
        return FakeLeafwatch(leds)
    raise ValueError(f"unknown simulated device {kind!r}; expected wled, adalight or leafwatch")
