"""JSON game records of multiplayer games: set-up plus the actions in order, written so that a person
can write one by hand (square names, the notations, one action a string).

The record is a dict (the companion reads the file); `load_record` checks it and builds the start
state, `play_record` folds the actions over it. The format is described by
`data/game-record.schema.json`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, fields, replace

from engine.errors import IllegalAction, NotationError
from engine.indian_summer.actions import Action, parse_action
from engine.indian_summer.kit import COLOURS, Kit, reference_kit
from engine.indian_summer.notation import PieceGrid, PrintedLayout
from engine.indian_summer.position import PlayerPosition, board_from_notation, state_from_position
from engine.indian_summer.rules import step
from engine.indian_summer.setup import Deal, Seat, new_game, shuffled_deal, table_deal
from engine.indian_summer.state import GameState, Options, TileInfo
from engine.indian_summer.treasures import Treasures
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
    if "position" in data:
        if "deal" in data:
            raise RecordError("give either 'deal' (a game from its start) or 'position' (a game in progress), not both")
        start = position_start(data["position"], kit, seats, options, start_player - 1)
    else:
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


def position_start(raw: object, kit: Kit, seats: list[Seat], options: Options, start_player: int) -> GameState:
    """A game in progress: each board in piece notation, each player's treasures and Player Path, the
    Common Path (tiles, or a count of unseen ones), whose turn it is, and what is left on the display."""
    if not isinstance(raw, dict):
        raise RecordError("'position' must be an object with 'players' (pieces, treasures, path) and 'to_play'")
    unknown = set(raw) - POSITION_KEYS
    if unknown:
        raise RecordError(f"unknown key 'position.{sorted(unknown)[0]}'; known: {', '.join(sorted(POSITION_KEYS))}")
    given = raw.get("players")
    if not isinstance(given, list) or len(given) != len(seats):
        raise RecordError(f"'position.players' must describe each of the {len(seats)} players, in seat order")
    players = []
    for i, (seat, p) in enumerate(zip(seats, given), 1):
        where = f"position.players[{i - 1}] ({seat.name})"
        if not isinstance(p, dict) or not isinstance(p.get("pieces"), str):
            raise RecordError(f"{where} needs 'pieces' (the board in piece notation)")
        try:
            pieces = PieceGrid.parse(p["pieces"])
            treasures = _treasures(p.get("treasures", {}), where)
            printed = seat.printed if seat.printed is not None else kit.side(seat.side)
            board_from_notation(printed, pieces)
        except NotationError as exc:
            raise RecordError(f"{where}: {exc}") from None
        path = _tiles(p.get("path", []), kit, f"{where}.path")
        players.append(PlayerPosition(seat.name, printed, pieces, treasures, path, seat.side))
    common_raw = raw.get("common", options.common_path_length)
    if isinstance(common_raw, int) and not isinstance(common_raw, bool):
        if common_raw < 0:
            raise RecordError("'position.common' must be a list of tiles or a count of unseen tiles")
        common = tuple(TileInfo() for _ in range(common_raw))
    else:
        common = _tiles(common_raw, kit, "position.common")
    set_aside = _tiles(raw.get("set_aside", []), kit, "position.set_aside")
    to_play = _seat_number(raw.get("to_play", start_player + 1), len(seats), "position.to_play")
    supply = None
    if "supply" in raw:
        supply = _treasures(raw["supply"], "position.supply")
    state = state_from_position(kit, players, common, set_aside, to_play, start_player, options, supply)
    changes: dict = {}
    if "turn" in raw:
        if type(raw["turn"]) is not int or raw["turn"] < 1:
            raise RecordError("'position.turn' must be a whole number from 1")
        changes["turn"] = raw["turn"]
    if "animals" in raw:
        changes.update(_display(raw["animals"], kit))
        if supply is None:  # a starting treasure taken with its animal is in a hand, not on the display
            kept = set(changes["animal_tokens"])
            for token in state.animal_tokens:
                if token not in kept:
                    changes["supply"] = changes.get("supply", state.supply).add(token[1], 1)
    if raw.get("end_triggered_by") is not None:
        changes["end_triggered_by"] = _seat_number(raw["end_triggered_by"], len(seats), "position.end_triggered_by")
    return replace(state, **changes) if changes else state


POSITION_KEYS = {"players", "common", "set_aside", "to_play", "turn", "supply", "animals", "end_triggered_by"}


def _seat_number(raw: object, players: int, what: str) -> int:
    if type(raw) is not int or not 1 <= raw <= players:
        raise RecordError(f"'{what}' must be a seat number from 1 to {players}")
    return raw - 1


def _treasures(raw: object, where: str) -> Treasures:
    if not isinstance(raw, dict) or not all(type(v) is int for v in raw.values()):
        raise RecordError(f"{where}: treasures are an object of whole counts, e.g. {{\"berry\": 1, \"nut\": 2}}")
    try:
        return Treasures.of(raw)
    except ValueError as exc:
        raise RecordError(f"{where}: {exc}") from None


def _tiles(raw: object, kit: Kit, what: str) -> tuple[TileInfo, ...]:
    if not isinstance(raw, list):
        raise RecordError(f"'{what}' must be a list of tiles such as 'green', 'yellow:O4' or '?'")
    return tuple(tile_from(item, kit, what) for item in raw)


def _display(raw: object, kit: Kit) -> dict:
    """Animal tiles still on the display; an animal kind some player took has lost its starting treasure."""
    names = [a.name for a in kit.animals]
    if not isinstance(raw, dict) or not all(type(v) is int and v >= 0 for v in raw.values()):
        raise RecordError("'position.animals' must map animal names to how many are left, e.g. {\"chipmunk\": 5}")
    bad = sorted(set(raw) - set(names))
    if bad:
        raise RecordError(f"'position.animals': no animal called {bad[0]!r}; known: {', '.join(names)}")
    counts = {a.name: raw.get(a.name, a.count) for a in kit.animals}
    tokens = tuple(sorted((a.name, a.starting_treasure) for a in kit.animals
                          if a.starting_treasure and counts[a.name] >= a.count))
    return {"animals": tuple(sorted(counts.items())), "animal_tokens": tokens}


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
