"""Refilling from the Top or Bottom Path, and the solo Berry."""
from dataclasses import replace

import pytest

from engine.errors import IllegalAction, NotationError
from engine.indian_summer.actions import UseBerry
from engine.indian_summer.solo.actions import Refill, SoloBerry
from engine.indian_summer.solo.actions import parse_solo_action as act
from engine.indian_summer.solo.rules import apply, legal_actions, step
from solo_positions import build, with_path, with_position

# build() deals Top = ids 0..4 and Bottom = ids 5..9, left to right; the Player Path is 20..24.


def code_of(s, text):
    with pytest.raises(IllegalAction) as e:
        step(s, act(text))
    return e.value.code


def emptied(top=(0, 1, 2, 3, 4), bottom=(5, 6, 7, 8, 9)):
    """One tile left in the Player Path, then it is placed: the path is empty."""
    s = replace(with_path(build(), (20,)), top=tuple(top), bottom=tuple(bottom))
    return apply(s, act("leaf path:1 *A1 B1 C1"))


def test_placing_the_last_tile_asks_for_a_refill_before_anything_else():
    s = emptied()
    assert s.refill_due
    assert set(legal_actions(s)) == {Refill(p, side) for p in ("top", "bottom") for side in ("left", "right")}
    for text in ("end", "nut A2", "exchange nut > berry", "berry top left"):
        assert code_of(s, text) == "refill_due"


@pytest.mark.parametrize("text, path, left", [
    ("refill top left", (0, 1, 2, 3, 4), ((), (5, 6, 7, 8, 9))),
    ("refill top right", (4, 3, 2, 1, 0), ((), (5, 6, 7, 8, 9))),
    ("refill bottom left", (5, 6, 7, 8, 9), ((0, 1, 2, 3, 4), ())),
    ("refill bottom right", (9, 8, 7, 6, 5), ((0, 1, 2, 3, 4), ())),
])
def test_refill_takes_outermost_tiles_first_from_the_chosen_end(text, path, left):
    s = apply(emptied(), act(text))
    assert not s.refill_due and s.path == path and (s.top, s.bottom) == left
    assert act("end") in list(legal_actions(s))


def test_refill_stops_at_five():
    s = apply(emptied(top=(0, 1, 2, 3, 4, 10, 11)), act("refill top right"))
    assert s.path == (11, 10, 4, 3, 2) and s.top == (0, 1)


def test_too_few_tiles_on_the_chosen_path_takes_what_is_there_and_a_berry_takes_the_rest():
    s, events = step(emptied(top=(0, 1)), act("refill top left"))
    assert s.path == (0, 1) and s.top == () and not s.refill_due
    assert [e.kind for e in events] == ["path_refilled", "tiles_short"]
    s = apply(s, act("berry bottom right"))
    assert s.path == (0, 1, 9, 8, 7) and s.bottom == (5, 6)


def test_a_refill_cannot_choose_an_empty_path():
    s = emptied(top=())
    assert code_of(s, "refill top left") == "empty_path"
    assert set(legal_actions(s)) == {Refill("bottom", "left"), Refill("bottom", "right")}


def test_no_refill_while_the_player_path_holds_tiles():
    assert code_of(build(), "refill top left") == "no_refill_due"


def test_with_both_paths_empty_there_is_nothing_to_refill():
    s, events = step(replace(with_path(build(), (20,)), top=(), bottom=()), act("leaf path:1 *A1 B1 C1"))
    assert not s.refill_due and s.path == ()
    assert events[-1].kind == "tiles_short"
    assert act("end") in list(legal_actions(s))


# ---------------------------------------------------------------- the Berry

def test_berry_fills_the_player_path_up_to_five():
    s = with_path(build(), (20, 21))
    s2, events = step(s, act("berry top left"))
    assert s2.path == (20, 21, 0, 1, 2) and s2.top == (3, 4)
    assert s2.player.treasures.berry == 0 and s2.core.supply.berry == s.core.supply.berry + 1
    assert events[0].kind == "berry_used"


def test_berry_at_five_takes_one_sixth_tile_from_any_path_and_end():
    s = build()
    assert apply(s, act("berry top left")).path == (20, 21, 22, 23, 24, 0)
    assert apply(s, act("berry top right")).path[-1] == 4
    assert apply(s, act("berry bottom left")).path[-1] == 5
    six = apply(s, act("berry bottom right"))
    assert six.path[-1] == 9 and len(six.path) == 6 and six.bottom == (5, 6, 7, 8)


def test_never_more_than_six():
    s = with_position(build(), treasures={"berry": 2})
    s = apply(s, act("berry top left"))
    assert code_of(s, "berry top left") == "path_full"
    assert not any(isinstance(a, SoloBerry) for a in legal_actions(s))


def test_a_short_path_is_the_only_way_a_berry_takes_fewer_than_five():
    s = replace(with_path(build(), (20,)), top=(0, 1))
    s2, events = step(s, act("berry top right"))
    assert s2.path == (20, 1, 0) and s2.top == ()
    assert [e.kind for e in events] == ["berry_used", "tiles_short"]
    # from the longer path it must fill up to exactly five, never stop short
    assert len(apply(s, act("berry bottom left")).path) == 5


def test_berry_errors():
    assert code_of(with_position(build(), treasures={}), "berry top left") == "no_berry"
    assert code_of(replace(build(), top=()), "berry top left") == "empty_path"
    assert code_of(replace(build(), top=(), bottom=()), "berry top left") == "paths_empty"
    with pytest.raises(IllegalAction) as e:
        step(build(), UseBerry())
    assert e.value.code == "not_in_solo"
    with pytest.raises(NotationError):
        act("berry")
    with pytest.raises(NotationError):
        act("berry top middle")


def test_berry_before_or_after_the_main_action():
    s = apply(build(), act("berry top left"))
    s = apply(s, act("leaf path:6 *A1 B1 C1"))
    s = with_position(s, treasures={"berry": 1})
    assert act("berry bottom left") in list(legal_actions(s))


def test_berry_waits_for_a_feather_to_finish():
    s = with_position(build(), treasures={"feather": 1, "berry": 1})
    s = apply(s, act("feather"))
    assert code_of(s, "berry top left") == "main_action_unfinished"


# ---------------------------------------------------------------- stated tile counts

def test_a_stated_count_must_be_what_the_rules_require():
    s = emptied(top=(0, 1))
    assert apply(s, act("refill bottom left 5")).path == (5, 6, 7, 8, 9)
    assert apply(s, act("refill top left 2")).path == (0, 1)
    assert code_of(s, "refill bottom left 3") == "must_refill_to_five"
    assert code_of(s, "refill top left 3") == "too_many_tiles"
    two = with_path(build(), (20, 21))
    assert code_of(two, "berry top left 2") == "must_refill_to_five"
    assert code_of(two, "berry top left 4") == "too_many_tiles"
    assert apply(two, act("berry top left 3")).path == (20, 21, 0, 1, 2)
    assert code_of(build(), "berry top left 2") == "too_many_tiles"  # at five, a Berry buys one tile
    assert apply(build(), act("berry top left 1")).path[-1] == 0


def test_paths_and_sides_are_checked_even_when_built_by_hand():
    with pytest.raises(IllegalAction) as e:
        step(emptied(), Refill("middle", "left"))
    assert e.value.code == "wrong_path_side"
    with pytest.raises(IllegalAction) as e:
        step(build(), SoloBerry("top", "centre"))
    assert e.value.code == "wrong_path_side"
