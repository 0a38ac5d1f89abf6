"""How a board a pass finds joins the frame's boards: in place of the pieces of it that were read as boards
and of the phantoms it shows up; and the searches those passes share."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.board_checks import boards_not_phantoms, claims_texture, named_firmly, overlap
from vision.board_reading import read_board
from vision.locate.location import BoardLocation, fit_grids
from vision.locate.outline_segments import segment_outlines
from vision.results import BoardResult


def with_segment_outlines(image, loc: BoardLocation, board: BoardResult, *, thresholds: dict) -> BoardLocation | None:
    """A board that names its side weakly or not at all, located again with outlines from the picture's
    straight lines (vision.locate.outline_segments) as its other outlines: an arm across a board's corner makes
    every mask's outline take in the arm, and a grid there can still name a side, wrongly, by a narrow
    lead. None for a board that is sure, or when no such outline is found."""
    if loc.oriented or loc.outline is None or named_firmly(board, thresholds=thresholds):
        return None
    more = segment_outlines(image, loc.outline, thresholds=thresholds)
    return replace(loc, other_outlines=tuple(more), raw_outlines=()) if more else None


def read_by_segments(image, tried: BoardLocation, board: BoardResult, profile, known_sides, *, thresholds: dict):
    """(tried, its board) when the location from `with_segment_outlines` names a side by a wider lead
    than `board` does (by the least gain that moves a grid), else None."""
    again = read_board(image, tried, profile, known_sides, doubt_lead=float(thresholds["phantoms"]["firm_lead"]),
                       thresholds=thresholds)
    gain = float(thresholds["locate"]["settle_min_gain"])
    if again.side is not None and (board.side is None or again.side_lead > board.side_lead + gain):
        return tried, again
    return None


def without_phantoms(locs: list[BoardLocation], boards: list[BoardResult], *,
                     thresholds: dict) -> tuple[list[BoardLocation], list[BoardResult]]:
    """The locations and boards that boards_not_phantoms keeps."""
    keep = boards_not_phantoms(boards, thresholds=thresholds)
    return [locs[i] for i in keep], [boards[i] for i in keep]


def with_found(locs: list[BoardLocation], boards: list[BoardResult],
               found) -> tuple[list[BoardLocation], list[BoardResult]]:
    """The locations and boards with those found, (location, board, indices of the boards it replaces),
    added in place of the boards they replace and of the grids naming no side that they overlap (pieces of
    them)."""
    gone = {i for _, _, replaced in found for i in replaced} | {
        i for i, b in enumerate(boards)
        if not claims_texture(b) and any(overlap(b.corners, f.corners) for _, f, _ in found)}
    return ([l for i, l in enumerate(locs) if i not in gone] + [l for l, _, _ in found],
            [b for i, b in enumerate(boards) if i not in gone] + [b for _, b, _ in found])


def firm_board_on(image, outline: np.ndarray, profile, known_sides, *, thresholds: dict):
    """(location, board) of the grid fitted in `outline` when it names its side firmly, else None."""
    (corners, _), (other, _) = fit_grids(image, outline, thresholds=thresholds)
    loc = BoardLocation(corners, "outline", False, 0.0, outline, None, other)
    board = read_board(image, loc, profile, known_sides, thresholds=thresholds)
    return (loc, board) if named_firmly(board, thresholds=thresholds) else None


def firm_board_in(image, outline: np.ndarray, taken: list[np.ndarray], profile, known_sides, *, thresholds: dict):
    """firm_board_on, when the board lies over none of the grids `taken`."""
    got = firm_board_on(image, outline, profile, known_sides, thresholds=thresholds)
    return got if got is not None and not any(overlap(got[1].corners, c) for c in taken) else None


def replacing(locs: list[BoardLocation], boards: list[BoardResult], loc: BoardLocation, board: BoardResult):
    """The locations and boards with `board` added in place of those it overlaps (pieces of it)."""
    keep = [i for i, b in enumerate(boards) if not overlap(board.corners, b.corners)]
    return [locs[i] for i in keep] + [loc], [boards[i] for i in keep] + [board]


class FrameOutlines:
    """The outlines the whole picture's straight lines give (vision.locate.outline_segments), found once when
    first asked for."""

    def __init__(self, image: np.ndarray, thresholds: dict):
        self.image, self.thresholds, self._outlines = image, thresholds, None

    def __iter__(self):
        if self._outlines is None:
            h, w = self.image.shape[:2]
            self._outlines = segment_outlines(self.image, np.float64([[0, 0], [w, 0], [w, h], [0, h]]),
                                              thresholds=self.thresholds)
        return iter(self._outlines)
