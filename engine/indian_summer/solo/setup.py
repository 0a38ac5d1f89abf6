"""Starting a solo game or series: the 75 leaf tiles split into 3 stacks of 25, one stack a game.

A stack's tiles are dealt in its (already random) order: Top Path, Bottom Path, the numbered spaces
1 to 10, then the Player Path. A seed is the recorded chance outcome of a digital series; a table
game passes the deal it sees.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from engine.errors import IllegalAction
from engine.indian_summer.kit import Kit
from engine.indian_summer.notation import PrintedLayout
from engine.indian_summer.setup import Deal, Seat, new_game
from engine.indian_summer.solo.board import SoloBoard, default_solo_board
from engine.indian_summer.solo.rules import begin_turn
from engine.indian_summer.solo.state import EMPTY, SoloState
from engine.indian_summer.state import Options, TileInfo


@dataclass(frozen=True)
class SoloDeal:
    """Where a game's tiles start; tile ids index `tiles`."""

    tiles: tuple[TileInfo, ...]
    top: tuple[int, ...]  # left to right
    bottom: tuple[int, ...]  # left to right
    numbered: tuple[int, ...]  # the tile on space 1, space 2, ...
    path: tuple[int, ...]  # index 0 next to the Backpack


def split_stacks(kit: Kit, rng: random.Random, board: SoloBoard | None = None) -> tuple[tuple[TileInfo, ...], ...]:
    """Every leaf tile of the kit, shuffled and cut into one stack per game of the series."""
    board = board or default_solo_board()
    tiles = [TileInfo(leaf.colour, leaf.shape) for leaf in kit.leaves for _ in range(leaf.count)]
    need = board.tiles_per_game * board.games_per_series
    if len(tiles) < need:
        raise IllegalAction("not_enough_tiles", f"the kit has {len(tiles)} leaf tiles; a solo series needs {need}")
    rng.shuffle(tiles)
    n = board.tiles_per_game
    return tuple(tuple(tiles[g * n:(g + 1) * n]) for g in range(board.games_per_series))


def deal_stack(stack: tuple[TileInfo, ...], board: SoloBoard | None = None) -> SoloDeal:
    board = board or default_solo_board()
    if len(stack) != board.tiles_per_game:
        raise IllegalAction("stack_size", f"a solo game uses {board.tiles_per_game} tiles, not {len(stack)}")
    ids = list(range(len(stack)))
    cuts = [board.top, board.bottom, board.numbered, board.player]
    parts, at = [], 0
    for c in cuts:
        parts.append(tuple(ids[at:at + c]))
        at += c
    return SoloDeal(tuple(stack), *parts)


def seeded_deal(kit: Kit, seed: int | str, game: int = 1, board: SoloBoard | None = None) -> SoloDeal:
    """Game `game` (1-based) of the series the seed shuffles."""
    board = board or default_solo_board()
    if not 1 <= game <= board.games_per_series:
        raise IllegalAction("no_such_game", f"a solo series has games 1 to {board.games_per_series}, not {game}")
    stacks = split_stacks(kit, random.Random(seed), board)
    return deal_stack(stacks[game - 1], board)


def new_solo_game(kit: Kit, deal: SoloDeal, side: str | None = None, printed: PrintedLayout | None = None,
                  options: Options = Options(), board: SoloBoard | None = None) -> SoloState:
    """The state at the start of turn 1, its turn marker tile already moved."""
    board = board or default_solo_board()
    counts = (len(deal.top), len(deal.bottom), len(deal.numbered), len(deal.path))
    if counts != (board.top, board.bottom, board.numbered, board.player):
        raise IllegalAction("bad_deal", f"a solo deal has {board.top} Top, {board.bottom} Bottom, {board.numbered} "
                                        f"numbered-space and {board.player} Player Path tiles, not {counts}")
    used = deal.top + deal.bottom + deal.numbered + deal.path
    if sorted(used) != list(range(len(deal.tiles))):
        raise IllegalAction("bad_deal", "every tile of the deal must lie in exactly one place")
    if side is None and printed is None:
        raise IllegalAction("bad_deal", "choose a Forest Floor side or give its printed layout")
    core = new_game(kit, [Seat("solo", side, printed)], Deal(deal.tiles, (deal.path,), (), ()), options)
    track = [EMPTY] * len(board.spaces)
    for number, tile in enumerate(deal.numbered, 1):
        track[board.position_of_number(number)] = tile
    state = SoloState(core=core, top=deal.top, bottom=deal.bottom, track=tuple(track), board_model=board)
    return begin_turn(state)[0]
