"""`leafwatch demo`: the embedded default game."""
from __future__ import annotations


from leafwatch.cli import table_files
from leafwatch.cli.errors import CliError, UsageError


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
    table_files.add_options(p)
    p.set_defaults(func=_run)


def _run(args) -> int:
    if not 1 <= args.players <= 4:
        raise UsageError("--players must be 1, 2, 3 or 4")
    from leafwatch import wiring

    profile = table_files.load_profile(args.profile)
    kit = table_files.load_kit(args.kit)
    if len(kit.sides) < args.players:
        raise CliError(f"kit file {args.kit}: {len(kit.sides)} board side(s) for {args.players} players; "
                       "every player needs a side of their own")
    if not 0 <= args.seed < 2**63:  # the renderer's generator takes non-negative seeds
        raise UsageError("--seed must be a whole number from 0 to 9223372036854775807")
    headless = args.headless or not wiring.has_terminal()
    if not args.engine_only:
        from leafwatch.demo.camera_game import run_camera_demo

        return run_camera_demo(seed=args.seed, players=args.players, max_moves=args.moves, led_url=args.led,
                               headless=headless, profile=profile, kit=kit)
    from leafwatch.demo.engine_game import run_engine_demo

    run_engine_demo(seed=args.seed, players=args.players, kit=kit)
    return 0
