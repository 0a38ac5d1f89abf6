"""LedBridge talking to each simulated device over socket:// and a pty, end to end."""
from __future__ import annotations

import time

import pytest
from led_helpers import wait_until

from firmware_bridge import LedBridge
from firmware_bridge.cues import Cue
from firmware_bridge.line_protocol import LineDevice
from firmware_bridge.mapping import load_mapping
from firmware_bridge.sim import FakeAdalight, FakeLeafwatch, FakeWled, PtyHost, SocketHost
from firmware_bridge.sim.cpp_firmware import CppLineDevice


def steady_mapping(tmp_path, extra: str = ""):
    """Steady looks, so device and preview agree whatever the blink phase."""
    path = tmp_path / "steady.toml"
    path.write_text('[strip]\nleds = 12\n[cues.alert]\npattern = "solid"\nhold_ms = 0\n' + extra)
    return load_mapping(path)


@pytest.mark.parametrize("make, backend", [
    (lambda: FakeWled(12), "wled"),
    (lambda: FakeAdalight(12), "adalight"),
    (lambda: FakeLeafwatch(12), "leafwatch"),
])
def test_auto_probe_finds_each_backend_and_the_device_shows_the_cue(tmp_path, make, backend):
    with SocketHost(make()) as host, LedBridge(host.url, mapping=steady_mapping(tmp_path)) as bridge:
        assert bridge.wait_for("connected", 3)
        assert bridge.status.backend == backend
        bridge.send(Cue("turn", seat=3))
        assert bridge.flush(3)
        # seat 3 of 4 on 12 LEDs: LEDs 6-8 in (0xFD, 0xD8, 0x35) scaled by 160/255
        expected = [(0, 0, 0)] * 6 + [(159, 136, 33)] * 3 + [(0, 0, 0)] * 3
        assert bridge.preview() == expected
        assert wait_until(lambda: host.frame() == expected), host.frame()


def test_wled_conversation_is_version_query_then_json_state(tmp_path):
    device = FakeWled(12, version="0.14.4")
    with SocketHost(device) as host, LedBridge(host.url, mapping=steady_mapping(tmp_path)) as bridge:
        assert bridge.wait_for("connected", 3)
        assert bridge.status.detail == "WLED 0.14.4"
        bridge.send(Cue("alert"))
        assert wait_until(lambda: device.objects and device.objects[-1]["seg"][0]["col"][0] == [255, 0, 0])
        assert device.objects[-1] == {"on": True, "bri": 160, "tt": 0, "seg": [
            {"id": 0, "start": 0, "stop": 12, "col": [[255, 0, 0], [0, 0, 0]], "fx": 0}]}
        assert device.bad_json == 0


def test_wled_presets_are_applied_by_id(tmp_path):
    device = FakeWled(12, presets={7: {"on": True, "bri": 255, "seg": [{"col": [[0, 0, 255]]}]}})
    mapping = steady_mapping(tmp_path, "[cues.winner]\nwled_preset = 7\n")
    with SocketHost(device) as host, LedBridge(host.url, "wled", mapping) as bridge:
        bridge.send(Cue("winner", seat=1))
        assert wait_until(lambda: device.state["ps"] == 7)
        assert host.frame() == [(0, 0, 255)] * 12


def test_adalight_frames_are_resent_before_wleds_realtime_timeout(tmp_path):
    device = FakeAdalight(12)
    with SocketHost(device) as host, LedBridge(host.url, "adalight", steady_mapping(tmp_path)) as bridge:
        bridge.send(Cue("alert"))
        assert bridge.flush(3)
        start = len(device.frames)
        time.sleep(1.3)  # steady look: only keepalives (every 1 s) are sent
        assert 1 <= len(device.frames) - start <= 3
        assert device.frames[-1] == [(160, 0, 0)] * 12


def test_adalight_blinks_from_the_host(tmp_path):
    device = FakeAdalight(12)
    mapping = load_mapping(leds=12)  # alert blinks every 400 ms
    with SocketHost(device) as host, LedBridge(host.url, "adalight", mapping) as bridge:
        bridge.send(Cue("alert"))
        assert wait_until(lambda: [(160, 0, 0)] * 12 in device.frames and [(0, 0, 0)] * 12 in device.frames[1:], 2)


def test_timed_cue_reverts_to_the_turn_on_the_device(tmp_path):
    path = tmp_path / "m.toml"
    path.write_text('[strip]\nleds = 12\n[cues.alert]\npattern = "solid"\nhold_ms = 300\n')
    device = FakeLeafwatch(12)
    with SocketHost(device) as host, LedBridge(host.url, mapping=load_mapping(path)) as bridge:
        bridge.send(Cue("turn", seat=1))
        bridge.send(Cue("alert"))
        assert wait_until(lambda: host.frame() == [(160, 0, 0)] * 12)
        turn = [(144, 36, 33)] * 3 + [(0, 0, 0)] * 9
        assert wait_until(lambda: host.frame() == turn, 2)
        assert bridge.showing == Cue("turn", seat=1)


def test_our_firmware_over_a_pty_acknowledges_every_line(tmp_path):
    device = FakeLeafwatch(12)
    with PtyHost(device) as host, LedBridge(host.path, mapping=steady_mapping(tmp_path)) as bridge:
        assert bridge.wait_for("connected", 3)
        bridge.send(Cue("area_complete"))
        assert bridge.flush(3)
        assert wait_until(lambda: len(device.received) >= 3)
        assert device.received[0] == "OK LEAFWATCH 1 12"  # the probe's 'v'
        assert all(r == "OK" for r in device.received[1:])


def test_the_compiled_firmware_parser_drives_the_simulated_board(tmp_path, harness_exe):
    parser = CppLineDevice(harness_exe, 12)
    device = FakeLeafwatch(12, parser=parser)
    try:
        with PtyHost(device) as host, LedBridge(host.path, mapping=steady_mapping(tmp_path)) as bridge:
            assert bridge.wait_for("connected", 3)
            assert bridge.status.detail == "leafwatch firmware, protocol 1, 12 LEDs"
            bridge.send(Cue("turn", seat=2))
            expected = [(0, 0, 0)] * 3 + [(19, 85, 144)] * 3 + [(0, 0, 0)] * 6
            assert wait_until(lambda: host.frame() == expected), host.frame()
    finally:
        parser.close()


def test_firmware_reporting_another_length_resizes_the_preview(tmp_path):
    with SocketHost(FakeLeafwatch(8)) as host, LedBridge(host.url, mapping=steady_mapping(tmp_path)) as bridge:
        assert bridge.wait_for("connected", 3)
        bridge.send(Cue("alert"))
        assert wait_until(lambda: len(bridge.preview()) == 8)
        assert wait_until(lambda: host.frame() == [(160, 0, 0)] * 8)


def test_keepalive_keeps_our_firmware_lit_past_its_silence_timeout(tmp_path):
    twin = LineDevice(12)
    twin.timeout_ms = 600  # as after TIMEOUT 600; the host pings every 1.5 s, so shorten both
    device = FakeLeafwatch(12, parser=twin)
    import firmware_bridge.line_protocol as lp
    old = lp.KEEPALIVE_S
    lp.KEEPALIVE_S = 0.2
    try:
        with SocketHost(device) as host, LedBridge(host.url, mapping=steady_mapping(tmp_path)) as bridge:
            bridge.send(Cue("alert"))
            assert wait_until(lambda: host.frame() == [(160, 0, 0)] * 12)
            time.sleep(1.0)
            assert host.frame() == [(160, 0, 0)] * 12
            bridge.close()
            # after close the bridge blanks the strip (OFF) rather than leave a stale cue
            assert wait_until(lambda: host.frame() == [(0, 0, 0)] * 12)
    finally:
        lp.KEEPALIVE_S = old
