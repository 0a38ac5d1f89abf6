"""What the commands print for people says words: no Python dict, list, tuple or True/None in any line
of play, replay, demo, record apply or endgame."""
from __future__ import annotations

import pathlib
import re

import pytest

from companion.live import DeclareItem, LiveTable
from companion.seating import parse_players, start_state
from leafwatch.cli import main as leafwatch_main
from leafwatch.headless import run_headless, summary

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
REPR = re.compile(r"[{}\[\]]|\bTrue\b|\bFalse\b|\bNone\b|\(\)|\('|'\)|', '|'\w+': ")


def no_reprs(text: str) -> None:
    bad = [line for line in text.splitlines() if REPR.search(line)]
    assert not bad, bad


def test_the_pattern_catches_what_python_prints():
    for repr_line in (str({"berry": 1}), str([1, 3]), "won: False", "areas ()", str(("a", 1))):
        with pytest.raises(AssertionError):
            no_reprs(repr_line)
    no_reprs("treasures 1 Berry, 2 Nuts; Areas done 1 and 3")


def test_headless_lines_and_summary_say_words():
    live = LiveTable(start_state(parse_players("Tini:A1,Claus:B2")))
    lines = []
    feed = [DeclareItem(None, t) for t in ("berry", "exchange nut > berry", "squirrel E4", "end", "leaf path:1 *A1 B1 C1")]
    assert run_headless(live, feed, out=lines.append) == 0
    text = "\n".join(lines)
    no_reprs(text)
    assert "frame    0  Tini: berry" in lines
    assert ("Tini (board A1): 71 squares still empty, Areas done none, path GGYYR?, "
            "treasures 1 Berry, 1 Mushroom") in text
    assert "Claus (board B2): 69 squares still empty, Areas done none" in text  # a tile's 3 squares
    assert "standings so far: if the game ended now, after each player's final phase" in text
    assert "next: Claus's turn: your move is made; then" in text
    no_reprs(summary(live))


@pytest.mark.parametrize("args", [
    ["record", "apply", str(EXAMPLES / "short-game.json")],
    ["record", "apply", str(EXAMPLES / "solo-game.json")],
    ["endgame", str(EXAMPLES / "endgame-rulebook.json")],
    ["demo", "--engine-only", "--players", "2", "--seed", "3"],
])
def test_text_commands_say_words(args, capsys):
    assert leafwatch_main(args) == 0
    out = capsys.readouterr().out
    assert out.strip()
    no_reprs(out)


def test_solo_record_apply_says_yes_no_and_treasures(capsys):
    assert leafwatch_main(["record", "apply", str(EXAMPLES / "solo-game.json")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "treasures: 4 Nuts" in out and "treasures left: 1 Berry" in out
    assert "won: no" in out and "over: yes" in out and "top path: -" in out


@pytest.fixture(scope="module")
def one_move_recorded(tmp_path_factory):
    """The first move of a seeded game as a camera sees it, one PNG a frame."""
    import cv2

    from leafwatch.demo.table_script import table_game
    from rendered import demo_frames

    game = table_game(6, 2)
    folder = tmp_path_factory.mktemp("recorded")
    items = demo_frames(6, 2, max_moves=1)
    for n, item in enumerate(items):
        cv2.imwrite(str(folder / f"frame{n:03d}.png"), item.image)
    players = ",".join(f"{p.name}:{p.side}" for p in game.table_start.players)
    return folder, players


@pytest.mark.slow
def test_play_headless_and_replay_on_a_recording_say_words(one_move_recorded, capsys):
    folder, players = one_move_recorded
    assert leafwatch_main(["play", "--headless", "--no-journal", "--players", players, "--source", str(folder)]) == 0
    played = capsys.readouterr().out
    assert "Tini: leaf path:" in played
    no_reprs(played)
    assert leafwatch_main(["replay", str(folder), "--players", players]) == 0
    replayed = capsys.readouterr().out
    no_reprs(replayed)
    assert "game record: 1 action (--json writes it as a record file):" in replayed
    assert re.search(r"^ +1\. leaf path:\d ", replayed, re.M)
