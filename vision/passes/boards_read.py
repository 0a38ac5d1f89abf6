"""Every location read as a board (vision.board_reading)."""
from __future__ import annotations

from vision.board_checks import is_sure
from vision.board_reading import read_board
from vision.frame import FrameContext


def run(ctx: FrameContext) -> None:
    """Each location read as a board. In a search, the outlines of the boards not sure of themselves are noted,
    whatever becomes of the boards: a corner of one may be a corner of a board an arm hides most of
    (boards_from_visible_corners)."""
    ctx.boards = [read_board(ctx.image, loc, ctx.profile, ctx.known_sides, thresholds=ctx.thresholds)
                  for loc in ctx.locations]
    if ctx.searching:
        ctx.doubtful_outlines = [o for loc, b in zip(ctx.locations, ctx.boards)
                                 if loc.outline is not None and not is_sure(b, thresholds=ctx.thresholds)
                                 for o in (loc.outline, *loc.other_outlines, *loc.raw_outlines)]
