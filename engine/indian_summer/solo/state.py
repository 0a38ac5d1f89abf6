"""The state of a solo game: a one-player core game plus the parts only the solo game has.

The core `GameState` keeps the Forest Floor, the Player Path, the treasures and the supplies, so the
multiplayer rules for leaves, squirrels, Nuts, Feathers, exchanges and animals apply unchanged. Its
Common Path is always empty: in solo the tiles come from the Top and Bottom Paths and the row of
numbered spaces kept here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.indian_summer.solo.board import SoloBoard, default_solo_board
from engine.indian_summer.state import GameState, Player

EMPTY = -1  # a space of the row without a tile

PATHS = ("top", "bottom")
SIDES = ("left", "right")


@dataclass(frozen=True)
class SoloState:
    core: GameState
    top: tuple[int, ...]  # tile ids, left to right as they lie above the board
    bottom: tuple[int, ...]  # tile ids, left to right as they lie below the board
    track: tuple[int, ...]  # tile id per space of the row, in SoloBoard.spaces order; EMPTY if none
    turn: int = 1  # 1..turns; the turn marker tile of this turn has already moved
    refill_due: bool = False  # the Player Path ran empty: choose a path and side before anything else
    mushroom_waiting: tuple[int, ...] = ()  # Mushroom spaces (1-based) whose tile is still to place or forgo
    over: bool = False
    board_model: SoloBoard = field(default_factory=default_solo_board, compare=False, repr=False)

    @property
    def player(self) -> Player:
        return self.core.players[0]

    @property
    def path(self) -> tuple[int, ...]:
        return self.player.path

    def side_path(self, which: str) -> tuple[int, ...]:
        return self.top if which == "top" else self.bottom

    def mushroom_tile(self, number: int) -> int:
        """The tile on Mushroom space `number` (1-based), or EMPTY."""
        return self.track[self.board_model.mushroom_positions[number - 1]]

    def mushroom_tiles(self) -> tuple[tuple[int, int], ...]:
        """(space number, tile) for every Mushroom space holding a tile."""
        return tuple((k, t) for k in range(1, len(self.board_model.mushroom) + 1)
                     if (t := self.mushroom_tile(k)) != EMPTY)

    def tiles_off_board(self) -> tuple[int, ...]:
        """Every tile not yet on the Forest Floor: paths, row, Player Path."""
        return self.top + self.bottom + tuple(t for t in self.track if t != EMPTY) + self.path

    def tiles_placed(self) -> frozenset[int]:
        return frozenset(t for t in self.player.board.tile_at if t >= 0)

    def text(self, tiles: tuple[int, ...]) -> str:
        return "".join(self.core.tile_letter(t) for t in tiles)

    def track_text(self) -> str:
        return "".join(self.core.tile_letter(t) if t != EMPTY else "." for t in self.track)
