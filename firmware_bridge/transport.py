"""Opening ports and reading lines from them, without ever blocking for long.

Every port is opened through serial.serial_for_url (so socket://, loop:// and the sim: names work
the same as /dev/ttyUSB0), exclusively (POSIX would otherwise let two processes steal each
other's bytes), and with DTR and RTS held low before open, because raising them resets Unos and
many ESP32 boards through their auto-reset circuit.
"""
from __future__ import annotations

from engine.errors import LeafwatchError

import serial

from firmware_bridge.ports import find_controller
from firmware_bridge.sim.registry import sim_url

BAUDRATE = 115200
WRITE_TIMEOUT_S = 0.5
MAX_LINE_BYTES = 4096


class PortError(LeafwatchError):
    """The port could not be opened or used; the message says which and why, in one line."""


def open_port(url: str, baudrate: int = BAUDRATE, leds: int = 30) -> serial.SerialBase:
    """Open `url`: a device name, any pyserial URL, sim:KIND, or auto (the first USB port with a
    known LED-controller chip)."""
    if url == "auto":
        found = find_controller()
        if found is None:
            raise PortError("auto: no USB serial board with a known chip (CP210x, CH340, FTDI, Arduino, "
                            "Espressif) is plugged in; name the port instead")
        url = found.device
    try:
        real = sim_url(url, leds)
    except ValueError as exc:
        raise PortError(str(exc)) from None
    try:
        port = serial.serial_for_url(real, do_not_open=True, baudrate=baudrate, timeout=0,
                                     write_timeout=WRITE_TIMEOUT_S, exclusive=True)
        port.dtr = False
        port.rts = False
        port.open()
    except ValueError as exc:
        raise PortError(f"{url}: {exc}") from None
    except (serial.SerialException, OSError) as exc:
        raise PortError(f"cannot open {url}: {_reason(exc)}") from None
    return port


def _reason(exc: BaseException) -> str:
    text = str(exc)
    if "No such file" in text:
        return "no such device (unplugged, or a wrong name)"
    if "Access is denied" in text:
        return "busy or not allowed (Windows: close the program that has it open)"
    if "Permission denied" in text:
        return "permission denied (on Linux, add yourself to the 'dialout' group)"
    if "Resource temporarily unavailable" in text or "exclusively lock" in text.lower():
        return "busy: another program has it open"
    if "refused" in text:
        return "connection refused (is the simulator running?)"
    return text.splitlines()[0] if text else type(exc).__name__


class LineReader:
    """Splits whatever arrives into text lines; a flood without newlines is dropped in pieces
    rather than kept, so a babbling device cannot grow memory."""

    def __init__(self, port: serial.SerialBase) -> None:
        self.port = port
        self._buf = bytearray()
        self.raw = bytearray()  # everything read since the last take_raw(), for probes

    def poll(self) -> list[str]:
        """Read what is waiting (never blocks: timeout is 0). Raises SerialException/OSError when
        the device is gone; pyserial only notices that on a read (timeout 0 returns what is waiting)."""
        data = self.port.read(MAX_LINE_BYTES)
        if not data:
            return []
        self.raw += data
        del self.raw[:-MAX_LINE_BYTES]
        self._buf += data
        lines = []
        while (i := self._buf.find(b"\n")) >= 0:
            line = self._buf[:i].rstrip(b"\r")
            del self._buf[: i + 1]
            lines.append(line.decode("ascii", errors="replace"))
        if len(self._buf) > MAX_LINE_BYTES:
            self._buf.clear()
        return lines

    def take_raw(self) -> bytes:
        out = bytes(self.raw)
        self.raw.clear()
        return out
