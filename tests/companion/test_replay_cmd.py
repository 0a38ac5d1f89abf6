"""`leafwatch replay` on a folder of rendered frames: the record it writes plays back to its boards."""
from __future__ import annotations

import json
import subprocess
import sys

import cv2

from companion.live import DeclareItem
from leafwatch.demo.table_script import table_game
from rendered import demo_items
from engine.indian_summer.record import load_record, play_record


def test_replay_writes_a_record_that_plays_back(tmp_path):
    game = table_game(1, 2)
    declare_lines, n = [], 0
    for item in demo_items(1, 2, max_moves=3):
        if isinstance(item, DeclareItem):
            declare_lines.append(f"{n + 1} {item.seat + 1} {item.text}")
        else:
            n += 1
            cv2.imwrite(str(tmp_path / f"frame{n:04d}.png"), item.image)
    (tmp_path / "declare.txt").write_text("\n".join(declare_lines) + "\n")
    players = ",".join(f"{p.name}:{p.side}" for p in game.truth_start.players)
    r = subprocess.run([sys.executable, "-m", "leafwatch.cli", "replay", str(tmp_path), "--players", players,
                        "--declare", str(tmp_path / "declare.txt"), "--json"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["frames"] == n and out["record"]["actions"][0].startswith("leaf path:")
    state, _ = play_record(load_record(out["record"]))
    assert [p.board.notation() for p in state.players] == [p["pieces"] for p in out["players"]]


def test_replay_of_a_missing_source_is_one_line(tmp_path):
    r = subprocess.run([sys.executable, "-m", "leafwatch.cli", "replay", str(tmp_path / "nope.mp4"),
                        "--players", "A:A1"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
