"""Helpers for the screen tests: a half-played position, and the piece notation read back from a
drawn board's letters alone."""
from __future__ import annotations

import random

from engine.indian_summer.bots import GreedyBot
from engine.indian_summer.rules import step
from leafwatch.demo.table_script import table_game


def half_played(seed: int = 2, actions: int = 40):
    """A seeded bots' game after `actions` actions: leaves of three colours, holes, tokens, squirrels
    and an animal on the boards, and the player to move has not moved yet."""
    state = table_game(seed, 2).truth_start
    rng = random.Random(7)
    bots = [GreedyBot(random.Random(rng.random())) for _ in state.players]
    for _ in range(actions):
        state, _ = step(state, bots[state.current].choose(state))
    return state


def read_back(plain: str, scale: int) -> str:
    """The piece notation a reader gets from a drawn board's letters alone (no colours): a leaf's
    letter in the middle of its square, a hole's or a token's at the square's left. `plain` starts
    with the board's column header."""
    w = 3 if scale == 1 else 5
    lines = plain.split("\n")[1:]
    rows = [line for line in lines if line[:3].strip().isdigit()]
    out = []
    for line in rows[:8]:
        row = ""
        for c in range(9):
            start = 3 + w * c + (c > 2) + (c > 5)
            cell = line[start:start + w]
            if cell[:1] in ("g", "y", "r", "t"):
                row += cell[0]
            elif cell.strip() in ("G", "Y", "R", "s", "a", "?"):
                row += cell.strip()
            else:
                row += "."
        out.append(row)
    return "/".join(out)
