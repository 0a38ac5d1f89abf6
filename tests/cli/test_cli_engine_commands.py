"""The engine's commands as a user runs them: exit codes, one-line errors, and the JSON interfaces."""
from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "leafwatch.cli", *args], cwd=ROOT, capture_output=True, text=True,
                          input=stdin, timeout=120)


def test_endgame_json_interface_on_the_rulebook_example():
    r = run("endgame", str(EXAMPLES / "endgame-rulebook.json"), "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    by = {p["name"]: p for p in out["players"]}
    assert set(by["Matilda"]) >= {"name", "covered", "empty_squares", "nuts", "berry_left", "steps"}
    assert (by["Matilda"]["covered"], by["Matilda"]["nuts"], by["Matilda"]["berry_left"]) == (True, 5, False)
    assert (by["Claus"]["covered"], by["Claus"]["nuts"]) == (True, 2)
    assert (by["Tini"]["empty_squares"], by["Hubert"]["empty_squares"]) == (1, 3)
    assert [s["players"] for s in out["standings"]] == [["Matilda"], ["Claus"], ["Tini"], ["Hubert"]]
    assert [s["place"] for s in out["standings"]] == [1, 2, 3, 4]
    assert all(isinstance(s["reason"], str) and s["reason"] for s in out["standings"])


def test_endgame_text_shows_steps():
    r = run("endgame", str(EXAMPLES / "endgame-rulebook.json"))
    assert r.returncode == 0
    assert "Matilda: covers the Forest Floor; 5 Nuts" in r.stdout
    assert "Area" in r.stdout and "standings:" in r.stdout


@pytest.mark.parametrize("content,expect", [
    ("", "not valid JSON"),
    ("{\"players\": []}", "'players' list"),
    ("{\"players\": [{\"name\": \"A\", \"side\": \"A1\", \"pieces\": \"bad\"}]}", "piece notation"),
    ("{\"players\": [{\"name\": \"A\", \"side\": \"Z9\", \"pieces\": \".........\"}]}", "no board side"),
    ("\u00ff\u00fe garbage", "not valid JSON"),
])
def test_endgame_bad_files_give_one_line(tmp_path, content, expect):
    f = tmp_path / "pos.json"
    f.write_text(content, encoding="utf-8")
    r = run("endgame", str(f))
    assert r.returncode == 1
    assert expect in r.stderr and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_record_apply_json_and_check():
    r = run("record", "apply", str(EXAMPLES / "short-game.json"), "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["players"][0]["pieces"].startswith("gGG......")
    assert out["players"][1]["treasures"]["nut"] == 0 and out["current"] == "Tini"
    assert {"standings", "supply", "common_path"} <= set(out)
    r = run("record", "check", str(EXAMPLES / "short-game.json"))
    assert r.returncode == 0 and "valid" in r.stdout


def test_record_with_an_illegal_action_names_its_index_and_reason(tmp_path):
    data = json.loads((EXAMPLES / "short-game.json").read_text())
    data["actions"].insert(1, "squirrel A1")  # a second main action: A1 is already covered too
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(data))
    r = run("record", "apply", str(f))
    assert r.returncode == 1
    assert "actions[1]" in r.stderr and "main action" in r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize("record,expect", [
    ({"players": "x"}, "players"),
    ({"players": [{"name": "A"}]}, "side"),
    ({"players": [{"name": "A", "side": "A1"}], "actions": ["dance"]}, "actions"),
    ({"players": [{"name": "A", "side": "A1"}], "options": {"warp": True}}, "unknown option"),
    ({"players": [{"name": "A", "side": "A1"}], "actions": ["leaf path:1 *A1 B1 X1"]}, "actions[0]"),
])
def test_record_check_rejects_malformed_records(tmp_path, record, expect):
    f = tmp_path / "r.json"
    f.write_text(json.dumps(record))
    r = run("record", "check", str(f))
    assert r.returncode == 1, r.stdout
    assert expect in r.stderr and "Traceback" not in r.stderr


def test_usage_errors_exit_2():
    assert run("record").returncode == 2
    assert run("record", "apply").returncode == 2
    assert run("demo", "--players", "7", "--engine-only").returncode == 2
    assert run("demo", "--players", "0", "--engine-only").returncode == 2
    assert run("--help").returncode == 0


def test_headless_engine_demo_plays_a_whole_game():
    r = run("demo", "--headless", "--engine-only", "--seed", "2", "--players", "2")
    assert r.returncode == 0, r.stderr
    assert "game over" in r.stdout and "standings:" in r.stdout and "1. " in r.stdout


def test_headless_engine_demo_plays_a_player_alone():
    r = run("demo", "--headless", "--engine-only", "--seed", "3", "--players", "1")
    assert r.returncode == 0, r.stderr
    assert "game over" in r.stdout and "1. Tini" in r.stdout and "2. " not in r.stdout
