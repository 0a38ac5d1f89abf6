"""Boards whose outlines the whole picture's straight lines give: anywhere when no board's size is
known, and always over smaller boards that are pieces of them."""
from __future__ import annotations

import numpy as np

from vision.board_checks import claims_texture, every_side_found, grid_area, is_sure, misshapen, overlap
from vision.frame import FrameContext
from vision.locate.location import BoardLocation
from vision.passes.finding import FrameOutlines, firm_board_on, with_found, without_phantoms
from vision.results import BoardResult


def run(ctx: FrameContext) -> None:
    found = boards_by_the_frames_lines(ctx.image, ctx.frame_outlines, ctx.boards, ctx.profile, ctx.known_sides,
                                       anywhere=not ctx.board_size_known, thresholds=ctx.thresholds)
    ctx.locations, ctx.boards = with_found(ctx.locations, ctx.boards, found)


def run_anywhere(ctx: FrameContext) -> None:
    """Last of the searches, where a board's size was known: a board the picture's lines give anywhere. Where
    the only board named firmly is a small false one (a glare spot read as a board, dev tight-framing
    7202142), the texture was searched for boards of its size. Every board is weighed again when one is found:
    the board found is surer than the small one, and judges it."""
    if not ctx.board_size_known:
        return
    found = boards_by_the_frames_lines(ctx.image, ctx.frame_outlines, ctx.boards, ctx.profile, ctx.known_sides,
                                       anywhere=True, thresholds=ctx.thresholds)
    if found:
        ctx.locations, ctx.boards = without_phantoms(*with_found(ctx.locations, ctx.boards, found),
                                                     thresholds=ctx.thresholds)


def boards_by_the_frames_lines(image, lines: FrameOutlines, boards: list[BoardResult], profile, known_sides,
                                anywhere: bool, *, thresholds: dict):
    """(location, board, indices of the boards it replaces) for boards whose outlines the whole picture's
    straight lines give (`lines`) and that name their side firmly. Two kinds:

    - with `anywhere`, a board where none is found: one framed so closely that its floor and rim fall in
      the frame's border ring reads as table in every mask, yet its straight rim still stands out;
    - always, a board over smaller ones: framed so closely that its corners lie beyond the picture, a
      board can be missed by every mask while a cluster of its tiles reads as a small board naming some
      side, even firmly by chance (dev tight-framing scenes 7202117, 7202119). It replaces them when it
      names its side by a wider lead than each does and each is under a share of its size
      (thresholds.toml [phantoms] replaced_area_share). Boards placed by their markers are never replaced."""
    if every_side_found(boards, known_sides):
        return []
    share = float(thresholds["phantoms"]["replaced_area_share"])
    areas = [grid_area(b.corners) for b in boards]
    claims = [i for i, b in enumerate(boards) if claims_texture(b)]

    def under(quad: np.ndarray) -> list[int] | None:
        """The boards `quad` lies over, or None when it may not be a board: one of them could not be
        replaced by it, or it lies over none where only replacements are looked for."""
        area = grid_area(quad)
        over = [i for i in claims if overlap(quad, boards[i].corners)]
        if any(boards[i].method.startswith("markers") or areas[i] >= share * area for i in over):
            return None
        return over if over or anywhere else None

    found: list[tuple[BoardLocation, BoardResult, tuple[int, ...]]] = []
    for outline in lines:
        if under(outline) is None or any(overlap(outline, f.corners) for _, f, _ in found):
            continue
        got = firm_board_on(image, outline, profile, known_sides, thresholds=thresholds)
        if got is None or any(overlap(got[1].corners, f.corners) for _, f, _ in found):
            continue
        over = under(got[1].corners)
        if over is None or any(boards[i].side_lead >= got[1].side_lead for i in over):
            continue
        # a grid over boards and the table between them can name a side firmly by chance: far larger than
        # a board in the plane of every sure board it does not lie over, it is none. Two of them at least:
        # where the only one is a small false board (dev 7202142), a whole board is large in its plane
        others = [b for i, b in enumerate(boards) if i not in over and is_sure(b, thresholds=thresholds)]
        if len(others) >= 2 and misshapen(got[1], others, float(thresholds["phantoms"]["firm_plane_size_ratio"]),
                                           "larger", thresholds=thresholds):
            continue
        found.append((*got, tuple(over)))
    return found
