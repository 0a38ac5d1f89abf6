"""The next step in plain words: whose turn, the move, and exactly the choices the engine allows now."""
from __future__ import annotations

import random

import pytest

from companion.next_step import MAIN_ALTERNATIVES, SPECIALS, next_step
from companion.seating import parse_players, start_state
from companion.session import TableSession
from engine.indian_summer.actions import parse_action
from engine.indian_summer.bots import GreedyBot
from engine.indian_summer.rules import apply, legal_actions, step
from leafwatch.demo.table_script import table_game


def fresh():
    return start_state(parse_players("Tini:A1,Claus:B2"))


def verbs(state) -> set[str]:
    """The first word of every legal action's text: what the table may do, told another way."""
    return {a.format().split()[0] for a in legal_actions(state)}


def test_a_fresh_turn_names_the_move_and_every_choice():
    s = next_step(fresh())
    assert s.player == "Tini" and s.head == "Tini's turn"
    assert s.task == "lay a leaf tile from your path (or a squirrel)"
    assert [c.verb for c in s.instead] == ["mushroom"]  # a Mushroom to start with, no Feather
    assert [c.verb for c in s.any_time] == ["berry", "exchange", "nut"]
    assert [c.verb for c in s.then] == ["end"]
    assert s.text() == ("Tini's turn: lay a leaf tile from your path (or a squirrel), or a Mushroom; "
                        "before or after it: Berry, exchange, Nut squirrel; then end the turn")


def test_after_the_move_only_what_is_left():
    state = apply(apply(fresh(), parse_action("berry")), parse_action("squirrel E4"))
    s = next_step(state)
    assert s.task == "your move is made" and not s.instead and not s.any_time
    assert [c.verb for c in s.then] == ["exchange", "nut", "end"]  # the one Berry is spent
    assert s.text() == "Tini's turn: your move is made; then exchange, Nut squirrel, end the turn"


def test_a_mushroom_names_whose_tiles_it_takes():
    state = apply(fresh(), parse_action("mushroom p2 common"))
    s = next_step(state)
    assert s.task == "lay the mushroom's tiles: the front tile of Claus's path and of the Common Path"
    assert not s.any_time and not s.then  # nothing else until the Mushroom's tiles are laid


def test_the_game_over_and_the_last_round():
    game = table_game(2, 2)
    for _ in game.steps():
        pass
    s = next_step(game.truth_end)
    assert s.player is None and s.text() == "Game over: the final phase and standings are below."
    state = table_game(1, 3).truth_start
    rng = random.Random(7)
    bots = [GreedyBot(random.Random(rng.random())) for _ in state.players]
    while not state.over and (state.end_triggered_by is None or state.main_done):
        state, _ = step(state, bots[state.current].choose(state))
    assert not state.over
    assert next_step(state).head == f"{state.player.name}'s turn (last round)"


@pytest.mark.parametrize("seed", [1, 5])
def test_the_choices_are_exactly_the_legal_ones_through_a_whole_game(seed):
    """Brute force over a bots' game: what the words offer is what legal_actions allows, no more, no
    less (the end of the turn, before the move, is offered as what comes after it)."""
    game = table_game(seed, 3)
    state = game.truth_start
    rng = random.Random(seed)
    bots = [GreedyBot(random.Random(rng.random())) for _ in state.players]
    seen = set()
    while not state.over:
        s = next_step(state)
        legal = verbs(state)
        offered = {c.verb for c in s.instead + s.any_time + s.then}
        if state.pending is None and not state.main_done:
            assert offered - {"end"} == legal & set(MAIN_ALTERNATIVES + SPECIALS)
            assert ("leaf" in legal) == s.task.startswith("lay a leaf tile")
        elif state.pending is None:
            assert offered == legal & set(SPECIALS + ("end",))
        else:
            assert offered == legal & {"forgo"}
        assert s.player == state.player.name
        seen |= offered
        state, _ = step(state, bots[state.current].choose(state))
    assert {"berry", "exchange", "nut", "end"} <= seen


def test_the_session_view_carries_the_step_and_its_line():
    session = TableSession(fresh())
    view = session.view()
    assert view.step == next_step(session.state) and view.next_step == view.step.text()
    assert session.view().step is view.step  # the same state: worked out once, not per frame
    session.declare("berry")
    assert "Berry" not in session.view().next_step
