"""`leafwatch replay SOURCE`: a recorded game (video or image folder) -> game record and standings."""
from __future__ import annotations

import json
import sys

from leafwatch.cli import table_files
from leafwatch.cli.errors import UsageError


def register(sub) -> None:
    p = sub.add_parser("replay", help="follow a recorded game (video, image folder or glob) to its record and standings",
                       description="Read every frame of a recorded game, follow the moves as 'leafwatch play' "
                                   "would, and print the game record and the standings. Moves a camera "
                                   "cannot see are not in the frames: give them with --declare FILE "
                                   "(lines 'FRAME SEAT ACTION', e.g. '120 2 berry').")
    p.add_argument("source", help="a video file, a folder of images, or a glob")
    p.add_argument("--players", required=True, metavar="NAME:SIDE,...", help="who played on which board side, in turn order")
    p.add_argument("--declare", metavar="FILE", help="moves the camera cannot see, by frame number")
    p.add_argument("--stable", type=int, default=3, metavar="N", help="frames that must agree on a square (default 3)")
    p.add_argument("--json", action="store_true", help="print the record, final boards and standings as JSON")
    table_files.add_options(p)
    p.set_defaults(func=_run)


def _run(args) -> int:
    from companion.game_view import count_words, state_json
    from companion.live import DeclareItem
    from companion.seating import PlayError, parse_players, start_state
    from leafwatch import wiring
    from leafwatch.declarations import read_declarations, with_declarations
    from leafwatch.headless import summary

    if args.stable < 1:
        raise UsageError("--stable must be 1 or more")
    profile = table_files.load_profile(args.profile)
    kit = table_files.load_kit(args.kit)
    try:
        seats = parse_players(args.players, kit)
    except PlayError as exc:
        raise UsageError(str(exc)) from None
    declared = read_declarations(args.declare) if args.declare else {}
    frames = wiring.open_frames(source=args.source)
    setup = {"players": [{"name": s.name, "side": s.side} for s in seats], "deal": {"table": True}}
    table = wiring.wire(start_state(seats, kit), setup, with_declarations(wiring.frame_feed(frames), declared),
                        stable=args.stable, profile=profile)
    live = table.live
    alerts = []
    failed = None
    try:
        for item in table.feed:
            alerts += [x.text for x in live.process(item).notices if x.kind == "alert"]
            if not isinstance(item, DeclareItem) and live.frames % 50 == 0:
                print(f"replay: {live.frames} frames, turn {live.session.state.turn}", file=sys.stderr, flush=True)
    except Exception as exc:  # a truncated video or an unreadable file: keep what was read
        failed = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    finally:
        table.close()
    record = live.session.record(setup)
    if args.json:
        out = {"record": record, "frames": live.frames, "alerts": alerts, "stopped": failed}
        out.update({k: v for k, v in state_json(live.session.state).items() if k in ("players", "standings", "over", "turn")})
        print(json.dumps(out, indent=2))
    else:
        print(summary(live))
        for a in dict.fromkeys(alerts):
            print(f"alert: {a}")
        actions = record["actions"]
        print(f"game record: {count_words(len(actions), 'action')} (--json writes it as a record file)"
              + (":" if actions else ""))
        for i, action in enumerate(actions, 1):
            print(f"  {i:>3}. {action}")
    if failed:
        print(f"leafwatch replay: the recording stopped early: {failed}", file=sys.stderr)
        return 1
    return 0
