"""What the passes of analyze share over one frame: the picture, what is known of the table, the thresholds,
and the locations and boards found so far."""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from vision.locate.location import BoardLocation
from vision.passes.finding import FrameOutlines
from vision.results import BoardResult


@dataclass(eq=False)
class FrameContext:
    image: np.ndarray  # BGR
    profile: object  # the table's colour profile (vision.profile), or None
    known_sides: dict[str, str] | None  # the players' sides -> printed notation, when known
    thresholds: dict  # vision.thresholds: thresholds.toml, read once
    searching: bool  # boards are searched for (False: read at the locations an earlier frame found)
    locations: list[BoardLocation] = field(default_factory=list)
    boards: list[BoardResult] = field(default_factory=list)  # one per location
    # outlines of boards that were not sure of themselves: a corner of one may be a corner of a board an arm
    # hides most of
    doubtful_outlines: list[np.ndarray] = field(default_factory=list)
    board_size_known: bool = False  # a board named firmly gives the size the later searches look for boards by
    frame_outlines: FrameOutlines | None = None  # the whole picture's straight-line outlines, found when asked

    def __post_init__(self) -> None:
        if self.frame_outlines is None:
            self.frame_outlines = FrameOutlines(self.image, self.thresholds)
