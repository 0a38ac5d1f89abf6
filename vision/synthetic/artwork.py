"""Draws one Forest Floor board, seen straight from above, with its pieces (the renderer's artwork).

Every colour, size and texture is drawn from the seed within design.md's appearance table, so that a
recognizer tested on these boards meets many palettes rather than one. The board is drawn at `px`
pixels per square with a margin of `margin` squares around the 9x8 grid.
"""
from __future__ import annotations

import colorsys
from dataclasses import dataclass

import cv2
import numpy as np

from vision.grids import COLUMNS, ROWS, parse

AA = cv2.LINE_AA


def hsv(h_deg: float, s: float, v: float) -> tuple[int, int, int]:
    """Hue in degrees, s and v in 0..1 -> a BGR tuple for cv2 drawing."""
    r, g, b = colorsys.hsv_to_rgb((h_deg % 360) / 360.0, float(np.clip(s, 0, 1)), float(np.clip(v, 0, 1)))
    return (int(b * 255), int(g * 255), int(r * 255))


@dataclass(frozen=True)
class Artwork:
    """One copy of the game's artwork: the palette and shapes a whole board is drawn with."""
    floor_hsv: tuple[float, float, float]
    margin_hsv: tuple[float, float, float]
    margin: float  # squares of border around the grid
    grid_lines: float  # 0 none, else line darkness
    leaf_hsv: dict  # "green"/"yellow"/"red" -> (h, s, v)
    hole_round: bool
    hole_size: float  # fraction of a square
    token_size: float
    symbol_size: float
    squirrel_hsv: tuple[float, float, float]
    animal_bg: tuple[float, float, float]
    outline_v: float  # darkness of tile outlines
    vein_strength: float
    # 0: the artwork the classifier is fitted on; 1: a second, held-out way of drawing the same pieces
    # (hatched floor, striped leaves, flat tokens), used only to judge how it copes with unseen artwork
    style: int = 0


def random_artwork(rng: np.random.Generator, style: int = 0) -> Artwork:
    u = rng.uniform
    if rng.random() < 0.7:  # browns and ochres
        floor = (u(18, 45), u(0.22, 0.5), u(0.32, 0.62))
    else:  # dull greens
        floor = (u(55, 95), u(0.18, 0.4), u(0.3, 0.55))
    if rng.random() < 0.5:
        margin_c = (floor[0] + u(-10, 10), min(0.7, floor[1] * u(0.9, 1.4)), floor[2] * u(0.45, 0.7))
    else:
        margin_c = (u(15, 40), u(0.25, 0.6), u(0.2, 0.45))
    red_h = u(-18, 16)
    leaf = {
        "green": (u(85, 145), u(0.5, 0.9), u(0.4, 0.85)),
        "yellow": (u(38, 58), u(0.6, 0.95), u(0.7, 0.97)),
        "red": (red_h % 360, u(0.6, 0.95), u(0.55, 0.9)),
    }
    hole_round = bool(rng.random() < 0.6)
    animal_kind = rng.integers(3)
    animal_bg = [(u(0, 360), u(0.0, 0.08), u(0.4, 0.75)), (u(30, 48), u(0.1, 0.25), u(0.72, 0.92)),
                 (u(0, 360), u(0.0, 0.2), u(0.1, 0.25))][animal_kind]
    return Artwork(
        floor_hsv=floor, margin_hsv=margin_c, margin=float(u(0.0, 0.5)),
        grid_lines=float(u(0.15, 0.5)) if rng.random() < 0.5 else 0.0,
        leaf_hsv=leaf, hole_round=hole_round,
        hole_size=float(u(0.5, 0.75) if hole_round else u(0.5, 0.7)),
        token_size=float(u(0.5, 0.7)), symbol_size=float(u(0.24, 0.34)),
        squirrel_hsv=(u(8, 28), u(0.5, 0.85), u(0.32, 0.6)),
        animal_bg=animal_bg, outline_v=float(u(0.05, 0.25)), vein_strength=float(u(0.25, 0.6)), style=style,
    )


def _noise(rng, h, w, cells, amp):
    """Smooth noise: random values on a coarse grid, resized up (cheap and seedable)."""
    small = rng.standard_normal((cells, cells)).astype(np.float32)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC) * amp


def _floor(rng, art: Artwork, h, w, px) -> np.ndarray:
    img = np.empty((h, w, 3), np.uint8)
    img[:] = hsv(*art.floor_hsv)
    fh, fs, fv = art.floor_hsv
    if art.style == 1:  # hatching and speckles instead of leaves and twigs
        for _ in range(int(h * w / (px * px) * 5)):
            c = hsv(fh + rng.uniform(-10, 10), fs * rng.uniform(0.7, 1.3), fv * rng.uniform(0.7, 1.25))
            x, y = int(rng.uniform(0, w)), int(rng.uniform(0, h))
            d = rng.uniform(0.1, 0.3) * px
            cv2.line(img, (x, y), (int(x + d), int(y - d)), c, 1, AA)
            cv2.circle(img, (int(rng.uniform(0, w)), int(rng.uniform(0, h))), max(1, px // 20), c, -1)
        f = img.astype(np.float32) * (1.0 + _noise(rng, h, w, 12, 0.12))[..., None]
        return np.clip(f + rng.normal(0, 5, (h, w, 1)).astype(np.float32), 0, 255).astype(np.uint8)
    # illustration: leaves, twigs and pebbles in nearby earthy shades
    for _ in range(int(h * w / (px * px) * 2.2)):
        c = hsv(fh + rng.uniform(-14, 14), fs * rng.uniform(0.6, 1.3), fv * rng.uniform(0.65, 1.3))
        x, y = int(rng.uniform(0, w)), int(rng.uniform(0, h))
        if rng.random() < 0.6:
            ax = (int(rng.uniform(0.1, 0.35) * px), int(rng.uniform(0.05, 0.18) * px))
            cv2.ellipse(img, (x, y), ax, rng.uniform(0, 180), 0, 360, c, -1, AA)
        else:
            a = rng.uniform(0, np.pi)
            d = rng.uniform(0.2, 0.6) * px
            cv2.line(img, (x, y), (int(x + d * np.cos(a)), int(y + d * np.sin(a))), c, max(1, px // 24), AA)
    f = img.astype(np.float32)
    f *= (1.0 + _noise(rng, h, w, 7, 0.08))[..., None]
    f += rng.normal(0, 4, (h, w, 1)).astype(np.float32)
    return np.clip(f, 0, 255).astype(np.uint8)


def _symbol(img, rng, kind: str, cx: float, cy: float, size: float):
    u = rng.uniform
    r = size / 2
    if kind == "b":
        col = hsv(u(225, 285), u(0.5, 0.9), u(0.45, 0.85))
        for k in range(int(rng.integers(3, 6))):
            a = k * 2.1 + u(0, 0.5)
            cv2.circle(img, (int(cx + 0.45 * r * np.cos(a)), int(cy + 0.45 * r * np.sin(a))), int(r * 0.5), col, -1, AA)
    elif kind == "n":
        col = hsv(u(18, 35), u(0.55, 0.85), u(0.35, 0.6))
        cv2.ellipse(img, (int(cx), int(cy + r * 0.15)), (int(r * 0.75), int(r * 0.9)), u(-20, 20), 0, 360, col, -1, AA)
        cv2.ellipse(img, (int(cx), int(cy - r * 0.45)), (int(r * 0.8), int(r * 0.35)), 0, 0, 360,
                    hsv(u(20, 35), 0.7, 0.28), -1, AA)
    elif kind == "m":
        cv2.rectangle(img, (int(cx - r * 0.25), int(cy)), (int(cx + r * 0.25), int(cy + r)), hsv(40, 0.15, 0.9), -1)
        cv2.ellipse(img, (int(cx), int(cy)), (int(r), int(r * 0.8)), 0, 180, 360, hsv(u(0, 28), u(0.75, 1), u(0.7, 0.95)), -1, AA)
        for _ in range(3):
            cv2.circle(img, (int(cx + u(-0.6, 0.6) * r), int(cy - u(0.2, 0.55) * r)), max(1, int(r * 0.13)),
                       hsv(50, 0.1, 0.97), -1, AA)
    elif kind == "f":
        a = u(-60, 60)
        cv2.ellipse(img, (int(cx), int(cy)), (int(r), int(r * 0.42)), a, 0, 360, hsv(u(0, 360), u(0, 0.08), u(0.8, 0.97)), -1, AA)
        d = np.deg2rad(a)
        cv2.line(img, (int(cx - r * np.cos(d)), int(cy - r * np.sin(d))), (int(cx + r * np.cos(d)), int(cy + r * np.sin(d))),
                 hsv(0, 0, 0.55), 1, AA)


def _hole_mask(art: Artwork, px: int) -> np.ndarray:
    m = np.zeros((px, px), np.uint8)
    c = px / 2
    half = art.hole_size * px / 2
    if art.hole_round:
        cv2.circle(m, (int(round(c * 16)), int(round(c * 16))), int(half * 16), 255, -1, AA, shift=4)
    else:
        rc = half * 0.45
        x0, x1 = c - half + rc, c + half - rc
        cv2.rectangle(m, (int(x0), int(c - half)), (int(x1), int(c + half)), 255, -1)
        cv2.rectangle(m, (int(c - half), int(x0)), (int(c + half), int(x1)), 255, -1)
        for x in (x0, x1):
            for y in (x0, x1):
                cv2.circle(m, (int(x), int(y)), int(rc), 255, -1, AA)
    return m


def _leaf_square(rng, art: Artwork, colour: str, px: int) -> np.ndarray:
    h, s, v = art.leaf_hsv[colour]
    tile = np.empty((px, px, 3), np.uint8)
    tile[:] = hsv(h + rng.uniform(-5, 5), s * rng.uniform(0.9, 1.05), v * rng.uniform(0.88, 1.08))
    if art.style == 1:  # shaded across the square, parallel veins
        ramp = np.linspace(0.8, 1.1, px, dtype=np.float32)
        ramp = ramp[:, None] if rng.random() < 0.5 else ramp[None, :]
        tile = np.clip(tile * ramp[..., None], 0, 255).astype(np.uint8)
        dark = hsv(h, min(1, s * 1.1), v * (1 - art.vein_strength))
        a = rng.uniform(0, np.pi)
        for k in range(-2, 3):
            off = k * px * 0.22
            cx, cy = px / 2 - off * np.sin(a), px / 2 + off * np.cos(a)
            cv2.line(tile, (int(cx - px * np.cos(a)), int(cy - px * np.sin(a))),
                     (int(cx + px * np.cos(a)), int(cy + px * np.sin(a))), dark, 1, AA)
        return tile
    # a few darker and lighter leaf lobes, then the veins
    for _ in range(3):
        cv2.ellipse(tile, (int(rng.uniform(0, px)), int(rng.uniform(0, px))),
                    (int(px * rng.uniform(0.15, 0.4)), int(px * rng.uniform(0.1, 0.25))), rng.uniform(0, 180), 0, 360,
                    hsv(h + rng.uniform(-8, 8), s * rng.uniform(0.85, 1.05), v * rng.uniform(0.75, 1.1)), -1, AA)
    dark = hsv(h, min(1, s * 1.1), v * (1 - art.vein_strength))
    a = rng.uniform(0, np.pi)
    p0 = (int(px / 2 - px * 0.6 * np.cos(a)), int(px / 2 - px * 0.6 * np.sin(a)))
    p1 = (int(px / 2 + px * 0.6 * np.cos(a)), int(px / 2 + px * 0.6 * np.sin(a)))
    cv2.line(tile, p0, p1, dark, max(1, px // 24), AA)
    for k in range(3):
        t = rng.uniform(0.2, 0.8)
        bx, by = p0[0] + (p1[0] - p0[0]) * t, p0[1] + (p1[1] - p0[1]) * t
        b = a + rng.choice([-1, 1]) * rng.uniform(0.5, 1.0)
        cv2.line(tile, (int(bx), int(by)), (int(bx + px * 0.3 * np.cos(b)), int(by + px * 0.3 * np.sin(b))), dark, 1, AA)
    return tile


def draw_board(rng: np.random.Generator, art: Artwork, pieces: str, printed: str, tiles=None,
               px: int = 48, steady: bool = False) -> np.ndarray:
    """The board as a BGR image of ((8 + 2m) x (9 + 2m)) squares at `px` pixels per square. `steady`: each
    piece is drawn from a stream of its own square, so a piece looks the same whatever else lies on the
    board, as a real piece does from one frame to the next."""
    base = int(rng.integers(2 ** 62)) if steady else 0
    at = (lambda r, c: np.random.default_rng([base, int(r), int(c)])) if steady else (lambda r, c: rng)
    P = parse(pieces)
    F = parse(printed, printed=True)
    mpx = int(round(art.margin * px))
    H, W = ROWS * px + 2 * mpx, COLUMNS * px + 2 * mpx
    img = _floor(rng, art, H, W, px)
    if mpx > 0:  # the border frame, a different printed band
        band = np.empty_like(img)
        band[:] = hsv(*art.margin_hsv)
        inner = np.zeros((H, W), bool)
        inner[mpx:mpx + ROWS * px, mpx:mpx + COLUMNS * px] = True
        tex = img.astype(np.int16) - np.array(hsv(*art.floor_hsv), np.int16)
        img = np.where(inner[..., None], img, np.clip(band.astype(np.int16) + tex // 2, 0, 255).astype(np.uint8))
    if art.grid_lines > 0:
        col = hsv(art.floor_hsv[0], art.floor_hsv[1], art.floor_hsv[2] * (1 - art.grid_lines))
        for c in range(COLUMNS + 1):
            cv2.line(img, (mpx + c * px, mpx), (mpx + c * px, mpx + ROWS * px), col, 1, AA)
        for r in range(ROWS + 1):
            cv2.line(img, (mpx, mpx + r * px), (mpx + COLUMNS * px, mpx + r * px), col, 1, AA)
    for r in range(ROWS):
        for c in range(COLUMNS):
            if F[r, c] != ".":
                _symbol(img, rng, F[r, c], mpx + (c + 0.5) * px + rng.uniform(-1, 1),
                        mpx + (r + 0.5) * px + rng.uniform(-1, 1), art.symbol_size * px)
    if tiles is None:
        tiles = _groups(P)
    T = np.asarray(tiles)
    hole = _hole_mask(art, px)
    hole_f = (hole.astype(np.float32) / 255.0)[..., None]
    colour_of = {"G": "green", "g": "green", "Y": "yellow", "y": "yellow", "R": "red", "r": "red", "t": None}
    tile_colour = {}
    for r in range(ROWS):
        for c in range(COLUMNS):
            if P[r, c] in "GYRgyr":
                tile_colour[T[r, c]] = colour_of[P[r, c]]
    for r in range(ROWS):
        for c in range(COLUMNS):
            ch = P[r, c]
            y0, x0 = mpx + r * px, mpx + c * px
            cell = img[y0:y0 + px, x0:x0 + px]
            if ch in "GYRgyrt":
                colour = colour_of[ch] or tile_colour.get(T[r, c]) or ("green", "yellow", "red")[int(at(r, c).integers(3))]
                leaf = _leaf_square(at(r, c), art, colour, px)
                if ch in "gyrt":
                    # the hole: a thin shadowed rim, then the floor showing through
                    rim = cv2.dilate(hole, np.ones((3, 3), np.uint8)).astype(np.float32)[..., None] / 255.0
                    leaf = (leaf * (1 - 0.5 * (rim - hole_f))).astype(np.uint8)
                    cell[:] = (cell * hole_f + leaf * (1 - hole_f)).astype(np.uint8)
                else:
                    cell[:] = leaf
            elif ch == "a":
                cell[:] = hsv(*art.animal_bg)
                noise = at(r, c).normal(0, 5, cell.shape[:2] + (1,))
                cell[:] = np.clip(cell.astype(np.float32) + noise, 0, 255).astype(np.uint8)
    _animal_art(img, rng, art, P, T, mpx, px, at if steady else None)
    _outlines(img, art, P, T, mpx, px)
    for r in range(ROWS):
        for c in range(COLUMNS):
            cx, cy = mpx + (c + 0.5) * px, mpx + (r + 0.5) * px
            if P[r, c] == "t":
                _token(img, at(r, c), art, cx, cy, px, F[r, c])
            elif P[r, c] == "s":
                _squirrel(img, at(r, c), art, cx, cy, px)
    return img


def _groups(P) -> np.ndarray:
    """Tile ids when none are given: connected groups of the same leaf colour (or of animal squares)."""
    key = {"G": 1, "g": 1, "Y": 2, "y": 2, "R": 3, "r": 3, "a": 4}
    lab = np.zeros(P.shape, np.int32)
    nid = 0
    for r in range(ROWS):
        for c in range(COLUMNS):
            k = key.get(P[r, c])
            if not k or lab[r, c]:
                continue
            nid += 1
            stack = [(r, c)]
            lab[r, c] = nid
            while stack:
                y, x = stack.pop()
                for dy, dx in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    yy, xx = y + dy, x + dx
                    if 0 <= yy < ROWS and 0 <= xx < COLUMNS and not lab[yy, xx] and key.get(P[yy, xx]) == k:
                        lab[yy, xx] = nid
                        stack.append((yy, xx))
    # a token square belongs to whichever neighbouring leaf group; tokens alone stay 0
    return lab


def _outlines(img, art, P, T, mpx, px):
    col = hsv(0, 0, art.outline_v)
    covered = np.isin(P, list("GYRgyrta"))
    for r in range(ROWS):
        for c in range(COLUMNS):
            if not covered[r, c]:
                continue
            x0, y0 = mpx + c * px, mpx + r * px
            for dr, dc, p0, p1 in ((-1, 0, (x0, y0), (x0 + px, y0)), (1, 0, (x0, y0 + px - 1), (x0 + px, y0 + px - 1)),
                                   (0, -1, (x0, y0), (x0, y0 + px)), (0, 1, (x0 + px - 1, y0), (x0 + px - 1, y0 + px))):
                rr, cc = r + dr, c + dc
                inside = 0 <= rr < ROWS and 0 <= cc < COLUMNS
                if not inside or not covered[rr, cc] or T[rr, cc] != T[r, c] or T[r, c] == 0:
                    cv2.line(img, p0, p1, col, max(1, px // 30), AA)


def _animal_art(img, rng, art, P, T, mpx, px, at=None):
    for tid in sorted(set(T[P == "a"].tolist())):
        cells = np.argwhere((T == tid) & (P == "a"))
        if len(cells) == 0:
            continue
        if at is not None:  # drawn from its first square's own stream
            rng = at(100 + cells[0][0], cells[0][1])
        cy = mpx + (cells[:, 0].mean() + 0.5) * px
        cx = mpx + (cells[:, 1].mean() + 0.5) * px
        body = hsv(rng.uniform(15, 40), rng.uniform(0.1, 0.45), rng.uniform(0.25, 0.8))
        clip = np.zeros(img.shape[:2], np.uint8)
        for r, c in cells:
            clip[mpx + r * px:mpx + (r + 1) * px, mpx + c * px:mpx + (c + 1) * px] = 1
        layer = img.copy()
        cv2.ellipse(layer, (int(cx), int(cy)), (int(px * 0.55), int(px * 0.35)), rng.uniform(0, 180), 0, 360, body, -1, AA)
        cv2.circle(layer, (int(cx + px * 0.4), int(cy - px * 0.2)), int(px * 0.22), body, -1, AA)
        for _ in range(len(cells) * 2):
            r, c = cells[int(rng.integers(len(cells)))]
            cv2.circle(layer, (int(mpx + (c + rng.uniform(0.2, 0.8)) * px), int(mpx + (r + rng.uniform(0.2, 0.8)) * px)),
                       int(px * rng.uniform(0.05, 0.15)), hsv(rng.uniform(0, 360), rng.uniform(0, 0.3), rng.uniform(0.2, 0.9)), -1, AA)
        img[clip > 0] = layer[clip > 0]


def _token(img, rng, art, cx, cy, px, printed: str = "."):
    """A treasure token: of the printed treasure it lies on (a game gives the matching token), of a drawn
    kind on plain floor. The kind is drawn either way, so the scene's later draws stay as they were."""
    kind = "bnmf"[int(rng.integers(4))]
    kind = printed if printed in ("b", "n", "m", "f") else kind
    u = rng.uniform
    col = {"b": (u(225, 285), u(0.55, 0.9), u(0.45, 0.85)), "n": (u(18, 35), u(0.55, 0.85), u(0.4, 0.65)),
           "m": (u(0, 28), u(0.7, 1.0), u(0.65, 0.95)), "f": (u(0, 360), u(0.0, 0.08), u(0.82, 0.97))}[kind]
    r = art.token_size * px / 2
    if art.style == 1:  # a flat printed disc with a light ring
        cv2.circle(img, (int(cx), int(cy)), int(r), hsv(*col), -1, AA)
        cv2.circle(img, (int(cx), int(cy)), int(r * 0.8), hsv(col[0], col[1] * 0.5, min(1, col[2] * 1.25)), 1, AA)
        return
    cv2.circle(img, (int(cx + r * 0.12), int(cy + r * 0.12)), int(r), (20, 20, 20), -1, AA)  # shadow
    cv2.circle(img, (int(cx), int(cy)), int(r), hsv(col[0], col[1], col[2] * 0.7), -1, AA)
    cv2.circle(img, (int(cx), int(cy)), int(r * 0.85), hsv(*col), -1, AA)
    cv2.circle(img, (int(cx - r * 0.3), int(cy - r * 0.3)), int(r * 0.25), hsv(col[0], col[1] * 0.6, min(1, col[2] * 1.2)), -1, AA)


def _squirrel(img, rng, art, cx, cy, px):
    h, s, v = art.squirrel_hsv
    half = px * rng.uniform(0.4, 0.46)
    x0, y0, x1, y1 = int(cx - half), int(cy - half), int(cx + half), int(cy + half)
    cv2.rectangle(img, (x0 + 2, y0 + 2), (x1 + 2, y1 + 2), (25, 25, 25), -1)
    cv2.rectangle(img, (x0, y0), (x1, y1), hsv(h, s, v), -1)
    light = hsv(h + 5, s * 0.45, min(1, v + 0.35))
    if art.style == 1:  # a sitting squirrel seen from the side: body, head and a tall tail
        cv2.ellipse(img, (int(cx), int(cy + px * 0.1)), (int(px * 0.14), int(px * 0.2)), 0, 0, 360, light, -1, AA)
        cv2.circle(img, (int(cx), int(cy - px * 0.17)), int(px * 0.09), light, -1, AA)
        cv2.ellipse(img, (int(cx + px * 0.2), int(cy)), (int(px * 0.08), int(px * 0.3)), 10, 0, 360, light, -1, AA)
        return
    a = rng.uniform(0, 360)
    cv2.ellipse(img, (int(cx), int(cy + px * 0.05)), (int(px * 0.18), int(px * 0.12)), a, 0, 360, light, -1, AA)
    cv2.circle(img, (int(cx + px * 0.12), int(cy - px * 0.15)), int(px * 0.08), light, -1, AA)
    cv2.ellipse(img, (int(cx - px * 0.16), int(cy - px * 0.05)), (int(px * 0.1), int(px * 0.22)), 20, 0, 360, light, -1, AA)
