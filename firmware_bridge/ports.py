"""Listing serial ports, with a guess at what each board is, for `leafwatch led ports`."""
from __future__ import annotations

from dataclasses import dataclass

from serial.tools import list_ports as _list_ports

# USB bridge chips and boards seen on LED controllers: VID -> what it usually is
KNOWN_VIDS = {
    0x10C4: "CP210x USB-serial (ESP32/ESP8266 boards)",
    0x1A86: "CH340/CH9102 USB-serial (ESP32/ESP8266/Nano clones)",
    0x0403: "FTDI USB-serial",
    0x2341: "Arduino",
    0x303A: "Espressif native USB (ESP32-S2/S3/C3)",
}


@dataclass(frozen=True)
class PortInfo:
    device: str
    description: str
    hwid: str
    vid: int | None = None
    pid: int | None = None

    @property
    def guess(self) -> str:
        return KNOWN_VIDS.get(self.vid or -1, "")


def list_ports() -> list[PortInfo]:
    out = []
    for p in sorted(_list_ports.comports(), key=lambda p: p.device):
        desc = p.description if p.description and p.description != "n/a" else ""
        out.append(PortInfo(p.device, desc, p.hwid or "", p.vid, p.pid))
    return out


def find_controller() -> PortInfo | None:
    """The first port whose USB id is a known LED-controller chip, for `--port auto`. Looked up
    on every connection attempt, so a board that comes back under a new name is still found."""
    for port in list_ports():
        if port.vid in KNOWN_VIDS:
            return port
    return None
