import json

import numpy as np

from vision.analysis import analyze
from vision.grids import COLUMNS


def test_analyze_reads_clean_scene(clean_scene):
    result = analyze(clean_scene.image)
    d = json.loads(result.to_json())
    assert d["width"] == 1920 and d["height"] == 1080
    assert len(d["boards"]) == len(clean_scene.boards)
    for truth in clean_scene.boards:
        sq = np.linalg.norm(truth.corners[1] - truth.corners[0]) / COLUMNS
        board = min(result.boards, key=lambda b: np.abs(b.corners - truth.corners).max())
        assert np.abs(board.corners - truth.corners).max() < 0.3 * sq  # orientation right: A1 first
        assert board.side == truth.side
        assert board.printed == truth.printed
        t = np.array(list(truth.pieces.replace("/", "")))
        p = np.array(list(board.pieces.replace("/", "")))
        assert (t == p).mean() > 0.95


def test_json_has_the_interface_fields(marker_scene):
    d = analyze(marker_scene.image).to_dict()
    assert set(d) >= {"width", "height", "boards"}
    for b in d["boards"]:
        assert len(b["corners"]) == 4 and all(len(p) == 2 for p in b["corners"])
        assert b["side"] is None or isinstance(b["side"], str)
        for key in ("pieces", "printed"):
            rows = b[key].split("/")
            assert len(rows) == 8 and all(len(r) == 9 for r in rows)
        assert len(b["confidence"]) == 8 and all(len(r) == 9 for r in b["confidence"])


def test_empty_table_gives_no_boards(empty_table):
    assert analyze(empty_table).boards == []
