"""The held-out artwork families drawn apart from the renderer's own (vision.synthetic.families).

`vector`, `photo` and `busy` each draw the same pieces as the own artwork does, inside design.md's
appearance bounds, but by other means: flat fills and bold outlines; photographic grain, multi-octave
texture and gloss; a floor crowded with leaves, twigs and acorns in its own colours. Nothing here is
ever fitted or tuned on: these boards are for measuring only. Each function draws from the board's rng,
so a seed gives one image.
"""
from __future__ import annotations

import numpy as np
import cv2

from vision.synthetic.artwork import AA, Artwork, _noise, _symbol, hsv

# treasure colours (h, s, v ranges) as design.md bounds them
TREASURE = {"b": ((228, 282), (0.55, 0.9), (0.45, 0.85)), "n": ((18, 34), (0.55, 0.85), (0.35, 0.62)),
            "m": ((2, 26), (0.72, 1.0), (0.68, 0.95)), "f": ((0, 360), (0.0, 0.07), (0.82, 0.96))}


def random_family_artwork(rng: np.random.Generator, family: str) -> Artwork:
    u = rng.uniform
    if family == "vector":  # flat, saturated print colours
        floor = (u(20, 42), u(0.35, 0.62), u(0.45, 0.72)) if rng.random() < 0.7 else (u(58, 90), u(0.25, 0.45), u(0.38, 0.6))
        leaf = {"green": (u(95, 140), u(0.65, 0.95), u(0.45, 0.8)), "yellow": (u(40, 55), u(0.8, 1.0), u(0.85, 1.0)),
                "red": (u(-10, 10) % 360, u(0.75, 1.0), u(0.65, 0.95))}
        grid = float(u(0.3, 0.6)) if rng.random() < 0.6 else 0.0
        hole_round = bool(rng.random() < 0.5)
        token_symbol, wall = True, float(u(0.12, 0.22))
    elif family == "photo":  # soil, moss and wood under a real light: duller, darker, grainy
        floor = (u(18, 40), u(0.25, 0.55), u(0.3, 0.58)) if rng.random() < 0.7 else (u(58, 92), u(0.2, 0.4), u(0.28, 0.5))
        leaf = {"green": (u(86, 128), u(0.4, 0.75), u(0.35, 0.7)), "yellow": (u(37, 52), u(0.55, 0.9), u(0.6, 0.9)),
                "red": (u(-14, 12) % 360, u(0.5, 0.85), u(0.45, 0.8))}
        grid = float(u(0.1, 0.3)) if rng.random() < 0.3 else 0.0
        hole_round = bool(rng.random() < 0.8)
        token_symbol, wall = True, float(u(0.15, 0.3))
    elif family == "busy":  # an illustrated floor as crowded as a picture book
        floor = (u(18, 45), u(0.22, 0.5), u(0.34, 0.62)) if rng.random() < 0.7 else (u(56, 94), u(0.18, 0.4), u(0.32, 0.55))
        leaf = {"green": (u(86, 144), u(0.5, 0.9), u(0.42, 0.85)), "yellow": (u(38, 57), u(0.6, 0.95), u(0.7, 0.97)),
                "red": (u(-14, 14) % 360, u(0.6, 0.95), u(0.55, 0.9))}
        grid = float(u(0.15, 0.4)) if rng.random() < 0.4 else 0.0
        hole_round = bool(rng.random() < 0.6)
        token_symbol = bool(rng.random() < 0.5)
        wall = float(u(0.1, 0.2)) if rng.random() < 0.5 else 0.0
    else:
        raise ValueError(f"no drawing for artwork family {family!r}")
    if rng.random() < 0.5:
        margin_c = (floor[0] + u(-10, 10), min(0.7, floor[1] * u(0.9, 1.4)), floor[2] * u(0.45, 0.7))
    else:
        margin_c = (u(15, 40), u(0.25, 0.6), u(0.2, 0.45))
    animal_bg = [(u(0, 360), u(0.0, 0.08), u(0.4, 0.75)), (u(30, 48), u(0.1, 0.25), u(0.72, 0.92)),
                 (u(0, 360), u(0.0, 0.2), u(0.1, 0.25))][int(rng.integers(3))]
    return Artwork(
        floor_hsv=floor, margin_hsv=margin_c, margin=float(u(0.0, 0.5)), grid_lines=grid, leaf_hsv=leaf,
        hole_round=hole_round, hole_size=float(u(0.52, 0.74) if hole_round else u(0.52, 0.69)),
        token_size=float(u(0.52, 0.69)), symbol_size=float(u(0.26, 0.36)),
        squirrel_hsv=(u(8, 28), u(0.5, 0.85), u(0.32, 0.6)), animal_bg=animal_bg,
        outline_v=float(u(0.04, 0.2)), vein_strength=float(u(0.25, 0.55)), family=family,
        token_symbol=token_symbol, hole_wall=wall)


def _fbm(rng, h, w, cells: int, octaves: int, amp: float) -> np.ndarray:
    """Multi-octave noise: each octave twice as fine and a little over half as strong."""
    out = np.zeros((h, w), np.float32)
    for k in range(octaves):
        out += _noise(rng, h, w, cells * 2 ** k, amp * 0.55 ** k)
    return out


def _grain(rng, img: np.ndarray, sigma: float, chroma: float = 0.35) -> np.ndarray:
    """Photographic grain: mostly in brightness, a little in colour."""
    h, w = img.shape[:2]
    g = rng.normal(0, sigma, (h, w, 1)).astype(np.float32)
    c = rng.normal(0, sigma * chroma, (h, w, 3)).astype(np.float32)
    return np.clip(img.astype(np.float32) + g + c, 0, 255).astype(np.uint8)


def _jitter(rng, hsv_c, dh=8.0, ds=(0.8, 1.25), dv=(0.75, 1.2)):
    h, s, v = hsv_c
    return hsv(h + rng.uniform(-dh, dh), min(0.95, s * rng.uniform(*ds)), v * rng.uniform(*dv))


def _rot(pts: np.ndarray, a: float, cx: float, cy: float) -> np.ndarray:
    c, s = np.cos(a), np.sin(a)
    return (pts @ np.array([[c, s], [-s, c]]) + [cx, cy]).astype(np.int32)


def _leaf_shape(length: float, width: float) -> np.ndarray:
    """A pointed leaf outline centred on the origin, along x."""
    t = np.linspace(0, 1, 14)
    x = (t - 0.5) * length
    y = np.sin(np.pi * t) ** 0.8 * width / 2
    return np.concatenate([np.column_stack([x, y]), np.column_stack([x[::-1], -y[::-1]])])


# ---- floors

def floor(rng, art: Artwork, h: int, w: int, px: int) -> np.ndarray:
    return {"vector": _vector_floor, "photo": _photo_floor, "busy": _busy_floor}[art.family](rng, art, h, w, px)


def _vector_floor(rng, art, h, w, px):
    img = np.empty((h, w, 3), np.uint8)
    img[:] = hsv(*art.floor_hsv)
    for _ in range(int(h * w / (px * px) * 0.6)):
        c = _jitter(rng, art.floor_hsv, 7, (0.85, 1.2), (0.84, 1.12))
        x, y, size = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.2, 0.7) * px
        kind = int(rng.integers(3))
        if kind == 0:
            cv2.circle(img, (int(x), int(y)), int(size / 2), c, -1, AA)
        else:
            n = 3 if kind == 1 else 4
            a0 = rng.uniform(0, 2 * np.pi)
            pts = np.array([[np.cos(a0 + 2 * np.pi * k / n), np.sin(a0 + 2 * np.pi * k / n)] for k in range(n)]) * size / 2
            cv2.fillPoly(img, [(pts + [x, y]).astype(np.int32)], c, AA)
    return img


def _photo_floor(rng, art, h, w, px):
    base = np.array(hsv(*art.floor_hsv), np.float32)
    if rng.random() < 0.35:  # wooden boards: planks with grain, seams between them
        across = rng.random() < 0.5
        n = w if across else h
        coord = np.arange(n, dtype=np.float32)
        plank = rng.uniform(1.2, 2.4) * px
        warp = _fbm(rng, h, w, 3, 3, 0.6 * px)
        along = (np.arange(h, dtype=np.float32)[:, None] if across else np.arange(w, dtype=np.float32)[None, :])
        perp = (coord[None, :] if across else coord[:, None]) + warp
        grain = 0.9 + 0.1 * np.sin(perp / rng.uniform(2.5, 6.0)) + 0.04 * np.sin(perp / 1.3 + along / 40)
        idx = np.floor((coord if across else coord) / plank).astype(int)
        shade = rng.uniform(0.82, 1.15, idx.max() + 2).astype(np.float32)[idx]
        shade = shade[None, :] if across else shade[:, None]
        f = base * (grain * shade)[..., None]
        seam = (np.mod(coord, plank) < 1.5).astype(np.float32)
        seam = seam[None, :] if across else seam[:, None]
        f *= (1 - 0.35 * np.broadcast_to(seam, (h, w)))[..., None]
    else:  # soil: clods at every scale, grit and pebbles
        f = np.empty((h, w, 3), np.float32)
        f[:] = base
        f *= (1.0 + _fbm(rng, h, w, 4, 5, 0.16))[..., None]
        img = np.clip(f, 0, 255).astype(np.uint8)
        for _ in range(int(h * w / (px * px) * 3)):
            c = _jitter(rng, (art.floor_hsv[0], art.floor_hsv[1] * 0.6, art.floor_hsv[2]), 10, (0.5, 1.1), (0.6, 1.45))
            r = max(1, int(rng.uniform(0.01, 0.06) * px))
            cv2.circle(img, (int(rng.uniform(0, w)), int(rng.uniform(0, h))), r, c, -1, AA)
        for _ in range(int(h * w / (px * px) * 0.25)):  # pebbles lit from the top left
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            ax = (int(rng.uniform(0.05, 0.16) * px) + 1, int(rng.uniform(0.04, 0.1) * px) + 1)
            a = rng.uniform(0, 180)
            stone = (rng.uniform(20, 50), rng.uniform(0.05, 0.25), rng.uniform(0.35, 0.7))
            cv2.ellipse(img, (int(x + 1), int(y + 1)), ax, a, 0, 360, hsv(stone[0], stone[1], stone[2] * 0.5), -1, AA)
            cv2.ellipse(img, (int(x), int(y)), ax, a, 0, 360, hsv(*stone), -1, AA)
            cv2.ellipse(img, (int(x - ax[0] * 0.3), int(y - ax[1] * 0.3)), (max(1, ax[0] // 3), max(1, ax[1] // 3)), a,
                        0, 360, hsv(stone[0], stone[1] * 0.5, min(1, stone[2] * 1.3)), -1, AA)
        f = img.astype(np.float32)
    f *= (1.0 + _noise(rng, h, w, 5, 0.06))[..., None]
    return _grain(rng, np.clip(f, 0, 255).astype(np.uint8), 7.0)


def _busy_floor(rng, art, h, w, px):
    img = np.empty((h, w, 3), np.uint8)
    img[:] = hsv(*art.floor_hsv)
    fh, fs, fv = art.floor_hsv
    for _ in range(int(h * w / (px * px) * 3.2)):
        c = hsv(fh + rng.uniform(-16, 16), min(0.85, fs * rng.uniform(0.8, 1.6)), fv * rng.uniform(0.62, 1.35))
        dark = hsv(fh, min(0.9, fs * 1.2), fv * rng.uniform(0.4, 0.6))
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        kind = rng.random()
        if kind < 0.45:  # a fallen leaf with its veins
            length = rng.uniform(0.35, 0.95) * px
            a = rng.uniform(0, np.pi)
            pts = _rot(_leaf_shape(length, length * rng.uniform(0.35, 0.6)), a, x, y)
            cv2.fillPoly(img, [pts], c, AA)
            p0 = _rot(np.array([[-length / 2, 0.0], [length / 2, 0.0]]), a, x, y)
            cv2.line(img, tuple(p0[0]), tuple(p0[1]), dark, 1, AA)
            for t in (-0.2, 0.05, 0.25):
                for sgn in (-1, 1):
                    q = _rot(np.array([[t * length, 0.0], [(t + 0.15) * length, sgn * length * 0.16]]), a, x, y)
                    cv2.line(img, tuple(q[0]), tuple(q[1]), dark, 1, AA)
        elif kind < 0.7:  # a twig with a side branch
            pts = [np.array([x, y])]
            a = rng.uniform(0, 2 * np.pi)
            for _ in range(int(rng.integers(2, 5))):
                a += rng.uniform(-0.6, 0.6)
                pts.append(pts[-1] + rng.uniform(0.12, 0.3) * px * np.array([np.cos(a), np.sin(a)]))
            cv2.polylines(img, [np.array(pts, np.int32)], False, dark, max(1, px // 16), AA)
            b = pts[len(pts) // 2]
            cv2.line(img, tuple(b.astype(int)), tuple((b + 0.15 * px * np.array([np.cos(a + 1), np.sin(a + 1)])).astype(int)),
                     dark, max(1, px // 24), AA)
        elif kind < 0.85:  # an acorn in the floor's own browns
            r = rng.uniform(0.08, 0.16) * px
            a = rng.uniform(0, 180)
            cv2.ellipse(img, (int(x), int(y + r * 0.3)), (int(r * 0.8) + 1, int(r) + 1), a, 0, 360, c, -1, AA)
            cv2.ellipse(img, (int(x), int(y - r * 0.4)), (int(r * 0.9) + 1, int(r * 0.45) + 1), a, 0, 360, dark, -1, AA)
        else:  # a pebble
            cv2.ellipse(img, (int(x), int(y)), (int(rng.uniform(0.04, 0.12) * px) + 1, int(rng.uniform(0.03, 0.08) * px) + 1),
                        rng.uniform(0, 180), 0, 360, c, -1, AA)
    f = img.astype(np.float32) * (1.0 + _noise(rng, h, w, 7, 0.08))[..., None]
    f += rng.normal(0, 3, (h, w, 1)).astype(np.float32)
    return np.clip(f, 0, 255).astype(np.uint8)


# ---- printed symbols

def _ink(col) -> tuple:
    return tuple(int(c * 0.3) for c in col)


def _draw_hsv(rng, kind: str):
    (h0, h1), (s0, s1), (v0, v1) = TREASURE[kind]
    return rng.uniform(h0, h1), rng.uniform(s0, s1), rng.uniform(v0, v1)


def symbol(img, rng, art: Artwork, kind: str, cx: float, cy: float, size: float):
    {"vector": _vector_symbol, "photo": _photo_symbol, "busy": _busy_symbol}[art.family](img, rng, kind, cx, cy, size)


def _vector_symbol(img, rng, kind, cx, cy, size):
    r = size / 2
    col = hsv(*_draw_hsv(rng, kind))
    ink = (30, 30, 38)
    t = max(1, int(round(size / 12)))
    if kind == "b":
        for a in (-np.pi / 2, np.pi / 6, 5 * np.pi / 6):
            p = (int(cx + 0.45 * r * np.cos(a)), int(cy + 0.45 * r * np.sin(a)))
            cv2.circle(img, p, int(r * 0.5), col, -1, AA)
            cv2.circle(img, p, int(r * 0.5), ink, t, AA)
    elif kind == "n":
        cv2.circle(img, (int(cx), int(cy + r * 0.15)), int(r * 0.75), col, -1, AA)
        cv2.circle(img, (int(cx), int(cy + r * 0.15)), int(r * 0.75), ink, t, AA)
        cap = np.array([[cx - r * 0.85, cy - r * 0.2], [cx + r * 0.85, cy - r * 0.2], [cx + r * 0.5, cy - r * 0.8],
                        [cx - r * 0.5, cy - r * 0.8]], np.int32)
        cv2.fillPoly(img, [cap], tuple(int(c * 0.6) for c in col), AA)
        cv2.polylines(img, [cap], True, ink, t, AA)
    elif kind == "m":
        stem = np.array([[cx - r * 0.25, cy], [cx + r * 0.25, cy], [cx + r * 0.25, cy + r], [cx - r * 0.25, cy + r]], np.int32)
        cv2.fillPoly(img, [stem], hsv(40, 0.12, 0.92), AA)
        cv2.polylines(img, [stem], True, ink, t, AA)
        cv2.ellipse(img, (int(cx), int(cy)), (int(r), int(r * 0.8)), 0, 180, 360, col, -1, AA)
        cv2.ellipse(img, (int(cx), int(cy)), (int(r), int(r * 0.8)), 0, 180, 360, ink, t, AA)
        cv2.line(img, (int(cx - r), int(cy)), (int(cx + r), int(cy)), ink, t, AA)
        for dx, dy in ((-0.45, -0.35), (0.1, -0.55), (0.5, -0.25)):
            cv2.circle(img, (int(cx + dx * r), int(cy + dy * r)), max(1, int(r * 0.14)), (245, 245, 245), -1, AA)
    else:
        a = rng.uniform(-0.9, 0.9)
        pts = _rot(np.array([[-r, 0.0], [0.0, -r * 0.4], [r, 0.0], [0.0, r * 0.4]]), a, cx, cy)
        cv2.fillPoly(img, [pts], col, AA)
        cv2.polylines(img, [pts], True, ink, t, AA)
        cv2.line(img, tuple(pts[0]), tuple(pts[2]), (120, 120, 120), 1, AA)


def _sphere(img, cx, cy, r, col):
    """A shaded ball lit from the top left: darker rings outside, a highlight inside."""
    b, g, rr = col
    for k, f in enumerate((0.55, 0.8, 1.0, 1.15)):
        rad = r * (1 - 0.2 * k)
        off = r * 0.12 * k
        c = (min(255, int(b * f)), min(255, int(g * f)), min(255, int(rr * f)))
        cv2.circle(img, (int(cx - off), int(cy - off)), max(1, int(rad)), c, -1, AA)
    cv2.circle(img, (int(cx - r * 0.4), int(cy - r * 0.4)), max(1, int(r * 0.18)),
               (min(255, b + 90), min(255, g + 90), min(255, rr + 90)), -1, AA)


def _photo_symbol(img, rng, kind, cx, cy, size):
    r = size / 2
    h, s, v = _draw_hsv(rng, kind)
    x0, y0 = int(max(0, cx - size)), int(max(0, cy - size))
    x1, y1 = int(min(img.shape[1], cx + size)), int(min(img.shape[0], cy + size))
    if kind == "b":
        for k in range(int(rng.integers(3, 6))):
            a = k * 2.1 + rng.uniform(0, 0.5)
            _sphere(img, cx + 0.45 * r * np.cos(a), cy + 0.45 * r * np.sin(a), r * 0.48, hsv(h, s, v))
    elif kind == "n":
        _sphere(img, cx, cy + r * 0.1, r * 0.8, hsv(h, s, v))
        cv2.ellipse(img, (int(cx), int(cy - r * 0.5)), (int(r * 0.8), int(r * 0.32)), 0, 0, 360, hsv(h, s, v * 0.55), -1, AA)
        for k in range(-2, 3):
            cv2.line(img, (int(cx + k * r * 0.25), int(cy - r * 0.75)), (int(cx + k * r * 0.3), int(cy - r * 0.28)),
                     hsv(h, s, v * 0.35), 1, AA)
    elif kind == "m":
        cv2.rectangle(img, (int(cx - r * 0.25), int(cy)), (int(cx + r * 0.25), int(cy + r)), hsv(38, 0.15, 0.85), -1)
        cv2.line(img, (int(cx + r * 0.2), int(cy)), (int(cx + r * 0.2), int(cy + r)), hsv(38, 0.2, 0.6), 1, AA)
        for k, f in enumerate((0.7, 0.9, 1.05)):
            cv2.ellipse(img, (int(cx - k), int(cy - k)), (int(r * (1 - 0.12 * k)), int(r * 0.8 * (1 - 0.12 * k))), 0, 180, 360,
                        hsv(h, s, min(1, v * f)), -1, AA)
        for _ in range(4):
            cv2.circle(img, (int(cx + rng.uniform(-0.6, 0.6) * r), int(cy - rng.uniform(0.2, 0.55) * r)),
                       max(1, int(r * rng.uniform(0.08, 0.15))), hsv(50, 0.08, 0.95), -1, AA)
    else:
        a = rng.uniform(-60, 60)
        col = hsv(h, s, v)
        cv2.ellipse(img, (int(cx), int(cy)), (int(r), int(r * 0.42)), a, 0, 360, col, -1, AA)
        d = np.deg2rad(a)
        for t in np.linspace(-0.8, 0.8, 9):
            bx, by = cx + t * r * np.cos(d), cy + t * r * np.sin(d)
            for sgn in (-1, 1):
                e = d + sgn * 1.0
                cv2.line(img, (int(bx), int(by)), (int(bx + 0.35 * r * np.cos(e)), int(by + 0.35 * r * np.sin(e))),
                         hsv(h, s, v * 0.82), 1, AA)
        cv2.line(img, (int(cx - r * np.cos(d)), int(cy - r * np.sin(d))), (int(cx + r * np.cos(d)), int(cy + r * np.sin(d))),
                 hsv(0, 0, 0.5), 1, AA)
    if x1 > x0 and y1 > y0:  # a photograph is never quite sharp
        img[y0:y1, x0:x1] = cv2.GaussianBlur(img[y0:y1, x0:x1], (0, 0), 0.7)


def _busy_symbol(img, rng, kind, cx, cy, size):
    """The own artwork's symbol inked round like a picture book's, a berry with its stalk and leaf."""
    x0, y0 = int(max(0, cx - size)), int(max(0, cy - size))
    x1, y1 = int(min(img.shape[1], cx + size)), int(min(img.shape[0], cy + size))
    before = img[y0:y1, x0:x1].copy()
    _symbol(img, rng, kind, cx, cy, size)
    if kind == "b":
        cv2.line(img, (int(cx), int(cy - size * 0.45)), (int(cx + size * 0.2), int(cy - size * 0.75)), hsv(100, 0.5, 0.35), 1, AA)
    changed = (np.abs(img[y0:y1, x0:x1].astype(np.int16) - before).max(2) > 12).astype(np.uint8)
    contours, _ = cv2.findContours(changed, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    cv2.drawContours(img[y0:y1, x0:x1], contours, -1, (25, 28, 35), 1, AA)


# ---- leaf squares

def leaf_square(rng, art: Artwork, colour: str, px: int) -> np.ndarray:
    return {"vector": _vector_leaf, "photo": _photo_leaf, "busy": _busy_leaf}[art.family](rng, art, colour, px)


def _vector_leaf(rng, art, colour, px):
    h, s, v = art.leaf_hsv[colour]
    tile = np.empty((px, px, 3), np.uint8)
    tile[:] = hsv(h + rng.uniform(-2, 2), s, v)
    dark = hsv(h, min(1, s * 1.05), v * (1 - art.vein_strength))
    a = np.pi / 4 if rng.random() < 0.5 else 3 * np.pi / 4
    c = px / 2
    p0 = (int(c - px * np.cos(a)), int(c - px * np.sin(a)))
    p1 = (int(c + px * np.cos(a)), int(c + px * np.sin(a)))
    cv2.line(tile, p0, p1, dark, max(2, px // 12), AA)
    for t in (-0.22, 0.22):
        bx, by = c + t * px * np.cos(a), c + t * px * np.sin(a)
        for sgn in (-1, 1):
            e = a + sgn * np.pi / 3
            cv2.line(tile, (int(bx), int(by)), (int(bx + 0.3 * px * np.cos(e)), int(by + 0.3 * px * np.sin(e))), dark,
                     max(1, px // 20), AA)
    return tile


def _photo_leaf(rng, art, colour, px):
    h, s, v = art.leaf_hsv[colour]
    hsvf = np.empty((px, px, 3), np.float32)
    hsvf[..., 0] = (h + rng.uniform(-3, 3) + _noise(rng, px, px, 4, 2.5)) % 360
    hsvf[..., 1] = np.clip(s * (1 + _fbm(rng, px, px, 3, 3, 0.12)), 0, 1)
    hsvf[..., 2] = np.clip(v * (1 + _fbm(rng, px, px, 3, 4, 0.14)), 0, 1)
    tile = cv2.cvtColor(hsvf, cv2.COLOR_HSV2BGR) * 255.0
    # veins: a midrib, secondaries off it, a fine lighter network
    img = np.clip(tile, 0, 255).astype(np.uint8)
    dark = hsv(h, min(1, s * 1.1), v * (1 - art.vein_strength))
    light = hsv(h, s * 0.6, min(1, v * 1.2))
    a = rng.uniform(0, np.pi)
    c = px / 2
    ca, sa = np.cos(a), np.sin(a)
    cv2.line(img, (int(c - px * ca), int(c - px * sa)), (int(c + px * ca), int(c + px * sa)), dark, max(1, px // 22), AA)
    for t in np.linspace(-0.45, 0.45, 6):
        bx, by = c + t * px * ca, c + t * px * sa
        for sgn in (-1, 1):
            e = a + sgn * rng.uniform(0.6, 0.9)
            ex, ey = bx + 0.35 * px * np.cos(e), by + 0.35 * px * np.sin(e)
            cv2.line(img, (int(bx), int(by)), (int(ex), int(ey)), dark, 1, AA)
            cv2.line(img, (int((bx + ex) / 2), int((by + ey) / 2)),
                     (int((bx + ex) / 2 + 0.12 * px * np.cos(e + 1.2)), int((by + ey) / 2 + 0.12 * px * np.sin(e + 1.2))),
                     light, 1, AA)
    f = img.astype(np.float32)
    # gloss: a soft highlight that washes the colour towards white
    yy, xx = np.mgrid[0:px, 0:px].astype(np.float32)
    gx, gy, gs = rng.uniform(0, px), rng.uniform(0, px), rng.uniform(0.15, 0.4) * px
    gloss = rng.uniform(0.05, 0.3) * np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * gs * gs))
    f = f * (1 - gloss[..., None]) + 235 * gloss[..., None]
    return _grain(rng, np.clip(f, 0, 255).astype(np.uint8), 5.0)


def _busy_leaf(rng, art, colour, px):
    h, s, v = art.leaf_hsv[colour]
    tile = np.empty((px, px, 3), np.float32)
    tile[:] = hsv(h + rng.uniform(-4, 4), s * rng.uniform(0.9, 1.05), v * rng.uniform(0.85, 1.0))
    yy, xx = np.mgrid[0:px, 0:px].astype(np.float32) / px - 0.5
    tile *= (1.08 - 0.3 * (xx ** 2 + yy ** 2))[..., None]
    img = np.clip(tile, 0, 255).astype(np.uint8)
    # one big serrated leaf across the square, a shade lighter, with pinnate veins
    a = rng.uniform(0, np.pi)
    shape = _leaf_shape(px * 1.1, px * rng.uniform(0.55, 0.8))
    teeth = 1 + 0.08 * (np.arange(len(shape)) % 2)
    pts = _rot(shape * teeth[:, None], a, px / 2, px / 2)
    cv2.fillPoly(img, [pts], hsv(h + rng.uniform(-5, 5), s * rng.uniform(0.8, 1.0), min(1, v * rng.uniform(1.02, 1.15))), AA)
    dark = hsv(h, min(1, s * 1.1), v * (1 - art.vein_strength))
    mid = _rot(np.array([[-px * 0.55, 0.0], [px * 0.55, 0.0]]), a, px / 2, px / 2)
    cv2.line(img, tuple(mid[0]), tuple(mid[1]), dark, max(1, px // 26), AA)
    for t in np.linspace(-0.35, 0.35, 5):
        for sgn in (-1, 1):
            q = _rot(np.array([[t * px, 0.0], [(t + 0.12) * px, sgn * 0.25 * px]]), a, px / 2, px / 2)
            cv2.line(img, tuple(q[0]), tuple(q[1]), dark, 1, AA)
    for _ in range(int(rng.integers(0, 3))):  # blemishes of a turning leaf
        cv2.circle(img, (int(rng.uniform(0, px)), int(rng.uniform(0, px))), max(1, int(px * rng.uniform(0.03, 0.07))),
                   hsv(h + rng.uniform(-6, 6), min(1, s * 1.1), v * 0.7), -1, AA)
    return img


# ---- tokens and squirrels

def token(img, rng, art: Artwork, cx: float, cy: float, px: int, kind: str):
    """A treasure token on a hole: a disc in its treasure's colour, showing the printed symbol's own
    illustration where the family draws tokens so."""
    col_hsv = _draw_hsv(rng, kind)
    col = hsv(*col_hsv)
    r = art.token_size * px / 2
    if art.family == "photo":
        cv2.circle(img, (int(cx + r * 0.15), int(cy + r * 0.15)), int(r), (25, 25, 25), -1, AA)
        for k, f in enumerate((0.7, 0.88, 1.0)):
            cv2.circle(img, (int(cx - k * r * 0.03), int(cy - k * r * 0.03)), int(r * (1 - 0.06 * k)),
                       hsv(col_hsv[0], col_hsv[1], min(1, col_hsv[2] * f)), -1, AA)
    else:
        cv2.circle(img, (int(cx), int(cy)), int(r), col, -1, AA)
        cv2.circle(img, (int(cx), int(cy)), int(r), (30, 30, 38) if art.family == "vector" else _ink(col),
                    max(1, px // (16 if art.family == "vector" else 30)), AA)
    if art.token_symbol:
        symbol(img, rng, art, kind, cx, cy, r * 1.05)
    else:
        cv2.circle(img, (int(cx), int(cy)), int(r * 0.78), hsv(col_hsv[0], col_hsv[1] * 0.5, min(1, col_hsv[2] * 1.25)), 1, AA)
    if art.family == "photo":
        x0, y0 = int(max(0, cx - r - 2)), int(max(0, cy - r - 2))
        x1, y1 = int(min(img.shape[1], cx + r + 2)), int(min(img.shape[0], cy + r + 2))
        if x1 > x0 and y1 > y0:
            img[y0:y1, x0:x1] = _grain(rng, img[y0:y1, x0:x1], 4.0)


def squirrel(img, rng, art: Artwork, cx: float, cy: float, px: int):
    h, s, v = art.squirrel_hsv
    half = px * rng.uniform(0.4, 0.46)
    x0, y0, x1, y1 = int(cx - half), int(cy - half), int(cx + half), int(cy + half)
    light = hsv(h + 5, s * 0.45, min(1, v + 0.35))
    ink = (30, 30, 38)
    if art.family != "vector":
        cv2.rectangle(img, (x0 + 2, y0 + 2), (x1 + 2, y1 + 2), (25, 25, 25), -1)
    cv2.rectangle(img, (x0, y0), (x1, y1), hsv(h, s, v), -1)
    t = max(1, px // 20) if art.family == "vector" else 1
    body = [((int(cx - px * 0.02), int(cy + px * 0.1)), (int(px * 0.15), int(px * 0.2)), 0),
            ((int(cx + px * 0.2), int(cy - px * 0.02)), (int(px * 0.09), int(px * 0.28)), 15)]
    for centre, axes, ang in body:
        cv2.ellipse(img, centre, axes, ang, 0, 360, light, -1, AA)
    cv2.circle(img, (int(cx - px * 0.05), int(cy - px * 0.18)), int(px * 0.1), light, -1, AA)
    if art.family in ("vector", "busy"):
        for centre, axes, ang in body:
            cv2.ellipse(img, centre, axes, ang, 0, 360, ink, t, AA)
        cv2.circle(img, (int(cx - px * 0.05), int(cy - px * 0.18)), int(px * 0.1), ink, t, AA)
        cv2.rectangle(img, (x0, y0), (x1, y1), ink, t)
    if art.family == "photo":
        sub = img[max(0, y0):y1 + 3, max(0, x0):x1 + 3]
        f = sub.astype(np.float32) * (1 + _fbm(rng, sub.shape[0], sub.shape[1], 3, 3, 0.1))[..., None]
        sub[:] = _grain(rng, cv2.GaussianBlur(np.clip(f, 0, 255).astype(np.uint8), (0, 0), 0.6), 5.0)
