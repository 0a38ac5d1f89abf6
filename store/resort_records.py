"""Summer Resort files and kept games: records checked against their schema, games resumed from the journal."""
from __future__ import annotations

import json
from importlib import resources

from store.files import FileError, read_json
from engine.records import RecordError


def schema_problem(data: object) -> str | None:
    """The first way a Summer Resort record breaks its JSON Schema, in one line; None when it fits."""
    import jsonschema

    text = resources.files("engine.summer_resort").joinpath("data/resort-record.schema.json").read_text("utf-8")
    validator = jsonschema.Draft202012Validator(json.loads(text))
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if error is None:
        return None
    where = "/".join(str(p) for p in error.absolute_path) or "the record"
    return f"{where}: {error.message}"


def play_record_file(path: str) -> dict:
    """The outcome of a record file; FileError (one line) naming what is wrong."""
    data = read_json(path)
    if not isinstance(data, dict):
        raise FileError(f"{path}: a Summer Resort record is a JSON object with 'players' and 'actions'")
    return play_record_data(data, path)


def play_record_data(data: dict, path: str) -> dict:
    """The outcome of a record already read from `path`: the engine's reader speaks first (its messages name
    the action at fault), then the schema catches what the reader tolerates but the format does not allow."""
    from engine.summer_resort.record import apply_resort_record

    try:
        outcome = apply_resort_record(data)
    except RecordError as exc:
        raise FileError(f"{path}: {exc}") from None
    problem = schema_problem(data)
    if problem:
        raise FileError(f"{path}: {problem}")
    return outcome
