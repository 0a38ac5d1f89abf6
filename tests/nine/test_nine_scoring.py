"""The final score: the rulebook's figures, hand-made schedules with known answers, and the optimiser
against brute force."""
from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from engine.summer_nine.cards import parse_schedule
from engine.summer_nine.scoring import best_reading, score_players, standings
from nine_brute import best_schedule_score
from nine_positions import KIT


def score(schedule: str, hand=(), others=()):
    players = [("Ada", parse_schedule(schedule), tuple(hand))] + [
        (f"P{i}", parse_schedule("- - - - - - - - -"), tuple(h)) for i, h in enumerate(others)]
    return score_players(KIT, players)[0]


def line(sc, source_start: str):
    found = [l for l in sc.lines if l.source.startswith(source_start)]
    assert len(found) == 1, [l.source for l in sc.lines]
    return found[0]


# ---------------------------------------------------------------- the rulebook's figures
def test_four_in_a_row_in_one_country_spans_two_months_for_8():
    sc = score("- spain-beach spain-city | spain-city spain-mountain - | - - -", ["four-spain"])
    assert line(sc, "objective four-spain").points == 8


def test_five_in_a_row_in_slots_3_to_7_touch_three_months_for_12():
    sc = score("- - spain-beach | spain-city spain-city spain-mountain | spain-beach - -", ["four-spain"])
    assert line(sc, "objective four-spain").points == 12
    assert "slots 3-7" in line(sc, "objective four-spain").reason


def test_three_in_a_row_is_not_four_plus_and_a_gap_breaks_a_row():
    assert line(score("spain-beach spain-city spain-city | - - - | - - -", ["four-spain"]),
                "objective four-spain").points == 0
    assert line(score("spain-beach spain-city - | spain-city spain-beach - | - - -", ["four-spain"]),
                "objective four-spain").points == 0


# ---------------------------------------------------------------- bridges
def test_bridge_chain_between_one_country_scores_and_counts_as_it():
    sc = score("spain-beach bridge bridge | spain-city spain-beach - | - - -", ["four-spain", "month-spain"])
    assert line(sc, "slot 2 bridge").points == KIT.bridge_points == line(sc, "slot 3 bridge").points
    assert line(sc, "objective four-spain").points == 8  # slots 1-5 through the bridges
    assert line(sc, "objective month-spain").points == 5  # June: the bridges count as Spain


def test_a_bridge_between_two_countries_pays_and_leaves_a_gap():
    sc = score("spain-beach bridge italy-city | - - - | - - -", ["month-all-countries"])
    assert line(sc, "slot 2 bridge").points == KIT.bridge_penalty
    assert line(sc, "objective month-all-countries").points == 0  # the gap: June is not complete
    sc = score("spain-beach spain-beach bridge | - spain-city spain-city | - - -", ["four-spain"])
    assert line(sc, "slot 3 bridge").points == KIT.bridge_penalty  # an empty slot on its right
    assert line(sc, "objective four-spain").points == 0


def test_a_bridge_at_the_end_of_the_schedule_joins_nothing():
    assert line(score("bridge spain-beach - | - - - | - - -"), "slot 1 bridge").points == KIT.bridge_penalty
    assert line(score("- - - | - - - | spain-beach spain-city bridge"), "slot 9 bridge").points == KIT.bridge_penalty


# ---------------------------------------------------------------- half extended stays
def test_half_stays_pair_with_the_same_country_across_months():
    sc = score("- - half-spain | half-spain - - | - - -")
    assert line(sc, "slot 3").points == 3 and line(sc, "slot 4").points == 3
    sc = score("- - half-spain | half-italy - - | - - -")
    assert line(sc, "slot 3").points == 0 and line(sc, "slot 4").points == 0


def test_half_stays_pair_through_bridges_only():
    sc = score("half-greece bridge bridge | half-greece - - | - - -")
    assert line(sc, "slot 1").points == 3 and line(sc, "slot 4").points == 3
    assert line(sc, "slot 2").points == KIT.bridge_points
    sc = score("half-greece greece-city half-greece | - - - | - - -")
    assert line(sc, "slot 1").points == 0 and line(sc, "slot 3").points == 0


def test_any_country_takes_its_partners_country_and_two_anys_choose_one():
    sc = score("half-italy half-any - | - - - | - - -")
    assert line(sc, "slot 2").points == 3 and "as Italy" in line(sc, "slot 2").reason
    sc = score("half-any bridge half-any | - - - | - - -", ["month-greece"])
    assert line(sc, "slot 2").points == KIT.bridge_points  # two Any Country cards count as one country
    assert line(sc, "objective month-greece").points == 5  # both chosen as Greece, the bridge with them


def test_three_half_stays_in_a_row_drop_the_end_that_serves_best():
    # the row 3-4-5: dropping slot 5 keeps June (slots 1-3) complete; dropping slot 3 would not
    sc = score("spain-beach spain-city half-spain | half-spain half-spain - | - - -", ["month-spain"])
    assert line(sc, "slot 3").points == 3 and line(sc, "slot 4").points == 3 and line(sc, "slot 5").points == 0
    assert line(sc, "objective month-spain").points == 5
    # the other way round: July complete needs slots 4 and 5 kept
    sc = score("- - half-spain | half-spain half-spain spain-city | - - -", ["month-spain"])
    assert line(sc, "slot 3").points == 0 and line(sc, "objective month-spain").points == 5


def test_four_in_a_row_make_two_pairs():
    sc = score("half-italy half-italy half-italy | half-italy - - | - - -")
    assert sum(l.points for l in sc.lines) == 12


# ---------------------------------------------------------------- objectives
def test_each_objective_chooses_the_bridges_types_anew():
    sc = score("italy-city bridge bridge | italy-city - - | - - -", ["month-city", "month-all-types"])
    assert line(sc, "objective month-city").points == 5  # both bridges as city
    assert line(sc, "objective month-all-types").points == 4  # the bridges as beach and mountain


def test_month_objectives_need_a_complete_month():
    sc = score("spain-beach spain-beach - | spain-beach spain-beach spain-beach | - - -",
               ["month-beach", "month-spain", "month-all-types"])
    assert line(sc, "objective month-beach").points == 5 and "July" in line(sc, "objective month-beach").reason
    assert line(sc, "objective month-spain").points == 5
    assert line(sc, "objective month-all-types").points == 0


def test_all_countries_and_all_types():
    sc = score("spain-beach italy-city greece-mountain | spain-city italy-city greece-city | - - -",
               ["month-all-countries", "month-all-types"])
    assert line(sc, "objective month-all-countries").points == 8  # June and July
    assert line(sc, "objective month-all-types").points == 4  # June only


def test_plus_one_counts_cards_of_the_type_but_never_bridges():
    sc = score("spain-beach bridge spain-beach | half-spain half-spain - | - - -", ["plus-beach"])
    assert line(sc, "objective plus-beach").points == 4  # 2 destinations + 2 paired half stays (beach)


def test_two_copies_of_an_objective_score_twice():
    sc = score("spain-beach spain-city spain-city | - - - | - - -", ["month-spain", "month-spain"])
    assert sum(l.points for l in sc.lines if l.source == "objective month-spain") == 10


# ---------------------------------------------------------------- collectibles
@pytest.mark.parametrize("hand,points", [(["ice-lemon"], 1), (["ice-lemon", "ice-lemon", "ice-lemon"], 1),
                                         (["ice-lemon", "ice-coconut"], 3),
                                         (["ice-lemon", "ice-coconut", "ice-pistachio", "ice-chocolate",
                                           "ice-strawberry"], 15)])
def test_ice_cream_scores_different_flavours(hand, points):
    assert line(score("- - - - - - - - -", hand), "ice cream").points == points


@pytest.mark.parametrize("mine,others,share", [(2, [1], 6), (1, [2], 0), (2, [2], 3), (1, [1, 1], 2),
                                               (1, [1, 1, 1], Fraction(3, 2))])
def test_photos_go_to_the_most_and_ties_split(mine, others, share):
    sc = score("- - - - - - - - -", ["photo"] * mine, others=[["photo"] * n for n in others])
    assert line(sc, "photos").points == share


def test_standings_share_places_on_equal_totals():
    scores = score_players(KIT, [("A", parse_schedule("spain-beach - - - - - - - -"), ()),
                                 ("B", parse_schedule("- spain-beach - - - - - - -"), ()),
                                 ("C", parse_schedule("- - - - - - - - -"), ())])
    assert [(p, s.name) for p, s in standings(scores)] == [(1, "A"), (1, "B"), (3, "C")]


# ---------------------------------------------------------------- the optimiser against brute force
SCHEDULE_CARDS = ["spain-beach", "spain-city", "italy-city", "greece-mountain", "bridge", "bridge",
                  "half-spain", "half-italy", "half-any", "half-any", None, None]
OBJECTIVES = [c.id for c in KIT.cards if c.kind == "objective"]


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(SCHEDULE_CARDS), min_size=9, max_size=9),
       st.lists(st.sampled_from(OBJECTIVES), max_size=4))
def test_optimiser_equals_brute_force(schedule, hand):
    schedule = tuple(schedule)
    reading, objectives = best_reading(KIT, schedule, hand)
    mine = sum(p for _, p, _ in reading.lines) + sum(p for _, p, _ in objectives)
    assert mine == best_schedule_score(KIT, schedule, [KIT.card(c) for c in hand])


def test_brute_force_is_not_the_optimiser_by_accident():
    # a schedule where a greedy reading (no Any Country choice, first end dropped) scores less
    schedule = parse_schedule("half-any half-any half-any | spain-beach spain-city spain-city | - - -")
    objectives = [KIT.card("month-spain"), KIT.card("month-spain")]
    assert best_schedule_score(KIT, schedule, objectives) == 6 + 4 + 10


HALF_HEAVY = ["half-spain", "half-spain", "half-any", "half-italy", "spain-city", "bridge", None]
MONTHLY = ["month-spain", "month-italy", "four-spain", "month-all-types", "month-city", "plus-beach"]


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(HALF_HEAVY), min_size=9, max_size=9),
       st.lists(st.sampled_from(MONTHLY), min_size=1, max_size=3))
def test_optimiser_equals_brute_force_on_rows_of_half_stays(schedule, hand):
    schedule = tuple(schedule)
    reading, objectives = best_reading(KIT, schedule, hand)
    mine = sum(p for _, p, _ in reading.lines) + sum(p for _, p, _ in objectives)
    assert mine == best_schedule_score(KIT, schedule, [KIT.card(c) for c in hand])
