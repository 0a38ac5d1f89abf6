"""A table seen by a camera with 1 to 4 boards, and the ground truth of what is on it.

World units are squares; the table is the plane Z = 0 with X right, Y down and Z into the table, so a
camera straight above with no roll sees the table unmirrored. Every random choice comes from one
numpy Generator seeded by the scene seed: the same seed gives the same image, byte for byte.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from vision.grids import COLUMNS, ROWS
from vision.kit import load_kit, physical_board
from vision.locate.markers import MarkerLayout, load_marker_layout
from vision.synthetic.artwork import Artwork, draw_board, hsv, random_artwork
from vision.synthetic.positions import played_position, random_position, with_treasure_tokens

OCCLUDED_SHARE = 0.08  # a square counts as occluded when more than this share of it is hidden
OCCLUSION_SAMPLES = 16  # per side of a square: the share hidden is measured on this many x this many points
PX = 40  # pixels per square of the flat artwork before it is warped into the frame


@dataclass(frozen=True)
class BoardSpec:
    """What to put on the table: a known side (or any printed notation) and a piece notation."""
    pieces: str
    side: str | None = None
    printed: str | None = None
    tiles: tuple | None = None  # 8x9 tile ids, so outlines follow tiles; None: same-colour groups


@dataclass(frozen=True)
class Conditions:
    tilt_deg: float = 0.0  # camera off vertical
    fill: float = 0.8  # share of the frame the boards' bounding box takes
    lens_k: float = 0.0  # radial distortion (barrel < 0 < pincushion)
    light_gradient: float = 0.0
    warmth: float = 0.0  # -1 cold .. +1 warm colour cast
    exposure: float = 1.0
    shadows: int = 0
    glare: int = 0
    hands: int = 0
    noise: float = 0.0  # sensor noise sigma in grey levels
    blur: float = 0.0  # Gaussian sigma in pixels
    jpeg: int = 0  # JPEG quality, 0 = no compression
    table: str = "wood"
    markers: bool = False
    free_rotation: bool = True  # boards at any angle; False: near the four seats
    art_style: int = 0  # 1: the held-out artwork (see vision.synthetic.artwork.Artwork.style)

    @staticmethod
    def random(rng: np.random.Generator) -> "Conditions":
        u = rng.uniform
        return Conditions(
            tilt_deg=float(u(0, 35)), fill=float(u(0.55, 0.95)),
            lens_k=float(u(-0.06, 0.04)) if rng.random() < 0.5 else 0.0,
            light_gradient=float(u(0, 0.45)), warmth=float(u(-1, 1)), exposure=float(u(0.7, 1.15)),
            shadows=int(rng.integers(0, 3)), glare=int(rng.integers(0, 3)), hands=int(rng.choice([0, 0, 1, 1, 2])),
            noise=float(u(0, 7)), blur=float(u(0, 1.3)), jpeg=int(rng.choice([0, int(u(35, 95))])),
            table=str(rng.choice(["wood", "felt", "dark", "light", "pattern"])),
            markers=bool(rng.random() < 0.25), free_rotation=bool(rng.random() < 0.5),
        )

    def describe(self) -> dict:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


@dataclass(frozen=True)
class BoardTruth:
    corners: np.ndarray  # 4x2: A1 top-left, I1 top-right, I8 bottom-right, A8 bottom-left (image px)
    pieces: str
    printed: str
    side: str | None
    occluded: np.ndarray  # 8x9 bool: more than OCCLUDED_SHARE of the square hidden (hand, frame edge)
    visible_fraction: float
    margin: float  # squares of printed border around the grid
    index: int  # board number on the table (marker ids 4*index .. 4*index+3)


@dataclass(frozen=True)
class Scene:
    seed: int
    image: np.ndarray
    boards: list[BoardTruth]
    conditions: Conditions
    artwork: list[Artwork] = field(default_factory=list)


def random_boards(rng: np.random.Generator, n: int | None = None) -> list[BoardSpec]:
    """1-4 boards (n when given) of random sides, tiles dropped anywhere they fit."""
    return _boards(rng, n, random_position)


def played_boards(rng: np.random.Generator, n: int | None = None) -> list[BoardSpec]:
    """Like random_boards, with boards grown as in a game (vision.synthetic.positions.played_position)."""
    return _boards(rng, n, played_position)


def _boards(rng: np.random.Generator, n: int | None, position) -> list[BoardSpec]:
    names = sorted(load_kit().sides)
    n = int(rng.integers(1, 5)) if n is None else n
    specs = []
    for _ in range(n):
        pos = position(rng)
        side = _side_of_a_free_board(names, int(rng.integers(len(names))), [s.side for s in specs])
        pos = with_treasure_tokens(pos, load_kit().sides[side])
        specs.append(BoardSpec(pos.pieces, side=side, tiles=pos.tiles))
    return specs


def _side_of_a_free_board(names: list[str], drawn: int, on_table: list[str]) -> str:
    """The drawn side, or when its board already lies on the table (a box holds each board once, and a
    board shows one side), the drawn-th side of the boards still in the box. The same single draw either
    way, so a scene whose boards all differ is the one drawn before this rule."""
    taken = {physical_board(s) for s in on_table}
    if physical_board(names[drawn]) not in taken:
        return names[drawn]
    free = [s for s in names if physical_board(s) not in taken]
    return free[drawn % len(free)] if free else names[drawn]  # more boards than one box holds


def _camera(rng, target, tilt_deg, size):
    """Homography table -> image for a pinhole camera looking at `target` from `tilt_deg` off vertical."""
    w, h = size
    f = float(rng.uniform(0.9, 1.3)) * w
    t = np.deg2rad(tilt_deg)
    phi = rng.uniform(0, 2 * np.pi)
    fwd = np.array([np.sin(t) * np.cos(phi), np.sin(t) * np.sin(phi), np.cos(t)])
    C = np.array([target[0], target[1], 0.0]) - 40.0 * fwd
    x = np.cross([0.0, 1.0, 0.0], fwd)
    x /= np.linalg.norm(x)
    y = np.cross(fwd, x)
    R = np.stack([x, y, fwd])
    roll = rng.uniform(-np.pi, np.pi) * 0.15
    Rz = np.array([[np.cos(roll), -np.sin(roll), 0], [np.sin(roll), np.cos(roll), 0], [0, 0, 1]])
    R = Rz @ R
    K = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
    return K @ np.column_stack([R[:, 0], R[:, 1], -R @ C])


def _place(rng, n, sizes, free_rotation):
    """Board centres and angles on the table, not overlapping."""
    seats = [0.0, 180.0, 90.0, 270.0]
    out = []
    spread = max(sizes) * (0.9 if n > 2 else 0.6)  # a wide frame: boards spread more across than down
    for i in range(n):
        for attempt in range(400):
            grow = 1 + attempt / 100  # widen the table when the boards do not fit
            c = rng.uniform([-spread * grow, -0.5 * spread * grow], [spread * grow, 0.5 * spread * grow])
            if all(np.hypot(*(c - o[0])) > (sizes[i] + sizes[j]) / 2 + 0.3 for j, o in enumerate(out)):
                break
        ang = rng.uniform(0, 360) if free_rotation else seats[i % 4] + rng.uniform(-15, 15)
        out.append((c, ang))
    return out


def _apply(H, pts):
    p = np.column_stack([pts, np.ones(len(pts))]) @ H.T
    return p[:, :2] / p[:, 2:3]


def _distort_points(pts, k, size):
    """Where ideal points land after the renderer's radial distortion (inverse of its remap model)."""
    if k == 0:
        return pts
    w, h = size
    c = np.array([w / 2, h / 2])
    norm = (w * w + h * h) / 4
    q = pts - c
    d = q.copy()
    for _ in range(20):
        d = q / (1 + k * (d ** 2).sum(1, keepdims=True) / norm)
    return d + c


def _table(rng, kind, size):
    w, h = size
    img = np.empty((h, w, 3), np.uint8)
    u = rng.uniform
    if kind == "wood":
        base = np.array(hsv(u(15, 35), u(0.3, 0.65), u(0.35, 0.8)), np.float32)
        yy = np.arange(h, dtype=np.float32)[:, None]
        xx = np.arange(w, dtype=np.float32)[None, :]
        a = u(0, np.pi)
        coord = xx * np.cos(a) + yy * np.sin(a)
        warp = cv2.resize(rng.standard_normal((6, 10)).astype(np.float32), (w, h)) * 25
        grain = 0.85 + 0.15 * np.sin((coord + warp) / u(6, 18))
        img[:] = np.clip(base * grain[..., None], 0, 255).astype(np.uint8)
    elif kind == "felt":
        img[:] = hsv(u(0, 360), u(0.3, 0.8), u(0.25, 0.6))
    elif kind == "dark":
        img[:] = hsv(u(0, 360), u(0, 0.3), u(0.06, 0.2))
    elif kind == "light":
        img[:] = hsv(u(0, 360), u(0, 0.12), u(0.78, 0.95))
    else:  # a checked or striped cloth
        img[:] = hsv(u(0, 360), u(0.2, 0.6), u(0.3, 0.7))
        step = int(u(30, 90))
        other = hsv(u(0, 360), u(0.1, 0.5), u(0.5, 0.9))
        for x in range(0, w, step * 2):
            img[:, x:x + step] = (img[:, x:x + step] * 0.6 + np.array(other) * 0.4).astype(np.uint8)
        if rng.random() < 0.5:
            for y in range(0, h, step * 2):
                img[y:y + step] = (img[y:y + step] * 0.7 + np.array(other) * 0.3).astype(np.uint8)
    noise = rng.normal(0, 3, (h // 4 + 1, w // 4 + 1, 1)).astype(np.float32)
    noise = cv2.resize(noise, (w, h))[..., None]
    return np.clip(img + noise, 0, 255).astype(np.uint8)


MIN_TABLE_CONTRAST = 22.0


def _contrast(table_lab: np.ndarray, colour_lab: np.ndarray) -> float:
    """Distance from a colour to the nearest tenth of the table's pixels (patterned tables count their lightest/darkest part)."""
    d = np.sqrt((((table_lab - colour_lab) * [0.5, 1, 1]) ** 2).sum(1))
    return float(np.percentile(d, 10))


def _lab_mean(bgr_colour):
    px = np.uint8([[bgr_colour]])
    return cv2.cvtColor(px, cv2.COLOR_BGR2LAB)[0, 0].astype(float)


def _draw_marker(img, layout: MarkerLayout, marker_id: int, px: int) -> np.ndarray:
    side = int(layout.size * px)
    m = cv2.aruco.generateImageMarker(cv2.aruco.getPredefinedDictionary(layout.dictionary_id), marker_id, side)
    quiet = int(layout.quiet_zone * px)
    out = np.full((side + 2 * quiet, side + 2 * quiet), 255, np.uint8)
    out[quiet:quiet + side, quiet:quiet + side] = m
    return cv2.cvtColor(out, cv2.COLOR_GRAY2BGR)


def _hands(rng, n, size, targets, sq_px):
    """Arms reaching in from the frame's edge towards a board, with a hand at the end."""
    w, h = size
    mask = np.zeros((h, w), np.uint8)
    colour = np.zeros((h, w, 3), np.uint8)
    for _ in range(n):
        tx, ty = targets[int(rng.integers(len(targets)))]
        tx += rng.uniform(-3, 3) * sq_px
        ty += rng.uniform(-3, 3) * sq_px
        # a player reaches in from the frame edge nearest the board, now and then from further away
        dists = [ty, w - tx, h - ty, tx]
        side = int(np.argmin(dists)) if rng.random() < 0.75 else int(rng.integers(4))
        along = lambda c, n: float(np.clip(c + rng.uniform(-0.25, 0.25) * n, 0, n))
        start = [(along(tx, w), -50), (w + 50, along(ty, h)), (along(tx, w), h + 50), (-50, along(ty, h))][side]
        d = np.array([tx - start[0], ty - start[1]])
        d /= np.linalg.norm(d) + 1e-9
        nrm = np.array([-d[1], d[0]])
        width = rng.uniform(2.2, 3.0) * sq_px
        skin = hsv(rng.uniform(8, 32), rng.uniform(0.2, 0.6), rng.uniform(0.35, 0.95))
        sleeve = hsv(rng.uniform(0, 360), rng.uniform(0, 0.8), rng.uniform(0.1, 0.9))
        wrist = np.array([tx, ty]) - d * width * 1.2
        elbow = np.array(start) + (wrist - np.array(start)) * rng.uniform(0.2, 0.7)
        arm = np.array([start + nrm * width * 0.6, elbow + nrm * width * 0.55, wrist + nrm * width * 0.42,
                        wrist - nrm * width * 0.42, elbow - nrm * width * 0.55, start - nrm * width * 0.6], np.int32)
        part = np.zeros((h, w), np.uint8)
        cv2.fillPoly(part, [arm[[0, 1, 4, 5]]], 255, cv2.LINE_AA)
        cv2.fillPoly(colour, [arm[[0, 1, 4, 5]]], sleeve, cv2.LINE_AA)
        hand = np.zeros((h, w), np.uint8)
        cv2.fillPoly(hand, [arm[[1, 2, 3, 4]]], 255, cv2.LINE_AA)
        ang = np.degrees(np.arctan2(d[1], d[0]))
        cv2.ellipse(hand, (int(tx - d[0] * width * 0.3), int(ty - d[1] * width * 0.3)), (int(width * 0.8), int(width * 0.5)), ang, 0, 360, 255, -1, cv2.LINE_AA)
        for k in range(4):
            fa = np.radians(ang + (k - 1.5) * 12)
            fx = tx + np.cos(fa) * width * 0.6
            fy = ty + np.sin(fa) * width * 0.6
            cv2.ellipse(hand, (int(fx), int(fy)), (int(width * 0.35), int(width * 0.09)), np.degrees(fa), 0, 360, 255, -1, cv2.LINE_AA)
        colour[hand > 0] = skin
        part = np.maximum(part, hand)
        mask = np.maximum(mask, part)
    return mask, colour


def render_scene(seed: int, boards: list[BoardSpec] | None = None, conditions: Conditions | None = None,
                 size: tuple[int, int] = (1920, 1080), artwork: list[Artwork] | None = None,
                 art_style: int | None = None, fill: float | None = None, steady: bool = False) -> Scene:
    """Render one camera frame of a table. `boards`/`conditions` default to random ones from `seed`;
    `art_style` overrides the conditions' artwork style (1: the held-out artwork), `fill` their framing
    (above 1 the boards reach beyond the picture, as with a camera too close to the table). `steady`: the
    frames of one seed show each board and piece the same whatever else lies on the table (each board
    drawn from a stream of its own), as a camera watching one table sees them from move to move."""
    rng = np.random.default_rng(seed)
    kit = load_kit()
    boards = random_boards(rng) if boards is None else list(boards)
    if not 1 <= len(boards) <= 4:
        raise ValueError("a scene holds 1 to 4 boards")
    cond = Conditions.random(rng) if conditions is None else conditions
    if art_style is not None:
        cond = replace(cond, art_style=art_style)
    if fill is not None:
        cond = replace(cond, fill=float(fill))
    arts = [random_artwork(rng, cond.art_style) for _ in boards] if artwork is None else list(artwork)
    w, h = size
    markers = load_marker_layout()
    ext = markers.offset + markers.size / 2 + markers.quiet_zone if cond.markers else 0.0
    sizes = [np.hypot(COLUMNS + 2 * max(a.margin, ext), ROWS + 2 * max(a.margin, ext)) for a in arts]
    placed = _place(rng, len(boards), sizes, cond.free_rotation)
    centre = np.mean([p[0] for p in placed], axis=0)
    Hw = _camera(rng, centre, cond.tilt_deg, size)
    # frame the boards: scale and shift in the image so their bounding box fills `fill` of the frame
    outline = []
    for (c, ang), a in zip(placed, arts):
        hw, hh = COLUMNS / 2 + max(a.margin, ext), ROWS / 2 + max(a.margin, ext)
        R = np.array([[np.cos(np.radians(ang)), -np.sin(np.radians(ang))], [np.sin(np.radians(ang)), np.cos(np.radians(ang))]])
        outline.append(np.array([[-hw, -hh], [hw, -hh], [hw, hh], [-hw, hh]]) @ R.T + c)
    pts = _apply(Hw, np.concatenate(outline))
    lo, hi = pts.min(0), pts.max(0)
    s = cond.fill * min(w / (hi[0] - lo[0]), h / (hi[1] - lo[1]))
    off = np.array([w, h]) / 2 - s * (lo + hi) / 2 + rng.uniform(-0.04, 0.04, 2) * np.array([w, h]) * (1 - cond.fill)
    A = np.array([[s, 0, off[0]], [0, s, off[1]], [0, 0, 1]])
    Hw = A @ Hw

    # A board is found by its outline against the table, so the renderer keeps the table's colour at
    # least MIN_TABLE_CONTRAST (Lab, lightness halved) from every board's border and floor, as a
    # player would not play a brown board on a same-brown cloth without markers.
    board_cols = [_lab_mean(hsv(*c)) for a in arts for c in (a.margin_hsv, a.floor_hsv)]
    for _ in range(30):
        img = _table(rng, cond.table, size)
        tab = cv2.cvtColor(img[::16, ::16], cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(float)
        if min(_contrast(tab, c) for c in board_cols) >= MIN_TABLE_CONTRAST:
            break
    shade = np.zeros((h, w), np.float32)  # darkening from boards' drop shadows
    truths_geo = []
    for i, (spec, a, (c, ang)) in enumerate(zip(boards, arts, placed)):
        printed = spec.printed or kit.sides[spec.side]
        drawing = np.random.default_rng([seed, 7919, i]) if steady else rng
        flat = draw_board(drawing, a, spec.pieces, printed, spec.tiles, PX, steady)
        # make sure the board stands out of the table a little, as a real board's edge does
        fh, fw = flat.shape[:2]
        mpx = int(round(a.margin * PX))
        ca, sa = np.cos(np.radians(ang)), np.sin(np.radians(ang))
        # flat pixel -> board-local squares (origin at the board centre) -> table
        B = np.array([[ca, -sa, c[0]], [sa, ca, c[1]], [0, 0, 1]]) @ np.array(
            [[1 / PX, 0, -fw / PX / 2], [0, 1 / PX, -fh / PX / 2], [0, 0, 1]])
        Hb = Hw @ B
        if cond.markers:
            for corner, (gx, gy) in enumerate([(0, 0), (COLUMNS, 0), (COLUMNS, ROWS), (0, ROWS)]):
                sx, sy = (-1 if gx == 0 else 1), (-1 if gy == 0 else 1)
                mimg = _draw_marker(img, markers, markers.first_id + 4 * i + corner, PX)
                mh = mimg.shape[0]
                cx = mpx + (gx + sx * markers.offset) * PX
                cy = mpx + (gy + sy * markers.offset) * PX
                T = Hb @ np.array([[1, 0, cx - mh / 2], [0, 1, cy - mh / 2], [0, 0, 1]])
                _paste(img, mimg, T)
        sh = Hb @ np.array([[1, 0, PX * 0.15], [0, 1, PX * 0.2], [0, 0, 1]])
        smask = cv2.warpPerspective(np.full((fh, fw), 255, np.uint8), sh, size)
        shade = np.maximum(shade, cv2.GaussianBlur(smask, (0, 0), 4).astype(np.float32) / 255 * 0.45)
        img = (img * (1 - shade[..., None])).astype(np.uint8)
        shade[:] = 0
        edge = cv2.copyMakeBorder(flat, 2, 2, 2, 2, cv2.BORDER_CONSTANT, value=hsv(a.margin_hsv[0], 0.3, 0.15))
        _paste(img, edge, Hb @ np.array([[1, 0, -2], [0, 1, -2], [0, 0, 1]]))
        corners = _apply(Hb, np.array([[mpx, mpx], [mpx + COLUMNS * PX, mpx], [mpx + COLUMNS * PX, mpx + ROWS * PX],
                                       [mpx, mpx + ROWS * PX]], float))
        truths_geo.append((spec, printed, Hb, mpx, corners, a))

    img = img.astype(np.float32)
    yy, xx = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
    yy /= h
    xx /= w
    ang = rng.uniform(0, 2 * np.pi)
    gain = 1 + cond.light_gradient * ((xx - 0.5) * np.cos(ang) + (yy - 0.5) * np.sin(ang)) * 1.6
    gain -= 0.25 * cond.light_gradient * ((xx - 0.5) ** 2 + (yy - 0.5) ** 2)
    for _ in range(cond.shadows):
        blob = np.zeros((h // 8 + 1, w // 8 + 1), np.float32)
        poly = (rng.uniform([0, 0], [w / 8, h / 8], (5, 2))).astype(np.int32)
        cv2.fillPoly(blob, [cv2.convexHull(poly)], 1.0)
        blob = cv2.GaussianBlur(blob, (0, 0), rng.uniform(2, 8))[: gain.shape[0], : gain.shape[1]]
        gain *= 1 - rng.uniform(0.15, 0.45) * blob
    gain = cv2.resize(gain, (w, h))
    warm = cond.warmth
    cast = np.array([1 - 0.25 * warm, 1.0, 1 + 0.2 * warm], np.float32) if warm >= 0 else \
        np.array([1 - 0.28 * warm, 1 - 0.05 * warm, 1 + 0.25 * warm], np.float32)
    img *= (gain * cond.exposure)[..., None] * cast
    for _ in range(cond.glare):
        gl = np.zeros((h, w), np.float32)
        cv2.circle(gl, (int(rng.uniform(0, w)), int(rng.uniform(0, h))), int(rng.uniform(10, 40)), 1.0, -1)
        gl = cv2.GaussianBlur(gl, (0, 0), rng.uniform(8, 25))
        img += (gl * rng.uniform(80, 220))[..., None]

    sq_px = float(np.mean([np.linalg.norm(t[4][1] - t[4][0]) / COLUMNS for t in truths_geo]))
    hand_mask = np.zeros((h, w), np.uint8)
    if cond.hands:
        targets = [t[4].mean(0) for t in truths_geo]
        hand_mask, hand_col = _hands(rng, cond.hands, size, targets, sq_px)
        sh = cv2.GaussianBlur(np.roll(hand_mask, (int(sq_px * 0.3), int(sq_px * 0.2)), (0, 1)), (0, 0), sq_px * 0.2)
        img *= (1 - 0.4 * sh.astype(np.float32) / 255)[..., None]
        hf = hand_mask.astype(np.float32)[..., None] / 255
        shading = (0.75 + 0.5 * cv2.GaussianBlur(hand_mask, (0, 0), sq_px * 0.4).astype(np.float32) / 255)[..., None]
        img = img * (1 - hf) + hand_col.astype(np.float32) * shading * hf * cast * cond.exposure

    img = np.clip(img, 0, 255).astype(np.uint8)
    if cond.lens_k:
        img = _distort_image(img, cond.lens_k)
        hand_mask = _distort_image(hand_mask, cond.lens_k)
    if cond.blur > 0.05:
        img = cv2.GaussianBlur(img, (0, 0), cond.blur)
    if cond.noise > 0:
        img = np.clip(img + rng.normal(0, cond.noise, img.shape).astype(np.float32), 0, 255).astype(np.uint8)
    if cond.jpeg:
        ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(cond.jpeg)])
        img = cv2.imdecode(buf, cv2.IMREAD_COLOR)

    truths = []
    for i, (spec, printed, Hb, mpx, corners, a) in enumerate(truths_geo):
        occ, frac = _occlusion(Hb, mpx, hand_mask, cond.lens_k, size)
        truths.append(BoardTruth(
            corners=_distort_points(corners, cond.lens_k, size), pieces=spec.pieces, printed=printed,
            side=spec.side, occluded=occ, visible_fraction=frac, margin=a.margin, index=i))
    return Scene(seed, img, truths, cond, arts)


def _paste(img, flat, H):
    """Warp a flat picture into the frame through H, drawing only inside its outline."""
    h, w = img.shape[:2]
    fh, fw = flat.shape[:2]
    quad = _apply(H, np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], float))
    x0, y0 = np.maximum(np.floor(quad.min(0)).astype(int) - 1, 0)
    x1, y1 = np.minimum(np.ceil(quad.max(0)).astype(int) + 1, [w, h])
    if x1 <= x0 or y1 <= y0:
        return
    T = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]]) @ H
    roi = (int(x1 - x0), int(y1 - y0))
    warped = cv2.warpPerspective(flat, T, roi, flags=cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(np.full((fh, fw), 255, np.uint8), T, roi)
    m = mask.astype(np.float32)[..., None] / 255
    sub = img[y0:y1, x0:x1]
    sub[:] = (sub * (1 - m) + warped * m).astype(np.uint8)


def _distort_image(img, k):
    h, w = img.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    cx, cy = w / 2, h / 2
    norm = (w * w + h * h) / 4
    r2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / norm
    f = 1 + k * r2
    return cv2.remap(img, (cx + (xx - cx) * f).astype(np.float32), (cy + (yy - cy) * f).astype(np.float32),
                     cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _occlusion(Hb, mpx, hand_mask, k, size):
    """Per square: whether more than OCCLUDED_SHARE of it is under a hand or outside the frame, measured
    on a grid of points over the whole square; and the board's visible share. (A 5x5 grid inside the
    square, used before, let squares up to 16 % under a hand count as visible, and the benchmark then
    scored a `?` on them as wrong.)"""
    w, h = size
    g = (np.arange(OCCLUSION_SAMPLES) + 0.5) / OCCLUSION_SAMPLES
    rr, cc, yy, xx = np.meshgrid(np.arange(ROWS), np.arange(COLUMNS), g, g, indexing="ij")
    flat = np.column_stack([(mpx + (cc + xx) * PX).ravel(), (mpx + (rr + yy) * PX).ravel()])
    pts = _distort_points(_apply(Hb, flat), k, size)
    xi = np.round(pts[:, 0]).astype(int)
    yi = np.round(pts[:, 1]).astype(int)
    inside = (xi >= 0) & (xi < w) & (yi >= 0) & (yi < h)
    covered = ~inside
    covered[inside] |= hand_mask[yi[inside], xi[inside]] > 127
    cov = covered.reshape(ROWS, COLUMNS, -1).mean(-1)
    return cov > OCCLUDED_SHARE, float(1 - cov.mean())


def tight_fill(seed: int) -> float:
    """The framing of a tight-framing scene (render_scene's `fill`): the boards' bounding box 1.0 to 1.25
    times the picture, drawn from the seed, as a camera set too close frames them."""
    return float(np.random.default_rng([seed, 1]).uniform(1.0, 1.25))
