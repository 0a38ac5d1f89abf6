"""One case table, three parties: the Python encoder must produce each case's bytes, and both the
firmware's C++ parser (built here with g++) and its Python twin must answer them identically."""
from __future__ import annotations

import json
from importlib import resources

import pytest

from firmware_bridge import line_protocol
from firmware_bridge.cues import parse_colour
from firmware_bridge.line_protocol import LineDevice
from firmware_bridge.sim.cpp_firmware import CppLineDevice

TABLE = json.loads(resources.files("firmware_bridge").joinpath("firmware/conformance.json").read_text())
CASES = TABLE["cases"]


def expand(runs: str) -> list[tuple[int, int, int]]:
    out = []
    for run in runs.split(","):
        colour, _, count = run.partition("*")
        out += [parse_colour(colour)] * int(count or 1)
    return out


def step_bytes(step) -> bytes:
    if "send_hex" in step:
        return bytes.fromhex(step["send_hex"])
    return step.get("send", "").encode("ascii")


def run_case(device, case) -> None:
    for i, step in enumerate(case["steps"]):
        at = step["at"]
        where = f"{case['name']!r} step {i} at {at} ms"
        device.tick(at)
        data = step_bytes(step)
        if data:
            assert device.feed(data, at) == step.get("reply", []), where
        if "frame" in step:
            assert device.frame(at) == expand(step["frame"]), where


@pytest.fixture
def cpp_device(harness_exe):
    device = CppLineDevice(harness_exe, TABLE["leds"])
    yield device
    device.close()


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_python_twin(case):
    run_case(LineDevice(TABLE["leds"]), case)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_cpp_firmware_parser(cpp_device, case):
    run_case(cpp_device, case)


def test_banner(cpp_device):
    assert cpp_device.banner() == TABLE["banner"] == LineDevice(TABLE["leds"]).banner()


def _args(raw):
    return [parse_colour(a) if isinstance(a, str) and len(a) == 6 else a for a in raw]


ENCODED = [(c["name"], s) for c in CASES for s in c["steps"] if "cmd" in s]


@pytest.mark.parametrize("name, step", ENCODED, ids=[f"{n}: {s['send'].strip()}" for n, s in ENCODED])
def test_python_encoder_produces_the_case_bytes(name, step):
    command, *args = step["cmd"]
    assert line_protocol.ENCODERS[command](*_args(args)) == step_bytes(step)


def test_table_exercises_every_command_and_error():
    sent = " ".join(s.get("send", "") for c in CASES for s in c["steps"])
    replies = {r for c in CASES for s in c["steps"] for r in s.get("reply", [])}
    for word in ("HELLO", "PING", "FILL", "RANGE", "BLINK", "OFF", "TIMEOUT"):
        assert word in sent
    assert {"ERR unknown", "ERR args", "ERR range", "ERR long", "ERR bytes"} <= replies
    assert set(line_protocol.ENCODERS) == {c for _, s in ENCODED for c in s["cmd"][:1]}
