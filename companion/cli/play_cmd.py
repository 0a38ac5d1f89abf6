"""`leafwatch play`: the live companion on a camera, a video, an image folder or a glob."""
from __future__ import annotations

import argparse
import sys

from companion.cli.errors import CliError, UsageError


def register(sub) -> None:
    p = sub.add_parser(
        "play", help="live companion: watch a real table through a camera or a recording",
        description="Watch a real game of Indian Summer: every board is read from the camera, each move "
                    "checked, and the table told what to do next. Without a terminal (or with --headless) "
                    "the notices are printed as lines instead of the TUI.",
        epilog="Keys in the TUI: b Berry, x exchange, m Mushroom, f Feather, e end the turn, d declare any "
               "action, u undo, a dismiss alerts, space pause/resume, + and - pace, q quit.")
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
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from companion.live import LiveTable
    from companion.play import (PlayError, colour_checked, frame_feed, open_frames, open_led, parse_players, run_headless,
                                start_state)

    if args.stable < 1:
        raise UsageError("--stable must be 1 or more")
    if not 0 <= args.pace <= 10:
        raise UsageError("--pace must be 0 to 10 seconds")
    from companion.journal import JournalError, open_journal

    journal = None
    if not args.no_journal:
        try:
            journal = open_journal(args.journal)
        except JournalError as exc:
            raise CliError(f"{exc} (or play with --no-journal)") from None
    if args.resume is not None:
        if journal is None:
            raise UsageError("--resume needs the journal; drop --no-journal")
        try:
            setup, actions, state = journal.resume(args.resume)
        except JournalError as exc:
            raise CliError(str(exc)) from None
        seats = [p for p in state.players]
    else:
        if not args.players:
            raise UsageError("--players is needed, e.g. --players \"Tini:A1,Claus:B2\" (or --resume GAME)")
        try:
            seats = parse_players(args.players)
        except PlayError as exc:
            raise UsageError(str(exc)) from None
        state = start_state(seats)
        setup = {"players": [{"name": s.name, "side": s.side} for s in seats], "deal": {"table": True}}
        actions = []

    camera = args.camera if args.camera is not None or args.source else 0
    try:
        frames = open_frames(camera=camera, source=args.source)
    except PlayError as exc:
        raise CliError(str(exc)) from None
    try:
        led = open_led(args.led)
    except (ValueError, OSError) as exc:
        frames.close()
        raise CliError(f"--led {args.led}: {exc}") from None
    try:
        live = LiveTable(state, stable_frames=args.stable, led=led, journal=journal, record=setup,
                         actions=actions, game_id=args.resume)
        kept = f"game {live.session.game_id} is kept in {journal.path}" if journal is not None else "not kept"
        warnings: list[str] = []  # under the TUI, said when it closes; headless, at once
        headless = args.headless or not sys.stdout.isatty()
        feed = colour_checked(frame_feed(frames), (lambda line: print(line, file=sys.stderr)) if headless else warnings.append)
        who = ", ".join(f"{s.name} ({s.side})" for s in seats)
        where = args.source if args.source else f"camera {camera}"
        if headless:
            print(f"leafwatch play: {who}; watching {where}; {kept}")
            return run_headless(live, feed, err=lambda line: print(line, file=sys.stderr))
        from tui.app import run_tui

        code = run_tui(live, feed, title=f"leafwatch play: {who} ({where})", pace=args.pace)
        for line in warnings:
            print(line, file=sys.stderr)
        print(f"leafwatch play: {kept}")
        return code
    finally:
        if led is not None:
            led.close()
