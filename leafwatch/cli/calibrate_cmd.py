"""`leafwatch calibrate markers|colours|sheet|camera|boards`: print the corner markers; measure the camera's colour
cast; print the lens sheet and measure the lens; learn the table's own board sides."""
from __future__ import annotations

import json
import pathlib

from leafwatch.cli.errors import CliError, UsageError


def register(sub) -> None:
    p = sub.add_parser("calibrate", help="print corner markers; measure the camera's colour cast; learn the boards",
                       description="Corner markers let the camera find every board and its A1 corner on "
                                   "any table; the colour profile removes the camera's colour cast.")
    verbs = p.add_subparsers(dest="verb", metavar="VERB", required=True)
    m = verbs.add_parser("markers", help="write one printable A4 sheet (PNG) of corner markers per board")
    m.add_argument("--out", required=True, metavar="DIR", help="folder for board1.png ... boardN.png")
    m.add_argument("--boards", type=int, default=4, help="how many boards (1-4, default 4)")
    m.add_argument("--square-mm", type=float, default=30.0, help="width of one Forest Floor square in mm (default 30)")
    m.add_argument("--dpi", type=int, default=300, help="printer resolution (default 300); print at 100 %%")
    m.set_defaults(func=_markers)
    c = verbs.add_parser("colours", help="measure the camera's colour cast on the markers' white margins")
    c.add_argument("image", help="a camera frame with the corner markers in view")
    c.add_argument("--out", required=True, metavar="FILE", help="the profile to write (JSON, a new file), for --profile")
    c.add_argument("--force", action="store_true", help="replace FILE if it exists")
    c.set_defaults(func=_colours)
    sh = verbs.add_parser("sheet", help="write the printable ChArUco sheet (PNG, A4) that measures the lens")
    sh.add_argument("--out", required=True, metavar="FILE", help="the PNG to write (a new file)")
    sh.add_argument("--dpi", type=int, default=300, help="printer resolution (default 300); print at 100 %%")
    sh.add_argument("--force", action="store_true", help="replace FILE if it exists")
    sh.set_defaults(func=_sheet)
    cam = verbs.add_parser("camera", help="measure the lens from pictures of the ChArUco sheet",
                           description="Photograph the printed sheet (`calibrate sheet`) with the table's camera "
                                       "from ten or more angles, near and far, tilted and in the corners of the "
                                       "picture; this measures the lens and writes it into a profile, so that "
                                       "frames are undistorted before they are read.")
    cam.add_argument("source", help="the pictures: a folder of images, a glob, or a video")
    cam.add_argument("--out", required=True, metavar="FILE", help="the profile to write (JSON, a new file)")
    cam.add_argument("--profile", metavar="FILE", help="a colour profile whose colour cast the new one keeps")
    cam.add_argument("--force", action="store_true", help="replace FILE if it exists")
    cam.set_defaults(func=_camera)
    bd = verbs.add_parser(
        "boards", help="learn the table's own board sides from pictures of the empty boards",
        description="Photograph the empty boards, each side of each board once (several boards a picture is "
                    "fine), each board from its player's seat. Every board is found, the squares that carry a "
                    "printed symbol are grouped by look, and you name each group once; the sides are written "
                    "as a kit for `play --kit`, `analyze --kit` and the others.",
        epilog="Groups are numbered from the largest. A contact sheet of every group (FILE with -groups.png) is "
               "written beside the kit.")
    bd.add_argument("pictures", nargs="+", metavar="PICTURE",
                    help="an image file, camera:N, or synthetic:box:SEED:K (a rendered box's empty boards, K 1-6)")
    bd.add_argument("--out", required=True, metavar="FILE", help="the kit to write (TOML, a new file)")
    bd.add_argument("--names", metavar="N=TREASURE,...",
                    help="name the groups without asking, e.g. 1=berry,2=nut,3=mushroom,4=feather (plain for "
                         "a group that is no symbol)")
    bd.add_argument("--sides", metavar="SIDE,...",
                    help="the side each board is, in the order found (pictures in turn, each top to bottom, "
                         "left to right), e.g. A1,B1,C1; default A1, A2, B1, B2, ... (asked at a terminal)")
    bd.add_argument("--fix", action="append", default=[], metavar="SIDE:SQUARE=TREASURE",
                    help="correct one square, e.g. A2:C3=nut or A2:C3=plain (again for more)")
    bd.add_argument("--force", action="store_true", help="replace FILE and its contact sheet if they exist")
    bd.set_defaults(func=_boards)


def _markers(args) -> int:
    import cv2

    from calibration.markers import marker_sheet

    if not 1 <= args.boards <= 4:
        raise UsageError("--boards must be 1 to 4")
    if not 72 <= args.dpi <= 1200:
        raise UsageError("--dpi must be 72 to 1200")
    out = pathlib.Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"cannot make {out}: {exc.strerror}") from None
    for board in range(args.boards):
        try:
            page = marker_sheet(board, args.square_mm, args.dpi)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        path = out / f"board{board + 1}.png"
        if not cv2.imwrite(str(path), page):
            raise CliError(f"cannot write {path}")
        print(f"{path}: board {board + 1}, markers {4 * board}-{4 * board + 3}, {args.square_mm:g} mm squares at {args.dpi} dpi")
    return 0


def _colours(args) -> int:
    from calibration.colour import CalibrationError, measure_white
    from store.safe_output import check_new, write_text
    from vision.sources import SourceError, load_image

    check_new([args.out], args.force)  # before the work, so that a refusal costs nothing
    try:
        image = load_image(args.image)
    except SourceError as exc:
        raise CliError(str(exc)) from None
    try:
        profile = measure_white(image)
    except CalibrationError as exc:
        raise CliError(str(exc)) from None
    write_text(args.out, json.dumps({"white_bgr": list(profile.white_bgr)}, indent=2) + "\n", args.force)
    b, g, r = profile.white_bgr
    print(f"{args.out}: the markers' white reads B {b:.0f} G {g:.0f} R {r:.0f}; use it with --profile {args.out}")
    return 0


def _sheet(args) -> int:
    import cv2

    from calibration.camera import Sheet
    from store.safe_output import check_new

    if not 72 <= args.dpi <= 1200:
        raise UsageError("--dpi must be 72 to 1200")
    if pathlib.Path(args.out).suffix.lower() != ".png":
        raise UsageError("--out names a .png file")
    check_new([args.out], args.force)
    sheet = Sheet()
    if not cv2.imwrite(args.out, sheet.image(args.dpi)):
        raise CliError(f"cannot write {args.out}")
    print(f"{args.out}: {sheet.squares[0]}x{sheet.squares[1]} squares of {sheet.square_mm:g} mm on A4; print it at "
          "100 % and check one square with a ruler")
    return 0


def _camera(args) -> int:
    from calibration.camera import measure_lens
    from calibration.colour import CalibrationError
    from leafwatch.cli import table_files
    from store.safe_output import check_new, write_text
    from vision.sources import SourceError, open_source

    check_new([args.out], args.force)  # before the work, so that a refusal costs nothing
    colour = table_files.load_profile(args.profile) if args.profile else None

    def frames():
        with open_source(args.source) as source:
            while (frame := source.read()) is not None:
                yield frame.image

    try:
        report = measure_lens(frames())
    except (SourceError, CalibrationError) as exc:
        raise CliError(str(exc)) from None
    data = {"lens": report.lens.to_json()}
    if colour is not None and colour.white_bgr is not None:
        data["white_bgr"] = list(colour.white_bgr)
    write_text(args.out, json.dumps(data, indent=2) + "\n", args.force)
    rms = report.lens.rms
    verdict = ("a good fit" if rms < 0.5 else "a fair fit" if rms < 1.0 else
               "a poor fit: take the pictures again, the sheet flat and sharp, from more angles")
    print(f"{args.out}: the lens measured from {report.views} pictures ({report.skipped} without the sheet): "
          f"reprojection error {rms:.2f} px, {verdict}; use it with --profile {args.out}")
    return 0 if rms < 1.0 else 1


TREASURES_ASKED = "berry/nut/mushroom/feather/plain"


def _boards(args) -> int:
    import os
    import sys

    os.environ.setdefault("OPENCV_LOG_LEVEL", "ERROR")  # OpenCV's own lines about a missing camera
    import cv2

    from calibration import boards as cb
    from store.files import FileError
    from store.safe_output import check_new, write_text

    out = pathlib.Path(args.out)
    sheet = out.with_name(out.stem + "-groups.png")
    check_new([out], args.force)  # before the work, so that a refusal costs nothing
    if not out.parent.is_dir():
        raise CliError(f"cannot write {args.out}: no folder {out.parent}")
    if len(set(args.pictures)) != len(args.pictures):
        raise UsageError("a picture is given twice; give each picture once")
    asking = sys.stdin.isatty()
    if args.names is not None:
        cb.parse_names(args.names)  # its words, before the work
    for text in args.fix:
        cb.parse_fix(text, None)
    pictures = []
    for spec in args.pictures:
        pictures.append((spec, cb.load_picture(spec)))
    calibration = cb.calibrate(pictures)
    for spec, _ in pictures:
        found = sum(b.picture == spec for b in calibration.boards)
        print(f"{spec}: {found} board{'s' if found != 1 else ''}")
    sizes = calibration.group_sizes()
    print(f"{sum(sizes)} printed symbols in {len(sizes)} groups on {len(calibration.boards)} boards")
    try:
        # a sheet an earlier run left (named from it, the groups are the same) is kept, not refused: the
        # table looks at it to name the groups on the next run
        check_new([sheet], args.force)
    except FileError:
        print(f"{sheet} exists and is kept (--force replaces it)")
    else:
        if not cv2.imwrite(str(sheet), cb.contact_sheet(calibration)):
            raise CliError(f"cannot write {sheet}")
        print(f"{sheet}: a row of crops for every group")
    if args.names is not None:
        calibration.names = cb.parse_names(args.names, len(sizes))
    else:
        for g, size in enumerate(sizes):
            for line in cb.half_blocks(cb.group_crops(calibration, g, 6)) if sys.stdout.isatty() else []:
                print(line)
            calibration.names[g] = cb.treasure_name(_ask(f"group {g + 1} ({size} squares): which treasure? "
                                                         f"[{TREASURES_ASKED}] ", f"group {g + 1} has no name"))
    count = len(calibration.boards)
    if args.sides is not None:
        sides = cb.parse_sides(args.sides, count)
    elif asking and args.names is None:
        sides = []
        for board, default in zip(calibration.boards, cb.default_sides(count)):
            answer = _ask(f"board {board.place} of {board.picture}: which side? [{default}] ", "no side named")
            name = cb.check_side_name(answer.strip().upper() or default)
            if name in sides:
                raise cb.BoardsError(f"side {name} is named twice; every board shows a side of its own")
            sides.append(name)
    else:
        sides = cb.default_sides(count)
    fixes: dict[int, dict] = {}
    answers = list(args.fix)
    if asking and args.names is None:
        while (line := _ask("fix a square (e.g. A1:C3=nut), or Enter when done: ", "").strip()):
            answers.append(line)
    for text in answers:
        side, square, char = cb.parse_fix(text, sides)
        fixes.setdefault(sides.index(side), {})[square] = char
    learned = [(name, calibration.layout(b, fixes.get(b))) for b, name in enumerate(sides)]
    write_text(out, cb.kit_text(learned), args.force)
    for (name, layout), board in zip(learned, calibration.boards):
        counts = ", ".join(f"{layout.count(c)} {n}" for n, c in cb.TREASURE_CHARS.items() if c != ".")
        print(f"{name} (board {board.place} of {board.picture}): {layout}  ({counts})")
    print(f"{out}: {len(learned)} board sides; use it with --kit {out}")
    return 0


def _ask(prompt: str, at_end: str) -> str:
    """One line from standard input; at its end, CliError(at_end) (or "" when at_end is empty)."""
    import sys

    print(prompt, end="", flush=True)
    line = sys.stdin.readline()
    if not line:
        print()
        if at_end:
            raise CliError(f"{at_end}: standard input ended; name every group, or pass --names")
        return ""
    return line.rstrip("\n")
