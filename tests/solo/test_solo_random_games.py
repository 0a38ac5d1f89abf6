"""Seeded solo games played by the bot and by a random walker over legal actions: the invariants
hold at every step, and replaying the action texts gives the same game."""
import random

import pytest

from engine.errors import IllegalAction
from engine.indian_summer.actions import EndTurn
from engine.indian_summer.kit import reference_kit
from engine.indian_summer.solo.actions import parse_solo_action
from engine.indian_summer.solo.bot import SoloBot
from engine.indian_summer.solo.rules import apply, legal_actions, step
from engine.indian_summer.solo.scoring import score_game
from engine.indian_summer.solo.setup import new_solo_game, seeded_deal

KIT = reference_kit()
SIDES = ["A1", "B2", "C1", "D2", "E1", "F2"]


def check_invariants(s):
    off = s.tiles_off_board()
    placed = s.tiles_placed()
    assert len(off) == len(set(off)), "a tile lies in two places"
    assert not set(off) & placed, "a placed tile is still listed off the board"
    assert len(off) + len(placed) == 25 == len(s.core.tiles)
    assert len(s.path) <= 6
    assert 1 <= s.turn <= 10
    assert s.core.common == ()
    # treasures are conserved: player + supply + tokens on the board + tokens on animals
    total = s.player.treasures + s.core.supply + s.core.board_tokens()
    for _, kind in s.core.animal_tokens:
        total = total.add(kind, 1)
    assert total.as_dict() == {k: v for k, v in KIT.box.items() if k != "squirrel"}


def walk(seed, chooser):
    s = new_solo_game(KIT, seeded_deal(KIT, seed, seed % 3 + 1), side=SIDES[seed % len(SIDES)])
    start, log, ends = s, [], 0
    while not s.over:
        action = chooser(s)
        s = apply(s, action)
        log.append(action.format())
        ends += isinstance(action, EndTurn)
        check_invariants(s)
        assert len(log) < 1500
    return start, s, log, ends


def random_chooser(rng):
    def choose(s):
        actions = list(legal_actions(s))
        assert actions, "a game that is not over always has a legal action"
        ends = [a for a in actions if isinstance(a, EndTurn)]
        if ends and rng.random() < 0.5:
            return ends[0]
        return rng.choice(actions)
    return choose


@pytest.mark.parametrize("seed", range(12))
def test_bot_games(seed):
    start, final, log, ends = walk(seed, SoloBot(random.Random(seed)).choose)
    assert ends == 10 and final.turn == 10
    replayed = start
    for text in log:
        replayed = apply(replayed, parse_solo_action(text))
    assert replayed == final
    sc = score_game(final)
    assert sc.won == (sc.empty_squares == 0) and sc.score == sc.leftover_points - sc.empty_squares


@pytest.mark.parametrize("seed", range(100, 106))
def test_random_walks_over_legal_actions(seed):
    start, final, log, ends = walk(seed, random_chooser(random.Random(seed)))
    assert ends == 10
    assert [parse_solo_action(t).format() for t in log] == log


def test_every_listed_action_is_legal_and_round_trips():
    rng = random.Random(5)
    s = new_solo_game(KIT, seeded_deal(KIT, 5), side="A1")
    bot = SoloBot(rng)
    seen = 0
    while not s.over:
        actions = list(legal_actions(s))
        for a in rng.sample(actions, min(15, len(actions))):
            assert parse_solo_action(a.format()) == a
            step(s, a)  # raises if the list offered an illegal action
            seen += 1
        s = apply(s, bot.choose(s))
    assert seen > 100


def test_unlisted_actions_are_refused():
    # squirrels on occupied squares and tiles of the path placed over others are never listed, and refused
    s = new_solo_game(KIT, seeded_deal(KIT, 9), side="A1")
    s = apply(s, next(a for a in legal_actions(s) if a.format().startswith("leaf")))
    occupied = [i for i in range(72) if s.player.board.occupied >> i & 1]
    text = f"nut {'ABCDEFGHI'[occupied[0] % 9]}{occupied[0] // 9 + 1}"
    assert parse_solo_action(text) not in set(legal_actions(s))
    with pytest.raises(IllegalAction) as e:
        step(s, parse_solo_action(text))
    assert e.value.code == "overlap"
