"""Where the printed ArUco corner markers sit relative to a board's grid (read from data/markers.toml)."""
from __future__ import annotations

import functools
import pathlib
import tomllib
from dataclasses import dataclass

import cv2
import numpy as np

from vision.grids import COLUMNS, ROWS

DATA = pathlib.Path(__file__).resolve().parent.parent / "data"


@dataclass(frozen=True)
class MarkerLayout:
    dictionary: str
    first_id: int
    size: float
    quiet_zone: float
    offset: float

    @property
    def dictionary_id(self) -> int:
        return int(getattr(cv2.aruco, self.dictionary))

    def board_and_corner(self, marker_id: int) -> tuple[int, int] | None:
        k = marker_id - self.first_id
        return (k // 4, k % 4) if 0 <= k < 16 else None

    def marker_corners(self, corner: int) -> np.ndarray:
        """The marker's 4 corners (ArUco order TL, TR, BR, BL) in grid squares, A1's top-left at (0, 0)."""
        gx, gy = [(0, 0), (COLUMNS, 0), (COLUMNS, ROWS), (0, ROWS)][corner]
        cx = gx + (-1 if gx == 0 else 1) * self.offset
        cy = gy + (-1 if gy == 0 else 1) * self.offset
        h = self.size / 2
        return np.array([[cx - h, cy - h], [cx + h, cy - h], [cx + h, cy + h], [cx - h, cy + h]])


@functools.cache
def load_marker_layout(path: pathlib.Path | str = DATA / "markers.toml") -> MarkerLayout:
    with open(path, "rb") as f:
        d = tomllib.load(f)
    return MarkerLayout(d["dictionary"], int(d["first_id"]), float(d["size"]), float(d["quiet_zone"]), float(d["offset"]))
