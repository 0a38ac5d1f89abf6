"""Whether a board named firmly gives the size the later searches look for boards by."""
from __future__ import annotations

from vision.board_checks import named_firmly
from vision.frame import FrameContext


def run(ctx: FrameContext) -> None:
    """Where no outline came near a board at all, or only grids that name no side did (pieces of a board an
    arm lies across), the texture left over is searched; with no board named firmly there is no board's size
    to search it by, so the whole picture's straight lines are instead. Taken once, before the searches add
    boards."""
    ctx.board_size_known = any(named_firmly(b, thresholds=ctx.thresholds) for b in ctx.boards)
