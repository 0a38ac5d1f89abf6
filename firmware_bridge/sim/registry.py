"""`sim:KIND` port names: an in-process simulated device behind a socket on 127.0.0.1, started on
first use and kept for the life of the process, so `leafwatch led test --port sim:wled` and the
demo need no hardware and no second terminal."""
from __future__ import annotations

import threading

from firmware_bridge.sim.devices import make_device
from firmware_bridge.sim.hosts import SocketHost

SIM_KINDS = ("wled", "adalight", "leafwatch")
_hosts: dict[str, SocketHost] = {}
_lock = threading.Lock()


def parse_sim(url: str) -> str | None:
    """'sim:wled' or 'sim://wled' -> 'wled'; None for other URLs; ValueError for a bad kind."""
    if not url.startswith("sim:"):
        return None
    kind = url[4:].lstrip("/")
    if kind not in SIM_KINDS:
        raise ValueError(f"unknown simulated device {url!r}; use sim:wled, sim:adalight or sim:leafwatch")
    return kind


def sim_host(kind: str, leds: int = 30) -> SocketHost:
    with _lock:
        host = _hosts.get(kind)
        if host is None:
            host = _hosts[kind] = SocketHost(make_device(kind, leds))
        return host


def sim_url(url: str, leds: int = 30) -> str:
    """The socket:// URL that stands in for a sim: name (unchanged for any other URL)."""
    kind = parse_sim(url)
    return url if kind is None else sim_host(kind, leds).url


def sim_device(kind: str):
    """The running simulated device's host (for previews of what the 'device' shows), or None."""
    return _hosts.get(kind)
