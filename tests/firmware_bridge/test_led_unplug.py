"""Unplug (pty master closed, socket dropped) and replug: the bridge reconnects by itself and the
caller never blocks or sees an exception."""
from __future__ import annotations

import time

from led_helpers import wait_until

from firmware_bridge import LedBridge
from firmware_bridge.cues import Cue
from firmware_bridge.mapping import load_mapping
from firmware_bridge.sim import FakeLeafwatch, FakeWled, PtyHost, SocketHost

FAST = (0.05, 0.2)  # backoff: quick retries keep the test short


def test_pty_unplug_and_replug_through_a_stable_symlink(tmp_path):
    statuses = []
    device = FakeLeafwatch(12)
    link = tmp_path / "leafwatch-led"  # like a udev rule's /dev/serial/by-id name
    with PtyHost(device, link=link) as host:
        bridge = LedBridge(str(link), mapping=load_mapping(leds=12), backoff_s=FAST, on_status=statuses.append)
        try:
            assert bridge.wait_for("connected", 3)
            bridge.send(Cue("end_triggered"))
            assert wait_until(lambda: host.frame() == [(160, 70, 0)] * 12)

            host.unplug()
            assert bridge.wait_for("disconnected", 2)
            assert "lost" in bridge.status.detail or "cannot open" in bridge.status.detail
            t0 = time.monotonic()
            bridge.send(Cue("turn", seat=1))  # while unplugged: returns at once, no exception
            assert time.monotonic() - t0 < 0.05

            assert wait_until(lambda: "no such device" in bridge.status.detail and bridge.status.attempts >= 2, 3)

            host.replug()  # the pty number may differ; the link follows it
            assert bridge.wait_for("connected", 3)
            turn = [(144, 36, 33)] * 3 + [(0, 0, 0)] * 9
            assert wait_until(lambda: host.frame() == turn), host.frame()
        finally:
            bridge.close()
    states = [s.state for s in statuses]
    assert states.index("disconnected") > states.index("connected")
    assert states[-1] == "closed"


def test_socket_drop_reconnects(tmp_path):
    device = FakeWled(12)
    with SocketHost(device) as host:
        bridge = LedBridge(host.url, mapping=load_mapping(leds=12), backoff_s=FAST)
        try:
            assert bridge.wait_for("connected", 3)
            host.drop()
            assert wait_until(lambda: host.connections >= 2, 3)
            assert bridge.wait_for("connected", 3)
            bridge.send(Cue("idle"))
            assert wait_until(lambda: device.objects and device.objects[-1]["on"] is False)
        finally:
            bridge.close()


def test_nothing_there_at_all_is_a_status_not_an_error(tmp_path):
    bridge = LedBridge(str(tmp_path / "no-such-port"), backoff_s=FAST)
    try:
        assert bridge.wait_for("disconnected", 2)
        assert "no such device" in bridge.status.detail
        bridge.send(Cue("alert"))
        assert len(bridge.preview()) == 30
    finally:
        t0 = time.monotonic()
        bridge.close()
        assert time.monotonic() - t0 < 1.0


def test_retries_back_off(tmp_path):
    bridge = LedBridge(str(tmp_path / "no-such-port"), backoff_s=(0.1, 0.4))
    try:
        # attempts at about 0, 0.1, 0.3, 0.7, 1.1 s: a handful, not a busy loop
        assert not bridge.wait_status(lambda st: st.attempts >= 6, 1.0).attempts >= 6
        assert bridge.status.attempts >= 3
    finally:
        bridge.close()


def test_ports_are_opened_exclusively(tmp_path):
    from firmware_bridge.transport import PortError, open_port

    with PtyHost(FakeWled(12)) as host, LedBridge(host.path, mapping=load_mapping(leds=12)) as bridge:
        assert bridge.wait_for("connected", 3)
        try:
            open_port(host.path)
        except PortError as exc:
            assert "busy" in str(exc)
        else:
            raise AssertionError("a second open of the same port succeeded")


def test_auto_port_follows_a_board_that_comes_back_under_another_name(monkeypatch):
    from firmware_bridge import ports
    from firmware_bridge.transport import PortError, open_port

    with PtyHost(FakeWled(12)) as host:
        plugged = [ports.PortInfo(host.path, "CP2102 USB to UART", "USB VID:PID=10C4:EA60", 0x10C4, 0xEA60)]
        listing = []
        monkeypatch.setattr(ports, "list_ports", lambda: list(listing))
        try:
            open_port("auto")
        except PortError as exc:
            assert "no USB serial board" in str(exc)
        else:
            raise AssertionError("auto opened something with nothing plugged in")
        listing[:] = [ports.PortInfo("/dev/ttyS0", "", "PNP0501")] + plugged
        port = open_port("auto")
        assert port.port == host.path
        port.close()
