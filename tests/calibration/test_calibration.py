"""Marker sheets are found by the camera at true size; the colour cast is measured on their margins."""
from __future__ import annotations

import json
import subprocess
import sys

import cv2
import numpy as np
import pytest

from calibration.colour import CalibrationError, measure_white
from calibration.markers import marker_sheet
from vision.profile import ColourProfile
from vision.thresholds import thresholds
from vision.synthetic.scene import Conditions, random_boards, render_scene


@pytest.mark.parametrize("board", [0, 3])
def test_a_sheet_holds_its_boards_four_markers_at_true_size(board):
    page = marker_sheet(board, square_mm=25, dpi=200)
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50),
                                       cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(page)
    assert sorted(ids.ravel().tolist()) == [4 * board + j for j in range(4)]
    want = 25 / 25.4 * 200  # one square, the marker's size in the layout
    for quad in corners:
        assert abs(np.linalg.norm(quad[0][0] - quad[0][1]) - want) < 3


def test_the_colour_cast_is_measured_on_the_markers_white():
    rng = np.random.default_rng(11)
    boards = random_boards(rng, 2)
    warm = measure_white(render_scene(21, boards, Conditions(markers=True, warmth=0.9), size=(1280, 720)).image)
    cold = measure_white(render_scene(21, boards, Conditions(markers=True, warmth=-0.9), size=(1280, 720)).image)
    assert warm.white_bgr[0] < warm.white_bgr[2]  # warm light: less blue than red
    assert cold.white_bgr[2] < cold.white_bgr[0]


def test_a_frame_without_markers_is_refused_in_one_line():
    with pytest.raises(CalibrationError) as exc:
        measure_white(np.full((200, 300, 3), 120, np.uint8))
    assert "no corner markers" in str(exc.value)


def test_calibrate_commands_write_files_vision_reads(tmp_path):
    def cli(*args):
        return subprocess.run([sys.executable, "-m", "leafwatch.cli", "calibrate", *args],
                              capture_output=True, text=True, timeout=120)

    r = cli("markers", "--out", str(tmp_path / "sheets"), "--boards", "2", "--dpi", "150")
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in (tmp_path / "sheets").iterdir()) == ["board1.png", "board2.png"]
    scene = render_scene(5, random_boards(np.random.default_rng(5), 1), Conditions(markers=True, warmth=0.6), size=(1280, 720))
    cv2.imwrite(str(tmp_path / "frame.png"), scene.image)
    r = cli("colours", str(tmp_path / "frame.png"), "--out", str(tmp_path / "camera.json"))
    assert r.returncode == 0, r.stderr
    profile = ColourProfile.load(tmp_path / "camera.json", thresholds=thresholds())
    assert profile.white_bgr is not None and json.loads((tmp_path / "camera.json").read_text())["white_bgr"]
    bad = cli("markers", "--out", str(tmp_path / "x"), "--boards", "9")
    assert bad.returncode == 2
    missing = cli("colours", str(tmp_path / "nope.png"), "--out", str(tmp_path / "c.json"))
    assert missing.returncode == 1 and "Traceback" not in missing.stderr
