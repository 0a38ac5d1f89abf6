"""Counts, treasures and lists said in words: what every printed line uses instead of a Python repr."""
from __future__ import annotations

import pathlib

from companion.game_view import count_words, list_words, state_lines, treasure_words, value_words
from engine.indian_summer.treasures import Treasures
from store.records import play_file

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_counts():
    assert count_words(0, "square") == "no squares"
    assert count_words(1, "square") == "1 square"
    assert count_words(72, "square") == "72 squares"
    assert count_words(1, "Berry", "Berries") == "1 Berry" and count_words(3, "Berry", "Berries") == "3 Berries"


def test_treasures_in_words():
    assert treasure_words({"berry": 1, "nut": 2, "mushroom": 0, "feather": 0}) == "1 Berry, 2 Nuts"
    assert treasure_words({"feather": 3, "berry": 2}) == "2 Berries, 3 Feathers"  # the treasures' own order
    assert treasure_words(Treasures(mushroom=1, feather=1)) == "1 Mushroom, 1 Feather"
    assert treasure_words({"berry": 0}) == "no treasures"
    assert treasure_words({}, empty="none") == "none"
    assert treasure_words({"nut": 1, "acorn": 2}) == "1 Nut, 2 acorn"  # unknown names as they are


def test_lists_and_any_value():
    assert list_words([]) == "none" and list_words([3]) == "3"
    assert list_words([1, 3]) == "1 and 3" and list_words([1, 3, 6]) == "1, 3 and 6"
    assert value_words(True) == "yes" and value_words(False) == "no"
    assert value_words(None) == "-" and value_words("") == "-" and value_words([]) == "-"
    assert value_words({"berry": 1, "nut": 0, "mushroom": 0, "feather": 0}) == "1 Berry"
    assert value_words({"berry": 0, "nut": 0, "mushroom": 0, "feather": 0}) == "none"
    assert value_words(["GGY", 3, False]) == "GGY, 3, no"
    assert value_words({"a": 1, "b": [True]}) == "a 1, b yes"
    assert value_words(12) == "12" and value_words("lost: 1 empty square") == "lost: 1 empty square"


def test_state_lines_say_words_and_what_each_count_counts():
    _, state = play_file(str(ROOT / "examples" / "short-game.json"), None)
    lines = state_lines(state)
    text = "\n".join(lines)
    for mark in ("{", "}", "[", "]", "True", "False", "None"):
        assert mark not in text
    assert lines[1].startswith("p1 Tini (side A1): 69 squares still empty, Areas done none, path GYYR, "
                               "treasures 1 Berry, 1 Nut, 1 Mushroom")
    assert "standings if the game ended now, after each player's final phase:" in lines
