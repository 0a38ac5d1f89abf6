"""Boards inside a network of crisp edges spanning the frame (a checked cloth)."""
from __future__ import annotations

from vision.board_checks import every_side_found, is_sure, named_firmly, overlap
from vision.board_reading import read_board
from vision.frame import FrameContext
from vision.locate.location import BoardLocation, fit_grids, outlines_inside_edge_networks
from vision.passes.finding import read_by_segments, replacing, with_segment_outlines
from vision.results import BoardResult


def run(ctx: FrameContext) -> None:
    ctx.locations, ctx.boards = boards_inside_edge_networks(ctx.image, ctx.locations, ctx.boards, ctx.profile,
                                                            ctx.known_sides, thresholds=ctx.thresholds)


def boards_inside_edge_networks(image, locs: list[BoardLocation], boards: list[BoardResult], profile,
                                 known_sides, *, thresholds: dict) -> tuple[list[BoardLocation], list[BoardResult]]:
    """The locations and boards with those found inside a network of crisp edges spanning the frame (a
    checked cloth, vision.locate.location.outlines_inside_edge_networks) added, where no board that is sure of
    itself lies. Such a board must name its side firmly, and it replaces the boards over it that do not:
    pieces of it, such as its one tile cluster read as a board of its own."""
    if every_side_found(boards, known_sides):
        return locs, boards
    for outline in outlines_inside_edge_networks(image, thresholds=thresholds):
        if any(overlap(outline, b.corners) for b in boards if is_sure(b, thresholds=thresholds)):
            continue
        (corners, _), (other, _) = fit_grids(image, outline, thresholds=thresholds)
        loc = BoardLocation(corners, "outline", False, 0.0, outline, None, other)
        board = read_board(image, loc, profile, known_sides, thresholds=thresholds)
        # the region can miss a corner where a tile cluster meets the board's edge: the picture's straight
        # lines around it give the whole outline
        tried = with_segment_outlines(image, loc, board, thresholds=thresholds)
        again = None if tried is None else read_by_segments(image, tried, board, profile, known_sides,
                                                            thresholds=thresholds)
        if again is not None:
            loc, board = again
        if not named_firmly(board, thresholds=thresholds) or any(
                overlap(board.corners, b.corners) for b in boards if is_sure(b, thresholds=thresholds)):
            continue
        locs, boards = replacing(locs, boards, loc, board)
    return locs, boards
