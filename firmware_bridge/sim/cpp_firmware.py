"""Build and drive the firmware's C++ parser on the host (g++), through host_harness.cpp.

`CppLineDevice` has the same face as line_protocol.LineDevice, so the conformance tests and the
simulated firmware can run the very parser that is flashed to the board.
"""
from __future__ import annotations

import shutil
import subprocess
from importlib import resources
from pathlib import Path

from firmware_bridge.cues import Rgb


class BuildError(RuntimeError):
    pass


def firmware_dir() -> Path:
    return Path(str(resources.files("firmware_bridge").joinpath("firmware")))


def compiler() -> str | None:
    return shutil.which("g++")


def build_harness(out_dir: Path, timeout_s: float = 120.0) -> Path:
    """Compile host_harness.cpp + led_protocol.cpp into out_dir; warnings are errors, so code
    that would only warn on the board's compiler fails here first."""
    gxx = compiler()
    if gxx is None:
        raise BuildError("g++ not found")
    src = firmware_dir()
    exe = Path(out_dir) / "led_harness"
    cmd = [gxx, "-std=c++17", "-Wall", "-Wextra", "-Werror", "-O1", f"-I{src}",
           str(src / "host_harness.cpp"), str(src / "leafwatch_led" / "led_protocol.cpp"), "-o", str(exe)]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s)
    if done.returncode != 0:
        raise BuildError(done.stderr.strip() or f"g++ exited {done.returncode}")
    return exe


class CppLineDevice:
    def __init__(self, exe: Path, leds: int) -> None:
        self.leds = leds
        self._proc = subprocess.Popen([str(exe), str(leds)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      text=True, bufsize=1)

    def _ask(self, line: str) -> list[str]:
        assert self._proc.stdin and self._proc.stdout
        self._proc.stdin.write(line + "\n")
        self._proc.stdin.flush()
        out = []
        while True:
            got = self._proc.stdout.readline()
            if not got:
                raise BuildError("harness exited")
            got = got.rstrip("\n")
            if got == ".":
                return out
            out.append(got)

    def banner(self) -> str:
        return self._ask("B")[0][2:]

    def feed(self, data: bytes, now_ms: int) -> list[str]:
        if not data:
            return []
        return [r[2:] for r in self._ask(f"F {now_ms} {data.hex()}") if r.startswith("R ")]

    def tick(self, now_ms: int) -> None:
        self._ask(f"T {now_ms}")

    def frame(self, now_ms: int) -> list[Rgb]:
        line = self._ask(f"P {now_ms}")[0][2:]
        return [(int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)) for h in line.split(",")]

    def close(self) -> None:
        if self._proc.poll() is None:
            assert self._proc.stdin
            self._proc.stdin.close()
            try:
                self._proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                self._proc.kill()
