"""One frame in, every board out: a declared list of passes over one frame context.

A search (no locations given) locates boards and reads them, then each pass recovers what the ones before
it missed or drops what they took wrongly; a frame read at the locations an earlier frame found is only
read. The passes are modules of vision.passes, named for what they find or recover.
"""
from __future__ import annotations

import numpy as np

from vision.board_reading import read_board, readings_kept
from vision.frame import FrameContext
from vision.locate.location import BoardLocation
from vision.passes import (board_size_taken, boards_from_visible_corners, boards_in_unclaimed_texture,
                           boards_inside_edge_networks, boards_located, boards_on_lines, boards_on_the_frames_lines,
                           boards_read, boards_read_both_ways, boards_reread_on_straight_lines, boards_squared_up,
                           contradicted_sides_dropped, one_board_per_side, phantoms_dropped)
from vision.results import AnalyzeResult, BoardResult
from vision.thresholds import thresholds as default_thresholds

__all__ = ["AnalyzeResult", "BoardResult", "SEARCH", "TRACKED", "analyze", "read_board"]

# Finding every board from nothing, in this order.
SEARCH = (
    boards_located.run,
    boards_read.run,
    boards_reread_on_straight_lines.run,
    phantoms_dropped.run,
    board_size_taken.run,
    boards_in_unclaimed_texture.run,
    boards_on_the_frames_lines.run,
    boards_inside_edge_networks.run,
    boards_from_visible_corners.run,
    boards_on_the_frames_lines.run_anywhere,
    boards_squared_up.run,
    boards_on_lines.run,
    contradicted_sides_dropped.run,
    one_board_per_side.run,
    boards_read_both_ways.run,
)

# Reading the boards at the locations an earlier frame found (they are boards): the tracker's steady state.
TRACKED = (
    boards_read.run,
    one_board_per_side.run,
)


def analyze(image: np.ndarray, profile=None, known_sides: dict[str, str] | None = None,
            locations: list[BoardLocation] | None = None, *, thresholds: dict | None = None) -> AnalyzeResult:
    """Every board in a BGR frame. Pass `locations` (from an earlier frame) to skip finding boards.
    `thresholds`: thresholds.toml's table (vision.thresholds), handed to every pass and stage; read here
    when not given (a caller reading frame after frame reads it once and passes it)."""
    if image is None or not hasattr(image, "ndim") or image.ndim != 3 or image.shape[2] != 3 or image.size == 0:
        raise ValueError("analyze needs a BGR colour image")
    table = default_thresholds() if thresholds is None else thresholds
    ctx = FrameContext(image, profile, known_sides, table, searching=locations is None,
                       locations=[] if locations is None else list(locations))
    if ctx.searching:
        with readings_kept():  # the passes try many grids, some more than once
            for run in SEARCH:
                run(ctx)
    else:
        for run in TRACKED:
            run(ctx)
    return AnalyzeResult(int(image.shape[1]), int(image.shape[0]), ctx.boards)
