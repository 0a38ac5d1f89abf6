"""A game state built from a described position rather than from a deal: a board read by the camera,
a hand-made test position, a game resumed mid-way."""
from __future__ import annotations

from dataclasses import dataclass, replace

from engine.errors import NotationError
from engine.indian_summer.kit import Kit, LETTER_COLOUR
from engine.indian_summer.notation import PieceGrid, PrintedLayout
from engine.indian_summer.setup import Seat, new_game
from engine.indian_summer.setup import Deal
from engine.indian_summer.squares import ALL_SQUARES
from engine.indian_summer.state import Board, GameState, Options, TileInfo
from engine.indian_summer.treasures import Treasures


@dataclass(frozen=True)
class PlayerPosition:
    name: str
    printed: PrintedLayout
    pieces: PieceGrid
    treasures: Treasures
    path: tuple[TileInfo, ...] = ()
    side: str | None = None


def board_from_notation(printed: PrintedLayout, pieces: PieceGrid) -> Board:
    """The board as drawn. Tiles already placed are not told apart; a token's hole is given the colour of
    the leaf squares around it, which is all the notation keeps."""
    cells = list(pieces.cells)
    if "?" in cells:
        raise NotationError("a position to play from cannot hold '?' squares")
    for sq in ALL_SQUARES:
        if cells[sq.index] == "t" and printed.treasure_at(sq) is None:
            raise NotationError(f"a treasure token lies on {sq}, where no treasure is printed")
    occupied = sum(1 << i for i, ch in enumerate(cells) if ch != ".")
    return Board(printed, tuple(cells), tuple([-1] * 72), occupied)


def state_from_position(kit: Kit, players: list[PlayerPosition], common: tuple[TileInfo, ...] = (),
                        set_aside: tuple[TileInfo, ...] = (), current: int = 0, start_player: int = 0,
                        options: Options = Options(), supply: Treasures | None = None) -> GameState:
    tiles: list[TileInfo] = []

    def ids(infos) -> tuple[int, ...]:
        out = []
        for info in infos:
            tiles.append(info)
            out.append(len(tiles) - 1)
        return tuple(out)

    paths = tuple(ids(p.path) for p in players)
    deal = Deal((), paths, ids(common), ids(set_aside))
    deal = replace(deal, tiles=tuple(tiles))
    seats = [Seat(p.name, p.side, p.printed) for p in players]
    state = new_game(kit, seats, deal, options, start_player)
    placed = []
    for p, player in zip(players, state.players):
        placed.append(replace(player, board=board_from_notation(p.printed, p.pieces), treasures=p.treasures))
    state = replace(state, players=tuple(placed), current=current)
    if supply is not None:
        state = replace(state, supply=supply)
    else:
        # keep the box counts true: tokens on boards and in hands come out of the supply
        given = state.board_tokens()
        for p in placed:
            given = given + p.treasures
        start = Treasures.of({k: v for k, v in kit.box.items() if k != "squirrel"})
        for _, t in state.animal_tokens:
            start = start.add(t, -1)
        left = start - given
        state = replace(state, supply=Treasures(*(max(0, left.get(k)) for k in ("berry", "nut", "mushroom", "feather"))))
    return state


def hole_letter(pieces: tuple[str, ...], index: int, tiles: tuple[TileInfo, ...] = (), tile: int = -1) -> str:
    """The letter of an emptied hole: its tile's colour when known, else the leaf squares around it."""
    if 0 <= tile < len(tiles) and tiles[tile].colour:
        return tiles[tile].colour[0]
    around = [pieces[n.index] for n in ALL_SQUARES[index].neighbours() if pieces[n.index] in "GYR"]
    if not around:
        return "g"
    return LETTER_COLOUR[max(sorted(set(around)), key=around.count)][0]
