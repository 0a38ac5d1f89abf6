"""Game record files: schema check, then the engine plays them. Every game's records alike."""
from __future__ import annotations

import json
from importlib import resources

from store.files import FileError, read_json
from engine.records import RecordError


def _schema(name: str) -> dict:
    package = "engine.summer_nine" if name == "nine-record.schema.json" else "engine.indian_summer"
    text = resources.files(package).joinpath(f"data/{name}").read_text("utf-8")
    return json.loads(text)


def schema_problem(data: object) -> str | None:
    """The first way the record breaks its JSON Schema, in one line; None when it fits."""
    import jsonschema

    game = data.get("game") if isinstance(data, dict) else None
    name = {"solo": "solo-record.schema.json", "nine": "nine-record.schema.json"}.get(game, "game-record.schema.json")
    try:
        schema = _schema(name)
    except FileNotFoundError:
        return None if name == "solo-record.schema.json" else "the game record schema is missing from the installation"
    error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(schema).iter_errors(data))
    if error is None:
        return None
    where = "/".join(str(p) for p in error.absolute_path) or "the record"
    return f"{where}: {error.message}"


def play_file(path: str, kit=None) -> tuple[str, object]:
    """('multiplayer', final GameState), ('solo', outcome dict), ('nine', outcome dict) or ('resort', outcome
    dict); FileError naming what is wrong. `kit` is Indian Summer's; a Summer Nine or Summer Resort record
    plays with its own game's kit."""
    data = read_json(path)
    if not isinstance(data, dict):
        raise FileError(f"{path}: a game record is a JSON object with 'players' and 'actions'")
    from engine.summer_resort.record import GAME as RESORT

    if data.get("game") == RESORT:
        from store.resort_records import play_record_data

        return "resort", play_record_data(data, path)
    # The engine's reader speaks first: its messages name the player or action at fault. The schema
    # then catches what the reader tolerates but the documented format does not allow.
    try:
        if data.get("game") == "solo":
            try:
                from engine.indian_summer.solo.record import apply_solo_record
            except ImportError:
                raise FileError("this installation cannot play solo records yet") from None
            result = ("solo", apply_solo_record(data, kit))
        elif data.get("game") == "nine":
            from engine.summer_nine.record import apply_nine_record

            result = ("nine", apply_nine_record(data))
        else:
            from engine.indian_summer.record import load_record, play_record

            record = load_record(data, kit)
            result = ("multiplayer", play_record(record)[0])
    except RecordError as exc:
        raise FileError(f"{path}: {exc}") from None
    except Exception as exc:  # IllegalAction from a solo record, etc.
        from engine.errors import IllegalAction, NotationError

        if isinstance(exc, (IllegalAction, NotationError)):
            raise FileError(f"{path}: {exc}") from None
        raise
    problem = schema_problem(data)
    if problem:
        raise FileError(f"{path}: {problem}")
    return result
