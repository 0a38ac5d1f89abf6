"""Board outlines from straight lines in the picture itself, for a board an arm lies across.

An arm over a board's corner joins the two into one blob in every mask, and each outline the masks give
runs partly along the arm. The board's cut edges still show as straight lines in the picture, even where
only a part of an edge is seen: a line segment detector finds them, and crossed in pairs they give
outlines to try. The table's own lines (wood grain, stripes, a cloth's checks) give many more; how
crisp an edge runs all round and how well a grid fits inside rank them, and naming the board's side
decides (vision.passes).
"""
from __future__ import annotations

import cv2
import numpy as np

from vision.locate.corner_grids import plane_sides
from vision.grids import COLUMNS, ROWS
from vision.locate.location import fit_grids, order_clockwise, plausible, refine_outline
from vision.locate.outline_lines import quads_of_lines


def segment_outlines(image: np.ndarray, around: np.ndarray, plane: np.ndarray | None = None, *,
                     thresholds: dict) -> list[np.ndarray]:
    """Outlines (image px, clockwise) from the straight lines in and near the quadrilateral `around` (a
    board's outline that is in doubt), best first.

    `plane`: the map from the picture to the table's plane in squares (vision.locate.corner_grids.table_plane),
    when a board found already gives it; only outlines of a board's size there are kept. A cloth's checks
    and stripes make many more outlines than a board's edges do, and would crowd the board's out."""
    t = thresholds["locate"]
    side = float(np.sqrt(max(cv2.contourArea(np.float32(around)), 1.0)))
    reach = float(t["segment_reach"]) * side
    h, w = image.shape[:2]
    x0, y0 = np.clip(np.floor(around.min(0) - reach), 0, None).astype(int)
    x1, y1 = np.minimum(np.ceil(around.max(0) + reach), [w, h]).astype(int)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return []
    # a board's edge is long and straight at any size: the search runs at a board about this many px
    f = min(1.0, float(t["segment_board_px"]) / side)
    gray = cv2.cvtColor(image[y0:y1, x0:x1], cv2.COLOR_BGR2GRAY)
    if f < 1.0:
        gray = cv2.resize(gray, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    found = cv2.createLineSegmentDetector().detect(gray)[0]
    if found is None:
        return []
    lines = _merged_lines(found.reshape(-1, 4).astype(np.float64), side * f, t)
    lo, hi = t["segment_gap"]
    quads = [order_clockwise(q) for q in quads_of_lines(lines, t, (float(lo) * side * f, float(hi) * side * f))]
    quads = [q for q in quads if plausible(q, cv2.contourArea(np.float32(q)), t, strict=False)]
    if plane is not None:
        quads = [q for q in quads if _board_sized(plane_sides(plane, q / f + [x0, y0]), thresholds)]
    if not quads:
        return []
    # refining is costly: first the quadrilaterals whose sides run along edges of the picture
    edges = cv2.dilate(cv2.Canny(gray, *t["edge_canny"]), np.ones((3, 3), np.uint8)) > 0
    on_edges = _share_on(edges, np.stack(quads))
    ranked = []
    same = float(t["other_outline_same"]) * side  # refined onto the same edges: one outline
    for k in np.argsort(-on_edges)[: int(t["segment_refined"])]:
        outline, support = refine_outline(image, quads[k] / f + [x0, y0], thresholds=thresholds)
        if support < float(t["min_edge_support"]):
            continue
        if any(np.abs(outline - o).max() <= same for _, o in ranked):
            continue
        # as outlines from masks are ranked (vision.locate.location): crisp all round, and a grid that fits
        ranked.append((support * support * fit_grids(image, outline, thresholds=thresholds)[0][1], outline))
    ranked.sort(key=lambda r: -r[0])
    return [o for _, o in ranked[: int(t["segment_outlines"])]]


def _board_sized(sides: np.ndarray, thresholds: dict) -> bool:
    """Whether an outline's sides (squares of the table's plane) are a board's: 8 or 9 squares and its
    border, within the factor a grid may be off (thresholds.toml [phantoms] plane_size_ratio)."""
    ratio = float(thresholds["phantoms"]["plane_size_ratio"])
    widest = COLUMNS + 2 * float(thresholds["locate"]["margin_max"])
    return bool((sides >= ROWS / ratio).all() and (sides <= widest * ratio).all())


def _merged_lines(segs: np.ndarray, side: float, t: dict) -> list[tuple[np.ndarray, np.ndarray, float]]:
    """(unit direction, point, length) of the longest lines the segments lie on. An edge broken by an arm,
    a token or a tile's corner is found as several segments on one line: their lengths add up."""
    lens = np.hypot(segs[:, 2] - segs[:, 0], segs[:, 3] - segs[:, 1])
    keep = lens >= float(t["segment_min_length"]) * side
    segs, lens = segs[keep], lens[keep]
    dirs = (segs[:, 2:] - segs[:, :2]) / lens[:, None]
    parallel = np.cos(np.radians(float(t["segment_merge_deg"])))
    off_limit = max(2.0, float(t["segment_merge_offset"]) * side)
    used = np.zeros(len(segs), bool)
    lines = []
    for i in np.argsort(-lens):
        if used[i]:
            continue
        d, a = dirs[i], segs[i, :2]
        n = np.array([-d[1], d[0]])
        off = np.maximum(np.abs((segs[:, :2] - a) @ n), np.abs((segs[:, 2:] - a) @ n))
        members = ~used & (np.abs(dirs @ d) >= parallel) & (off <= off_limit)
        members[i] = True
        used |= members
        if members.sum() > 1:
            pts = np.concatenate([segs[members, :2], segs[members, 2:]]).astype(np.float32)
            vx, vy, px, py = cv2.fitLine(pts, cv2.DIST_L2, 0, 0.01, 0.01).ravel()
            d, a = np.array([vx, vy], np.float64), np.array([px, py], np.float64)
        lines.append((d, a, float(lens[members].sum())))
    lines.sort(key=lambda r: -r[2])
    return lines[: int(t["segment_lines"])]


def _share_on(edges: np.ndarray, quads: np.ndarray, samples: int = 24) -> np.ndarray:
    """For each quadrilateral (n x 4 x 2), the share of points along its sides that fall on an edge."""
    ts = np.linspace(0.05, 0.95, samples)
    a, b = quads, np.roll(quads, -1, 1)
    pts = a[:, :, None, :] + (b - a)[:, :, None, :] * ts[None, None, :, None]  # n x 4 x samples x 2
    h, w = edges.shape
    x = np.clip(np.round(pts[..., 0]).astype(int), 0, w - 1)
    y = np.clip(np.round(pts[..., 1]).astype(int), 0, h - 1)
    return edges[y, x].reshape(len(quads), -1).mean(1)
