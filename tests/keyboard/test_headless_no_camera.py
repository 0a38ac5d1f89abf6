"""`leafwatch play --no-camera --headless`: a table keeps score in a plain terminal, one action a line on
standard input (or from --declare FILE), into the same journal."""
from __future__ import annotations

import io
import sqlite3
import sys

import pytest

from leafwatch.cli import main as leafwatch_main

PLAYERS = ["--players", "Tini:A1,Claus:B2"]


def journal_actions(path, game: int = 1) -> list[str]:
    with sqlite3.connect(path) as db:
        return [r[0] for r in db.execute("select text from actions where game = ? order by seq", (game,))]


def test_actions_on_standard_input_are_played_and_kept(tmp_path, monkeypatch, capsys):
    journal = tmp_path / "games.sqlite"
    monkeypatch.setattr(sys, "stdin", io.StringIO(
        "leaf path:1 *A1 B1 C1\nend\n# Claus now\n\n  squirrel E4  \nend\nsquirrel A1\nberry\nexchange nut > berry\nUndo\n"))
    code = leafwatch_main(["play", *PLAYERS, "--no-camera", "--headless", "--journal", str(journal)])
    out = capsys.readouterr()
    assert code == 0, out.err
    lines = out.out.splitlines()
    assert lines[0] == f"leafwatch play: Tini (A1), Claus (B2); moves told one a line; game 1 in {journal}"
    assert any(line.endswith("Tini: leaf path:1 *A1 B1 C1") for line in lines)
    assert any(line.endswith("Claus: squirrel E4") for line in lines)
    # a move the rules refuse is said, with the engine's reason, and not kept
    assert any("! Tini:" in line and "[overlap]" in line for line in lines)
    # 'undo' takes back the last action (the exchange)
    assert any(line.endswith("undone: exchange nut > berry") for line in lines)
    assert journal_actions(journal) == ["leaf path:1 *A1 B1 C1", "end", "squirrel E4", "end", "berry"]
    assert "Tini (board A1): 69 squares still empty" in out.out
    assert lines[-1] == f"leafwatch play: game 1 is kept in {journal}"


def test_declare_file_is_read_first(tmp_path, capsys):
    moves = tmp_path / "moves.txt"
    moves.write_text("squirrel E4\nend\nsquirrel D4\n")
    code = leafwatch_main(["play", *PLAYERS, "--no-camera", "--headless", "--no-journal", "--declare", str(moves)])
    out = capsys.readouterr().out
    assert code == 0
    assert "Tini: squirrel E4" in out and "Claus: squirrel D4" in out
    assert "not kept (no journal)" in out


def test_no_camera_usage_errors_and_unreadable_files(tmp_path, capsys):
    assert leafwatch_main(["play", *PLAYERS, "--declare", str(tmp_path / "x.txt"), "--no-journal"]) == 1
    assert "x.txt: cannot read" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_:
        leafwatch_main(["play", *PLAYERS, "--no-camera", "--camera", "1"])
    assert exit_.value.code == 2 and "not allowed with argument --no-camera" in capsys.readouterr().err
    assert leafwatch_main(["play", *PLAYERS, "--from", "x.json", "--no-camera"]) == 2
    assert "drop --players" in capsys.readouterr().err
    code = leafwatch_main(["play", *PLAYERS, "--no-camera", "--headless", "--no-journal", "--declare",
                           str(tmp_path / "missing.txt")])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1 and len(err) == 1 and "missing.txt" in err[0]
    code = leafwatch_main(["play", "--from", str(tmp_path / "none.json"), "--no-camera", "--headless"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1 and len(err) == 1 and "none.json: no such file" in err[0]
    illegal = tmp_path / "illegal.json"
    illegal.write_text('{"players": [{"name": "Tini", "side": "A1"}], "deal": {"table": true}, '
                       '"actions": ["squirrel E4", "squirrel E5"]}')
    code = leafwatch_main(["play", "--from", str(illegal), "--no-camera", "--headless", "--no-journal"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 1 and len(err) == 1 and "actions[1]" in err[0] and "second_main_action" in err[0]


def test_the_readme_example_plays_a_late_game_to_its_end(capsys):
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[2]
    code = leafwatch_main(["play", "--from", str(root / "examples/late-game.json"), "--no-camera", "--headless",
                           "--no-journal", "--declare", str(root / "examples/late-game-moves.txt")])
    out = capsys.readouterr().out
    assert code == 0
    assert "the round is finished: final phase and scoring" in out
    assert "1. Tini: covered the Forest Floor; 1 Nut" in out


def test_a_game_taken_up_from_a_position_is_resumed_from_the_journal(tmp_path, monkeypatch, capsys):
    import pathlib

    late = pathlib.Path(__file__).resolve().parents[2] / "examples/late-game.json"
    journal = tmp_path / "games.sqlite"
    monkeypatch.setattr(sys, "stdin", io.StringIO("squirrel I8\n"))
    assert leafwatch_main(["play", "--from", str(late), "--no-camera", "--headless", "--journal", str(journal)]) == 0
    monkeypatch.setattr(sys, "stdin", io.StringIO("end\nsquirrel H1\nend\n"))
    assert leafwatch_main(["play", "--resume", "1", "--no-camera", "--headless", "--journal", str(journal)]) == 0
    out = capsys.readouterr().out
    assert "the round is finished: final phase and scoring" in out
    assert journal_actions(journal) == ["squirrel I8", "end", "squirrel H1", "end"]


def test_moves_on_standard_input_mean_printed_lines_even_at_a_terminal(monkeypatch, capsys):
    from leafwatch import wiring

    monkeypatch.setattr(wiring, "has_terminal", lambda: True)
    monkeypatch.setattr(sys, "stdin", io.StringIO("squirrel E4\n"))
    assert leafwatch_main(["play", *PLAYERS, "--no-camera", "--no-journal", "--declare", "-"]) == 0
    out = capsys.readouterr().out
    assert "moves told one a line" in out and "Tini: squirrel E4" in out
