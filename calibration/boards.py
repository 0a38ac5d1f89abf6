"""The table's own board sides, learned from pictures of its empty boards (`leafwatch calibrate boards`).

Every board in every picture is found (vision.locate) and rectified upright, as its player sees it; the
squares that carry a printed symbol are found and grouped by look (vision.printed_learning); the table
names each group once and may correct single squares; the sides are written as a kit: the reference
kit with its board sides replaced by the table's, which `play --kit`, `analyze --kit` and the others read.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import cv2
import numpy as np

from engine.errors import LeafwatchError, NotationError
from engine.indian_summer.kit import Kit, reference_kit_text
from engine.indian_summer.notation import PrintedLayout
from vision.grids import COLUMNS, ROWS
from vision.printed_learning import BoardLooks, Learned, board_looks, learn, symbol_evidence
from vision.thresholds import thresholds as default_thresholds

TREASURE_CHARS = {"berry": "b", "nut": "n", "mushroom": "m", "feather": "f", "plain": "."}
SIDE_NAME = re.compile(r"[A-Z0-9]{1,4}")  # a board and its face: A1 and A2, or 1A and 1B
SAME_BOARD = 0.92  # two boards whose symbol squares agree on this share of squares (either way round) are one
SETTLE_STEPS, SETTLE_GAIN = (1.0, 0.5, 0.25, 0.1), 0.01  # squares an edge is moved by; the least gain in evidence that moves it
DOUBTFUL_EVIDENCE = 0.6  # a board whose symbols stand out less than this share of the median board's is searched again
NO_BOARD_EVIDENCE = 0.15  # ... unless less than this share: a patch of table (dropped once its symbols are counted)
SEARCH_STEPS = ((1.5, 0.5), (0.5, 0.25), (0.2, 0.1))  # (squares each way, step) of each round of that search
SEARCH_LOOK = {"square_px": 24, "blur_px": 0.6}  # the search looks at a smaller board, three times sooner
SMALLEST_BOARD = 0.3  # share of the largest board's area in the picture
MIN_SYMBOLS, FEWEST_SYMBOLS_SHARE = 4, 0.3  # a board shows at least this many symbols, and this share of the median board's


class BoardsError(ValueError, LeafwatchError):
    """Pictures or answers that cannot teach the boards: one line saying why and what to do."""


@dataclass
class SeenBoard:
    picture: str  # the picture it was found in, as named on the command line
    place: int  # 1.. in reading order within its picture
    corners: np.ndarray  # 4x2 px, A1 top-left as its player sees it
    looks: BoardLooks


@dataclass
class Calibration:
    boards: list[SeenBoard]
    learned: Learned
    names: dict[int, str] = field(default_factory=dict)  # group -> treasure name

    def group_sizes(self) -> list[int]:
        every = np.concatenate(self.learned.groups)
        return [int((every == g).sum()) for g in range(self.learned.count)]

    def layout(self, board: int, fixes: dict[tuple[int, int], str] | None = None) -> str:
        """Board `board`'s printed notation with the groups named and the squares fixed."""
        groups = self.learned.groups[board]
        chars = [TREASURE_CHARS[self.names[g]] if g >= 0 else "." for g in groups]
        for (row, col), char in (fixes or {}).items():
            chars[row * COLUMNS + col] = char
        return "/".join("".join(chars[r * COLUMNS:(r + 1) * COLUMNS]) for r in range(ROWS))


def load_picture(spec: str) -> np.ndarray:
    """A picture: an image file, `camera:N`, `synthetic:SEED` or `synthetic:box:SEED:K` (a rendered box's empty
    boards, vision.synthetic.empty_boards)."""
    from vision.sources import SourceError, snapshot
    from vision.synthetic.empty_boards import box_picture, parse_box_source

    try:
        box = parse_box_source(spec)
    except ValueError as exc:
        raise BoardsError(str(exc)) from None
    if box is not None:
        seed, picture, style = box
        return box_picture(seed, picture, style).scene.image
    try:
        return snapshot(spec, settle_frames=10).image
    except SourceError as exc:
        raise BoardsError(str(exc)) from None


def boards_in(image: np.ndarray, *, thresholds: dict) -> list[np.ndarray]:
    """The grids of every board in a picture, upright (A1 top-left as the picture shows it), in reading order."""
    from vision.locate.location import locate

    grids = []
    for loc in locate(image, thresholds=thresholds):
        if loc.oriented:  # markers say which corner is A1
            grids.append(np.asarray(loc.corners, np.float64))
            continue
        ways = [loc.corners] + ([loc.alternative] if loc.alternative is not None else [])
        if loc.outline is not None:  # a board printed without a border: its grid is its outline
            ways += [loc.outline, np.roll(loc.outline, 1, axis=0)]
        grids.append(_upright(_settled(image, ways, thresholds=thresholds)))
    if grids:  # the boards of one picture lie at about one distance from the camera: a small grid is no board
        areas = [cv2.contourArea(np.float32(g)) for g in grids]
        grids = [g for g, a in zip(grids, areas) if a >= SMALLEST_BOARD * max(areas)]
    return _reading_order(_distinct(grids))


def _settled(image: np.ndarray, ways: list[np.ndarray], *, thresholds: dict) -> np.ndarray:
    """Of a board's grids (9 columns along either pair of edges, inside a border or on the outline), the one
    that puts the printed symbols most clearly in the middle of its squares, its edges then moved in and out
    in shrinking steps while they do so more. The floor of an empty board shows few lines for the grid's fit
    to hold on to, and an artwork without a border or grid lines leaves it half a square in."""
    from vision.board_reading import edge_moved

    def evidence(corners):
        return symbol_evidence(_rectified(image, corners, thresholds), thresholds=thresholds)

    scored = [(evidence(np.asarray(w, np.float64)), np.asarray(w, np.float64)) for w in ways]
    best, corners = max(scored, key=lambda s: s[0])
    for step in SETTLE_STEPS:
        moved = True
        while moved:
            moved = False
            for edge in range(4):
                for sign in (1, -1):
                    tried = edge_moved(corners, edge, sign * step)
                    got = evidence(tried)
                    if got > best * (1 + SETTLE_GAIN):
                        best, corners, moved = got, tried, True
    return corners


def _upright(corners: np.ndarray) -> np.ndarray:
    """The grid turned half round when that puts A1 nearer the picture's top-left (the board's rows run
    across the picture, top to bottom, as a player photographs their board from their seat)."""
    c = np.asarray(corners, np.float64)
    across = (c[1] - c[0]) + (c[2] - c[3])
    down = (c[3] - c[0]) + (c[2] - c[1])
    return c if across[0] + down[1] >= 0 else np.roll(c, 2, axis=0)


def _searched(image: np.ndarray, corners: np.ndarray, *, thresholds: dict) -> np.ndarray:
    """A grid whose symbols stand out far less than the other boards' searched again: its two edges across,
    then its two edges down, each pair moved together over a few squares in shrinking steps. An outline
    that took in a patch of light table puts two edges a square or more off, and moving one edge alone
    then finds no better grid (a symbol stands out only when its square is within a quarter square of it)."""
    from vision.board_reading import edge_moved

    coarse = {**thresholds, "printed_learning": {**thresholds["printed_learning"], **SEARCH_LOOK}}

    def evidence(c):
        return symbol_evidence(_rectified(image, c, coarse), thresholds=coarse)

    corners = np.asarray(corners, np.float64)
    best, kept = evidence(corners), corners
    for reach, step in SEARCH_STEPS:
        offsets = np.arange(-reach, reach + 1e-9, step)
        for first, second in ((0, 2), (1, 3)):
            start = kept
            for a in offsets:
                for b in offsets:
                    tried = edge_moved(edge_moved(start, first, a), second, b)
                    got = evidence(tried)
                    if got > best:
                        best, kept = got, tried
    return kept


def _distinct(grids: list[np.ndarray]) -> list[np.ndarray]:
    """Without a grid whose centre lies inside one before it (one board found twice)."""
    out: list[np.ndarray] = []
    for g in grids:
        centre = tuple(float(v) for v in g.mean(0))
        if not any(cv2.pointPolygonTest(np.float32(o), centre, False) >= 0 for o in out):
            out.append(g)
    return out


def _reading_order(grids: list[np.ndarray]) -> list[np.ndarray]:
    """Rows of boards top to bottom (boards whose centres lie within half a board's height are one row),
    each row left to right."""
    if not grids:
        return grids
    height = float(np.median([np.ptp(g[:, 1]) for g in grids]))
    by_y = sorted(grids, key=lambda g: g.mean(0)[1])
    rows: list[list[np.ndarray]] = [[by_y[0]]]
    for g in by_y[1:]:
        if g.mean(0)[1] - rows[-1][0].mean(0)[1] < height / 2:
            rows[-1].append(g)
        else:
            rows.append([g])
    return [g for row in rows for g in sorted(row, key=lambda g: g.mean(0)[0])]


def _rectified(image: np.ndarray, corners: np.ndarray, thresholds: dict) -> np.ndarray:
    from vision.locate.rectification import rectify

    return rectify(image, corners, int(thresholds["printed_learning"]["square_px"]))


def calibrate(pictures: list[tuple[str, np.ndarray]], thresholds: dict | None = None) -> Calibration:
    """Every board of every picture found, its symbols found and grouped. BoardsError for a picture with no
    board, or a board seen twice."""
    thresholds = thresholds or default_thresholds()
    boards = []
    found = []
    for name, image in pictures:
        grids = boards_in(image, thresholds=thresholds)
        if not grids:
            raise BoardsError(f"{name}: no board found; show the empty boards whole, on a table of another colour")
        found += [(name, image, place, corners) for place, corners in enumerate(grids, 1)]
    evidence = [symbol_evidence(_rectified(image, c, thresholds), thresholds=thresholds) for _, image, _, c in found]
    doubtful = DOUBTFUL_EVIDENCE * float(np.median(evidence))
    for (name, image, place, corners), clear in zip(found, evidence):
        if NO_BOARD_EVIDENCE * doubtful / DOUBTFUL_EVIDENCE <= clear < doubtful:  # no search for a patch of table
            corners = _settled(image, [_searched(image, corners, thresholds=thresholds)], thresholds=thresholds)
        looks = board_looks(_rectified(image, corners, thresholds), thresholds=thresholds)
        boards.append(SeenBoard(name, place, corners, looks))
    learned = learn([b.looks for b in boards], thresholds=thresholds)
    # a patch of table or cloth taken for a board shows hardly a symbol, where every side prints a score
    counts = np.array([(g >= 0).sum() for g in learned.groups])
    real = counts >= max(MIN_SYMBOLS, FEWEST_SYMBOLS_SHARE * float(np.median(counts)))
    if not real.all():
        boards = [b for b, keep in zip(boards, real) if keep]
        for name, _ in pictures:
            if not any(b.picture == name for b in boards):
                raise BoardsError(f"{name}: no board with printed symbols found; show the empty boards whole, "
                                  "on a table of another colour")
        learned = learn([b.looks for b in boards], thresholds=thresholds)
        boards = [SeenBoard(b.picture, place, b.corners, b.looks) for b, place in zip(boards, _places(boards))]
    twice = seen_twice(learned.groups)
    if twice is not None:
        a, b = (boards[i] for i in twice)
        raise BoardsError(f"board {a.place} of {a.picture} and board {b.place} of {b.picture} are the same side; "
                          "show each side of each board once")
    return Calibration(boards, learned)


def _places(boards: list[SeenBoard]) -> list[int]:
    """Each board's place (1..) within its picture, counted again."""
    seen: dict[str, int] = {}
    out = []
    for b in boards:
        seen[b.picture] = seen.get(b.picture, 0) + 1
        out.append(seen[b.picture])
    return out


def seen_twice(groups: list[np.ndarray]) -> tuple[int, int] | None:
    """Two boards whose symbol squares agree (as read or turned round) on nearly every square, or None."""
    marks = [(g >= 0).reshape(ROWS, COLUMNS) for g in groups]
    for i in range(len(marks)):
        for j in range(i + 1, len(marks)):
            if not marks[i].any():
                continue
            same = max((marks[i] == marks[j]).mean(), (marks[i] == marks[j][::-1, ::-1]).mean())
            if same >= SAME_BOARD:
                return i, j
    return None


def parse_names(text: str, count: int | None = None) -> dict[int, str]:
    """`1=nut,2=berry,...` -> {group index: treasure}; with `count`, every group 1..count must be named."""
    names: dict[int, str] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        number, sep, name = part.partition("=")
        if not sep or not number.strip().isdigit() or int(number) < 1:
            raise BoardsError(f"--names: {part[:30]!r} is not GROUP=TREASURE (e.g. 1=nut)")
        group = int(number) - 1
        if group in names:
            raise BoardsError(f"--names: group {group + 1} is named twice")
        names[group] = treasure_name(name)
    if count is None:
        return names
    beyond = sorted(g + 1 for g in names if g >= count)
    if beyond:
        raise BoardsError(f"--names: there is no group {beyond[0]}; the pictures gave groups 1 to {count}")
    missing = [str(g + 1) for g in range(count) if g not in names]
    if missing:
        raise BoardsError(f"--names names {len(names)} of {count} groups; name group {', '.join(missing)} too "
                          "(the contact sheet shows them)")
    return names


def treasure_name(text: str) -> str:
    name = text.strip().lower()
    if name not in TREASURE_CHARS:
        raise BoardsError(f"{text.strip()[:20]!r} is no treasure; say one of {'/'.join(TREASURE_CHARS)}")
    return name


def parse_sides(text: str, count: int) -> list[str]:
    names = [s.strip().upper() for s in text.split(",") if s.strip()]
    for name in names:
        check_side_name(name)
    if len(names) != count:
        raise BoardsError(f"--sides names {len(names)} sides, but the pictures show {count} boards")
    if len(set(names)) != len(names):
        raise BoardsError("--sides names a side twice; every board shows a side of its own")
    return names


def check_side_name(name: str) -> str:
    if not SIDE_NAME.fullmatch(name):
        raise BoardsError(f"side {name[:12]!r}: a side is named by its board and its face, e.g. A1 and A2 (or 1A and 1B)")
    return name


def default_sides(count: int) -> list[str]:
    """A1, A2, B1, B2, ...: the boards met in order, each board's two faces one after the other."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return [f"{letters[(i // 2) % 26]}{'' if i < 52 else i // 52}{i % 2 + 1}" for i in range(count)]


def parse_fix(text: str, sides: list[str] | None) -> tuple[str, tuple[int, int], str]:
    """`A1:C3=nut` -> (side, (row, column), printed char); `sides` None checks only the words."""
    where, sep, name = text.partition("=")
    side, sep2, square = where.partition(":")
    side, square = side.strip().upper(), square.strip().upper()
    if not sep or not sep2:
        raise BoardsError(f"--fix {text[:30]!r}: say SIDE:SQUARE=TREASURE, e.g. A1:C3=nut")
    check_side_name(side)
    if sides is not None and side not in sides:
        raise BoardsError(f"--fix {text[:30]!r}: no board is side {side[:12]}; the sides are {', '.join(sides)}")
    m = re.fullmatch(r"([A-I])([1-8])", square)
    if not m:
        raise BoardsError(f"--fix {text[:30]!r}: {square[:12]!r} is no square; columns A-I, rows 1-8, e.g. C3")
    return side, (int(m.group(2)) - 1, "ABCDEFGHI".index(m.group(1))), TREASURE_CHARS[treasure_name(name)]


def kit_text(sides: list[tuple[str, str]], base: str | None = None) -> str:
    """The reference kit (or `base`) with its board sides replaced by these (name, printed notation)."""
    text = reference_kit_text() if base is None else base
    kept = re.sub(r"\n*\[\[forest_floor\]\]\nside = \"[^\"\n]*\"\nprinted = \"[^\"\n]*\"\n?", "\n", text).rstrip("\n")
    blocks = "".join(f'\n[[forest_floor]]\nside = "{name}"\nprinted = "{layout}"\n' for name, layout in sides)
    header = "# The board sides below were learned from this table's own boards (leafwatch calibrate boards).\n"
    out = header + kept + "\n" + blocks
    try:
        kit = Kit.from_toml(out)
        for _, layout in sides:
            PrintedLayout.parse(layout)
    except NotationError as exc:
        raise BoardsError(f"the learned kit does not read back: {exc}") from None
    if [n for n, _ in kit.sides] != [n for n, _ in sides]:
        raise BoardsError("the learned kit does not read back with its sides")
    return out


def group_crops(calibration: Calibration, group: int, most: int) -> list[np.ndarray]:
    """Up to `most` crops (BGR squares) of a group's squares, spread over the boards."""
    found = [(b, i) for b, groups in enumerate(calibration.learned.groups) for i in np.flatnonzero(groups == group)]
    step = max(1, len(found) // most)
    return [calibration.boards[b].looks.crops[i] for b, i in found[::step][:most]]


def contact_sheet(calibration: Calibration, most: int = 12, scale: int = 2) -> np.ndarray:
    """A picture with a row per group: its number, size and a few crops of its squares."""
    px = calibration.boards[0].looks.crops.shape[1] * scale
    label_w, gap = 220, 4
    rows = []
    for g, size in enumerate(calibration.group_sizes()):
        row = np.full((px + 2 * gap, label_w + most * (px + gap) + gap, 3), 245, np.uint8)
        cv2.putText(row, f"group {g + 1}", (8, px // 2), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (30, 30, 30), 2, cv2.LINE_AA)
        cv2.putText(row, f"{size} squares", (8, px // 2 + 28), cv2.FONT_HERSHEY_SIMPLEX, 0.6, (60, 60, 60), 1,
                    cv2.LINE_AA)
        for k, crop in enumerate(group_crops(calibration, g, most)):
            x = label_w + gap + k * (px + gap)
            row[gap:gap + px, x:x + px] = cv2.resize(crop, (px, px), interpolation=cv2.INTER_NEAREST)
        rows.append(row)
    if not rows:
        return np.full((40, 400, 3), 245, np.uint8)
    return np.vstack(rows)


def half_blocks(crops: list[np.ndarray], size: int = 12) -> list[str]:
    """Lines of true-colour half blocks (each character two pixels, one above the other) showing the crops
    side by side, `size` pixels each way."""
    if not crops:
        return []
    small = [cv2.resize(c, (size, size), interpolation=cv2.INTER_AREA) for c in crops]
    lines = []
    for y in range(0, size, 2):
        parts = []
        for s in small:
            for x in range(size):
                (tb, tg, tr), (bb, bg, br) = s[y, x], s[min(y + 1, size - 1), x]
                parts.append(f"\x1b[38;2;{tr};{tg};{tb}m\x1b[48;2;{br};{bg};{bb}m\u2580")
            parts.append("\x1b[0m ")
        lines.append("".join(parts) + "\x1b[0m")
    return lines
