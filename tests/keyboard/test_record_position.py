"""A game record that starts from a position (a game in progress) rather than a deal."""
from __future__ import annotations

import copy
import json

import pytest

from engine.indian_summer.kit import reference_kit
from engine.indian_summer.record import load_record, play_record
from engine.indian_summer.rules import legal_actions
from engine.indian_summer.squares import Square
from engine.records import RecordError
from leafwatch.cli import main as leafwatch_main

KIT = reference_kit()
# side A1 prints a mushroom at C1: a token may lie there
TINI = "GGtGGGGGG/" + "GGGGGGGGG/" * 6 + "GGGGGGGs."
CLAUS = "GGGGGGG../" + "GGGGGGGGG/" * 6 + "GGGGGGGGG"


def record(**position) -> dict:
    pos = {
        "players": [
            {"pieces": TINI, "treasures": {"nut": 2, "berry": 1}, "path": ["green", "red"]},
            {"pieces": CLAUS, "treasures": {}, "path": []},
        ],
        "to_play": 2,
    }
    pos.update(position)
    return {"players": [{"name": "Tini", "side": "A1"}, {"name": "Claus", "side": "B2"}], "position": pos}


def test_a_position_gives_each_board_hand_path_and_the_player_to_move():
    start = load_record(record(turn=40, common=["yellow", "?"], set_aside=["red"])).start
    tini, claus = start.players
    assert tini.board.notation() == TINI and claus.board.notation() == CLAUS
    assert tini.treasures.as_dict() == {"berry": 1, "nut": 2, "mushroom": 0, "feather": 0}
    assert start.path_text(0) == "GR" and start.path_text(1) == ""
    assert start.common_text() == "Y?" and len(start.set_aside) == 1
    assert start.current == 1 and start.player.name == "Claus" and start.turn == 40
    assert tini.board.at(Square.parse("C1")) == "t"
    # the supply is the box less the token on the board, the hands and the animals' starting treasures
    box = KIT.box
    on_animals = {t: sum(1 for a in KIT.animals if a.starting_treasure == t) for t in ("berry", "nut", "mushroom", "feather")}
    assert start.supply.mushroom == box["mushroom"] - 1 - on_animals["mushroom"]
    assert start.supply.nut == box["nut"] - 2 - on_animals["nut"]
    assert start.supply.berry == box["berry"] - 1 - on_animals["berry"]


def test_a_position_plays_on_by_the_rules():
    data = record(end_triggered_by=1)
    data["actions"] = ["squirrel H1", "end"]
    final, _ = play_record(load_record(data))
    assert final.over  # Tini had covered her board; Claus was the round's last player
    data["actions"] = ["squirrel A1"]
    with pytest.raises(RecordError) as err:
        play_record(load_record(data))
    assert err.value.index == 0 and err.value.code == "overlap"


def test_without_a_common_path_the_table_has_a_full_one_unseen_and_the_display_can_be_given():
    start = load_record(record(animals={"fox": 0, "chipmunk": 2})).start
    assert start.common_text() == "?" * 24
    assert dict(start.animals)["fox"] == 0 and dict(start.animals)["chipmunk"] == 2
    assert "fox" not in dict(start.animal_tokens)  # the fox's starting treasure went with it
    fox_treasure = next(a.starting_treasure for a in KIT.animals if a.name == "fox")
    plain = load_record(record()).start
    assert start.supply.get(fox_treasure) == plain.supply.get(fox_treasure) + 1
    assert load_record(record(common=3)).start.common_text() == "???"


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(deal={"seed": 1}), "not both"),
    (lambda d: d["position"]["players"].pop(), "each of the 2 players"),
    (lambda d: d["position"]["players"][0].update(pieces="?" + TINI[1:]), "'?'"),
    (lambda d: d["position"]["players"][1].update(pieces="t" + CLAUS[1:]), "no treasure is printed"),
    (lambda d: d["position"]["players"][0].update(pieces="GG"), "Tini"),
    (lambda d: d["position"]["players"][0].update(treasures={"gold": 1}), "unknown treasure"),
    (lambda d: d["position"]["players"][0].update(path=["blue"]), "colour must be"),
    (lambda d: d["position"].update(to_play=3), "seat number from 1 to 2"),
    (lambda d: d["position"].update(turn=0), "'position.turn'"),
    (lambda d: d["position"].update(common=-1), "count of unseen tiles"),
    (lambda d: d["position"].update(animals={"dragon": 1}), "no animal called 'dragon'"),
    (lambda d: d["position"].update(whose="Tini"), "unknown key 'position.whose'"),
    (lambda d: d.update(position=[]), "'position' must be an object"),
])
def test_a_bad_position_is_one_clear_error(change, words):
    data = copy.deepcopy(record())
    change(data)
    with pytest.raises(RecordError) as err:
        load_record(data)
    assert words in str(err.value)


def test_record_apply_and_play_read_a_position_and_a_bad_one_is_one_line(tmp_path, capsys):
    good = tmp_path / "late.json"
    data = record()
    data["actions"] = ["squirrel H1"]
    good.write_text(json.dumps(data))
    assert leafwatch_main(["record", "apply", str(good), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"][1]["pieces"].startswith("GGGGGGGs.")
    bad = tmp_path / "bad.json"
    data["position"]["to_play"] = 9
    bad.write_text(json.dumps(data))
    assert leafwatch_main(["play", "--from", str(bad), "--no-camera", "--headless", "--no-journal"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "to_play" in err[0]


def test_the_schema_describes_the_position():
    import importlib.resources

    schema = json.loads(importlib.resources.files("engine.indian_summer").joinpath(
        "data/game-record.schema.json").read_text())
    pos = schema["properties"]["position"]
    assert set(pos["properties"]) == {"players", "common", "set_aside", "to_play", "turn", "supply", "animals",
                                      "end_triggered_by"}
    from engine.indian_summer.record import POSITION_KEYS
    assert set(pos["properties"]) == POSITION_KEYS


def test_legal_actions_from_a_position_are_those_of_the_board_as_described():
    start = load_record(record()).start
    squirrels = {str(a.square) for a in legal_actions(start) if type(a).__name__ == "PlaceSquirrel"}
    assert squirrels == {"H1", "I1"}


def test_the_schema_takes_a_position_record_and_refuses_a_malformed_one():
    from store.records import schema_problem

    assert schema_problem(record(turn=3, common=["green", "?"], animals={"fox": 0})) is None
    assert schema_problem(record(common=4)) is None
    bad = record()
    bad["position"]["players"][0]["pieces"] = "GGG"
    assert schema_problem(bad)
    bad = record()
    bad["position"]["players"][0]["treasures"] = {"gold": 1}
    assert schema_problem(bad)
