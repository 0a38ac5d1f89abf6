"""`leafwatch analyze IMAGE [--json] [--profile FILE] [--kit FILE] [--debug DIR]`: read every board in one frame
(an image file, one live frame of `camera:N`, or a rendered `synthetic:SEED`)."""
from __future__ import annotations

import argparse
import json
import pathlib
import sys

from leafwatch.cli import table_files
from leafwatch.cli.errors import CliError


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "analyze", help="find every board in one image and read its squares",
        description="Find every Forest Floor board in IMAGE and read its pieces and printed symbols.")
    p.add_argument("image", metavar="IMAGE",
                   help="an image file, camera:N for one live frame of camera N, or synthetic:SEED for a rendered scene")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    table_files.add_options(p)
    p.add_argument("--debug", metavar="DIR", help="write the rectified boards with grid and classes drawn "
                   "(frame.png, board1.png, ...; existing files are kept unless --force)")
    p.add_argument("--force", action="store_true", help="let --debug replace pictures already in DIR")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import os

    os.environ.setdefault("OPENCV_LOG_LEVEL", "ERROR")  # OpenCV's own lines about a missing camera
    # OpenCV loads here, not at import, so other commands stay fast
    import cv2

    from vision.analysis import analyze
    from vision.camera_check import limits
    from vision.sources import SourceError, load_image, snapshot

    profile = table_files.load_profile(args.profile)
    known = table_files.kit_sides(table_files.load_kit(args.kit)) if args.kit else None
    from leafwatch.progress import Progress
    from vision.image_checks import GREYSCALE_WARNING, looks_greyscale, short_name

    shown = short_name(args.image)
    if args.debug:  # refused before the work: any picture of an earlier run is not replaced without --force
        from store.safe_output import check_new

        out = pathlib.Path(args.debug)
        check_new([out / "frame.png"] + (sorted(out.glob("board*.png")) if out.is_dir() else []), args.force)
    try:
        with Progress(f"reading {shown}"):
            if args.image.startswith(("synthetic:", "camera:")):
                image = snapshot(args.image, int(limits()["snapshot"]["settle_frames"])).image
            else:
                image = load_image(args.image)
    except SourceError as exc:
        raise CliError(str(exc)) from None
    if profile is not None:
        image = profile.undistorted(image)
    if looks_greyscale(image):
        print(f"leafwatch analyze: warning: {shown}: {GREYSCALE_WARNING}", file=sys.stderr)
    try:
        with Progress(f"finding boards in {shown} ({image.shape[1]}x{image.shape[0]})"):
            result = analyze(image, profile=profile, known_sides=known)
    except (cv2.error, ValueError, MemoryError) as exc:  # a picture the reader's stages cannot take
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[-1]
        raise CliError(f"{shown}: cannot be read as a table picture ({first.strip()[:160]})") from None
    if args.debug:
        from vision.debug import write_debug

        out = pathlib.Path(args.debug)
        check_new([out / "frame.png"] + [out / f"board{i + 1}.png" for i in range(len(result.boards))], args.force)
        try:
            write_debug(out, image, result)
        except OSError as exc:
            raise CliError(f"cannot write debug pictures to {args.debug}: {exc.strerror}") from None
    if args.json:
        print(json.dumps(result.to_dict()))
        return 0
    print(f"{shown}: {image.shape[1]}x{image.shape[0]}, {len(result.boards)} board(s) found")
    if not result.boards:
        print("  no board in view: check that the whole board is in the frame and stands out from the table")
    for i, b in enumerate(result.boards):
        unsure = sum(r.count("?") for r in b.pieces.split("/"))
        print(f"board {i + 1}: side {b.side or 'unknown'}, found by {b.method}, oriented by {b.oriented_by}, "
              f"{unsure} square(s) unsure, lowest confidence {b.confidence.min():.2f}")
        print("  A1 corner at ({:.0f}, {:.0f})".format(*b.corners[0]))
        if b.beyond_picture:
            shown = ", ".join(b.beyond_picture[:8]) + (", ..." if len(b.beyond_picture) > 8 else "")
            print(f"  {len(b.beyond_picture)} square(s) beyond the picture ({shown}) read '?': "
                  "move the camera or the board so all of it shows")
        print("      pieces      printed")
        for n, (pr, pt) in enumerate(zip(b.pieces.split("/"), b.printed.split("/"))):
            print(f"  {n + 1}  {pr}   {pt}")
    return 0
