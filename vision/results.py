"""What analyze reports: every board found in a frame, its corners, pieces, printed layout and side."""
from __future__ import annotations

import json
from dataclasses import dataclass, field

import numpy as np

from vision.classify.classification import BoardReading
from vision.grids import square_name


@dataclass(frozen=True, eq=False)


class BoardResult:
    corners: np.ndarray  # 4x2, A1-TL, I1-TR, I8-BR, A8-BL
    side: str | None
    pieces: str
    printed: str  # from the kit when the side is known, else as read ("?" where the floor is hidden)
    confidence: np.ndarray  # 8x9
    method: str
    oriented_by: str  # "markers", "printed layout" or "guess"
    reading: BoardReading = field(repr=False)
    side_lead: float = 0.0  # log-likelihood lead of the named side's fit over the next side's

    def to_dict(self) -> dict:
        return {
            "corners": [[round(float(x), 2), round(float(y), 2)] for x, y in self.corners],
            "side": self.side, "pieces": self.pieces, "printed": self.printed,
            "confidence": [[round(float(v), 3) for v in row] for row in self.confidence],
            "method": self.method, "oriented_by": self.oriented_by, "printed_seen": self.reading.printed,
            "side_lead": round(float(min(self.side_lead, 1e6)), 1),
            "beyond_picture": self.beyond_picture,
        }

    @property
    def beyond_picture(self) -> list[str]:
        """The squares (reading order) more than half beyond the picture's edge, which read "?"."""
        beyond = self.reading.beyond
        return [] if beyond is None else [square_name(r, c) for r, c in zip(*np.nonzero(beyond))]


@dataclass(frozen=True, eq=False)


class AnalyzeResult:
    width: int
    height: int
    boards: list[BoardResult]

    def to_dict(self) -> dict:
        return {"width": self.width, "height": self.height, "boards": [b.to_dict() for b in self.boards]}

    def to_json(self, **kw) -> str:
        return json.dumps(self.to_dict(), **kw)
