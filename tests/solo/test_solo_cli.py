"""`leafwatch solo score|play-demo` and `leafwatch record apply` on solo records."""
import json

import pytest

from leafwatch.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_score_from_typed_results(capsys):
    code, out, _ = run(capsys, "solo", "score", "won:12", "lost:-3", "won:7")
    assert code == 0
    assert "series: 19" in out and "two best won games count (games 1 and 3)" in out


def test_score_json(capsys):
    code, out, _ = run(capsys, "solo", "score", "lost:-3", "lost:-5", "--json")
    data = json.loads(out)
    assert code == 0 and data["score"] == -8 and data["forfeit"] and data["counted"] == [1, 2]


@pytest.mark.parametrize("argv, code, text", [
    (["won:x"], 2, "whole number"),
    (["won:-2"], 2, "0 or more"),
    (["lost:-1", "lost:-2", "won:3"], 1, "forfeit"),
    (["won:1", "won:1", "won:1", "won:1"], 1, "at most 3"),
    (["missing.json"], 1, "no such file"),
])
def test_score_errors_are_one_line(capsys, argv, code, text):
    got, out, err = run(capsys, "solo", "score", *argv)
    assert got == code and text in err and "Traceback" not in err and err.count("\n") == 1


def test_score_from_a_file_of_results_records_and_positions(tmp_path, capsys):
    full = "/".join(["sssssssss"] * 8)
    games = [
        {"won": True, "score": 3},
        {"side": "A1", "pieces": full, "treasures": {"nut": 1}},
        {"game": "solo", "player": {"side": "A1"}, "deal": {"seed": 1}, "actions": ["squirrel A1"]},
    ]
    path = tmp_path / "series.json"
    path.write_text(json.dumps(games[:2]))
    code, out, _ = run(capsys, "solo", "score", str(path))
    assert code == 0 and "game 2: won:2" in out and "series: 5" in out
    path.write_text(json.dumps(games))
    code, _, err = run(capsys, "solo", "score", str(path))
    assert code == 1 and "game 3" in err and "stops during turn 1" in err


def test_record_apply_plays_a_solo_record(tmp_path, capsys):
    path = tmp_path / "solo.json"
    path.write_text(json.dumps({"game": "solo", "player": {"side": "A1"}, "deal": {"seed": 2},
                                "actions": ["squirrel A1", "end"]}))
    code, out, _ = run(capsys, "record", "apply", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and data["turn"] == 2 and data["game"] == "solo"
    path.write_text(json.dumps({"game": "solo", "player": {"side": "A1"}, "actions": ["end"]}))
    code, _, err = run(capsys, "record", "apply", str(path))
    assert code == 1 and "actions[0]" in err and "main action" in err


def test_play_demo(capsys):
    code, out, _ = run(capsys, "solo", "play-demo", "--seed", "3", "--game", "2")
    assert code == 0 and "== game 2" in out and "turn 10:" in out and "result:" in out
    code, out, _ = run(capsys, "solo", "play-demo", "--seed", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["series"]["reason"] and 2 <= len(data["records"]) <= 3


@pytest.mark.parametrize("deals, text", [
    ([{"seed": 1, "game": 1}, {"seed": 1}], "same stack"),
    ([{"seed": 1, "game": 1}, {"seed": 2, "game": 2}], "different seeds"),
])
def test_series_records_must_use_one_seed_and_distinct_stacks(tmp_path, capsys, deals, text):
    games = [{"game": "solo", "player": {"side": "A1"}, "deal": d, "actions": []} for d in deals]
    path = tmp_path / "series.json"
    path.write_text(json.dumps(games))
    code, _, err = run(capsys, "solo", "score", str(path))
    assert code == 1 and text in err
