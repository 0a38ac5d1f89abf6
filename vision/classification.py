"""Read every square of a rectified board: its piece, the printed symbol where the floor shows, and how sure.

Both decisions come from small perceptrons over vision.features (colour after the board's own white
balance and relative to its floor, which a third, floor-free perceptron finds; saturation, the hole's and
the disc's rings, the square's quarters). The piece is read twice: the second model sees, beside the
features, the first one's reading of the square and of its neighbours. "?" where it says occluded or is
not confident enough (thresholds.toml).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.features import neighbour_context, square_features
from vision.grids import COLUMNS, FLOOR_VISIBLE, ROWS, format_grid, rotate180
from vision.mlp import load_mlp
from vision.thresholds import thresholds


@dataclass(frozen=True, eq=False)
class BoardReading:
    pieces: str  # piece notation, "?" where occluded or unsure
    printed: str  # printed notation read from the visible floor, "?" where the floor is hidden
    confidence: np.ndarray  # 8x9 probability of the reported piece
    piece_probs: np.ndarray  # 72 x len(piece classes), reading order
    printed_probs: np.ndarray  # 72 x 5 (".bnmf"), meaningful where the floor shows

    def turned_half(self) -> "BoardReading":
        """The same reading seen from the opposite seat (A1 and I8 swap)."""
        return BoardReading(rotate180(self.pieces), rotate180(self.printed), self.confidence[::-1, ::-1].copy(),
                            self.piece_probs[::-1].copy(), self.printed_probs[::-1].copy())


def classify(rectified: np.ndarray, profile=None) -> BoardReading:
    if rectified is None or rectified.ndim != 3 or rectified.shape[1] % COLUMNS or rectified.shape[0] * COLUMNS != rectified.shape[1] * ROWS:
        raise ValueError("classify needs a rectified board of 9x8 equal squares (vision.rectification)")
    t = thresholds()["classify"]
    feats = square_features(rectified, profile)
    first = load_mlp("pieces_model").probabilities(feats)
    pm, qm = load_mlp("context_model"), load_mlp("printed_model")  # the context model has the pieces model's classes
    pp = pm.probabilities(np.concatenate([feats, neighbour_context(first)], 1))
    qp = qm.probabilities(feats)
    # "?" when the model sees a hand (its occluded class is sure) or no piece class is sure enough;
    # otherwise the best piece class, its probability renormalised over the piece classes
    occ = pm.classes.index("?")
    real = np.delete(pp, occ, axis=1)
    real_classes = np.array([c for c in pm.classes if c != "?"])
    best = real.argmax(1)
    conf = real[np.arange(len(best)), best] / real.sum(1)
    chars = real_classes[best]
    unsure = (pp[:, occ] > float(t["occluded_probability"])) | (conf < float(t["min_confidence"]))
    chars[unsure] = "?"
    printed = np.array(list(qm.classes))[qp.argmax(1)]
    printed[~np.isin(chars, list(FLOOR_VISIBLE))] = "?"
    conf = np.where(unsure, np.minimum(conf, 1 - pp[:, occ]), conf)
    return BoardReading(format_grid(chars.reshape(ROWS, COLUMNS)), format_grid(printed.reshape(ROWS, COLUMNS)),
                        conf.reshape(ROWS, COLUMNS), pp, qp)
