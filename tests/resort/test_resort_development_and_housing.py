"""Phase III: development (and lost cards), the President, accommodation in the round, rent, overflow."""
from __future__ import annotations

from dataclasses import replace

import pytest

from engine.errors import IllegalAction
from engine.summer_resort.actions import parse_action
from engine.summer_resort.rules import legal_actions, president_after_development, step
from engine.summer_resort.state import format_resort

from tests.resort.resort_positions import at_actions, fresh, play, resort, texts


def test_forest_then_cottage_then_villa_in_one_round():
    s = resort(fresh(2, porter=0), 0, "cottage", money=2000)  # p2 acts first, p1 holds the porter
    s, ev = play(at_actions(s), "p2 package", "p1 buy villa", "p2 package", "p1 buy cottage",
                 "p1 buy forest100 with porter")
    # the forest goes down first, the cottage on it, then the villa on one of the two cottages
    assert format_resort(s.players[0].lots) == "villa, cottage"
    assert s.players[0].money == 2000 - 200 - 100 - 100


def test_the_pension_bought_before_the_villa_still_stands():
    # the rulebook's risk: a pension first, then the villa as the second action; both go down
    s = resort(fresh(2, porter=1), 0, "cottage, forest", money=600)
    s, ev = play(at_actions(s), "p1 buy pension", "p2 package", "p1 buy villa", "p2 package", "p2 package with porter")
    assert format_resort(s.players[0].lots) == "pension, forest"
    assert s.players[0].money == 100 and s.round == 2


def test_a_pension_without_a_villa_is_lost_and_returned():
    # the same risk gone wrong: the villa got too dear, so the pension has no base
    s = resort(fresh(2, porter=1), 0, "cottage, forest", money=300)
    s, ev = play(at_actions(s), "p1 buy pension", "p2 package", "p1 package", "p2 package", "p2 package with porter")
    assert format_resort(s.players[0].lots) == "cottage, forest"
    assert dict(s.stacks)["pension"] == 14  # back in its stack
    assert any("pension has no villa" in t for t in texts(ev))


def test_a_cottage_needs_an_uncovered_forest_and_a_forest_bought_this_round_counts():
    s = resort(fresh(2, porter=1), 0, "cottage", money=1000)
    s, ev = play(at_actions(s), "p1 buy cottage", "p2 package", "p1 buy forest100", "p2 package", "p2 package with porter")
    assert format_resort(s.players[0].lots) == "cottage, cottage"
    s = resort(fresh(2, porter=1), 0, "cottage", money=1000)
    s, ev = play(at_actions(s), "p1 buy cottage", "p2 package", "p1 package", "p2 package", "p2 package with porter")
    assert format_resort(s.players[0].lots) == "cottage" and dict(s.stacks)["cottage"] == 20
    assert any("cottage has no forest" in t for t in texts(ev))


def test_the_player_chooses_which_house_to_upgrade_when_it_matters_and_guests_stay():
    s = resort(fresh(2, porter=1), 0, "cottage:stu, cottage", money=1000)
    s, _ = play(at_actions(s), "p1 buy villa", "p2 package", "p1 package", "p2 package", "p2 package with porter")
    assert s.phase == "develop"
    assert {a.format() for a in legal_actions(s)} == {"p1 build villa on 1", "p1 build villa on 2"}
    with pytest.raises(IllegalAction) as exc:
        step(s, parse_action("p1 build pension on 1"))
    assert exc.value.code == "wrong_card"
    s, _ = play(s, "p1 build villa on 1")
    assert format_resort(s.players[0].lots) == "villa:stu, cottage"  # development leaves guests where they are


def test_president_goes_to_the_first_with_three_houses():
    s = resort(fresh(2, porter=1), 0, "cottage, cottage, forest", money=1000)
    s, ev = play(at_actions(s), "p1 buy cottage", "p2 package", "p1 package", "p2 package", "p2 package with porter")
    assert s.president == 0 and any("becomes President" in t for t in texts(ev))


def test_president_changes_hands_as_in_the_rulebook():
    s = fresh(3, porter=2)  # Kamil p1, Alek p2, Janek p3
    s = resort(s, 0, "cottage, villa, pension")
    s = resort(s, 1, "villa, villa, pension")
    s = resort(s, 2, "cottage, cottage, cottage")
    s = replace(s, president=0)
    assert president_after_development(s) == 1  # same houses, 11 points beat 10
    s = replace(resort(s, 0, "villa, villa, pension"), president=1)
    assert president_after_development(s) == 1  # Kamil equal now: Alek keeps it
    s = resort(s, 2, "cottage, cottage, cottage, cottage")
    assert president_after_development(s) == 2  # Janek: fewest points, most houses


def test_old_guests_leave_and_pay_only_where_new_ones_came():
    s = resort(fresh(2, porter=1), 0, "cottage:stu+stu, villa:con")
    s = at_actions(s, [("stu",), (), (), ()], weather="rain")
    s, ev = play(s, "p1 invite 1", "p2 package", "p1 package", "p2 package", "p2 package with porter")
    # one new student, no empty house: either house may take him; its old guests then leave and pay
    assert s.phase == "house"
    assert {a.format() for a in legal_actions(s)} == {"p1 house stu>1", "p1 house stu>2"}
    s, ev = play(s, "p1 house stu>2")
    p = s.players[0]
    assert format_resort(p.lots) == "cottage:stu+stu, villa:stu"
    assert p.money == 200 + 100 + 200  # the package and the convalescent's 200; the students stay, unpaid
    assert any("con leave and pay 200 zl" in t for t in texts(ev))


def test_a_single_best_way_is_taken_by_the_engine():
    s = resort(fresh(2, porter=1), 0, "cottage:stu, cottage")
    s = at_actions(s, [("stu",), (), (), ()], weather="rain")
    s, _ = play(s, "p1 invite 1", "p2 package", "p1 package", "p2 package", "p2 package with porter")
    # only one best way (the empty cottage): the old student stays and pays nothing yet
    assert s.round == 2 and format_resort(s.players[0].lots) == "cottage:stu, cottage:stu"
    assert s.players[0].money == 300


def test_housing_that_breaks_a_rule_is_refused_with_the_rule():
    s = resort(fresh(2, porter=1), 0, "villa:con, pension:soc, cottage:stu")
    s = at_actions(s, [("stu",), (), (), ()], weather="rain")
    s, _ = play(s, "p1 invite 1", "p2 package", "p1 package", "p2 package", "p2 package with porter")
    assert s.phase == "house"
    for text, code in [("p1 house stu>1 stu>1", "not_invited"), ("p1 house -", "not_all_housed"),
                       ("p1 house stu>4", "no_such_lot"), ("p2 house stu>1", "not_your_turn")]:
        with pytest.raises(IllegalAction) as exc:
            step(s, parse_action(text))
        assert exc.value.code == code, text


def test_overflow_goes_to_the_president_and_his_own_rules_apply():
    s = fresh(2, porter=1)
    s = resort(s, 0, "cottage")  # Kamil: room for two students
    s = resort(s, 1, "cottage, cottage, villa")  # Alek is President
    s = replace(s, president=1)
    s = at_actions(s, [("stu", "stu"), ("stu", "con"), (), ()], weather="clouds")
    s, ev = play(s, "p1 invite 1", "p2 package", "p1 invite 2", "p2 package", "p2 package with porter")
    assert format_resort(s.players[0].lots) in ("cottage:stu+stu",)
    # Kamil's third student and the convalescent go to the President, who houses them
    assert any("go to the President" in t for t in texts(ev))
    alek = s.players[1]
    assert sorted(g for lot in alek.lots for g in lot.guests) == ["con", "stu"]


def test_guests_nobody_can_house_go_back_to_the_bank():
    s = resort(fresh(2, porter=1), 0, "cottage")
    s = at_actions(s, [("soc",), (), (), ()], weather="sun")
    s, ev = play(s, "p1 invite 1", "p2 package", "p1 package", "p2 package", "p2 package with porter")
    assert any("back to the bank" in t for t in texts(ev)) and s.players[0].guests == ()


def test_the_porter_passes_left_and_the_game_ends_after_the_last_round():
    s = replace(at_actions(fresh(2, porter=1)), round=12)
    s, ev = play(s, "p1 package", "p2 package", "p1 package", "p2 package", "p2 package with porter")
    assert s.over and s.porter == 0 and legal_actions(s) == ()
    with pytest.raises(IllegalAction) as exc:
        step(s, parse_action("weather rain"))
    assert exc.value.code == "game_over"


def test_the_presidents_comparison_counts_top_cards_and_houses_not_forests():
    s = fresh(2)
    s = resort(s, 0, "pension, cottage, cottage")  # top cards 5 + 2 + 2 = 9 (all its cards: 14)
    s = resort(s, 1, "villa, villa, villa")  # top cards 3 + 3 + 3 = 9 (all its cards: 15)
    s = replace(s, president=0)
    assert president_after_development(s) == 0  # equal houses, equal points: Kamil keeps it
    t = resort(resort(fresh(2), 0, "cottage, cottage, forest, forest"), 1, "cottage, forest")
    assert president_after_development(t) is None  # two houses and two bare forests are not three houses
    t = replace(resort(t, 1, "cottage, cottage, cottage"), president=None)
    assert president_after_development(t) == 1
