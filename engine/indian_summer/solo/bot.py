"""A seeded solo player for the demo and for testing the rules on many random games.

It ranks only what `legal_actions` offers: the solo decisions (refill, Berry, Mushroom) here, the
rest by the multiplayer `GreedyBot` on the wrapped core state.
"""
from __future__ import annotations

import random

from engine.indian_summer.actions import EndTurn
from engine.indian_summer.bots import GreedyBot, completes, snugness
from engine.indian_summer.solo.actions import ForgoMushroomTile, PlaceMushroomTile, SoloBerry, SoloMushroom
from engine.indian_summer.solo.rules import apply, legal_actions
from engine.indian_summer.solo.state import SoloState


class SoloBot:
    def __init__(self, rng: random.Random):
        self.rng = rng
        self.greedy = GreedyBot(rng)

    def choose(self, s: SoloState):
        actions = list(legal_actions(s))
        if not actions:
            raise RuntimeError("no legal action: the solo game is over")
        if s.refill_due:
            # the longer path, so that a short path is not drained into a half-full Player Path
            return max(actions, key=lambda a: (len(s.side_path(a.path)), self.rng.random()))
        occ = s.player.board.occupied
        printed = s.player.board.printed
        if s.mushroom_waiting:
            tiles = [a for a in actions if isinstance(a, PlaceMushroomTile)]
            if tiles:
                return max(tiles, key=lambda a: snugness(a.placement.mask, occ) + 6 * completes(a.placement.mask, occ)
                           + 3 * bool(printed.treasure_at(a.placement.hole_square)) + self.rng.random())
            return next(a for a in actions if isinstance(a, ForgoMushroomTile))
        if SoloMushroom() in actions and self.rng.random() < 0.4:
            return SoloMushroom()
        choice = self.greedy.choose(s.core)
        if isinstance(choice, EndTurn) or (not s.core.main_done and not s.path):
            berries = [a for a in actions if isinstance(a, SoloBerry)]
            # a Berry after the last main action buys nothing and costs a point
            last = s.core.main_done and s.turn == s.board_model.turns
            if berries and len(s.path) <= 2 and not last and self.rng.random() < 0.6:
                return self.rng.choice(berries)
        return choice


def play_solo(s: SoloState, rng: random.Random, max_actions: int = 2000) -> tuple[SoloState, list]:
    """Play the bot to the end of the game; returns the final state and the actions taken."""
    bot = SoloBot(rng)
    log = []
    while not s.over:
        if len(log) >= max_actions:
            raise RuntimeError(f"the solo game did not end within {max_actions} actions")
        action = bot.choose(s)
        s = apply(s, action)
        log.append(action)
    return s, log

