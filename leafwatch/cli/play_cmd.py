"""`leafwatch play`: the live companion on a camera, a video, an image folder or a glob."""
from __future__ import annotations

import argparse
import sys

from leafwatch.cli import table_files
from leafwatch.cli.errors import CliError, UsageError


def register(sub) -> None:
    p = sub.add_parser(
        "play", help="live companion: watch a real table through a camera or a recording",
        description="Watch a real game of Indian Summer: every board is read from the camera, each move "
                    "checked, and the table told what to do next. Without a terminal (or with --headless) "
                    "the notices are printed as lines instead of the TUI.",
        epilog="Keys in the TUI: p place a leaf tile, s a squirrel, n a squirrel for a Nut, w an animal (arrows "
               "move, r rotate, v flip, enter place), b Berry, x exchange, m Mushroom, f Feather, e end the turn, "
               "d declare any action, u undo, Enter take an offered explanation, a dismiss alerts, c camera check (a "
               "picture of the last frame with the boards drawn, and warnings), ? every key, space pause/resume, + and - "
               "pace, q quit.")
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
    src.add_argument("--no-camera", action="store_true",
                     help="no camera: every move is told with the keys (p tile, s squirrel, n Nut, w animal), "
                          "or headless one action a line on standard input")
    p.add_argument("--declare", metavar="FILE",
                   help="moves told in writing: lines 'ACTION' or '[SEAT] ACTION' taken at once, in order, or "
                        "'FRAME SEAT ACTION' taken before that frame (e.g. '120 2 berry', '130 - accept'); "
                        "'-' reads standard input as it is typed (and prints lines instead of the TUI). "
                        "Without a camera, headless play reads standard input anyway")
    p.add_argument("--from", dest="from_file", metavar="FILE",
                   help="go on with a game in progress: a game record (its 'position' or 'deal', and its actions)")
    p.add_argument("--take-up", action="store_true",
                   help="join a game in progress: the camera reads every board, the players check the reading "
                        "and tell their treasures, paths and whose turn it is, and the game goes on from there")
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
    from leafwatch.declarations import read_declarations, typed_lines, with_declarations
    from store.journal import open_journal

    if args.stable < 1:
        raise UsageError("--stable must be 1 or more")
    if not 0 <= args.pace <= 10:
        raise UsageError("--pace must be 0 to 10 seconds")
    if args.resume is not None and args.no_journal:
        raise UsageError("--resume needs the journal; drop --no-journal")
    if args.from_file is not None and (args.resume is not None or args.players):
        raise UsageError("--from FILE names the players and the game; drop --players and --resume")
    if args.take_up and (args.no_camera or args.resume is not None or args.from_file is not None):
        raise UsageError("--take-up reads the table with a camera for a new game; drop --no-camera, --resume and --from")
    if args.resume is None and args.from_file is None and not args.players:
        raise UsageError("--players is needed, e.g. --players \"Tini:A1,Claus:B2\" (or --resume GAME, or --from FILE)")
    profile = table_files.load_profile(args.profile)
    kit = table_files.load_kit(args.kit)
    seats = None
    if args.resume is None and args.from_file is None:
        try:
            seats = parse_players(args.players, kit)
        except PlayError as exc:
            raise UsageError(str(exc)) from None

    # standard input that carries the moves cannot also carry the keys of the TUI
    headless = args.headless or not wiring.has_terminal() or args.declare == "-"
    declared = read_declarations(args.declare) if args.declare not in (None, "-") else {}
    taken_up = _game_from(args.from_file, kit) if args.from_file is not None else None
    warnings: list[str] = []
    warn_now = lambda line: print(f"leafwatch play: {line}", file=sys.stderr)  # noqa: E731
    warn = warn_now if headless else warnings.append
    journal = None if args.no_journal else _journal(open_journal, args.journal)
    feed = None
    try:
        if args.resume is not None:
            setup, actions, state = journal.resume(args.resume, kit)
            seats = list(state.players)
        elif taken_up is not None:
            setup, actions, state = taken_up
            seats = list(state.players)
        else:
            state = start_state(seats, kit)
            setup = {"players": [{"name": s.name, "side": s.side} for s in seats], "deal": {"table": True}}
            actions = []
        if args.no_camera:
            typed = args.declare == "-" or (headless and args.declare is None)
            feed, where = _without_camera(declared, typed, headless), "no camera"
        else:
            camera = args.camera if args.camera is not None or args.source else 0
            feed = wiring.colour_checked(wiring.frame_feed(wiring.open_frames(camera=camera, source=args.source)),
                                         warn)
            where = args.source if args.source else f"camera {camera}"
            if args.take_up:
                from leafwatch.take_up import take_up

                setup, state = take_up(state, feed, headless=headless, stable=args.stable, profile=profile)
            if args.declare is not None:
                feed = with_declarations(feed, declared, typed_lines() if args.declare == "-" else None)
    except BaseException:
        if feed is not None:
            feed.close()
        if journal is not None:
            journal.close()
        raise
    table = wiring.wire(state, setup, feed, actions=actions, game_id=args.resume,
                        journal=journal, led_url=args.led, stable=args.stable, profile=profile,
                        search_beside=not args.no_camera and args.source is None)  # a live camera
    who = ", ".join(f"{s.name} ({s.side or 'own board'})" for s in seats)
    kept = f"game {table.game_id} in {journal.path}" if journal is not None else "not kept"
    doing = "moves told one a line" if args.no_camera and headless else f"watching {where}"
    if args.no_camera and headless and args.declare in (None, "-") and _typing():
        doing += " (type each action, e.g. 'leaf path:1 *A1 B1 C1', 'squirrel E4', 'berry', 'end'; Ctrl-D ends)"
    code = wiring.run(table, headless=headless, title=f"leafwatch play: {who} ({where})", prog="leafwatch play",
                      pace=args.pace, announce=f"leafwatch play: {who}; {doing}; {kept}")
    for line in warnings:  # what the camera's first frame showed, said once the screen has closed
        warn_now(line)
    if args.profile and table.live.learning is not None:
        from companion.appearance_learning import save_beside

        print(f"leafwatch play: {save_beside(args.profile, table.live.learning.memory)}")
    return code


def _typing() -> bool:
    import sys

    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False


def _without_camera(declared: dict, typed: bool, headless: bool):
    """The feed of a table without a camera: what --declare FILE says, in order, then the lines typed
    on standard input as they come; in the TUI without them, None (the keys tell every move)."""
    import sys

    from leafwatch import wiring

    if not declared and not typed:
        return None if not headless else iter(())
    written = [item for frame in sorted(declared) for item in declared[frame]]

    def feed():
        yield from written
        if typed:
            yield from wiring.declaration_feed(sys.stdin)
    return feed()


def _game_from(path: str, kit=None):
    """(set-up, actions, start state) of a game record to go on with: its start (a deal, or a position
    of a game in progress) and the actions it already holds."""
    from engine.indian_summer.record import load_record, play_record
    from store.files import read_json

    data = read_json(path)
    record = load_record(data, kit)
    play_record(record)  # an illegal action is one line naming it, before anything starts
    setup = {k: v for k, v in data.items() if k != "actions"}
    return setup, list(record.actions), record.start


def _journal(open_journal, path):
    from store.journal import JournalError

    try:
        return open_journal(path)
    except JournalError as exc:
        raise CliError(f"{exc} (or play with --no-journal)") from None
