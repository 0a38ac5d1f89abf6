"""Hand-made positions for engine tests: boards drawn square by square."""
from __future__ import annotations

from engine.indian_summer.kit import reference_kit
from engine.indian_summer.notation import PieceGrid, PrintedLayout
from engine.indian_summer.position import PlayerPosition, state_from_position
from engine.indian_summer.squares import Square
from engine.indian_summer.state import Options, TileInfo
from engine.indian_summer.treasures import Treasures

KIT = reference_kit()


def printed(**marks: str) -> PrintedLayout:
    """printed(A1='m', C4='n'): a plain floor with these symbols."""
    cells = ["."] * 72
    for name, ch in marks.items():
        cells[Square.parse(name).index] = ch
    return PrintedLayout(tuple(cells))


def pieces(base: str = ".", **cells_: str) -> PieceGrid:
    """pieces('.', A1='G', ...) or pieces('G', A1='.'): a board filled with `base` except the named squares."""
    cells = [base] * 72
    for name, ch in cells_.items():
        cells[Square.parse(name).index] = ch
    return PieceGrid(tuple(cells))


def fill_except(grid: PieceGrid, keep_empty: list[str], area_squares) -> PieceGrid:
    cells = list(grid.cells)
    for sq in area_squares:
        if str(sq) not in keep_empty and cells[sq.index] == ".":
            cells[sq.index] = "G"
    return PieceGrid(tuple(cells))


def tile(name: str) -> TileInfo:
    leaf = KIT.leaf(name)
    return TileInfo(leaf.colour, leaf.shape)


def position(players, common=(), current=0, options=Options(), start_player=0):
    return state_from_position(KIT, [PlayerPosition(*p) for p in players], tuple(common), (), current, start_player, options)


def treasures(**kw) -> Treasures:
    return Treasures(**kw)


def play(state, *texts):
    """Apply action texts in order; the final state and every event on the way."""
    from engine.indian_summer.actions import parse_action
    from engine.indian_summer.rules import step

    events = []
    for t in texts:
        state, ev = step(state, parse_action(t))
        events += ev
    return state, events
