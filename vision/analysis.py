"""One frame in, every board out: locate -> rectify -> classify -> side and orientation -> JSON."""
from __future__ import annotations

import json
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from vision.classify.classification import BoardReading, averaged, classify
from vision.locate.grid_lines import grid_on_lines
from vision.grids import COLUMNS, ROWS, parse, square_name
from vision.locate.corner_grids import BOARD_SIDES, corner_grids, edge_grids, plane_sides, shape_off, squared_grids, table_plane
from vision.locate.location import (BoardLocation, fit_grids, lengthened_outlines, locate, outlines_inside_edge_networks,
                             outlines_past_the_frame, square_px, supported_outlines, unclaimed_texture)
from vision.locate.outline_segments import segment_outlines
from vision.locate.rectification import board_to_picture, rectify, share_beyond_picture, square_steps
from vision.classify.sides import every_side, fits_best, floor_fit, match_side
from vision.thresholds import thresholds


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


def read_board(image: np.ndarray, location: BoardLocation, profile=None,
               known_sides: dict[str, str] | None = None, exclude: frozenset[str] = frozenset(),
               doubt_lead: float = 0.0) -> BoardResult:
    """One located board read: its grid direction and outline chosen by how clearly a side is named.

    `exclude`: sides that other boards of the frame are; this board cannot be one of them.
    `doubt_lead`: the board's other outlines are tried when its side is named by less than this lead (as
    they always are when it names none)."""
    def look(loc: BoardLocation, allow_half_turn: bool = True, net: bool = False):
        return _look(image, loc, profile, known_sides, allow_half_turn, exclude, net)

    if location.oriented and location.alternative is not None:
        # an outline grid the markers chose, and the markers' own grid: either can lie a little off, and
        # settling moves each (a grid from one or two markers can lead by 40 at first and by 76 settled), so
        # each is read in full and the one whose side leads more wins
        own = read_board(image, replace(location, alternative=None), profile, known_sides, exclude, doubt_lead)
        alt = read_board(image, location.with_corners(location.alternative), profile, known_sides, exclude,
                         doubt_lead)
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
        if _better(alt_match, match):
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
        firm = float(thresholds()["phantoms"]["firm_lead"])
        own = location.outline
        outlines = list(location.other_outlines) + supported_outlines(image, location.raw_outlines)
        lengthened = [] if own is None else supported_outlines(image, lengthened_outlines(own))
        grids = [] if own is None else [(own, own), (np.roll(own, -1, 0), own)]
        grids += [(c, o) for o in outlines + lengthened for c, _ in fit_grids(image, o)]
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
                                               and _gained_squares_hidden(corners, own, rd))
            if firm_enough and (best is None or _better(m, best[2])):
                best = (loc, rd, m)
        if best is not None and _better(best[2], match):
            location, reading, match = best
    if not location.oriented:
        # a board cut off by the picture's edge: its grid was fitted inside the part in view, squeezed or
        # shifted; carried on past the edge, a grid that names its side firmly and clearly better wins (an
        # unrefined guess, it must not displace a whole board's grid by a hair). From the outline it was
        # found by, and the one a doubt chose instead
        firm = float(thresholds()["phantoms"]["firm_lead"])
        gain = float(thresholds()["locate"]["frame_cut_gain"])
        own = [found_by] + ([location.outline] if location.outline is not found_by else [])
        for outline in (p for o in own if o is not None for p in outlines_past_the_frame(o, image.shape)):
            for corners, _ in fit_grids(image, outline):
                loc = BoardLocation(corners, location.method, False, location.score, outline)
                rd, m = look(loc)
                if m.margin >= firm and _better(m, match, by=gain):
                    location, reading, match = loc, rd, m
    if not _grid_held(location):
        either_way = not location.oriented
        location, reading, match = _settle_grid(location, reading, match,
                                                lambda loc: look(loc, allow_half_turn=either_way))
        if match.side is None or match.margin < float(thresholds()["phantoms"]["firm_lead"]):
            # a side named firmly vouches for its grid; polishing those moved right grids on artwork
            # the models were not tuned on (held-out seeds of the benchmark lost 4 boards)
            location, reading = _polish_grid(location, reading, lambda loc: look(loc, allow_half_turn=either_way))
    oriented_by = "markers" if location.oriented else ("printed layout" if match.side else "guess")
    return _result(location, reading, match, known_sides, oriented_by)


def _near_the_frame(outline: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Whether a corner of an outline lies beyond the picture's edge or within a square of it."""
    h, w = shape[:2]
    q = np.asarray(outline, np.float64)
    reach = square_px(q)
    return bool(((q < reach) | (q > np.float64([w - 1, h - 1]) - reach)).any())


def _gained_squares_hidden(corners: np.ndarray, outline: np.ndarray, reading: BoardReading) -> bool:
    """Whether the squares of a grid that lie outside the outline it was lengthened from, and inside the
    picture, are enough of them and read hidden enough (thresholds.toml [locate] lengthen_hidden_*).
    And the squares inside the outline must read as a board's: a grid over the table reads hidden there
    and beyond alike (dev 7203065: a shadow on the table, carried past the frame's edge, named a side by 26
    with half its squares hidden). Squares beyond the picture count in neither."""
    t = thresholds()["locate"]
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


def _result(location: BoardLocation, reading: BoardReading, match, known_sides, oriented_by: str) -> BoardResult:
    """The board read from the grid kept: the square net weighed in, turned half round where the side's
    match says so, and the named side's printed layout weighed in."""
    reading = reading.with_net()
    if match.half_turn and not location.oriented:
        location = location.turned(2)
        reading = reading.turned_half()
    reading, printed = _with_layout(reading, match.side, known_sides)
    return BoardResult(location.corners, match.side, reading.pieces, printed, reading.confidence,
                       location.method, oriented_by, reading, match.margin if match.side else 0.0)


def _with_layout(reading: BoardReading, side: str | None, known_sides) -> tuple[BoardReading, str]:
    """The reading with the named side's printed layout weighed in, and the printed notation a board reports:
    that layout, or the floor as read where no side is named."""
    if side is None:
        return reading, reading.printed
    layout = every_side(known_sides)[side]
    return reading.with_printed(layout), layout


def _look(image, loc: BoardLocation, profile, known_sides, allow_half_turn: bool = True,
          exclude: frozenset[str] = frozenset(), net: bool = False):
    """(reading, side match) of one grid; the reading leaves the square net out unless `net`: in a search
    the net runs only for the grid kept."""
    rd = _classified(image, loc, profile, net)
    return rd, match_side(rd.pieces, rd.printed_probs, known_sides, allow_half_turn=allow_half_turn,
                          exclude=exclude)


def _classified(image, loc: BoardLocation, profile, net: bool) -> BoardReading:
    """The grid's squares read as they lie (those beyond the picture read hidden)."""
    return classify(rectify(image, loc), profile, net=net, beyond=_beyond(image, loc))


def _beyond(image, loc: BoardLocation) -> np.ndarray | None:
    """(ROWS, COLUMNS) bool: the grid's squares that lie mostly beyond the picture (None when it is all in it)."""
    share = share_beyond_picture(image.shape, loc)
    return None if share is None else share > float(thresholds()["classify"]["beyond_picture_share"])


def _grid_held(location: BoardLocation) -> bool:
    """Whether a board's grid stays as it is rather than being settled: one the tracker follows (oriented,
    with no markers seen for it) keeps the corners it was found with, and one placed by all four markers is
    exact. A grid placed by fewer markers (extrapolated), or an outline grid they chose, can be off as an
    outline's is; the markers still fix its orientation."""
    if not location.oriented:
        return False
    return location.marker_points is None or (location.method == "markers" and location.score >= 1)


def _settle_grid(location: BoardLocation, reading: BoardReading, match, look):
    """The grid nudged edge by edge while its symbols name a side more clearly.

    An outline a little off (a shadow taken for the board's edge, an arm over a corner) leaves the grid
    up to half a square off, with a side still named. Each edge is moved out and in by a step; the move
    that raises the side's lead most is kept, and the step shrinks. A move must raise the lead by a
    least gain and must not make the side's symbols fit worse: a grid a little off can read a symbol
    that lifts the lead over the next side while the named side itself fits worse. Only for boards just
    found: a board the tracker follows keeps the corners it was found with."""
    t = thresholds()["locate"]
    gain, slack = float(t["settle_min_gain"]), float(t["settle_fit_slack"])

    def beats(m, n) -> bool:
        # a grid that names no side has nothing to steer by (a fit summed over fewer floor squares is
        # higher, so it would drift off onto the table or an arm); naming one where it named none wins
        return _better(m, n, by=gain) and (n.side is None or m.log_likelihood >= n.log_likelihood - slack)

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


def _polish_grid(location: BoardLocation, reading: BoardReading, look) -> tuple[BoardLocation, BoardReading]:
    """The settled grid nudged, edge by edge, while its squares read more surely (_sureness); the side it
    named stays. The side's lead steers the settling, and a grid a third of a square off can name its
    side by more than the right one (a symbol at the edge read in full), while the squares along that
    edge straddle two pieces; so the last small steps follow the reading's sureness instead. The steps
    are small and few, so the grid cannot wander off the board."""
    t = thresholds()["locate"]
    gain = float(t["polish_min_gain"])
    best = (location, reading, _sureness(reading))
    for step in t["polish_steps"]:
        for _ in range(int(t["polish_rounds"])):
            tries = []
            for loc in _nudged(best[0], float(step)):
                rd, _ = look(loc)
                s = _sureness(rd)
                if s > best[2] + gain:
                    tries.append((loc, rd, s))
            if not tries:
                break
            best = max(tries, key=lambda x: x[2])
    return best[0], best[1]


def _boards_on_lines(image, locs: list[BoardLocation], boards: list[BoardResult], profile, known_sides):
    """The boards with each grid that an arm or a hand lies over (thresholds.toml [grid_lines] min_hidden squares
    read hidden) moved onto the lines its tiles' edges draw (vision.locate.grid_lines), where it then names the same side
    by about the same lead and its squares read more surely; or, for a side named weakly, names it by less or too
    little to name it, while its squares read far more surely and its floor still fits that side best, which then
    stays named (a grid an arm dragged can name its side by a symbol it straddles). Settling steers by the side's
    lead alone, and an arm's corner or a border the artwork lacks can leave a grid a third of a square off that
    names its side all the same, while the squares along one edge straddle two pieces. Moved by lines alone, a right
    grid can drift onto a hand's edge or a vein; the two checks keep it. Last of all: a dragged grid moved earlier
    ends nearer but no longer misshapen enough to be squared up from its own corners, which puts it right (dev
    held-out 7213005). A grid naming no side has nothing to vouch for it, and where no arm lies the outline holds a
    grid better than the lines do (dev 7206040: a whole board's grid moved, skewed a little, and judged another
    board's shape wrongly); markers place theirs."""
    t = thresholds()["grid_lines"]
    locs, boards = list(locs), list(boards)
    for i, board in enumerate(boards):
        hidden = parse(board.pieces) == "?"
        if board.side is None or board.method.startswith("markers") or hidden.sum() < int(t["min_hidden"]):
            continue
        moved = grid_on_lines(image, board.corners, hidden)
        if np.array_equal(moved, board.corners):
            continue
        # the board's corners put A1 first already: neither grid is turned
        was_read, was = _look(image, BoardLocation(board.corners, board.method, False, 0.0), profile, known_sides,
                              allow_half_turn=False)
        loc = BoardLocation(moved, board.method, False, 0.0)
        read, now = _look(image, loc, profile, known_sides, allow_half_turn=False)
        gain, least = _sureness(read) - _sureness(was_read), float(t["sureness_gain"])
        if gain <= least:
            continue
        if now.side == was.side == board.side and now.margin >= was.margin - float(t["lead_slack"]):
            kept = now
        elif (was.side == board.side and was.margin < float(thresholds()["phantoms"]["firm_lead"])
              and now.side in (None, board.side) and gain > float(t["side_kept_gain"])
              and _sureness(read.with_net()) > _sureness(was_read.with_net()) + least
              and fits_best(read.pieces, read.printed_probs, board.side, known_sides)):
            # a side named weakly vouches little for the grid an arm dragged, which may owe its lead to half a
            # symbol it straddles; while the side still fits best on the lines and the squares read far more
            # surely there, the side stays named (a side named firmly that loses much of its lead on the lines
            # speaks against them: dev 7220448's grid went half a square off so)
            kept = was
        else:
            continue
        locs[i] = locs[i].with_corners(moved)
        boards[i] = _result(loc, read, kept, known_sides, board.oriented_by)
    return locs, boards


def _nudged(location: BoardLocation, step: float):
    """The grid with each of its edges moved out by `step` squares, and in."""
    for edge in range(4):
        for sign in (1, -1):
            yield location.with_corners(_edge_moved(location.corners, edge, sign * step))


def _sureness(reading: BoardReading) -> float:
    """How sure a reading is of every square: the summed log-probability of each square's likeliest class
    (hidden among them). A grid a fraction of a square off reads squares that straddle two pieces."""
    return float(np.log(np.maximum(reading.piece_probs.max(1), 1e-12)).sum())


def _edge_moved(corners: np.ndarray, edge: int, squares: float) -> np.ndarray:
    """The grid with one edge (0 top, 1 right, 2 bottom, 3 left, as A1 top-left sees it) moved outward
    by `squares`."""
    c = corners.astype(np.float64).copy()
    across, down = square_steps(c)
    move = {0: ([0, 1], -down), 1: ([1, 2], across), 2: ([2, 3], down), 3: ([0, 3], -across)}[edge]
    c[move[0]] += squares * move[1]
    return c


def _better(a, b, by: float = 0.0) -> bool:
    """Whether side match `a` speaks for its grid more than `b` does: it names a side, by a wider lead
    (the lead grows with every symbol that fits, where a fit per square favours a grid that sees few),
    wider by more than `by` where `b` names one too."""
    return a.side is not None and (b.side is None or a.margin > b.margin + by)


def analyze(image: np.ndarray, profile=None, known_sides: dict[str, str] | None = None,
            locations: list[BoardLocation] | None = None) -> AnalyzeResult:
    """Every board in a BGR frame. Pass `locations` (from an earlier frame) to skip finding boards."""
    if image is None or not hasattr(image, "ndim") or image.ndim != 3 or image.shape[2] != 3 or image.size == 0:
        raise ValueError("analyze needs a BGR colour image")
    locs = locate(image) if locations is None else locations
    boards = [read_board(image, loc, profile, known_sides) for loc in locs]
    if locations is None:  # boards an earlier frame found are boards
        # the outlines of boards not sure of themselves, whatever becomes of the boards: a corner of one may
        # be a corner of a board an arm hides most of (tried last, below)
        doubtful = [o for loc, b in zip(locs, boards) if loc.outline is not None and not _sure(b)
                    for o in (loc.outline, *loc.other_outlines, *loc.raw_outlines)]
        # a board that names its side weakly may be a board and an arm taken as one, and its grid may lie
        # over the board's own: each such board alone (before boards that overlap are weighed) is read again,
        # even one whose reading looks like no board (a hand on a nearly empty board drags its outline off)
        for i in _boards_not_phantoms(boards, weigh_overlaps=False, weigh_readings=False):
            tried = _with_segment_outlines(image, locs[i], boards[i])
            if tried is None:
                continue
            doubtful += tried.other_outlines
            again = _read_by_segments(image, tried, boards[i], profile, known_sides)
            # one that read like no board must now name its side firmly: a grid over a hand or a sleeve
            # can name some side weakly
            if again is not None and (_named_firmly(again[1]) or not _reads_as_phantom(boards[i])):
                locs[i], boards[i] = again
        locs, boards = _without_phantoms(locs, boards)
        # and where no outline came near a board at all, or only grids that name no side did (pieces of a
        # board an arm lies across), the texture left over is searched; with no board named firmly there is
        # no board's size to search it by, so the whole picture's straight lines are. Those are also asked
        # for a board lying over smaller ones (pieces of it) in any frame
        firm = any(_named_firmly(b) for b in boards)
        lines = _FrameOutlines(image)
        if firm:
            found = _boards_in_unclaimed_texture(image, boards, profile, known_sides)
            locs, boards = _with_found(locs, boards, [(l, b, ()) for l, b in found])
        found = _boards_by_the_frames_lines(image, lines, boards, profile, known_sides, anywhere=not firm)
        locs, boards = _with_found(locs, boards, found)
        locs, boards = _boards_inside_edge_networks(image, locs, boards, profile, known_sides)
        locs, boards = _boards_from_visible_corners(image, doubtful, locs, boards, profile, known_sides)
        if firm:
            # last, a board the picture's lines give anywhere: where the only board named firmly is a small
            # false one (a glare spot read as a board, dev tight-framing 7202142), the texture was searched
            # for boards of its size
            found = _boards_by_the_frames_lines(image, lines, boards, profile, known_sides, anywhere=True)
            if found:  # every board weighed again: the board found is surer than the small one, and judges it
                locs, boards = _without_phantoms(*_with_found(locs, boards, found))
        locs, boards = _boards_squared_up(image, locs, boards, profile, known_sides)
        locs, boards = _boards_on_lines(image, locs, boards, profile, known_sides)
        locs, boards = _without_contradicted_sides(locs, boards, known_sides)
    if known_sides is not None:
        boards = _one_board_per_side(image, locs, boards, profile, known_sides)
    if locations is None:
        boards = [_read_both_ways(image, b, profile, known_sides) for b in boards]
    return AnalyzeResult(int(image.shape[1]), int(image.shape[0]), boards)


# the ways round a grid is read at last: its corners' order (A1's first), and the axes of a (ROWS, COLUMNS)
# reading that bring its squares back to A1 at the top-left (as it lies; turned half round)
_BOTH_WAYS = (((0, 1, 2, 3), ()), ((2, 3, 0, 1), (0, 1)))


def _read_both_ways(image, board: BoardResult, profile, known_sides) -> BoardResult:
    """A board found, read once more from its grid both ways round (A1 at the top-left, and I8 there, turned
    back), the two readings' probabilities averaged. The models read a square a little differently upside
    down, and a search reads each board whichever way round its outline happened to give it, so where a square
    was in doubt (a token or its open hole, a square a grid a tenth of a square off straddles) that chance
    decided it. On dev 7220000..7220599 (1540 boards) four boards were mended and two lost (not fully right
    29 -> 27, squares misread 90 -> 82). Read one way only, A1 at the top-left, 33 were not fully
    right; four ways, the two mirrored too, 31. Only for boards just found: a board the tracker follows is
    read once a frame, the steady state's cost."""
    def back(probs: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
        return np.flip(probs.reshape(ROWS, COLUMNS, -1), axes).reshape(ROWS * COLUMNS, -1)

    readings = [(_classified(image, BoardLocation(board.corners[list(order)], board.method, True, 0.0), profile,
                             net=True), axes) for order, axes in _BOTH_WAYS]
    reading = averaged(readings[0][0], [back(r.piece_probs, axes) for r, axes in readings],
                       [back(r.printed_probs, axes) for r, axes in readings])
    reading, printed = _with_layout(reading, board.side, known_sides)
    return replace(board, pieces=reading.pieces, printed=printed, confidence=reading.confidence, reading=reading)


def _without_contradicted_sides(locs: list[BoardLocation], boards: list[BoardResult], known_sides):
    """The locations and boards without those whose whole visible floor contradicts the side they name
    (vision.classify.sides.floor_fit below thresholds.toml [phantoms] min_floor_fit). A checked cloth read as floor
    can name a side by a wide lead, as among many squares some side agrees with many by chance, but it
    reads symbols that side does not print, confidently, on many others: a real board's floor fits its
    side nearly everywhere. Boards placed by their markers stay: they are boards, whatever they read."""
    least = float(thresholds()["phantoms"]["min_floor_fit"])
    keep = [i for i, b in enumerate(boards) if b.side is None or b.method.startswith("markers")
            or _floor_fit(b, known_sides) >= least]
    return [locs[i] for i in keep], [boards[i] for i in keep]


def _floor_fit(board: BoardResult, known_sides) -> float:
    """How well a board's visible floor fits the side it names (vision.classify.sides.floor_fit)."""
    return floor_fit(board.pieces, board.reading.printed_probs, every_side(known_sides)[board.side])


def _boards_squared_up(image, locs: list[BoardLocation], boards: list[BoardResult], profile, known_sides):
    """The boards with each grid that is no board's shape in the table's plane of most other boards named
    firmly tried again from its corners that are square there (vision.locate.corner_grids.squared_grids): an arm
    over one corner drags the outline's corner, the grid's sides there shrink and its corners skew, and
    settling, which moves whole edges, cannot mend it. A grid so built replaces the board's when its side
    is named firmly and leads by more (by the least gain that moves a grid). A grid the markers placed
    keeps its corners; an outline grid they chose ("markers+outline") is an outline's, dragged alike (an
    arm over two markers and the board's far edge left dev 7220068's grid half a square short), and the
    markers still fix its side and its way round."""
    gain = float(thresholds()["locate"]["settle_min_gain"])
    locs, boards = list(locs), list(boards)
    for i, board in enumerate(boards):
        others = [b for j, b in enumerate(boards) if j != i and _named_firmly(b)]
        if board.method == "markers" or board.side is None or not others:
            continue
        misshapen = sum(not _shaped_as_a_board(board, b) for b in others)
        if 2 * misshapen <= len(others):
            continue  # a board's shape in the plane of half the others or more (one of them may be off itself)
        marked = board.oriented_by == "markers"  # still theirs once squared up: their side, way round, points
        plane = _plane_near(board.corners.mean(0), others)
        # each is read in full: built from a corner the outline's own error shifted, it lies a little off
        # and names its side only once settled
        for grid in squared_grids(board.corners, plane):
            # without the board's outlines: a grid that names no side before settling would try them instead
            loc = BoardLocation(grid, locs[i].method, False, locs[i].score)
            again = read_board(image, loc, profile, known_sides)
            if (_named_firmly(again) and again.side_lead > boards[i].side_lead + gain
                    and (not marked or _as_the_markers_set(again, board))):
                if marked:
                    locs[i], boards[i] = locs[i].with_corners(again.corners), replace(again, oriented_by="markers")
                else:
                    locs[i], boards[i] = loc.with_corners(again.corners), again
    return locs, boards


def _as_the_markers_set(again: BoardResult, board: BoardResult) -> bool:
    """Whether a grid read afresh names the side the markers' board named, the same way round (its A1 to
    I1 edge running as theirs does)."""
    way = np.dot(again.corners[1] - again.corners[0], board.corners[1] - board.corners[0])
    return again.side == board.side and bool(way > 0)


def _with_segment_outlines(image, loc: BoardLocation, board: BoardResult) -> BoardLocation | None:
    """A board that names its side weakly or not at all, located again with outlines from the picture's
    straight lines (vision.locate.outline_segments) as its other outlines: an arm across a board's corner makes
    every mask's outline take in the arm, and a grid there can still name a side, wrongly, by a narrow
    lead. None for a board that is sure, or when no such outline is found."""
    if loc.oriented or loc.outline is None or _named_firmly(board):
        return None
    more = segment_outlines(image, loc.outline)
    return replace(loc, other_outlines=tuple(more), raw_outlines=()) if more else None


def _plane_near(centre: np.ndarray, boards: list[BoardResult]) -> np.ndarray:
    """The table's plane (vision.locate.corner_grids.table_plane) as the board named firmly nearest `centre`
    (image px) maps it; there must be one."""
    firm = [b for b in boards if _named_firmly(b)]
    return table_plane(min(firm, key=lambda b: float(np.linalg.norm(b.corners.mean(0) - centre))).corners)


def _read_by_segments(image, tried: BoardLocation, board: BoardResult, profile, known_sides):
    """(tried, its board) when the location from `_with_segment_outlines` names a side by a wider lead
    than `board` does (by the least gain that moves a grid), else None."""
    again = read_board(image, tried, profile, known_sides, doubt_lead=float(thresholds()["phantoms"]["firm_lead"]))
    gain = float(thresholds()["locate"]["settle_min_gain"])
    if again.side is not None and (board.side is None or again.side_lead > board.side_lead + gain):
        return tried, again
    return None


def _boards_in_unclaimed_texture(image, boards: list[BoardResult], profile, known_sides):
    """(location, board) for boards where no board that names its side lies but the frame has a board's
    texture, found by the picture's straight lines (vision.locate.outline_segments): the masks can join a board to
    its neighbour and an arm into one blob that no outline fits, and an arm across a board leaves pieces
    whose outlines name no side. Only outlines of a board's size in the table's plane of the nearest firm
    board are tried, and only a board that names its side firmly counts, so a patch of cloth is not taken
    for one."""
    firm = [_grid_area(b.corners) for b in boards if _named_firmly(b)]
    if not firm or _every_side_found(boards, known_sides):
        return []  # nothing to compare a board's size with, or every player's board is found already
    t = thresholds()["locate"]
    least = float(t["unclaimed_share"]) * float(np.median(firm))
    # a board's outline, about: the grid of the median firm board with its border
    board_side = float(np.sqrt(np.median(firm))) * float(t["unclaimed_board_outline"])
    taken = [b.corners for b in boards if _claims_texture(b)]
    found: list[tuple[BoardLocation, BoardResult]] = []
    for around in unclaimed_texture(image, taken, least):
        # a region smaller than a board is part of one (the rest under an arm or a neighbour): its board's
        # edges are looked for as far as a whole board could reach
        centre = around.mean(0)
        size = float(np.sqrt(max(_grid_area(around), 1.0)))
        if size < board_side:
            around = centre + (around - centre) * (board_side / size)
        for outline in segment_outlines(image, around, _plane_near(centre, boards)):
            got = _firm_board_in(image, outline, taken, profile, known_sides)
            if got is not None:
                found.append(got)
                taken.append(got[1].corners)
                break
    return found


def _without_phantoms(locs: list[BoardLocation], boards: list[BoardResult]) -> tuple[list[BoardLocation], list[BoardResult]]:
    """The locations and boards that _boards_not_phantoms keeps."""
    keep = _boards_not_phantoms(boards)
    return [locs[i] for i in keep], [boards[i] for i in keep]


def _with_found(locs: list[BoardLocation], boards: list[BoardResult], found) -> tuple[list[BoardLocation], list[BoardResult]]:
    """The locations and boards with those found, (location, board, indices of the boards it replaces),
    added in place of the boards they replace and of the grids naming no side that they overlap (pieces of
    them)."""
    gone = {i for _, _, replaced in found for i in replaced} | {
        i for i, b in enumerate(boards) if not _claims_texture(b) and any(_overlap(b.corners, f.corners) for _, f, _ in found)}
    return ([l for i, l in enumerate(locs) if i not in gone] + [l for l, _, _ in found],
            [b for i, b in enumerate(boards) if i not in gone] + [b for _, b, _ in found])


def _firm_board_on(image, outline: np.ndarray, profile, known_sides):
    """(location, board) of the grid fitted in `outline` when it names its side firmly, else None."""
    (corners, _), (other, _) = fit_grids(image, outline)
    loc = BoardLocation(corners, "outline", False, 0.0, outline, None, other)
    board = read_board(image, loc, profile, known_sides)
    return (loc, board) if _named_firmly(board) else None


def _firm_board_in(image, outline: np.ndarray, taken: list[np.ndarray], profile, known_sides):
    """_firm_board_on, when the board lies over none of the grids `taken`."""
    got = _firm_board_on(image, outline, profile, known_sides)
    return got if got is not None and not any(_overlap(got[1].corners, c) for c in taken) else None


class _FrameOutlines:
    """The outlines the whole picture's straight lines give (vision.locate.outline_segments), found once when
    first asked for."""

    def __init__(self, image: np.ndarray):
        self.image, self._outlines = image, None

    def __iter__(self):
        if self._outlines is None:
            h, w = self.image.shape[:2]
            self._outlines = segment_outlines(self.image, np.float64([[0, 0], [w, 0], [w, h], [0, h]]))
        return iter(self._outlines)


def _boards_by_the_frames_lines(image, lines: _FrameOutlines, boards: list[BoardResult], profile, known_sides,
                                anywhere: bool):
    """(location, board, indices of the boards it replaces) for boards whose outlines the whole picture's
    straight lines give (`lines`) and that name their side firmly. Two kinds:

    - with `anywhere`, a board where none is found: one framed so closely that its floor and rim fall in
      the frame's border ring reads as table in every mask, yet its straight rim still stands out;
    - always, a board over smaller ones: framed so closely that its corners lie beyond the picture, a
      board can be missed by every mask while a cluster of its tiles reads as a small board naming some
      side, even firmly by chance (dev tight-framing scenes 7202117, 7202119). It replaces them when it
      names its side by a wider lead than each does and each is under a share of its size
      (thresholds.toml [phantoms] replaced_area_share). Boards placed by their markers are never replaced."""
    if _every_side_found(boards, known_sides):
        return []
    share = float(thresholds()["phantoms"]["replaced_area_share"])
    areas = [_grid_area(b.corners) for b in boards]
    claims = [i for i, b in enumerate(boards) if _claims_texture(b)]

    def under(quad: np.ndarray) -> list[int] | None:
        """The boards `quad` lies over, or None when it may not be a board: one of them could not be
        replaced by it, or it lies over none where only replacements are looked for."""
        area = _grid_area(quad)
        over = [i for i in claims if _overlap(quad, boards[i].corners)]
        if any(boards[i].method.startswith("markers") or areas[i] >= share * area for i in over):
            return None
        return over if over or anywhere else None

    found: list[tuple[BoardLocation, BoardResult, tuple[int, ...]]] = []
    for outline in lines:
        if under(outline) is None or any(_overlap(outline, f.corners) for _, f, _ in found):
            continue
        got = _firm_board_on(image, outline, profile, known_sides)
        if got is None or any(_overlap(got[1].corners, f.corners) for _, f, _ in found):
            continue
        over = under(got[1].corners)
        if over is None or any(boards[i].side_lead >= got[1].side_lead for i in over):
            continue
        # a grid over boards and the table between them can name a side firmly by chance: far larger than
        # a board in the plane of every sure board it does not lie over, it is none. Two of them at least:
        # where the only one is a small false board (dev 7202142), a whole board is large in its plane
        others = [b for i, b in enumerate(boards) if i not in over and _sure(b)]
        if len(others) >= 2 and _misshapen(got[1], others, float(thresholds()["phantoms"]["firm_plane_size_ratio"]),
                                           "larger"):
            continue
        found.append((*got, tuple(over)))
    return found


def _boards_inside_edge_networks(image, locs: list[BoardLocation], boards: list[BoardResult], profile,
                                 known_sides) -> tuple[list[BoardLocation], list[BoardResult]]:
    """The locations and boards with those found inside a network of crisp edges spanning the frame (a
    checked cloth, vision.locate.location.outlines_inside_edge_networks) added, where no board that is sure of
    itself lies. Such a board must name its side firmly, and it replaces the boards over it that do not:
    pieces of it, such as its one tile cluster read as a board of its own."""
    if _every_side_found(boards, known_sides):
        return locs, boards
    for outline in outlines_inside_edge_networks(image):
        if any(_overlap(outline, b.corners) for b in boards if _sure(b)):
            continue
        (corners, _), (other, _) = fit_grids(image, outline)
        loc = BoardLocation(corners, "outline", False, 0.0, outline, None, other)
        board = read_board(image, loc, profile, known_sides)
        # the region can miss a corner where a tile cluster meets the board's edge: the picture's straight
        # lines around it give the whole outline
        tried = _with_segment_outlines(image, loc, board)
        again = None if tried is None else _read_by_segments(image, tried, board, profile, known_sides)
        if again is not None:
            loc, board = again
        if not _named_firmly(board) or any(_overlap(board.corners, b.corners) for b in boards if _sure(b)):
            continue
        locs, boards = _replacing(locs, boards, loc, board)
    return locs, boards


def _boards_from_visible_corners(image, outlines: list[np.ndarray], locs: list[BoardLocation],
                                 boards: list[BoardResult], profile, known_sides):
    """The locations and boards with those added that are built out from a corner or a side of the
    outlines of boards in doubt (vision.locate.corner_grids), in the table's plane of the firmly named board
    nearest each outline. An arm across a board can leave no outline with more than one of the board's
    own corners, or with only one of its edges, and then no grid from an outline names its side. Hundreds
    of grids can be tried in one frame, so such a board must name its side by more than the firm lead,
    and its visible floor must fit that side closely (a grid beside an arm, over patterned cloth, can lead
    by as much), where no board that leads by as much (or that markers placed) lies; it replaces the
    boards over it that lead by less."""
    if not any(_named_firmly(b) for b in boards) or not outlines or _every_side_found(boards, known_sides):
        return locs, boards
    t = thresholds()["corner_grids"]
    least = float(t["least_lead"])
    # boards as sure as one built here must be stay; the others may be pieces of it
    taken = [b.corners for b in boards if _sure(b, least)]
    tried = np.empty((0, 4, 2))
    leads = []
    for outline in outlines:
        plane = _plane_near(outline.mean(0), boards)
        # an arm's many outlines share sides that differ by tenths of a square: a grid from a side is tried
        # only when no grid tried lies that near (settling, when it is read in full, moves it the rest)
        for grid, near in ([(g, float(t["same"])) for g in corner_grids(outline, plane)]
                           + [(g, float(t["edge_same"])) for g in edge_grids(outline, plane)]):
            same = near * float(np.linalg.norm(grid[1] - grid[0])) / COLUMNS
            if (np.abs(tried - grid).max((1, 2)) < same).any():
                continue
            tried = np.concatenate([tried, grid[None]])
            # a grid far out of the picture reads the frame's replicated edge as squares, and among so many
            # grids one of those can agree with some side (dev 7150095: A1 by 49, half of it above the frame)
            if _share_in_frame(grid, image.shape) < float(t["min_in_frame"]) or any(_overlap(grid, c) for c in taken):
                continue
            _, m = _look(image, BoardLocation(grid, "corner", False, 0.0), profile, known_sides)
            if m.side is not None and m.margin >= float(t["first_look_lead"]):
                leads.append((m.margin, grid))
    leads.sort(key=lambda x: -x[0])
    for _, grid in leads[: int(t["read"])]:
        if any(_overlap(grid, c) for c in taken):
            continue  # a board found already from a better corner
        loc = BoardLocation(grid, "corner", False, 0.0)
        board = read_board(image, loc, profile, known_sides)
        if (not _named_firmly(board, least) or _floor_fit(board, known_sides) < float(t["min_floor_fit"])
                or any(_overlap(board.corners, c) for c in taken)):
            continue
        locs, boards = _replacing(locs, boards, loc.with_corners(board.corners), board)
        taken.append(board.corners)
    return locs, boards


def _share_in_frame(grid: np.ndarray, shape) -> float:
    """The share of a grid's area that lies inside the picture."""
    h, w = shape[:2]
    frame = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    inside, _ = cv2.intersectConvexConvex(np.float32(grid), frame)
    return float(inside) / max(_grid_area(grid), 1.0)


def _replacing(locs: list[BoardLocation], boards: list[BoardResult], loc: BoardLocation, board: BoardResult):
    """The locations and boards with `board` added in place of those it overlaps (pieces of it)."""
    keep = [i for i, b in enumerate(boards) if not _overlap(board.corners, b.corners)]
    return [locs[i] for i in keep] + [loc], [boards[i] for i in keep] + [board]


def _sure(board: BoardResult, lead: float | None = None) -> bool:
    """Whether a found board is sure of itself: its markers placed it, or it names its side firmly (by
    `lead`, when given)."""
    return board.method.startswith("markers") or _named_firmly(board, lead)


def _every_side_found(boards: list[BoardResult], known_sides) -> bool:
    """Whether the players' sides are known and a board names each: no board is left to look for."""
    return known_sides is not None and set(known_sides) <= {b.side for b in boards}


def _claims_texture(board: BoardResult) -> bool:
    """Whether a found board is surely a board there, so that no other is searched for over it: it names
    a side, or was placed by its markers (a grid naming no side can be a piece of a board an arm cuts)."""
    return board.side is not None or board.method.startswith("markers")


def _named_firmly(board: BoardResult, lead: float | None = None) -> bool:
    """Whether a board names its side by the firm lead (no false board and no wrong grid was seen to), or
    by `lead` when given."""
    least = float(thresholds()["phantoms"]["firm_lead"]) if lead is None else lead
    return board.side is not None and board.side_lead >= least


def _grid_area(corners: np.ndarray) -> float:
    return float(cv2.contourArea(np.float32(corners)))


def _boards_not_phantoms(boards: list[BoardResult], weigh_overlaps: bool = True,
                         weigh_readings: bool = True) -> list[int]:
    """Which found boards to report. An outline can be a cluster of tiles on a board whose floor is the
    table's colour, a patch of patterned cloth, a sleeve: such a grid is far smaller than the boards that
    name their sides firmly (every board is the same size, and perspective changes that by a few times at
    most; with none named firmly, the largest grid that reads like a board stands in for them), lies over
    another board, is no board's shape in the table's plane (_misshapen), or names no side while it reads
    nothing but hidden squares, or open floor without the printed symbols a board's floor carries. A grid
    found only by edges that close no region must name its side firmly (a glare spot between shadows gives
    such an outline too). Boards found by their markers stay.
    `weigh_overlaps` and `weigh_readings` False leave out the overlaps, and the readings and shapes: the
    boards worth a second look."""
    t = thresholds()["phantoms"]
    firm = [i for i, b in enumerate(boards) if _named_firmly(b)]
    areas = [_grid_area(b.corners) for b in boards]
    keep: list[int] = []
    # surest first: markers, then sides named firmly by the widest lead, then the largest grids; a board
    # that overlaps one kept already is a piece of it (boards lie side by side, never on each other)
    order = sorted(range(len(boards)), key=lambda i: (not boards[i].method.startswith("markers"), i not in firm,
                                                      -boards[i].side_lead if i in firm else 0.0, -areas[i]))
    # with no side named firmly, the largest grid that reads like a board stands in for the boards' size:
    # a cluster of tiles on a board that no outline found is a small fraction of it
    phantom = [weigh_readings and _reads_as_phantom(b) for b in boards]
    largest = 0.0 if firm or not weigh_readings else max(
        (a for a, p in zip(areas, phantom) if not p), default=0.0)
    sure = [i for i, b in enumerate(boards) if _sure(b)]
    for i in order:
        b = boards[i]
        if not b.method.startswith("markers"):
            if phantom[i] or (weigh_readings and b.method == "open outline" and i not in firm
                              and not _board_shaped(b, [boards[j] for j in sure if j != i])):
                continue
            if weigh_readings and i not in firm and _misshapen(b, [boards[j] for j in sure if j != i]):
                continue
            # a side named firmly by chance (a corner of a board the frame cuts, read as a board): far
            # smaller than a board in the plane of every surer board kept already. Only smaller: of two
            # such boards, the one with the wider lead might be the false one
            if weigh_readings and i in firm and _misshapen(b, [boards[j] for j in keep if _sure(boards[j])],
                                                           float(t["firm_plane_size_ratio"]), "smaller"):
                continue
            sizes = [areas[j] for j in firm if j != i]
            if sizes and areas[i] < float(t["min_area_share"]) * float(np.median(sizes)):
                continue
            if areas[i] < float(t["min_area_share_of_largest"]) * largest:
                continue
            if weigh_overlaps and any(_overlap(b.corners, boards[j].corners) for j in keep):
                continue
        keep.append(i)
    return sorted(keep)


def _misshapen(board: BoardResult, sure: list[BoardResult], ratio: float | None = None,
               way: str = "either") -> bool:
    """Whether a grid is no board's shape in the table's plane: every board is 9 by 8 squares there, and a
    sure board's grid maps the picture to that plane (vision.locate.corner_grids.table_plane). A grid with a
    side off a board's by more than a factor (thresholds.toml [phantoms] plane_size_ratio) in the plane of
    every sure board is a patch of cloth, a strip of table beside a board, or a board read from a cut
    outline. (Every sure board is asked, as lens distortion and a sure grid a little off bend the plane
    away from its board.) False when there is no sure board. `ratio` stands in for the threshold when given;
    `way` "smaller" ("larger"): only a grid whose every side is shorter (longer) than a board's by the
    factor counts."""
    worst = np.log(float(thresholds()["phantoms"]["plane_size_ratio"] if ratio is None else ratio))
    for s in sure:
        lengths = plane_sides(table_plane(s.corners), board.corners) / BOARD_SIDES
        logs = np.log(np.maximum(lengths, 1e-6))
        off = {"smaller": -logs.max(), "larger": logs.min(), "either": np.abs(logs).max()}[way]
        if off <= worst:
            return False
    return bool(sure)


def _board_shaped(board: BoardResult, sure: list[BoardResult]) -> bool:
    """Whether a grid is closely a board's shape and size in the table's plane of more than half the sure
    boards (the thresholds that square grids up, [squared_grids]; the size within [phantoms]
    plane_size_ratio), and reads as pieces over most of its squares: a nearly full board, whose few printed
    symbols in view name its side weakly or not at all, and whose tiles break its outline into edges that
    close no region. A glare spot between shadows is neither a board's shape nor read as its pieces."""
    unread = board.pieces.count("?") + board.pieces.count(".")
    if not sure or unread > int(thresholds()["phantoms"]["open_outline_max_unread"]):
        return False
    fits = sum(_shaped_as_a_board(board, s) and not _misshapen(board, [s]) for s in sure)
    return 2 * fits > len(sure)


def _shaped_as_a_board(board: BoardResult, sure: BoardResult) -> bool:
    """Whether a grid is closely a board's shape (its sides' proportions and square corners, whatever its
    size) in the table's plane as `sure` board's grid maps it (thresholds.toml [squared_grids])."""
    t = thresholds()["squared_grids"]
    side, angle = shape_off(table_plane(sure.corners), board.corners)
    return side <= float(t["side_off"]) and angle <= float(t["angle_off_deg"])


def _reads_as_phantom(b: BoardResult) -> bool:
    """Whether a board that names no side reads like none: nearly all hidden, or open floor all over yet
    hardly a printed symbol on it (a third of a board's floor squares carry one), as wood grain or cloth."""
    t = thresholds()["phantoms"]
    if b.side is not None:
        return False
    if b.pieces.count("?") / (COLUMNS * ROWS) > float(t["max_unread_share"]):
        return True
    symbols = sum(1 for c in b.printed if c not in "./?")
    return b.pieces.count(".") >= int(t["bare_floor_squares"]) and symbols <= int(t["bare_floor_symbols"])


def _overlap(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether either grid's centre lies inside the other."""
    return any(cv2.pointPolygonTest(np.float32(q), tuple(float(v) for v in p.mean(0)), False) >= 0
               for q, p in ((a, b), (b, a)))


def _one_board_per_side(image, locs, boards, profile, known_sides) -> list[BoardResult]:
    """The players' sides lie on the table once each: when two boards name the same one, the board
    whose side leads more keeps it, and the other is read again as one of the sides no other board is.
    (Only with known sides: without them, the boards in view may come from more than one box.)"""
    boards = list(boards)
    for _ in range(len(boards)):
        losers = []
        for side in {b.side for b in boards if b.side}:
            claim = sorted((i for i, b in enumerate(boards) if b.side == side), key=lambda i: -boards[i].side_lead)
            losers += claim[1:]
        if not losers:
            break
        for i in losers:
            taken = frozenset(b.side for j, b in enumerate(boards) if b.side and j not in losers)
            boards[i] = read_board(image, locs[i], profile, known_sides, exclude=taken)
    return boards
