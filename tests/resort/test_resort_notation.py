"""Text forms round-trip: lots, resorts, every action; bad text is a NotationError that says what to write."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from engine.errors import NotationError
from engine.summer_resort.actions import Build, Deal, House, Place, Reveal, parse_action
from engine.summer_resort.components import INVESTMENTS, WEATHER
from engine.summer_resort.setup import new_game
from engine.summer_resort.state import Lot, format_resort, parse_resort

from tests.resort.resort_bot import bot_game

guest = st.sampled_from(["stu", "con", "soc"])
lot_st = st.one_of(
    st.just(Lot(0)),
    st.builds(lambda g: Lot(1, tuple(["stu"] * g)), st.integers(0, 2)),
    st.builds(lambda gs: Lot(2, tuple(sorted(gs, key=["stu", "con"].index))), st.lists(st.sampled_from(["stu", "con"]), max_size=2)),
    st.builds(lambda gs: Lot(3, tuple(sorted(gs, key=["con", "soc"].index))), st.lists(st.sampled_from(["con", "soc"]), max_size=2)),
)
seat = st.integers(0, 4)
tokens = st.sampled_from(["1", "2", "porter", "porter+1"])
action_st = st.one_of(
    st.builds(Reveal, st.sampled_from(list(WEATHER))),
    st.builds(lambda gs: Deal(tuple(gs)), st.lists(guest, max_size=8)),
    st.builds(lambda s, t: Place(s, "package", tokens=t), seat, tokens),
    st.builds(lambda s, t: Place(s, "refuel", tokens=t), seat, tokens),
    st.builds(lambda s, c, t: Place(s, "buy", card=c, tokens=t), seat, st.sampled_from(list(INVESTMENTS)), tokens),
    st.builds(lambda s, c, t: Place(s, "invite", cars=(c,), tokens=t), seat, st.integers(0, 7), tokens),
    st.builds(lambda s, c, t: Place(s, "invite", cars=(c, c + 1), tokens=t), seat, st.integers(0, 6), tokens),
    st.builds(Build, seat, st.sampled_from(["villa", "pension"]), st.integers(0, 9)),
    st.builds(lambda s, pairs: House.of(s, {lot: tuple(sorted(gs, key=["stu", "con", "soc"].index))
                                           for lot, gs in pairs.items()}),
              seat, st.dictionaries(st.integers(0, 6), st.lists(guest, min_size=1, max_size=2), max_size=3)),
)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(action_st)
def test_every_action_round_trips(action):
    assert parse_action(action.format()) == action


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.lists(lot_st, max_size=6))
def test_resorts_round_trip(lots):
    assert parse_resort(format_resort(tuple(lots))) == tuple(lots)


def test_a_bot_games_actions_all_round_trip():
    _, log = bot_game(new_game(["A", "B", "C", "D"]), seed=2)
    assert all(parse_action(a.format()) == a for a in log)


@pytest.mark.parametrize("text, words", [
    ("", "empty"), ("weather snow", "storm"), ("deal stu tourist", "not a vacationer"), ("p9 package", "seat"),
    ("p1 fly", "unknown action"), ("p1 invite", "names a car"), ("p1 invite 0", "numbered from 1"),
    ("p1 invite 1+2+3", "numbered from 1"), ("p1 buy castle", "investment card"), ("p1 package with 3", "with"),
    ("p1 build cottage on 1", "build villa on"), ("p1 house stu1", "guest and a lot"), ("p1 house stu>x", "lot number"),
    ("p1 package now", "no target"),
])
def test_bad_text_says_what_to_write(text, words):
    with pytest.raises(NotationError, match=words):
        parse_action(text)


def test_lot_text_errors():
    for text, words in [("castle", "forest, cottage"), ("forest:stu", "bare forest"), ("villa:stu+stu+con", "at most 2")]:
        with pytest.raises(NotationError, match=words):
            Lot.parse(text)
    assert Lot.parse("Villa:con+stu") == Lot(2, ("stu", "con"))
