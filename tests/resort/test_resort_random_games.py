"""Seeded random games to the end: the rules' invariants hold after every action, and records replay."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from engine.errors import IllegalAction
from engine.summer_resort.components import ACCEPTS, HOUSES_IN_BOX
from engine.summer_resort.record import apply_resort_record, outcome_json, record_of
from engine.summer_resort.rules import legal_actions, placements_for, step
from engine.summer_resort.setup import new_game

from tests.resort.resort_bot import bot_game

NAMES = ["Ala", "Bolek", "Cezary", "Dorota", "Ewa"]


def check_invariants(s, n):
    box = {"cottage": HOUSES_IN_BOX["cottage"], "villa": HOUSES_IN_BOX["villa"], "pension": HOUSES_IN_BOX["pension"]}
    stacks = dict(s.stacks)
    pending = [c for cards in s.pending for c in cards]
    for level, card in ((1, "cottage"), (2, "villa"), (3, "pension")):
        on_lots = sum(1 for p in s.players for lot in p.lots if lot.level >= level)
        bought = sum(1 for pl in s.placements if pl.target == card) if s.phase == "actions" else pending.count(card)
        assert stacks[card] + on_lots + bought == box[card], card
    forests = sum(len(p.lots) for p in s.players)
    bought_forests = sum(1 for pl in s.placements if pl.target.startswith("forest")) if s.phase == "actions" else 0
    assert stacks["forest100"] + stacks["forest200"] + forests + bought_forests == HOUSES_IN_BOX["forest"]
    cars = sum(len(p.cars) for p in s.players)
    bought_cars = sum(1 for pl in s.placements if pl.target == "automobile") if s.phase == "actions" else 0
    assert stacks["automobile"] + cars + bought_cars == n + 1
    for p in s.players:
        assert p.money >= 0
        for lot in p.lots:
            assert len(lot.guests) <= 2
            # a guest came to a house that took them; the house may have been upgraded since
            assert all(any(g in ACCEPTS.get(lv, ()) for lv in range(1, lot.level + 1)) for g in lot.guests)


@settings(max_examples=12, deadline=None, derandomize=True)
@given(st.integers(2, 5), st.integers(0, 10_000), st.integers(0, 4))
def test_random_games_keep_the_rules_invariants_and_replay_from_their_record(n, seed, porter):
    start = new_game(NAMES[:n], porter=porter % n)
    final, log = bot_game(start, seed)
    s = start
    for i, a in enumerate(log):
        if i % 7 == 0 and s.phase not in ("weather", "deal"):
            legal = legal_actions(s)
            for other in legal:  # whatever legal_actions lists, step takes
                step(s, other)
            if s.phase == "actions":  # and every other placement is refused with a reason
                for other in placements_for(s, s.turn):
                    if other not in legal:
                        with pytest.raises(IllegalAction):
                            step(s, other)
        s, _ = step(s, a)
        check_invariants(s, n)
    assert s == final and final.over and final.round == final.rounds
    assert len(final.revealed) == final.rounds and sum(c for _, c in final.deck) == 1  # the last card stays down
    record = record_of(start, [a.format() for a in log])
    assert apply_resort_record(record) == outcome_json(final)


def test_accommodation_in_random_rounds_matches_brute_force():
    """Whenever a player of a random game has a choice of accommodation (small enough to brute-force),
    the ways the engine lists are best ones, every best way is accepted, and the chosen one is best."""
    from engine.summer_resort.accommodation import best, check
    from engine.summer_resort.rules import house_of, housing_options
    from tests.resort.test_resort_accommodation import brute

    checked = 0
    for seed in range(8):
        n = 2 + seed % 4
        start = new_game(NAMES[:n], porter=seed % n)
        _, log = bot_game(start, seed)
        s = start
        for a in log:
            if s.phase == "house":
                seat = s.to_house[0]
                houses, guests = house_of(s, seat), s.guests_for(seat)
                if len(guests) <= 5 and len(houses) <= 5:
                    top, ways = brute(list(houses), list(guests))
                    assert best(houses, guests).key == top
                    def plain(groups):  # the brute force writes each group in sorted order
                        return frozenset((lot, tuple(sorted(g))) for lot, g in groups.items())
                    listed = {plain(o) for o in housing_options(s, seat)}
                    assert listed <= ways and plain(a.groups()) in ways
                    for way in ways:
                        check(houses, guests, dict(way))
                    checked += 1
            s, _ = step(s, a)
    assert checked >= 10
