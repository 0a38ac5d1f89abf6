"""Which backend is on the other end: ask the way only stock WLED and our firmware answer.

One probe serves both: '\\n' ends any half line our firmware holds, 'v' is WLED's version query
(and an alias of HELLO in our protocol), '\\n' completes it. Adalight sketches never answer, but
many print 'Ada' at boot or while idle. No other byte is sent: WLED acts on many single bytes.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from firmware_bridge import line_protocol, wled_json
from firmware_bridge.transport import LineReader

PROBE = b"\nv\n"
# Opening a port flushes its input, so a boot banner is usually lost (and we avoid resetting
# the board to get one); Adalight sketches repeat 'Ada' every second while idle, so wait longer.
PROBE_S = 1.2
BACKENDS = ("wled", "adalight", "leafwatch")


@dataclass(frozen=True)
class ProbeResult:
    backend: str | None  # None: nothing recognisable answered
    detail: str
    leds: int | None = None  # our firmware reports its strip length
    garbage: int = 0  # lines that were neither an answer nor a banner


def probe(reader: LineReader, wait_s: float = PROBE_S, stop=None, clock=time.monotonic) -> ProbeResult:
    reader.port.write(PROBE)
    reader.port.flush()
    saw_ada = False
    garbage = 0
    deadline = clock() + wait_s
    while clock() < deadline:
        if stop is not None and stop.is_set():
            break
        for line in reader.poll():
            if (version := wled_json.parse_version(line)) is not None:
                return ProbeResult("wled", f"WLED {version}".strip(), garbage=garbage)
            if (hello := line_protocol.parse_hello(line)) is not None:
                proto, leds = hello
                return ProbeResult("leafwatch", f"leafwatch firmware, protocol {proto}, {leds} LEDs", leds, garbage)
            if line.strip() == "Ada":
                pass
            elif line.strip() and not line.startswith("ERR"):
                garbage += 1
        # Adalight sketches may have printed 'Ada' without a newline yet; a banner is enough
        if b"Ada" in reader.raw and not saw_ada:
            saw_ada = True
            # WLED or our firmware would answer within a few ms more; no need to wait it all out
            deadline = min(deadline, clock() + 0.25)
        time.sleep(0.01)
    if saw_ada:
        return ProbeResult("adalight", "Adalight sink (said 'Ada')", garbage=garbage)
    return ProbeResult(None, "no answer to the probe" + (f" ({garbage} unreadable lines)" if garbage else ""),
                       garbage=garbage)
