"""The camera check's warnings and drawing, on one small rendered table and copies of it spoilt on purpose.

The pipeline reads the good picture once; a spoilt copy is judged with the boards found in the good one
(the picture's light, focus and colour are measured where the boards lie). The command line runs the
pipeline on the spoilt copies themselves (tests/cli/test_camera_cmd.py)."""
from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from tests.vision.conftest import specs
from vision.analysis import AnalyzeResult, analyze
from vision.camera_check import check_picture, limits
from vision.overlay import (BOARD_COLOURS, PictureError, draw_boards, free_path, png_bytes, write_png,
                            written_by_leafwatch)
from vision.locate.rectification import board_to_picture
from vision.sources import SourceError, snapshot
from vision.synthetic import Conditions
from rendered import scene as render_scene  # drawn once for every worker and run

SIDES = ["A1", "D2"]


@pytest.fixture(scope="module")
def table():
    """(picture, what the pipeline found in it, the renderer's truth): two boards on felt, 640x360."""
    cond = Conditions(tilt_deg=8.0, fill=0.8, table="felt", free_rotation=False)
    scene = render_scene(12, boards=specs(12, SIDES), conditions=cond, size=(640, 360))
    return scene.image, analyze(scene.image), scene


def codes(check) -> list[str]:
    return [w.code for w in check.warnings]


def test_a_good_picture_is_usable_with_every_board_named(table):
    image, result, _ = table
    check = check_picture(image, result)
    assert sorted(b.side for b in result.boards) == sorted(SIDES)
    assert check.usable and check.warnings == ()
    assert "2 board(s) found" in check.summary() and "usable" in check.summary()
    assert [line.split(",")[0] for line in check.board_lines()] == [f"board {i}: side {b.side}"
                                                                    for i, b in enumerate(result.boards, 1)]
    m = check.measures
    assert m["brightness"] > limits()["light"]["dark_median"] and m["sharpness"] > limits()["focus"]["min_sharpness"]


def test_a_greyscale_copy_has_no_colour(table):
    image, result, _ = table
    grey = cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    assert codes(check_picture(grey, result)) == ["colour"]
    # an infrared camera's picture: grey with a tint over all of it; a tint is not colour
    tinted = np.clip(grey.astype(np.float32) * np.float32([1.0, 0.8, 1.1]), 0, 255).astype(np.uint8)
    check = check_picture(tinted, result)
    assert codes(check) == ["colour"] and "infrared" in check.warnings[0].text


def test_a_dark_copy_is_too_dark_and_a_bright_one_too_bright(table):
    image, result, _ = table
    dark = check_picture((image * 0.2).astype(np.uint8), result)
    assert codes(dark) == ["dark"] and "too dark" in dark.warnings[0].text  # not also "no colour": light first
    bright = check_picture(np.clip(image.astype(np.float32) * 3.5, 0, 255).astype(np.uint8), result)
    assert "bright" in codes(bright)


def test_a_blurred_copy_is_out_of_focus(table):
    image, result, _ = table
    check = check_picture(cv2.GaussianBlur(image, (0, 0), 3), result)
    assert codes(check) == ["focus"] and check.measures["sharpness"] < limits()["focus"]["min_sharpness"]
    # the renderer's own mild blur (up to 1.3 px in its random scenes) is not poor focus
    assert check_picture(cv2.GaussianBlur(image, (0, 0), 0.8), result).usable


def test_glare_over_squares_warns_and_a_white_speck_does_not(table):
    image, result, _ = table
    board = result.boards[0]
    sq = np.linalg.norm(board.corners[1] - board.corners[0]) / 9
    centre = tuple(int(v) for v in board_to_picture(board.corners, np.float32([[4.5, 4.0]]))[0])
    glare = image.copy()
    cv2.circle(glare, centre, int(sq * 1.2), (255, 255, 255), -1)
    check = check_picture(glare, result)
    assert codes(check) == ["glare"] and f"board 1 ({board.side})" in check.warnings[0].text
    speck = image.copy()
    cv2.circle(speck, centre, int(sq * 0.3), (255, 255, 255), -1)
    assert check_picture(speck, result).usable


def test_a_crop_cutting_a_board_warns_for_that_board_only(table):
    image, result, _ = table
    i, cut = max(enumerate(result.boards, 1), key=lambda ib: ib[1].corners[:, 0].max())
    right = int(cut.corners[:, 0].max() - 0.3 * np.ptp(cut.corners[:, 0]))
    check = check_picture(image[:, :right].copy(), result)
    assert codes(check) == ["cut"] and check.warnings[0].text.startswith(f"board {i} ({cut.side})")
    # the squares the pipeline finds beyond the picture are named
    beyond = np.zeros((8, 9), bool)
    beyond[:, 7:] = True
    named = replace(cut, reading=replace(cut.reading, beyond=beyond))
    boards = [named if b is cut else b for b in result.boards]
    check = check_picture(image[:, :right].copy(), AnalyzeResult(right, image.shape[0], boards))
    assert codes(check) == ["cut"] and "16 square(s) beyond" in check.warnings[0].text and "H1" in check.warnings[0].text


def test_a_blank_picture_finds_no_board(table):
    image, _, _ = table
    blank = np.full_like(image, 120)
    check = check_picture(blank, analyze(blank))
    assert codes(check)[0] == "none" and "no board found" in check.warnings[0].text
    assert check.board_lines() == [] and "0 board(s) found" in check.summary()


def test_a_board_whose_side_is_not_named_warns(table):
    image, result, _ = table
    unnamed = AnalyzeResult(result.width, result.height, [replace(result.boards[0], side=None)] + result.boards[1:])
    check = check_picture(image, unnamed)
    assert codes(check) == ["side"] and check.board_lines()[0] == "board 1: side not named, every square read"


def test_the_limits_are_data(table):
    image, result, _ = table
    dark = (image * 0.2).astype(np.uint8)
    lax = {**limits(), "light": {**limits()["light"], "dark_median": 5}}
    assert codes(check_picture(dark, result)) == ["dark"]
    assert "dark" not in codes(check_picture(dark, result, lax))


def test_the_drawing_shows_grid_a1_side_and_unread_squares(table):
    image, result, _ = table
    board = result.boards[0]
    pieces = board.pieces.split("/")
    pieces[3] = "?" + pieces[3][1:]  # A4 unread
    unread = AnalyzeResult(result.width, result.height, [replace(board, pieces="/".join(pieces))] + result.boards[1:])
    lines = ["camera check: 2 board(s) found", "warning: too dark"]
    assert draw_boards(image, unread).shape == image.shape
    banded = draw_boards(image, unread, lines)
    band = banded.shape[0] - image.shape[0]
    assert band > 0 and banded.shape[1] == image.shape[1] and banded[:band].any()  # the lines, above the frame
    drawn = banded[band:]
    assert np.array_equal(drawn, draw_boards(image, unread)) and not np.array_equal(drawn, image)
    colour = np.int32(BOARD_COLOURS[0])
    # the grid's lines: the middle of the edge between columns D and E, in the board's colour
    x, y = (int(round(v)) for v in board_to_picture(board.corners, np.float32([[4, 6.5]]))[0])
    near = drawn[y - 1:y + 2, x - 1:x + 2].reshape(-1, 3).astype(np.int32)
    assert np.abs(near - colour).sum(1).min() < 60
    # the A1 corner's dot
    x, y = (int(round(v)) for v in board.corners[0])
    assert np.abs(drawn[y, x].astype(np.int32) - colour).sum() < 60
    # the unread square tinted red (a quarter in from its corner, off its cross), a read one not
    for square, red in ((np.float32([[0.25, 3.5]]), True), (np.float32([[1.25, 3.5]]), False)):
        x, y = (int(round(v)) for v in board_to_picture(board.corners, square)[0])
        gain = drawn[y, x].astype(int) - image[y, x].astype(int)
        assert (gain[2] > 30) == red


def test_the_png_says_leafwatch_wrote_it_and_a_users_file_is_never_replaced(tmp_path, table):
    image = table[0][:40, :60].copy()
    data = png_bytes(image)
    assert np.array_equal(cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR), image)
    first = write_png(image, folder=tmp_path, stem="camera-check")
    second = write_png(image, folder=tmp_path, stem="camera-check")
    assert (first.name, second.name) == ("camera-check.png", "camera-check-2.png")
    assert written_by_leafwatch(first) and free_path(tmp_path, "camera-check").name == "camera-check-3.png"
    assert write_png(image, first) == first  # its own picture is replaced
    mine = tmp_path / "holiday.png"
    cv2.imwrite(str(mine), image)
    before = mine.read_bytes()
    assert not written_by_leafwatch(mine)
    with pytest.raises(PictureError, match="leafwatch did not write it"):
        write_png(image, mine)
    assert mine.read_bytes() == before
    write_png(image, mine, replace=True)
    assert written_by_leafwatch(mine)
    with pytest.raises(PictureError, match="no folder"):
        write_png(image, tmp_path / "nowhere" / "x.png")


def test_the_snapshot_is_the_first_readable_frame(tmp_path, table):
    image = table[0][:40, :48].copy()  # pictures under 32 px a side are refused
    (tmp_path / "a.png").write_bytes(b"")  # unreadable, passed over
    cv2.imwrite(str(tmp_path / "b.png"), image)
    cv2.imwrite(str(tmp_path / "c.png"), image[::-1].copy())
    frame = snapshot(str(tmp_path))
    assert frame.name == "b.png" and np.array_equal(frame.image, image)
    (tmp_path / "b.png").write_bytes(b"")
    (tmp_path / "c.png").write_bytes(b"not a picture")
    with pytest.raises(SourceError, match="a.png is empty"):
        snapshot(str(tmp_path))
