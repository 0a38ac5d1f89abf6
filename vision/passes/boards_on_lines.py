"""Grids under an arm or a hand moved onto the lines their tiles' edges draw."""
from __future__ import annotations

import numpy as np

from vision.board_reading import board_result, look_at, sureness
from vision.classify.sides import fits_best
from vision.frame import FrameContext
from vision.grids import parse
from vision.locate.grid_lines import grid_on_lines
from vision.locate.location import BoardLocation
from vision.results import BoardResult


def run(ctx: FrameContext) -> None:
    ctx.locations, ctx.boards = boards_on_lines(ctx.image, ctx.locations, ctx.boards, ctx.profile, ctx.known_sides,
                                                thresholds=ctx.thresholds)


def boards_on_lines(image, locs: list[BoardLocation], boards: list[BoardResult], profile, known_sides, *,
                    thresholds: dict):
    """The boards with each grid that an arm or a hand lies over (thresholds.toml [grid_lines] min_hidden squares
    read hidden) moved onto the lines its tiles' edges draw (vision.locate.grid_lines), where it then names the same side
    by about the same lead and its squares read more surely; or, for a side named weakly, names it by less or too
    little to name it, while its squares read far more surely and its floor still fits that side best, which then
    stays named (a grid an arm dragged can name its side by a symbol it straddles). Settling steers by the side's
    lead alone, and an arm's corner or a border the artwork lacks can leave a grid a third of a square off that
    names its side all the same, while the squares along one edge straddle two pieces. Moved by lines alone, a right
    grid can drift onto a hand's edge or a vein; the two checks keep it. Last of all: a dragged grid moved earlier
    ends nearer but no longer misshapen enough to be squared up from its own corners, which puts it right (dev
    held-out 7213005). A grid naming no side has nothing to vouch for it, and where no arm lies the outline holds a
    grid better than the lines do (dev 7206040: a whole board's grid moved, skewed a little, and judged another
    board's shape wrongly); markers place theirs."""
    t = thresholds["grid_lines"]
    locs, boards = list(locs), list(boards)
    for i, board in enumerate(boards):
        hidden = parse(board.pieces) == "?"
        if board.side is None or board.method.startswith("markers") or hidden.sum() < int(t["min_hidden"]):
            continue
        moved = grid_on_lines(image, board.corners, hidden, thresholds=thresholds)
        if np.array_equal(moved, board.corners):
            continue
        # the board's corners put A1 first already: neither grid is turned
        was_read, was = look_at(image, BoardLocation(board.corners, board.method, False, 0.0), profile, known_sides,
                              allow_half_turn=False, thresholds=thresholds)
        loc = BoardLocation(moved, board.method, False, 0.0)
        read, now = look_at(image, loc, profile, known_sides, allow_half_turn=False, thresholds=thresholds)
        gain, least = sureness(read) - sureness(was_read), float(t["sureness_gain"])
        if gain <= least:
            continue
        if now.side == was.side == board.side and now.margin >= was.margin - float(t["lead_slack"]):
            kept = now
        elif (was.side == board.side and was.margin < float(thresholds["phantoms"]["firm_lead"])
              and now.side in (None, board.side) and gain > float(t["side_kept_gain"])
              and sureness(read.with_net()) > sureness(was_read.with_net()) + least
              and fits_best(read.pieces, read.printed_probs, board.side, known_sides)):
            # a side named weakly vouches little for the grid an arm dragged, which may owe its lead to half a
            # symbol it straddles; while the side still fits best on the lines and the squares read far more
            # surely there, the side stays named (a side named firmly that loses much of its lead on the lines
            # speaks against them: dev 7220448's grid went half a square off so)
            kept = was
        else:
            continue
        locs[i] = locs[i].with_corners(moved)
        boards[i] = board_result(loc, read, kept, known_sides, board.oriented_by)
    return locs, boards
