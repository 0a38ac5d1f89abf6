"""Seeded property tests over whole random games, and round-trips of every notation."""
from __future__ import annotations

import pytest

import random

from hypothesis import given, settings, strategies as st

from engine.indian_summer.actions import parse_action
from engine.indian_summer.bots import GreedyBot, play_out
from engine.indian_summer.kit import TREASURES, reference_kit
from engine.indian_summer.notation import PieceGrid, PrintedLayout
from engine.indian_summer.placement import Placement
from engine.indian_summer.record import load_record, play_record
from engine.indian_summer.rules import apply, is_legal, legal_actions, step
from engine.indian_summer.setup import Seat, new_game, shuffled_deal, table_deal
from engine.indian_summer.squares import ALL_SQUARES, Square
from engine.log import GameLog

KIT = reference_kit()
SIDES = [name for name, _ in KIT.sides]


def new(seed: int, players: int):
    rng = random.Random(seed)
    seats = [Seat(f"P{i + 1}", rng.choice(SIDES)) for i in range(players)]
    return new_game(KIT, seats, shuffled_deal(KIT, players, rng), start_player=rng.randrange(players))


def check_invariants(state) -> None:
    box = KIT.box
    on_boards = state.board_tokens()
    held = [p.treasures for p in state.players]
    animals = dict(state.animal_tokens)
    for kind in TREASURES:
        total = state.supply.get(kind) + on_boards.get(kind) + sum(t.get(kind) for t in held)
        total += sum(1 for v in animals.values() if v == kind)
        assert total == box[kind], f"{kind}: {total} != {box[kind]}"
    seen_tiles = set(state.common) | set(state.set_aside)
    for p in state.players:
        assert len(p.path) <= state.options.max_path
        occupied = 0
        for i, ch in enumerate(p.board.pieces):
            if ch != ".":
                occupied |= 1 << i
        assert occupied == p.board.occupied
        placed = {t for t in p.board.tile_at if t >= 0}
        for t in placed:  # every placed tile covers exactly its size, once
            assert p.board.tile_at.count(t) == KIT.size_of_colour[state.tiles[t].colour]
        for t in list(p.path) + list(placed):
            assert t not in seen_tiles, "a tile in two places"
            seen_tiles.add(t)
    assert len(seen_tiles) == len(state.tiles)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 4))
def test_random_games_keep_every_invariant_and_end(seed, players):
    state = new(seed, players)
    bots = [GreedyBot(random.Random(seed + i)) for i in range(players)]
    log = GameLog(state)
    states = [state]
    steps = 0
    while not state.over:
        action = bots[state.current].choose(state)
        state = apply(state, action)
        log = log.append(action)
        states.append(state)
        steps += 1
        if steps % 7 == 0:
            check_invariants(state)
        assert steps < 4000, "the game must end"
    check_invariants(state)
    assert state.end_triggered_by is not None
    assert state.players[state.end_triggered_by].board.is_full()
    assert state.current == state.last_seat_of_round  # the round was finished
    # the log is the truth even as text: every action read back from its notation replays the game
    from_text = GameLog(log.start, tuple(parse_action(a.format()) for a in log.actions))
    assert from_text.replay(apply) == state
    # undo is truncation: replaying a prefix gives the state the game had at that point
    k = random.Random(seed).randrange(len(states))
    assert log.truncate(k).replay(apply) == states[k]


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_every_listed_action_is_legal_and_unlisted_placements_are_not(seed):
    state = new(seed, 3)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 40)):
        if state.over:
            break
        state = apply(state, GreedyBot(rng).choose(state))
    listed = list(legal_actions(state))
    for action in rng.sample(listed, min(25, len(listed))):
        assert is_legal(state, action), action.format()
    listed_set = set(listed)
    # random 3-square placements: legal exactly when listed
    for _ in range(40):
        a = rng.choice(ALL_SQUARES)
        cells = {a}
        while len(cells) < 3:
            cells.add(rng.choice([n for c in cells for n in c.neighbours()]))
        text = f"leaf path:1 " + " ".join(("*" if i == 0 else "") + str(s) for i, s in enumerate(sorted(cells)))
        action = parse_action(text)
        assert is_legal(state, action) == (action in listed_set), text


def test_the_text_of_a_bot_game_replays_to_the_same_state():
    state0 = new(5, 3)
    final, actions = play_out(state0, random.Random(5))
    replayed = state0
    for text in [a.format() for a in actions]:
        replayed = apply(replayed, parse_action(text))
    assert replayed == final


def test_record_with_a_seed_deals_like_the_engine():
    data = {"players": [{"name": "A", "side": "A1"}, {"name": "B", "side": "C2"}], "deal": {"seed": 11}, "actions": []}
    start = load_record(data).start
    expected = new_game(KIT, [Seat("A", "A1"), Seat("B", "C2")], shuffled_deal(KIT, 2, random.Random(11)))
    assert start == expected
    final, _ = play_out(start, random.Random(3))
    data["actions"] = [a.format() for a in play_out(start, random.Random(3))[1]]
    assert play_record(load_record(data))[0] == final


@pytest.mark.slow
def test_a_table_game_with_unseen_tiles_plays_to_the_end():
    seats = [Seat("A", "A1"), Seat("B", "B1"), Seat("C", "C1")]
    state = new_game(KIT, seats, table_deal(KIT, 3))
    assert state.common_text() == "?" * 24 and state.path_text(0) == "GGYYR"
    final, actions = play_out(state, random.Random(2))
    assert final.over
    # placements revealed the shapes of the tiles that were placed
    placed = {t for p in final.players for t in p.board.tile_at if t >= 0}
    assert all(final.tiles[t].shape is not None for t in placed)


@given(st.lists(st.sampled_from(".bnmf"), min_size=72, max_size=72))
def test_printed_notation_round_trips(cells):
    layout = PrintedLayout(tuple(cells))
    assert PrintedLayout.parse(layout.format()) == layout


@given(st.lists(st.sampled_from(".GYRgyrtsa?"), min_size=72, max_size=72))
def test_piece_notation_round_trips(cells):
    grid = PieceGrid(tuple(cells))
    assert PieceGrid.parse(grid.format()) == grid


@given(st.integers(0, 71))
def test_square_names_round_trip(i):
    assert Square.parse(str(Square(i))) == Square(i)


def test_action_texts_round_trip_for_every_legal_action():
    state = new(9, 4)
    for action in legal_actions(state):
        assert parse_action(action.format()) == action
    for text in ["mushroom p2 p3", "forgo p2", "forgo", "exchange berry berry > nut", "animal hedgehog C3 D3 C4 D4",
                 "observe p2:3 yellow", "observe common:1 red", "feather", "berry", "nut E4", "end"]:
        assert parse_action(text).format() == text


def test_placement_text_accepts_the_star_on_either_side():
    assert Placement.parse("A1* B1 C1") == Placement.parse("*A1 B1 C1") == Placement.parse("b1, *a1, c1")
