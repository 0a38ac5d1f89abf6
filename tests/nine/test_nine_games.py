"""Whole games: seeded property tests over bot games, and a real table that names its cards."""
from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings, strategies as st

from companion.nine_table import NineTable
from engine.log import GameLog
from engine.summer_nine.bot import choose
from engine.summer_nine.rules import legal_actions, step
from engine.summer_nine.setup import seeded_game
from nine_positions import KIT


def cards_on_table(state) -> Counter:
    seen = Counter(c for c in state.pool + state.deck if c)
    seen.update(state.discards)
    for p in state.players:
        seen.update(c for c in p.schedule if c)
        seen.update(p.hand)
    return seen


@settings(max_examples=8, deadline=None, derandomize=True)
@given(st.integers(0, 10_000), st.integers(2, 4))
def test_bot_games_keep_every_card_and_end_after_17_rounds(seed, players):
    state = seeded_game(KIT, ["A", "B", "C", "D"][:players], seed)
    full = Counter(KIT.deck())
    rng = random.Random(seed)
    log = GameLog(state)
    states = [state]
    take_twos = sum(p.take_two for p in state.players)
    while not state.over:
        assert legal_actions(state), "a game that is not over always has a legal action"
        action = choose(state, rng)
        before = state
        state, _ = step(state, action)
        log = log.append(action)
        states.append(state)
        assert cards_on_table(state) == full
        assert before != state
    assert state.round == 18 and state.steps <= 17
    assert sum(p.take_two for p in state.players) <= take_twos
    # the log is the truth: replaying it gives the same game, and truncation is undo
    assert log.replay(lambda s, a: step(s, a)[0]) == state
    half = len(log.actions) // 2
    assert log.truncate(half).replay(lambda s, a: step(s, a)[0]) == states[half]


def test_a_real_table_names_each_card_as_it_turns_up():
    table = NineTable({"players": [{"name": "Ada"}, {"name": "Bo"}], "deal": {"table": True}})
    assert "TOP BOTTOM" in table.prompt()
    assert not table.submit("reveal 1")
    assert "card_unknown" in table.alerts[-1]
    assert table.submit("reveal 1 spain-beach photo")
    assert table.submit("pick A1 2")
    assert "name it" in table.prompt()
    assert not table.submit("end") and "refill_first" in table.alerts[-1]
    assert table.submit("refill A1 bridge")
    assert table.submit("end")
    assert table.state.pool[0] == "bridge" and table.state.players[0].schedule[1] == "spain-beach"
    assert table.record()["actions"] == ["reveal 1 spain-beach photo", "pick A1 2", "refill A1 bridge", "end"]


def test_undo_takes_back_the_pick_with_its_refill_and_the_journal_follows(tmp_path):
    from store.journal import Journal

    journal = Journal(str(tmp_path / "j.sqlite"))
    table = NineTable({"players": [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}], "deal": {"seed": 2}},
                      journal=journal)
    table.submit("reveal 1")
    card = table.state.pool[0]
    pick = "pick A1 1" if KIT.card(card).is_schedule else "pick A1"
    assert table.submit(pick)
    assert table.submit("end")  # the refill is laid first, then the turn ends
    assert table.texts == ["reveal 1", pick, "refill A1", "end"]
    assert journal.record(table.game_id)["actions"] == table.texts
    assert table.undo() == "end"
    assert table.undo() == pick
    assert table.texts == ["reveal 1"] and table.state.pool[0] == card
    assert journal.record(table.game_id)["actions"] == ["reveal 1"]
    resumed = NineTable(journal.record(table.game_id), journal.record(table.game_id)["actions"],
                        journal=journal, game_id=table.game_id)
    assert resumed.state == table.state
