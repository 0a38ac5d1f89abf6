"""Bad LED devices and serial lines: `led test` reads the device's answers and fails in one line when they
are wrong or missing; a device's claims cannot exhaust memory; `led sim --link` never destroys a file."""
from __future__ import annotations

import os
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware_bridge import line_protocol, wled_json
from firmware_bridge.sim.hosts import PtyHost, SocketHost
from firmware_bridge.sim.devices import FakeWled
from robust_helpers import run


class ScriptedDevice:
    """A device that greets the probe with `hello` and answers every other line with `answer(line)`
    (None: silence). Frames are not modelled."""

    kind = "scripted"

    def __init__(self, hello: str | None, answer=lambda line: None, leds: int = 30) -> None:
        self.hello, self.answer, self.leds = hello, answer, leds
        self._buf = bytearray()
        self.lines: list[str] = []

    def on_connect(self, now_ms: int) -> bytes:
        return b""

    def receive(self, data: bytes, now_ms: int) -> bytes:
        self._buf += data
        out = bytearray()
        while b"\n" in self._buf:
            raw, _, rest = bytes(self._buf).partition(b"\n")
            self._buf = bytearray(rest)
            line = raw.decode("latin-1").strip()
            self.lines.append(line)
            if not line:
                continue
            reply = self.hello if line in ("v", "HELLO") else self.answer(line)
            if reply is not None:
                out += reply.encode("utf-8") + b"\r\n"
        return bytes(out)

    def poll(self, now_ms: int) -> bytes:
        return b""

    def frame(self, now_ms: int):
        return [(0, 0, 0)] * self.leds


def led_test(device, *extra, timeout=25.0):
    host = SocketHost(device)
    try:
        return run(["led", "test", "--port", host.url, "--step", "0.01", *extra], timeout=timeout)
    finally:
        host.stop()


def test_a_device_claiming_99999999999_leds_is_one_line():
    outcome = led_test(ScriptedDevice("OK LEAFWATCH 1 99999999999", lambda line: "OK"))
    assert "99999999999 LEDs" in outcome.one_line_error()


def test_a_device_answering_err_to_everything_is_not_ok():
    outcome = led_test(ScriptedDevice("OK LEAFWATCH 1 30", lambda line: "ERR unknown command"))
    line = outcome.one_line_error()
    assert "ERR" in line and "ok:" not in outcome.out


def test_a_device_that_stops_answering_is_not_ok():
    outcome = led_test(ScriptedDevice("OK LEAFWATCH 1 30", lambda line: None))
    outcome.one_line_error()
    assert "ok:" not in outcome.out


def test_a_wled_that_stops_answering_is_not_ok():
    outcome = led_test(ScriptedDevice("WLED 0.15.0", lambda line: None))
    assert "state query" in outcome.one_line_error()
    assert "ok:" not in outcome.out


def test_a_wled_answering_garbage_to_the_state_query_is_not_ok():
    outcome = led_test(ScriptedDevice("WLED 0.15.0", lambda line: "{not json" if '"v"' in line else None))
    assert "unreadable" in outcome.one_line_error()


def test_a_device_that_answers_well_is_ok():
    outcome = led_test(ScriptedDevice("OK LEAFWATCH 1 30", lambda line: "OK"))
    assert outcome.code == 0 and "ok: every cue was sent and the device answered" in outcome.out
    outcome = led_test(FakeWled(30))
    assert outcome.code == 0 and "the device answered" in outcome.out


# ---------------------------------------------------------------- generated answers and lines

ANSWERS = st.sampled_from(["OK", "ERR", "ERR range", "", "OK LEAFWATCH 1 30", "OK LEAFWATCH 1 0",
                           "OK LEAFWATCH 9 99999999999999999999", "WLED", "{}", '{"state": 5}', "Ada",
                           "\x00\xff\x1b[2J", "x" * 500]) | st.text(max_size=30).filter(lambda t: "\n" not in t and "\r" not in t)


@pytest.mark.slow
@settings(max_examples=6, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(hello=st.none() | ANSWERS, answers=st.lists(st.none() | ANSWERS, min_size=1, max_size=6),
       backend=st.sampled_from(["auto", "leafwatch", "wled"]))
def test_led_test_against_any_device_ends_in_time_with_ok_or_one_line(hello, answers, backend):
    n = {"i": 0}
    lock = threading.Lock()

    def answer(line):
        with lock:
            n["i"] += 1
            return answers[n["i"] % len(answers)]
    t0 = time.monotonic()
    outcome = led_test(ScriptedDevice(hello, answer), "--backend", backend, timeout=30)
    outcome.clean()
    assert time.monotonic() - t0 < 30


@settings(max_examples=300, deadline=None, derandomize=True)
@given(line=st.text(max_size=60) | st.binary(max_size=60).map(lambda b: b.decode("latin-1")))
def test_reading_any_serial_line_never_raises(line):
    hello = line_protocol.parse_hello(line)
    assert hello is None or all(isinstance(v, int) for v in hello)
    version = wled_json.parse_version(line)
    assert version is None or isinstance(version, str)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(data=st.binary(max_size=300))
def test_the_firmware_parser_answers_any_bytes_with_lines(data):
    device = line_protocol.LineDevice(30)
    for reply in device.feed(data, 0):
        assert reply.startswith(("OK", "ERR")) and "\n" not in reply
    assert len(device.frame(0)) == 30


# ---------------------------------------------------------------- led sim --link

def test_led_sim_refuses_to_replace_a_file(tmp_path):
    keep = tmp_path / "notes.txt"
    keep.write_text("mine")
    line = run(["led", "sim", "wled", "--link", str(keep), "--seconds", "0.2"]).one_line_error()
    assert "not a symlink" in line and keep.read_text() == "mine"


def test_led_sim_removes_its_own_link_and_nothing_else(tmp_path):
    link = tmp_path / "ttyLED"
    assert run(["led", "sim", "wled", "--link", str(link), "--seconds", "0.2"]).code == 0
    assert not link.exists() and not link.is_symlink()
    assert [p.name for p in tmp_path.iterdir()] == []  # no temporary link left either


def test_a_file_put_in_place_of_the_link_while_running_survives_the_exit(tmp_path):
    link = tmp_path / "ttyLED"
    host = PtyHost(FakeWled(10), link)
    try:
        assert link.is_symlink()
        link.unlink()
        link.write_text("someone else's")
    finally:
        host.stop()
    assert link.read_text() == "someone else's"


def test_a_stale_link_is_replaced(tmp_path):
    link = tmp_path / "ttyLED"
    os.symlink("/dev/null-gone", link)
    host = PtyHost(FakeWled(10), link)
    try:
        assert os.readlink(link) == host.tty_name
    finally:
        host.stop()
    assert not link.is_symlink()
