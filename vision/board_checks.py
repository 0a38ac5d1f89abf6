"""Judgements over the boards found in a frame: which are sure of themselves, which overlap, which are no
board's shape or read like no board (phantoms)."""
from __future__ import annotations

import cv2
import numpy as np

from vision.classify.sides import every_side, floor_fit
from vision.grids import COLUMNS, ROWS
from vision.locate.corner_grids import BOARD_SIDES, plane_sides, shape_off, table_plane
from vision.results import BoardResult


def is_sure(board: BoardResult, lead: float | None = None, *, thresholds: dict) -> bool:
    """Whether a found board is sure of itself: its markers placed it, or it names its side firmly (by
    `lead`, when given)."""
    return board.method.startswith("markers") or named_firmly(board, lead, thresholds=thresholds)


def every_side_found(boards: list[BoardResult], known_sides) -> bool:
    """Whether the players' sides are known and a board names each: no board is left to look for."""
    return known_sides is not None and set(known_sides) <= {b.side for b in boards}


def claims_texture(board: BoardResult) -> bool:
    """Whether a found board is surely a board there, so that no other is searched for over it: it names
    a side, or was placed by its markers (a grid naming no side can be a piece of a board an arm cuts)."""
    return board.side is not None or board.method.startswith("markers")


def named_firmly(board: BoardResult, lead: float | None = None, *, thresholds: dict) -> bool:
    """Whether a board names its side by the firm lead (no false board and no wrong grid was seen to), or
    by `lead` when given."""
    least = float(thresholds["phantoms"]["firm_lead"]) if lead is None else lead
    return board.side is not None and board.side_lead >= least


def grid_area(corners: np.ndarray) -> float:
    return float(cv2.contourArea(np.float32(corners)))


def boards_not_phantoms(boards: list[BoardResult], weigh_overlaps: bool = True,
                         weigh_readings: bool = True, *, thresholds: dict) -> list[int]:
    """Which found boards to report. An outline can be a cluster of tiles on a board whose floor is the
    table's colour, a patch of patterned cloth, a sleeve: such a grid is far smaller than the boards that
    name their sides firmly (every board is the same size, and perspective changes that by a few times at
    most; with none named firmly, the largest grid that reads like a board stands in for them), lies over
    another board, is no board's shape in the table's plane (misshapen), or names no side while it reads
    nothing but hidden squares, or open floor without the printed symbols a board's floor carries. A grid
    found only by edges that close no region must name its side firmly (a glare spot between shadows gives
    such an outline too). Boards found by their markers stay.
    `weigh_overlaps` and `weigh_readings` False leave out the overlaps, and the readings and shapes: the
    boards worth a second look."""
    t = thresholds["phantoms"]
    firm = [i for i, b in enumerate(boards) if named_firmly(b, thresholds=thresholds)]
    areas = [grid_area(b.corners) for b in boards]
    keep: list[int] = []
    # surest first: markers, then sides named firmly by the widest lead, then the largest grids; a board
    # that overlaps one kept already is a piece of it (boards lie side by side, never on each other)
    order = sorted(range(len(boards)), key=lambda i: (not boards[i].method.startswith("markers"), i not in firm,
                                                      -boards[i].side_lead if i in firm else 0.0, -areas[i]))
    # with no side named firmly, the largest grid that reads like a board stands in for the boards' size:
    # a cluster of tiles on a board that no outline found is a small fraction of it
    phantom = [weigh_readings and reads_as_phantom(b, thresholds=thresholds) for b in boards]
    largest = 0.0 if firm or not weigh_readings else max(
        (a for a, p in zip(areas, phantom) if not p), default=0.0)
    sure = [i for i, b in enumerate(boards) if is_sure(b, thresholds=thresholds)]
    for i in order:
        b = boards[i]
        if not b.method.startswith("markers"):
            if phantom[i] or (weigh_readings and b.method == "open outline" and i not in firm
                              and not board_shaped(b, [boards[j] for j in sure if j != i], thresholds=thresholds)):
                continue
            if weigh_readings and i not in firm and misshapen(b, [boards[j] for j in sure if j != i],
                                                              thresholds=thresholds):
                continue
            # a side named firmly by chance (a corner of a board the frame cuts, read as a board): far
            # smaller than a board in the plane of every surer board kept already. Only smaller: of two
            # such boards, the one with the wider lead might be the false one
            if weigh_readings and i in firm and misshapen(
                    b, [boards[j] for j in keep if is_sure(boards[j], thresholds=thresholds)],
                    float(t["firm_plane_size_ratio"]), "smaller", thresholds=thresholds):
                continue
            sizes = [areas[j] for j in firm if j != i]
            if sizes and areas[i] < float(t["min_area_share"]) * float(np.median(sizes)):
                continue
            if areas[i] < float(t["min_area_share_of_largest"]) * largest:
                continue
            if weigh_overlaps and any(overlap(b.corners, boards[j].corners) for j in keep):
                continue
        keep.append(i)
    return sorted(keep)


def misshapen(board: BoardResult, sure: list[BoardResult], ratio: float | None = None,
               way: str = "either", *, thresholds: dict) -> bool:
    """Whether a grid is no board's shape in the table's plane: every board is 9 by 8 squares there, and a
    sure board's grid maps the picture to that plane (vision.locate.corner_grids.table_plane). A grid with a
    side off a board's by more than a factor (thresholds.toml [phantoms] plane_size_ratio) in the plane of
    every sure board is a patch of cloth, a strip of table beside a board, or a board read from a cut
    outline. (Every sure board is asked, as lens distortion and a sure grid a little off bend the plane
    away from its board.) False when there is no sure board. `ratio` stands in for the threshold when given;
    `way` "smaller" ("larger"): only a grid whose every side is shorter (longer) than a board's by the
    factor counts."""
    worst = np.log(float(thresholds["phantoms"]["plane_size_ratio"] if ratio is None else ratio))
    for s in sure:
        lengths = plane_sides(table_plane(s.corners), board.corners) / BOARD_SIDES
        logs = np.log(np.maximum(lengths, 1e-6))
        off = {"smaller": -logs.max(), "larger": logs.min(), "either": np.abs(logs).max()}[way]
        if off <= worst:
            return False
    return bool(sure)


def board_shaped(board: BoardResult, sure: list[BoardResult], *, thresholds: dict) -> bool:
    """Whether a grid is closely a board's shape and size in the table's plane of more than half the sure
    boards (the thresholds that square grids up, [squared_grids]; the size within [phantoms]
    plane_size_ratio), and reads as pieces over most of its squares: a nearly full board, whose few printed
    symbols in view name its side weakly or not at all, and whose tiles break its outline into edges that
    close no region. A glare spot between shadows is neither a board's shape nor read as its pieces."""
    unread = board.pieces.count("?") + board.pieces.count(".")
    if not sure or unread > int(thresholds["phantoms"]["open_outline_max_unread"]):
        return False
    fits = sum(shaped_as_a_board(board, s, thresholds=thresholds) and not misshapen(board, [s], thresholds=thresholds)
               for s in sure)
    return 2 * fits > len(sure)


def shaped_as_a_board(board: BoardResult, sure: BoardResult, *, thresholds: dict) -> bool:
    """Whether a grid is closely a board's shape (its sides' proportions and square corners, whatever its
    size) in the table's plane as `sure` board's grid maps it (thresholds.toml [squared_grids])."""
    t = thresholds["squared_grids"]
    side, angle = shape_off(table_plane(sure.corners), board.corners)
    return side <= float(t["side_off"]) and angle <= float(t["angle_off_deg"])


def reads_as_phantom(b: BoardResult, *, thresholds: dict) -> bool:
    """Whether a board that names no side reads like none: nearly all hidden, or open floor all over yet
    hardly a printed symbol on it (a third of a board's floor squares carry one), as wood grain or cloth."""
    t = thresholds["phantoms"]
    if b.side is not None:
        return False
    if b.pieces.count("?") / (COLUMNS * ROWS) > float(t["max_unread_share"]):
        return True
    symbols = sum(1 for c in b.printed if c not in "./?")
    return b.pieces.count(".") >= int(t["bare_floor_squares"]) and symbols <= int(t["bare_floor_symbols"])


def overlap(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether either grid's centre lies inside the other."""
    return any(cv2.pointPolygonTest(np.float32(q), tuple(float(v) for v in p.mean(0)), False) >= 0
               for q, p in ((a, b), (b, a)))


def floor_fit_of_side(board: BoardResult, known_sides) -> float:
    """How well a board's visible floor fits the side it names (vision.classify.sides.floor_fit)."""
    return floor_fit(board.pieces, board.reading.printed_probs, every_side(known_sides)[board.side])


def plane_near(centre: np.ndarray, boards: list[BoardResult], *, thresholds: dict) -> np.ndarray:
    """The table's plane (vision.locate.corner_grids.table_plane) as the board named firmly nearest `centre`
    (image px) maps it; there must be one."""
    firm = [b for b in boards if named_firmly(b, thresholds=thresholds)]
    return table_plane(min(firm, key=lambda b: float(np.linalg.norm(b.corners.mean(0) - centre))).corners)
