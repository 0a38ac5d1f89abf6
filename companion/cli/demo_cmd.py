"""`leafwatch demo`: the embedded default game."""
from __future__ import annotations

import sys

from companion.cli.errors import UsageError


def register(sub) -> None:
    p = sub.add_parser("demo", help="play a whole seeded game (synthetic camera -> engine -> TUI)",
                       description="Play a whole seeded game. Without a terminal (or with --headless) the "
                                   "log and the standings are printed instead of the TUI.")
    p.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    p.add_argument("--players", type=int, default=3, help="1 to 4 players (default 3; one plays alone and says each turn's end)")
    p.add_argument("--headless", action="store_true", help="print the log and standings; no TUI")
    p.add_argument("--engine-only", action="store_true", help="bots play the engine directly, no camera pipeline")
    p.add_argument("--moves", type=int, default=None, help="stop the camera demo after this many moves")
    p.add_argument("--led", metavar="URL", help="show the cues on an LED device too, e.g. sim:wled (a simulated strip)")
    p.set_defaults(func=_run)


def _run(args) -> int:
    if not 1 <= args.players <= 4:
        raise UsageError("--players must be 1, 2, 3 or 4")
    if not 0 <= args.seed < 2**63:  # the renderer's generator takes non-negative seeds
        raise UsageError("--seed must be a whole number from 0 to 9223372036854775807")
    headless = args.headless or not sys.stdout.isatty()
    if not args.engine_only:
        from companion.camera_demo import prepare_demo, run_camera_demo

        if headless:
            return run_camera_demo(seed=args.seed, players=args.players, max_moves=args.moves)
        from companion.play import open_led
        from tui.app import DEMO_PACE, run_tui

        try:
            led = open_led(args.led)
        except (ValueError, OSError) as exc:
            raise UsageError(f"--led {args.led}: {exc}") from None
        try:
            game, live, feed = prepare_demo(args.seed, args.players, args.moves, led=led)
            return run_tui(live, feed, title=f"leafwatch demo (seed {args.seed})", pace=DEMO_PACE)
        finally:
            if led is not None:
                led.close()
    from companion.engine_demo import run_engine_demo

    run_engine_demo(seed=args.seed, players=args.players)
    return 0
