"""A board's picture for comparing: rectified, blurred, and split into what light changes and what it
does not.

A passing shadow, a light gradient or the day's light drifting multiply a pixel's channels by a smooth
gain. So a pixel is kept as its chromaticity (the blue and red shares of its brightness, which a grey
gain leaves alone) and its log-brightness against its own surroundings (which a smooth gain shifts by a
constant that the surroundings share). A colour cast is taken out per channel when two pictures are
compared (square_change)."""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.grids import COLUMNS, ROWS
from vision.locate.rectification import grid_homography, rectify


@dataclass(frozen=True, eq=False)
class BoardPicture:
    """A board rectified at `px` per square and blurred (float BGR), A1 top-left, and the corners in the
    frame it was rectified from."""
    bgr: np.ndarray
    px: int
    corners: np.ndarray

    @staticmethod
    def of(image: np.ndarray, corners, t: dict) -> "BoardPicture":
        """The board at `corners` (A1, I1, I8, A8) in a BGR frame; `t` is thresholds.toml's [change]."""
        px = int(t["square_px"])
        corners = np.asarray(corners, np.float64)
        flat = rectify(image, corners.astype(np.float32), px).astype(np.float32)
        return BoardPicture(cv2.GaussianBlur(flat, (0, 0), float(t["blur_sigma"])), px, corners)

    def grey(self) -> np.ndarray:
        return self.bgr.mean(2).astype(np.float32)

    def light_free(self, t: dict) -> np.ndarray:
        """light_free(self.bgr, t), worked out once: a reference is compared with every frame."""
        cached = self.__dict__.get("_light_free")
        if cached is None:
            cached = light_free(self.bgr, t)
            object.__setattr__(self, "_light_free", cached)
        return cached


@dataclass(frozen=True, eq=False)
class BoardReference:
    """A board's settled picture and the piece notation of what it shows."""
    picture: BoardPicture
    notation: str

    @property
    def shape(self) -> tuple[int, int]:
        return ROWS * self.picture.px, COLUMNS * self.picture.px


def view_of(image: np.ndarray, corners, reference: BoardPicture | None, t: dict) -> BoardPicture:
    """The board in `image` rectified to lie on its reference picture square for square.

    A board found again from nothing gets corners a few pixels off each time (a grid fitted to its
    edges), though neither the camera nor the board moved: while the corners found stay within
    `same_place` squares of the reference's, the reference's own are used. What is left (the camera
    nudged, the board bumped) is a shift of the whole board, which phase correlation of the two pictures
    measures whatever changed on a few squares; the view is rectified again shifted by it."""
    corners = np.asarray(corners, np.float64)
    if reference is None:
        return BoardPicture.of(image, corners, t)
    square = np.linalg.norm(corners[1] - corners[0]) / COLUMNS
    if np.linalg.norm(corners - reference.corners, axis=1).max() <= float(t["same_place"]) * square:
        corners = reference.corners
    view = BoardPicture.of(image, corners, t)
    (dx, dy), _ = cv2.phaseCorrelate(reference.grey(), view.grey())
    if float(t["least_shift"]) <= np.hypot(dx, dy) <= reference.px:
        px = reference.px
        shifted = np.float32([[0, 0], [COLUMNS * px, 0], [COLUMNS * px, ROWS * px], [0, ROWS * px]]) + [dx, dy]
        back = np.linalg.inv(grid_homography(corners, px))
        view = BoardPicture.of(image, cv2.perspectiveTransform(shifted[None].astype(np.float64), back)[0], t)
    return view


def light_free(bgr: np.ndarray, t: dict) -> np.ndarray:
    """(h, w, 3): a pixel's blue and red shares of its brightness, scaled by `chroma_weight`, and its
    log-brightness against its surroundings, scaled by `structure_weight`."""
    total = bgr.sum(2) + float(t["eps"])
    chroma = bgr[..., (0, 2)] / total[..., None] * float(t["chroma_weight"])
    log = np.log(total)
    structure = (log - cv2.GaussianBlur(log, (0, 0), float(t["structure_sigma"]))) * float(t["structure_weight"])
    return np.dstack([chroma, structure]).astype(np.float32)
