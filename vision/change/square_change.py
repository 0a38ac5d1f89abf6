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

import cv2
import numpy as np

from vision.change.references import BoardPicture, light_free, view_of
from vision.grids import COLUMNS, ROWS


@dataclass(frozen=True, eq=False)
class SquareChange:
    """8x9 shares of each square's centre that changed, and of its ring (the least of its four corners');
    and `apart`, how far each square's centre lies from its own ring in colour now (the distance of their
    mean chromaticities, in light_free's units): a token on a hole is a disc of its own colour in its
    leaf, while a leaf's solid square is its leaf's colour through (None where not measured)."""
    centre: np.ndarray
    ring: np.ndarray
    apart: np.ndarray | None = None

    def changed(self, t: dict) -> tuple[np.ndarray, np.ndarray]:
        """(centre changed, ring changed), 8x9 bool each, by thresholds.toml's [change]."""
        return self.centre >= float(t["centre_changed"]), self.ring >= float(t["ring_changed"])


@functools.cache
def _regions(px: int, centre_radius: float, ring_inner: float, ring_border: float) -> tuple[np.ndarray, tuple]:
    """The centre mask of one square, px x px bool, and its ring's four corner parts."""
    g = (np.arange(px) + 0.5) / px - 0.5
    y, x = np.meshgrid(g, g, indexing="ij")
    r = np.hypot(x, y)
    edge = np.maximum(np.abs(x), np.abs(y))
    centre = r <= centre_radius
    ring = (r >= ring_inner) & (edge <= 0.5 - ring_border)
    return centre, tuple(ring & (np.sign(y) == sy) & (np.sign(x) == sx) for sy in (-1, 1) for sx in (-1, 1))


def _channel_gain(reference: np.ndarray, view: np.ndarray) -> np.ndarray:
    """Per channel, the view's light against the reference's: the median of their ratio, which the few
    squares a move changes do not move."""
    step = max(1, reference.shape[0] // 64)
    a, b = reference[::step, ::step].reshape(-1, 3), view[::step, ::step].reshape(-1, 3)
    return np.median((b + 4.0) / (a + 4.0), axis=0).astype(np.float32)


def _lit_like(reference: np.ndarray, view: np.ndarray, px: int, t: dict) -> np.ndarray:
    """The view under the reference's light: its brightness divided by the ratio of the two pictures'
    brightness smoothed over about a square, so that a shadow's or a lamp's smooth change drops out before
    colour is compared, while a piece (sharp-edged, its own colour) still shows."""
    sigma = float(t["light_sigma"]) * px
    ratio = cv2.GaussianBlur(view.sum(2) + 12.0, (0, 0), sigma) / cv2.GaussianBlur(reference.sum(2) + 12.0, (0, 0), sigma)
    return view / ratio[..., None]


def square_changes(reference: BoardPicture, view: BoardPicture, t: dict) -> SquareChange:
    """Each square's change from `reference` to `view` (the same board, rectified alike); `t` is
    thresholds.toml's [change]."""
    if reference.px != view.px or reference.bgr.shape != view.bgr.shape:
        raise ValueError("a board's view and reference must be rectified alike")
    px = reference.px
    ref = reference.light_free(t)
    lit = _lit_like(reference.bgr, view.bgr / _channel_gain(reference.bgr, view.bgr), px, t)
    now = light_free(lit, t)
    centre, corners = _regions(px, float(t["centre_radius"]), float(t["ring_inner"]), float(t["ring_border"]))
    centre_all = np.tile(centre, (ROWS, COLUMNS))
    corners_all = [np.tile(c, (ROWS, COLUMNS)) for c in corners]
    n = int(t["shifts"])
    limit = float(t["pixel_changed"])
    best_centre = np.full((ROWS, COLUMNS), np.inf, np.float32)
    best_ring = best_centre.copy()
    h, w = ref.shape[:2]
    padded = np.pad(now, ((n, n), (n, n), (0, 0)), mode="edge")
    for dy in range(-n, n + 1):
        for dx in range(-n, n + 1):
            diff = np.abs(padded[n - dy:n - dy + h, n - dx:n - dx + w] - ref)
            changed = (diff[..., 0] + diff[..., 1] + diff[..., 2]) > limit
            best_centre = np.minimum(best_centre, _per_square(changed & centre_all, px) / centre.sum())
            # a piece covers the whole ring; a change beside the square reaches at most three of its corners
            ring = np.min([_per_square(changed & c_all, px) / c.sum() for c, c_all in zip(corners, corners_all)], axis=0)
            best_ring = np.minimum(best_ring, ring)
    return SquareChange(best_centre, best_ring, centre_against_ring(lit, now, px, centre, np.any(corners, axis=0), float(t["eps"])))


def centre_against_ring(bgr: np.ndarray, look: np.ndarray, px: int, centre: np.ndarray, ring: np.ndarray,
                        eps: float) -> np.ndarray:
    """8x9: how far each square's centre disc lies from its ring in colour: the difference of their mean
    chromaticities (`look`'s first two channels, light_free of `bgr`) summed, plus that of the logs of
    their mean brightness, `eps` added (the light over one square is one light, so their ratio is the
    pieces' own)."""
    def split(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        per = a.reshape(ROWS, px, COLUMNS, px, -1).transpose(0, 2, 1, 3, 4)
        return per[:, :, centre].mean(axis=2), per[:, :, ring].mean(axis=2)

    chroma_in, chroma_out = split(look[..., :2])
    bright_in, bright_out = split(bgr.sum(2, keepdims=True) + eps)
    return (np.abs(chroma_in - chroma_out).sum(axis=-1) + np.abs(np.log(bright_in / bright_out))[..., 0]).astype(np.float32)


def _per_square(mask: np.ndarray, px: int) -> np.ndarray:
    return mask.reshape(ROWS, px, COLUMNS, px).sum(axis=(1, 3), dtype=np.float32)


def registered_change(image: np.ndarray, corners, reference: BoardPicture, t: dict) -> tuple[BoardPicture, SquareChange]:
    """The board in `image` rectified onto its reference (view_of) and its change. Corners found from
    nothing can be wrong at one end (a hand over the board while it was searched for), and the camera
    and the board rarely move: where the corners found are not the reference's, the board is also read
    at the reference's own, and the view that changed less is kept."""
    view = view_of(image, corners, reference, t)
    change = square_changes(reference, view, t)
    if np.array_equal(view.corners, reference.corners):
        return view, change
    still = view_of(image, reference.corners, reference, t)
    other = square_changes(reference, still, t)
    # the reference's corners stand unless the ones found explain the picture clearly better (by a whole
    # square's change): a search made under a hand must not move a board that did not move
    if other.centre.sum() + other.ring.sum() <= change.centre.sum() + change.ring.sum() + 1.0:
        return still, other
    return view, change
