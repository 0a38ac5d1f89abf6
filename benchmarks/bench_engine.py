"""Engine speed: legal placements of one tile on a half-full board (target < 1 ms), complete random
games per second, and the end-game solver on hard positions (target < 50 ms)."""
from __future__ import annotations

import random
import statistics
import time

from engine.indian_summer.bots import play_out
from engine.indian_summer.endgame import solve_final_phase
from engine.indian_summer.kit import reference_kit
from engine.indian_summer.notation import PieceGrid
from engine.indian_summer.rules import legal_actions, tile_placements
from engine.indian_summer.setup import Seat, new_game, shuffled_deal
from engine.indian_summer.state import TileInfo
from engine.indian_summer.treasures import Treasures
from dataclasses import replace

KIT = reference_kit()


def _half_full_states(n: int, rng: random.Random):
    """Positions from bot games, taken when the current board is about half covered."""
    out = []
    while len(out) < n:
        seed = rng.randrange(10**9)
        state = new_game(KIT, [Seat("A", "A1"), Seat("B", "B1"), Seat("C", "C2")], shuffled_deal(KIT, 3, random.Random(seed)))
        final, actions = play_out(state, random.Random(seed))
        from engine.indian_summer.rules import apply
        s = state
        for a in actions:
            s = apply(s, a)
            if 30 <= s.player.board.empty_squares() <= 42 and s.player.path and not s.main_done:
                out.append(s)
                break
    return out


def _timeit(fn, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return times


def run(quick: bool) -> dict:
    rng = random.Random(2026)
    states = _half_full_states(10 if quick else 40, rng)
    per_tile, per_unknown_red, counts = [], [], []
    for s in states:
        tile = s.player.path[0]
        counts.append(sum(1 for _ in tile_placements(s, tile, s.player.board)))
        per_tile += _timeit(lambda: list(tile_placements(s, tile, s.player.board)), 20)
        # a red tile the camera has not seen the shape of: every pentomino with any hole cell
        unknown = replace(s, tiles=s.tiles[:tile] + (TileInfo("red"),) + s.tiles[tile + 1:])
        per_unknown_red += _timeit(lambda: list(tile_placements(unknown, tile, unknown.player.board)), 5)
    full_list = [statistics.median(_timeit(lambda: list(legal_actions(s)), 5)) for s in states]
    print(f"  legal placements of one known tile, half-full board: median {statistics.median(per_tile):.3f} ms, "
          f"p95 {sorted(per_tile)[int(len(per_tile) * .95)]:.3f} ms ({statistics.median(counts):.0f} placements)")
    print(f"  ... of an unseen red tile (any pentomino, lenient): median {statistics.median(per_unknown_red):.2f} ms")
    print(f"  all legal actions of the player: median {statistics.median(full_list):.2f} ms")

    games = 5 if quick else 30
    t = time.perf_counter()
    lengths = []
    for i in range(games):
        state = new_game(KIT, [Seat("A", "A1"), Seat("B", "B1"), Seat("C", "C2")], shuffled_deal(KIT, 3, random.Random(i)))
        final, actions = play_out(state, random.Random(i))
        lengths.append(len(actions))
        print(f"\r  random games: {i + 1}/{games}", end="", flush=True)
    elapsed = time.perf_counter() - t
    print(f"\r  complete 3-player bot games: {games / elapsed:.1f} per second ({statistics.mean(lengths):.0f} actions each)")

    hard = []
    for i in range(20 if quick else 200):
        r = random.Random(i)
        cells = []
        for _ in range(72):
            x = r.random()
            cells.append("." if x < 0.3 else "t" if x < 0.45 else r.choice("GYR"))
        printed = KIT.sides[i % len(KIT.sides)][1]
        cells = [c if c != "t" or printed.cells[k] != "." else "G" for k, c in enumerate(cells)]
        hard.append((printed, PieceGrid(tuple(cells)), Treasures(berry=r.randrange(6), nut=r.randrange(8), mushroom=r.randrange(4), feather=r.randrange(3))))
    solver = [statistics.median(_timeit(lambda: solve_final_phase(*h), 3)) for h in hard]
    print(f"  end-game solver, {len(hard)} positions with all 6 Areas open: median {statistics.median(solver):.2f} ms, "
          f"max {max(solver):.2f} ms")
    return {
        "legal_placements_one_tile_ms_median": round(statistics.median(per_tile), 4),
        "legal_placements_one_tile_ms_p95": round(sorted(per_tile)[int(len(per_tile) * .95)], 4),
        "legal_placements_unseen_red_ms_median": round(statistics.median(per_unknown_red), 3),
        "legal_actions_all_ms_median": round(statistics.median(full_list), 3),
        "random_games_per_second": round(games / elapsed, 2),
        "endgame_solver_ms_median": round(statistics.median(solver), 3),
        "endgame_solver_ms_max": round(max(solver), 3),
    }
