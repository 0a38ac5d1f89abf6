"""Per-square colour and texture features of a rectified board, after the board's own white balance.

Each square is summarised over five regions chosen from the pieces' geometry (design.md): the centre
(a token, a printed symbol, or the floor in a hole), a ring just outside it (a token is still there, a
symbol is not), the middle ring (inside a large hole, on the leaf for a small one), the square's
corners (on the leaf for every hole size, on the floor for an empty square), and the whole square.

Colours are also given relative to the board's floor. The floor is found in two steps: a first small
model that needs no floor (vision/data/floor_model.npz) says which squares show it (empty squares, and
the ring inside every open hole), and the floor is their ring colour. The median corner colour of all
squares, used before, is a leaf's colour once half the board is covered, and late in a game every
floor square then read as "?" or a leaf as ".".
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import cv2
import numpy as np

from vision.grids import COLUMNS, PIECE_CHARS, ROWS
from vision.classify.mlp import load_mlp

REGIONS = ("centre", "ring", "mid", "corner", "whole")
# the square's quarters and its four corners apart: a hand over one corner spoils one of each, and the
# model sees them sorted (vision.classify.features.quarter_features), so the side a hand comes from is no matter
QUARTERS = ("q0", "q1", "q2", "q3", "k0", "k1", "k2", "k3")
CHANNELS = ("L", "a", "b", "L2", "chroma", "edge")
FLOOR_CLASSES = "fho"  # the floor model's classes: empty square, open hole (floor in its ring), other


@functools.cache
def region_weights(px: int) -> np.ndarray:
    """(REGIONS + QUARTERS, px*px) weights, each row summing to 1."""
    c = (np.arange(px) + 0.5) / px - 0.5
    yy, xx = np.meshgrid(c, c, indexing="ij")
    r = np.hypot(xx, yy)
    cheb = np.maximum(abs(xx), abs(yy))
    whole, corner = cheb <= 0.44, (r >= 0.47) & (cheb <= 0.44)
    masks = [r < 0.17, (r >= 0.19) & (r < 0.245), (r >= 0.27) & (r < 0.36), corner, whole]
    quarters = [(yy < 0) & (xx < 0), (yy < 0) & (xx >= 0), (yy >= 0) & (xx >= 0), (yy >= 0) & (xx < 0)]
    masks += [whole & q for q in quarters] + [corner & q for q in quarters]
    w = np.stack([m.astype(np.float32).ravel() for m in masks])
    return w / w.sum(1, keepdims=True)


def white_balance_gains(rect: np.ndarray, *, thresholds: dict) -> np.ndarray:
    """BGR gains that make the board's least saturated pixels (its printed floor) grey on average
    (thresholds.toml [classify] wb_*).

    Limited gains keep a board that is mostly one leaf colour from being pulled to grey.
    """
    t = thresholds["classify"]
    small = _every_second_pixel(rect)
    sat = cv2.extractChannel(cv2.cvtColor(small, cv2.COLOR_BGR2HSV), 1)
    hist = cv2.calcHist([sat], [0], None, [256], [0, 256]).ravel()  # whole counts, as np.bincount's, sooner
    below = np.cumsum(hist)
    cut = int(np.searchsorted(below, sat.size * float(t["wb_low_saturation_quantile"])))
    # cv2.mean's masked mean to the last bit (its sums times the reciprocal of the count) without its slow
    # masked loop: 0.06 against 0.02 ms a board
    sums = cv2.sumElems(cv2.bitwise_and(small, small, mask=cv2.inRange(sat, 0, cut)))[:3]
    scale = 1.0 / int(below[cut])
    mean = np.array([s * scale for s in sums], np.float32) + 1.0
    lo, hi = t["wb_gain_limits"]
    return np.minimum(np.maximum(mean.mean() / mean, lo), hi).astype(np.float32)


def _every_second_pixel(img: np.ndarray) -> np.ndarray:
    """img[::2, ::2], contiguous. On even sides OpenCV's nearest-neighbour halving takes the same pixels five
    times faster than numpy copies the view (0.02 against 0.13 ms a board)."""
    if img.shape[0] % 2 or img.shape[1] % 2:
        return np.ascontiguousarray(img[::2, ::2])
    return cv2.resize(img, (img.shape[1] // 2, img.shape[0] // 2), interpolation=cv2.INTER_NEAREST)


def balance(rect: np.ndarray, profile=None, *, thresholds: dict) -> tuple[np.ndarray, np.ndarray]:
    """The board after the camera's known cast (a calibration profile) and its own white balance, and
    that white balance's BGR gains."""
    if profile is not None and profile.gains() is not None:
        rect = cv2.transform(rect, np.diag(np.float32(profile.gains())))
    gains = white_balance_gains(rect, thresholds=thresholds)
    return cv2.transform(rect, np.diag(gains)), gains


def region_means(rect: np.ndarray, profile=None, *, thresholds: dict) -> tuple[np.ndarray, np.ndarray]:
    """(72, channels, REGIONS + QUARTERS) means after white balance, and the white balance's BGR gains."""
    balanced, gains = balance(rect, profile, thresholds=thresholds)
    return balanced_region_means(balanced), gains


def balanced_region_means(balanced: np.ndarray) -> np.ndarray:
    """region_means of a board already balanced."""
    px = balanced.shape[1] // COLUMNS
    # the channels as planes of their own: OpenCV copies a strided view (lab[..., 0]) on every call
    L8, a8, b8 = cv2.split(cv2.cvtColor(balanced, cv2.COLOR_BGR2Lab))
    dx, dy = cv2.spatialGradient(L8, ksize=3)  # both of Sobel's 3x3 derivatives in one pass
    edge = cv2.add(cv2.convertScaleAbs(dx), cv2.convertScaleAbs(dy))
    # the pixels some region weighs, a row per square for the weights, taken while they are still bytes
    # (six float copies of the whole board took a quarter of the time; one four-channel copy, merged and
    # split again, 0.15 against 0.09 ms a board), and each channel written into one array in place
    lo, hi = _weighed_span(px)
    chans = np.empty((len(CHANNELS), ROWS * COLUMNS, (hi - lo) ** 2), np.float32)
    L, a, b, L2, chroma, edge_sq = chans
    for plane, out in ((L8, L), (a8, a), (b8, b), (edge, edge_sq)):
        out[...] = _by_square(plane, px, lo, hi)  # bytes gathered, then widened (a ufunc casting them is slower)
    L *= np.float32(100.0 / 255.0)
    a -= np.float32(128.0)
    b -= np.float32(128.0)
    np.multiply(L, L, out=L2)
    L2 /= np.float32(100.0)
    np.multiply(a, a, out=chroma)
    chroma += b * b
    np.sqrt(chroma, out=chroma)
    W = _weighed_weights(px)
    # a product per channel: one over all six rows at once adds in another order (OpenBLAS picks its kernel by
    # the rows' count), and the means would differ in their last bits
    means = np.stack([ch @ W for ch in chans], 1)
    # the L spread in each region (texture: a flat token against an illustrated floor)
    means[:, 3, :] = np.sqrt(np.maximum(means[:, 3, :] - means[:, 0, :] ** 2 / 100.0, 0) * 100.0)
    return means


def _by_square(plane: np.ndarray, px: int, lo: int, hi: int) -> np.ndarray:
    """(72, (hi - lo)**2): each square's pixels lo..hi-1 down and across, squares in reading order."""
    n = hi - lo
    return plane.reshape(ROWS, px, COLUMNS, px)[:, lo:hi, :, lo:hi].transpose(0, 2, 1, 3).reshape(ROWS * COLUMNS, n * n)


@functools.cache
def _weighed_span(px: int) -> tuple[int, int]:
    """The first and one past the last pixel row (and column) of a square that some region weighs."""
    w = region_weights(px).reshape(-1, px, px).any(0)
    rows, cols = np.flatnonzero(w.any(1)), np.flatnonzero(w.any(0))
    return int(min(rows[0], cols[0])), int(max(rows[-1], cols[-1])) + 1


@functools.cache
def _weighed_weights(px: int) -> np.ndarray:
    """(n*n, REGIONS + QUARTERS) region_weights over the weighed span only."""
    lo, hi = _weighed_span(px)
    w = region_weights(px).reshape(-1, px, px)[:, lo:hi, lo:hi]
    return np.ascontiguousarray(w.reshape(len(w), -1).T)


def quarter_features(means: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The quarters and the corners, each four ordered from the most to the least like their median
    colour: (72, channels, 8) means and (72, 8) Lab distances. A hand or glare spot over part of a
    square lands in the last of each four, whichever side it comes from."""
    n, c = means.shape[:2]
    q = means[:, :, len(REGIONS):len(REGIONS) + len(QUARTERS)].reshape(n, c, 2, len(QUARTERS) // 2)
    lab = q[:, :3]
    middle = np.sort(lab, 3)[..., 1:3]  # the median of four (np.median's overhead is most of its cost)
    d = np.abs(lab - (middle[..., :1] + middle[..., 1:]) / 2).sum(1)  # (n, 2, 4)
    order = np.argsort(d, 2, kind="stable")
    ordered = take_along(q, order[:, None], 3).reshape(n, c, len(QUARTERS))
    return ordered, take_along(d, order, 2).reshape(n, len(QUARTERS))


def take_along(a: np.ndarray, index: np.ndarray, axis: int) -> np.ndarray:
    """np.take_along_axis(a, index, axis), the same gather, without the checks and the building of the index
    that cost more than the gather itself on a board's small arrays (84 against 20 us for the quarters)."""
    grids = _axis_grids(a.shape)
    return a[grids[:axis] + (index,) + grids[axis + 1:]]


@functools.cache
def _axis_grids(shape: tuple[int, ...]) -> tuple[np.ndarray, ...]:
    """Each axis's indices, shaped to broadcast along that axis alone."""
    return tuple(np.arange(n).reshape([-1 if k == i else 1 for k in range(len(shape))]) for i, n in enumerate(shape))


def four_neighbours(grid: np.ndarray, beyond=None) -> np.ndarray:
    """(4, *grid.shape): each square's neighbour above, below, left and right, over the grid's last three
    axes (rows, columns, values); beyond the board's edge `beyond`, or the square's own value when None."""
    out = np.repeat(grid[None], 4, 0) if beyond is None else np.full((4,) + grid.shape, beyond, grid.dtype)
    out[0, ..., 1:, :, :] = grid[..., :-1, :, :]
    out[1, ..., :-1, :, :] = grid[..., 1:, :, :]
    out[2, ..., :, 1:, :] = grid[..., :, :-1, :]
    out[3, ..., :, :-1, :] = grid[..., :, 1:, :]
    return out


def percentiles(x: np.ndarray, qs: tuple[float, ...]) -> np.ndarray:
    """np.percentile(x, qs) of a 1-D array, to the last bit (its linear method, the same arithmetic), without
    its general machinery: 8 against 70 us for a board's 72 squares."""
    lo, hi, gamma, up = _percentile_points(len(x), tuple(qs))
    s = np.sort(x)
    a, b = s[lo], s[hi]
    d = b - a
    return np.where(up, b - d * (1 - gamma), a + d * gamma)


@functools.cache
def _percentile_points(n: int, qs: tuple[float, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """For np.percentile's linear method over n values: the sorted values' indices either side of each
    percentile, the weight of the upper one, and where numpy interpolates from the upper one down."""
    q = np.asarray(qs, np.float64) / 100
    virtual = (n - 1) * q  # numpy's virtual index for the linear method
    lo = np.floor(virtual).astype(np.intp)
    gamma = virtual - lo
    return lo, np.minimum(lo + 1, n - 1), gamma, gamma >= 0.5


def floor_free_features(means: np.ndarray, gains: np.ndarray, ordered: tuple | None = None) -> np.ndarray:
    """(72, F0): what needs no floor reference: each square's regions, its ordered quarters and
    corners, its most alike neighbour's corner, and the board's chroma and white balance. The floor
    model reads these."""
    corner = means[:, :3, REGIONS.index("corner")]
    # the four neighbours' corners: a leaf square usually has a neighbour of its own tile, and a
    # square beside a hand or glare spot differs from its neighbours less than from the board
    corner_grid = corner.reshape(ROWS, COLUMNS, 3)
    nbrs = four_neighbours(corner_grid)
    near = np.abs(nbrs - corner_grid[None]).sum(-1).argmin(0)  # the most alike neighbour
    alike = take_along(nbrs, near[None, ..., None], 0)[0].reshape(-1, 3)
    context = np.concatenate([percentiles(means[:, 4, REGIONS.index("whole")], (20, 50)), np.log(gains)])
    quarters, dist = quarter_features(means) if ordered is None else ordered
    n = len(means)
    return np.concatenate([means[:, :, :len(REGIONS)].reshape(n, -1), quarters.reshape(n, -1), dist,
                           alike - corner, np.tile(context, (n, 1))], 1)


def floor_reference(means: np.ndarray, floor_probs: np.ndarray, *, thresholds: dict) -> tuple[np.ndarray, float]:
    """The floor's Lab colour: the weighted median ring colour of the squares that show floor there
    (empty squares and open holes, as the floor model judges), and how many squares' worth it rests on.

    With too little floor in sight (a board under a hand) the median corner colour stands in."""
    t = thresholds["classify"]
    ring = means[:, :3, REGIONS.index("ring")]
    w = floor_probs[:, FLOOR_CLASSES.index("f")] + floor_probs[:, FLOOR_CLASSES.index("h")]
    w = np.where(w > float(t["floor_square_probability"]), w, 0.0)
    support = float(w.sum())
    if support < float(t["floor_min_support"]):
        return np.median(means[:, :3, REGIONS.index("corner")], 0), support
    return weighted_medians(ring, w).astype(np.float32), support


def weighted_medians(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Each column's median of (n, k) values x under weights w (n,): the lowest value with at least half the
    weight at or below it."""
    order = np.argsort(x, 0, kind="stable")
    cum = np.cumsum(w[order], 0)
    at = (cum < cum[-1] / 2).sum(0)  # searchsorted's place of half the weight in each column
    return x[order[at, np.arange(x.shape[1])], np.arange(x.shape[1])]


def features_with_floor(means: np.ndarray, base: np.ndarray, floor_probs: np.ndarray,
                        ordered: tuple | None = None, floor: tuple | None = None, *, thresholds: dict) -> np.ndarray:
    """(72, F): the floor-free features, the regions' colours relative to the floor, and the floor.
    `ordered`: quarter_features(means), `floor`: floor_reference(means, floor_probs), when the caller
    has them already."""
    ref, support = floor_reference(means, floor_probs, thresholds=thresholds) if floor is None else floor
    quarters, _ = quarter_features(means) if ordered is None else ordered
    rel = np.concatenate([means[:, :3, :len(REGIONS)], quarters[:, :3, :]], 2) - ref[None, :, None]
    context = np.concatenate([ref, [np.log1p(support)]])
    return np.concatenate([base, rel.reshape(len(rel), -1), np.tile(context, (len(base), 1))], 1).astype(np.float32)


_EDGE_SIDES = ((np.arange(ROWS)[:, None] % (ROWS - 1) == 0).astype(int)
               + (np.arange(COLUMNS)[None, :] % (COLUMNS - 1) == 0))  # how many of a square's sides are the board's edge


def neighbour_context(piece_probs: np.ndarray) -> np.ndarray:
    """(boards*72, 3k+1): each square's piece probabilities (k classes, squares in reading order, board
    after board), the mean and the largest of its four neighbours', and how many of its sides are the
    board's edge. A tile covers several squares and a hand reaches over several: the second model
    (context_model) reads a square again in the light of its neighbours."""
    k = piece_probs.shape[1]
    grid = piece_probs.reshape(-1, ROWS, COLUMNS, k)
    # beyond the edge: nothing to the sum, below any probability for the largest (numpy's nan-aware mean
    # and maximum gave the same, slower)
    total = four_neighbours(grid, 0.0).sum(0)
    largest = four_neighbours(grid, -1.0).max(0)
    inside, edge = _edge_sides(len(grid))
    return np.concatenate([piece_probs, (total / inside).reshape(-1, k), largest.reshape(-1, k), edge], 1).astype(np.float32)


@functools.cache
def _edge_sides(boards: int) -> tuple[np.ndarray, np.ndarray]:
    """For `boards` boards: each square's sides inside the board, (boards, ROWS, COLUMNS, 1), and its sides on
    the board's edge as a column, (boards*72, 1); whole numbers, as the neighbours' mean has always divided by.
    Built once: numpy's broadcast_to took longer than the rest of the context."""
    edge = np.repeat(_EDGE_SIDES[None], boards, 0)
    inside, column = (4 - edge)[..., None], edge.reshape(-1, 1)
    inside.flags.writeable = column.flags.writeable = False
    return inside, column


LEAF_COLOURS = ("Gg", "Yy", "Rr")  # each leaf colour's solid square and hole
LEAF_SOLID = [PIECE_CHARS.index(solid) for solid, _ in LEAF_COLOURS]  # in the perceptrons' classes
LEAF_HOLE = [PIECE_CHARS.index(hole) for _, hole in LEAF_COLOURS]
_CORNER_LAB = [c * len(REGIONS) + REGIONS.index("corner") for c in range(3)]  # in floor_free_features' columns


def corner_lab(feats: np.ndarray) -> np.ndarray:
    """(squares, 3) each square's corner colour (Lab, after white balance) from its features."""
    return feats[:, _CORNER_LAB]


def leaf_colour_context(feats: np.ndarray, piece_probs: np.ndarray) -> np.ndarray:
    """(boards*72, 4 per leaf colour): each square's corner colour (on the leaf for every hole size)
    less the mean corner colour of the board's other squares that `piece_probs` read as that leaf
    colour (weighted by how sure), and how many squares' worth that mean rests on.

    One board's tiles of one colour share its light and printing: under a strong cast a green tile
    can look yellow on its own, yet still match the board's other greens better than its yellows."""
    n, k = ROWS * COLUMNS, len(LEAF_COLOURS)
    corner = corner_lab(feats).reshape(-1, n, 1, 3)
    w = (piece_probs[:, LEAF_SOLID] + piece_probs[:, LEAF_HOLE]).reshape(-1, n, k, 1)
    others = w.sum(1, keepdims=True) - w  # leave the square itself out of its own board's mean
    mean = ((w * corner).sum(1, keepdims=True) - w * corner) / np.maximum(others, 1e-6)
    diff = np.where(others > 0.5, corner - mean, 0.0)
    return np.concatenate([diff, np.log1p(others)], 3).reshape(-1, 4 * k).astype(np.float32)


def context_input(feats: np.ndarray, piece_probs: np.ndarray) -> np.ndarray:
    """The context model's input: the features, the first model's reading of each square and its
    neighbours, and each square's colour against the board's leaves as first read."""
    return np.concatenate([feats, neighbour_context(piece_probs),
                           leaf_colour_context(feats, piece_probs)], 1)


@dataclass(frozen=True, eq=False)
class BoardFeatures:
    squares: np.ndarray  # (72, F), squares in reading order (A1, B1, ... I8)
    balanced: np.ndarray  # the board after white balance (BGR, as rectified)
    floor: np.ndarray  # the floor's Lab colour (floor_reference)
    # the table's pieces as learned in play (vision.classify.appearance.AppearanceMemory), from the profile;
    # the final reading is weighed by it
    appearance: object = None


def board_features(rect: np.ndarray, profile=None, adapt: bool = True, *, thresholds: dict) -> BoardFeatures:
    """`adapt`: whether the profile's learned appearance is to weigh the reading (not when the squares are
    read to be learned from: the references hold the models' own reading)."""
    balanced, gains = balance(rect, profile, thresholds=thresholds)
    means = balanced_region_means(balanced)
    ordered = quarter_features(means)
    base = floor_free_features(means, gains, ordered)
    floor_probs = load_mlp("floor_model").probabilities(base)
    floor = floor_reference(means, floor_probs, thresholds=thresholds)
    appearance = getattr(profile, "appearance", None) if adapt else None
    squares = features_with_floor(means, base, floor_probs, ordered, floor, thresholds=thresholds)
    return BoardFeatures(squares, balanced, floor[0],
                         None if appearance is None or appearance.empty else appearance)


def square_features(rect: np.ndarray, profile=None, *, thresholds: dict) -> np.ndarray:
    """(72, F) features, squares in reading order (A1, B1, ... I8)."""
    return board_features(rect, profile, thresholds=thresholds).squares
