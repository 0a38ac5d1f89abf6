"""`leafwatch resort score|play` as a user runs it: words, exit codes, one-line errors, journal and resume."""
from __future__ import annotations

import io
import json
import pathlib
import subprocess
import sys

import pytest

from leafwatch.cli import main
from store.journal import Journal

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "resort-game.json"


def run(capsys, *argv, stdin: str | None = None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_score_prints_resorts_and_standings_with_reasons(capsys):
    code, out, err = run(capsys, "resort", "score", str(EXAMPLE))
    assert code == 0 and err == ""
    assert "game over" in out and "Standings" in out and "points:" in out and "President" in out


def test_score_json(capsys):
    code, out, _ = run(capsys, "resort", "score", str(EXAMPLE), "--json")
    data = json.loads(out)
    assert code == 0 and data["game"] == "summer-resort" and data["over"]
    assert [s["place"] for s in data["standings"]][0] == 1


@pytest.mark.parametrize("content, words", [
    (None, "no such file"),
    ("{not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    (json.dumps({"game": "summer-resort", "players": [{"name": "A"}, {"name": "B"}], "actions": ["weather hot"]}),
     "first card turned"),
    (json.dumps({"game": "summer-resort", "players": [{"name": "A"}, {"name": "B"}], "colour": "red"}),
     "Additional properties"),
])
def test_bad_record_files_give_one_line_and_exit_1(tmp_path, capsys, content, words):
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content)
    code, out, err = run(capsys, "resort", "score", str(path))
    assert code == 1 and words in err and err.count("\n") == 1 and "Traceback" not in err


def test_record_check_and_apply_take_a_resort_record(capsys):
    code, out, err = run(capsys, "record", "check", str(EXAMPLE))
    assert code == 0 and err == ""
    assert out == f"{EXAMPLE}: a valid Summer Resort record; 4 players, game over\n"
    # `record apply` prints what `resort score` prints, in text and in JSON
    code, text, _ = run(capsys, "record", "apply", str(EXAMPLE))
    assert code == 0 and text == run(capsys, "resort", "score", str(EXAMPLE))[1]
    assert "  Dan: 800 zl; " in text and "\n  1. Dan: 47 points: " in text
    code, as_json, _ = run(capsys, "record", "apply", str(EXAMPLE), "--json")
    assert code == 0 and as_json == run(capsys, "resort", "score", str(EXAMPLE), "--json")[1]
    assert [(s["name"], s["points"]) for s in json.loads(as_json)["standings"]] == [
        ("Dan", 47), ("Ben", 40), ("Anna", 39), ("Cleo", 39)]


def test_record_check_of_an_unfinished_resort_record_says_where_it_stands(tmp_path, capsys):
    data = json.loads(EXAMPLE.read_text())
    data["actions"] = data["actions"][:10]  # round 1 played, round 2's guests dealt
    path = tmp_path / "part.json"
    path.write_text(json.dumps(data))
    code, out, _ = run(capsys, "record", "check", str(path))
    assert code == 0 and out == f"{path}: a valid Summer Resort record; 4 players, round 2, actions phase\n"
    code, out, _ = run(capsys, "record", "apply", str(path))
    assert code == 0 and "not finished: round 2" in out and "Standings if the game ended now" in out


@pytest.mark.parametrize("verb", ["check", "apply"])
@pytest.mark.parametrize("actions, extra, words", [
    (["weather hot"], {}, "first card turned"),
    (["weather rain", "deal stu stu", "p1 buy villa"], {}, "actions[2]: 'p1 buy villa' is illegal [not_your_turn]"),
    (["weather rain"], {"colour": "red"}, "Additional properties"),
    (["weather rain"], {"porter": "one"}, "'porter'"),
])
def test_a_bad_resort_record_through_record_gives_one_line_and_exit_1(tmp_path, capsys, verb, actions, extra,
                                                                       words):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"game": "summer-resort", "players": [{"name": "A"}, {"name": "B"}],
                                "actions": actions, **extra}))
    code, out, err = run(capsys, "record", verb, str(path))
    assert code == 1 and out == "" and words in err and str(path) in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_usage_errors_exit_2(capsys, monkeypatch):
    code, _, err = run(capsys, "resort", "play", "--headless", "--players", "Solo", stdin="", monkeypatch=monkeypatch)
    assert code == 2 and "2 to 5 names" in err
    code, _, err = run(capsys, "resort", "play", "--script", "x.txt")
    assert code == 2 and "--headless" in err
    code, _, err = run(capsys, "resort", "play", "--headless", "--porter", "7", stdin="", monkeypatch=monkeypatch)
    assert code == 2 and "--porter" in err


def test_headless_play_shows_prices_refusals_and_the_round(capsys, monkeypatch):
    lines = "weather rain\ndeal stu stu stu stu\nbuy villa\nbuy villa\nbuy pension\ninvite 1\n?\nundo\npackage\n"
    code, out, _ = run(capsys, "resort", "play", "--headless", "--no-journal", "--players", "Anna,Ben,Cleo,Dan",
                       stdin=lines, monkeypatch=monkeypatch)
    assert "the train: car 1: stu | car 2: stu | car 3: stu | car 4: stu | car 5: - | car 6: -" in out
    assert "Ben acts first" in out and "with 1: invite car 1 2 3 4 5 6, package +100" in out
    assert "Ben buys a villa for 200 zl" in out
    assert "villa 400 (cannot afford)" in out  # Cleo sees the doubled price she cannot pay
    assert "not allowed [cannot_afford]: p3 buy villa costs 400 zl; Cleo has 200 zl" in out
    assert "undone: p3 invite 1" in out and "Cleo takes the conductor's package" in out
    assert code == 1 and "2 line(s) were not accepted" in out  # the refused villa and pension


def test_a_seeded_game_is_kept_in_the_journal_and_resumes(tmp_path, capsys, monkeypatch):
    journal = str(tmp_path / "games.sqlite")
    code, out, _ = run(capsys, "resort", "play", "--headless", "--seed", "4", "--journal", journal,
                       "--players", "Anna,Ben", stdin="package\npackage\n", monkeypatch=monkeypatch)
    assert code == 0 and "game 1 is kept" in out and "round 1:" in out
    kept = Journal(journal).record(1)
    assert kept["game"] == "summer-resort" and kept["seed"] == 4
    assert kept["actions"][0].startswith("weather ") and kept["actions"][2:] == ["p2 package", "p1 package"]
    code, out, _ = run(capsys, "resort", "play", "--headless", "--resume", "--journal", journal,
                       stdin="package\n", monkeypatch=monkeypatch)
    assert code == 0 and "Round 1, " in out and "Ben's turn (1 token" in out  # where the game stood
    assert Journal(journal).record(1)["actions"][2:] == ["p2 package", "p1 package", "p2 package"]
    # the resumed game is the same game: the journal exports it as a record that 'resort score' reads
    code, out, _ = run(capsys, "journal", "--journal", journal, "export", "1", "--out", str(tmp_path / "g.json"))
    code, out, _ = run(capsys, "resort", "score", str(tmp_path / "g.json"))
    assert code == 0 and "Anna" in out


def test_resume_without_a_kept_game_is_one_line(tmp_path, capsys, monkeypatch):
    code, _, err = run(capsys, "resort", "play", "--headless", "--resume", "--journal", str(tmp_path / "j.sqlite"),
                       stdin="", monkeypatch=monkeypatch)
    assert code == 1 and "no Summer Resort game" in err and err.count("\n") == 1


def test_the_installed_command_runs(tmp_path):
    exe = pathlib.Path(sys.executable).parent / "leafwatch"
    proc = subprocess.run([str(exe), "resort", "score", str(EXAMPLE)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "Standings" in proc.stdout
