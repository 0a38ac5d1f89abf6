"""The lens measured from pictures of the ChArUco sheet: views drawn through a known pinhole camera
must give back its focal length and centre, and a profile carries the lens to every frame read."""
from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from calibration.camera import Sheet, measure_lens
from calibration.colour import CalibrationError
from vision.lens import Lens
from vision.profile import ColourProfile, ProfileError
from vision.thresholds import thresholds

SIZE = (960, 720)
K = np.array([[820.0, 0, 478.0], [0, 820.0, 366.0], [0, 0, 1]])


def view(page: np.ndarray, sheet: Sheet, rvec, tvec) -> np.ndarray:
    """The page (mm on a plane, its centre at the origin) as camera K sees it from pose (rvec, tvec)."""
    px_per_mm = page.shape[1] / 297.0
    r, _ = cv2.Rodrigues(np.array(rvec, np.float64))
    # page pixel -> plane mm (centred) -> camera: H = K [r1 r2 t] S
    s = np.array([[1 / px_per_mm, 0, -148.5], [0, 1 / px_per_mm, -105.0], [0, 0, 1]])
    h = K @ np.column_stack([r[:, 0], r[:, 1], np.array(tvec, np.float64)]) @ s
    return cv2.warpPerspective(page, h, SIZE, flags=cv2.INTER_AREA, borderValue=120)


POSES = [((0.0, 0.0, 0.0), (0, 0, 420)), ((0.35, 0.0, 0.1), (20, 10, 430)), ((-0.3, 0.2, 0.0), (-15, 5, 400)),
         ((0.1, -0.4, 0.3), (10, -20, 450)), ((0.25, 0.3, -0.2), (-25, 15, 470)), ((-0.2, -0.3, 0.4), (30, 20, 440))]


@pytest.fixture(scope="module")
def views():
    sheet = Sheet()
    page = cv2.cvtColor(sheet.image(dpi=150), cv2.COLOR_GRAY2BGR)
    return [view(page, sheet, r, t) for r, t in POSES]


def test_the_lens_of_a_known_camera_is_measured_back(views):
    report = measure_lens(views)
    k = np.array(report.lens.camera_matrix)
    assert report.views == len(POSES) and report.skipped == 0
    assert report.lens.image_size == SIZE
    assert abs(k[0, 0] - K[0, 0]) / K[0, 0] < 0.03 and abs(k[1, 1] - K[1, 1]) / K[1, 1] < 0.03
    assert abs(k[0, 2] - K[0, 2]) < 15 and abs(k[1, 2] - K[1, 2]) < 15
    assert report.lens.rms < 0.5


def test_too_few_pictures_of_the_sheet_is_one_clear_error(views):
    blank = np.full((SIZE[1], SIZE[0], 3), 128, np.uint8)
    with pytest.raises(CalibrationError, match="found in 2 of 4 pictures"):
        measure_lens(views[:2] + [blank, blank])


def test_a_lens_without_distortion_leaves_the_frame_as_it_was(views):
    lens = Lens(tuple(map(tuple, K)), (0.0, 0.0, 0.0, 0.0, 0.0), SIZE, 0.1)
    out = lens.undistort(views[1])
    assert out.shape == views[1].shape
    assert np.abs(out.astype(int) - views[1].astype(int)).mean() < 1.0


def test_distortion_is_undone_a_bent_line_comes_out_straight():
    lens = Lens(tuple(map(tuple, K)), (-0.3, 0.1, 0.0, 0.0, 0.0), SIZE, 0.2)
    # the points of a straight line, as the distorting lens would place them
    line = np.array([[x, 250.0, 820.0] for x in np.linspace(-420, 420, 29)], np.float64)
    seen, _ = cv2.projectPoints(line, np.zeros(3), np.zeros(3), K, np.array(lens.dist))
    seen = seen.reshape(-1, 2)
    assert np.ptp(seen[:, 1]) > 5  # bent by the lens
    image = np.zeros((SIZE[1], SIZE[0]), np.uint8)
    for x, y in seen:
        cv2.circle(image, (int(round(x)), int(round(y))), 2, 255, -1)
    ys = [np.nonzero(col)[0].mean() for col in lens.undistort(image).T if col.any()]
    assert np.ptp(ys) < 3  # straight again


def test_a_profile_carries_the_lens_and_refuses_a_broken_one(tmp_path):
    lens = Lens(tuple(map(tuple, K)), (-0.1, 0.01, 0.0, 0.0, 0.0), SIZE, 0.3)
    good = tmp_path / "camera.json"
    good.write_text(json.dumps({"white_bgr": [200, 210, 190], "lens": lens.to_json()}))
    profile = ColourProfile.load(good, thresholds=thresholds())
    assert profile.lens == lens and profile.white_bgr == (200.0, 210.0, 190.0)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"lens": {"camera_matrix": [[1, 0], [0, 1]], "dist": [0, 0, 0, 0], "image_size": [9, 9]}}))
    with pytest.raises(ProfileError, match="camera_matrix must be 3 rows of 3 numbers"):
        ColourProfile.load(bad, thresholds=thresholds())


def test_calibrate_sheet_and_camera_as_a_user_runs_them(views, tmp_path, capsys):
    from leafwatch.cli import main

    sheet = tmp_path / "sheet.png"
    assert main(["calibrate", "sheet", "--out", str(sheet)]) == 0
    page = cv2.imread(str(sheet), cv2.IMREAD_GRAYSCALE)
    assert page.shape == (2480, 3508)  # A4 at 300 dpi
    folder = tmp_path / "views"
    folder.mkdir()
    for i, v in enumerate(views):
        cv2.imwrite(str(folder / f"v{i}.png"), v)
    out = tmp_path / "camera.json"
    capsys.readouterr()
    assert main(["calibrate", "camera", str(folder), "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert f"from {len(POSES)} pictures" in said and "a good fit" in said
    assert ColourProfile.load(out, thresholds=thresholds()).lens.image_size == SIZE
    assert main(["calibrate", "camera", str(folder), "--out", str(out)]) == 1  # never replaced without --force
    assert "already exists" in capsys.readouterr().err
