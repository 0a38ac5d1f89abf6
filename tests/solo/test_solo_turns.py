"""Exactly ten turns, counted by the turn marker tiles moving along the row."""
import pytest

from engine.errors import IllegalAction
from engine.indian_summer.solo.actions import parse_solo_action as act
from engine.indian_summer.solo.rules import apply, legal_actions, step
from engine.indian_summer.solo.state import EMPTY
from solo_positions import build, with_position

SQUARES = ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "I1", "A2", "B2"]


def play_turns(s, n):
    """n turns of a squirrel each (a main action that needs no tiles)."""
    for i in range(n):
        s = apply(s, act(f"squirrel {SQUARES[s.turn - 1]}"))
        s = apply(s, act("end"))
    return s


def numbered_ids(s):
    # build() deals ids 10..19 onto spaces 1..10
    return {n: 9 + n for n in range(1, 11)}


def test_turn_markers_pile_up_from_the_far_end():
    s = build()
    ids = numbered_ids(s)
    assert s.track[11] == ids[1]  # turn 1: space 1's tile on the far Mushroom space
    s = play_turns(s, 1)
    assert s.turn == 2 and s.track[10] == ids[2] and s.track[7] == ids[3]
    s = play_turns(s, 1)
    # the rulebook's example: with two tiles already moved, turn 3 moves space 3's tile onto space 1
    assert s.turn == 3 and s.track[9] == ids[3] and s.track[7] == EMPTY and s.track[8] == EMPTY
    s = play_turns(s, 7)
    assert s.turn == 10
    assert s.track == (EMPTY, EMPTY) + tuple(ids[n] for n in range(10, 0, -1))


def test_turn_events_name_the_move():
    s = play_turns(build(), 2)
    s, events = step(apply(s, act("squirrel C1")), act("end"))
    texts = [e.text for e in events]
    assert texts == ["turn 4 of 10", "move the tile on space 4 to space 2"]


def test_exactly_ten_turns_then_no_more_actions():
    s = play_turns(build(), 9)
    assert s.turn == 10 and not s.over
    s = apply(s, act("squirrel A3"))
    s, events = step(s, act("end"))
    assert s.over and s.turn == 10 and events[0].kind == "game_over"
    assert list(legal_actions(s)) == []
    for text in ("end", "squirrel A4", "refill top left", "mushroom"):
        with pytest.raises(IllegalAction) as e:
            step(s, act(text))
        assert e.value.code == "turn_limit"


def test_a_turn_needs_a_main_action():
    s = build()
    with pytest.raises(IllegalAction) as e:
        step(s, act("end"))
    assert e.value.code == "no_main_action"
    assert act("end") not in list(legal_actions(s))


def test_a_full_board_ends_turns_without_a_main_action():
    s = with_position(build(), pieces="/".join(["sssssssss"] * 8))
    assert act("end") in list(legal_actions(s))
    s = apply(s, act("end"))
    assert s.turn == 2


def test_one_main_action_a_turn():
    s = apply(build(), act("squirrel A1"))
    for text in ("squirrel B1", "leaf path:1 *A2 B2 C2", "mushroom"):
        with pytest.raises(IllegalAction) as e:
            step(s, act(text))
        assert e.value.code == "second_main_action"
