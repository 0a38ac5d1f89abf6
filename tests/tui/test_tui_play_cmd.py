"""`leafwatch play` as a user runs it: rendered frames in a folder, bad words, a feed that fails."""
from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from companion.live import DeclareItem, FrameItem, LiveTable
from companion.seating import PlayError, parse_players, start_state
from leafwatch.headless import run_headless
from vision.image_checks import short_name

ROOT = pathlib.Path(__file__).resolve().parents[2]


def leafwatch(*args, timeout=120):
    return subprocess.run([sys.executable, "-m", "leafwatch.cli", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


@pytest.fixture(scope="module")
def first_move_frames(tmp_path_factory):
    """The first move of seeded game 1 as a camera sees it: a hand over the boards, then still frames."""
    import cv2

    from leafwatch.demo.table_script import table_game
    from rendered import demo_frames

    game = table_game(1, 2)
    folder = tmp_path_factory.mktemp("frames")
    items = demo_frames(1, 2, max_moves=1)
    assert len(items) >= 4
    for n, item in enumerate(items):
        cv2.imwrite(str(folder / f"frame{n:03d}.png"), item.image)
    players = ",".join(f"{p.name}:{p.side}" for p in game.table_start.players)
    return folder, players, len(items)


def test_play_headless_on_a_folder_of_rendered_frames(first_move_frames):
    folder, players, count = first_move_frames
    r = leafwatch("play", "--headless", "--players", players, "--source", str(folder))
    assert r.returncode == 0, r.stderr
    assert "Tini: leaf path:" in r.stdout
    assert "standings so far:" in r.stdout
    assert f"({count} frames read)" in r.stdout
    assert r.stderr == ""


@pytest.mark.parametrize("players, message", [
    ("Tini:Z9", "board side 'Z9' is not a side of the kit"),
    ("Tini", "is not NAME:SIDE"),
    ("Tini:A1,Claus:A1", "given twice"),
    ("A:A1,B:A2,C:B1,D:B2,E:C1", "1 to 4 players"),
])
def test_bad_players_give_one_line_and_exit_2(players, message, tmp_path):
    r = leafwatch("play", "--headless", "--players", players, "--source", str(tmp_path))
    assert r.returncode == 2
    assert message in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_missing_source_gives_one_line_and_exit_1(tmp_path):
    r = leafwatch("play", "--headless", "--players", "Tini:A1", "--source", str(tmp_path / "nope.mp4"))
    assert r.returncode == 1
    assert "no such file" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    r = leafwatch("play", "--headless", "--players", "Tini:A1", "--source", str(tmp_path))
    assert r.returncode == 1 and "holds no images" in r.stderr


def test_bad_stable_and_both_sources_are_usage_errors(tmp_path):
    r = leafwatch("play", "--headless", "--players", "Tini:A1", "--source", str(tmp_path), "--stable", "0")
    assert r.returncode == 2 and "--stable" in r.stderr
    r = leafwatch("play", "--headless", "--players", "Tini:A1", "--source", "x", "--camera", "0")
    assert r.returncode == 2
    r = leafwatch("play", "--headless", "--players", "Tini:A1", "--source", str(tmp_path), "--pace", "-1")
    assert r.returncode == 2 and "--pace" in r.stderr


def test_parse_players_reads_names_and_sides():
    seats = parse_players(" Tini:a1 , Claus:B2 ")
    assert [(s.name, s.side) for s in seats] == [("Tini", "A1"), ("Claus", "B2")]
    with pytest.raises(PlayError):
        parse_players("")
    state = start_state(seats)
    assert [p.name for p in state.players] == ["Tini", "Claus"]


def test_headless_printer_survives_a_feed_that_fails():
    def feed():
        yield DeclareItem(None, "berry")
        raise RuntimeError("camera 0 stopped delivering frames: was it unplugged?")

    live = LiveTable(start_state(parse_players("Tini:A1,Claus:B2")))
    out, err = [], []
    code = run_headless(live, feed(), out=out.append, err=err.append)
    assert code == 1
    assert err == ["leafwatch play: the feed stopped: camera 0 stopped delivering frames: was it unplugged?"]
    text = "\n".join(out)
    assert "Tini: berry" in text and "standings so far:" in text
    assert live.session.view().players[0].treasures["berry"] == 0


def test_play_headless_keeps_the_game_when_a_frame_file_is_broken(first_move_frames, tmp_path):
    import shutil

    folder, players, count = first_move_frames
    for f in folder.iterdir():
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "zzz-broken.png").write_bytes(b"not an image")
    r = leafwatch("play", "--headless", "--players", players, "--source", str(tmp_path))
    assert r.returncode == 1
    assert r.stderr.strip().splitlines() == [
        f"leafwatch play: the feed stopped: {short_name(str(tmp_path / 'zzz-broken.png'))} is not a readable image "
        "(JPEG, PNG, BMP, TIFF or WebP expected)"]
    assert "Tini: leaf path:" in r.stdout and "standings so far:" in r.stdout


def test_headless_printer_skips_a_frame_it_cannot_process_and_says_so_once():
    class Broken(LiveTable):
        def process(self, item):
            if isinstance(item, FrameItem):
                raise ValueError("boom\nsecond line")
            return super().process(item)

    live = Broken(start_state(parse_players("Tini:A1,Claus:B2")))
    out, err = [], []
    feed = [FrameItem(None), DeclareItem(None, "berry"), FrameItem(None)]
    assert run_headless(live, feed, out=out.append, err=err.append) == 1
    assert err == ["leafwatch play: a frame could not be processed: boom"]
    assert any("Tini: berry" in line for line in out)


def test_a_missing_model_file_alerts_and_keeps_the_game(monkeypatch):
    import vision.classify.classification
    from vision.classify.mlp import ModelFileError
    from vision.synthetic import render_scene

    def missing(*_):
        raise ModelFileError("vision/data/square_net.onnx is missing: run `python -m vision.training.net` to build it")

    monkeypatch.setattr(vision.classify.classification, "square_net_probabilities", missing)
    live = LiveTable(start_state(parse_players("Tini:A1,Claus:B2")))
    before = live.process(DeclareItem(None, "berry")).view
    update = live.process(FrameItem(render_scene(101).image, "frame 1"))
    assert [n.kind for n in update.notices] == ["alert"]
    assert "cannot read boards" in update.notices[0].text and "square_net.onnx is missing" in update.notices[0].text
    assert update.view == before  # the declared move stands; nothing of the game is lost
