"""Output files: a file leafwatch did not make is never replaced without --force; a FIFO or folder in the
way is refused even with it. Long work shows a progress line; a colourless camera is warned about."""
from __future__ import annotations

import io
import json
import os
import time

import cv2
import numpy as np
import pytest

from store.journal import Journal
from leafwatch.progress import Progress
from robust_helpers import run


def journal_with_a_game(tmp_path) -> str:
    path = str(tmp_path / "games.sqlite")
    journal = Journal(path)
    game = journal.start({"players": [{"name": "Tini", "side": "A1"}], "deal": {"table": True}})
    journal.sync(game, ["squirrel E4", "end"])
    journal.close()
    return path


def test_journal_export_keeps_an_existing_file_unless_forced(tmp_path):
    journal = journal_with_a_game(tmp_path)
    out = tmp_path / "game.json"
    out.write_text("precious")
    line = run(["journal", "--journal", journal, "export", "1", "--out", str(out)]).one_line_error()
    assert "--force" in line and out.read_text() == "precious"
    assert run(["journal", "--journal", journal, "export", "1", "--out", str(out), "--force"]).code == 0
    assert json.loads(out.read_text())["actions"] == ["squirrel E4", "end"]


def test_journal_export_writes_a_new_file(tmp_path):
    journal = journal_with_a_game(tmp_path)
    out = tmp_path / "new.json"
    assert run(["journal", "--journal", journal, "export", "1", "--out", str(out)]).code == 0
    assert json.loads(out.read_text())["players"][0]["name"] == "Tini"


def test_a_fifo_as_the_output_is_refused_even_with_force(tmp_path):
    journal = journal_with_a_game(tmp_path)
    fifo = tmp_path / "out.json"
    os.mkfifo(fifo)
    outcome = run(["journal", "--journal", journal, "export", "1", "--out", str(fifo), "--force"], timeout=5)
    assert "not a regular file" in outcome.one_line_error()


def test_calibrate_colours_keeps_an_existing_profile_and_says_so_before_the_work(tmp_path):
    out = tmp_path / "profile.json"
    out.write_text("precious")
    # the picture does not even exist: the refusal comes first, and costs nothing
    line = run(["calibrate", "colours", str(tmp_path / "missing.png"), "--out", str(out)]).one_line_error()
    assert "already exists" in line and out.read_text() == "precious"
    line = run(["calibrate", "colours", str(tmp_path / "missing.png"), "--out", str(out), "--force"]).one_line_error()
    assert "no such file" in line and out.read_text() == "precious"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_shown_on_a_terminal_for_slow_work_only_and_wiped_after():
    stream = Terminal()
    with Progress("finding boards", after_s=0.05, stream=stream):
        time.sleep(0.3)
    text = stream.getvalue()
    assert text.startswith("\rfinding boards ... 0 s") and text.endswith("\r\x1b[K")
    quick = Terminal()
    with Progress("reading", after_s=0.5, stream=quick):
        pass
    assert quick.getvalue() == ""
    piped = io.StringIO()
    with Progress("finding boards", after_s=0.01, stream=piped):
        time.sleep(0.1)
    assert piped.getvalue() == ""


@pytest.mark.slow
def test_play_warns_about_a_camera_without_colour(tmp_path):
    frames = tmp_path / "frames"
    frames.mkdir()
    grey = np.full((240, 320, 3), 90, np.uint8)
    grey[60:180, 80:240] = 160
    cv2.imwrite(str(frames / "f1.png"), grey)
    outcome = run(["play", "--players", "Tini:A1", "--source", str(frames), "--no-journal", "--headless"])
    assert outcome.code == 0
    assert any("warning" in line and "no colour" in line for line in outcome.err_lines)
