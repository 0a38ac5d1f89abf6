"""Our firmware's line protocol: the host encoder and a Python twin of the device's parser.

The twin mirrors firmware/leafwatch_led/led_protocol.cpp rule for rule; both run the same case
table (firmware/conformance.json) in the tests, so the simulator cannot drift from the firmware.

Host -> device, one ASCII command per line ending in '\\n' ('\\r' is ignored):
    HELLO (or v)               OK LEAFWATCH <protocol> <leds>
    PING                       OK           keepalive
    FILL RRGGBB                OK           every pixel
    RANGE first count RRGGBB   OK           pixels first..first+count-1; others unchanged
    BLINK period_ms            OK           0 = steady, else 100-10000; phase restarts now
    OFF                        OK           all black, steady
    TIMEOUT ms                 OK           blank after ms of silence; 0 = never, else 500-600000
Errors: ERR unknown | ERR args | ERR range | ERR long (over 63 characters) | ERR bytes (not
printable ASCII). The device blanks (as OFF) when no well-formed line arrived for the timeout
(5000 ms at boot); bad lines do not count, so a babbling host cannot keep stale cues lit.
"""
from __future__ import annotations

from firmware_bridge.cues import Rgb
from firmware_bridge.frames import blink_on

PROTOCOL_VERSION = 1
MAX_LINE = 63
DEFAULT_TIMEOUT_MS = 5000
# Host keepalive: well inside the device's default silence timeout.
KEEPALIVE_S = 1.5
BLINK_RANGE = (100, 10000)
TIMEOUT_RANGE = (500, 600000)


def _hex(rgb: Rgb) -> str:
    return "%02X%02X%02X" % rgb


def hello() -> bytes:
    return b"HELLO\n"


def ping() -> bytes:
    return b"PING\n"


def fill(rgb: Rgb) -> bytes:
    return f"FILL {_hex(rgb)}\n".encode()


def range_(first: int, count: int, rgb: Rgb) -> bytes:
    return f"RANGE {first} {count} {_hex(rgb)}\n".encode()


def blink(period_ms: int) -> bytes:
    return f"BLINK {period_ms}\n".encode()


def off() -> bytes:
    return b"OFF\n"


def timeout(ms: int) -> bytes:
    return f"TIMEOUT {ms}\n".encode()


ENCODERS = {"hello": hello, "ping": ping, "fill": fill, "range": range_, "blink": blink, "off": off, "timeout": timeout}


def encode_look(look) -> list[bytes]:
    """The commands that make the device show a Look (mapping.Look); each is acknowledged."""
    colour = look.scaled_colour
    if look.count >= look.leds:
        lines = [fill(colour)]
    else:
        lines = [fill((0, 0, 0))]
        if look.count > 0 and colour != (0, 0, 0):
            lines.append(range_(look.first, look.count, colour))
    lines.append(blink(look.period_ms))
    return lines


def parse_hello(line: str) -> tuple[int, int] | None:
    """'OK LEAFWATCH 1 30' (or the boot banner 'LEAFWATCH 1 30') -> (protocol, leds)."""
    parts = line.split()
    if parts[:1] == ["OK"]:
        parts = parts[1:]
    if len(parts) == 3 and parts[0] == "LEAFWATCH" and parts[1].isdigit() and parts[2].isdigit():
        return int(parts[1]), int(parts[2])
    return None


class LineDevice:
    """The device side: feed bytes, get reply lines; `frame(now)` is what the LEDs show."""

    def __init__(self, leds: int) -> None:
        self.leds = leds
        self.pixels: list[Rgb] = [(0, 0, 0)] * leds
        self.blink_ms = 0
        self.blink_start = 0
        self.timeout_ms = DEFAULT_TIMEOUT_MS
        self.last_ok = 0
        self._line = bytearray()
        self._too_long = False
        self._bad_byte = False

    def banner(self) -> str:
        return f"LEAFWATCH {PROTOCOL_VERSION} {self.leds}"

    def feed(self, data: bytes, now_ms: int) -> list[str]:
        replies = []
        for byte in data:
            if byte == 0x0A:
                reply = self._end_line(now_ms)
                if reply is not None:
                    replies.append(reply)
            elif byte == 0x0D:
                continue
            elif len(self._line) >= MAX_LINE:
                self._too_long = True
            elif not 0x20 <= byte <= 0x7E:
                self._bad_byte = True
            else:
                self._line.append(byte)
        return replies

    def tick(self, now_ms: int) -> bool:
        """Blank on host silence; True when that just happened."""
        if self.timeout_ms and (now_ms - self.last_ok) >= self.timeout_ms and self._lit():
            self._off(now_ms)
            return True
        return False

    def frame(self, now_ms: int) -> list[Rgb]:
        if blink_on(self.blink_ms, now_ms - self.blink_start):
            return list(self.pixels)
        return [(0, 0, 0)] * self.leds

    def _lit(self) -> bool:
        return any(p != (0, 0, 0) for p in self.pixels)

    def _off(self, now_ms: int) -> None:
        self.pixels = [(0, 0, 0)] * self.leds
        self.blink_ms = 0
        self.blink_start = now_ms

    def _end_line(self, now_ms: int) -> str | None:
        text, too_long, bad = self._line.decode("ascii"), self._too_long, self._bad_byte
        self._line.clear()
        self._too_long = self._bad_byte = False
        if too_long:
            return "ERR long"
        if bad:
            return "ERR bytes"
        words = text.split()
        if not words:
            return None  # an empty line lets a host resynchronise without a reply
        reply = self._command(words, now_ms)
        if reply.startswith("OK"):
            self.last_ok = now_ms
        return reply

    def _command(self, words: list[str], now_ms: int) -> str:
        name, args = words[0], words[1:]
        if name in ("HELLO", "v"):
            return "OK " + self.banner() if not args else "ERR args"
        if name in ("PING", "OFF"):
            if args:
                return "ERR args"
            if name == "OFF":
                self._off(now_ms)
            return "OK"
        if name == "FILL":
            if len(args) != 1 or (rgb := _colour(args[0])) is None:
                return "ERR args"
            self.pixels = [rgb] * self.leds
            return "OK"
        if name == "RANGE":
            if len(args) != 3 or (rgb := _colour(args[2])) is None:
                return "ERR args"
            first, count = _number(args[0]), _number(args[1])
            if first is None or count is None:
                return "ERR args"
            if count < 1 or first >= self.leds or count > self.leds - first:
                return "ERR range"
            for i in range(first, first + count):
                self.pixels[i] = rgb
            return "OK"
        if name in ("BLINK", "TIMEOUT"):
            if len(args) != 1 or (value := _number(args[0])) is None:
                return "ERR args"
            lo, hi = BLINK_RANGE if name == "BLINK" else TIMEOUT_RANGE
            if value != 0 and not lo <= value <= hi:
                return "ERR range"
            if name == "BLINK":
                self.blink_ms, self.blink_start = value, now_ms
            else:
                self.timeout_ms = value
            return "OK"
        return "ERR unknown"


def _colour(word: str) -> Rgb | None:
    if len(word) != 6 or any(c not in "0123456789abcdefABCDEF" for c in word):
        return None
    return (int(word[0:2], 16), int(word[2:4], 16), int(word[4:6], 16))


def _number(word: str) -> int | None:
    # at most 6 digits: the firmware parses into 32 bits and never overflows
    if not word.isdigit() or not word.isascii() or len(word) > 6:
        return None
    return int(word)
