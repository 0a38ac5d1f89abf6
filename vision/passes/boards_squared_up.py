"""Grids an arm dragged out of a board's shape, built again from their corners that are square."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.board_checks import named_firmly, plane_near, shaped_as_a_board
from vision.board_reading import read_board
from vision.frame import FrameContext
from vision.locate.corner_grids import squared_grids
from vision.locate.location import BoardLocation
from vision.results import BoardResult


def run(ctx: FrameContext) -> None:
    ctx.locations, ctx.boards = boards_squared_up(ctx.image, ctx.locations, ctx.boards, ctx.profile, ctx.known_sides,
                                                  thresholds=ctx.thresholds)


def boards_squared_up(image, locs: list[BoardLocation], boards: list[BoardResult], profile, known_sides, *,
                      thresholds: dict):
    """The boards with each grid that is no board's shape in the table's plane of most other boards named
    firmly tried again from its corners that are square there (vision.locate.corner_grids.squared_grids): an arm
    over one corner drags the outline's corner, the grid's sides there shrink and its corners skew, and
    settling, which moves whole edges, cannot mend it. A grid so built replaces the board's when its side
    is named firmly and leads by more (by the least gain that moves a grid). A grid the markers placed
    keeps its corners; an outline grid they chose ("markers+outline") is an outline's, dragged alike (an
    arm over two markers and the board's far edge left dev 7220068's grid half a square short), and the
    markers still fix its side and its way round."""
    gain = float(thresholds["locate"]["settle_min_gain"])
    locs, boards = list(locs), list(boards)
    for i, board in enumerate(boards):
        others = [b for j, b in enumerate(boards) if j != i and named_firmly(b, thresholds=thresholds)]
        if board.method == "markers" or board.side is None or not others:
            continue
        askew = sum(not shaped_as_a_board(board, b, thresholds=thresholds) for b in others)
        if 2 * askew <= len(others):
            continue  # a board's shape in the plane of half the others or more (one of them may be off itself)
        marked = board.oriented_by == "markers"  # still theirs once squared up: their side, way round, points
        plane = plane_near(board.corners.mean(0), others, thresholds=thresholds)
        # each is read in full: built from a corner the outline's own error shifted, it lies a little off
        # and names its side only once settled
        for grid in squared_grids(board.corners, plane, thresholds=thresholds):
            # without the board's outlines: a grid that names no side before settling would try them instead
            loc = BoardLocation(grid, locs[i].method, False, locs[i].score)
            again = read_board(image, loc, profile, known_sides, thresholds=thresholds)
            if (named_firmly(again, thresholds=thresholds) and again.side_lead > boards[i].side_lead + gain
                    and (not marked or _as_the_markers_set(again, board))):
                if marked:
                    locs[i], boards[i] = locs[i].with_corners(again.corners), replace(again, oriented_by="markers")
                else:
                    locs[i], boards[i] = loc.with_corners(again.corners), again
    return locs, boards


def _as_the_markers_set(again: BoardResult, board: BoardResult) -> bool:
    """Whether a grid read afresh names the side the markers' board named, the same way round (its A1 to
    I1 edge running as theirs does)."""
    way = np.dot(again.corners[1] - again.corners[0], board.corners[1] - board.corners[0])
    return again.side == board.side and bool(way > 0)
