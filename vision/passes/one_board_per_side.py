"""The players' sides lie on the table once each: a side two boards name goes to the surer one."""
from __future__ import annotations

from vision.board_reading import read_board
from vision.frame import FrameContext
from vision.results import BoardResult


def run(ctx: FrameContext) -> None:
    if ctx.known_sides is not None:
        ctx.boards = one_board_per_side(ctx.image, ctx.locations, ctx.boards, ctx.profile, ctx.known_sides,
                                        thresholds=ctx.thresholds)


def one_board_per_side(image, locs, boards, profile, known_sides, *, thresholds: dict) -> list[BoardResult]:
    """The players' sides lie on the table once each: when two boards name the same one, the board
    whose side leads more keeps it, and the other is read again as one of the sides no other board is.
    (Only with known sides: without them, the boards in view may come from more than one box.)"""
    boards = list(boards)
    for _ in range(len(boards)):
        losers = []
        for side in {b.side for b in boards if b.side}:
            claim = sorted((i for i, b in enumerate(boards) if b.side == side), key=lambda i: -boards[i].side_lead)
            losers += claim[1:]
        if not losers:
            break
        for i in losers:
            taken = frozenset(b.side for j, b in enumerate(boards) if b.side and j not in losers)
            boards[i] = read_board(image, locs[i], profile, known_sides, exclude=taken, thresholds=thresholds)
    return boards
