import cv2
import numpy as np
import pytest

from vision.sources import SourceError, SyntheticSource, load_image, open_source


@pytest.fixture()
def images(tmp_path):
    rng = np.random.default_rng(0)
    paths = []
    for i in range(3):
        p = tmp_path / f"frame{i}.png"
        cv2.imwrite(str(p), rng.integers(0, 255, (40, 60, 3), dtype=np.uint8))
        paths.append(p)
    return tmp_path, paths


def test_single_image(images):
    _, paths = images
    src = open_source(str(paths[0]))
    f = src.read()
    assert f.image.shape == (40, 60, 3) and f.index == 0
    assert src.read() is None  # a clean end, not an error


def test_folder_and_glob_in_name_order(images):
    folder, _ = images
    names = [f.name for f in open_source(str(folder))]
    assert names == ["frame0.png", "frame1.png", "frame2.png"]
    assert len(list(open_source(str(folder / "frame*.png")))) == 3


def test_video_file_plays_to_its_end(tmp_path):
    path = tmp_path / "clip.avi"
    w = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (64, 48))
    for i in range(5):
        w.write(np.full((48, 64, 3), i * 40, np.uint8))
    w.release()
    with open_source(str(path)) as src:
        frames = list(src)
    assert len(frames) == 5 and frames[0].image.shape == (48, 64, 3)


def test_synthetic_source_is_the_renderer():
    src = open_source("synthetic:5")
    assert isinstance(src, SyntheticSource)
    f = src.read()
    assert f.image.shape == (1080, 1920, 3) and src.last_scene.boards
    assert src.read() is None


@pytest.mark.parametrize("spec, words", [
    ("/no/such/file.jpg", "no such file"),
    ("camera:x", "camera is given by its number"),
    ("synthetic:abc", "whole-number seed"),
    ("/no/such/dir/*.png", "no images match"),
])
def test_bad_specs_are_clear_errors(spec, words):
    with pytest.raises(SourceError, match=words):
        open_source(spec)


def test_missing_camera_is_a_clear_error():
    with pytest.raises(SourceError, match="camera 97 is not available"):
        open_source("camera:97")


def test_empty_truncated_and_wrong_format_files(tmp_path):
    empty = tmp_path / "empty.jpg"
    empty.write_bytes(b"")
    with pytest.raises(SourceError, match="empty"):
        load_image(empty)
    ok, buf = cv2.imencode(".jpg", np.zeros((64, 64, 3), np.uint8))
    cut = tmp_path / "cut.jpg"
    cut.write_bytes(buf.tobytes()[: len(buf) // 2])
    with pytest.raises(SourceError, match="truncated|not a readable"):
        load_image(cut)
    text = tmp_path / "notes.png"
    text.write_text("this is not a picture")
    with pytest.raises(SourceError, match="not a readable image"):
        load_image(text)
    with pytest.raises(SourceError, match="folder"):
        load_image(tmp_path)


def test_a_truncated_png_says_so_in_one_line_without_opencvs_own_warning(tmp_path, capfd):
    ok, buf = cv2.imencode(".png", np.random.default_rng(3).integers(0, 255, (64, 64, 3), dtype=np.uint8))
    cut = tmp_path / "cut.png"
    cut.write_bytes(buf.tobytes()[: len(buf) // 2])
    capfd.readouterr()
    level = cv2.utils.logging.getLogLevel()
    cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_WARNING)
    try:
        with pytest.raises(SourceError, match="not a readable image"):
            load_image(cut)
        assert capfd.readouterr().err == ""  # the decoder's complaint goes unprinted: the error above says it
        assert cv2.utils.logging.getLogLevel() == cv2.utils.logging.LOG_LEVEL_WARNING  # and the level is put back
    finally:
        cv2.utils.logging.setLogLevel(level)


def test_a_truncated_video_stops_with_one_line_after_the_frames_it_holds(tmp_path, capfd):
    whole = tmp_path / "clip.avi"
    w = cv2.VideoWriter(str(whole), cv2.VideoWriter_fourcc(*"MJPG"), 10, (320, 240))
    for i in range(20):
        w.write(np.full((240, 320, 3), i * 10, np.uint8))
    w.release()
    cut = tmp_path / "cut.avi"
    cut.write_bytes(whole.read_bytes()[: whole.stat().st_size // 2])
    capfd.readouterr()
    src = open_source(str(cut))
    got = []
    with pytest.raises(SourceError, match=r"cut.avi ended after (\d+) of its 20 frames: the file is truncated"):
        while (frame := src.read()) is not None:
            got.append(frame)
    assert 0 < len(got) < 20
    assert capfd.readouterr().err == ""  # FFmpeg's own complaint goes unprinted: the error says it
    assert len(list(open_source(str(whole)))) == 20  # a whole file ends cleanly
