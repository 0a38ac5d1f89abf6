"""Bad game records, position files, kit and profile files: one line and exit 1 (2 for bad words), or a
correct result; never a traceback, never a false "valid"."""
from __future__ import annotations

import copy
import json
import os
import pathlib
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from robust_helpers import run

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"
SHORT = json.loads((EXAMPLES / "short-game.json").read_text())
SOLO = json.loads((EXAMPLES / "solo-game.json").read_text())
KIT = (pathlib.Path(__file__).resolve().parents[2] / "engine/indian_summer/data/reference-kit.toml").read_text()


def write(tmp_path, data, name="record.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def with_players(*players):
    record = copy.deepcopy(SHORT)
    record["players"] = list(players)
    return record


@pytest.mark.parametrize("verb", ["check", "apply"])
def test_a_seed_of_5000_digits_is_one_line(tmp_path, verb):
    text = json.dumps(SHORT).replace('"seed": 7', '"seed": ' + "9" * 5000)
    assert "digits" in run(["record", verb, write(tmp_path, text)]).one_line_error()


@pytest.mark.parametrize("verb", ["check", "apply"])
def test_json_nested_100000_deep_is_one_line(tmp_path, verb):
    line = run(["record", verb, write(tmp_path, "[" * 100_000 + "]" * 100_000)]).one_line_error()
    assert "deep" in line


def test_nesting_just_under_the_parsers_limit_is_one_line_too(tmp_path):
    record = copy.deepcopy(SHORT)
    record["deal"] = json.loads("[" * 900 + "]" * 900)
    run(["record", "check", write(tmp_path, record)]).one_line_error()


@pytest.mark.parametrize("printed", [5, [1], {"rows": 8}, True, 1.5])
def test_a_printed_layout_that_is_not_a_string_is_one_line(tmp_path, printed):
    record = with_players({"name": "Tini", "printed": printed}, {"name": "Claus", "side": "B2"})
    line = run(["record", "check", write(tmp_path, record)]).one_line_error()
    assert "printed" in line and "Tini" in line


@pytest.mark.parametrize("side", [5, ["A1"], None])
def test_a_side_that_is_not_a_string_is_one_line(tmp_path, side):
    record = with_players({"name": "Tini", "side": side}, {"name": "Claus", "side": "B2"})
    assert "Tini" in run(["record", "check", write(tmp_path, record)]).one_line_error()


def test_two_players_on_one_board_side_are_refused(tmp_path):
    record = with_players({"name": "Tini", "side": "A1"}, {"name": "Claus", "side": "A1"})
    line = run(["record", "check", write(tmp_path, record)]).one_line_error()
    assert "A1" in line and "Tini" in line and "Claus" in line


def test_two_players_on_the_two_faces_of_one_board_are_refused(tmp_path):
    record = with_players({"name": "Tini", "side": "A1"}, {"name": "Claus", "side": "A2"})
    line = run(["record", "apply", write(tmp_path, record)]).one_line_error()
    assert "two faces of one board" in line


def test_play_refuses_the_two_faces_of_one_board(tmp_path):
    line = run(["play", "--players", "Tini:B1,Claus:B2", "--source", str(tmp_path), "--no-journal"]).one_line_error(codes=(2,))
    assert "two faces" in line


def test_an_end_game_position_is_not_called_a_valid_record(tmp_path):
    outcome = run(["record", "check", str(EXAMPLES / "endgame-rulebook.json")])
    line = outcome.one_line_error()
    assert "valid" not in outcome.out and "position" in line and "leafwatch endgame" in line


@pytest.mark.parametrize("name", ["\x1b[2J\x1b[31mEvil", "Tini\x07", "Claus\r\nforged line", "Bob\u202egnp.exe", "x" * 41])
def test_a_name_with_control_characters_never_reaches_the_screen(tmp_path, name):
    record = with_players({"name": name, "side": "A1"}, {"name": "Claus", "side": "B2"})
    outcome = run(["record", "apply", write(tmp_path, record)])
    line = outcome.one_line_error()
    assert "\x1b" not in outcome.err + outcome.out and "\x07" not in outcome.err and "\u202e" not in outcome.err
    assert "name" in line


@pytest.mark.parametrize("command", [["play", "--no-journal", "--source", "."], ["replay", "."]])
def test_a_name_with_an_escape_is_refused_on_the_command_line(command):
    outcome = run(command + ["--players", "\x1b[2JEve:A1"])
    assert "\x1b" not in outcome.err and outcome.one_line_error(codes=(2,))


def test_an_end_game_position_with_an_escape_in_a_name_is_refused(tmp_path):
    data = json.loads((EXAMPLES / "endgame-rulebook.json").read_text())
    data["players"][0]["name"] = "\x1b]0;pwned\x07"
    outcome = run(["endgame", write(tmp_path, data)])
    assert "\x1b" not in outcome.err + outcome.out and outcome.one_line_error()


def test_a_solo_record_with_an_escape_in_the_name_is_refused(tmp_path):
    data = copy.deepcopy(SOLO)
    data["player"]["name"] = "\x1b[31mred"
    outcome = run(["record", "check", write(tmp_path, data)])
    assert "\x1b" not in outcome.err and "control" in outcome.one_line_error()


def test_a_fifo_given_as_a_record_does_not_hang(tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    assert "regular" in run(["record", "check", str(fifo)], timeout=5).one_line_error()


def test_the_examples_still_check():
    for name in ("short-game.json", "solo-game.json"):
        outcome = run(["record", "check", str(EXAMPLES / name)])
        assert outcome.code == 0 and "valid" in outcome.out, outcome.err


# ---------------------------------------------------------------- generated records

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)


def paths_of(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths_of(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths_of(v, prefix + (i,))


@st.composite
def mutated(draw, base):
    """The record with one to three of its values (at any depth) replaced by any JSON, or removed."""
    data = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in paths_of(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        if draw(st.booleans()) and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = draw(JSON_VALUES)
    return data


def safe_dumps(data) -> str:
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return json.dumps(data)
    finally:
        sys.set_int_max_str_digits(old)


SETTINGS = settings(max_examples=60, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@SETTINGS
@given(record=mutated(SHORT), verb=st.sampled_from(["check", "apply"]))
def test_any_damaged_record_is_played_or_refused_in_one_line(tmp_path, record, verb):
    run(["record", verb, write(tmp_path, safe_dumps(record))]).clean()


@SETTINGS
@given(record=mutated(SOLO))
def test_any_damaged_solo_record_is_played_or_refused_in_one_line(tmp_path, record):
    run(["record", "check", write(tmp_path, safe_dumps(record))]).clean()


@SETTINGS
@given(text=st.text(max_size=200) | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_any_text_as_a_record_is_refused_in_one_line(tmp_path, text):
    run(["record", "check", write(tmp_path, text)]).clean()


@st.composite
def damaged_kit(draw):
    """The reference kit with a line dropped, a value replaced, or cut short."""
    lines = KIT.splitlines()
    how = draw(st.sampled_from(["drop", "replace", "cut"]))
    i = draw(st.integers(0, len(lines) - 1))
    if how == "drop":
        del lines[i]
    elif how == "replace" and "=" in lines[i]:
        key = lines[i].split("=", 1)[0]
        value = draw(st.sampled_from(['"x"', "-1", "99999999999", "[]", "[1, 2]", '["#" ]', "{}", "true", '["' + "#" * 30 + '"]', '""']))
        lines[i] = f"{key}= {value}"
    else:
        lines = lines[:i]
    return "\n".join(lines)


@SETTINGS
@given(kit=damaged_kit())
def test_any_damaged_kit_is_used_or_refused_in_one_line(tmp_path, kit):
    path = tmp_path / "kit.toml"
    path.write_text(kit)
    run(["record", "check", str(EXAMPLES / "short-game.json"), "--kit", str(path)], timeout=20).clean()


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.sampled_from(["", "[]", "5", '{"white_bgr": [1, 2]}', '{"white_bgr": [true, 1, 1]}',
                             '{"white_bgr": "abc"}', '{"white_bgr": [300, 1, 1]}', "[" * 5000])
       | JSON_VALUES.map(lambda v: safe_dumps({"white_bgr": v})),
       suffix=st.sampled_from([".json", ".toml"]))
def test_any_damaged_profile_is_used_or_refused_in_one_line(tmp_path, text, suffix):
    path = tmp_path / f"profile{suffix}"
    path.write_text(text)
    from vision.profile import ColourProfile, ProfileError
    from vision.thresholds import thresholds

    try:
        ColourProfile.load(path, thresholds=thresholds())
    except ProfileError as exc:
        assert "\n" not in str(exc)
    # the profile is read first; a good one then meets the missing picture: one line either way
    run(["analyze", str(tmp_path / "missing.png"), "--profile", str(path)]).one_line_error()


ENDGAME = json.loads((EXAMPLES / "endgame-rulebook.json").read_text())


@pytest.mark.parametrize("count", [1.5, -5, True, "3", 10**30])
def test_an_end_game_treasure_count_that_is_not_a_small_whole_number_is_one_line(tmp_path, count):
    data = copy.deepcopy(ENDGAME)
    data["players"][1]["treasures"] = {"nut": count}
    assert "treasures" in run(["endgame", write(tmp_path, data)]).one_line_error()


@SETTINGS
@given(position=mutated(ENDGAME))
def test_any_damaged_end_game_position_is_solved_or_refused_in_one_line(tmp_path, position):
    run(["endgame", write(tmp_path, safe_dumps(position))]).clean()


@pytest.mark.parametrize("argv", [["led", "mapping", "--check", "{fifo}"],
                                  ["replay", ".", "--players", "Ann:A1", "--declare", "{fifo}"],
                                  ["endgame", "{fifo}"], ["record", "apply", "{fifo}", "--kit", "{fifo}"]])
def test_a_fifo_given_for_any_input_file_does_not_hang(tmp_path, argv):
    fifo = tmp_path / "input"
    os.mkfifo(fifo)
    run([a.replace("{fifo}", str(fifo)) for a in argv], timeout=5).one_line_error()
