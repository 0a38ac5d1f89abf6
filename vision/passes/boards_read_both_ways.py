"""Every board found read once more both ways round, the two readings averaged."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.board_reading import classified, with_layout
from vision.classify.classification import averaged
from vision.frame import FrameContext
from vision.grids import COLUMNS, ROWS
from vision.locate.location import BoardLocation
from vision.results import BoardResult


def run(ctx: FrameContext) -> None:
    ctx.boards = [read_both_ways(ctx.image, b, ctx.profile, ctx.known_sides, thresholds=ctx.thresholds)
                  for b in ctx.boards]


# the ways round a grid is read at last: its corners' order (A1's first), and the axes of a (ROWS, COLUMNS)
# reading that bring its squares back to A1 at the top-left (as it lies; turned half round)


_BOTH_WAYS = (((0, 1, 2, 3), ()), ((2, 3, 0, 1), (0, 1)))


def read_both_ways(image, board: BoardResult, profile, known_sides, *, thresholds: dict) -> BoardResult:
    """A board found, read once more from its grid both ways round (A1 at the top-left, and I8 there, turned
    back), the two readings' probabilities averaged. The models read a square a little differently upside
    down, and a search reads each board whichever way round its outline happened to give it, so where a square
    was in doubt (a token or its open hole, a square a grid a tenth of a square off straddles) that chance
    decided it. On dev 7220000..7220599 (1540 boards) four boards were mended and two lost (not fully right
    29 -> 27, squares misread 90 -> 82). Read one way only, A1 at the top-left, 33 were not fully
    right; four ways, the two mirrored too, 31. Only for boards just found: a board the tracker follows is
    read once a frame, the steady state's cost."""
    def back(probs: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
        return np.flip(probs.reshape(ROWS, COLUMNS, -1), axes).reshape(ROWS * COLUMNS, -1)

    readings = [(classified(image, BoardLocation(board.corners[list(order)], board.method, True, 0.0), profile,
                             net=True, thresholds=thresholds), axes) for order, axes in _BOTH_WAYS]
    reading = averaged(readings[0][0], [back(r.piece_probs, axes) for r, axes in readings],
                       [back(r.printed_probs, axes) for r, axes in readings])
    reading, printed = with_layout(reading, board.side, known_sides)
    return replace(board, pieces=reading.pieces, printed=printed, confidence=reading.confidence, reading=reading)
