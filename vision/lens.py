"""The camera's lens as calibration measured it (`leafwatch calibrate camera`): the pinhole model and
the distortion coefficients, and the frame they are undone on. A wide-angle webcam bends the straight
edges of a board near the picture's sides; undoing that first lets every later stage assume straight
lines."""
from __future__ import annotations

import functools
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Lens:
    camera_matrix: tuple[tuple[float, float, float], ...]  # 3x3, in pixels of `image_size`
    dist: tuple[float, ...]  # OpenCV's k1 k2 p1 p2 k3
    image_size: tuple[int, int]  # (width, height) of the frames it was measured on
    rms: float  # reprojection error of the calibration, in pixels

    def to_json(self) -> dict:
        return {"camera_matrix": [list(r) for r in self.camera_matrix], "dist": list(self.dist),
                "image_size": list(self.image_size), "rms": self.rms}

    @staticmethod
    def from_json(data: object) -> "Lens":
        """A Lens from a profile's `lens` entry; ValueError saying what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("lens must be an object with camera_matrix, dist and image_size")
        k, dist, size = data.get("camera_matrix"), data.get("dist"), data.get("image_size")
        if not (isinstance(k, list) and len(k) == 3 and all(isinstance(r, list) and len(r) == 3 and all(_number(v) for v in r) for r in k)):
            raise ValueError("lens camera_matrix must be 3 rows of 3 numbers")
        if not (isinstance(dist, list) and 4 <= len(dist) <= 14 and all(_number(v) for v in dist)):
            raise ValueError("lens dist must be 4 to 14 numbers")
        if not (isinstance(size, list) and len(size) == 2 and all(isinstance(v, int) and 16 <= v <= 20000 for v in size)):
            raise ValueError("lens image_size must be [width, height] in pixels")
        if not (k[0][0] > 0 and k[1][1] > 0 and k[2] == [0, 0, 1]):
            raise ValueError("lens camera_matrix is not a camera's (focal lengths > 0, last row 0 0 1)")
        rms = data.get("rms", 0.0)
        return Lens(tuple(tuple(float(v) for v in r) for r in k), tuple(float(v) for v in dist),
                    (size[0], size[1]), float(rms) if _number(rms) else 0.0)

    def undistort(self, image: np.ndarray) -> np.ndarray:
        """The frame as a lens without distortion would have taken it (same size and focal length)."""
        h, w = image.shape[:2]
        map1, map2 = _maps(self, w, h)
        return cv2.remap(image, map1, map2, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and np.isfinite(v)


@functools.lru_cache(maxsize=4)
def _maps(lens: Lens, width: int, height: int):
    """The remap tables for frames of this size, made once (a frame of another size than the one
    measured is taken as the same picture scaled)."""
    k = np.array(lens.camera_matrix, np.float64)
    sx, sy = width / lens.image_size[0], height / lens.image_size[1]
    k[0] *= sx
    k[1] *= sy
    return cv2.initUndistortRectifyMap(k, np.array(lens.dist, np.float64), None, k, (width, height), cv2.CV_16SC2)
