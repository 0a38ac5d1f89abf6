"""The Arduino sketch itself (setup/loop glue around the parser), built with g++ against small
stubs of the Arduino core and FastLED in sketch_stubs/, and run with a scripted host."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from firmware_bridge.sim.cpp_firmware import compiler, firmware_dir

STUBS = Path(__file__).parent / "sketch_stubs"


@pytest.fixture(scope="module")
def sketch(tmp_path_factory):
    gxx = compiler()
    if gxx is None:
        pytest.skip("g++ is not installed: the sketch cannot be built on this machine")
    src = firmware_dir() / "leafwatch_led"
    exe = tmp_path_factory.mktemp("sketch") / "sketch"
    cmd = [gxx, "-std=c++17", "-Wall", "-Wextra", "-Werror", f"-I{STUBS}", f"-I{src}",
           "-include", str(STUBS / "arduino_stub.h"), "-x", "c++", str(src / "leafwatch_led.ino"),
           "-x", "c++", str(STUBS / "sketch_main.cpp"), str(src / "led_protocol.cpp"), "-o", str(exe)]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return exe


def run(exe, steps: list[tuple[int, bytes]]) -> dict[str, str]:
    script = "".join(f"{ms} {data.hex() or '-'}\n" for ms, data in steps)
    done = subprocess.run([str(exe)], input=script, capture_output=True, text=True, timeout=10)
    assert done.returncode == 0, done.stderr
    return dict(line.split(" ", 1) for line in done.stdout.splitlines())


def test_sketch_boots_answers_and_draws(sketch):
    out = run(sketch, [(1, b"HELLO\nFILL 00FF00\nRANGE 0 2 FF0000\n"), (20, b"")])
    assert out["OUT"] == r"LEAFWATCH 1 30\r\nOK LEAFWATCH 1 30\r\nOK\r\nOK\r\n"
    assert out["LEDS"].split(",") == ["FF0000"] * 2 + ["00FF00"] * 28


def test_sketch_blanks_after_host_silence(sketch):
    out = run(sketch, [(1, b"FILL 0000FF\n"), (20, b""), (5000, b""), (5020, b"")])
    assert out["LEDS"].split(",") == ["000000"] * 30


def test_sketch_redraws_only_on_change(sketch):
    # boot clear, the fill, then two blink edges: four shows however often loop() runs
    steps = [(1, b"FILL 0000FF\nBLINK 1000\n")] + [(t, b"") for t in range(20, 1100, 20)]
    out = run(sketch, steps)
    assert out["SHOWS"] == "4"
    assert out["LEDS"].split(",") == ["0000FF"] * 30
