"""A seeded game between bots, narrated as the table companion would: the headless engine demo."""
from __future__ import annotations

import random
from typing import Callable

from companion.game_view import state_lines
from engine.indian_summer.bots import GreedyBot
from engine.indian_summer.kit import Kit, reference_kit
from engine.indian_summer.outcome import final_phase, results_of
from engine.indian_summer.rules import step
from engine.indian_summer.setup import Seat, new_game, shuffled_deal
from engine.indian_summer.standings import standings

NAMES = ["Tini", "Claus", "Matilda", "Hubert"]


def run_engine_demo(seed: int = 1, players: int = 3, out: Callable[[str], None] = print, kit: Kit | None = None) -> dict:
    kit = kit or reference_kit()
    rng = random.Random(seed)
    sides = [name for name, _ in kit.sides]
    rng.shuffle(sides)
    seats = [Seat(NAMES[i], sides[i]) for i in range(players)]
    state = new_game(kit, seats, shuffled_deal(kit, players, rng))
    bots = [GreedyBot(random.Random(rng.random())) for _ in seats]
    out(f"leafwatch engine demo: seed {seed}, {players} players: "
        + ", ".join(f"{s.name} (board {s.side})" for s in seats))
    actions = []
    while not state.over:
        before = state.current
        action = bots[state.current].choose(state)
        state, events = step(state, action)
        actions.append(action.format())
        who = state.players[before].name
        if action.format() != "end":
            out(f"turn {state.turn:>3}  {who:<8} {action.format()}")
        for e in events:
            if e.kind in ("token_placed", "area_complete", "path_refilled", "supply_short", "end_triggered",
                          "common_refilled", "animal_placed", "tiles_short", "game_over"):
                out(f"                -> {e.text}")
    out("")
    finals = final_phase(state)
    for f in finals:
        x = f.final
        out(f"final phase, {f.name}: " + ("; ".join(x.steps)))
    out("")
    out("\n".join(state_lines(state)))
    places = standings(results_of(finals))
    return {"seed": seed, "actions": actions, "winner": list(places[0].players), "turns": state.turn}
