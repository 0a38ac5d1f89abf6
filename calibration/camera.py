"""The camera's lens measured with a printed ChArUco sheet: a chessboard whose white squares carry
ArUco markers, so that its corners are found and named even when part of the sheet is out of the
picture. Photographed from several angles, its corners give OpenCV's calibration the lens model;
the reprojection error says how well that model fits the pictures."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import cv2
import numpy as np

from calibration.colour import CalibrationError
from vision.lens import Lens

MM_PER_INCH = 25.4


@dataclass(frozen=True)
class Sheet:
    """The printed sheet: squares across and down, their size and the markers' size, in millimetres."""
    squares: tuple[int, int] = (7, 5)
    square_mm: float = 35.0
    marker_mm: float = 26.0
    dictionary: int = cv2.aruco.DICT_5X5_100

    def board(self) -> cv2.aruco.CharucoBoard:
        d = cv2.aruco.getPredefinedDictionary(self.dictionary)
        return cv2.aruco.CharucoBoard(self.squares, self.square_mm, self.marker_mm, d)

    def image(self, dpi: int = 300) -> np.ndarray:
        """The sheet as an A4 landscape page at `dpi`, true to size when printed at 100 %."""
        page = (round(297 / MM_PER_INCH * dpi), round(210 / MM_PER_INCH * dpi))
        w = round(self.squares[0] * self.square_mm / MM_PER_INCH * dpi)
        h = round(self.squares[1] * self.square_mm / MM_PER_INCH * dpi)
        if w > page[0] or h > page[1]:
            raise CalibrationError(f"a sheet of {self.squares[0]}x{self.squares[1]} squares of {self.square_mm:g} mm "
                                   "does not fit on an A4 page")
        out = np.full((page[1], page[0]), 255, np.uint8)
        y, x = (page[1] - h) // 2, (page[0] - w) // 2
        out[y:y + h, x:x + w] = self.board().generateImage((w, h), marginSize=0, borderBits=1)
        return out


@dataclass(frozen=True)
class LensReport:
    lens: Lens
    views: int  # pictures in which the sheet was found
    skipped: int  # pictures in which it was not, or too little of it


MIN_CORNERS = 8  # corners of the sheet one picture must show to count: fewer fix little of the model
MIN_VIEWS = 3  # pictures from different angles; ten or more measure a lens well


def measure_lens(frames: Iterable[np.ndarray], sheet: Sheet = Sheet()) -> LensReport:
    """The lens, from pictures of the sheet; CalibrationError when too few show it."""
    board = sheet.board()
    detector = cv2.aruco.CharucoDetector(board)
    objects, images, size, skipped = [], [], None, 0
    for frame in frames:
        grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        if size is None:
            size = (grey.shape[1], grey.shape[0])
        elif size != (grey.shape[1], grey.shape[0]):
            raise CalibrationError(f"the pictures differ in size ({size[0]}x{size[1]} and "
                                   f"{grey.shape[1]}x{grey.shape[0]}): take them all with one camera setting")
        corners, ids, _, _ = detector.detectBoard(grey)
        if ids is None or len(ids) < MIN_CORNERS:
            skipped += 1
            continue
        obj, img = board.matchImagePoints(corners, ids)
        objects.append(obj.astype(np.float32))
        images.append(img.astype(np.float32))
    if len(objects) < MIN_VIEWS:
        raise CalibrationError(f"the sheet was found in {len(objects)} of {len(objects) + skipped} pictures; "
                               f"photograph it whole from at least {MIN_VIEWS} angles (ten or more is better)")
    rms, k, dist, _, _ = cv2.calibrateCamera(objects, images, size, None, None)
    lens = Lens(tuple(tuple(float(v) for v in row) for row in k), tuple(float(v) for v in dist.ravel()[:5]),
                size, float(rms))
    return LensReport(lens, len(objects), skipped)
