"""Grids built out from one corner of a cut outline, in the table's plane (vision.locate.corner_grids)."""
from __future__ import annotations

import cv2
import numpy as np

from vision.locate.corner_grids import corner_grids, edge_grids, table_plane
from vision.thresholds import thresholds

# a table seen at a slant: the plane in squares (x right, y down) to image px
TO_IMAGE = cv2.getPerspectiveTransform(np.float32([[0, 0], [40, 0], [40, 30], [0, 30]]),
                                       np.float32([[300, 150], [1650, 190], [1800, 1000], [150, 950]]))


def image_of(points) -> np.ndarray:
    return cv2.perspectiveTransform(np.float64(points)[None], TO_IMAGE)[0]


def rectangle(x, y, w, h) -> np.ndarray:
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float64)


def test_a_board_cut_by_an_arm_is_rebuilt_from_its_one_own_corner_at_any_turn():
    known = image_of(rectangle(2, 2, 9, 8))  # a board found already: its grid gives the plane
    plane = table_plane(known)
    true_grid = image_of(rectangle(20.3, 12.3, 9, 8))  # the hidden board's grid, a border of 0.3 squares
    # an arm covers all but the board's top-left corner region: its outline's other corners are the arm's
    cut = image_of([[20, 12], [24, 12], [24.5, 16], [20, 15.5]])
    for turn, outline in [(t, np.roll(c, t, 0)) for t in range(4) for c in (cut, cut[::-1])]:
        grids = corner_grids(outline, plane, thresholds=thresholds())  # from any corner, in either order round
        # the true grid is among them, with A1 at either of its two ends (the layout settles the half turn)
        best = min(min(np.abs(np.roll(g, k, 0) - true_grid).max() for k in (0, 2)) for g in grids)
        assert best < 0.5, f"turn {turn}: nearest grid {best:.2f} px off"
        for g in grids:  # every grid is a whole board: 9 columns by 8 rows in the plane, corners clockwise
            p = cv2.perspectiveTransform(g[None], plane)[0]
            assert np.isclose(np.linalg.norm(p[1] - p[0]), 9) and np.isclose(np.linalg.norm(p[3] - p[0]), 8)
            assert cv2.contourArea(np.float32(g), oriented=True) > 0  # clockwise on screen (y down)


def test_corners_that_are_not_square_in_the_plane_give_no_grid():
    plane = table_plane(image_of(rectangle(2, 2, 9, 8)))
    # a sliver along an arm: every corner far from square in the table's plane
    slanted = image_of([[20, 12], [26, 15], [27, 20], [21, 17]])
    assert corner_grids(slanted, plane, thresholds=thresholds()) == []
    # two boards and an arm taken as one: sides far longer than a board's
    assert corner_grids(image_of(rectangle(2, 2, 25, 9)), plane, thresholds=thresholds()) == []


def test_a_board_whose_outline_keeps_only_one_edge_is_rebuilt_from_that_edge():
    plane = table_plane(image_of(rectangle(2, 2, 9, 8)))
    true_grid = image_of(rectangle(20.3, 12.3, 9, 8))  # a border of 0.3 squares: the outline 9.6 by 8.6
    # a hand over the board's lower half drags both lower corners in along it: the top edge, 9.6 squares
    # from corner to corner, is the board's own, but neither of its corners is square in the plane
    cut = image_of([[20, 12], [29.6, 12], [27, 15], [22.5, 16]])
    for turn, outline in [(t, np.roll(c, t, 0)) for t in range(4) for c in (cut, cut[::-1])]:
        near = [min(np.abs(np.roll(g, k, 0) - true_grid).max() for k in (0, 2)) for g in corner_grids(outline, plane, thresholds=thresholds())]
        assert not near or min(near) > 20, f"turn {turn}: a corner grid came near the board"
        grids = edge_grids(outline, plane, thresholds=thresholds())
        best = min(min(np.abs(np.roll(g, k, 0) - true_grid).max() for k in (0, 2)) for g in grids)
        assert best < 0.5, f"turn {turn}: nearest grid {best:.2f} px off"
        centre = cv2.perspectiveTransform(outline[None], plane)[0].mean(0)
        for g in grids:  # whole boards, corners clockwise, each built into the outline from its edge
            p = cv2.perspectiveTransform(g[None], plane)[0]
            assert np.isclose(np.linalg.norm(p[1] - p[0]), 9) and np.isclose(np.linalg.norm(p[3] - p[0]), 8)
            assert cv2.contourArea(np.float32(g), oriented=True) > 0
            assert np.linalg.norm(p.mean(0) - centre) < 5  # built outward from the top edge: 6 squares off
    # no corner square, but every side too short (a sliver of an arm) or too long, or with a square corner
    # at one end (corner_grids builds along it already): none
    assert edge_grids(image_of([[20, 12], [26, 12], [25, 14], [21.5, 15]]), plane, thresholds=thresholds()) == []
    assert edge_grids(image_of([[2, 2], [27, 2], [18, 20], [10, 25]]), plane, thresholds=thresholds()) == []
    # and square corners at both ends of the edge: none either
    assert edge_grids(image_of(rectangle(20, 12, 9.6, 8.6)), plane, thresholds=thresholds()) == []


def test_a_grid_dragged_at_one_corner_is_squared_up_from_its_own_corners():
    from vision.locate.corner_grids import shape_off, squared_grids

    plane = table_plane(image_of(rectangle(2, 2, 9, 8)))
    # a board 1.02 times a board's size in this plane (another board's plane is never exact), A1 at the
    # bottom right as its owner sits across the table, the corner at I8 dragged in along an arm
    true_grid = image_of(np.roll(rectangle(20, 12, 9 * 1.02, 8 * 1.02), -2, 0))
    dragged = true_grid.copy()
    dragged[2] = image_of([[20.4, 13.1]])[0]
    side, angle = shape_off(plane, dragged)
    assert side > 0.04 or angle > 3.5
    assert max(shape_off(plane, true_grid)) < 0.01
    grids = squared_grids(dragged, plane, thresholds=thresholds())
    # from the two corners the drag left square, at either of their sides' scales: the true grid among them,
    # its corners in the dragged grid's order
    assert 2 <= len(grids) <= 4
    assert min(np.abs(g - true_grid).max() for g in grids) < 0.5


def test_a_board_an_arm_dragged_at_one_corner_is_read_from_a_squared_grid():
    # seed 7213005 (held-out artwork), board B2: an arm over its right corner pulled the outline's
    # corner in by most of a square, and settling, which moves whole edges, cannot mend that; three other
    # boards name their sides firmly, and in their plane the grid's sides were 11-13 % off a board's
    from vision.analysis import analyze
    from rendered import scene as render_scene  # drawn once for every worker and run

    scene = render_scene(7213005, art_style=1)
    truth = next(b for b in scene.boards if b.side == "B2")
    board = next(b for b in analyze(scene.image).boards if b.side == "B2")
    square = float(np.linalg.norm(truth.corners[1] - truth.corners[0])) / 9
    assert np.abs(board.corners - truth.corners).max() < 0.25 * square
