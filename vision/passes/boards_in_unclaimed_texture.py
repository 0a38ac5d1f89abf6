"""Boards found in the board-like texture no found board covers, by the picture's straight lines."""
from __future__ import annotations

import numpy as np

from vision.board_checks import claims_texture, every_side_found, grid_area, named_firmly, plane_near
from vision.frame import FrameContext
from vision.locate.location import BoardLocation, unclaimed_texture
from vision.locate.outline_segments import segment_outlines
from vision.passes.finding import firm_board_in, with_found
from vision.results import BoardResult


def run(ctx: FrameContext) -> None:
    if ctx.board_size_known:
        found = boards_in_unclaimed_texture(ctx.image, ctx.boards, ctx.profile, ctx.known_sides,
                                            thresholds=ctx.thresholds)
        ctx.locations, ctx.boards = with_found(ctx.locations, ctx.boards, [(l, b, ()) for l, b in found])


def boards_in_unclaimed_texture(image, boards: list[BoardResult], profile, known_sides, *, thresholds: dict):
    """(location, board) for boards where no board that names its side lies but the frame has a board's
    texture, found by the picture's straight lines (vision.locate.outline_segments): the masks can join a board to
    its neighbour and an arm into one blob that no outline fits, and an arm across a board leaves pieces
    whose outlines name no side. Only outlines of a board's size in the table's plane of the nearest firm
    board are tried, and only a board that names its side firmly counts, so a patch of cloth is not taken
    for one."""
    firm = [grid_area(b.corners) for b in boards if named_firmly(b, thresholds=thresholds)]
    if not firm or every_side_found(boards, known_sides):
        return []  # nothing to compare a board's size with, or every player's board is found already
    t = thresholds["locate"]
    least = float(t["unclaimed_share"]) * float(np.median(firm))
    # a board's outline, about: the grid of the median firm board with its border
    board_side = float(np.sqrt(np.median(firm))) * float(t["unclaimed_board_outline"])
    taken = [b.corners for b in boards if claims_texture(b)]
    found: list[tuple[BoardLocation, BoardResult]] = []
    for around in unclaimed_texture(image, taken, least, thresholds=thresholds):
        # a region smaller than a board is part of one (the rest under an arm or a neighbour): its board's
        # edges are looked for as far as a whole board could reach
        centre = around.mean(0)
        size = float(np.sqrt(max(grid_area(around), 1.0)))
        if size < board_side:
            around = centre + (around - centre) * (board_side / size)
        for outline in segment_outlines(image, around, plane_near(centre, boards, thresholds=thresholds), thresholds=thresholds):
            got = firm_board_in(image, outline, taken, profile, known_sides, thresholds=thresholds)
            if got is not None:
                found.append(got)
                taken.append(got[1].corners)
                break
    return found
