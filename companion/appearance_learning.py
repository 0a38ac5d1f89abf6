"""The table's pieces learned in play: squares whose piece the game vouches for, taken into the appearance
memory (vision.classify.appearance) that every later reading is weighed by.

Once the engine has accepted the moves on a board, what lies on each of its squares is known: this one a
red leaf, that hole an open hole over a printed nut, that one a token. A board is learned from once per
state the engine gives it, a few frames after that state began (the tracker has voted and the hand has
gone), and only when the board is settled and wholly in view:

- its side is named and it is that player's board; no square lies beyond the picture;
- at most `hidden_most` squares read hidden (more is a hand over the board);
- at most `unvouched_most` squares disagree with the engine in a way a move could explain (fewer than
  the smallest tile's squares: a tile put down and not yet taken in shows more).

And a square is learned only when the game vouches for it: read, and no square around it read hidden (a
hand's edge); read as the engine has it, or, for a placed tile, squirrel or animal (which never move), as
any piece but the empty floor; an open hole read as a hole of another colour, or as a solid piece where no
token can lie (plain floor under it). Never a square where a token may be on its way or left behind (the
engine says token and the reading says hole, or the other way), nor floor the reading says is covered: the
table may be behind the engine there, or a move not yet taken in.
"""
from __future__ import annotations

import os
import pathlib
import time

HOLES = "gyr"
PLACED = "GYRsa"  # pieces that never move once placed: any reading of them but the floor is a misread


def vouched(engine: str, seen: str, printed: str) -> bool:
    """Whether the game vouches that a square reading `seen` holds the engine's piece `engine` (the printed
    symbol under it `printed`)."""
    if seen == "?":
        return False
    if seen == engine:
        return True
    if engine in PLACED:
        return seen != "."
    if engine in HOLES:
        # another colour's hole is the same hole misread; a solid piece too, where no token can lie on it
        return seen in HOLES or (seen in "GYRs" and printed == ".")
    return False  # a token ('t') or the empty floor ('.') read as anything else: the table may be behind


def _around(i: int) -> list[int]:
    r, c = divmod(i, 9)
    return [rr * 9 + cc for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
            if (rr, cc) != (r, c) and 0 <= rr < 8 and 0 <= cc < 9]


def squares_to_learn(engine: str, seen: str, printed: str, hidden_most: int = 2,
                     unvouched_most: int = 2) -> list[int] | None:
    """The squares (reading order) of a board to learn from, or None when the board is not settled (a hand
    over it, a move not yet taken in). Each argument is 72 characters: the engine's pieces, this frame's
    reading, the printed layout."""
    hidden = {i for i, ch in enumerate(seen) if ch == "?"}
    if len(hidden) > hidden_most:
        return None
    good = [vouched(e, s, p) for e, s, p in zip(engine, seen, printed)]
    if sum(1 for i, g in enumerate(good) if not g and i not in hidden) > unvouched_most:
        return None
    return [i for i, g in enumerate(good) if g and not any(j in hidden for j in _around(i))]


class AppearanceLearning:
    """Feeds the memory from a live table's frames: `learn` after every frame the session has taken in."""

    def __init__(self, memory, settle_frames: int = 3, hidden_most: int = 2, unvouched_most: int = 2, *,
                 thresholds: dict | None = None):
        """`thresholds`: thresholds.toml's table (vision.thresholds), read here once when not given."""
        if thresholds is None:
            from vision.thresholds import thresholds as default_thresholds

            thresholds = default_thresholds()
        self.thresholds = thresholds
        self.memory = memory
        self.settle_frames = settle_frames
        self.hidden_most = hidden_most
        self.unvouched_most = unvouched_most
        self._state: dict[int, tuple] = {}  # each seat's engine board, as last seen
        self._steady: dict[int, int] = {}  # frames that board has stayed so
        self._learned: dict[int, tuple] = {}  # each seat's engine board last learned from
        self.boards_learned = 0
        self.squares_learned = 0
        self.seconds = 0.0  # spent learning, all frames together

    def learn(self, image, boards, state, profile=None) -> int:
        """Learn from this frame's boards (vision.results.BoardResult) what the game `state` vouches for;
        returns how many squares were taken in. `profile`: the colour profile the frame was read with."""
        started = time.perf_counter()
        taken = 0
        for seat, player in enumerate(state.players):
            pieces = tuple(player.board.pieces)
            if self._state.get(seat) != pieces:
                self._state[seat], self._steady[seat] = pieces, 0
            else:
                self._steady[seat] += 1
            if self._steady[seat] < self.settle_frames or self._learned.get(seat) == pieces or not player.side:
                continue
            mine = [b for b in boards if b.side == player.side]
            if len(mine) != 1 or mine[0].beyond_picture:
                continue
            board = mine[0]
            engine = "".join(pieces)
            seen = board.pieces.replace("/", "")
            printed = player.board.printed.format().replace("/", "")
            squares = squares_to_learn(engine, seen, printed, self.hidden_most, self.unvouched_most)
            if squares is None:
                continue
            self._learned[seat] = pieces
            if squares:
                taken += self._take(image, board.corners, profile, [(i, engine[i], printed[i]) for i in squares])
        self.seconds += time.perf_counter() - started
        return taken

    def _take(self, image, corners, profile, squares) -> int:
        from vision.classify.appearance import label
        from vision.classify.classification import classify
        from vision.locate.rectification import rectify

        # the models' own reading, the memory left out: the references hold what the models make of this box
        t = self.thresholds
        reading = classify(rectify(image, corners, int(t["rectify"]["square_px"])), profile, adapt=False, thresholds=t)
        rows = [i for i, _, _ in squares]
        n = self.memory.learn(reading.piece_probs[rows], [label(e, p) for _, e, p in squares])
        self.boards_learned += 1
        self.squares_learned += n
        return n


def save_beside(profile_path: str | os.PathLike, memory) -> str:
    """Write the memory beside the profile (vision.classify.appearance.beside) and say so in a line; a file
    there that leafwatch did not write is left as it is, and the line says that instead."""
    from vision.classify.appearance import beside, ours

    path = beside(profile_path)
    if memory.empty:
        return f"no squares were learned; {path} is left as it was"
    if os.path.lexists(path) and not ours(path):
        return f"{path} exists and is not a leafwatch appearance file: the pieces learned are not kept"
    try:
        memory.save(path)
    except OSError as exc:
        return f"cannot write {path}: {exc.strerror}; the pieces learned are not kept"
    total = sum(memory.squares().values())
    return f"the table's pieces as learned ({total} squares) kept in {pathlib.Path(path)}"
