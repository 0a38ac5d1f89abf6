"""A small convolutional network that reads every square of a board from its picture.

The perceptrons of vision.classify.classification see each square through thirteen fixed regions; what they
cannot see is shape: a token's rim inside a hole of the same colour, an animal's outline against the
floor, a hand's curved edge across a square. This network looks at the whole balanced board (its Lab
colour, and the same relative to the board's floor) and gives each square the piece classes'
probabilities; classification weighs them with the context model's.

It is trained with torch by vision.training.net and stored as ONNX (data/square_net.onnx); OpenCV's dnn
module runs it, so reading a board needs nothing beyond OpenCV and numpy.
"""
from __future__ import annotations

import functools
import pathlib

import cv2
import numpy as np

from vision.grids import COLUMNS, PIECE_CHARS, ROWS
from vision.classify.mlp import DATA, ModelFileError

CLASSES = PIECE_CHARS  # the output's order, the piece notation's ("?" = hidden), as the perceptrons'
CACHE_PX = 16  # pixels per square of the boards the training cache holds, and the first step down at run time
INPUT_CHANNELS = 6


def net_input(balanced: np.ndarray, floor_lab: np.ndarray, *, thresholds: dict) -> np.ndarray:
    """(6, 8*px, 9*px) float32 from a white-balanced BGR board of 9x8 equal squares and its floor's Lab
    colour (L 0-100, a and b about 0): Lab, and Lab minus the floor, each scaled to about unit range, at
    thresholds.toml [square_net] input_px pixels a square."""
    px = int(thresholds["square_net"]["input_px"])
    small = balanced
    for step in (CACHE_PX, px):  # always the same two steps, so a cached 16 px board and a live one agree
        if small.shape[1] != COLUMNS * step:
            small = cv2.resize(small, (COLUMNS * step, ROWS * step), interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2Lab)
    x = np.empty((INPUT_CHANNELS, *lab.shape[:2]), np.float32)  # filled in place, without the stacked copies
    x[:3] = lab.transpose(2, 0, 1)  # the bytes widened in one copy (ufuncs casting them as they go are slower)
    x[0] *= np.float32(100.0 / 255.0)
    x[1:3] -= np.float32(128.0)
    np.subtract(x[:3], np.asarray(floor_lab, np.float32)[:, None, None], out=x[3:])
    x[0] -= np.float32(50.0)
    x /= np.float32(25.0)
    return x


@functools.cache
def _network(path: pathlib.Path):
    if not path.exists():
        raise ModelFileError(f"{path} is missing: run `python -m vision.training.net` to build it")
    try:
        # the classic engine: OpenCV 5's new one (its default) gives the same output but took twice as long
        # on this small net, 1.7 against 0.9 ms a board on one core
        return cv2.dnn.readNetFromONNX(str(path), cv2.dnn.ENGINE_CLASSIC)
    except cv2.error:
        raise ModelFileError(f"{path} is not a network OpenCV can read: run `python -m vision.training.net` "
                             "to build it again") from None


def square_net_probabilities(inputs: np.ndarray, path: pathlib.Path | None = None) -> np.ndarray:
    """(boards*72, classes) piece probabilities, squares in reading order, for (boards, 6, H, W) or one
    (6, H, W) net_input. `path`: another network file than the installed one (a net just trained)."""
    x = np.ascontiguousarray(inputs[None] if inputs.ndim == 3 else inputs, np.float32)
    path = pathlib.Path(path) if path is not None else DATA / "square_net.onnx"
    net = _network(path)
    out = []
    for s in range(0, len(x), 64):  # a bounded batch: the first layer's output is 0.7 MB per board
        net.setInput(x[s:s + 64])
        out.append(net.forward())  # (boards, classes, ROWS, COLUMNS)
        if out[-1].shape[1:] != (len(CLASSES), ROWS, COLUMNS):
            # a net trained at other pixels per square than its input's still runs, on the wrong cells
            raise ModelFileError(f"{path} was trained for boards of another size than these "
                                 f"({x.shape[3] // COLUMNS} px per square, thresholds.toml [square_net] input_px): "
                                 "run `python -m vision.training.net` to build it again")
    return np.concatenate(out).transpose(0, 2, 3, 1).reshape(-1, len(CLASSES)).astype(np.float64)
