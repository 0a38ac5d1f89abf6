"""Every command README.md shows in its `sh` code blocks runs as shown, from the repository's root.

The commands are read from the README itself, so the test follows the text. Commands that need a
camera or a serial device (`play` without `--source`, a `/dev/...` or `auto` port) or hold a
placeholder (`FILE`, `GAME`) are left out; the rest run with `python -m leafwatch.cli` and must exit 0
with no traceback. Files a command writes go to a temporary folder, and the journal the `journal`
examples read is made there first.
"""
from __future__ import annotations

import os
import pathlib
import re
import shlex
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
OUTPUT_OPTIONS = ("--out", "--debug")  # values written by the command: sent to a temporary folder


def readme_commands(text: str) -> list[str]:
    """Each `leafwatch ...` line of the README's ```sh blocks, its trailing comment dropped."""
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = line.strip()
            if line.startswith((".venv/bin/leafwatch ", "leafwatch ")):
                commands.append(re.sub(r"\s+#.*$", "", line))
    return commands


def needs_what_is_not_here(args: list[str]) -> str | None:
    """Why a command cannot run on this machine, or None."""
    if any(re.fullmatch(r"[A-Z][A-Z_]+(,\.\.\.)?", a) for a in args):
        return "a placeholder"
    if args[0] == "play" and "--source" not in args:
        return "a camera"
    if any(a.startswith(("/dev/", "COM")) or a == "auto" for a in args):
        return "a serial device"
    return None


def test_the_readme_shows_commands_and_the_extraction_finds_them():
    commands = readme_commands(README.read_text(encoding="utf-8"))
    assert len(commands) >= 15
    assert "leafwatch endgame examples/endgame-rulebook.json" in commands
    assert not any("#" in c for c in commands)


def _runnable():
    out = []
    for command in readme_commands(README.read_text(encoding="utf-8")):
        args = shlex.split(command)[1:]
        if needs_what_is_not_here(args) is None:
            slow = args[0] in ("analyze", "demo") and "--engine-only" not in args or args[:2] == ["led", "test"]
            out.append(pytest.param(command, id=command[len("leafwatch "):][:60],
                                    marks=[pytest.mark.slow] if slow else []))
    return out


@pytest.fixture(scope="module")
def journal_path(tmp_path_factory) -> str:
    """A journal holding one game, as `leafwatch play` leaves it."""
    path = tmp_path_factory.mktemp("journal") / "games.sqlite"
    done = subprocess.run([sys.executable, "-m", "leafwatch.cli", "play", "--source", "examples/table.jpg",
                           "--players", "Tini:B2,Claus:F2", "--headless", "--journal", str(path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return str(path)


@pytest.mark.parametrize("command", _runnable())
def test_a_readme_command_runs_as_shown(command, tmp_path, journal_path):
    args = shlex.split(command)[1:]
    written = []
    for i, a in enumerate(args[:-1]):
        if a in OUTPUT_OPTIONS:
            args[i + 1] = str(tmp_path / args[i + 1])
            written.append(args[i + 1])
    # the profile an earlier example wrote is made again where this run reads it
    if "--profile" in args:
        i = args.index("--profile") + 1
        profile = str(tmp_path / args[i])
        subprocess.run([sys.executable, "-m", "leafwatch.cli", "calibrate", "colours", "examples/table.jpg",
                        "--out", profile], cwd=ROOT, check=True, capture_output=True, timeout=120)
        args[i] = profile
    env = dict(os.environ, LEAFWATCH_JOURNAL=journal_path)
    done = subprocess.run([sys.executable, "-m", "leafwatch.cli", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=180, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, f"{command}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    assert "Traceback" not in done.stdout + done.stderr
    assert done.stdout.strip() or written, f"{command} printed nothing"
    for path in written:
        assert pathlib.Path(path).exists(), f"{command} did not write {path}"
