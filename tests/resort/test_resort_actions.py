"""Phase II: turn order, token groups, the porter, invitations, the conductor, investments, refuelling."""
from __future__ import annotations

from dataclasses import replace

import pytest

from engine.errors import IllegalAction, NotationError
from engine.summer_resort.actions import parse_action
from engine.summer_resort.rules import step

from tests.resort.resort_positions import at_actions, fresh, play, resort

TRAIN = [("stu",), ("con",), ("stu", "stu"), (), ("soc",), ()]


def refused(state, text) -> str:
    with pytest.raises(IllegalAction) as exc:
        step(state, parse_action(text))
    return exc.value.code


def test_turns_start_left_of_the_porter_and_go_clockwise():
    s = at_actions(fresh(4, porter=1))
    assert s.turn == 2
    s, _ = play(s, "p3 package")
    assert s.turn == 3
    assert refused(s, "p1 package") == "not_your_turn"


def test_the_second_cycle_skips_players_who_used_both_tokens():
    s = at_actions(fresh(3, porter=2))  # order: p1, p2, p3 (porter)
    s, _ = play(s, "p1 buy cottage with 2", "p2 package", "p3 package with porter+1")
    assert s.turn == 1  # p1 used both tokens: skipped
    s, _ = play(s, "p2 package")
    assert s.turn == 2  # p3 still has one own token
    s, _ = play(s, "p3 package")
    assert s.phase != "actions"  # every token is placed


def test_the_porter_gives_its_holder_another_action():
    s = at_actions(fresh(2, porter=1))  # p1 then p2 (porter)
    s, _ = play(s, "p1 package", "p2 package", "p1 package", "p2 package")
    assert s.turn == 1 and s.tokens_left(1) == 1  # the porter is still in p2's hand
    s, _ = play(s, "p2 package with porter")
    assert s.phase != "actions"


def test_porter_alone_or_with_one_token_never_with_two():
    s = at_actions(fresh(2, porter=0))  # p2 first, then p1 (porter)
    s, _ = play(s, "p2 package")
    with pytest.raises(NotationError):
        parse_action("p1 package with porter+2")  # no such token group
    s2, _ = play(s, "p1 package with porter+1")
    assert s2.tokens[0] == 1 and s2.porter_placed
    assert refused(replace(s2, turn=0), "p1 package with porter") == "porter_placed"
    assert refused(replace(s2, turn=1), "p2 package with porter") == "not_porter"
    assert refused(replace(s, tokens=(0, 1)), "p1 package with porter+1") == "no_tokens"


def test_invite_from_a_free_car_only():
    s = at_actions(fresh(4), TRAIN)
    assert refused(s, "p2 invite 7") == "no_such_car"
    s, _ = play(s, "p2 invite 3")
    assert s.claims[2] == 1 and s.invited(1) == ("stu", "stu")
    assert refused(s, "p3 invite 3") == "car_taken"


def test_an_automobile_invites_from_two_adjacent_cars_and_then_needs_fuel():
    s = resort(at_actions(fresh(4), TRAIN), 1, cars=(True,))
    assert refused(s, "p2 invite 1+3") == "cars_not_adjacent"
    s, _ = play(s, "p2 invite 2+3")
    assert s.invited(1) == ("stu", "stu", "con") and s.players[1].cars == (False,)
    s, _ = play(s, "p3 package", "p4 package", "p1 package")
    assert refused(s, "p2 invite 4+5") == "no_fuelled_automobile"
    assert refused(resort(at_actions(fresh(4), TRAIN), 1), "p2 invite 1+2") == "no_fuelled_automobile"
    taken = replace(resort(at_actions(fresh(4), TRAIN), 1, cars=(True,)), claims=(None, 0, None, None, None, None))
    assert refused(taken, "p2 invite 1+2") == "car_taken"


def test_the_conductors_package_pays_100_and_never_blocks():
    s = at_actions(fresh(4))
    s, _ = play(s, "p2 package", "p3 package", "p4 package with 2")
    assert [p.money for p in s.players] == [200, 300, 300, 300]


@pytest.mark.parametrize("card, base", [("forest100", 100), ("forest200", 200), ("cottage", 100), ("villa", 200),
                                        ("pension", 300), ("automobile", 300)])
def test_investments_cost_their_base_then_times_the_visits(card, base):
    s = at_actions(fresh(4))
    for seat in range(4):
        s = resort(s, seat, money=2000)
    s, _ = play(s, f"p2 buy {card}")
    assert s.players[1].money == 2000 - base
    s, _ = play(s, f"p3 buy {card}")
    assert s.players[2].money == 2000 - 2 * base
    s, _ = play(s, f"p4 buy {card}")
    assert s.players[3].money == 2000 - 3 * base


def test_a_player_revisiting_their_own_card_still_pays_more():
    s = resort(resort(at_actions(fresh(2, porter=1)), 0, money=1000), 1, money=1000)
    s, _ = play(s, "p1 buy cottage", "p2 package", "p1 buy cottage")
    assert s.players[0].money == 1000 - 100 - 200


def test_two_tokens_free_on_an_empty_card_and_base_times_earlier_visits_after():
    # the rulebook: Kamil stacks two tokens on the pension and pays nothing; Alek then pays 300
    s = resort(at_actions(fresh(4, porter=3)), 1, money=1000)
    s, _ = play(s, "p1 buy pension with 2")
    assert s.players[0].money == 200
    s, _ = play(s, "p2 buy pension with 2")
    assert s.players[1].money == 700
    s = resort(s, 2, money=1000)
    s, _ = play(s, "p3 buy pension")  # a single token after two visits: 3 x 300
    assert s.players[2].money == 100


def test_a_free_automobile_in_the_first_turn():
    s, _ = play(at_actions(fresh(4)), "p2 buy automobile with 2")
    assert s.players[1].money == 200 and dict(s.stacks)["automobile"] == 4


def test_payment_is_due_at_once_and_must_be_affordable_change_is_given():
    s = resort(at_actions(fresh(4)), 1, money=500)
    assert refused(resort(s, 1, money=200), "p2 buy pension") == "cannot_afford"
    s, _ = play(s, "p2 buy pension")
    assert s.players[1].money == 200  # paid 300 out of 500, change given


def test_an_empty_stack_cannot_be_bought_from():
    s = at_actions(fresh(4))
    s = replace(s, stacks=tuple((k, 0 if k == "villa" else n) for k, n in s.stacks))
    assert refused(s, "p2 buy villa") == "stack_empty"


def test_refuelling_costs_100_and_the_automobile_runs_again_next_round():
    s = resort(at_actions(fresh(2, porter=1), [("stu",), ("stu",), (), ()]), 0, cars=(True,))
    assert refused(s, "p1 refuel") == "nothing_to_refuel"
    s, _ = play(s, "p1 invite 1+2", "p2 package", "p1 refuel")
    assert s.players[0].money == 100 and s.players[0].cars == (False,)
    assert refused(replace(s, turn=0, tokens=(1, 1)), "p1 refuel") == "nothing_to_refuel"  # one car, refuelled once
    s, _ = play(s, "p2 package", "p2 package with porter")
    assert s.players[0].cars == (True,)  # fuelled again by the development
    assert s.round == 2


def test_refuel_with_two_tokens_is_free():
    s = resort(at_actions(fresh(2)), 1, cars=(False,))
    s, _ = play(s, "p2 refuel with 2")
    assert s.players[1].money == 200


def test_actions_outside_their_phase_are_refused():
    assert refused(fresh(4), "p2 package") == "wrong_phase"
    assert refused(at_actions(fresh(4)), "weather rain") == "wrong_phase"
