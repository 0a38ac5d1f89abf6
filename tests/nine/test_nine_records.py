"""Summer Nine game records: the schema, the engine's reader, and `leafwatch record check/apply`."""
from __future__ import annotations

import json
import pathlib

import pytest

from leafwatch.cli import main
from store.records import schema_problem
from engine.records import RecordError
from engine.summer_nine.record import apply_nine_record, load_nine_record, play_nine_record

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAME = json.loads((ROOT / "examples" / "nine-game.json").read_text())
FINAL = json.loads((ROOT / "examples" / "nine-final.json").read_text())


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def write(tmp_path, data, name="r.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return str(path)


def test_example_records_fit_the_schema_and_play_to_the_end():
    assert schema_problem(GAME) is None and schema_problem(FINAL) is None
    state, events = play_nine_record(load_nine_record(GAME))
    assert state.over and len(events) == len(GAME["actions"])
    out = apply_nine_record(GAME)
    assert out["over"] and [s["name"] for s in out["scores"]] == ["Ada", "Bo", "Cy"]
    assert sum(l["points"] for l in out["scores"][0]["lines"]) == out["scores"][0]["total"]


def test_record_text_forms_round_trip():
    record = load_nine_record(GAME)
    assert tuple(a.format() for a in record.actions) == tuple(GAME["actions"])


def test_an_illegal_action_is_named_by_its_index():
    bad = dict(GAME, actions=GAME["actions"][:1] + ["pick A9 7"])
    with pytest.raises(RecordError) as info:
        play_nine_record(load_nine_record(bad))
    assert info.value.index == 1 and info.value.code == "face_down"


@pytest.mark.parametrize("change,text", [
    ({"players": [{"name": "Ada"}]}, "2 to 4 players"),
    ({"deal": {"seed": "x"}}, "whole number"),
    ({"deal": {"deck": ["spain-beach"]}}, "pool alone needs 18"),
    ({"actions": ["dance"]}, "unknown action"),
    ({"game": "solo"}, "not a nine record"),
])
def test_bad_records_are_refused_with_a_reason(change, text):
    with pytest.raises(RecordError) as info:
        play_nine_record(load_nine_record(dict(GAME, **change)))
    assert text in str(info.value)


def test_schema_catches_what_the_reader_tolerates():
    assert "additional" in schema_problem(dict(GAME, colour="red")).lower()
    assert schema_problem(dict(GAME, actions=["pick A1 1", "wave"])) is not None


def test_record_check_and_apply_dispatch_nine_records(capsys):
    code, out, _ = run(capsys, "record", "check", str(ROOT / "examples" / "nine-game.json"))
    assert code == 0 and "valid Summer Nine record" in out and "game over" in out
    code, out, _ = run(capsys, "record", "apply", str(ROOT / "examples" / "nine-game.json"), "--json")
    data = json.loads(out)
    assert code == 0 and data["game"] == "nine" and len(data["standings"]) == 3
    code, out, _ = run(capsys, "record", "apply", str(ROOT / "examples" / "nine-final.json"))
    assert code == 0 and "standings:" in out and "1. Bo 31" in out


def test_record_apply_of_a_broken_nine_record_is_one_line(tmp_path, capsys):
    path = write(tmp_path, dict(GAME, actions=["reveal 1", "pick A1 9"]))
    code, out, err = run(capsys, "record", "apply", path)
    assert code == 1 and "actions[1]" in err and "wrong_month" in err and err.count("\n") == 1


def test_a_partial_record_says_who_plays_next(tmp_path, capsys):
    path = write(tmp_path, dict(GAME, actions=GAME["actions"][:4]))
    code, out, _ = run(capsys, "record", "check", path)
    assert code == 0 and "round 1" in out and "to play" in out


def test_a_table_record_names_its_cards_and_a_deck_record_fixes_them():
    table = {"game": "nine", "players": [{"name": "Ada"}, {"name": "Bo"}], "deal": {"table": True},
             "actions": ["reveal 1 spain-beach photo", "pick B1", "refill B1 bridge", "end"]}
    assert schema_problem(table) is None
    out = apply_nine_record(table)
    assert out["players"][0]["hand"] == ["photo"] and out["to_play"] == "Bo"
    with pytest.raises(RecordError) as info:
        apply_nine_record(dict(table, actions=["reveal 1"]))
    assert info.value.code == "card_unknown"
    deck = ["spain-beach"] + ["photo"] * 8 + ["italy-city"] + ["photo"] * 8 + ["bridge"]
    record = {"game": "nine", "players": [{"name": "Ada"}, {"name": "Bo"}], "deal": {"deck": deck},
              "actions": ["reveal 1", "pick A1 1", "refill A1", "end"]}
    assert schema_problem(record) is None
    state, _ = play_nine_record(load_nine_record(record))
    assert state.players[0].schedule[0] == "spain-beach" and state.pool[0] == "bridge" and state.deck == ()
