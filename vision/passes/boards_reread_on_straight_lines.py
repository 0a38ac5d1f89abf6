"""Boards that name their side weakly read again from outlines of the picture's straight lines."""
from __future__ import annotations

from vision.board_checks import boards_not_phantoms, named_firmly, reads_as_phantom
from vision.frame import FrameContext
from vision.passes.finding import read_by_segments, with_segment_outlines


def run(ctx: FrameContext) -> None:
    """A board that names its side weakly may be a board and an arm taken as one, and its grid may lie over
    the board's own: each such board alone (before boards that overlap are weighed) is read again from the
    outlines the picture's straight lines give around it (vision.locate.outline_segments), even one whose
    reading looks like no board (a hand on a nearly empty board drags its outline off). Those outlines are
    noted as doubtful ones too."""
    locs, boards = ctx.locations, ctx.boards
    for i in boards_not_phantoms(boards, weigh_overlaps=False, weigh_readings=False, thresholds=ctx.thresholds):
        tried = with_segment_outlines(ctx.image, locs[i], boards[i], thresholds=ctx.thresholds)
        if tried is None:
            continue
        ctx.doubtful_outlines += tried.other_outlines
        again = read_by_segments(ctx.image, tried, boards[i], ctx.profile, ctx.known_sides, thresholds=ctx.thresholds)
        # one that read like no board must now name its side firmly: a grid over a hand or a sleeve
        # can name some side weakly
        if again is not None and (named_firmly(again[1], thresholds=ctx.thresholds)
                                  or not reads_as_phantom(boards[i], thresholds=ctx.thresholds)):
            locs[i], boards[i] = again
