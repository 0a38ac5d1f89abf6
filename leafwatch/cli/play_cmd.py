"""`leafwatch play`: the live companion on a camera, a video, an image folder or a glob."""
from __future__ import annotations

import argparse

from leafwatch.cli import table_files
from leafwatch.cli.errors import CliError, UsageError


def register(sub) -> None:
    p = sub.add_parser(
        "play", help="live companion: watch a real table through a camera or a recording",
        description="Watch a real game of Indian Summer: every board is read from the camera, each move "
                    "checked, and the table told what to do next. Without a terminal (or with --headless) "
                    "the notices are printed as lines instead of the TUI.",
        epilog="Keys in the TUI: b Berry, x exchange, m Mushroom, f Feather, e end the turn, d declare any "
               "action, u undo, a dismiss alerts, c camera check (a picture of the last frame with the boards drawn, and "
               "warnings), space pause/resume, + and - pace, q quit.")
    p.add_argument("--journal", metavar="FILE", default=None,
                   help="where every game is written as it happens (default: $LEAFWATCH_JOURNAL or "
                        "~/.local/share/leafwatch/games.sqlite)")
    p.add_argument("--no-journal", action="store_true", help="do not keep this game")
    p.add_argument("--resume", type=int, metavar="GAME", help="go on with a journalled game (see 'leafwatch journal list')")
    p.add_argument("--players", required=False, metavar="NAME:SIDE,...",
                   help='1 to 4 players in seating order, each with the board side in front of them (A1 ... F2), '
                        'e.g. "Tini:A1,Claus:B2"')
    src = p.add_mutually_exclusive_group()
    src.add_argument("--camera", type=int, metavar="N", help="camera number (default 0 when no --source)")
    src.add_argument("--source", metavar="PATH", help="a video file, an image, a folder of images, or a glob")
    p.add_argument("--led", metavar="URL", help="LED device: a serial port, or sim:wled / sim:adalight / sim:leafwatch")
    p.add_argument("--stable", type=int, default=3, metavar="N",
                   help="frames a board must look the same before it counts (default 3)")
    p.add_argument("--pace", type=float, default=0.0, metavar="SECONDS",
                   help="TUI: pause after each frame, to follow a recording at a human pace (default 0; "
                        "+ and - change it)")
    p.add_argument("--headless", action="store_true", help="print notices as lines; no TUI")
    table_files.add_options(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from companion.seating import PlayError, parse_players, start_state
    from leafwatch import wiring
    from store.journal import open_journal

    if args.stable < 1:
        raise UsageError("--stable must be 1 or more")
    if not 0 <= args.pace <= 10:
        raise UsageError("--pace must be 0 to 10 seconds")
    if args.resume is not None and args.no_journal:
        raise UsageError("--resume needs the journal; drop --no-journal")
    if args.resume is None and not args.players:
        raise UsageError("--players is needed, e.g. --players \"Tini:A1,Claus:B2\" (or --resume GAME)")
    profile = table_files.load_profile(args.profile)
    kit = table_files.load_kit(args.kit)
    seats = None
    if args.resume is None:
        try:
            seats = parse_players(args.players, kit)
        except PlayError as exc:
            raise UsageError(str(exc)) from None

    journal = None if args.no_journal else _journal(open_journal, args.journal)
    try:
        if args.resume is not None:
            setup, actions, state = journal.resume(args.resume, kit)
            seats = list(state.players)
        else:
            state = start_state(seats, kit)
            setup = {"players": [{"name": s.name, "side": s.side} for s in seats], "deal": {"table": True}}
            actions = []
        camera = args.camera if args.camera is not None or args.source else 0
        frames = wiring.open_frames(camera=camera, source=args.source)
    except BaseException:
        if journal is not None:
            journal.close()
        raise
    table = wiring.wire(state, setup, wiring.frame_feed(frames), actions=actions, game_id=args.resume,
                        journal=journal, led_url=args.led, stable=args.stable, profile=profile)
    who = ", ".join(f"{s.name} ({s.side})" for s in seats)
    where = args.source if args.source else f"camera {camera}"
    headless = args.headless or not wiring.has_terminal()
    kept = f"game {table.game_id} in {journal.path}" if journal is not None else "not kept"
    return wiring.run(table, headless=headless, title=f"leafwatch play: {who} ({where})", prog="leafwatch play",
                      pace=args.pace, announce=f"leafwatch play: {who}; watching {where}; {kept}")


def _journal(open_journal, path):
    from store.journal import JournalError

    try:
        return open_journal(path)
    except JournalError as exc:
        raise CliError(f"{exc} (or play with --no-journal)") from None
