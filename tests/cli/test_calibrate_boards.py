"""`calibrate boards`: the table's words (group names, sides, fixes) and the kit it writes, which the engine
reads and `play --kit` plays on; bad words end in one line before any picture is read."""
from __future__ import annotations

import io
import sys

import numpy as np
import pytest

from calibration.boards import (BoardsError, default_sides, kit_text, parse_fix, parse_names, parse_sides,
                                seen_twice)
from engine.indian_summer.kit import Kit, reference_kit
from leafwatch.cli import main as leafwatch_main
from store.files import read_kit

NUT_AT_A1 = "n.m....../" + "/".join(["........."] * 7)
BERRIES = "/".join(["....b...."] * 8)


def test_names_are_read_and_every_group_must_have_one():
    assert parse_names("1=nut, 2=Berry,3=plain", 3) == {0: "nut", 1: "berry", 2: "plain"}
    with pytest.raises(BoardsError, match="names 2 of 4 groups; name group 3, 4 too"):
        parse_names("1=nut,2=berry", 4)
    with pytest.raises(BoardsError, match="'acorn' is no treasure"):
        parse_names("1=acorn", 1)
    with pytest.raises(BoardsError, match="there is no group 5"):
        parse_names("1=nut,5=berry", 2)
    with pytest.raises(BoardsError, match="not GROUP=TREASURE"):
        parse_names("nut", 1)
    with pytest.raises(BoardsError, match="group 1 is named twice"):
        parse_names("1=nut,1=berry")


def test_sides_and_fixes_are_read():
    assert default_sides(5) == ["A1", "A2", "B1", "B2", "C1"]
    assert parse_sides("a1, b2,C1", 3) == ["A1", "B2", "C1"]
    with pytest.raises(BoardsError, match="names 2 sides, but the pictures show 3 boards"):
        parse_sides("A1,B1", 3)
    with pytest.raises(BoardsError, match="names a side twice"):
        parse_sides("A1,A1", 2)
    with pytest.raises(BoardsError, match="a side is named by its board and its face"):
        parse_sides("A1,north", 2)
    assert parse_fix("a2:c3=Nut", ["A1", "A2"]) == ("A2", (2, 2), "n")
    assert parse_fix("A1:I8=plain", ["A1"]) == ("A1", (7, 8), ".")
    for bad, why in (("A1:C9=nut", "is no square"), ("B1:C3=nut", "no board is side B1"), ("A1C3=nut", "SIDE:SQUARE"),
                     ("A1:C3=acorn", "no treasure")):
        with pytest.raises(BoardsError, match=why):
            parse_fix(bad, ["A1"])


def test_a_board_seen_twice_is_found_either_way_round():
    rng = np.random.default_rng(3)
    a = np.where(rng.random(72) < 0.3, 0, -1)
    b = np.where(rng.random(72) < 0.3, 1, -1)
    assert seen_twice([a, b]) is None
    assert seen_twice([a, b, a[::-1].copy()]) == (0, 2)  # the same side photographed from the other seat


def test_the_kit_is_the_reference_kit_with_the_tables_sides(tmp_path):
    text = kit_text([("A1", NUT_AT_A1), ("A2", BERRIES)])
    kit = Kit.from_toml(text)
    assert [(n, layout.format()) for n, layout in kit.sides] == [("A1", NUT_AT_A1), ("A2", BERRIES)]
    ref = reference_kit()
    assert (kit.leaves, kit.animals, kit.supply) == (ref.leaves, ref.animals, ref.supply)
    path = tmp_path / "kit.toml"
    path.write_text(text)
    assert read_kit(str(path)).side("A1").format() == NUT_AT_A1


def test_play_takes_the_learned_kit(tmp_path, monkeypatch, capsys):
    path = tmp_path / "kit.toml"
    path.write_text(kit_text([("A1", NUT_AT_A1), ("A2", BERRIES)]))
    monkeypatch.setattr(sys, "stdin", io.StringIO("leaf path:1 *A1 B1 C1\nend\n"))
    code = leafwatch_main(["play", "--players", "Tini:A1", "--no-camera", "--headless", "--no-journal",
                           "--kit", str(path)])
    out = capsys.readouterr().out
    assert code == 0
    # the hole uncovers the nut the table's own board prints at A1 (the reference kit prints none there)
    assert "Put a Nut token on the hole at A1" in out


@pytest.mark.parametrize("args, code, message", [
    (["--names", "1=acorn"], 1, "'acorn' is no treasure"),
    (["--names", "one=nut"], 1, "not GROUP=TREASURE"),
    (["--fix", "A1:Z9=nut"], 1, "is no square"),
    (["--fix", "A1-C3"], 1, "SIDE:SQUARE=TREASURE"),
])
def test_bad_words_end_in_one_line_before_any_picture(tmp_path, capsys, args, code, message):
    got = leafwatch_main(["calibrate", "boards", "synthetic:box:7:1", "--out", str(tmp_path / "k.toml"), *args])
    err = capsys.readouterr().err
    assert got == code and message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_bad_pictures_and_outputs_end_in_one_line(tmp_path, capsys):
    out = tmp_path / "k.toml"
    assert leafwatch_main(["calibrate", "boards", "synthetic:box:7:1", "synthetic:box:7:1", "--out", str(out)]) == 2
    assert "a picture is given twice" in capsys.readouterr().err
    assert leafwatch_main(["calibrate", "boards", str(tmp_path / "none.jpg"), "--out", str(out)]) == 1
    assert "no such file" in capsys.readouterr().err
    assert leafwatch_main(["calibrate", "boards", "synthetic:box:7:9", "--out", str(out)]) == 1
    assert "K is a picture 1 to 6" in capsys.readouterr().err
    out.write_text("mine\n")
    assert leafwatch_main(["calibrate", "boards", "synthetic:box:7:1", "--out", str(out)]) == 1
    assert "already exists" in capsys.readouterr().err and out.read_text() == "mine\n"
    assert leafwatch_main(["calibrate", "boards", "synthetic:box:7:1", "--out", str(tmp_path / "no" / "k.toml")]) == 1
    assert "no folder" in capsys.readouterr().err


def test_crops_are_shown_as_true_colour_half_blocks():
    from calibration.boards import half_blocks

    red, blue = np.zeros((40, 40, 3), np.uint8), np.zeros((40, 40, 3), np.uint8)
    red[:] = (0, 0, 200)
    blue[20:] = (255, 0, 0)  # its lower half blue
    lines = half_blocks([red, blue], size=8)
    assert len(lines) == 4 and all(line.count("\u2580") == 16 for line in lines)
    assert "\x1b[38;2;200;0;0m\x1b[48;2;200;0;0m\u2580" in lines[0]  # red above and below
    assert "\x1b[38;2;0;0;0m\x1b[48;2;0;0;0m" in lines[0] and "\x1b[38;2;0;0;255m\x1b[48;2;0;0;255m" in lines[3]
    assert half_blocks([]) == []
