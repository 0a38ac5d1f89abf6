"""`leafwatch led ...`: exit codes and one-line errors, never a traceback."""
from __future__ import annotations

import json
import subprocess
import sys

from leafwatch.cli import main


def run(capsys, *argv):
    code = main(["led", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_ports_lists_or_says_none(capsys):
    code, out, _ = run(capsys, "ports")
    assert code == 0 and out.strip()
    code, out, _ = run(capsys, "ports", "--json")
    assert code == 0 and isinstance(json.loads(out), list)


def test_test_walks_every_cue_on_a_simulated_wled(capsys):
    code, out, err = run(capsys, "test", "--port", "sim:wled", "--step", "0.02")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "sim:wled: wled - WLED 0.15.0"
    assert "  turn 2           7x#000000 8x#135590 15x#000000" in lines
    assert lines[-1] == "ok: every cue was sent and the device answered"


def test_cue_on_our_simulated_firmware_reaches_the_device(capsys):
    code, out, err = run(capsys, "cue", "turn", "--seat", "4", "--colour", "#FFFFFF", "--port", "sim:leafwatch")
    assert code == 0, err
    assert "turn: 22x#000000 8x#A0A0A0" in out
    assert "simulated device shows: 22x#000000 8x#A0A0A0" in out


def test_a_missing_port_is_one_line_and_exit_1(capsys, tmp_path):
    code, out, err = run(capsys, "cue", "alert", "--port", str(tmp_path / "ttyUSB9"))
    assert code == 1
    assert err.count("\n") == 1 and "no such device" in err and "leafwatch led ports" in err


def test_an_unknown_simulator_is_exit_1(capsys):
    code, _, err = run(capsys, "test", "--port", "sim:hue")
    assert code == 1 and "sim:wled" in err


def test_bad_words_are_exit_2(capsys):
    for argv in (["cue", "turn", "--seat", "9", "--port", "sim:wled"],
                 ["cue", "turn", "--colour", "teal", "--port", "sim:wled"],
                 ["test", "--port", "sim:wled", "--step", "0"]):
        code, _, err = run(capsys, *argv)
        assert code == 2, argv
        assert "Traceback" not in err


def test_unknown_cue_name_is_a_usage_error():
    done = subprocess.run([sys.executable, "-m", "leafwatch.cli", "led", "cue", "party", "--port", "sim:wled"],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 2 and "invalid choice" in done.stderr and "Traceback" not in done.stderr


def test_bad_mapping_file_is_exit_1(capsys, tmp_path):
    bad = tmp_path / "m.toml"
    bad.write_text("[cues.alert]\ncolour = 'red'\n")
    code, _, err = run(capsys, "cue", "alert", "--port", "sim:wled", "--mapping", str(bad))
    assert code == 1 and str(bad) in err and "cues.alert.colour" in err
    code, _, err = run(capsys, "mapping", "--check", str(bad))
    assert code == 1


def test_mapping_prints_the_builtin_file_and_checks_one(capsys, tmp_path):
    code, out, _ = run(capsys, "mapping")
    assert code == 0 and "[cues.turn]" in out
    good = tmp_path / "m.toml"
    good.write_text(out)
    code, out, _ = run(capsys, "mapping", "--check", str(good))
    assert code == 0 and "alert          #FF0000 blink 400 ms, LEDs 0-29, for 3000 ms" in out


def test_sim_runs_for_a_while_and_prints_where(capsys):
    code, out, _ = run(capsys, "sim", "adalight", "--seconds", "0.2", "--leds", "5")
    assert code == 0 and out.startswith("simulated adalight with 5 LEDs: use --port /dev/")
    code, out, _ = run(capsys, "sim", "wled", "--tcp", "0", "--seconds", "0.1")
    assert code == 0 and "socket://127.0.0.1:" in out
