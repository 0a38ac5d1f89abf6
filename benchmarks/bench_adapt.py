"""Appearance learned in play: single frames of a box read before and after one game's adaptation.

For each box (one artwork per board, fixed for the whole game, in an artwork family the models were never
fitted on), a whole game is played through the real pipeline (synthetic camera -> vision -> tracker ->
engine, as the tracking benchmark does) and the live table learns the box's pieces from the moves it takes
in (companion.appearance_learning). Then fresh scenes of the same box (other positions grown as in a game,
random light, camera, shadows, glare and hands) are analysed from nothing, as `leafwatch analyze` does,
with an empty memory and with the one the game left; a board is fully right when every square in view is.

`python -m benchmarks.bench_adapt [--quick] [--family NAME ...]` runs it alone; `--family own` runs the same
protocol on the renderer's own artwork, the development set where the [appearance] figures are chosen.

Seeds: games 201.. (apart from the tracking benchmark's 101..104, the tests' and the demo's), each box's
artwork drawn from its game's seed as the demo feed draws it, fresh scenes from 8,200,000 (apart from
every model's and benchmark's seeds).
"""
from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from dataclasses import replace

import cv2
import numpy as np

GAMES = [(201, 2), (202, 3), (203, 2)]
SCENES_PER_BOX = 20
SCENE_SEED = 8_200_000


def held_out_families() -> list[str]:
    """The artwork families kept out of fitting and tuning (vision.synthetic.families.HELD_OUT)."""
    from vision.synthetic.families import HELD_OUT

    return list(HELD_OUT)


def box_artwork(family: str, seed: int, boards: int) -> list:
    """The box's artwork, one per board: as the demo feed draws it for game `seed` (demo_feed), so that the
    fresh scenes show the very box the game was played with."""
    from vision.synthetic.artwork import random_artwork

    rng = np.random.default_rng(seed)
    return [random_artwork(rng, family=family) for _ in range(boards)]


def play_and_learn(seed: int, players: int, family: str, max_moves: int | None, log=print):
    """The game of `seed` played through a live table on a box of `family`; (live table, game, moves,
    seconds, whether the game ended as played)."""
    from companion.live import FrameItem, LiveTable
    from leafwatch.demo.camera_game import STILL_FRAMES, demo_feed
    from leafwatch.demo.table_script import table_game

    game = table_game(seed, players)
    live = LiveTable(game.table_start, stable_frames=STILL_FRAMES)
    t0, moves, last = time.time(), 0, None
    for item in demo_feed(game, max_moves=max_moves, family=family):
        if isinstance(item, FrameItem) and item.label != last:
            moves, last = moves + 1, item.label
            if moves % 20 == 0:
                log(f"    move {moves}", flush=True)
        live.process(item)
    right = all(a.board.pieces == b.board.pieces for a, b in zip(live.session.state.players, game.truth_end.players)) \
        if max_moves is None and game.truth_end is not None else None
    return live, game, moves, time.time() - t0, right


def fresh_scenes(game, family: str, artwork: list, n: int, seed_base: int):
    """n scenes of the game's boards (its players' sides, the box's artwork) in new positions and light."""
    from vision.synthetic import BoardSpec, Conditions, played_position, render_scene, with_treasure_tokens
    from vision.kit import load_kit

    sides = [p.side for p in game.table_start.players]
    kit = load_kit()
    for i in range(n):
        seed = seed_base + i
        rng = np.random.default_rng(seed)
        specs = []
        for side in sides:
            pos = with_treasure_tokens(played_position(rng), kit.sides[side])
            specs.append(BoardSpec(pos.pieces, side=side, tiles=pos.tiles))
        cond = replace(Conditions.random(rng), family=family)
        yield render_scene(seed, specs, cond, (1280, 720), artwork)


def score(scene, result) -> list[tuple[bool, int, list[str]]]:
    """Per board of the scene: (fully right, squares wrong, each wrong square as "truth->read")."""
    from benchmarks.bench_vision import _match, _score_board

    out = []
    for truth in scene.boards:
        found, _ = _match(truth, result.boards)
        tt, pp = _score_board(truth, found.pieces if found is not None else "/".join(["?" * 9] * 8))
        out.append((bool((tt == pp).all()), int((tt != pp).sum()), [f"{t}->{p}" for t, p in zip(tt, pp) if t != p]))
    return out


def cost_per_board(scene, memory, repeats: int = 10) -> dict:
    """One core's cost, the best of `repeats` (the least disturbed by other work on the machine): learning
    one board (its reading without the memory, and the memory's update), and weighing a board's reading."""
    from companion.appearance_learning import AppearanceLearning
    from vision.thresholds import thresholds

    truth = scene.boards[0]
    pieces, printed = truth.pieces.replace("/", ""), truth.printed.replace("/", "")
    squares = [(i, pieces[i], printed[i]) for i in range(72) if pieces[i] != "?"]
    table = thresholds()
    scratch = AppearanceLearning(type(memory).from_data(memory.to_data(), params=table["appearance"]), thresholds=table)
    learn, weigh = [], []
    from vision.classify.classification import classify
    from vision.locate.rectification import rectify
    from vision.thresholds import thresholds

    # a board's own reading: a memory weighs only the classes it has learned, so uniform odds would cost less
    reading = classify(rectify(scene.image, truth.corners, int(thresholds()["rectify"]["square_px"])), adapt=False)
    for _ in range(repeats):
        t = time.perf_counter()
        scratch._take(scene.image, truth.corners, None, squares)
        learn.append(time.perf_counter() - t)
        t = time.perf_counter()
        memory.adjusted(reading.piece_probs)
        weigh.append(time.perf_counter() - t)
    return {"learn_one_board_ms": round(1000 * min(learn), 2), "weigh_one_board_ms": round(1000 * min(weigh), 3)}


def run(quick: bool, families: list[str] | None = None, games: list | None = None, scenes: int | None = None,
        max_moves: int | None = -1) -> dict:
    """`--quick`: one game's first 12 moves, 6 fresh scenes per family. The arguments choose a part of the
    run by hand (families by name, games as (seed, players), scenes per box, moves per game: None for all)."""
    from vision.analysis import analyze
    from vision.profile import ColourProfile

    cv2.setNumThreads(1)
    games = games if games is not None else GAMES[:1] if quick else GAMES
    n_scenes = scenes if scenes is not None else 6 if quick else SCENES_PER_BOX
    max_moves = max_moves if max_moves != -1 else 12 if quick else None
    families = families if families is not None else held_out_families()
    out = {"games_per_family": len(games), "scenes_per_box": n_scenes, "moves_per_game": max_moves or "whole",
           "families": {}}
    for family in families:
        before = after = boards = wrong_before = wrong_after = 0
        misread_before, misread_after = Counter(), Counter()
        learned, moves_total, games_right = 0, 0, []
        costs, frame_ms = [], []
        for seed, players in games:
            art = box_artwork(family, seed, players)
            print(f"  {family}: game {seed} ({players} players), learning", flush=True)
            live, game, moves, secs, right = play_and_learn(seed, players, family, max_moves)
            memory = live.learning.memory
            learned += live.learning.squares_learned
            moves_total += moves
            games_right.append(right)
            adapted = ColourProfile(appearance=memory)
            for k, scene in enumerate(fresh_scenes(game, family, art, n_scenes, SCENE_SEED + seed * 100)):
                for (a_right, a_wrong, a_what), (b_right, b_wrong, b_what) in zip(
                        score(scene, analyze(scene.image)), score(scene, analyze(scene.image, adapted))):
                    boards += 1
                    misread_before.update(a_what)
                    misread_after.update(b_what)
                    before += a_right
                    after += b_right
                    wrong_before += a_wrong
                    wrong_after += b_wrong
            costs.append(cost_per_board(scene, memory))
            frame_ms.append(1000 * live.learning.seconds / max(live.frames, 1))
            print(f"    {moves} moves, {secs:.0f} s; {live.learning.boards_learned} boards learned from "
                  f"({live.learning.squares_learned} squares); so far boards fully right {before}/{boards} "
                  f"before, {after}/{boards} after", flush=True)
        out["families"][family] = {
            "boards": boards, "boards_fully_right_before": round(before / max(boards, 1), 4),
            "boards_fully_right_after": round(after / max(boards, 1), 4),
            "squares_wrong_before": wrong_before, "squares_wrong_after": wrong_after,
            "misread_before": dict(sorted(misread_before.items())), "misread_after": dict(sorted(misread_after.items())),
            "squares_learned": learned, "moves": moves_total,
            "learn_one_board_ms_one_core": min(c["learn_one_board_ms"] for c in costs),
            "weigh_one_board_ms_one_core": min(c["weigh_one_board_ms"] for c in costs),
            "learning_ms_per_frame_in_play": round(float(np.mean(frame_ms)), 3),
            "games_tracked_right": (f"{sum(bool(g) for g in games_right)}/{len(games_right)}"
                                    if None not in games_right else "n/a (quick)"),
        }
        print(f"  {family}: boards fully right {before}/{boards} before adaptation, {after}/{boards} after; "
              f"squares wrong {wrong_before} -> {wrong_after} (truth->read before {dict(misread_before)}, "
              f"after {dict(misread_after)})", flush=True)
    held = {k: v for k, v in out["families"].items() if k in held_out_families()}
    if held:
        worst = min(held.items(), key=lambda kv: kv[1]["boards_fully_right_after"])
        out["worst_family"] = {"family": worst[0], "boards_fully_right_after": worst[1]["boards_fully_right_after"]}
    return out


def main(argv=None) -> int:
    """`python -m benchmarks.bench_adapt [--quick] [--family NAME ...]`: the held-out families by default;
    `--family own` runs the same protocol on the renderer's own artwork, where the memory's figures are
    chosen (the held-out families are only measured)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_adapt")
    parser.add_argument("--quick", action="store_true", help="12 moves of one game, 6 fresh scenes a family")
    parser.add_argument("--family", action="append", help="an artwork family (own, or a held-out one); repeatable")
    args = parser.parse_args(argv)
    print(json.dumps(run(args.quick, args.family), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
