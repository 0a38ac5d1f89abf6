"""How much each square of a board changed against its reference picture: its centre (the disc inside
every hole, where a token lands and an open hole still shows the floor) and its ring (the square outside
every hole, which a tile, a squirrel or an animal covers) apart.

Each is the share of its pixels whose light-free look (vision.change.references.light_free) changed, after
the view's channels are matched to the reference's (a colour cast, a white balance drifting); the view is
also compared shifted by a pixel or two and each square keeps its best, so corners found again a little
apart (the camera nudged) do not read as change."""
from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from vision.change.references import BoardPicture, light_free
from vision.grids import COLUMNS, ROWS


@dataclass(frozen=True, eq=False)
class SquareChange:
    """8x9 shares of each square's centre and ring that changed."""
    centre: np.ndarray
    ring: np.ndarray

    def changed(self, t: dict) -> tuple[np.ndarray, np.ndarray]:
        """(centre changed, ring changed), 8x9 bool each, by thresholds.toml's [change]."""
        return self.centre >= float(t["centre_changed"]), self.ring >= float(t["ring_changed"])


@functools.cache
def _regions(px: int, centre_radius: float, ring_inner: float, ring_border: float) -> tuple[np.ndarray, np.ndarray]:
    """(centre, ring) masks of one square, px x px float."""
    g = (np.arange(px) + 0.5) / px - 0.5
    y, x = np.meshgrid(g, g, indexing="ij")
    r = np.hypot(x, y)
    edge = np.maximum(np.abs(x), np.abs(y))
    centre = (r <= centre_radius).astype(np.float32)
    ring = ((r >= ring_inner) & (edge <= 0.5 - ring_border)).astype(np.float32)
    return centre, ring


def _channel_gain(reference: np.ndarray, view: np.ndarray) -> np.ndarray:
    """Per channel, the view's light against the reference's: the median of their ratio, which the few
    squares a move changes do not move."""
    step = max(1, reference.shape[0] // 64)
    a, b = reference[::step, ::step].reshape(-1, 3), view[::step, ::step].reshape(-1, 3)
    return np.median((b + 4.0) / (a + 4.0), axis=0).astype(np.float32)


def _shifted(a: np.ndarray, dy: int, dx: int) -> np.ndarray:
    """`a` moved by (dy, dx) pixels, its edge repeated."""
    if not dy and not dx:
        return a
    h, w = a.shape[:2]
    pad = np.pad(a, ((abs(dy), abs(dy)), (abs(dx), abs(dx)), (0, 0)), mode="edge")
    return pad[abs(dy) - dy:abs(dy) - dy + h, abs(dx) - dx:abs(dx) - dx + w]


def square_changes(reference: BoardPicture, view: BoardPicture, t: dict) -> SquareChange:
    """Each square's change from `reference` to `view` (the same board, rectified alike); `t` is
    thresholds.toml's [change]."""
    if reference.px != view.px or reference.bgr.shape != view.bgr.shape:
        raise ValueError("a board's view and reference must be rectified alike")
    px = reference.px
    ref = light_free(reference.bgr, t)
    now = light_free(view.bgr / _channel_gain(reference.bgr, view.bgr), t)
    centre, ring = _regions(px, float(t["centre_radius"]), float(t["ring_inner"]), float(t["ring_border"]))
    n = int(t["shifts"])
    limit = float(t["pixel_changed"])
    best_centre = np.full((ROWS, COLUMNS), np.inf, np.float32)
    best_ring = best_centre.copy()
    for dy in range(-n, n + 1):
        for dx in range(-n, n + 1):
            changed = (np.abs(_shifted(now, dy, dx) - ref).sum(2) > limit).astype(np.float32)
            per = changed.reshape(ROWS, px, COLUMNS, px)
            best_centre = np.minimum(best_centre, np.einsum("aybx,yx->ab", per, centre) / centre.sum())
            best_ring = np.minimum(best_ring, np.einsum("aybx,yx->ab", per, ring) / ring.sum())
    return SquareChange(best_centre, best_ring)
