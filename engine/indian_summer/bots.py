"""Simple players for the demo and for testing the rules on many random games.

A bot is a policy over `legal_actions`: it never re-codes a rule, it only ranks what the engine allows.
"""
from __future__ import annotations

import random

from engine.indian_summer.actions import (
    EndTurn, Exchange, Forgo, PlaceAnimal, PlaceLeaf, PlaceSquirrel, UseBerry, UseFeather, UseMushroom, UseNut,
)
from engine.indian_summer.rules import legal_actions
from engine.indian_summer.squares import AREA_MASK, AREAS, COLUMNS, FULL_MASK, ROWS
from engine.indian_summer.state import GameState

_COL_A = sum(1 << (r * COLUMNS) for r in range(ROWS))
_COL_I = sum(1 << (r * COLUMNS + COLUMNS - 1) for r in range(ROWS))
_BORDER = _COL_A | _COL_I | ((1 << COLUMNS) - 1) | (((1 << COLUMNS) - 1) << (COLUMNS * (ROWS - 1)))


def _neighbours(mask: int) -> int:
    return (((mask << 1) & ~_COL_A) | ((mask >> 1) & ~_COL_I) | (mask << COLUMNS) | (mask >> COLUMNS)) & FULL_MASK


def snugness(mask: int, occupied: int) -> int:
    """How tightly a piece fits: touching placed pieces and the board's edge leaves fewer stray gaps."""
    return bin(_neighbours(mask) & occupied).count("1") + bin(mask & _BORDER).count("1")


def completes(mask: int, occupied: int) -> int:
    after = occupied | mask
    return sum(1 for a in AREAS if after & AREA_MASK[a] == AREA_MASK[a] and occupied & AREA_MASK[a] != AREA_MASK[a])


class GreedyBot:
    """Places the snuggest tile, prefers holes over printed treasures, spends treasures when they help."""

    def __init__(self, rng: random.Random, randomness: float = 0.15):
        self.rng = rng
        self.randomness = randomness

    def choose(self, state: GameState):
        actions = list(legal_actions(state))
        if not actions:
            raise RuntimeError("no legal action: the engine says the game is over")
        me = state.player
        occ = me.board.occupied
        printed = me.board.printed

        def leaf_score(a: PlaceLeaf) -> float:
            m = a.placement.mask
            s = snugness(m, occ) + 6 * completes(m, occ) + 0.5 * a.placement.size
            if printed.treasure_at(a.placement.hole_square):
                s += 3
            return s + self.rng.random() * self.randomness * 4

        animals = [a for a in actions if isinstance(a, PlaceAnimal)]
        if animals:
            return max(animals, key=lambda a: bin(a.mask).count("1") + self.rng.random())
        leaves = [a for a in actions if isinstance(a, PlaceLeaf)]
        if state.pending is not None:
            if leaves:
                return max(leaves, key=leaf_score)
            return next(a for a in actions if isinstance(a, Forgo))
        if not state.main_done:
            mushrooms = [a for a in actions if isinstance(a, UseMushroom)]
            if mushrooms and self.rng.random() < 0.5:
                return self.rng.choice(mushrooms)
            if any(isinstance(a, UseFeather) for a in actions) and len(leaves) > 20 and self.rng.random() < 0.7:
                return UseFeather()
            if leaves:
                return max(leaves, key=leaf_score)
            if me.treasures.berry and any(isinstance(a, UseBerry) for a in actions) and self.rng.random() < 0.7:
                return UseBerry()
            squirrels = [a for a in actions if isinstance(a, PlaceSquirrel)]
            if squirrels:
                return max(squirrels, key=lambda a: 6 * completes(a.square.bit, occ) + snugness(a.square.bit, occ) + self.rng.random())
        nuts = [a for a in actions if isinstance(a, UseNut) and completes(a.square.bit, occ)]
        if nuts:
            return nuts[0]
        if me.treasures.berry >= 2 and state.supply.nut and self.rng.random() < 0.3:
            trade = Exchange(("berry", "berry"), "nut")
            if trade in actions:
                return trade
        if len(me.path) <= 2 and any(isinstance(a, UseBerry) for a in actions) and self.rng.random() < 0.5:
            return UseBerry()
        return EndTurn()


def play_out(state: GameState, rng: random.Random, max_actions: int = 5000) -> tuple[GameState, list]:
    """Play bots until the game is over; returns the final state and the actions taken."""
    from engine.indian_summer.rules import apply

    bots = [GreedyBot(random.Random(rng.random())) for _ in state.players]
    log = []
    while not state.over:
        if len(log) >= max_actions:
            raise RuntimeError(f"the game did not end within {max_actions} actions")
        action = bots[state.current].choose(state)
        state = apply(state, action)
        log.append(action)
    return state, log
