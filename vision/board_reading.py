"""One located board read: its grid chosen among its outlines, settled and polished while its side is named
more clearly, and read (vision.classify) into a BoardResult."""
from __future__ import annotations

import contextlib
import contextvars
from dataclasses import replace

import cv2
import numpy as np

from vision.classify.classification import BoardReading, classify
from vision.classify.sides import every_side, match_side
from vision.grids import COLUMNS, ROWS, parse
from vision.locate.location import (BoardLocation, fit_grids, lengthened_outlines, outlines_past_the_frame, square_px,
                                    supported_outlines)
from vision.locate.rectification import board_to_picture, rectify, share_beyond_picture, square_steps
from vision.results import BoardResult


def read_board(image: np.ndarray, location: BoardLocation, profile=None,
               known_sides: dict[str, str] | None = None, exclude: frozenset[str] = frozenset(),
               doubt_lead: float = 0.0, *, thresholds: dict) -> BoardResult:
    """One located board read: its grid direction and outline chosen by how clearly a side is named.

    `exclude`: sides that other boards of the frame are; this board cannot be one of them.
    `doubt_lead`: the board's other outlines are tried when its side is named by less than this lead (as
    they always are when it names none)."""
    def look(loc: BoardLocation, allow_half_turn: bool = True, net: bool = False):
        return look_at(image, loc, profile, known_sides, allow_half_turn, exclude, net, thresholds=thresholds)

    if location.oriented and location.alternative is not None:
        # an outline grid the markers chose, and the markers' own grid: either can lie a little off, and
        # settling moves each (a grid from one or two markers can lead by 40 at first and by 76 settled), so
        # each is read in full and the one whose side leads more wins
        own = read_board(image, replace(location, alternative=None), profile, known_sides, exclude, doubt_lead,
                         thresholds=thresholds)
        alt = read_board(image, location.with_corners(location.alternative), profile, known_sides, exclude,
                         doubt_lead, thresholds=thresholds)
        return alt if alt.side is not None and (own.side is None or alt.side_lead > own.side_lead) else own
    found_by = location.outline
    # a grid that stays as it is (the tracker's, four markers') is read once, with the square net: its side
    # is matched on that reading, and the one without the net would only be thrown away
    held = _grid_held(location) and location.alternative is None
    reading, match = look(location, allow_half_turn=not location.oriented, net=held)
    if location.alternative is not None:
        # a nearly square board leaves the grid's direction in doubt: the direction whose symbols speak
        # for a side more clearly wins (a hand can make the wrong one name a side too)
        alt_loc = location.with_corners(location.alternative)
        alt, alt_match = look(alt_loc)
        if better(alt_match, match):
            location, reading, match = alt_loc, alt, alt_match
    if (match.side is None or match.margin < doubt_lead) and not location.oriented:
        # still no side, or a doubtful one: the outline may be wrong (an arm dragged a corner). Grids are
        # tried from every other outline of the board (one still dragged a little can name a wrong side by
        # a narrower lead than the true one); from its own outline taken as the grid, both ways round
        # (artwork with no border puts the grid's edge on the outline, where fit_grids, weighing interior
        # lines only, can set it in by half a square on an empty floor that shows few lines); and from its
        # outline lengthened to a board's shape (a shadow across the board cut it short).
        # Each must name its side firmly: on 200 dev scenes (7130000..), the 16 readings that ended more
        # than half a square from the grid they began with and named a side by less than the firm lead
        # were all wrong (table patches, boards under arms read squares off); the right ones led by 36 or
        # more. (The own outline as the grid with any lead made one more false board in the benchmark.)
        firm = float(thresholds["phantoms"]["firm_lead"])
        own = location.outline
        outlines = list(location.other_outlines) + supported_outlines(image, location.raw_outlines, thresholds=thresholds)
        lengthened = [] if own is None else supported_outlines(image, lengthened_outlines(own, thresholds=thresholds), thresholds=thresholds)
        grids = [] if own is None else [(own, own), (np.roll(own, -1, 0), own)]
        grids += [(c, o) for o in outlines + lengthened for c, _ in fit_grids(image, o, thresholds=thresholds)]
        # A board an arm lies across is the exception: its outline stops at the arm, and lengthened over the
        # arm, the squares it gains read hidden. That explains the cut, so the side need only be named. Not
        # where the picture's edge may have cut the outline instead: lengthened the other way, over the
        # table, such a grid read the table hidden and named a wrong side (tight dev 7202150)
        over_an_arm = {id(o) for o in lengthened} if lengthened and not _near_the_frame(own, image.shape) else set()
        best = None
        for corners, outline in grids:
            loc = BoardLocation(corners, location.method, False, location.score, outline)
            rd, m = look(loc)
            firm_enough = m.margin >= firm or (m.side is not None and id(outline) in over_an_arm
                                               and _gained_squares_hidden(corners, own, rd, thresholds=thresholds))
            if firm_enough and (best is None or better(m, best[2])):
                best = (loc, rd, m)
        if best is not None and better(best[2], match):
            location, reading, match = best
    if not location.oriented:
        # a board cut off by the picture's edge: its grid was fitted inside the part in view, squeezed or
        # shifted; carried on past the edge, a grid that names its side firmly and clearly better wins (an
        # unrefined guess, it must not displace a whole board's grid by a hair). From the outline it was
        # found by, and the one a doubt chose instead
        firm = float(thresholds["phantoms"]["firm_lead"])
        gain = float(thresholds["locate"]["frame_cut_gain"])
        own = [found_by] + ([location.outline] if location.outline is not found_by else [])
        for outline in (p for o in own if o is not None for p in outlines_past_the_frame(o, image.shape, thresholds=thresholds)):
            for corners, _ in fit_grids(image, outline, thresholds=thresholds):
                loc = BoardLocation(corners, location.method, False, location.score, outline)
                rd, m = look(loc)
                if m.margin >= firm and better(m, match, by=gain):
                    location, reading, match = loc, rd, m
    if not _grid_held(location):
        either_way = not location.oriented
        location, reading, match = _settle_grid(location, reading, match,
                                                lambda loc: look(loc, allow_half_turn=either_way),
                                                thresholds=thresholds)
        if match.side is None or match.margin < float(thresholds["phantoms"]["firm_lead"]):
            # a side named firmly vouches for its grid; polishing those moved right grids on artwork
            # the models were not tuned on (held-out seeds of the benchmark lost 4 boards)
            location, reading = _polish_grid(location, reading, lambda loc: look(loc, allow_half_turn=either_way),
                                             thresholds=thresholds)
    oriented_by = "markers" if location.oriented else ("printed layout" if match.side else "guess")
    return board_result(location, reading, match, known_sides, oriented_by)


def _near_the_frame(outline: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Whether a corner of an outline lies beyond the picture's edge or within a square of it."""
    h, w = shape[:2]
    q = np.asarray(outline, np.float64)
    reach = square_px(q)
    return bool(((q < reach) | (q > np.float64([w - 1, h - 1]) - reach)).any())


def _gained_squares_hidden(corners: np.ndarray, outline: np.ndarray, reading: BoardReading, *,
                           thresholds: dict) -> bool:
    """Whether the squares of a grid that lie outside the outline it was lengthened from, and inside the
    picture, are enough of them and read hidden enough (thresholds.toml [locate] lengthen_hidden_*).
    And the squares inside the outline must read as a board's: a grid over the table reads hidden there
    and beyond alike (dev 7203065: a shadow on the table, carried past the frame's edge, named a side by 26
    with half its squares hidden). Squares beyond the picture count in neither."""
    t = thresholds["locate"]
    pts = board_to_picture(corners, [[c + 0.5, r + 0.5] for r in range(ROWS) for c in range(COLUMNS)])
    contour = np.float32(outline)
    outside = np.array([cv2.pointPolygonTest(contour, (float(x), float(y)), False) < 0 for x, y in pts])
    beyond = getattr(reading, "beyond", None)
    in_picture = np.ones(ROWS * COLUMNS, bool) if beyond is None else ~beyond.ravel()
    gained, inside = outside & in_picture, ~outside & in_picture
    hidden = parse(reading.pieces).ravel() == "?"
    return (gained.sum() >= int(t["lengthen_hidden_least"]) and inside.any()
            and hidden[gained].mean() >= float(t["lengthen_hidden_share"])
            and hidden[inside].mean() <= float(t["lengthen_inside_hidden_share"]))


def board_result(location: BoardLocation, reading: BoardReading, match, known_sides, oriented_by: str) -> BoardResult:
    """The board read from the grid kept: the square net weighed in, turned half round where the side's
    match says so, and the named side's printed layout weighed in."""
    reading = reading.with_net()
    if match.half_turn and not location.oriented:
        location = location.turned(2)
        reading = reading.turned_half()
    reading, printed = with_layout(reading, match.side, known_sides)
    return BoardResult(location.corners, match.side, reading.pieces, printed, reading.confidence,
                       location.method, oriented_by, reading, match.margin if match.side else 0.0)


def with_layout(reading: BoardReading, side: str | None, known_sides) -> tuple[BoardReading, str]:
    """The reading with the named side's printed layout weighed in, and the printed notation a board reports:
    that layout, or the floor as read where no side is named."""
    if side is None:
        return reading, reading.printed
    layout = every_side(known_sides)[side]
    return reading.with_printed(layout), layout


def look_at(image, loc: BoardLocation, profile, known_sides, allow_half_turn: bool = True,
          exclude: frozenset[str] = frozenset(), net: bool = False, *, thresholds: dict):
    """(reading, side match) of one grid; the reading leaves the square net out unless `net`: in a search
    the net runs only for the grid kept."""
    rd = classified(image, loc, profile, net, thresholds=thresholds)
    return rd, match_side(rd.pieces, rd.printed_probs, known_sides, allow_half_turn=allow_half_turn,
                          exclude=exclude, thresholds=thresholds)


def classified(image, loc: BoardLocation, profile, net: bool, *, thresholds: dict) -> BoardReading:
    """The grid's squares read as they lie (those beyond the picture read hidden). Within `readings_kept`,
    a grid read once in the frame is not read again."""
    kept = _kept_readings.get()
    if kept is None:
        return _classified(image, loc, profile, net, thresholds=thresholds)
    key = (id(image), id(profile), id(thresholds), net, np.asarray(loc.corners).dtype.str,
           np.asarray(loc.corners).tobytes())
    reading = kept.get(key)
    if reading is None:
        reading = kept[key] = _classified(image, loc, profile, net, thresholds=thresholds)
    return reading


def _classified(image, loc: BoardLocation, profile, net: bool, *, thresholds: dict) -> BoardReading:
    return classify(rectify(image, loc, int(thresholds["rectify"]["square_px"])), profile, net=net,
                    beyond=_beyond(image, loc, thresholds=thresholds), thresholds=thresholds)


# the readings of one frame's search, by grid: the passes try many grids, and some of them more than once
_kept_readings: contextvars.ContextVar[dict | None] = contextvars.ContextVar("kept_readings", default=None)


@contextlib.contextmanager
def readings_kept():
    """Within this block (one frame's search, in this thread), each grid of a frame is classified once: its
    reading (a value, never changed) is kept and given again. The frame must not change meanwhile."""
    token = _kept_readings.set({})
    try:
        yield
    finally:
        _kept_readings.reset(token)


def _beyond(image, loc: BoardLocation, *, thresholds: dict) -> np.ndarray | None:
    """(ROWS, COLUMNS) bool: the grid's squares that lie mostly beyond the picture (None when it is all in it)."""
    share = share_beyond_picture(image.shape, loc)
    return None if share is None else share > float(thresholds["classify"]["beyond_picture_share"])


def _grid_held(location: BoardLocation) -> bool:
    """Whether a board's grid stays as it is rather than being settled: one the tracker follows (oriented,
    with no markers seen for it) keeps the corners it was found with, and one placed by all four markers is
    exact. A grid placed by fewer markers (extrapolated), or an outline grid they chose, can be off as an
    outline's is; the markers still fix its orientation."""
    if not location.oriented:
        return False
    return location.marker_points is None or (location.method == "markers" and location.score >= 1)


def _settle_grid(location: BoardLocation, reading: BoardReading, match, look, *, thresholds: dict):
    """The grid nudged edge by edge while its symbols name a side more clearly.

    An outline a little off (a shadow taken for the board's edge, an arm over a corner) leaves the grid
    up to half a square off, with a side still named. Each edge is moved out and in by a step; the move
    that raises the side's lead most is kept, and the step shrinks. A move must raise the lead by a
    least gain and must not make the side's symbols fit worse: a grid a little off can read a symbol
    that lifts the lead over the next side while the named side itself fits worse. Only for boards just
    found: a board the tracker follows keeps the corners it was found with."""
    t = thresholds["locate"]
    gain, slack = float(t["settle_min_gain"]), float(t["settle_fit_slack"])

    def beats(m, n) -> bool:
        # a grid that names no side has nothing to steer by (a fit summed over fewer floor squares is
        # higher, so it would drift off onto the table or an arm); naming one where it named none wins
        return better(m, n, by=gain) and (n.side is None or m.log_likelihood >= n.log_likelihood - slack)

    best = (location, reading, match)
    for k, step in enumerate(t["settle_steps"]):
        moved = False
        for _ in range(int(t["settle_rounds"])):
            tries = []
            for loc in _nudged(best[0], float(step)):
                rd, m = look(loc)
                if beats(m, best[2]):
                    tries.append((loc, rd, m))
            if not tries:
                break
            best = max(tries, key=lambda x: x[2].margin)  # each names a side (beats)
            moved = True
        if k == 0 and not moved:
            break  # right already: the finer steps would only polish noise
    return best


def _polish_grid(location: BoardLocation, reading: BoardReading, look, *,
                 thresholds: dict) -> tuple[BoardLocation, BoardReading]:
    """The settled grid nudged, edge by edge, while its squares read more surely (sureness); the side it
    named stays. The side's lead steers the settling, and a grid a third of a square off can name its
    side by more than the right one (a symbol at the edge read in full), while the squares along that
    edge straddle two pieces; so the last small steps follow the reading's sureness instead. The steps
    are small and few, so the grid cannot wander off the board."""
    t = thresholds["locate"]
    gain = float(t["polish_min_gain"])
    best = (location, reading, sureness(reading))
    for step in t["polish_steps"]:
        for _ in range(int(t["polish_rounds"])):
            tries = []
            for loc in _nudged(best[0], float(step)):
                rd, _ = look(loc)
                s = sureness(rd)
                if s > best[2] + gain:
                    tries.append((loc, rd, s))
            if not tries:
                break
            best = max(tries, key=lambda x: x[2])
    return best[0], best[1]


def _nudged(location: BoardLocation, step: float):
    """The grid with each of its edges moved out by `step` squares, and in."""
    for edge in range(4):
        for sign in (1, -1):
            yield location.with_corners(edge_moved(location.corners, edge, sign * step))


def sureness(reading: BoardReading) -> float:
    """How sure a reading is of every square: the summed log-probability of each square's likeliest class
    (hidden among them). A grid a fraction of a square off reads squares that straddle two pieces."""
    return float(np.log(np.maximum(reading.piece_probs.max(1), 1e-12)).sum())


def edge_moved(corners: np.ndarray, edge: int, squares: float) -> np.ndarray:
    """The grid with one edge (0 top, 1 right, 2 bottom, 3 left, as A1 top-left sees it) moved outward
    by `squares`."""
    c = corners.astype(np.float64).copy()
    across, down = square_steps(c)
    move = {0: ([0, 1], -down), 1: ([1, 2], across), 2: ([2, 3], down), 3: ([0, 3], -across)}[edge]
    c[move[0]] += squares * move[1]
    return c


def better(a, b, by: float = 0.0) -> bool:
    """Whether side match `a` speaks for its grid more than `b` does: it names a side, by a wider lead
    (the lead grows with every symbol that fits, where a fit per square favours a grid that sees few),
    wider by more than `by` where `b` names one too."""
    return a.side is not None and (b.side is None or a.margin > b.margin + by)
