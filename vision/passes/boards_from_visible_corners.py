"""Boards an arm hides much of, built out from a corner or a side of the doubtful outlines."""
from __future__ import annotations

import cv2
import numpy as np

from vision.board_checks import (every_side_found, floor_fit_of_side, grid_area, is_sure, named_firmly, overlap,
                                 plane_near)
from vision.board_reading import look_at, read_board
from vision.frame import FrameContext
from vision.grids import COLUMNS
from vision.locate.corner_grids import corner_grids, edge_grids
from vision.locate.location import BoardLocation
from vision.passes.finding import replacing
from vision.results import BoardResult


def run(ctx: FrameContext) -> None:
    ctx.locations, ctx.boards = boards_from_visible_corners(ctx.image, ctx.doubtful_outlines, ctx.locations,
                                                            ctx.boards, ctx.profile, ctx.known_sides,
                                                            thresholds=ctx.thresholds)


def boards_from_visible_corners(image, outlines: list[np.ndarray], locs: list[BoardLocation],
                                 boards: list[BoardResult], profile, known_sides, *, thresholds: dict):
    """The locations and boards with those added that are built out from a corner or a side of the
    outlines of boards in doubt (vision.locate.corner_grids), in the table's plane of the firmly named board
    nearest each outline. An arm across a board can leave no outline with more than one of the board's
    own corners, or with only one of its edges, and then no grid from an outline names its side. Hundreds
    of grids can be tried in one frame, so such a board must name its side by more than the firm lead,
    and its visible floor must fit that side closely (a grid beside an arm, over patterned cloth, can lead
    by as much), where no board that leads by as much (or that markers placed) lies; it replaces the
    boards over it that lead by less."""
    if (not any(named_firmly(b, thresholds=thresholds) for b in boards) or not outlines
            or every_side_found(boards, known_sides)):
        return locs, boards
    t = thresholds["corner_grids"]
    least = float(t["least_lead"])
    # boards as sure as one built here must be stay; the others may be pieces of it
    taken = [b.corners for b in boards if is_sure(b, least, thresholds=thresholds)]
    tried = np.empty((0, 4, 2))
    leads = []
    for outline in outlines:
        plane = plane_near(outline.mean(0), boards, thresholds=thresholds)
        # an arm's many outlines share sides that differ by tenths of a square: a grid from a side is tried
        # only when no grid tried lies that near (settling, when it is read in full, moves it the rest)
        for grid, near in ([(g, float(t["same"])) for g in corner_grids(outline, plane, thresholds=thresholds)]
                           + [(g, float(t["edge_same"])) for g in edge_grids(outline, plane, thresholds=thresholds)]):
            same = near * float(np.linalg.norm(grid[1] - grid[0])) / COLUMNS
            if (np.abs(tried - grid).max((1, 2)) < same).any():
                continue
            tried = np.concatenate([tried, grid[None]])
            # a grid far out of the picture reads the frame's replicated edge as squares, and among so many
            # grids one of those can agree with some side (dev 7150095: A1 by 49, half of it above the frame)
            if _share_in_frame(grid, image.shape) < float(t["min_in_frame"]) or any(overlap(grid, c) for c in taken):
                continue
            _, m = look_at(image, BoardLocation(grid, "corner", False, 0.0), profile, known_sides,
                           thresholds=thresholds)
            if m.side is not None and m.margin >= float(t["first_look_lead"]):
                leads.append((m.margin, grid))
    leads.sort(key=lambda x: -x[0])
    for _, grid in leads[: int(t["read"])]:
        if any(overlap(grid, c) for c in taken):
            continue  # a board found already from a better corner
        loc = BoardLocation(grid, "corner", False, 0.0)
        board = read_board(image, loc, profile, known_sides, thresholds=thresholds)
        if (not named_firmly(board, least, thresholds=thresholds)
                or floor_fit_of_side(board, known_sides) < float(t["min_floor_fit"])
                or any(overlap(board.corners, c) for c in taken)):
            continue
        locs, boards = replacing(locs, boards, loc.with_corners(board.corners), board)
        taken.append(board.corners)
    return locs, boards


def _share_in_frame(grid: np.ndarray, shape) -> float:
    """The share of a grid's area that lies inside the picture."""
    h, w = shape[:2]
    frame = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    inside, _ = cv2.intersectConvexConvex(np.float32(grid), frame)
    return float(inside) / max(grid_area(grid), 1.0)
