"""Accommodation by the four rules: hand-made cases for each rule, and the optimiser against brute force."""
from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from engine.errors import IllegalAction
from engine.summer_resort.accommodation import best, check, optimal_outcomes, value_of
from engine.summer_resort.components import ACCEPTS, COTTAGE, FOREST, PENSION, VILLA

C, V, P, F = COTTAGE, VILLA, PENSION, FOREST


def codes(houses, guests, assignment):
    try:
        check(houses, guests, assignment)
    except IllegalAction as exc:
        return exc.code
    return None


def test_a_house_takes_at_most_two_new_guests():
    houses = [(V, ()), (V, ())]
    assert best(houses, ["stu", "stu", "stu"]).used == 2
    assert codes(houses, ["stu"] * 3, {0: ("stu", "stu", "stu")}) == "house_full"
    assert codes(houses, ["stu"] * 3, {0: ("stu", "stu"), 1: ("stu",)}) is None


@pytest.mark.parametrize("level, guest, ok", [
    (C, "stu", True), (C, "con", False), (C, "soc", False),
    (V, "stu", True), (V, "con", True), (V, "soc", False),
    (P, "stu", False), (P, "con", True), (P, "soc", True),
])
def test_guests_stay_only_in_houses_neither_too_spartan_nor_too_luxurious(level, guest, ok):
    assert best([(level, ())], [guest]).placed == (1 if ok else 0)
    assert codes([(level, ())], [guest], {0: (guest,)}) == (None if ok else "guest_refuses_house")


def test_nobody_stays_on_a_bare_forest():
    assert best([(F, ())], ["stu"]).placed == 0
    assert codes([(F, ())], ["stu"], {0: ("stu",)}) == "not_a_house"


def test_empty_houses_are_used_first():
    houses = [(C, ("stu",)), (C, ())]  # lot 1 keeps an old student, lot 2 is empty
    assert optimal_outcomes(houses, ["stu"]) == ({1: ("stu",)},)
    assert codes(houses, ["stu"], {0: ("stu",)}) == "empty_houses_first"
    # three students need both houses: the rules count houses, so either may take two
    assert optimal_outcomes(houses, ["stu"] * 3) == ({0: ("stu",), 1: ("stu", "stu")}, {0: ("stu", "stu"), 1: ("stu",)})


def test_empty_first_outranks_fewest_houses():
    # a student and a convalescent fit together in the occupied villa (1 house), or apart in the
    # empty cottage and the empty pension (2 houses): empty houses come first
    houses = [(V, ("con",)), (C, ()), (P, ())]
    assert optimal_outcomes(houses, ["stu", "con"]) == ({1: ("stu",), 2: ("con",)},)
    assert codes(houses, ["stu", "con"], {0: ("stu", "con")}) == "empty_houses_first"


def test_as_few_houses_as_possible():
    houses = [(V, ()), (V, ()), (V, ())]
    assert best(houses, ["stu", "con"]).used == 1
    assert codes(houses, ["stu", "con"], {0: ("stu",), 1: ("con",)}) == "too_many_houses"
    assert optimal_outcomes(houses, ["stu", "con"]) == ({0: ("stu", "con")},)


def test_as_many_as_possible_before_everything_else():
    houses = [(C, ("stu", "stu")), (C, ())]
    assert codes(houses, ["stu"] * 3, {1: ("stu", "stu")}) == "not_all_housed"


def test_interchangeable_houses_give_one_outcome_different_old_guests_give_a_choice():
    twins = [(C, ("stu",)), (C, ("stu",))]
    assert len(optimal_outcomes(twins, ["stu"])) == 1
    differ = [(V, ("stu",)), (V, ("con",))]
    outs = optimal_outcomes(differ, ["stu"])
    assert sorted(list(o) for o in outs) == [[0], [1]]


def test_guests_that_were_not_invited_cannot_be_placed():
    assert codes([(V, ())], ["stu"], {0: ("con",)}) == "not_invited"


# --- brute force ------------------------------------------------------------------------------------

def brute(houses, guests):
    """Every assignment of every guest to a lot or to nobody; the best by the rules, and all best ones."""
    top, ways = None, set()
    lots = list(range(len(houses))) + [None]
    for choice in itertools.product(lots, repeat=len(guests)):
        groups: dict[int, list[str]] = {}
        for g, lot in zip(guests, choice):
            if lot is not None:
                groups.setdefault(lot, []).append(g)
        if any(len(v) > 2 or houses[k][0] == F or any(g not in ACCEPTS[houses[k][0]] for g in v)
               for k, v in groups.items()):
            continue
        val = value_of(tuple(houses), {k: tuple(v) for k, v in groups.items()}).key
        frozen = frozenset((k, tuple(sorted(v))) for k, v in groups.items())
        if top is None or val > top:
            top, ways = val, {frozen}
        elif val == top:
            ways.add(frozen)
    return top, ways


house_st = st.tuples(st.sampled_from([F, C, V, P]), st.lists(st.sampled_from(["stu", "con", "soc"]), max_size=2))
guest_st = st.lists(st.sampled_from(["stu", "con", "soc"]), max_size=6)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.lists(house_st, min_size=1, max_size=4), guest_st)
def test_optimiser_agrees_with_brute_force(raw_houses, guests):
    houses = [(lv, tuple(sorted(old)) if lv != F else ()) for lv, old in raw_houses]
    houses = [(lv, old if (lv == C and all(g == "stu" for g in old)) or lv != C else ()) for lv, old in houses]
    top, ways = brute(houses, guests)
    assert best(houses, guests).key == top
    outs = optimal_outcomes(houses, guests)
    got = {frozenset((k, tuple(sorted(v))) for k, v in o.items()) for o in outs}
    assert got <= ways  # every listed outcome is a best one
    # every best way is listed up to swapping interchangeable houses (same level, same old guests)
    def canon(way):
        cls = Counter()
        for lot, group in way:
            cls[(houses[lot], group)] += 1
        return frozenset(cls.items())
    assert {canon(w) for w in ways} == {canon(w) for w in got}
    for way in ways:  # check() accepts exactly the best ways
        check(houses, guests, dict(way))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(house_st, min_size=1, max_size=3), guest_st)
def test_check_refuses_every_way_that_is_not_best(raw_houses, guests):
    houses = [(lv, tuple(sorted(old)) if lv != F else ()) for lv, old in raw_houses]
    top, ways = brute(houses, guests)
    lots = list(range(len(houses))) + [None]
    for choice in itertools.islice(itertools.product(lots, repeat=len(guests)), 300):
        groups: dict[int, list[str]] = {}
        for g, lot in zip(guests, choice):
            if lot is not None:
                groups.setdefault(lot, []).append(g)
        way = frozenset((k, tuple(sorted(v))) for k, v in groups.items())
        accepted = codes(houses, guests, {k: tuple(v) for k, v in groups.items()}) is None
        assert accepted == (way in ways)
