"""Boards whose whole visible floor contradicts the side they name dropped."""
from __future__ import annotations

from vision.board_checks import floor_fit_of_side
from vision.frame import FrameContext
from vision.locate.location import BoardLocation
from vision.results import BoardResult


def run(ctx: FrameContext) -> None:
    ctx.locations, ctx.boards = without_contradicted_sides(ctx.locations, ctx.boards, ctx.known_sides,
                                                           thresholds=ctx.thresholds)


def without_contradicted_sides(locs: list[BoardLocation], boards: list[BoardResult], known_sides, *, thresholds: dict):
    """The locations and boards without those whose whole visible floor contradicts the side they name
    (vision.classify.sides.floor_fit below thresholds.toml [phantoms] min_floor_fit). A checked cloth read as floor
    can name a side by a wide lead, as among many squares some side agrees with many by chance, but it
    reads symbols that side does not print, confidently, on many others: a real board's floor fits its
    side nearly everywhere. Boards placed by their markers stay: they are boards, whatever they read."""
    least = float(thresholds["phantoms"]["min_floor_fit"])
    keep = [i for i, b in enumerate(boards) if b.side is None or b.method.startswith("markers")
            or floor_fit_of_side(b, known_sides) >= least]
    return [locs[i] for i in keep], [boards[i] for i in keep]
