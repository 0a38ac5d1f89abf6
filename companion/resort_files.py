"""Summer Resort files and kept games: records checked against their schema, games resumed from the journal."""
from __future__ import annotations

import json
from importlib import resources

from companion.cli.errors import CliError
from companion.files import read_json
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
    """The outcome of a record file; CliError (one line) naming what is wrong."""
    from engine.summer_resort.record import apply_resort_record

    data = read_json(path)
    if not isinstance(data, dict):
        raise CliError(f"{path}: a Summer Resort record is a JSON object with 'players' and 'actions'")
    try:
        outcome = apply_resort_record(data)
    except RecordError as exc:
        raise CliError(f"{path}: {exc}") from None
    problem = schema_problem(data)
    if problem:
        raise CliError(f"{path}: {problem}")
    return outcome


def resume_game(journal, game: int | None):
    """A ResortTable going on with a kept game: `game`, or the last Summer Resort game kept."""
    from companion.journal import JournalError
    from companion.resort_table import ResortTable
    from engine.summer_resort.record import GAME, load_resort_record

    if game is None:
        kept = [g.id for g in journal.games() if journal.record(g.id).get("game") == GAME]
        if not kept:
            raise CliError(f"{journal.path} keeps no Summer Resort game to resume")
        game = kept[-1]
    try:
        data = journal.record(game)
    except JournalError as exc:
        raise CliError(str(exc)) from None
    if data.get("game") != GAME:
        raise CliError(f"game {game} in the journal is not a Summer Resort game")
    try:
        loaded = load_resort_record(data)
        table = ResortTable(loaded.start, loaded.actions, seed=data.get("seed"), journal=journal, game_id=game,
                            deck=data.get("deck"))
    except RecordError as exc:
        raise CliError(f"game {game} in the journal cannot be played again: {exc}") from None
    except Exception as exc:
        from engine.errors import IllegalAction, NotationError

        if isinstance(exc, (IllegalAction, NotationError)):
            raise CliError(f"game {game} in the journal cannot be played again: {exc}") from None
        raise
    return table
