"""`leafwatch nine score|play` as a user runs them."""
from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

from leafwatch.cli import main
from engine.summer_nine.kit import reference_kit_text

ROOT = pathlib.Path(__file__).resolve().parents[2]
HERE = pathlib.Path(__file__).resolve().parent
SCRIPT = HERE / "three-player-game.txt"


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


# ---------------------------------------------------------------- score
def test_score_a_final_record_card_by_card(capsys):
    code, out, _ = run(capsys, "nine", "score", str(ROOT / "examples" / "nine-final.json"))
    assert code == 0
    assert "objective four-spain: 12 (slots 3-7, 3 months)" in out
    assert "slot 7 half-any: 3 (paired with slot 6 as Spain)" in out
    assert "photos: 3 (2 photos, tied for the most with 1 other)" in out
    assert out.strip().endswith("3. Cy 22")


def test_score_json_totals_add_up(capsys):
    code, out, _ = run(capsys, "nine", "score", str(ROOT / "examples" / "nine-final.json"), "--json")
    data = json.loads(out)
    assert code == 0 and [s["name"] for s in data["standings"]] == ["Bo", "Ada", "Cy"]
    for s in data["scores"]:
        assert s["total"] == sum(l["points"] for l in s["lines"])


def test_score_a_game_record_plays_it_first(capsys):
    code, out, _ = run(capsys, "nine", "score", str(ROOT / "examples" / "nine-game.json"))
    assert code == 0 and "standings:" in out


def test_score_with_a_kit_of_the_table(tmp_path, capsys):
    kit = tmp_path / "kit.toml"
    kit.write_text(reference_kit_text().replace("points = 6      #", "points = 10     #"))
    code, out, _ = run(capsys, "nine", "score", str(ROOT / "examples" / "nine-final.json"), "--kit", str(kit))
    assert code == 0 and "photos: 5 (2 photos, tied" in out


@pytest.mark.parametrize("content,text", [
    ("{", "not valid JSON"),
    ('{"players": [{"name": "A", "schedule": "spain-beach"}, {"name": "B"}]}', "9 slots"),
    ('{"players": [{"name": "A", "hand": ["bridge"]}, {"name": "B", "hand": []}]}', "schedule card"),
    ('{"players": [{"name": "A", "hand": ["unicorn"]}, {"name": "B", "hand": []}]}', "not a card of the kit"),
    ('[1, 2]', "JSON object"),
])
def test_score_bad_input_is_one_line_exit_1(tmp_path, capsys, content, text):
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, out, err = run(capsys, "nine", "score", str(path))
    assert code == 1 and text in err and "Traceback" not in err and err.count("\n") == 1


def test_score_bad_kit_is_one_line(tmp_path, capsys):
    kit = tmp_path / "kit.toml"
    kit.write_text("[[card]]\nid = 'x'\nkind = 'dragon'\n")
    code, _, err = run(capsys, "nine", "score", str(ROOT / "examples" / "nine-final.json"), "--kit", str(kit))
    assert code == 1 and "dragon" in err and err.count("\n") == 1


# ---------------------------------------------------------------- play, headless
def test_a_whole_scripted_three_player_game_headless_to_the_score(capsys):
    code, out, err = run(capsys, "nine", "play", "--players", "Ada,Bo,Cy", "--seed", "1", "--headless",
                         "--script", str(SCRIPT), "--no-journal")
    assert code == 0, err
    assert "'reveal 2' was forgotten" in out
    assert "plays a Take Two" in out and "reschedules" in out and "steals" in out
    assert "picks a card as compensation now" in out and "Time Travel reached the hidden card" in out
    assert "== final score" in out and "the 17th round is over" in out
    # the final score equals the engine's own score of the same game as a record
    from companion.nine_table import NineTable

    table = NineTable({"players": [{"name": n} for n in ("Ada", "Bo", "Cy")], "deal": {"seed": 1}})
    for line in SCRIPT.read_text().splitlines():
        if line and not line.startswith("#"):
            assert table.submit(line), (line, table.alerts)
    assert table.state.over
    assert "\n".join(table.score_lines()) in out


def test_headless_flags_illegal_lines_and_undo(capsys, monkeypatch):
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("reveal 1\npick A1 4\nundo\nreveal 1\n"))
    code, out, err = run(capsys, "nine", "play", "--seed", "3", "--headless", "--no-journal")
    assert code == 1 and "1 of 4 lines refused" in err
    assert "[wrong_month]" in out or "[not_schedule_card]" in out
    assert "undo: reveal 1 taken back" in out


def test_play_resumes_a_journalled_game(tmp_path, capsys):
    journal = tmp_path / "games.sqlite"
    lines = [l for l in SCRIPT.read_text().splitlines() if l and not l.startswith("#")]
    first, rest = tmp_path / "first.txt", tmp_path / "rest.txt"
    first.write_text("\n".join(lines[:40]) + "\n")
    rest.write_text("\n".join(lines[40:]) + "\n")
    code, out, _ = run(capsys, "nine", "play", "--players", "Ada,Bo,Cy", "--seed", "1", "--script", str(first),
                       "--journal", str(journal))
    assert code == 0 and "game 1 is kept" in out and "the game goes on" in out
    code, out, _ = run(capsys, "journal", "--journal", str(journal), "list")
    assert "Ada, Bo, Cy" in out and "[nine]" in out
    code, out, _ = run(capsys, "nine", "play", "--resume", "1", "--script", str(rest), "--journal", str(journal))
    assert code == 0 and "== final score" in out
    code, out, _ = run(capsys, "journal", "--journal", str(journal), "export", "1")
    record = json.loads(out)
    assert record["game"] == "nine" and record["deal"] == {"seed": 1}
    exported = tmp_path / "exported.json"
    exported.write_text(out)
    code, out, _ = run(capsys, "record", "check", str(exported))
    assert code == 0 and "game over" in out


@pytest.mark.parametrize("argv,code,text", [
    (["--players", "Solo"], 2, "2 to 4 names"),
    (["--players", "A,A"], 2, "different name"),
    (["--resume", "1", "--no-journal"], 2, "needs the journal"),
    (["--script", "/nonexistent/x.txt", "--no-journal"], 1, "cannot read"),
    (["--kit", "/nonexistent/k.toml", "--no-journal"], 1, "cannot read"),
])
def test_play_usage_and_file_errors(capsys, argv, code, text):
    got, out, err = run(capsys, "nine", "play", *argv)
    assert got == code and text in err and "Traceback" not in err


def test_resume_a_game_that_is_not_summer_nine(tmp_path, capsys):
    from store.journal import Journal

    journal = Journal(str(tmp_path / "j.sqlite"))
    journal.start({"players": [{"name": "Tini", "side": "A1"}], "deal": {"seed": 1}, "actions": []})
    journal.close()
    code, _, err = run(capsys, "nine", "play", "--resume", "1", "--journal", str(tmp_path / "j.sqlite"))
    assert code == 1 and "not a Summer Nine game" in err


def test_the_installed_command_runs_as_a_user_runs_it(tmp_path):
    exe = pathlib.Path(sys.executable).parent / "leafwatch"
    proc = subprocess.run([str(exe), "nine", "play", "--players", "Ada,Bo,Cy", "--seed", "1", "--no-journal"],
                          input=SCRIPT.read_text(), capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "== final score" in proc.stdout
    proc = subprocess.run([str(exe), "nine", "--help"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "score" in proc.stdout and "play" in proc.stdout
