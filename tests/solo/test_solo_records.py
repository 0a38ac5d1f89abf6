"""Solo game records: schema, play, outcome, and the errors of bad records."""
import json
import random
from importlib import resources

import jsonschema
import pytest

from engine.indian_summer.kit import reference_kit
from engine.indian_summer.solo.bot import play_solo
from engine.indian_summer.solo.record import apply_solo_record, load_solo_record, outcome_json
from engine.indian_summer.solo.setup import new_solo_game, seeded_deal
from engine.records import RecordError

KIT = reference_kit()
SCHEMA = json.loads(resources.files("engine.indian_summer").joinpath("data/solo-record.schema.json").read_text("utf-8"))


def bot_record(seed=5, game=2):
    final, log = play_solo(new_solo_game(KIT, seeded_deal(KIT, seed, game), side="B2"), random.Random(seed))
    record = {"format": "leafwatch-game-record", "version": 1, "game": "solo", "player": {"name": "Tini", "side": "B2"},
              "deal": {"seed": seed, "game": game}, "actions": [a.format() for a in log]}
    return record, final


def schema_errors(data):
    return list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(data))


def test_schema_is_valid_draft_2020_12():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_a_bot_game_as_a_record_plays_back_to_the_same_outcome():
    record, final = bot_record()
    assert schema_errors(record) == []
    outcome = apply_solo_record(record)
    assert outcome == outcome_json(final)
    assert outcome["over"] and outcome["turn"] == 10 and outcome["game"] == "solo"
    assert outcome["score"] == (0 if outcome["won"] else -outcome["empty_squares"]) + sum(
        n * p for n, p in zip(outcome["treasures_left"].values(), (1, 2, 3, 4)))
    json.dumps(outcome)  # JSON-ready


def test_an_explicit_deal_and_printed_board():
    record = {
        "game": "solo", "player": {"printed": "/".join(["........."] * 8)},
        "deal": {"top": ["green"] * 5, "bottom": ["yellow:O4"] * 5, "numbered": ["red:I5-end"] * 10,
                 "path": ["green:I3-end"] * 5},
        "actions": ["leaf path:1 *A1 B1 C1", "end", "mushroom", "leaf mushroom:1 *A2 B2 C2 D2 E2",
                    "leaf mushroom:2 *A3 B3 C3 D3 E3", "end"],
    }
    assert schema_errors(record) == []
    outcome = apply_solo_record(record)
    assert outcome["turn"] == 3 and not outcome["over"]
    assert outcome["pieces"].startswith("gGG....../rRRRR..../rRRRR....")
    assert outcome["row"] == "RRRRRRR....R"  # turn 3's marker went to the emptied far end


@pytest.mark.parametrize("change, code, where", [
    ({"actions": ["squirrel A1", "squirrel B1"]}, "second_main_action", 1),
    ({"actions": ["end"]}, "no_main_action", 0),
    ({"actions": ["refill top left"]}, "no_refill_due", 0),
    ({"actions": ["squirrel A1", "hop"]}, "notation", 1),
    ({"actions": ["berry"]}, "notation", 0),
])
def test_illegal_actions_point_at_the_action(change, code, where):
    record = {"game": "solo", "player": {"side": "A1"}, "deal": {"seed": 1}, **change}
    with pytest.raises(RecordError) as e:
        apply_solo_record(record)
    assert (e.value.code, e.value.index) == (code, where)
    assert str(e.value).startswith(f"actions[{where}]: ")


@pytest.mark.parametrize("record, message", [
    ([], "JSON object"),
    ({"game": "multiplayer", "player": {"side": "A1"}}, "not a solo record"),
    ({"game": "solo"}, "needs 'player'"),
    ({"game": "solo", "player": {"side": "Z9"}}, "no board side"),
    ({"game": "solo", "player": {}}, "side"),
    ({"game": "solo", "player": {"side": "A1"}, "deal": {"seed": "x"}}, "whole number"),
    ({"game": "solo", "player": {"side": "A1"}, "deal": {"seed": 1, "game": 4}}, "games 1 to 3"),
    ({"game": "solo", "player": {"side": "A1"}, "deal": {"top": ["green"]}}, "must be a list"),
    ({"game": "solo", "player": {"side": "A1"}, "deal": {"top": ["green"] * 4, "bottom": ["green"] * 5,
                                                           "numbered": ["green"] * 10, "path": ["green"] * 5}}, "Top"),
    ({"game": "solo", "player": {"side": "A1"}, "deal": {"top": ["blue"] * 5, "bottom": ["green"] * 5,
                                                           "numbered": ["green"] * 10, "path": ["green"] * 5}}, "colour"),
    ({"game": "solo", "player": {"side": "A1"}, "options": {"max_path": "6"}}, "whole number"),
    ({"game": "solo", "player": {"side": "A1"}, "actions": "end"}, "list of strings"),
    ({"game": "solo", "player": {"side": "A1"}, "version": 2}, "version"),
])
def test_malformed_records(record, message):
    with pytest.raises(RecordError, match=message) as e:
        load_solo_record(record)
    assert e.value.index is None


def test_schema_refuses_what_the_loader_refuses():
    assert schema_errors({"game": "solo"})
    assert schema_errors({"game": "solo", "player": {"side": "A1"}, "deal": {"seed": 1, "game": 4}})
    assert schema_errors({"game": "solo", "player": {"side": "A1"}, "actions": ["hop"]})
    assert not schema_errors({"game": "solo", "player": {"side": "A1"}, "deal": {"seed": 1, "game": 3},
                              "actions": ["refill top left", "berry top left", "forgo mushroom:1"]})


def test_the_sample_record_validates_and_plays():
    import pathlib
    data = json.loads((pathlib.Path(__file__).parent / "solo-game.json").read_text())
    assert schema_errors(data) == []
    outcome = apply_solo_record(data)
    assert outcome["over"] and (outcome["won"], outcome["score"], outcome["empty_squares"]) == (False, 0, 1)


def test_unseen_tiles_take_the_shape_they_are_placed_in():
    record = {"game": "solo", "player": {"side": "A1"},
              "deal": {"top": ["?"] * 5, "bottom": ["?"] * 5, "numbered": ["?"] * 10, "path": ["green"] + ["?"] * 4},
              "actions": ["leaf path:1 *A1 B1 C1", "end", "leaf path:1 *A2 B2 C2 D2", "end", "mushroom",
                          "leaf mushroom:1 *A3 B3 C3", "leaf mushroom:2 *A4 B4 C4 D4 E4", "end"]}
    outcome = apply_solo_record(record)
    assert outcome["pieces"].startswith("gGG....../yYYY...../gGG....../rRRRR....")
    # turn 3's Mushroom emptied both far spaces; space 1's tile moved on, then turn 4's marker
    assert outcome["row"] == "??????....??"
    bad = dict(record, actions=["leaf path:1 *A1 B1 C1 D1"])
    with pytest.raises(RecordError) as e:
        apply_solo_record(bad)
    assert e.value.code == "wrong_size"


def test_observations_name_tiles_in_every_solo_place():
    record = {"game": "solo", "player": {"side": "A1"},
              "deal": {"top": ["?"] * 5, "bottom": ["?"] * 5, "numbered": ["?"] * 10, "path": ["?"] * 5},
              "actions": ["observe top:1 red", "observe bottom:5 green", "observe space:4 yellow",
                          "observe mushroom:2 yellow", "observe p1:3 green", "refill top left"]}
    with pytest.raises(RecordError) as e:
        apply_solo_record(record)
    assert e.value.code == "no_refill_due" and e.value.index == 5
    outcome = apply_solo_record(dict(record, actions=record["actions"][:5]))
    assert outcome["top_path"] == "R????" and outcome["bottom_path"] == "????G"
    assert outcome["row"] == "??????Y??..Y" and outcome["player_path"] == "??G??"
    for bad, code in (("observe top:6 red", "no_such_tile"), ("observe mushroom:1 red", "no_such_tile"),
                      ("observe side:1 red", "no_such_tile")):
        with pytest.raises(RecordError) as e:
            apply_solo_record(dict(record, actions=[bad]))
        assert e.value.code == code
    with pytest.raises(RecordError) as e:
        apply_solo_record(dict(record, actions=["observe top:1 red", "observe top:1 green"]))
    assert e.value.code == "contradicts_known"
    assert schema_errors(record) == []
