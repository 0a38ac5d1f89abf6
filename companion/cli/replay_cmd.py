"""`leafwatch replay SOURCE`: a recorded game (video or image folder) -> game record and standings."""
from __future__ import annotations

import json
import sys

from companion.cli.errors import CliError, UsageError


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
    p.set_defaults(func=_run)


def _declarations(path: str | None) -> dict[int, list[tuple[int, str]]]:
    out: dict[int, list[tuple[int, str]]] = {}
    if not path:
        return out
    import os

    if os.path.exists(path) and not os.path.isfile(path):  # a FIFO would block the read for ever
        raise CliError(f"--declare {path} is not a regular file")
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except OSError as exc:
        raise CliError(f"--declare {path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise CliError(f"--declare {path} is not a text file") from None
    for n, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = line.split(None, 2)
        if len(parts) < 3 or not parts[0].isdigit() or not parts[1].isdigit() or int(parts[1]) < 1:
            raise CliError(f"--declare {path}, line {n}: write 'FRAME SEAT ACTION', e.g. '120 2 berry'")
        out.setdefault(int(parts[0]), []).append((int(parts[1]) - 1, parts[2].strip()))
    return out


def _run(args) -> int:
    from companion.game_view import state_json
    from companion.live import DeclareItem, LiveTable
    from companion.play import PlayError, frame_feed, open_frames, parse_players, start_state, summary

    if args.stable < 1:
        raise UsageError("--stable must be 1 or more")
    try:
        seats = parse_players(args.players)
    except PlayError as exc:
        raise UsageError(str(exc)) from None
    declared = _declarations(args.declare)
    try:
        frames = open_frames(source=args.source)
    except PlayError as exc:
        raise CliError(str(exc)) from None
    setup = {"players": [{"name": s.name, "side": s.side} for s in seats], "deal": {"table": True}}
    live = LiveTable(start_state(seats), stable_frames=args.stable, record=setup)
    alerts = []
    failed = None
    try:
        for n, item in enumerate(frame_feed(frames), 1):
            for seat, text in declared.get(n, []):
                alerts += [x.text for x in live.process(DeclareItem(seat, text)).notices if x.kind == "alert"]
            alerts += [x.text for x in live.process(item).notices if x.kind == "alert"]
            if n % 50 == 0:
                print(f"replay: {n} frames, turn {live.session.state.turn}", file=sys.stderr, flush=True)
    except Exception as exc:  # a truncated video or an unreadable file: keep what was read
        failed = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    record = live.session.record(setup)
    if args.json:
        out = {"record": record, "frames": live.frames, "alerts": alerts, "stopped": failed}
        out.update({k: v for k, v in state_json(live.session.state).items() if k in ("players", "standings", "over", "turn")})
        print(json.dumps(out, indent=2))
    else:
        print(summary(live))
        for a in dict.fromkeys(alerts):
            print(f"alert: {a}")
        print(json.dumps(record))
    if failed:
        print(f"leafwatch replay: the recording stopped early: {failed}", file=sys.stderr)
        return 1
    return 0
