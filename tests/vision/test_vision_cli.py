import json

import cv2
import numpy as np
import pytest

from leafwatch.cli import main


@pytest.fixture(scope="module")
def scene_file(tmp_path_factory, clean_scene):
    p = tmp_path_factory.mktemp("frames") / "table.png"
    cv2.imwrite(str(p), clean_scene.image)
    return p


def test_analyze_json(scene_file, capsys, clean_scene):
    assert main(["analyze", str(scene_file), "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["width"] == 1920 and len(d["boards"]) == len(clean_scene.boards)
    assert {b["side"] for b in d["boards"]} == {b.side for b in clean_scene.boards}


def test_analyze_summary_and_debug(scene_file, capsys, tmp_path):
    assert main(["analyze", str(scene_file), "--debug", str(tmp_path / "dbg")]) == 0
    out = capsys.readouterr().out
    assert "board(s) found" in out and "side" in out
    assert (tmp_path / "dbg" / "board1.png").exists() and (tmp_path / "dbg" / "frame.png").exists()


def test_no_board_in_view_says_so(tmp_path, capsys, empty_table):
    p = tmp_path / "table.png"
    cv2.imwrite(str(p), empty_table)
    assert main(["analyze", str(p)]) == 0
    assert "no board in view" in capsys.readouterr().out
    assert main(["analyze", str(p), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["boards"] == []


@pytest.mark.parametrize("content, words", [(b"", "empty"), (b"GIF89a not really", "not a readable image")])
def test_bad_images_exit_1_with_one_line(tmp_path, capsys, content, words):
    p = tmp_path / "bad.jpg"
    p.write_bytes(content)
    assert main(["analyze", str(p)]) == 1
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_missing_file_and_bad_profile(tmp_path, capsys, scene_file):
    assert main(["analyze", str(tmp_path / "nope.png")]) == 1
    assert "no such file" in capsys.readouterr().err
    prof = tmp_path / "p.json"
    prof.write_text("{not json")
    assert main(["analyze", str(scene_file), "--profile", str(prof)]) == 1
    assert "not valid JSON" in capsys.readouterr().err


def test_good_profile_is_used(tmp_path, capsys, scene_file):
    prof = tmp_path / "p.json"
    prof.write_text(json.dumps({"white_bgr": [200, 200, 200]}))
    assert main(["analyze", str(scene_file), "--json", "--profile", str(prof)]) == 0
    assert json.loads(capsys.readouterr().out)["boards"]


def test_usage_error_exits_2(capsys):
    with pytest.raises(SystemExit) as e:
        main(["analyze"])
    assert e.value.code == 2


@pytest.mark.parametrize("content", [None, b"not a network"])
def test_a_missing_or_broken_square_net_exits_1_with_one_line(tmp_path, capsys, scene_file, monkeypatch, content):
    import vision.classify.square_net

    if content is not None:
        (tmp_path / "square_net.onnx").write_bytes(content)
    monkeypatch.setattr(vision.classify.square_net, "DATA", tmp_path)
    vision.classify.square_net._network.cache_clear()
    try:
        assert main(["analyze", str(scene_file)]) == 1
    finally:
        vision.classify.square_net._network.cache_clear()  # the real network again for the tests after
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "square_net.onnx" in err and "vision.training.net" in err


def test_squares_beyond_the_picture_are_listed(tmp_path, capsys):
    from tests.vision.conftest import specs
    from vision.grids import square_name
    from vision.locate.rectification import share_beyond_picture
    from vision.synthetic import Conditions, render_scene
    from vision.thresholds import thresholds

    # four boards framed a fifth wider than the picture: the outer ones reach beyond its edges
    scene = render_scene(4401, boards=specs(4401, ["A1", "B2", "C1", "D2"]),
                         conditions=Conditions(tilt_deg=8.0, fill=1.2, table="felt", free_rotation=True))
    p = tmp_path / "close.png"
    cv2.imwrite(str(p), scene.image)
    assert main(["analyze", str(p), "--json"]) == 0
    boards = json.loads(capsys.readouterr().out)["boards"]
    limit = float(thresholds()["classify"]["beyond_picture_share"])
    for b in boards:
        share = share_beyond_picture(scene.image.shape, np.float32(b["corners"]))
        want = [] if share is None else [square_name(r, c) for r, c in zip(*np.nonzero(share > limit))]
        assert b["beyond_picture"] == want
        assert all(b["pieces"].split("/")[int(sq[1]) - 1]["ABCDEFGHI".index(sq[0])] == "?" for sq in want)
    assert sum(len(b["beyond_picture"]) for b in boards) >= 5
    assert main(["analyze", str(p)]) == 0
    assert "beyond the picture" in capsys.readouterr().out
