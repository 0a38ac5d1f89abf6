"""Simulated LED devices (stock WLED, an Adalight sink, our firmware) and the hosts that put
them behind a pty or a socket on 127.0.0.1, for tests, the demo and `leafwatch led sim`."""
from firmware_bridge.sim.devices import FakeAdalight, FakeLeafwatch, FakeWled, SimDevice, make_device
from firmware_bridge.sim.hosts import PtyHost, SocketHost
from firmware_bridge.sim.registry import SIM_KINDS, sim_device, sim_url

__all__ = [
    "FakeAdalight", "FakeLeafwatch", "FakeWled", "SimDevice", "make_device",
    "PtyHost", "SocketHost", "SIM_KINDS", "sim_device", "sim_url",
]
