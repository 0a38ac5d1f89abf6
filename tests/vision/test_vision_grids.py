import numpy as np
import pytest

from engine.errors import NotationError
from vision.grids import empty, format_grid, parse, rotate180, square_name
from vision.kit import load_kit


def test_parse_and_format_round_trip():
    n = "GGg....../" + "/".join(["........."] * 6) + "/.......ts"
    g = parse(n)
    assert g.shape == (8, 9) and g[0, 2] == "g" and g[7, 8] == "s"
    assert format_grid(g) == n


@pytest.mark.parametrize("bad", ["", "........./........", "x" * 9 + "/........." * 7, "........./" * 8])
def test_parse_rejects_bad_notation(bad):
    with pytest.raises(NotationError):
        parse(bad)


def test_rotate180_swaps_a1_and_i8():
    g = parse(empty()).copy()
    g[0, 0] = "G"
    turned = parse(rotate180(format_grid(g)))
    assert turned[7, 8] == "G" and turned[0, 0] == "."
    assert rotate180(rotate180(format_grid(g))) == format_grid(g)
    assert square_name(0, 0) == "A1" and square_name(7, 8) == "I8"


def test_kit_has_twelve_printed_sides_and_shapes_with_one_hole():
    kit = load_kit()
    assert len(kit.sides) == 12
    for layout in kit.sides.values():
        parse(layout, printed=True)
    assert all(s.hole in s.cells for s in kit.leaves)
    assert {len(s.cells) for s in kit.leaves if s.kind == "green"} == {3}
    assert all(s.hole is None for s in kit.animals)


def test_any_in_area_marks_every_square_of_an_area_with_a_marked_square():
    from vision.grids import any_in_area
    mask = np.zeros((8, 9), bool)
    mask[5, 4] = True  # E6: the Area of rows 5-8, columns D-F
    got = any_in_area(mask, (4, 3))
    want = np.zeros((8, 9), bool)
    want[4:8, 3:6] = True
    assert np.array_equal(got, want)
    assert not any_in_area(np.zeros((8, 9), bool), (4, 3)).any()
    assert any_in_area(mask, (8, 9)).all() and np.array_equal(any_in_area(mask, (1, 1)), mask)
