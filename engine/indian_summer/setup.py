"""Starting a game: who sits where, which board sides, and where every leaf tile lies.

A digital game deals from a seeded shuffle (the seed is the recorded chance outcome); a table game
starts from what the camera can know: the Player Paths' colours, and a Common Path of unseen tiles.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from engine.errors import IllegalAction
from engine.indian_summer.kit import COLOURS, Kit
from engine.indian_summer.notation import PrintedLayout
from engine.indian_summer.state import Board, GameState, Options, Player, TileInfo
from engine.indian_summer.treasures import Treasures

STARTING_TREASURES = Treasures(berry=1, nut=1, mushroom=1)
PATH_COLOURS = ("green", "green", "yellow", "yellow", "red")


@dataclass(frozen=True)
class Seat:
    name: str
    side: str | None = None  # a kit side name, e.g. 'A1'
    printed: PrintedLayout | None = None  # or the printed layout itself


@dataclass(frozen=True)
class Deal:
    """Where every tile starts. Each tile is a TileInfo (fully known, by colour, or unknown)."""

    tiles: tuple[TileInfo, ...]
    paths: tuple[tuple[int, ...], ...]
    common: tuple[int, ...]
    set_aside: tuple[int, ...]


def shuffled_deal(kit: Kit, players: int, rng: random.Random, common_length: int = 24) -> Deal:
    """A digital deal: every tile known, shuffled by the given generator."""
    tiles = [TileInfo(leaf.colour, leaf.shape) for leaf in kit.leaves for _ in range(leaf.count)]
    order = list(range(len(tiles)))
    rng.shuffle(order)
    by_colour = {c: [t for t in order if tiles[t].colour == c] for c in COLOURS}
    paths = []
    for _ in range(players):
        path = []
        for colour in PATH_COLOURS:
            if not by_colour[colour]:
                raise IllegalAction("not_enough_tiles", f"the kit has too few {colour} tiles for {players} players")
            path.append(by_colour[colour].pop(0))
        paths.append(tuple(path))
    dealt = {t for p in paths for t in p}
    rest = [t for t in order if t not in dealt]
    return Deal(tuple(tiles), tuple(paths), tuple(rest[:common_length]), tuple(rest[common_length:]))


def table_deal(kit: Kit, players: int, common_length: int = 24) -> Deal:
    """A real table: Player Paths known by colour only, the Common Path and set-aside tiles unseen."""
    tiles: list[TileInfo] = []
    paths = []
    for _ in range(players):
        ids = []
        for colour in PATH_COLOURS:
            ids.append(len(tiles))
            tiles.append(TileInfo(colour))
        paths.append(tuple(ids))
    total = sum(leaf.count for leaf in kit.leaves)
    rest = list(range(len(tiles), total))
    tiles += [TileInfo() for _ in rest]
    return Deal(tuple(tiles), tuple(paths), tuple(rest[:common_length]), tuple(rest[common_length:]))


def new_game(kit: Kit, seats: list[Seat], deal: Deal, options: Options = Options(), start_player: int = 0) -> GameState:
    if not 1 <= len(seats) <= 4:
        raise IllegalAction("players", f"Indian Summer seats 1 to 4 players, not {len(seats)}")
    if len(deal.paths) != len(seats):
        raise IllegalAction("players", f"the deal has {len(deal.paths)} Player Paths for {len(seats)} players")
    if not 0 <= start_player < len(seats):
        raise IllegalAction("players", f"start player {start_player + 1} is not a seat")
    players = []
    for seat, path in zip(seats, deal.paths):
        printed = seat.printed if seat.printed is not None else kit.side(seat.side)
        players.append(Player(seat.name, seat.side, Board.new(printed), tuple(path), STARTING_TREASURES))
    box = kit.box
    supply = Treasures.of({k: box.get(k, 0) for k in ("berry", "nut", "mushroom", "feather")})
    animal_tokens = tuple(sorted((a.name, a.starting_treasure) for a in kit.animals if a.starting_treasure))
    for _, t in animal_tokens:
        supply = supply.add(t, -1)
    for _ in seats:
        supply = supply - STARTING_TREASURES
    return GameState(
        kit=kit, options=options, tiles=deal.tiles, players=tuple(players), common=deal.common,
        set_aside=deal.set_aside, supply=supply,
        animals=tuple(sorted((a.name, a.count) for a in kit.animals)), animal_tokens=animal_tokens,
        start_player=start_player, current=start_player,
    )
