"""Boards located in the frame (vision.locate): the search's first outlines and markers."""
from __future__ import annotations

from vision.frame import FrameContext
from vision.locate.location import locate


def run(ctx: FrameContext) -> None:
    ctx.locations = locate(ctx.image, thresholds=ctx.thresholds)
