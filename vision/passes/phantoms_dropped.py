"""Found boards that are no boards (vision.board_checks.boards_not_phantoms) dropped."""
from __future__ import annotations

from vision.frame import FrameContext
from vision.passes.finding import without_phantoms


def run(ctx: FrameContext) -> None:
    ctx.locations, ctx.boards = without_phantoms(ctx.locations, ctx.boards, thresholds=ctx.thresholds)
