"""Live tracking through the real pipeline (synthetic camera -> vision -> tracker -> engine):
share of moves taken in right, how soon after the hand leaves (target 0.5 s at 30 frames per
second), milliseconds per frame, and whether whole games end as the bots played them."""
from __future__ import annotations

import statistics
import time

from leafwatch.demo.camera_game import STILL_FRAMES, demo_feed
from companion.live import FrameItem, LiveTable
from leafwatch.demo.table_script import Snapshot, table_game

FPS = 30.0
GAMES = [(101, 2), (102, 3), (103, 2), (104, 1)]  # seeds apart from the tests' and the demo's; the last a player alone


def _wrong(snapshot, live) -> set:
    want = {side: pieces for side, pieces, _ in snapshot.boards}
    out = set()
    for p in live.session.state.players:
        got = p.board.notation()
        out |= {(p.side, i) for i, (a, b) in enumerate(zip(got, want[p.side])) if a != b}
    return out


def run(quick: bool) -> dict:
    games = GAMES[:1] if quick else GAMES
    moves_total = moves_right = 0
    latencies, frame_ms, matched = [], [], []
    for seed, players in games:
        game = table_game(seed, players)
        truth = [s for s in table_game(seed, players).steps() if isinstance(s, Snapshot)]
        live = LiveTable(game.table_start, stable_frames=STILL_FRAMES)
        move, first_still, taken, last_label, frame_no = -1, None, False, None, 0
        wrong_before: set = set()
        limit = 12 if quick else None
        for item in demo_feed(game, max_moves=limit):
            if isinstance(item, FrameItem):
                frame_no += 1
                if item.label != last_label:  # a new move: its first frame has the hand over the boards
                    if move >= 0:
                        wrong_before = _wrong(truth[move], live)
                    move, first_still, taken, last_label = move + 1, frame_no + 1, False, item.label
                    moves_total += 1
                    if move % 10 == 0:
                        print(f"  game seed {seed}: move {move + 1}/{len(truth)}", flush=True)
            t = time.perf_counter()
            live.process(item)
            if isinstance(item, FrameItem):
                frame_ms.append((time.perf_counter() - t) * 1000)
                # a move is taken in right when it adds no square that disagrees with the truth
                # (a square missed earlier stays wrong and is not this move's fault)
                if not taken and _wrong(truth[move], live) <= wrong_before:
                    taken = True
                    moves_right += 1
                    latencies.append(max(0, frame_no - first_still + 1) / FPS * 1000 + frame_ms[-1])
        if limit is None:
            same = all(a.board.pieces == b.board.pieces and a.treasures == b.treasures
                       for a, b in zip(live.session.state.players, game.truth_end.players))
            matched.append(same)
    res = {
        "games": len(games),
        "moves": moves_total,
        "moves_taken_in_right": moves_right,
        "share_right": round(moves_right / max(1, moves_total), 4),
        "latency_ms_median": round(statistics.median(latencies), 1) if latencies else None,
        "latency_ms_p95": round(sorted(latencies)[int(0.95 * (len(latencies) - 1))], 1) if latencies else None,
        "frame_ms_median": round(statistics.median(frame_ms), 1),
        "whole_games_matching": f"{sum(matched)}/{len(matched)}" if matched else "n/a (quick)",
    }
    print(f"  moves taken in right when their still spell ends: {moves_right}/{moves_total}; latency after the hand "
          f"leaves: median {res['latency_ms_median']} ms, p95 {res['latency_ms_p95']} ms at {FPS:.0f} fps; "
          f"{res['frame_ms_median']} ms per frame; whole games matching {res['whole_games_matching']}")
    return res
