"""JSON game records of multiplayer games: set-up plus the actions in order, written so that a person
can write one by hand (square names, the notations, one action a string).

The record is a dict (the companion reads the file); `load_record` checks it and builds the start
state, `play_record` folds the actions over it. The format is described by
`data/game-record.schema.json`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, fields

from engine.errors import IllegalAction, NotationError
from engine.indian_summer.actions import Action, parse_action
from engine.indian_summer.kit import COLOURS, Kit, reference_kit
from engine.indian_summer.notation import PrintedLayout
from engine.indian_summer.rules import step
from engine.indian_summer.setup import Deal, Seat, new_game, shuffled_deal, table_deal
from engine.indian_summer.state import GameState, Options, TileInfo
from engine.records import RecordError

from engine.records import check_header, name_problem, parse_actions, play_actions


@dataclass(frozen=True)
class Record:
    start: GameState
    actions: tuple[Action, ...]
    texts: tuple[str, ...]


def load_record(data: object, kit: Kit | None = None) -> Record:
    check_header(data, "multiplayer")
    kit = kit or reference_kit()
    options = options_from(data.get("options", {}))
    seats = _seats(data.get("players"), kit)
    start_player = data.get("start_player", 1)
    if not isinstance(start_player, int) or not 1 <= start_player <= len(seats):
        raise RecordError(f"'start_player' must be a seat number from 1 to {len(seats)}")
    deal = _deal(data.get("deal", {"seed": 0}), kit, len(seats), options)
    try:
        start = new_game(kit, seats, deal, options, start_player - 1)
    except IllegalAction as exc:
        raise RecordError(exc.message, code=exc.code) from None
    texts = data.get("actions", [])
    actions = parse_actions(texts, parse_action, "leaf path:1 *A1 B1 C1")
    return Record(start, actions, tuple(texts))


def play_record(record: Record) -> tuple[GameState, list]:
    """Fold the actions; returns the final state and the events of every action."""
    return play_actions(record.start, record.actions, record.texts, step)


def options_from(raw: object) -> Options:
    if not isinstance(raw, dict):
        raise RecordError("'options' must be an object")
    known = {f.name: f.type for f in fields(Options)}
    unknown = set(raw) - set(known)
    if unknown:
        raise RecordError(f"unknown option {sorted(unknown)[0]!r}; known: {', '.join(known)}")
    for k, v in raw.items():
        want = bool if known[k] in (bool, "bool") else int
        if type(v) is not want:
            raise RecordError(f"option {k!r} must be {'true or false' if want is bool else 'a whole number'}")
    return Options(**raw)


def _seats(raw: object, kit: Kit) -> list[Seat]:
    if not isinstance(raw, list) or not 1 <= len(raw) <= 4:
        raise RecordError("'players' must list 1 to 4 players")
    seats = []
    for i, p in enumerate(raw, 1):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str) or not p["name"].strip():
            raise RecordError(f"player {i} needs a 'name'")
        name_problem(p["name"], i)
        shown = p["name"]
        if "pieces" in p or "treasures" in p:
            raise RecordError(f"player {i} ({shown}) has {'pieces' if 'pieces' in p else 'treasures'}: this is a "
                              "position, not a game record (a record starts from empty boards and lists actions); "
                              "for a final position use 'leafwatch endgame'")
        side, printed = p.get("side"), p.get("printed")
        if side is not None and not isinstance(side, str):
            raise RecordError(f"player {i} ({shown}): 'side' must be a board side's name such as 'A1'")
        if printed is not None and not isinstance(printed, str):
            raise RecordError(f"player {i} ({shown}): 'printed' must be a string of 8 rows of 9 symbols, '/' between rows")
        try:
            if printed is not None:
                seats.append(Seat(p["name"], side, PrintedLayout.parse(printed)))
            elif isinstance(side, str):
                seats.append(Seat(p["name"], side, kit.side(side)))
            else:
                raise RecordError(f"player {i} ({shown}) needs a board 'side' (e.g. 'A1') or a 'printed' layout")
        except NotationError as exc:
            raise RecordError(f"player {i} ({shown}): {exc}") from None
    if len({s.name for s in seats}) != len(seats):
        raise RecordError("player names must differ")
    _check_boards(seats)
    return seats


def _check_boards(seats: list[Seat]) -> None:
    """Every player has a board of their own: no side twice, and not both faces of one board (A1 and
    A2 are the two faces of board A)."""
    named = [(i, s) for i, s in enumerate(seats, 1) if s.side]
    for n, (i, a) in enumerate(named):
        for j, b in named[n + 1:]:
            if a.side == b.side:
                raise RecordError(f"players {i} ({a.name}) and {j} ({b.name}) both play board side {a.side}; "
                                  "every player has a board of their own")
            if len(a.side) > 1 and a.side[:-1] == b.side[:-1]:
                raise RecordError(f"players {i} ({a.name}) and {j} ({b.name}) play sides {a.side} and {b.side}, "
                                  "the two faces of one board")


def _deal(raw: object, kit: Kit, players: int, options: Options) -> Deal:
    if not isinstance(raw, dict):
        raise RecordError("'deal' must be an object: {\"seed\": N}, {\"table\": true} or explicit paths")
    if "seed" in raw:
        if not isinstance(raw["seed"], int):
            raise RecordError("'deal.seed' must be a whole number")
        return shuffled_deal(kit, players, random.Random(raw["seed"]), options.common_path_length)
    if raw.get("table"):
        return table_deal(kit, players, options.common_path_length)
    if "paths" in raw:
        return _explicit_deal(raw, kit, players)
    raise RecordError("'deal' needs 'seed', 'table' or 'paths'")


def _explicit_deal(raw: dict, kit: Kit, players: int) -> Deal:
    """Tiles written as 'green', 'yellow:O4' (colour and kit shape name) or '?' (unseen)."""
    tiles: list[TileInfo] = []

    def ids(items, what) -> tuple[int, ...]:
        if not isinstance(items, list):
            raise RecordError(f"'{what}' must be a list of tiles")
        out = []
        for item in items:
            tiles.append(tile_from(item, kit, what))
            out.append(len(tiles) - 1)
        return tuple(out)

    paths = raw["paths"]
    if not isinstance(paths, list) or len(paths) != players:
        raise RecordError(f"'deal.paths' must hold one Player Path per player ({players})")
    path_ids = tuple(ids(p, "deal.paths") for p in paths)
    common = ids(raw.get("common", []), "deal.common")
    set_aside = ids(raw.get("set_aside", []), "deal.set_aside")
    return Deal(tuple(tiles), path_ids, common, set_aside)


def tile_from(item: object, kit: Kit, what: str) -> TileInfo:
    if not isinstance(item, str):
        raise RecordError(f"a tile in '{what}' must be a string like 'green' or 'yellow:O4' or '?'")
    if item == "?":
        return TileInfo()
    colour, _, name = item.partition(":")
    if colour not in COLOURS:
        raise RecordError(f"tile {item!r} in '{what}': colour must be one of {', '.join(COLOURS)}")
    if not name:
        return TileInfo(colour)
    try:
        leaf = kit.leaf(name)
    except NotationError as exc:
        raise RecordError(f"tile {item!r} in '{what}': {exc}") from None
    if leaf.colour != colour:
        raise RecordError(f"tile {item!r} in '{what}': {name} is {leaf.colour}")
    return TileInfo(colour, leaf.shape)
