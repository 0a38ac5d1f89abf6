"""`leafwatch calibrate boards` on rendered pictures of a box's empty boards: the boards found upright, the
groups named on the command line or on standard input, a square fixed, and the kit written; pictures that
cannot teach (no board, a board seen twice) and answers that fall short end in one line."""
from __future__ import annotations

import copy
import io
import sys
from collections import Counter

import cv2
import numpy as np
import pytest

from calibration import boards as cb
from leafwatch.cli import main as leafwatch_main
from store.files import read_kit
from vision.synthetic.empty_boards import box_picture

PICTURES = ["synthetic:box:9:1", "synthetic:box:9:4"]  # boards A and B of box 9, each side once


@pytest.fixture(scope="module")
def found():
    """The calibration of the two pictures, each board's true side and layout, and the names a person gives."""
    shots = [box_picture(9, k) for k in (1, 4)]
    cal = cb.calibrate([(spec, shot.scene.image) for spec, shot in zip(PICTURES, shots)])
    truths = []
    for board in cal.boards:
        shot = shots[PICTURES.index(board.picture)]
        centre = board.corners.mean(0)
        k = int(np.argmin([np.linalg.norm(t.corners.mean(0) - centre) for t in shot.scene.boards]))
        truths.append((shot.sides[k], shot.layouts[k]))
    by_char = {c: n for n, c in cb.TREASURE_CHARS.items()}
    names = {}
    for g in range(cal.learned.count):
        seen = Counter(truths[b][1].replace("/", "")[i] for b, groups in enumerate(cal.learned.groups)
                       for i in np.flatnonzero(groups == g))
        names[g] = by_char[seen.most_common(1)[0][0]]
    return cal, truths, names


def test_every_board_is_found_upright_and_read_as_printed(found):
    cal, truths, names = found
    assert [b.picture for b in cal.boards] == [PICTURES[0]] * 2 + [PICTURES[1]] * 2
    assert sorted(side for side, _ in truths) == ["A1", "A2", "B1", "B2"]
    cal = copy.deepcopy(cal)
    cal.names = names
    wrong = [sum(x != y for x, y in zip(cal.layout(b), layout)) for b, (_, layout) in enumerate(truths)]
    assert wrong.count(0) >= 3 and max(wrong) <= 1, wrong


def _names_text(names: dict[int, str]) -> str:
    return ",".join(f"{g + 1}={n}" for g, n in sorted(names.items()))


@pytest.fixture
def cached(found, monkeypatch):
    """The command, with the pictures' calibration already made (the words and the kit are what is tested)."""
    cal = found[0]
    monkeypatch.setattr(cb, "load_picture", lambda spec: np.zeros((8, 8, 3), np.uint8))
    monkeypatch.setattr(cb, "calibrate", lambda pictures, thresholds=None: copy.deepcopy(cal))


def test_the_command_writes_the_kit_that_play_reads(found, cached, tmp_path, capsys):
    """As README.md shows it (tests/test_readme_examples.py runs that line as a command): the groups named,
    the boards' sides said, the one square misread fixed; the kit then holds every side exactly as printed."""
    _, truths, names = found
    out = tmp_path / "my-kit.toml"
    sides = ",".join(side for side, _ in truths)
    assert leafwatch_main(["calibrate", "boards", *PICTURES, "--names", _names_text(names), "--sides", sides,
                           "--fix", "B2:B5=plain", "--out", str(out)]) == 0
    assert f"{out}: 4 board sides; use it with --kit {out}" in capsys.readouterr().out
    assert cv2.imread(str(tmp_path / "my-kit-groups.png")) is not None
    kit = read_kit(str(out))
    assert [(name, layout.format()) for name, layout in kit.sides] == truths
    # a second run would overwrite the kit: refused without --force
    assert leafwatch_main(["calibrate", "boards", *PICTURES, "--names", "1=nut", "--out", str(out)]) == 1
    assert "already exists" in capsys.readouterr().err


def test_groups_are_named_on_standard_input(found, cached, tmp_path, monkeypatch, capsys):
    _, truths, names = found
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{names[g]}\n" for g in sorted(names))))
    out = tmp_path / "k.toml"
    sheet = tmp_path / "k-groups.png"
    sheet.write_bytes(b"an earlier run's")
    assert leafwatch_main(["calibrate", "boards", *PICTURES, "--out", str(out)]) == 0
    shown = capsys.readouterr().out
    assert f"{sheet} exists and is kept (--force replaces it)" in shown and sheet.read_bytes() == b"an earlier run's"
    # --fix on top of the names given on standard input
    fixed = tmp_path / "fixed.toml"
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{names[g]}\n" for g in sorted(names))))
    assert leafwatch_main(["calibrate", "boards", *PICTURES, "--fix", "a1:i8=Mushroom", "--out", str(fixed)]) == 0
    assert read_kit(str(fixed)).side("A1").format()[-1] == "m"
    assert f"group 1 ({found[0].group_sizes()[0]} squares): which treasure? [berry/nut/mushroom/feather/plain]" in shown
    # without --sides the boards are named in the order found, each board's two faces one after the other
    assert [n for n, _ in read_kit(str(out)).sides] == ["A1", "A2", "B1", "B2"]


def test_answers_that_fall_short_end_in_one_line(found, cached, tmp_path, monkeypatch, capsys):
    count = found[0].learned.count
    monkeypatch.setattr(sys, "stdin", io.StringIO("berry\n"))
    assert leafwatch_main(["calibrate", "boards", *PICTURES, "--out", str(tmp_path / "a.toml")]) == 1
    err = capsys.readouterr().err
    assert "group 2 has no name: standard input ended" in err and len(err.strip().splitlines()) == 1
    monkeypatch.setattr(sys, "stdin", io.StringIO("acorn\n"))
    assert leafwatch_main(["calibrate", "boards", *PICTURES, "--out", str(tmp_path / "b.toml")]) == 1
    assert "'acorn' is no treasure" in capsys.readouterr().err
    assert leafwatch_main(["calibrate", "boards", *PICTURES, "--names", "1=nut", "--out", str(tmp_path / "c.toml")]) == 1
    assert f"names 1 of {count} groups" in capsys.readouterr().err
    assert leafwatch_main(["calibrate", "boards", *PICTURES, "--names", ",".join(f"{g + 1}=nut" for g in range(count)),
                           "--sides", "A1,B1", "--out", str(tmp_path / "d.toml")]) == 1
    assert "names 2 sides, but the pictures show 4 boards" in capsys.readouterr().err
    assert not any(tmp_path.glob("?.toml"))


def test_a_picture_without_a_board_or_a_board_twice_is_refused(found, tmp_path, monkeypatch):
    table = np.full((720, 1280, 3), (60, 90, 120), np.uint8)
    table += np.random.default_rng(1).integers(0, 12, table.shape, dtype=np.uint8)
    empty = tmp_path / "table.png"
    cv2.imwrite(str(empty), table)
    with pytest.raises(cb.BoardsError, match="table.png: no board"):
        cb.calibrate([(str(empty), table)])
    # the first picture given twice (its boards where the fixture found them, to spare finding them again)
    grids = [b.corners for b in found[0].boards if b.picture == PICTURES[0]]
    monkeypatch.setattr(cb, "boards_in", lambda image, thresholds: list(grids))
    one = box_picture(9, 1).scene.image
    with pytest.raises(cb.BoardsError, match="board 1 of again.jpg are the same side; show each side of each board once"):
        cb.calibrate([("first.jpg", one), ("again.jpg", one)])


def test_analyze_names_a_side_by_the_tables_own_name():
    """A learned kit names its sides as the table likes: a board is named so, even where the reference kit
    prints the same layout under another name."""
    from vision.analysis import analyze

    shot = box_picture(9, 1)
    known = {"7X": shot.layouts[0], "7Y": shot.layouts[1]}
    result = analyze(shot.scene.image, known_sides=known)
    assert sorted(b.side for b in result.boards) == ["7X", "7Y"]
