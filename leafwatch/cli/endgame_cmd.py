"""`leafwatch endgame FILE`: the table's end-game calculator for a described final position."""
from __future__ import annotations

import json

from leafwatch.cli.errors import CliError

EXAMPLE = ('{"players": [{"name": "Claus", "printed": "<8 rows>", "pieces": "<8 rows>", '
           '"treasures": {"berry": 0, "nut": 2, "mushroom": 0, "feather": 0}}]}')


def register(sub) -> None:
    p = sub.add_parser("endgame", help="best final phase and standings for a final position",
                       description="Each player's best final phase (treasures to Nuts, Nuts to squirrels, "
                                   "Areas completed on the way), step by step, and the standings. "
                                   f"FILE holds: {EXAMPLE}. A player may give \"side\" (e.g. \"A1\") instead of \"printed\".")
    p.add_argument("file")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--kit", help="kit TOML file for board sides (default: the reference kit)")
    p.set_defaults(func=_run)


def parse_position(data: object, kit) -> list:
    from engine.errors import NotationError
    from engine.indian_summer.notation import PieceGrid, PrintedLayout
    from engine.indian_summer.treasures import Treasures
    from engine.records import RecordError, name_problem

    if not isinstance(data, dict) or not isinstance(data.get("players"), list) or not data["players"]:
        raise CliError(f"the file needs a 'players' list, like {EXAMPLE}")
    players = []
    for i, p in enumerate(data["players"], 1):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str):
            raise CliError(f"player {i} needs a 'name'")
        name = p["name"]
        try:
            name_problem(name, i)
        except RecordError as exc:
            raise CliError(str(exc)) from None
        try:
            if isinstance(p.get("printed"), str):
                printed = PrintedLayout.parse(p["printed"])
            elif isinstance(p.get("side"), str):
                printed = kit.side(p["side"])
            else:
                raise CliError(f"player {i} ({name}) needs 'printed' (printed notation) or 'side'")
            if not isinstance(p.get("pieces"), str):
                raise CliError(f"player {i} ({name}) needs 'pieces' (piece notation)")
            pieces = PieceGrid.parse(p["pieces"])
            raw = p.get("treasures", {})
            if not isinstance(raw, dict) or not all(type(v) is int and 0 <= v <= 999 for v in raw.values()):
                raise CliError(f"player {i} ({name}): 'treasures' must be an object of whole counts from 0 to 999")
            treasures = Treasures.of(raw)
        except (NotationError, ValueError, TypeError) as exc:
            raise CliError(f"player {i} ({name}): {exc}") from None
        if "?" in pieces.cells:
            raise CliError(f"player {i} ({name}): the pieces still hold '?' squares; the calculator needs every square known")
        bad = [str(sq) for sq in _token_squares(pieces) if printed.treasure_at(sq) is None]
        if bad:
            raise CliError(f"player {i} ({name}): a token 't' lies where no treasure is printed: {', '.join(bad)}")
        players.append((name, printed, pieces, treasures))
    if len({p[0] for p in players}) != len(players):
        raise CliError("player names must differ")
    return players


def _token_squares(pieces):
    from engine.indian_summer.squares import ALL_SQUARES

    return [sq for sq in ALL_SQUARES if pieces.at(sq) == "t"]


def _run(args) -> int:
    from store.files import read_json, read_kit
    from engine.indian_summer.outcome import endgame_from_position, final_json, standings_json

    players = parse_position(read_json(args.file), read_kit(args.kit))
    finals, places = endgame_from_position(players)
    if args.json:
        print(json.dumps({"players": [final_json(f) for f in finals], "standings": standings_json(places)}, indent=2))
        return 0
    from companion.game_view import count_words

    for f in finals:
        x = f.final
        head = "covers the Forest Floor" if x.covered else f"{count_words(x.empty_squares, 'empty square')} left"
        print(f"{f.name}: {head}; {count_words(x.nuts, 'Nut')}{', a Berry left over' if x.berry_left else ''}")
        for i, s in enumerate(x.steps, 1):
            print(f"  {i}. {s}")
    print("standings:")
    for p in places:
        print(f"  {p.place}. {', '.join(p.players)}: {p.reason}")
    return 0
