"""Find every board in a frame: by its ArUco corner markers when they are there, else by its outline.

Outline: the table's colours are learned from the frame's border ring (a board rarely touches the
frame's edge, the table nearly always does), everything that is not table is a candidate, and each
candidate that is a large convex quadrilateral is a board outline. Inside the outline the 9x8 grid is
found by the border margin and grid direction that put the most edges (tile outlines, grid lines, the
margin's inner edge) on grid lines. The outline gives the grid only up to a half turn; the printed
layout settles which corner is A1 (vision.board_reading).
"""
from __future__ import annotations

import collections.abc
import functools
from dataclasses import dataclass

import cv2
import numpy as np

from vision.grids import COLUMNS, ROWS
from vision.locate.markers import load_marker_layout
from vision.locate.outline_lines import line_intersection, quads_from_runs, quads_from_three_runs


@dataclass(frozen=True, eq=False)
class BoardLocation:
    corners: np.ndarray  # 4x2 image px: A1 top-left, I1 top-right, I8 bottom-right, A8 bottom-left
    method: str  # "markers", "markers+outline", "outline", "open outline" (from edges that close no region) or
    # "corner" (built out from one corner of an outline an arm cut: vision.locate.corner_grids)
    oriented: bool  # True when A1's corner is known for certain (markers)
    score: float
    outline: np.ndarray | None = None  # the board's outer edge (outline method)
    board_index: int | None = None  # from marker ids
    # the grid with the 9 columns along the other pair of edges, when the outline left it in doubt; for an
    # outline grid the markers chose, the markers' own grid
    alternative: np.ndarray | None = None
    # other outlines found for the same board (other masks, an arm cut away), best edge support first: an
    # arm over a board's edge can drag one corner of the best-supported outline along the arm, and then
    # the grid names no side; vision.board_reading tries these before guessing
    other_outlines: tuple = ()
    # more such outlines, from arms cut away at several sizes, not yet refined (refine_outline) or checked for
    # edge support: refining them all would triple the cost of locate, and only a board naming no side needs them
    raw_outlines: tuple = ()
    # the corner markers seen (markers method): their corners in grid squares and in image px, which any
    # other grid for this board must map onto each other
    marker_points: tuple | None = None

    def turned(self, quarter_turns: int) -> "BoardLocation":
        """The same grid with A1 moved `quarter_turns` corners on, clockwise (2: the opposite seat)."""
        return BoardLocation(np.roll(self.corners, -quarter_turns, 0), self.method, self.oriented, self.score,
                             self.outline, self.board_index, None, self.other_outlines, self.raw_outlines)

    def with_corners(self, corners: np.ndarray) -> "BoardLocation":
        return BoardLocation(corners, self.method, self.oriented, self.score, self.outline, self.board_index,
                             None, self.other_outlines, self.raw_outlines, self.marker_points)


def locate(image: np.ndarray, markers: bool = True, outline: bool = True, *, thresholds: dict) -> list[BoardLocation]:
    """Every board found in a BGR frame. `thresholds`: vision.thresholds' tables (this stage reads [locate] and
    [markers])."""
    if image is None or image.ndim != 3 or image.shape[2] != 3 or image.size == 0:
        raise ValueError("locate needs a BGR colour image")
    t = thresholds["locate"]
    by_markers = locate_by_markers(image, thresholds=thresholds) if markers else []
    by_outline = locate_by_outline(image, thresholds=thresholds) if outline else []
    pinned = float(t["markers_pin_grid"])
    found: list[BoardLocation] = []
    for m in by_markers:
        if m.score >= pinned:  # three or four markers around the board pin its grid
            board = m
        else:  # fewer extrapolate across it: an outline grid that puts them where they are seen does better
            board = _marker_guided(image, m, [o for o in by_outline if _near_markers(o, m, t)], thresholds)
            if board is None:
                continue
        centre = tuple(float(v) for v in board.corners.mean(0))
        for o in [o for o in by_outline if cv2.pointPolygonTest(o.outline.astype(np.float32), centre, False) >= 0]:
            by_outline.remove(o)
        found.append(board)
    # a marker is a crisp square full of texture, close to the camera as large as a few squares of a board:
    # its own outline is no board (a board's centre lies squares away from every marker)
    seen = [q for m in by_markers for q in m.marker_points[1].reshape(-1, 4, 2)]
    return found + [o for o in by_outline if not any(_on_marker(o.outline, q) for q in seen)]


def _on_marker(outline: np.ndarray, marker: np.ndarray) -> bool:
    """Whether an outline's centre lies on a seen marker (its quad grown to twice its size, for its white
    margin)."""
    centre = marker.mean(0)
    grown = np.float32(centre + 2.0 * (marker - centre))
    return cv2.pointPolygonTest(grown, tuple(float(v) for v in outline.mean(0)), False) >= 0


def square_px(quad: np.ndarray) -> float:
    """A square's side in px, about, for a grid or outline given by its four corners."""
    return float(np.linalg.norm(quad - np.roll(quad, -1, 0), axis=1).mean() / ((COLUMNS + ROWS) / 2))


def _near_markers(o: BoardLocation, m: BoardLocation, t: dict) -> bool:
    """Whether an outline could be the board of the markers seen: a corner marker lies about two squares
    from its board's edge (the centre of the markers' own grid does not do: one marker's homography can
    put it on another board)."""
    outline = o.outline.astype(np.float32)
    sq = square_px(o.outline)
    reach = float(t["marker_outline_reach"]) * sq
    return any(cv2.pointPolygonTest(outline, tuple(float(v) for v in quad.mean(0)), True) >= -reach
               for quad in m.marker_points[1].reshape(-1, 4, 2))


def _marker_error(corners: np.ndarray, marker_points: tuple) -> float:
    """How far (median, in squares) a grid puts the seen markers from where they are in the image."""
    obj, img = marker_points
    grid = np.float32([[0, 0], [COLUMNS, 0], [COLUMNS, ROWS], [0, ROWS]])
    H = cv2.getPerspectiveTransform(grid, np.float32(corners))
    pred = cv2.perspectiveTransform(np.float32(obj)[None], H)[0]
    sq = square_px(corners)
    return float(np.median(np.linalg.norm(pred - img, axis=1)) / max(sq, 1e-6))


def _marker_guided(image: np.ndarray, m: BoardLocation, near: list[BoardLocation],
                   thresholds: dict) -> BoardLocation | None:
    """The best grid for a board whose markers were seen: markers give the orientation for certain but,
    with one or two seen or a marker partly hidden, a homography that extrapolates poorly across the
    board; the board's own outline gives the grid's lines exactly. Among outline grids the one that puts
    the markers where they are seen wins: first the outlines found near the markers, and only when none
    does, outlines searched for around the markers' own grid (one marker's grid fits that marker by
    construction, however far across the table it stretches the board).
    None when none does and the markers' own grid is not a board's shape (one marker's homography, a little
    off, can stretch the grid across the table and over other boards)."""
    t = thresholds["locate"]
    best = _marker_fit(image, [o.outline for o in near] + [q for o in near for q in o.other_outlines], m, thresholds)
    if best is None:
        sq = square_px(m.corners)
        centre = m.corners.mean(0)
        grown = []
        for margin in t["marker_outline_margins"]:  # the board's cut edge lies a margin outside its grid
            quad = centre + (m.corners - centre) * (1 + 2 * float(margin) * sq / np.linalg.norm(m.corners - centre, axis=1))[:, None]
            outline, support = refine_outline(image, quad, thresholds=thresholds)
            if support >= float(t["min_edge_support"]):
                grown.append(outline)
        best = _marker_fit(image, grown, m, thresholds)
    if best is None:
        quad = m.corners.astype(np.float32)
        shapely = cv2.isContourConvex(quad) and plausible(m.corners, cv2.contourArea(quad), t, strict=False)
        return m if shapely else None
    corners, outline = best
    # an outline grid can put the markers near enough while lying off by half a square (a shadow on the
    # board's edge), and a grid from one or two markers can lie off too: the markers' own grid stays as the
    # alternative, and the printed layout judges between them (vision.board_reading.read_board)
    return BoardLocation(corners, "markers+outline", True, m.score, outline, m.board_index, m.corners,
                         marker_points=m.marker_points)


def _marker_fit(image: np.ndarray, outlines: list[np.ndarray], m: BoardLocation, thresholds: dict):
    """(grid corners, outline) of the outline grid, turned each way, that puts the seen markers nearest
    where they are, if within the largest error allowed; else None."""
    t = thresholds["locate"]
    best, best_err = None, float(t["marker_grid_max_error"])
    for outline in outlines:
        for corners, _ in fit_grids(image, outline, thresholds=thresholds):
            if not plausible(corners, cv2.contourArea(np.float32(corners)), t, strict=False):
                continue  # a grid no board's shape can still put one small marker's corners near enough
            for k in range(4):
                c = np.roll(corners, -k, 0)
                err = _marker_error(c, m.marker_points)
                if err < best_err:
                    best, best_err = (c, outline), err
    return best


# ArUco's ways of refining a marker's corners, by the names thresholds.toml ([markers] corner_refinement) gives
# them: a marker is 13-40 px wide, and where three place a grid, a pixel's error at one grows at the fourth corner
_CORNER_REFINEMENT = {"none": cv2.aruco.CORNER_REFINE_NONE, "subpixel": cv2.aruco.CORNER_REFINE_SUBPIX,
                      "contour": cv2.aruco.CORNER_REFINE_CONTOUR}


def locate_by_markers(image: np.ndarray, *, thresholds: dict) -> list[BoardLocation]:
    layout = load_marker_layout()
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    t = thresholds["markers"]
    params = cv2.aruco.DetectorParameters()
    params.minMarkerPerimeterRate = float(t["min_perimeter_rate"])
    params.adaptiveThreshWinSizeMin, params.adaptiveThreshWinSizeMax, params.adaptiveThreshWinSizeStep = (
        int(v) for v in t["threshold_windows"])
    params.cornerRefinementMethod = _CORNER_REFINEMENT[str(t["corner_refinement"])]
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(layout.dictionary_id), params)
    corners, ids, _ = detector.detectMarkers(gray)
    if ids is None:
        return []
    per_board: dict[int, tuple[list, list]] = {}
    for quad, mid in zip(corners, ids.ravel()):
        bc = layout.board_and_corner(int(mid))
        if bc is None:
            continue
        obj, img = per_board.setdefault(bc[0], ([], []))
        obj.append(layout.marker_corners(bc[1]))
        img.append(quad.reshape(4, 2))
    out = []
    grid = np.float32([[0, 0], [COLUMNS, 0], [COLUMNS, ROWS], [0, ROWS]])
    for board, (obj, img) in sorted(per_board.items()):
        src = np.concatenate(obj).astype(np.float32)
        dst = np.concatenate(img).astype(np.float32)
        if len(obj) == 1:
            H = cv2.getPerspectiveTransform(src, dst)
        else:
            H, _ = cv2.findHomography(src, dst, 0)
        if H is None:
            continue
        c = cv2.perspectiveTransform(grid[None], H)[0]
        out.append(BoardLocation(c.astype(np.float64), "markers", True, float(len(obj)) / 4, None, board,
                                 marker_points=(src, dst)))
    return out


# ---------------------------------------------------------------- outline

def _chromaticity(bgr: np.ndarray, t: dict) -> np.ndarray:
    """The picture's chromaticity: each pixel's green and red shares of its brightness, scaled to Lab's
    units (two channels). A shadow darkens the table but leaves these as they are."""
    f = bgr.astype(np.float32) + 1.0
    return f[..., 1:] / f.sum(2, keepdims=True) * float(t["chroma_scale"])


def _table_mask(colours: np.ndarray, t: dict, k: int, weight) -> np.ndarray:
    """True where the pixel looks like the table (k colours of the border ring, with a smooth light fit).
    `colours`: Lab or _chromaticity's image, each channel counted `weight` (one per channel) times."""
    h, w, c = colours.shape
    f = colours.astype(np.float32) * np.float32(weight)
    ring = np.concatenate([f[:3].reshape(-1, c), f[-3:].reshape(-1, c), f[:, :3].reshape(-1, c), f[:, -3:].reshape(-1, c)])
    crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
    # k-means++ draws its first centres from OpenCV's RNG, which is per thread and carries over
    # between calls: seed it so that the same frame is always read the same way
    cv2.setRNGSeed(12345)
    _, _, centres = cv2.kmeans(ring, k, None, crit, 2, cv2.KMEANS_PP_CENTERS)
    flat = f.reshape(-1, c)
    d = np.stack([((flat - c) ** 2).sum(1) for c in centres])
    nearest = d.argmin(0)
    dist = np.sqrt(d.min(0))
    # the threshold follows the table's own spread (noise, grain), within limits
    ring_d = np.sqrt(((ring - centres[((ring[:, None] - centres[None]) ** 2).sum(2).argmin(1)]) ** 2).sum(1))
    lo, hi = t["table_distance"]
    thr = float(np.clip(float(t["table_spread_factor"]) * np.median(ring_d), lo, hi))
    # light falls off across the table: fit a smooth (quadratic) drift of the table's colour and remove it
    yy, xx = np.mgrid[0:h, 0:w]
    xs, ys = (xx.ravel() / w - 0.5), (yy.ravel() / h - 0.5)
    basis = np.stack([np.ones_like(xs), xs, ys, xs * xs, ys * ys, xs * ys], 1).astype(np.float32)
    table = dist < thr * float(t["table_fit_distance"])
    if table.sum() > 50:
        sel = np.flatnonzero(table)[:: max(1, table.sum() // 4000)]
        resid = flat[sel] - centres[nearest[sel]]
        coef, *_ = np.linalg.lstsq(basis[sel], resid, rcond=None)
        flat = flat - basis @ coef
        d = np.stack([((flat - c) ** 2).sum(1) for c in centres])
        dist = np.sqrt(d.min(0))
    return (dist < thr).reshape(h, w)


def _with_boards_at_the_edge(not_table: np.ndarray, texture: np.ndarray, t: dict) -> np.ndarray:
    """A table mask (255 where not table) with the boards that reach the frame's edge put back.

    Such a board puts its floor's colour into the border ring the table's colours are learned from, so
    its floor reads as table, cut off from the rest of the table by the board's margin and tiles. A piece
    of "table" apart from the largest, touching the frame's edge, board-sized, nearly convex (its holes,
    the tiles, filled) and textured as a board is (`texture`, the corner mask) is taken for one."""
    h, w = not_table.shape
    n, labels, stats, _ = cv2.connectedComponentsWithStats((not_table == 0).astype(np.uint8), connectivity=4)
    if n <= 2:
        return not_table
    areas = stats[1:, cv2.CC_STAT_AREA]
    largest = 1 + int(areas.argmax())
    out = not_table
    for i in range(1, n):
        x, y, bw, bh, area = stats[i]
        if i == largest or not t["min_area"] * h * w <= area <= t["max_area"] * h * w:
            continue
        if x > 0 and y > 0 and x + bw < w and y + bh < h:
            continue
        piece = (labels[y:y + bh, x:x + bw] == i).astype(np.uint8) * 255
        cs, _ = cv2.findContours(piece, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        filled = np.zeros_like(piece)
        cv2.drawContours(filled, cs, -1, 255, -1)
        inside = cv2.countNonZero(filled)
        hull = cv2.contourArea(cv2.convexHull(np.concatenate(cs)))
        if inside < float(t["edge_board_solidity"]) * hull:
            continue
        if cv2.countNonZero(cv2.bitwise_and(filled, texture[y:y + bh, x:x + bw])) < float(t["open_edge_min_texture"]) * inside:
            continue
        if out is not_table:
            out = not_table.copy()
        out[y:y + bh, x:x + bw][filled > 0] = 255
    return out


def _corner_mask(lab: np.ndarray, t: dict) -> np.ndarray:
    """Where the picture changes in two directions at once: a board's tile edges, printed grid and symbols
    cross each other, while wood grain, stripes and an arm's sides run one way, and a plain cloth does
    not change at all. So boards stand out however close the table's colours are to theirs.

    The smaller eigenvalue of the colour structure tensor over a window of about a square, split from the
    table by Otsu's threshold on its logarithm (the split follows each frame's own contrast), but never
    less than a rise above the frame's quieter part: on a table with no board Otsu would split noise."""
    tensor = np.zeros(lab.shape[:2] + (3,), np.float32)
    for c in range(3):
        channel = lab[..., c].astype(np.float32)
        gx = cv2.Sobel(channel, cv2.CV_32F, 1, 0)
        gy = cv2.Sobel(channel, cv2.CV_32F, 0, 1)
        tensor[..., 0] += gx * gx
        tensor[..., 1] += gy * gy
        tensor[..., 2] += gx * gy
    win = int(t["corner_window"])
    jxx, jyy, jxy = cv2.split(cv2.blur(tensor, (win, win)))
    smaller = ((jxx + jyy) - np.sqrt((jxx - jyy) ** 2 + 4 * jxy * jxy)) / 2
    strength = np.log1p(np.sqrt(np.maximum(smaller, 0)))
    top = max(float(strength.max()), 1e-6)
    u8 = np.clip(strength * (255.0 / top), 0, 255).astype(np.uint8)
    otsu, _ = cv2.threshold(u8, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    quiet = float(np.percentile(strength[::4, ::4], 25))
    return ((strength > max(otsu * top / 255.0, quiet + float(t["corner_min_rise"]))) * 255).astype(np.uint8)


def order_clockwise(q: np.ndarray) -> np.ndarray:
    """A quadrilateral's corners clockwise on screen, from the one nearest the frame's top-left."""
    c = q.mean(0)
    ang = np.arctan2(q[:, 1] - c[1], q[:, 0] - c[0])
    q = q[np.argsort(ang)]  # image y points down, so increasing angle runs clockwise on screen
    start = np.argmin(q.sum(1))
    return np.roll(q, -start, 0)


def ordered_clockwise(quads) -> np.ndarray:
    """order_clockwise of each of a stack of quadrilaterals (n x 4 x 2), at once."""
    q = np.asarray(quads, np.float64).reshape(-1, 4, 2)
    c = q.mean(1)
    ang = np.arctan2(q[:, :, 1] - c[:, None, 1], q[:, :, 0] - c[:, None, 0])
    q = np.take_along_axis(q, np.argsort(ang, axis=1)[:, :, None], 1)
    start = np.argmin(q.sum(2), axis=1)
    return np.take_along_axis(q, ((np.arange(4)[None] + start[:, None]) % 4)[:, :, None], 1)


def _quad_from_contour(contour: np.ndarray, t: dict) -> np.ndarray | None:
    hull = cv2.convexHull(contour)
    peri = cv2.arcLength(hull, True)
    quad = None
    for eps in (float(e) for e in t["quad_epsilons"]):
        approx = cv2.approxPolyDP(hull, eps * peri, True)
        if len(approx) == 4:
            quad = approx.reshape(4, 2).astype(np.float64)
            break
        if len(approx) < 4:
            break
    if quad is None:
        return None
    quad = order_clockwise(quad)
    pts = contour.reshape(-1, 2).astype(np.float64)
    lines = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        d = b - a
        L = np.linalg.norm(d)
        n = np.array([-d[1], d[0]]) / L
        along = (pts - a) @ d / (L * L)
        off = np.abs((pts - a) @ n)
        sel = pts[(along > 0.08) & (along < 0.92) & (off < max(2.0, 0.03 * L))]
        if len(sel) < 5:
            lines.append((d[0] / L, d[1] / L, a[0], a[1]))
            continue
        vx, vy, x0, y0 = cv2.fitLine(sel.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append((vx, vy, x0, y0))
    out = []
    for i in range(4):
        p = line_intersection(lines[i - 1], lines[i])
        if p is None:
            return None
        out.append(p)
    out = np.array(out)
    if np.abs(out - quad).max() > 0.1 * peri:
        return quad
    return out


def _crisp_edges(small: np.ndarray, t: dict) -> np.ndarray:
    """Canny's edges of the working-scale frame: a board's cut edge is sharp, shadows and light falloff
    are soft."""
    lo, hi = t["edge_canny"]
    return cv2.Canny(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), lo, hi)


def _edge_mask(band: np.ndarray, dilation: int = 3) -> np.ndarray:
    """Regions closed by crisp edges, from the edges dilated by `dilation` px (`band`). A wider dilation
    closes an outline broken where the board's edge is faint against the table."""
    cs, _ = cv2.findContours(band, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(band)
    cv2.drawContours(filled, cs, -1, 255, -1)
    return cv2.erode(filled, np.ones((dilation, dilation), np.uint8))


def _open_edge_quads(edges: np.ndarray, texture: np.ndarray, t: dict) -> list[np.ndarray]:
    """Quadrilaterals around crisp edges that run most of the way round a board but leave a gap (a dark
    board in shadow fades into the table at a corner), so that no region is closed to fill: the hull of
    each such run of edges, kept when the edges lie along most of its sides and a board's texture (the
    corner mask, `texture`) fills enough of it. Wood grain's long crisp lines give hulls too, but their
    texture runs one way. `edges`: the crisp edges, dilated as for _edge_mask."""
    cs, _ = cv2.findContours(edges, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    total = edges.shape[0] * edges.shape[1]
    out = []
    for cnt in cs:
        _, _, bw, bh = cv2.boundingRect(cnt)
        if bw * bh < t["min_area"] * total:
            continue  # most runs are a tile's or a symbol's: too small to bother with their hull
        hull_area = cv2.contourArea(cv2.convexHull(cnt))
        if not t["min_area"] * total <= hull_area <= t["max_area"] * total:
            continue
        quad = _quad_from_contour(cnt, t)
        if quad is None or not plausible(quad, hull_area, t, strict=False):
            continue
        sides = np.zeros_like(edges)
        cv2.polylines(sides, [np.round(quad).astype(np.int32)], True, 255, 1)
        if cv2.countNonZero(cv2.bitwise_and(sides, edges)) < float(t["open_edge_min_run"]) * cv2.countNonZero(sides):
            continue
        inside = np.zeros_like(edges)
        cv2.fillPoly(inside, [np.round(quad).astype(np.int32)], 255)
        if cv2.countNonZero(cv2.bitwise_and(inside, texture)) >= float(t["open_edge_min_texture"]) * cv2.countNonZero(inside):
            out.append(quad)
    return out


def _board_sized_blobs(mask: np.ndarray, t: dict, close: int) -> tuple[np.ndarray, list]:
    """The mask cleaned of specks and pinholes, and its outer contours (with their areas) whose size
    could be a board's."""
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (close, close)))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    area_total = mask.shape[0] * mask.shape[1]
    blobs = []
    for cnt in contours:
        area = cv2.contourArea(cnt)
        if t["min_area"] * area_total <= area <= t["max_area"] * area_total:
            blobs.append((cnt, area))
    return mask, blobs


def _open_wide(blob: np.ndarray, k: int) -> np.ndarray:
    """Opening by a disc k px wide. A wide disc is costly and its result is only a first guess that the
    board's edges refine later, so it runs on the blob shrunk to keep the disc about 9 px wide."""
    f = k // 9
    if f < 2:
        return cv2.morphologyEx(blob, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    h, w = blob.shape
    small = cv2.resize(blob, (max(1, w // f), max(1, h // f)), interpolation=cv2.INTER_AREA)
    kk = max(3, int(round(k / f)) | 1)
    opened = cv2.morphologyEx(small, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (kk, kk)))
    return ((cv2.resize(opened, (w, h), interpolation=cv2.INTER_LINEAR) > 127) * 255).astype(np.uint8)


def _candidates(mask: np.ndarray, t: dict, close: int = 5) -> list[np.ndarray]:
    """Quadrilaterals (working-scale px) of the large blobs in a mask."""
    mask, blobs = _board_sized_blobs(mask, t, close)
    area_total = mask.shape[0] * mask.shape[1]
    out = []
    for cnt, area in blobs:
        blob = np.zeros_like(mask)
        cv2.drawContours(blob, [cnt], -1, 255, -1)
        quad = _quad_from_contour(cnt, t)
        if quad is not None and plausible(quad, area, t, strict=True):
            out.append(quad)
            continue
        # arms reaching over a board: cut thin parts away before fitting the quadrilateral
        side = np.sqrt(area)
        k = max(5, int(side * float(t["arm_cut"])) | 1)
        cs, _ = cv2.findContours(_open_wide(blob, k), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        for main in sorted(cs, key=cv2.contourArea, reverse=True)[:4]:
            if cv2.contourArea(main) < t["min_area"] * area_total:
                break
            quad = _quad_from_contour(main, t)
            if quad is None:
                continue
            piece = np.zeros_like(mask)
            cv2.drawContours(piece, [main], -1, 255, -1)
            piece = cv2.bitwise_and(cv2.dilate(piece, np.ones((k, k), np.uint8)), blob)
            for tol in (float(v) for v in t["blob_refine_tolerances"]):  # on the unopened blob, whose corners are sharp
                refined = _refine_on(piece, quad, tol)
                quad = refined if refined is not None else quad
            if plausible(quad, cv2.contourArea(main), t, strict=False):
                out.append(quad)
    return out


def _run_quads(mask: np.ndarray, t: dict, close: int = 5) -> list[np.ndarray]:
    """Outlines from the straight runs of each large blob's edge (vision.locate.outline_lines), kept when the
    mask fills them as it fills a board (an arm over a board is not table either)."""
    mask, blobs = _board_sized_blobs(mask, t, close)
    area_total = mask.shape[0] * mask.shape[1]
    out = []
    for cnt, area in blobs:
        # as every outline, clockwise: a grid fitted the other way round is a mirror image
        for quad in ordered_clockwise(quads_from_runs(cnt, area, t)):
            qa = cv2.contourArea(quad.astype(np.float32))
            if not t["min_area"] * area_total <= qa <= t["max_area"] * area_total:
                continue
            inside = np.zeros_like(mask)
            cv2.fillPoly(inside, [np.round(quad).astype(np.int32)], 255)
            covered = cv2.countNonZero(cv2.bitwise_and(inside, mask))
            if plausible(quad, covered, t, strict=False) and not any(
                    np.abs(quad - q).max() < 2.0 for q in out):
                out.append(quad)
    return out


def _three_run_quads(mask: np.ndarray, t: dict) -> list[np.ndarray]:
    """Outlines from three straight runs of each large blob's edge (vision.locate.outline_lines), clockwise. Not
    held to the mask's fill: beyond the hidden edge lies the arm and whatever it casts its shadow on."""
    _, blobs = _board_sized_blobs(mask, t, 5)
    return list(ordered_clockwise([q for cnt, area in blobs for q in quads_from_three_runs(cnt, area, t)]))


def _arm_cuts(mask: np.ndarray, t: dict, close: int = 5) -> list[np.ndarray]:
    """Quadrilaterals of each large blob opened at several arm-cut sizes, whether or not the blob already
    looked like a board: an arm over one edge can leave a blob whose quadrilateral passes with a corner
    dragged along the arm. Only ever other outlines of a board found otherwise."""
    mask, blobs = _board_sized_blobs(mask, t, close)
    area_total = mask.shape[0] * mask.shape[1]
    out = []
    for cnt, area in blobs:
        x, y, bw, bh = cv2.boundingRect(cnt)
        blob = np.zeros((bh + 2, bw + 2), np.uint8)  # the blob alone, cropped: opening is costly at big kernels
        cv2.drawContours(blob, [cnt], -1, 255, -1, offset=(1 - x, 1 - y))
        for cut in t["extra_arm_cuts"]:
            k = max(5, int(np.sqrt(area) * float(cut)) | 1)
            cs, _ = cv2.findContours(_open_wide(blob, k), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE, offset=(x - 1, y - 1))
            for main in cs:
                if cv2.contourArea(main) < t["min_area"] * area_total:
                    continue
                quad = _quad_from_contour(main, t)
                if quad is not None and plausible(quad, cv2.contourArea(main), t, strict=False):
                    out.append(quad)
    return out


def _alike(a: np.ndarray, b: np.ndarray, t: dict) -> bool:
    """Whether two working-scale outlines are the same one, found by two masks (no corner [locate] same_quad_px
    apart)."""
    return float(np.abs(a - b).max()) < float(t["same_quad_px"])


def plausible(quad: np.ndarray, area: float, t: dict, strict: bool) -> bool:
    """Whether a quadrilateral could be a board's outline: its sides not too unequal, and `area` (what a
    mask covers of it) filling it, nearly exactly when `strict`."""
    qa = cv2.contourArea(quad.astype(np.float32))
    fill = area / max(qa, 1)
    sides = np.linalg.norm(quad - np.roll(quad, -1, 0), axis=1)
    if sides.max() / max(sides.min(), 1) > t["max_aspect"]:
        return False
    lo, hi = (float(v) for v in t["strict_fill"])
    return lo <= fill <= hi if strict else fill >= t["min_fill"]


def locate_by_outline(image: np.ndarray, *, thresholds: dict) -> list[BoardLocation]:
    t = thresholds["locate"]
    small, scale = _working_scale(image, t)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2Lab)
    # the table's colour varies slowly: model it at half the working scale, four times cheaper
    half = cv2.resize(lab, (lab.shape[1] // 2, lab.shape[0] // 2), interpolation=cv2.INTER_AREA)
    # a checked cloth has more tones than a plain one: masks from a few colour counts, each outline judged;
    # and one from chromaticity, which a shadow leaves unchanged (a shadow the colour masks take for
    # something on the table can join every board it touches into one blob)
    crossing = _corner_mask(lab, t)
    chroma = _chromaticity(cv2.resize(small, (half.shape[1], half.shape[0]), interpolation=cv2.INTER_AREA), t)
    tables = [_with_boards_at_the_edge(cv2.resize((~_table_mask(colours, t, int(k), weight)).astype(np.uint8) * 255,
                                                  (lab.shape[1], lab.shape[0]), interpolation=cv2.INTER_NEAREST),
                                       crossing, t)
              for colours, ks, weight in ((half, t["table_clusters"], [float(t["table_lightness_weight"]), 1.0, 1.0]),
                                          (chroma, t["chroma_clusters"], [1.0, 1.0]))
              for k in ks]
    quads = []
    wide = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (int(t["table_open_wide"]),) * 2)
    for table in tables:
        # a board whose tiles share the table's colours leaves a ragged blob: also try it closed harder
        quads += _candidates(table, t) + _candidates(table, t, close=int(t["table_close"])) + _run_quads(table, t)
        # wood grain or a pattern in shadow leaves thin table stripes read as not-table, joining boards to
        # each other: opened wider, the stripes go and the boards stay
        opened = cv2.morphologyEx(table, cv2.MORPH_OPEN, wide)
        quads += _candidates(opened, t) + _run_quads(opened, t)
    crisp = _crisp_edges(small, t)
    open_quads = []
    for dilation in t["edge_dilations"]:
        band = cv2.dilate(crisp, np.ones((int(dilation),) * 2, np.uint8))
        edges = _edge_mask(band, int(dilation))
        quads += _candidates(edges, t) + _run_quads(edges, t)
        open_quads += _open_edge_quads(band, crossing, t)
    quads += _candidates(crossing, t) + _candidates(crossing, t, close=int(t["table_close"])) + _run_quads(crossing, t)
    # outlines only open edges give (no mask closed a region there) are a board's only if its side is
    # named firmly (vision.board_checks): a glare spot between shadows' edges gives one too
    closed = len(quads)
    for q in open_quads:
        same = float(t["open_edge_same"]) * square_px(q)
        if all(np.abs(q - p).max() >= same for p in quads[:closed]):
            quads.append(q)
    scored = []
    distinct: list[np.ndarray] = []  # several masks often give the same outline: refine it once
    # OpenCV samples four channels of bytes two to three times as fast as three, the same values: every
    # outline is refined and its grid fitted on the frame given a fourth channel once
    picture = cv2.cvtColor(image, cv2.COLOR_BGR2BGRA)
    same_px = float(t["same_quad_px"])
    for k, quad in enumerate(quads):
        if distinct and (np.abs(np.stack(distinct) - quad).max((1, 2)) < same_px).any():
            continue  # _alike one refined already
        distinct.append(quad)
        outline, support = refine_outline(picture, quad / scale, thresholds=thresholds)
        if support < float(t["min_edge_support"]):
            continue
        grids = fit_grids(picture, outline, thresholds=thresholds)
        # a board's true outline has both a crisp edge all round and a grid that fits inside it; outlines
        # cut across a board, or taking in some table, fall short on one or the other
        scored.append((support * support * grids[0][1], outline, grids, k >= closed))
    scored.sort(key=lambda s: -s[0])
    # (rank, outline, other outlines, raw ones, grids, whether the outline is one only open edges gave)
    kept: list[tuple[float, np.ndarray, list, list, tuple, bool]] = []

    def home_of(outline):
        c = outline.mean(0)
        return next((k for k in kept if cv2.pointPolygonTest(
            k[1].astype(np.float32), (float(c[0]), float(c[1])), False) >= 0), None)

    def new_to(home, outline):
        # another outline of the same board adds something unless it is nearly one already kept
        same = float(t["other_outline_same"]) * np.linalg.norm(home[1] - np.roll(home[1], -1, 0), axis=1).mean()
        return len(home[2]) + len(home[3]) < int(t["other_outlines"]) and all(
            min(np.abs(np.roll(outline, -r, 0) - o).max() for r in range(4)) > same
            for o in [home[1]] + home[2] + home[3])

    for rank, outline, grids, open_only in scored:
        home = home_of(outline)
        if home is None:
            kept.append((rank, outline, [], [], grids, open_only))
        elif new_to(home, outline):  # the same board from another mask
            home[2].append(outline)
    def raw_outlines() -> list[list[np.ndarray]]:
        table = tables[0]
        for quad in _arm_cuts(table, t) + _arm_cuts(table, t, close=int(t["table_close"])):
            home = home_of(quad / scale)
            if home is not None and new_to(home, quad / scale):
                home[3].append(quad / scale)
        # outlines completing a board whose one edge is wholly under an arm: tried last, and only by a board
        # that names no side otherwise, so they have their own allowance
        # (each table mask sees the three edges a little differently: every mask has its share)
        for mask, allowance in zip(tables, t["hidden_edge_outlines"]):
            extra: dict[int, int] = {}
            for quad in _three_run_quads(mask, t):
                home = home_of(quad / scale)
                if home is not None and extra.get(id(home), 0) < int(allowance):
                    home[3].append(quad / scale)
                    extra[id(home)] = extra.get(id(home), 0) + 1
        return [k[3] for k in kept]

    # most boards name their side from their best outline and never ask for these: found when first asked for
    raw = _FoundWhenAsked(raw_outlines)
    out: list[BoardLocation] = []
    for k, (rank, outline, others, _, ((corners, _), (other, _)), open_only) in enumerate(kept):
        out.append(BoardLocation(corners, "open outline" if open_only else "outline", False, float(rank), outline,
                                 None, other, tuple(others), _RawOutlines(raw, k)))
    return out


class _FoundWhenAsked:
    """A frame's raw outlines of every board (a list per board), found on the first call."""

    def __init__(self, find):
        self._find, self._found = find, None

    def __call__(self) -> list[list[np.ndarray]]:
        if self._found is None:
            self._found, self._find = self._find(), None
        return self._found


class _RawOutlines(collections.abc.Sequence):
    """One board's raw outlines (BoardLocation.raw_outlines), as a tuple of them, found when first read."""

    def __init__(self, every_board: _FoundWhenAsked, k: int):
        self._every_board, self._k = every_board, k

    def _outlines(self) -> list[np.ndarray]:
        return self._every_board()[self._k]

    def __getitem__(self, i):
        return tuple(self._outlines())[i]

    def __len__(self) -> int:
        return len(self._outlines())

    def __iter__(self):
        return iter(tuple(self._outlines()))

    def __reduce__(self):  # pickled or copied: the outlines themselves, as the tuple they stand for
        return tuple, (tuple(self._outlines()),)


def _working_scale(image: np.ndarray, t: dict) -> tuple[np.ndarray, float]:
    """The frame at the working width, lightly smoothed, and its scale."""
    h, w = image.shape[:2]
    scale = float(t["work_width"]) / w
    small = cv2.resize(image, (int(round(w * scale)), int(round(h * scale))), interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(small, (3, 3), 0), scale


def unclaimed_texture(image: np.ndarray, grids: list[np.ndarray], least_area: float, *,
                      thresholds: dict) -> list[np.ndarray]:
    """Rectangles (image px), largest first, around the parts of the frame that have a board's texture
    (the corner mask) where none of `grids` lies, each of at least `least_area` px².

    A board no outline found still shows there: a dark board on a dark table that one blob joins to its
    neighbour and an arm, or a nearly empty board with a hand on it whose only outline took in the hand."""
    t = thresholds["locate"]
    small, scale = _working_scale(image, t)
    mask = _corner_mask(cv2.cvtColor(small, cv2.COLOR_BGR2Lab), t)
    for quad in grids:
        q = np.int32(np.round(np.asarray(quad) * scale))
        cv2.fillPoly(mask, [q], 0)
        cv2.polylines(mask, [q], True, 0, int(t["unclaimed_rim"]))  # a found board's own edge
    # the sides of arms and the table's lines are thin: only broad texture is left
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask)
    big = [i for i in range(1, n) if stats[i, cv2.CC_STAT_AREA] >= least_area * scale * scale]
    big.sort(key=lambda i: -stats[i, cv2.CC_STAT_AREA])
    out = []
    for i in big[: int(t["unclaimed_regions"])]:
        ys, xs = np.nonzero(labels == i)
        box = cv2.boxPoints(cv2.minAreaRect(np.stack([xs, ys], 1).astype(np.float32)))
        out.append(order_clockwise(box.astype(np.float64) / scale))
    return out


def outlines_inside_edge_networks(image: np.ndarray, *, thresholds: dict) -> list[np.ndarray]:
    """Refined outlines (image px) of the large regions that crisp edges close inside a network of edges
    spanning most of the frame, best edge support first.

    A checked cloth's lines meet a board's edge all round it, so the edges' outer contour is the whole
    frame and `_edge_mask` fills no board; a board the colour of one of the cloth's checks leaves no table
    mask either. Its inside is still a hole of that network, far larger than a check."""
    t = thresholds["locate"]
    small, scale = _working_scale(image, t)
    crisp = _crisp_edges(small, t)
    total = crisp.size
    quads = []
    for dilation in t["edge_dilations"]:
        band = cv2.dilate(crisp, np.ones((int(dilation),) * 2, np.uint8))
        contours, hierarchy = cv2.findContours(band, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
        holes = np.zeros_like(band)
        for i, outer in enumerate(contours):
            if hierarchy[0][i][3] >= 0 or cv2.contourArea(outer) <= t["max_area"] * total:
                continue
            j = hierarchy[0][i][2]
            while j >= 0:  # its holes; the checks are dropped before any closing could join them up
                if cv2.contourArea(contours[j]) >= t["min_area"] * total:
                    cv2.drawContours(holes, contours, j, 255, -1)
                j = hierarchy[0][j][0]
        if holes.any():
            for quad in _candidates(cv2.erode(holes, np.ones((int(dilation),) * 2, np.uint8)), t):
                if not any(_alike(quad, q, t) for q in quads):  # each width often closes the same hole
                    quads.append(quad)
    return supported_outlines(image, [q / scale for q in quads], thresholds=thresholds)


def supported_outlines(image: np.ndarray, quads, *, thresholds: dict) -> list[np.ndarray]:
    """The quads (image px) refined onto the crisp edges near them (refine_outline), those with enough
    edge support, best supported first."""
    least = float(thresholds["locate"]["min_edge_support"])
    refined = [refine_outline(image, quad, thresholds=thresholds) for quad in quads]
    return [o for o, support in sorted(refined, key=lambda r: -r[1]) if support >= least]


def _side_moved_out(q: np.ndarray, side: int, extra) -> np.ndarray:
    """Outline `q` with its side `side` (from corner `side` to the next) moved outward along the two sides
    that meet it, each lengthened by extra(its length) px."""
    moved = q.copy()
    for corner, along in ((side, (side - 1) % 4), ((side + 1) % 4, (side + 2) % 4)):
        d = q[corner] - q[along]
        length = np.linalg.norm(d)
        moved[corner] = q[corner] + d / length * extra(length)
    return moved


def lengthened_outlines(outline: np.ndarray, *, thresholds: dict) -> list[np.ndarray]:
    """An outline far longer one way than a board is, lengthened the other way at either end, to a few
    shapes a board's outline can have in the picture: a shadow or a change of the table's colour across a
    board can cut its mask short, leaving an outline that covers part of it. Unrefined."""
    t = thresholds["locate"]
    q = np.asarray(outline, np.float64)
    sides = np.linalg.norm(np.roll(q, -1, 0) - q, axis=1)  # side k runs from corner k to corner k+1
    out = []
    for long_pair in ((0, 2), (1, 3)):
        long = sides[list(long_pair)].mean()
        short = sides[[(k + 1) % 4 for k in long_pair]].mean()
        if long < float(t["lengthen_min_aspect"]) * short:
            continue
        for side, ratio in ((k, float(r)) for k in long_pair for r in t["lengthen_ratios"]):
            # until the sides meeting it are about `ratio` times as long as the long sides
            out.append(_side_moved_out(q, side, lambda _, r=ratio: r * long - short))
    return out


def outlines_past_the_frame(outline: np.ndarray, shape: tuple[int, ...], *, thresholds: dict) -> list[np.ndarray]:
    """A board cut off by the picture's edge leaves an outline with one side near that edge: the outline
    carried on past it, along the two sides that meet it, until those are 0.9-1.2 times (thresholds:
    frame_cut_ratios) as long as the cut side, the shapes a whole board's outline can have. Each is
    unrefined; its grid's squares beyond the picture read hidden (vision.classify.classification)."""
    t = thresholds["locate"]
    h, w = shape[:2]
    q = np.asarray(outline, np.float64)
    # the picture's edge leaves no crisp line, so the outline's side ends on the last line in view: a
    # row of squares or a tile's edge near it
    near = float(t["frame_cut_reach"]) * square_px(q)
    out = []
    for side in range(4):
        a, b = q[side], q[(side + 1) % 4]
        on_edge = any(abs(a[axis] - edge) <= near and abs(b[axis] - edge) <= near
                      for axis, edge in ((0, 0.0), (0, w - 1.0), (1, 0.0), (1, h - 1.0)))
        if not on_edge:
            continue
        cut = np.linalg.norm(b - a)
        for ratio in t["frame_cut_ratios"]:
            moved = _side_moved_out(q, side, lambda length, r=float(ratio): max(r * cut - length, 0.0))
            if np.abs(moved - q).max() > 1.0:
                out.append(moved)
    return out


def _refine_on(blob: np.ndarray, quad: np.ndarray, tol: float) -> np.ndarray | None:
    cs, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    pts = max(cs, key=cv2.contourArea).reshape(-1, 2).astype(np.float64)
    lines = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        d = b - a
        L = np.linalg.norm(d)
        n = np.array([-d[1], d[0]]) / L
        along = (pts - a) @ d / (L * L)
        off = np.abs((pts - a) @ n)
        sel = pts[(along > 0.1) & (along < 0.9) & (off < max(2.0, tol * L))]
        if len(sel) < 8:
            return None
        lines.append(cv2.fitLine(sel.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel())
    out = []
    for i in range(4):
        p = line_intersection(lines[i - 1], lines[i])
        if p is None:
            return None
        out.append(p)
    out = np.array(out)
    return out if np.abs(out - quad).max() < 0.08 * np.linalg.norm(quad[0] - quad[2]) else None


def refine_outline(image: np.ndarray, quad: np.ndarray, *, thresholds: dict) -> tuple[np.ndarray, float]:
    """Two passes of `_refine_edges`: a wide search that can fix a bad corner, then a narrow one. `image`: BGR,
    or BGRA (the same outline, found faster)."""
    t = thresholds["locate"]
    samples = int(t["refine_samples"])
    wide_share, narrow_share = (float(v) for v in t["refine_reach_shares"])
    wide, support = _refine_edges(image, quad, samples, wide_share)
    if support == 0.0:
        return quad, 0.0
    return _refine_edges(image, wide, samples, narrow_share)


@functools.lru_cache(maxsize=256)
def _line_samples(m: int, samples: int):
    """Where every straight line from offset i (first sample) to offset j (last) crosses each sample's
    profile: indices (m, m, samples) into one side's profiles laid end to end (samples rows of m) for the
    offset below and above, and the two interpolation weights; the same for every outline of a size."""
    frac = np.linspace(0.0, 1.0, samples)
    pos = np.arange(m)[:, None, None] * (1 - frac) + np.arange(m)[None, :, None] * frac
    lo_i = np.floor(pos).astype(np.intp)
    wgt = (pos - lo_i).astype(np.float32)
    first = np.arange(samples, dtype=np.intp) * m
    return first + lo_i, first + np.minimum(lo_i + 1, m - 1), 1 - wgt, wgt


def _refine_edges(image: np.ndarray, quad: np.ndarray, samples: int, reach_share: float) -> tuple[np.ndarray, float]:
    """Move each edge of a coarse outline onto the sharpest colour step near it, at full resolution.

    The coarse outline is off by the working scale and pulled outwards by soft drop shadows; the board's
    cut edge is the crisp step, so each edge goes through the strongest gradient along its normals.
    Also returns the share of samples that found a crisp step (a real board edge scores near 1).
    The four edges' profiles are sampled in one remap and searched together.
    """
    quad = np.asarray(quad, np.float64)
    span = np.linalg.norm(quad - np.roll(quad, -1, 0), axis=1).mean()
    reach = max(4.0, span * reach_share)
    steps = np.linspace(-reach, reach, int(2 * reach) + 1)
    ts = np.linspace(0.1, 0.9, samples)
    normals, pts = [], []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        d = (b - a) / np.linalg.norm(b - a)
        n = np.array([-d[1], d[0]])
        base = a[None] + (b - a)[None] * ts[:, None]
        pts.append(base[:, None, :] + steps[None, :, None] * n[None, None, :])
        normals.append(n)
    pts = np.concatenate(pts)  # (4 * samples, steps, 2): each side's profiles, one after another
    mx = pts[..., 0].astype(np.float32)
    my = pts[..., 1].astype(np.float32)
    prof = cv2.remap(image, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    grad = np.abs(np.diff(prof, axis=1)).sum(2)  # (4 * samples, positions between steps)
    # the straight line (offsets at both ends) collecting the most gradient: a board's edge runs the
    # whole side, a tile's edge near it does not
    mids = (steps[:-1] + steps[1:]) / 2
    m = len(mids)
    lo_i, hi_i, lo_w, hi_w = _line_samples(m, samples)
    sides = grad.reshape(4, samples * m)
    along = sides.take(lo_i, axis=1) * lo_w + sides.take(hi_i, axis=1) * hi_w  # (4, m, m, samples)
    total = along.sum(3).reshape(4, -1)
    best = total.argmax(1)
    strongest = grad.max(1).reshape(4, samples)
    lines = []
    hits = 0
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        n = normals[i]
        i0, i1 = np.unravel_index(best[i], (m, m))
        on_line = along[i, i0, i1]
        hits += int((on_line >= 0.5 * strongest[i]).sum())
        off0, off1 = mids[i0], mids[i1]
        p0 = a + (b - a) * ts[0] + off0 * n
        p1 = a + (b - a) * ts[-1] + off1 * n
        dd = (p1 - p0) / np.linalg.norm(p1 - p0)
        lines.append(np.array([dd[0], dd[1], p0[0], p0[1]]))
    out = []
    for i in range(4):
        p = line_intersection(lines[i - 1], lines[i])
        if p is None:
            return quad, 0.0
        out.append(p)
    out = np.array(out)
    support = hits / (4 * samples)
    return (out, support) if np.abs(out - quad).max() < 2 * reach else (quad, support * 0.5)


def _line_profiles(gray: np.ndarray, axis: int) -> np.ndarray:
    """Evidence for a grid line at each position across `axis` of a grey picture (uint8): colour steps
    plus thin dark lines, each averaged over the middle of the picture along the lines.

    Integer sums per position, so exactly as the same arithmetic in floats would give them, in any order;
    computed along the picture's rows for either axis (a transposed view is slow to walk)."""
    n = gray.shape[0] if axis == 1 else gray.shape[1]
    lo, hi = int(0.08 * n), int(0.92 * n)
    if axis == 1:
        band = gray[lo:hi].astype(np.int16)
        step = np.abs(band[:, 1:] - band[:, :-1]).sum(0, dtype=np.int64)
        pad = np.concatenate([band[:, :1], band[:, :1], band, band[:, -1:], band[:, -1:]], 1)
        ridge = np.maximum(pad[:, :-4] + pad[:, 4:] - 2 * band, 0).sum(0, dtype=np.int64)
    else:
        band = gray[:, lo:hi].astype(np.int16)
        step = np.abs(band[1:] - band[:-1]).sum(1, dtype=np.int64)
        pad = np.concatenate([band[:1], band[:1], band, band[-1:], band[-1:]], 0)
        ridge = np.maximum(pad[:-4] + pad[4:] - 2 * band, 0).sum(1, dtype=np.int64)
    # a position's step is the mean of the steps either side of it (one side at the ends); a thin dark
    # line is how far a pixel lies below the mean of the pixels two either side of it
    twice_step = np.concatenate([2 * step[:1], step[1:] + step[:-1], 2 * step[-1:]])
    prof = _means(twice_step / 2, hi - lo) + _means(ridge / 2, hi - lo)
    return prof / (np.median(prof) + 1e-3)


def _means(sums: np.ndarray, count: int) -> np.ndarray:
    """Sums (exact halves) over `count` values each, as numpy's float32 mean of those values gives them."""
    out = sums.astype(np.float32)
    return np.true_divide(out, np.intp(count), out=out, casting="unsafe")


def _best_division(prof: np.ndarray, parts: int, max_margin: float, steps: int) -> tuple[float, float, float]:
    """Ends (u0, u1) of `parts` equal divisions whose lines land on the strongest evidence."""
    n = len(prof)
    frac = np.linspace(0.0, max_margin / (parts + 2 * max_margin), steps)
    u0 = frac[:, None, None] * (n - 1)
    u1 = (1 - frac)[None, :, None] * (n - 1)
    # interior lines only: the board's own cut edge is the strongest line and would pull the ends onto it
    k = np.arange(1, parts)[None, None, :]
    pos = u0 + (u1 - u0) * k / parts
    score = np.interp(pos, np.arange(n), prof).mean(2)
    i, j = np.unravel_index(score.argmax(), score.shape)
    return float(u0[i, 0, 0]), float(u1[0, j, 0]), float(score[i, j])


def _even_division(pu: np.ndarray, pv: np.ndarray, nu: int, nv: int, max_margin: float,
                   steps: int) -> tuple[float, float, float, float, float]:
    """Ends (u0, u1, v0, v1) of a grid with the same margin, in squares, all round (a printed board's
    border is even), whose interior lines land on the strongest evidence of both profiles."""
    m = np.linspace(0.0, max_margin, steps)[:, None]
    score = 0.0
    ends = []
    for prof, parts in ((pu, nu), (pv, nv)):
        last = len(prof) - 1
        lo = m / (parts + 2 * m) * last
        pos = lo + (last - 2 * lo) * np.arange(1, parts)[None, :] / parts
        score = score + np.interp(pos, np.arange(len(prof)), prof).mean(1)
        ends.append((lo[:, 0], last - lo[:, 0]))
    i = int(np.argmax(score))
    (u0, u1), (v0, v1) = ends
    return float(u0[i]), float(u1[i]), float(v0[i]), float(v1[i]), float(score[i])


def fit_grids(image: np.ndarray, outline: np.ndarray, *, thresholds: dict, n: int = 360):
    """The 9x8 grid inside a board outline: the margins and direction that put most edges on grid lines.

    Each of the four margins is free (a slightly wrong outline) unless an even border fits nearly as
    well; the 9 columns may run along either pair of edges. Returns (corners, score: the free fit's line
    evidence) for the better direction, then for the other; A1's corner is at the outline's first corner
    or its successor (the printed layout later decides between A1 and I8). `image`: BGR, or BGRA (the same
    grids, found faster).
    """
    t = thresholds["locate"]
    dst = np.float32([[0, 0], [n, 0], [n, n], [0, n]])
    H = cv2.getPerspectiveTransform(np.float32(outline), dst)
    flat = cv2.warpPerspective(image, H, (n, n), flags=cv2.INTER_LINEAR)
    gray = cv2.cvtColor(flat, cv2.COLOR_BGRA2GRAY if flat.shape[2] == 4 else cv2.COLOR_BGR2GRAY)
    pu, pv = _line_profiles(gray, 1), _line_profiles(gray, 0)
    mm, st = float(t["margin_max"]), int(t["margin_steps"])
    fits = []
    for cols_along_u in (True, False):
        nu, nv = (COLUMNS, ROWS) if cols_along_u else (ROWS, COLUMNS)
        u0, u1, su = _best_division(pu, nu, mm, st)
        v0, v1, sv = _best_division(pv, nv, mm, st)
        # four free margins can chase noise where a board shows few lines (an empty floor, glare, blur);
        # an even border all round then places the grid better, unless the free fit is clearly better
        # (an outline a little off needs uneven margins). The free fit's evidence still ranks outlines.
        e = _even_division(pu, pv, nu, nv, mm, st)
        if su + sv < float(t["even_margin_advantage"]) * e[4]:
            u0, u1, v0, v1 = e[:4]
        inner = np.float32([[u0, v0], [u1, v0], [u1, v1], [u0, v1]]) * (n / (n - 1))
        corners = cv2.perspectiveTransform(inner[None], np.linalg.inv(H))[0].astype(np.float64)
        if not cols_along_u:
            corners = np.roll(corners, -1, 0)  # the 9 columns run down the outline's first edge
        fits.append((corners, float(su + sv)))
    fits.sort(key=lambda f: -f[1])
    return fits[0], fits[1]
