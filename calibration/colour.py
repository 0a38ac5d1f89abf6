"""The camera's colour cast under the table's light, measured on the white margins of the corner
markers in one frame: the grey reference that `vision` removes before reading colours."""
from __future__ import annotations

from engine.errors import LeafwatchError

import cv2
import numpy as np

from vision.locate.markers import MarkerLayout, load_marker_layout
from vision.profile import ColourProfile


class CalibrationError(ValueError, LeafwatchError):
    """A frame that cannot calibrate: one line saying why and what to do."""


def measure_white(image: np.ndarray, layout: MarkerLayout | None = None) -> ColourProfile:
    layout = layout or load_marker_layout()
    if image is None or image.ndim != 3 or image.shape[2] != 3:
        raise CalibrationError("calibration needs a colour frame")
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(layout.dictionary_id),
                                       cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    if ids is None or len(ids) == 0:
        raise CalibrationError("no corner markers in view: lay the printed markers beside the boards "
                               "('leafwatch calibrate markers') and try again")
    samples = []
    for quad in corners:
        q = quad.reshape(4, 2).astype(np.float32)
        centre = q.mean(0)
        # the ring between the marker's black border and the outer edge of its white margin
        margin = 1 + 2 * layout.quiet_zone / layout.size  # the margin's edge, as a scale of the marker
        outer = centre + (q - centre) * (1 + 0.85 * (margin - 1))
        inner = centre + (q - centre) * (1 + 0.2 * (margin - 1))
        mask = np.zeros(image.shape[:2], np.uint8)
        cv2.fillConvexPoly(mask, np.round(outer).astype(np.int32), 255)
        cv2.fillConvexPoly(mask, np.round(inner).astype(np.int32), 0)
        pixels = image[mask > 0].reshape(-1, 3).astype(np.float32)
        if len(pixels) < 20:
            continue
        bright = pixels[pixels.sum(1) >= np.percentile(pixels.sum(1), 50)]  # the paper, not a shadow
        samples.append(np.median(bright, axis=0))
    if not samples:
        raise CalibrationError("the markers are too small in the frame to measure: move the camera closer")
    white = np.median(np.array(samples), axis=0)
    if white.min() < 40:
        raise CalibrationError("the markers' white margins look dark: light the table and try again")
    return ColourProfile(tuple(float(round(v, 1)) for v in white))
