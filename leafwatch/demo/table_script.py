"""A seeded game played by bots on a digital engine, turned into what a real table would give the
companion: board snapshots after each visible move, and declarations for the moves a camera cannot
see (Berries, exchanges, a Mushroom's choice of players, forgoing a tile).

The truth game is kept alongside, so a demo or a test can check that the companion, seeing only
this, ends with the same boards, supplies and standings.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Iterator

from engine.indian_summer.actions import EndTurn, Exchange, Forgo, Observe, UseBerry, UseFeather, UseMushroom
from engine.indian_summer.bots import GreedyBot
from engine.indian_summer.kit import Kit, reference_kit
from engine.indian_summer.rules import step
from engine.indian_summer.setup import Seat, new_game, shuffled_deal, table_deal
from engine.indian_summer.state import GameState

NAMES = ["Tini", "Claus", "Matilda", "Hubert"]
INVISIBLE = (UseBerry, Exchange, UseMushroom, Forgo, Observe)


@dataclass(frozen=True)
class Snapshot:
    """Every board as it now lies: (side, piece notation, tile ids per square) per seat."""
    boards: tuple[tuple[str, str, tuple[int, ...]], ...]
    mover: int
    action: str


@dataclass(frozen=True)
class Declaration:
    seat: int
    text: str


@dataclass
class TableGame:
    seed: int
    truth_start: GameState
    table_start: GameState  # what the companion knows at the start: tiles unseen beyond colours
    truth_end: GameState | None = None

    def steps(self) -> Iterator[Snapshot | Declaration]:
        rng = random.Random(self.seed)
        state = self.truth_start
        bots = [GreedyBot(random.Random(rng.random())) for _ in state.players]
        while not state.over:
            seat = state.current
            action = bots[seat].choose(state)
            state, _ = step(state, action)
            if isinstance(action, INVISIBLE):
                yield Declaration(seat, action.format())
            elif isinstance(action, EndTurn):
                if state.over or len(state.players) == 1:
                    # nobody's board changes next: the last turn of the game, or a player alone at the table
                    yield Declaration(seat, "end")
            elif isinstance(action, UseFeather):
                continue  # the camera will see two tiles arrive
            else:
                yield Snapshot(_boards(state), seat, action.format())
        self.truth_end = state


def _boards(state: GameState):
    return tuple((p.side, p.board.notation(), p.board.tile_at) for p in state.players)


def table_game(seed: int = 1, players: int = 3, kit: Kit | None = None) -> TableGame:
    kit = kit or reference_kit()
    rng = random.Random(seed)
    sides = [name for name, _ in kit.sides]
    rng.shuffle(sides)
    seats = [Seat(NAMES[i], sides[i]) for i in range(players)]
    truth = new_game(kit, seats, shuffled_deal(kit, players, random.Random(rng.random())))
    table = new_game(kit, seats, table_deal(kit, players))
    return TableGame(seed, truth, table)
