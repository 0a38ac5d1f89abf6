"""Hand-made solo positions for the tests: tiles by kit shape name, boards by piece notation."""
from __future__ import annotations

from dataclasses import replace

from engine.indian_summer.kit import reference_kit
from engine.indian_summer.notation import PieceGrid, PrintedLayout
from engine.indian_summer.solo.setup import SoloDeal, new_solo_game
from engine.indian_summer.state import Board, Options, TileInfo
from engine.indian_summer.treasures import Treasures

KIT = reference_kit()
FILLER = "I3-end"


def _tiles(names):
    return [TileInfo(KIT.leaf(n).colour, KIT.leaf(n).shape) for n in names]


PLAIN = "/".join(["." * 9] * 8)  # a Forest Floor with no printed treasures


def build(top=None, bottom=None, numbered=None, path=None, printed=PLAIN, pieces=None, treasures=None,
          options=Options()):
    """A solo game at the start of turn 1 from named tiles; `pieces` (piece notation) and `treasures`
    replace the board and the player's supply for hand-made positions."""
    top = list(top if top is not None else [FILLER] * 5)
    bottom = list(bottom if bottom is not None else [FILLER] * 5)
    numbered = list(numbered if numbered is not None else [FILLER] * 10)
    path = list(path if path is not None else [FILLER] * 5)
    tiles, parts = [], []
    for part in (top, bottom, numbered, path):
        parts.append(tuple(range(len(tiles), len(tiles) + len(part))))
        tiles += _tiles(part)
    state = new_solo_game(KIT, SoloDeal(tuple(tiles), *parts), printed=PrintedLayout.parse(printed), options=options)
    return with_position(state, pieces, treasures)


def with_position(state, pieces=None, treasures=None):
    player = state.player
    if pieces is not None:
        cells = PieceGrid.parse(pieces).cells
        occupied = sum(1 << i for i, c in enumerate(cells) if c != ".")
        board = Board(player.board.printed, cells, tuple([-1] * 72), occupied)
        player = replace(player, board=board)
    if treasures is not None:
        player = replace(player, treasures=Treasures.of(treasures))
    return replace(state, core=replace(state.core, players=(player,)))


def with_path(state, path):
    """The player's path replaced by the given tile ids (tiles taken from elsewhere stay listed there:
    use only for tests that do not count tiles)."""
    player = replace(state.player, path=tuple(path))
    return replace(state, core=replace(state.core, players=(player,)))
