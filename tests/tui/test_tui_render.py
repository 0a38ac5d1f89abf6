"""The board drawing on its own: every piece of the piece notation has a look, at both sizes."""
from __future__ import annotations

import pytest

from board_reading import read_back
from tui import render

PIECES = "GGg....../YYYy...../RRRRr..../t......../s......../a......../?......../........."
PRINTED = "..b....../...n...../....m..../f......../........./........./........./........n"


@pytest.mark.parametrize("scale, width, height", [(1, 3, 1), (2, 5, 2)])
def test_every_square_has_the_same_size(scale, width, height):
    for piece in ".GYRgyrtsa?":
        for printed in ".bnmf":
            lines = render.square(piece, printed, render.FLOOR_BG[0], scale, "G")
            assert len(lines) == height
            assert all(line.cell_len == width for line in lines), (piece, printed)


@pytest.mark.parametrize("scale", [1, 2])
def test_board_grid_shape_and_marks(scale):
    text = render.board_grid(PIECES, PRINTED, scale)
    lines = text.plain.split("\n")
    assert len(lines) == 1 + 8 * scale + 1  # header, rows, the gap between the Area rows
    assert len({len(line) for line in lines[1:] if line}) == 1
    plain = text.plain
    assert "s" in plain and "a" in plain and "?" in plain
    assert "b" in plain  # the hole at C1 shows its printed berry
    assert "n" in plain  # an empty square shows its printed nut, faintly


BOARD = "GGgYYyRRr/GYR.t.sa?/RRRRr..../ttt.sssaa/.GgG.YyY./aaaa?????/YYYyGGGgs/rRRRRtgyr"
BOARD_PRINTED = "bnmf.bnmf/..b..n..m/f.......b/bnm..f.../........./nnnnnnnnn/.b.b.b.b./mmmmmmmmm"


@pytest.mark.parametrize("scale", [1, 2])
@pytest.mark.parametrize("pieces", [PIECES, BOARD, "." * 9 + "/........." * 7])
def test_the_letters_alone_read_back_as_the_piece_notation(scale, pieces):
    """Red-green colour blindness: every piece is told by its letter, whatever its colour."""
    printed = BOARD_PRINTED if pieces == BOARD else PRINTED
    assert read_back(render.board_grid(pieces, printed, scale).plain, scale) == pieces


def test_leaf_letters_contrast_with_their_colour():
    for piece, bg in render.LEAF_BG.items():
        (line,) = render.square(piece, ".", render.FLOOR_BG[0], 1)
        assert line.plain == f" {piece} "
        assert bg in str(line.style) and render.LEAF_FG[piece] in str(line.style)


def test_the_legend_names_every_letter():
    legend = render.legend().plain
    for piece in "GYRgts a?".replace(" ", ""):
        assert piece in legend
    assert "Each piece shows its letter" in legend and "g y r its hole" in legend


def test_token_takes_its_treasure_colour_and_its_leaf_from_the_neighbours():
    grid = "........./........./........./........./........./........./GGt....../........."
    printed = "........./........./........./........./........./........./..m....../........."
    text = render.board_grid(grid, printed, 1)
    token = next(span for span in text.spans if text.plain[span.start:span.end] == "●")
    assert render.TREASURE["m"][0] in str(token.style)
    assert render._token_leaf(render._rows(grid), 6, 2) == "G"


def test_led_strip_and_path():
    strip = render.led_strip([(255, 0, 0), (0, 0, 0)])
    assert strip.plain == "██"
    assert "#ff0000" in str(strip.spans[0].style)
    assert render.path_line("GY?").plain.split() == ["Path", "G", "Y", "?"]


def test_a_token_between_two_leaf_colours_is_always_drawn_the_same():
    # above: red, left: green, a tie: the neighbour above wins, whatever the order of a set would be
    grid = "........./........./........./........./........./..R....../.Gt....../........."
    assert render._token_leaf(render._rows(grid), 6, 2) == "R"
    grid = "........./........./........./........./........./..G....../.Rt....../........."
    assert render._token_leaf(render._rows(grid), 6, 2) == "G"
