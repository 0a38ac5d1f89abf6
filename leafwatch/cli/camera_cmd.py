"""`leafwatch camera check`: before the first move, one snapshot through the real pipeline, every board found
drawn on it, and a warning for each thing about the picture that would spoil a game."""
from __future__ import annotations

import argparse

from leafwatch.cli import table_files
from leafwatch.cli.errors import CliError

DEFAULT_STEM = "camera-check"


def register(sub) -> None:
    p = sub.add_parser("camera", help="check the camera before a game",
                       description="Check what the camera sees before a game.")
    actions = p.add_subparsers(dest="action", metavar="ACTION")
    check = actions.add_parser(
        "check", help="one snapshot: every board found drawn on it, and warnings for light, glare, focus, "
                      "colour and framing",
        description="Take one snapshot, find and read every board in it as 'leafwatch play' would, and write a "
                    "PNG with each board drawn on it: its grid, the A1 corner, the side named, the squares it "
                    "cannot read crossed. Warns about light too dark or too bright, glare, poor focus, a board "
                    "cut by the picture's edge, a picture without colour, and no board found. Exit 0 when the "
                    "picture is fit to play by, 1 when something must be mended first.")
    src = check.add_mutually_exclusive_group()
    src.add_argument("--camera", type=int, metavar="N", help="camera number (default 0 when no --source)")
    src.add_argument("--source", metavar="PATH",
                     help="an image, a video (its first frame), a folder of images (the first), or synthetic:SEED")
    check.add_argument("--out", metavar="FILE.png",
                       help=f"where the picture goes (default: a new {DEFAULT_STEM}.png in this folder, numbered "
                            "when that name is taken); a file leafwatch did not write is never replaced "
                            "without --force")
    check.add_argument("--force", action="store_true", help="replace --out even when leafwatch did not write it")
    table_files.add_options(check)
    check.set_defaults(func=_check)
    p.set_defaults(func=lambda args: _no_action(p))


def _no_action(parser) -> int:
    parser.print_help()
    return 2


def _check(args: argparse.Namespace) -> int:
    import os

    os.environ.setdefault("OPENCV_LOG_LEVEL", "ERROR")  # OpenCV's own lines about a missing camera
    from vision.camera_check import check_frame, limits
    from vision.overlay import draw_boards, may_write, write_png
    from vision.sources import SourceError, snapshot

    profile = table_files.load_profile(args.profile)
    known = table_files.kit_sides(table_files.load_kit(args.kit)) if args.kit else None
    if args.out and not args.out.lower().endswith(".png"):
        raise CliError(f"--out {args.out}: the picture is written as PNG; give a name ending in .png")
    if args.out:
        may_write(args.out, args.force)  # before the camera is opened, not after
    camera = args.camera if args.camera is not None or args.source else 0
    spec = args.source if args.source is not None else f"camera:{camera}"
    where = args.source if args.source is not None else f"camera {camera}"
    try:
        frame = snapshot(spec, int(limits()["snapshot"]["settle_frames"]))
    except SourceError as exc:
        raise CliError(str(exc)) from None
    image = frame.image
    check = check_frame(image, profile, known)
    head = f"camera check of {where} ({image.shape[1]}x{image.shape[0]}): {check.summary()}"
    lines = [head] + check.board_lines() + [f"warning: {w.text}" for w in check.warnings]
    path = write_png(draw_boards(image, check.result, lines), args.out, stem=DEFAULT_STEM, replace=args.force)
    for line in lines:
        print(line if line is head or line.startswith("warning") else f"  {line}")
    print(f"picture: {path}")
    if check.usable:
        print("the camera's picture is fit to play by")
        return 0
    print(f"mend the {len(check.warnings)} warning(s) above and check again")
    return 1
