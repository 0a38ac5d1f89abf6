"""Every player's board read by what changed on it since it last settled (vision.change).

The live table keeps, per seat, a reference: the board's picture when the tracker last settled it, and
the piece notation of what that picture shows. Each frame's board is compared with it square by square,
and the change is written as piece notation for the tracker, which explains it with the engine's legal
moves. So a printed feather that the absolute classifier takes for a squirrel never reads as one: it
was there in the reference, and nothing changed on it.

- A game watched from its first move: each empty board becomes its reference once it has held still
  for a few frames.
- A board with no reference (a game joined in progress, resumed, or a board first seen with pieces on
  it): its absolute reading goes to the tracker, and the first reading the tracker settles becomes its
  reference.
- After every change the tracker settles (explained without an alert), the new view becomes the
  reference, taken from a frame that reads the same as what was settled (a hand back over the board
  waits). A board unchanged for a while takes a fresh reference too, so slow light drift never adds up.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.tracker import BoardSeen
from engine.indian_summer.state import GameState
from vision.change.change_reading import letters_by_size, read_change
from vision.change.references import BoardPicture, BoardReference, view_of
from vision.change.square_change import registered_change, square_changes
from vision.grids import COLUMNS, ROWS
from vision.thresholds import thresholds as default_thresholds

HOLES = "gyrt"
REFRESH_FRAMES = 30  # frames a board stays unchanged before its reference is taken again (light drift)
LEAF_GROUP = 3  # leaf squares read joined in a group this large on an "empty" board: it is not empty


@dataclass
class _Candidate:
    """An empty board's picture waiting to hold still long enough to become its reference."""
    picture: BoardPicture
    still: int = 1


class BoardsByChange:
    def __init__(self, stable_frames: int = 3, *, thresholds: dict | None = None):
        """`thresholds`: thresholds.toml's table (vision.thresholds), read here when not given."""
        self.stable_frames = stable_frames
        self.t = (default_thresholds() if thresholds is None else thresholds)["change"]
        self.references: dict[int, BoardReference] = {}
        self._age: dict[int, int] = {}  # frames since each reference was taken
        self._views: dict[int, BoardPicture] = {}  # this frame's picture of each seat's board
        self._readings: dict[int, str] = {}  # ... and its reading
        self._candidates: dict[int, _Candidate] = {}
        self._absolute: set[int] = set()  # seats read absolutely until the tracker settles them
        self._pending: dict[int, str] = {}  # settled readings waiting for a frame that agrees
        self._beyond: dict[int, set[int]] = {}  # each seat's squares beyond the picture in this frame

    def seen(self, image, boards, state: GameState) -> list[BoardSeen]:
        """What the tracker is given for this frame's boards (vision's BoardResults)."""
        seats = {p.side: i for i, p in enumerate(state.players) if p.side}
        named = [b.side for b in boards]
        self._views, self._readings = {}, {}
        out = []
        for b in boards:
            seat = seats.get(b.side)
            if seat is None or named.count(b.side) > 1:
                out.append(BoardSeen(b.side, b.pieces))  # the tracker trusts neither of a side read twice
                continue
            reference = self.references.get(seat)
            if reference is None:
                view = view_of(image, b.corners, None, self.t)
                self._views[seat] = view
                if seat not in self._absolute and self._watching_empty(seat, view, b.pieces, state):
                    continue  # an empty board not yet still: nothing to tell the tracker
                pieces = b.pieces
            else:
                view, change = registered_change(image, b.corners, reference.picture, self.t)
                self._views[seat] = view
                letters = letters_by_size(state.kit.size_of_colour)
                printed = state.players[seat].board.printed.format()
                pieces, self._beyond[seat] = _beyond_hidden(read_change(reference.notation, change, self.t, letters,
                                                                        b.pieces, printed), b)
                self._age[seat] = self._age.get(seat, 0) + 1
                if pieces == reference.notation and self._age[seat] >= REFRESH_FRAMES and seat not in self._pending:
                    self._take(seat, reference.notation)
            self._readings[seat] = pieces
            out.append(BoardSeen(b.side, pieces))
        return out

    def settle(self, settled: dict[int, str], state: GameState) -> None:
        """The tracker settled these seats' readings (seat -> the voted reading): each board's view
        becomes its reference, with the engine's board as its notation, from the first frame whose reading
        agrees with that notation square for square (a hand back over the board, or a square the vote
        did not make out, waits)."""
        self._pending.update(settled)
        for seat, voted in list(self._pending.items()):
            if seat not in self._views:
                continue
            notation = _as_laid(voted, state.players[seat].board.pieces)
            if seat in self.references and not _agrees(self._readings.get(seat, ""), notation,
                                                       self._beyond.get(seat, set())):
                continue
            self._take(seat, notation)
            self._absolute.discard(seat)
            del self._pending[seat]

    def _take(self, seat: int, notation: str) -> None:
        self.references[seat] = BoardReference(self._views[seat], notation)
        self._age[seat] = 0

    def _watching_empty(self, seat: int, view: BoardPicture, pieces: str, state: GameState) -> bool:
        """For a board the game has put nothing on: whether it is still being watched until it holds
        still (then it becomes its reference, empty); False once it is read absolutely instead (it
        showed a tile: the camera began after the game did)."""
        if any(ch != "." for ch in state.players[seat].board.pieces):
            self._absolute.add(seat)
            return False
        candidate = self._candidates.get(seat)
        if candidate is not None:
            centre, ring = square_changes(candidate.picture, view, self.t).changed(self.t)
            if not (centre | ring).any():
                candidate.still += 1
                if candidate.still >= self.stable_frames:
                    del self._candidates[seat]
                    if _leaf_group(pieces):
                        self._absolute.add(seat)
                        return False
                    self.references[seat] = BoardReference(view, "/".join(["." * COLUMNS] * ROWS))
                    self._age[seat] = 0
                return True
        self._candidates[seat] = _Candidate(view)
        return True


def _as_laid(voted: str, expected) -> str:
    """A settled reading as the reference's notation: the engine's board (which the tracker has just made
    agree with it), but for the tokens the table has not yet put down or taken up, as seen, and '?'
    read as the engine has it."""
    seen = voted.replace("/", "")
    cells = [s if s in HOLES and e in HOLES else e for s, e in zip(seen, expected)]
    return "/".join("".join(cells[r * COLUMNS:(r + 1) * COLUMNS]) for r in range(ROWS))


def _agrees(reading: str, notation: str, beyond: set[int]) -> bool:
    """Whether a frame's reading shows what `notation` says lies on the board, but for a leaf square's
    colour (two tiles read at once take theirs from the absolute reading), a token laid with its tile
    (it covers the hole as a solid square would) and the squares beyond the picture."""
    a, b = reading.replace("/", ""), notation.replace("/", "")
    if len(a) != len(b):
        return False
    kind = str.maketrans("GYRtgyr", "SSSShhh")
    return all(x.translate(kind) == y.translate(kind) or i in beyond for i, (x, y) in enumerate(zip(a, b)))


def _beyond_hidden(pieces: str, board) -> tuple[str, set[int]]:
    """Squares beyond the picture read '?' (rectifying repeats the picture's edge there); and which."""
    beyond = getattr(board.reading, "beyond", None) if hasattr(board, "reading") else None
    if beyond is None or not beyond.any():
        return pieces, set()
    cells = list(pieces.replace("/", ""))
    out = {int(i) for i in beyond.ravel().nonzero()[0]}
    for i in out:
        cells[i] = "?"
    return "/".join("".join(cells[r * COLUMNS:(r + 1) * COLUMNS]) for r in range(ROWS)), out


def _leaf_group(pieces: str) -> bool:
    """Whether a reading shows leaf squares joined in a group of a tile's size (a tile already down)."""
    from vision.change.change_reading import groups_of

    cells = pieces.replace("/", "")
    return any(len(g) >= LEAF_GROUP for g in groups_of([i for i, ch in enumerate(cells) if ch in "GYRgyr"]))
