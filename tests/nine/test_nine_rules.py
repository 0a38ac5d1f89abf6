"""Summer Nine's rules, each checked by a position where breaking the rule would change the answer."""
from __future__ import annotations

import pytest

from engine.errors import IllegalAction, NotationError
from engine.summer_nine.actions import parse_action
from engine.summer_nine.kit import Kit, reference_kit, reference_kit_text
from engine.summer_nine.rules import legal_actions, step
from engine.summer_nine.setup import seeded_game, table_game, take_two_deal
from nine_positions import KIT, play, table, to_round, turn


def refused(state, text, code):
    with pytest.raises(IllegalAction) as info:
        step(state, parse_action(text))
    assert info.value.code == code, info.value
    return info.value.message


# ---------------------------------------------------------------- set-up
@pytest.mark.parametrize("players,deal", [(2, (3, 4)), (3, (2, 3, 3)), (4, (1, 2, 2, 2))])
def test_take_two_deal_by_player_count_first_player_one_fewer(players, deal):
    assert take_two_deal(KIT, players) == deal
    state = seeded_game(KIT, ["A", "B", "C", "D"][:players], 1)
    assert tuple(p.take_two for p in state.players) == deal
    assert sum(deal) <= 8


@pytest.mark.parametrize("names", [["A"], ["A", "B", "C", "D", "E"]])
def test_two_to_four_players(names):
    with pytest.raises(IllegalAction) as info:
        seeded_game(KIT, names, 1)
    assert info.value.code == "player_count"


def test_pool_starts_as_two_face_down_lines_of_nine_from_the_deck():
    state = seeded_game(KIT, ["A", "B"], 3)
    assert len(state.pool) == 18 and len(state.deck) == len(KIT.deck()) - 18
    assert all(state.cell_face(c) == "down" for c in map(__import__("engine.summer_nine.cards", fromlist=["Cell"]).Cell.at, range(18)))
    assert sorted(state.pool + state.deck) == sorted(KIT.deck())
    assert seeded_game(KIT, ["A", "B"], 3).pool == state.pool  # a seed is a recorded shuffle
    assert seeded_game(KIT, ["A", "B"], 4).pool != state.pool


# ---------------------------------------------------------------- the round structure
def test_seventeen_rounds_reveal_left_to_right_then_hide_left_to_right():
    state = table()
    steps = []
    while not state.over:
        if state.seat == 0 and state.next_step_text():
            steps.append(state.next_step_text())
        state = to_round(state, state.round + 1)
    assert steps == [f"reveal {c}" for c in range(1, 10)] + [f"hide {c}" for c in range(1, 9)]
    assert state.round == 18 and state.over
    assert state.column_open(9) and not state.column_open(8)
    refused(state, "end", "game_over")
    assert legal_actions(state) == []


def test_column_step_belongs_to_the_round_start_and_in_order():
    state = table()
    refused(state, "reveal 2", "wrong_column")
    refused(state, "hide 1", "wrong_column")
    state, events = play(state, "reveal 1")
    assert "column 1" in events[0]
    refused(state, "reveal 2", "no_column_step")  # one column a round
    moved = play(table(), "take-two")[0]  # a move before the column step: the moment is over
    assert moved.round_moved
    refused(moved, "reveal 1", "not_round_start")


def test_forgotten_reveal_goes_on_and_is_caught_up_with_two_columns():
    state = turn(play(table(), "reveal 1")[0], "pick A1")
    state = turn(turn(state, "pick A1"), "pick A1")
    assert state.round == 2 and state.next_step_text() == "reveal 2"
    state, events = play(state, "pick A1", "refill A1")  # Ada forgets to reveal column 2
    assert any("forgotten" in e and "reveal 2" in e for e in events)
    refused(state, "reveal 2", "not_round_start")
    refused(state, "pick A2", "refill_first" if state.refill_due is not None else "no_pick_left")
    state = play(state, "end")[0]
    state = turn(turn(state, "pick A1"), "pick A1")
    assert state.round == 3 and state.due == 2
    refused(state, "reveal 3", "wrong_column")
    state = play(state, "reveal 2", "reveal 3")[0]
    assert state.column_open(2) and state.column_open(3) and state.due == 0
    refused(state, "reveal 4", "no_column_step")


def test_a_face_down_card_cannot_be_picked():
    state = play(table(), "reveal 1")[0]
    refused(state, "pick A2", "face_down")


# ---------------------------------------------------------------- picks and placement
def test_schedule_card_goes_in_its_month_or_is_discarded():
    state = play(table({"A1": "spain-beach", "B1": "italy-city", "A2": "photo"}), "reveal 1")[0]
    message = refused(state, "pick A1 4", "wrong_month")
    assert "spain-beach" in message and "June" in message and "slot 4" in message
    refused(state, "pick A1", "place_or_discard")
    refused(state, "pick A2 1", "face_down")
    s2, _ = play(state, "pick A1 3")
    assert s2.players[0].schedule[2] == "spain-beach"
    s3, _ = play(state, "pick B1 discard")
    assert s3.players[0].schedule == (None,) * 9 and s3.discards == ("italy-city",)


def test_a_placed_card_cannot_be_covered():
    state = play(table({"A1": "spain-beach", "B1": "italy-city"}, deck=["greece-city"] * 80), "reveal 1")[0]
    state = turn(state, "pick A1 2")
    state, _ = play(state, "pick B1 2", "refill B1", "end")  # Bo's own slot 2 is free
    state = play(state, "pick A1 1", "refill A1", "end")[0]  # Cy
    state = play(state, "reveal 2")[0]
    assert state.players[0].schedule[1] == "spain-beach"
    message = refused(state, "pick A1 2", "slot_taken")
    assert "spain-beach" in message


def test_non_schedule_card_is_kept_in_hand():
    state = play(table({"A1": "month-spain"}), "reveal 1")[0]
    refused(state, "pick A1 1", "not_schedule_card")
    state, _ = play(state, "pick A1")
    assert state.players[0].hand == ("month-spain",)


def test_the_empty_cell_is_refilled_from_the_deck_top_before_anything_else():
    state = play(table({"A1": "photo"}, deck=["bridge", "half-any"]), "reveal 1", "pick A1")[0]
    refused(state, "end", "refill_first")
    refused(state, "refill B1", "wrong_cell")
    refused(state, "refill A1 photo", "card_mismatch")
    state, events = play(state, "refill A1")
    assert state.pool[0] == "bridge" and state.deck == ("half-any",)
    assert "bridge" in events[0]


def test_an_empty_deck_leaves_the_cell_empty():
    state = play(table({"A1": "photo"}, deck=[]), "reveal 1", "pick A1", "refill A1", "end")[0]
    assert state.pool[0] == ""
    refused(state, "pick A1", "empty_cell")


def test_one_pick_per_turn_and_no_end_before_it():
    state = play(table(), "reveal 1")[0]
    refused(state, "end", "pick_missing")
    state = play(state, "pick A1", "refill A1")[0]
    refused(state, "pick B1", "no_pick_left")


def test_a_table_names_the_cards_it_turns_up():
    state = table_game(KIT, ["Ada", "Bo"])
    message = refused(state, "reveal 1", "card_unknown")
    assert "reveal 1 TOP BOTTOM" in message
    refused(state, "reveal 1 spain-beach unicorn", "unknown_card")
    state = play(state, "reveal 1 spain-beach photo")[0]
    assert state.pool[0] == "spain-beach" and state.pool[9] == "photo"
    state = play(state, "pick B1")[0]
    refused(state, "refill A1", "wrong_cell")
    refused(state, "refill B1", "card_unknown")
    state = play(state, "refill B1 bridge")[0]
    assert state.pool[9] == "bridge"
    assert len(state.deck) == len(KIT.deck()) - 19


# ---------------------------------------------------------------- Take Two
def test_take_two_two_picks_second_may_be_the_refilled_card():
    state = play(table({"A1": "photo"}, deck=["month-italy"] + ["ice-lemon"] * 60), "reveal 1")[0]
    state, _ = play(state, "pick A1")
    state, events = play(state, "take-two")  # announced before the refill
    assert any("Take Two" in e for e in events)
    state = play(state, "refill A1", "pick A1", "refill A1", "end")[0]
    assert state.players[0].hand == ("photo", "month-italy")
    assert state.players[0].take_two == 1


def test_take_two_is_announced_before_the_first_refill():
    state = play(table(), "reveal 1", "pick A1", "refill A1")[0]
    refused(state, "take-two", "take_two_late")


def test_one_take_two_per_round_per_player_and_not_without_the_card():
    state = play(table(), "reveal 1", "take-two")[0]
    message = refused(state, "take-two", "second_take_two")
    assert "Ada" in message
    state = table(players=4)  # the first of four players holds 1
    state = play(state, "reveal 1", "take-two", "pick A1", "refill A1", "pick B1", "refill B1", "end")[0]
    state = play(state, "pick A1", "refill A1", "end", "pick A1", "refill A1", "end", "pick A1", "refill A1", "end")[0]
    assert state.round == 2 and state.players[0].take_two == 0
    state = play(state, "reveal 2")[0]
    refused(state, "take-two", "no_card")


def test_action_cards_may_be_played_between_the_two_picks():
    state = play(table({"A1": "reschedule", "B1": "spain-beach"}), "reveal 1", "take-two", "pick A1",
                 "refill A1")[0]
    state = play(state, "pick B1 1", "refill B1")[0]
    state = table({"A1": "reschedule", "B1": "spain-beach"})
    state = play(state, "reveal 1", "take-two", "pick B1 1", "refill B1", "pick A1", "refill A1",
                 "reschedule 1 9", "end")[0]
    assert state.players[0].schedule[8] == "spain-beach" and "reschedule" not in state.players[0].hand


# ---------------------------------------------------------------- action cards
def _with_hand(state, seat, *cards):
    from dataclasses import replace
    return state.with_player(seat, replace(state.players[seat], hand=state.players[seat].hand + cards))


def _with_schedule(state, seat, **slots):
    p = state.players[seat]
    for key, card in slots.items():
        p = p.with_slot(int(key[1:]), card)
    return state.with_player(seat, p)


def test_reschedule_exchanges_two_slots_of_any_months():
    state = play(table(), "reveal 1")[0]
    state = _with_schedule(_with_hand(state, 0, "reschedule", "reschedule"), 0, s1="spain-beach", s8="bridge")
    refused(state, "reschedule 4 5", "empty_slots")
    refused(state, "reschedule 2 2", "same_slot")
    state, _ = play(state, "reschedule 1 8")
    assert state.players[0].schedule[0] == "bridge" and state.players[0].schedule[7] == "spain-beach"
    state, _ = play(state, "reschedule 1 5")  # to an empty slot
    assert state.players[0].schedule[0] is None and state.players[0].schedule[4] == "bridge"
    refused(state, "reschedule 5 1", "no_card")


def test_identity_theft_same_month_and_the_victim_picks_at_once_even_mid_take_two():
    state = play(table({"A1": "photo", "B1": "month-greece"}, deck=["ice-coconut", "ice-chocolate"] + ["photo"] * 50),
                 "reveal 1")[0]
    state = _with_schedule(_with_hand(state, 0, "identity-theft"), 1, s5="italy-city")
    state = play(state, "take-two", "pick A1", "refill A1")[0]
    refused(state, "theft p2 5 1", "wrong_month")
    refused(state, "theft p1 5 5", "own_schedule")
    refused(state, "theft p3 5 5", "empty_slot")
    state, events = play(state, "theft p2 5 6")
    assert state.players[0].schedule[5] == "italy-city" and state.players[1].schedule[4] is None
    assert state.picker == 1 and state.seat == 0
    refused(state, "end", "compensation_pending")
    state, events = play(state, "pick B1", "refill B1")  # Bo's compensation
    assert state.players[1].hand == ("month-greece",) and state.picker == 0
    state = play(state, "pick A1", "refill A1", "end")[0]  # Ada's second pick of the Take Two
    assert state.players[0].hand == ("photo", "ice-coconut") and state.seat == 1


def test_time_travel_reaches_a_hidden_card_in_the_second_part_only():
    state = play(table({"A1": "photo"}), "reveal 1")[0]
    state = _with_hand(state, 0, "time-travel")
    refused(state, "time-travel", "not_second_part")
    state = to_round(table({"B1": "month-city"}), 10)
    state = play(state, "hide 1")[0]
    state = _with_hand(state, 0, "time-travel")
    assert state.cell_face(parse_action("pick B1").cell) == "hidden"
    refused(state, "pick B1", "hidden_card")
    card = state.pool[9]
    state, events = play(state, "time-travel", "pick B1")
    assert state.players[0].hand[-1] == card
    state = play(state, "refill B1")[0]
    refused(state, "pick A5", "no_pick_left")  # no extra pick


# ---------------------------------------------------------------- text forms and kits
def test_every_legal_action_round_trips_through_its_text():
    import random

    from engine.summer_nine.bot import choose

    state = seeded_game(KIT, ["A", "B", "C"], 11)
    rng = random.Random(2)
    seen = set()
    while not state.over:
        for action in legal_actions(state):
            assert parse_action(action.format()) == action
            seen.add(type(action).__name__)
        state = step(state, choose(state, rng))[0]
    assert {"Reveal", "Hide", "Pick", "Refill", "TakeTwo", "Reschedule", "End"} <= seen


@pytest.mark.parametrize("text", ["pick Z1", "pick A0 1", "pick A1 10", "theft p5 1 1", "reveal", "dance",
                                  "reveal 10", "end now", ""])
def test_bad_action_text_says_what_is_wrong(text):
    with pytest.raises(NotationError):
        parse_action(text)


def test_kit_is_data_and_a_bad_kit_is_refused():
    kit = reference_kit()
    assert len(kit.deck()) == 102 and kit.card("bridge").kind == "bridge"
    assert kit.ice_cream_points == (1, 3, 6, 10, 15) and kit.photo_points == 6
    changed = Kit.from_toml(reference_kit_text().replace("points = 6      #", "points = 8      #"))
    assert changed.photo_points == 8
    for bad in ("[[card]\nid=1", "[[card]]\nid = 'x'\nkind = 'dragon'\n",
                reference_kit_text().replace('players3 = [2, 3, 3]', 'players3 = [2, 3]')):
        with pytest.raises(NotationError):
            Kit.from_toml(bad)
