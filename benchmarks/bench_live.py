"""The live loop against a camera's clock: four boards in 1080p frames that arrive every 1/30 s
whatever the reader does. The reader always takes the newest frame (a camera driver drops the rest), so
the figures are wall time: how long a frame takes to read, the longest stall, and what share of the
camera's frames were read, with the search for boards beside the steady reading (as `play` on a
camera) and in line (as a recording is read)."""
from __future__ import annotations

import statistics
import time

import numpy as np

from companion.live import DeclareItem, FrameItem, LiveTable
from leafwatch.demo.camera_game import STILL_FRAMES, demo_feed
from leafwatch.demo.table_script import table_game

FPS = 30.0
SEED, PLAYERS = 105, 4  # a seed apart from the tests' and the demo's


def _scenes(moves: int):
    """Each move as the camera sees it: the hand over the boards, then the table still (declarations
    kept in their places)."""
    game = table_game(SEED, PLAYERS)
    out, shown = [], {}
    for item in demo_feed(game, size=(1920, 1080), max_moves=moves):
        if isinstance(item, DeclareItem):
            out.append(item)
        elif shown.get(item.label, 0) < 2:  # the hand's frame, then the first still one
            shown[item.label] = shown.get(item.label, 0) + 1
            out.append((item.label, item.image))
    return game, out


def _camera_run(game, scenes, beside: bool, seconds_per_scene: float) -> dict:
    """Each scene is before the camera for `seconds_per_scene`, a new frame every 1/FPS s; the reader
    takes the newest frame there is, and waits for the next when it has read it."""
    live = LiveTable(game.table_start, stable_frames=STILL_FRAMES, search_beside=beside)
    stamps = []  # (when a frame's reading began, how long it took)
    start = time.perf_counter()
    tick = lambda: int((time.perf_counter() - start) * FPS)  # noqa: E731 - the camera's frame count
    last = -1
    t_end = 0.0
    try:
        for scene in scenes:
            if isinstance(scene, DeclareItem):
                live.process(scene)
                continue
            t_end += seconds_per_scene
            while (now := time.perf_counter() - start) < t_end:
                if tick() == last:  # that frame is read: wait for the camera's next
                    time.sleep(max(0.0, (last + 1) / FPS - now))
                    continue
                last = tick()
                began = time.perf_counter()
                live.process(FrameItem(scene[1]))
                stamps.append((began, time.perf_counter() - began))
        offered = tick()
    finally:
        live.close()
    ms = [s * 1000 for _, s in stamps]
    gaps = np.diff([t for t, _ in stamps]) * 1000 if len(stamps) > 1 else np.array([0.0])
    moves = sum(1 for a in live.session.tracker.log if a.format().startswith(("leaf", "squirrel", "nut", "animal")))
    return {"frames_read": len(stamps), "camera_frames": offered, "share_read": len(stamps) / max(offered, 1),
            "ms_per_frame_median": statistics.median(ms), "ms_per_frame_p95": float(np.percentile(ms, 95)),
            "longest_stall_ms": float(gaps.max()), "moves_taken": moves}


def run(quick: bool) -> dict:
    moves = 4 if quick else 12
    print(f"  rendering {moves} moves of four boards at 1080p", flush=True)
    game, scenes = _scenes(moves)
    out = {"boards": PLAYERS, "moves": moves, "fps": FPS}
    for name, beside in (("search_beside", True), ("search_in_line", False)):
        print(f"  {name}", flush=True)
        out[name] = _camera_run(game, scenes, beside, seconds_per_scene=1.0)
        r = out[name]
        print(f"    {r['frames_read']} of {r['camera_frames']} camera frames read; {r['ms_per_frame_median']:.0f} ms a "
              f"frame (95 %: {r['ms_per_frame_p95']:.0f}); longest stall {r['longest_stall_ms']:.0f} ms; "
              f"{r['moves_taken']} moves taken", flush=True)
    return out
