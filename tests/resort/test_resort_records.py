"""Summer Resort records: the schema, playing back, the outcome, and one-line errors for bad records."""
from __future__ import annotations

import json
import pathlib
from importlib import resources

import jsonschema
import pytest

from engine.records import RecordError
from engine.summer_resort.record import apply_resort_record, load_resort_record, outcome_json, record_of
from engine.summer_resort.setup import new_game

from tests.resort.resort_bot import bot_game

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCHEMA = json.loads(resources.files("engine.summer_resort").joinpath("data/resort-record.schema.json").read_text("utf-8"))


def errors(data):
    return list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(data))


def test_schema_is_valid_draft_2020_12():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_a_whole_game_as_a_record_fits_the_schema_and_plays_back():
    start = new_game(["Anna", "Ben", "Cleo"], porter=1)
    final, log = bot_game(start, 7)
    record = record_of(start, [a.format() for a in log], seed=7)
    assert errors(record) == []
    assert apply_resort_record(record) == outcome_json(final)
    assert load_resort_record(record).start.porter == 1


def test_the_shipped_example_fits_the_schema_and_ends_scored():
    data = json.loads((ROOT / "examples" / "resort-game.json").read_text())
    assert errors(data) == []
    out = apply_resort_record(data)
    assert out["over"] and out["round"] == 12 and len(out["standings"]) == 4
    json.dumps(out)


def test_an_unfinished_record_is_scored_as_it_stands():
    out = apply_resort_record({"game": "summer-resort", "players": [{"name": "A"}, {"name": "B"}],
                               "actions": ["weather rain", "deal stu stu", "p2 package"]})
    assert not out["over"] and out["phase"] == "actions" and out["players"][1]["money"] == 300
    assert out["standings"][0]["name"] == "B"


def test_a_table_deck_that_differs_goes_in_the_record():
    deck = {"storm": 1, "rain": 2, "clouds": 4, "sun": 2, "exams": 2, "hot": 2}
    rec = {"game": "summer-resort", "players": [{"name": "A"}, {"name": "B"}], "deck": deck, "actions": []}
    assert errors(rec) == []
    assert dict(load_resort_record(rec).start.deck)["clouds"] == 4


@pytest.mark.parametrize("change, code, words", [
    ({"game": "solo"}, "malformed", "not a summer-resort record"),
    ({"players": "Anna"}, "malformed", "'players' must be a list"),
    ({"players": [{"name": "A"}]}, "player_count", "2 to 5 players"),
    ({"porter": 3}, "no_such_seat", "seat 1 to 2"),
    ({"deck": {"storm": 13}}, "malformed", "two rain"),
    ({"deck": {"snow": 13}}, "malformed", "unknown weather"),
    ({"actions": ["weather snow"]}, "notation", "actions[0]"),
    ({"actions": ["weather hot"]}, "first_weather_sunny", "actions[0]"),
    ({"actions": ["weather rain", "deal stu stu", "p1 package"]}, "not_your_turn", "actions[2]"),
])
def test_bad_records_name_what_is_wrong(change, code, words):
    rec = {"game": "summer-resort", "players": [{"name": "A"}, {"name": "B"}], "actions": []}
    rec.update(change)
    with pytest.raises(RecordError) as exc:
        apply_resort_record(rec)
    assert exc.value.code == code and words in str(exc.value)
