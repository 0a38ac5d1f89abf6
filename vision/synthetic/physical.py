"""A physical table: pieces with thickness under one light, and what lies beside the boards.

Leaf tiles, tokens and animal tiles are cardboard: their tops stand a little above the board, so a tilted
camera sees them shifted, sees their side walls (and the walls of a hole cut through a tile), and the
light casts their shadows on the floor beside them and into their holes; the edges facing the light
catch it. Beside each board lie its player's Player Path tiles and piles of treasure tokens; near the
boards the central board with its ring of Common Path tiles; a mug stands on the table. None of these
is a Forest Floor board, so none is in a scene's truth; a cast shadow darkens a square but hides nothing.

Heights and positions are in squares, on the table plane of vision.synthetic.scene (Z into the table, so
a height h is Z = -h). Every draw comes from the generator handed in.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.kit import load_kit
from vision.synthetic.artwork import AA, Artwork, _floor, _hole_mask, _leaf_square, _token, hsv

TILE_HEIGHT = 0.08  # a tile's cardboard, in squares
TOKEN_HEIGHT = 0.06
BOARD_HEIGHT = 0.1
MUG_RADIUS = (1.3, 1.8)
MUG_HEIGHT = (3.0, 4.2)


@dataclass(frozen=True)
class Table3D:
    """How the table plane and heights above it reach the picture, and where the light comes from."""
    Hw: np.ndarray  # table plane (Z = 0) -> image
    up: np.ndarray  # what a unit of height adds to Hw's third column (homogeneous image coordinates)
    light: np.ndarray  # unit direction the light travels, its z > 0 (down into the table)
    size: tuple[int, int]

    def plane(self, height: float) -> np.ndarray:
        """Homography of the plane `height` squares above the table."""
        H = self.Hw.copy()
        H[:, 2] = H[:, 2] + height * self.up
        return H

    def shadow_shift(self, height: float) -> np.ndarray:
        """Where the shadow of a point `height` above the table falls, relative to its foot (squares)."""
        return height * self.light[:2] / self.light[2]

    def project(self, pts: np.ndarray, heights) -> np.ndarray:
        """Table points (N x 2) at heights (N or scalar) -> image points."""
        h = np.broadcast_to(np.asarray(heights, float), (len(pts),))
        p = np.column_stack([pts, np.ones(len(pts))]) @ self.Hw.T + h[:, None] * self.up[None, :]
        return p[:, :2] / p[:, 2:3]


def table3d(P: np.ndarray, A: np.ndarray, Hw: np.ndarray, rng: np.random.Generator, size) -> Table3D:
    """From the camera's 3x4 matrix P (table -> image before framing), the framing A, the framed plane
    homography Hw, and a light drawn from `rng`: from any side, 35-65 degrees above the table."""
    az = rng.uniform(0, 2 * np.pi)
    el = np.radians(rng.uniform(35, 65))
    light = np.array([np.cos(el) * np.cos(az), np.cos(el) * np.sin(az), np.sin(el)])
    return Table3D(Hw, -(A @ P[:, 2]), light, size)


def translate(dx: float, dy: float) -> np.ndarray:
    return np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1]], float)


def paste_masked(img: np.ndarray, flat: np.ndarray, mask: np.ndarray, H: np.ndarray, darken: np.ndarray | None = None):
    """Warp `flat` into the frame through H, drawn where `mask` (0-255) is, blended at its edges; with
    `darken`, multiply the frame by (1 - darken * warped mask) instead (a shadow)."""
    h, w = img.shape[:2]
    fh, fw = mask.shape[:2]
    quad = _apply(H, np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], float))
    x0, y0 = np.maximum(np.floor(quad.min(0)).astype(int) - 2, 0)
    x1, y1 = np.minimum(np.ceil(quad.max(0)).astype(int) + 2, [w, h])
    if x1 <= x0 or y1 <= y0:
        return
    T = translate(-x0, -y0) @ H
    roi = (int(x1 - x0), int(y1 - y0))
    m = cv2.warpPerspective(mask, T, roi, flags=cv2.INTER_LINEAR).astype(np.float32)[..., None] / 255
    sub = img[y0:y1, x0:x1]
    if darken is not None:
        sub[:] = np.clip(sub * (1 - float(darken) * m), 0, 255).astype(np.uint8)
        return
    warped = cv2.warpPerspective(flat, T, roi, flags=cv2.INTER_LINEAR)
    sub[:] = (sub * (1 - m) + warped * m).astype(np.uint8)


def _apply(H, pts):
    p = np.column_stack([pts, np.ones(len(pts))]) @ H.T
    return p[:, :2] / p[:, 2:3]


def _area(poly: np.ndarray) -> float:
    x, y = poly[:, 0], poly[:, 1]
    return float(0.5 * (np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))))


def _pixels_per_square(t3: Table3D, at: np.ndarray) -> float:
    q = _apply(t3.Hw, np.array([at, at + [1.0, 0.0]]))
    return float(np.linalg.norm(q[1] - q[0]))


def lifted(img: np.ndarray, t3: Table3D, flat: np.ndarray, mask: np.ndarray, B: np.ndarray, height: float,
           base: float = 0.0, shadow: float = 0.5):
    """Draw a piece of cardboard whose picture is `flat` (where `mask`), lying with its foot at `base`
    and its top `height` above that, flat pixels -> table squares by B: first its shadow on what lies
    below, then its side walls, then its top with the edge facing the light lit and the far edge dark."""
    top = base + height
    fpx = 1.0 / np.linalg.norm(B[:2, 0])  # flat pixels a square
    sigma = max(0.8, 1.2 * height * fpx)
    centre = _apply(B, np.array([[mask.shape[1] / 2, mask.shape[0] / 2]]))[0]
    sq = _pixels_per_square(t3, centre)
    sx, sy = t3.shadow_shift(height)
    pad = int(3 * sigma) + 1  # room for the soft shadow's edge
    soft = cv2.GaussianBlur(cv2.copyMakeBorder(mask, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0), (0, 0), sigma)
    paste_masked(img, soft, soft, t3.plane(base) @ translate(sx, sy) @ B @ translate(-pad, -pad), darken=shadow)
    wall = (flat.astype(np.float32) * 0.55).astype(np.uint8)
    steps = max(1, int(np.ceil(height * sq / 1.5)))
    for k in range(1, steps):
        paste_masked(img, wall, mask, t3.plane(base + height * k / steps) @ B)
    # the edges of the top: lit towards the light's source, dark away from it
    lin = B[:2, :2]
    d = np.linalg.solve(lin, t3.light[:2])
    d = d / (np.linalg.norm(d) + 1e-9)
    k = max(1.5, 0.05 * fpx)
    toward_source = cv2.warpAffine(mask, np.float32([[1, 0, k * d[0]], [0, 1, k * d[1]]]), mask.shape[::-1])
    away = cv2.warpAffine(mask, np.float32([[1, 0, -k * d[0]], [0, 1, -k * d[1]]]), mask.shape[::-1])
    lit = (np.minimum(mask, 255 - toward_source).astype(np.float32) / 255)[..., None]
    dark = (np.minimum(mask, 255 - away).astype(np.float32) / 255)[..., None]
    shaded = flat.astype(np.float32) * (1 - 0.3 * dark)
    shaded = shaded * (1 - 0.45 * lit) + np.minimum(255, shaded * 1.25 + 45) * 0.45 * lit
    paste_masked(img, np.clip(shaded, 0, 255).astype(np.uint8), mask, t3.plane(top) @ B)


def board_pieces(img, t3: Table3D, flat: np.ndarray, bare: np.ndarray, cover: np.ndarray, B: np.ndarray):
    """A board's pieces lifted off its printed floor (already in the frame): tiles and tokens stand
    TILE_HEIGHT above it, their walls showing round their edges and inside their holes."""
    lifted(img, t3, flat, cover, B, TILE_HEIGHT, base=0.0, shadow=0.45)


# ---- what lies beside the boards

@dataclass
class Room:
    """The table's free space: boards as outlines, everything else laid down as circles (squares)."""
    boards: list  # 4x2 outlines in table squares
    things: list  # (centre, radius)

    def free(self, c: np.ndarray, r: float, gap: float = 0.3) -> bool:
        for poly in self.boards:
            d = cv2.pointPolygonTest(poly.astype(np.float32), (float(c[0]), float(c[1])), True)
            if d > -(r + gap):
                return False
        return all(np.hypot(*(c - o)) > r + ro + gap * 0.5 for o, ro in self.things)

    def take(self, c, r):
        self.things.append((np.asarray(c, float), float(r)))


def _tile_picture(rng, art: Artwork, cells, hole, colour: str, px: int):
    """A loose leaf tile: its squares' leaf artwork, the hole cut out, a dark outline."""
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    pad = 2
    img = np.zeros((rows * px + 2 * pad, cols * px + 2 * pad, 3), np.uint8)
    mask = np.zeros(img.shape[:2], np.uint8)
    hole_m = _hole_mask(art, px)
    for r, c in cells:
        y0, x0 = pad + r * px, pad + c * px
        img[y0:y0 + px, x0:x0 + px] = _leaf_square(rng, art, colour, px)
        mask[y0:y0 + px, x0:x0 + px] = 255
        if (r, c) == hole:
            mask[y0:y0 + px, x0:x0 + px] = 255 - hole_m
    ink = hsv(0, 0, art.outline_v)
    edge = cv2.morphologyEx((mask > 0).astype(np.uint8), cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    img[edge > 0] = ink
    return img, mask


def _token_picture(rng, art: Artwork, kind: str, px: int):
    r = art.token_size * px / 2
    n = int(2 * r + 6)
    img = np.zeros((n, n, 3), np.uint8)
    _token(img, rng, art, n / 2, n / 2, px, kind)
    mask = np.zeros((n, n), np.uint8)
    cv2.circle(mask, (int(n / 2 * 16), int(n / 2 * 16)), int(r * 16), 255, -1, AA, shift=4)
    return img, mask


def _pose(centre, angle_deg: float, flat_shape, px: int) -> np.ndarray:
    """Flat pixels -> table squares for a picture centred at `centre`, turned by `angle_deg`."""
    fh, fw = flat_shape[:2]
    a = np.radians(angle_deg)
    return np.array([[np.cos(a), -np.sin(a), centre[0]], [np.sin(a), np.cos(a), centre[1]], [0, 0, 1]]) @ np.array(
        [[1 / px, 0, -fw / px / 2], [0, 1 / px, -fh / px / 2], [0, 0, 1]])


def _spot(rng, room: Room, near: np.ndarray, r: float, start: float, tries: int = 60):
    """A free spot for a thing of radius r, as close to `near` as the room allows, from `start` out."""
    for k in range(tries):
        dist = start + k * 0.25
        a = rng.uniform(0, 2 * np.pi)
        c = near + dist * np.array([np.cos(a), np.sin(a)])
        if room.free(c, r):
            return c
    return None


def beside_boards(img, t3: Table3D, rng, room: Room, placed, arts, px: int):
    """Each board's Player Path (two to four leaf tiles in a row along one of its edges) and one or two
    piles of treasure tokens after them, where they fit on the table without touching a board."""
    kit = load_kit()
    for (c, ang), art, half in placed:
        a = np.radians(ang)
        along, out = np.array([np.cos(a), np.sin(a)]), np.array([-np.sin(a), np.cos(a)])
        edges = [(out, half[1], along, half[0]), (-out, half[1], along, half[0]),
                 (along, half[0], out, half[1]), (-along, half[0], out, half[1])]
        items = [("tile", kit.leaves[int(rng.integers(len(kit.leaves)))]) for _ in range(int(rng.integers(2, 5)))]
        items += [("pile", "bnmf"[int(rng.integers(4))]) for _ in range(int(rng.integers(1, 3)))]
        first = int(rng.integers(4))
        for e in range(4):
            normal, dist, tangent, span = edges[(first + e) % 4]
            spots, cursor = [], -span
            for item in items:
                radius = 1.6 if item[0] == "tile" else 0.5
                centre = c + normal * (dist + 0.5 + radius) + tangent * (cursor + radius)
                cursor += 2 * radius + 0.3
                spots.append((centre, radius, item))
            if sum(room.free(s, r) for s, r, _ in spots) >= len(spots) - 1:
                break
        for centre, radius, item in spots:
            if not room.free(centre, radius):
                continue
            room.take(centre, radius)
            if item[0] == "tile":
                shape = item[1]
                pic, mask = _tile_picture(rng, art, shape.cells, shape.hole, shape.kind, px)
                # a tile lies along the row (its long side along the board's edge), give or take
                turn = ang + rng.uniform(-8, 8) + (90 if pic.shape[0] > pic.shape[1] else 0) + 180 * int(rng.integers(2))
                lifted(img, t3, pic, mask, _pose(centre, turn, pic.shape, px), TILE_HEIGHT)
            else:
                _pile(img, t3, rng, art, centre, item[1], int(rng.integers(2, 6)), px)


def _pile(img, t3, rng, art, centre, kind, n, px):
    for k in range(n):
        pic, mask = _token_picture(rng, art, kind, px)
        at = centre + rng.normal(0, 0.06, 2)
        lifted(img, t3, pic, mask, _pose(at, rng.uniform(0, 360), pic.shape, px), TOKEN_HEIGHT,
               base=k * TOKEN_HEIGHT, shadow=0.4)


def central_board(img, t3: Table3D, rng, room: Room, near: np.ndarray, art: Artwork, px: int):
    """The central board (a printed track of spaces on the family's floor) and the Common Path round it:
    eight leaf tiles in a ring."""
    side = 5.0
    ring = side / 2 + 1.9
    where = _spot(rng, room, near, ring + 1.6, 0.0, tries=120)
    if where is None:
        return
    room.take(where, ring + 1.6)
    n = int(side * px)
    flat = _floor(rng, art, n, n, px)
    track = hsv(art.floor_hsv[0] + rng.uniform(-20, 20), 0.25, min(1, art.floor_hsv[2] * 1.35))
    for k in range(12):
        a = 2 * np.pi * k / 12
        p = (int(n / 2 + n * 0.36 * np.cos(a)), int(n / 2 + n * 0.36 * np.sin(a)))
        cv2.circle(flat, p, int(px * 0.4), track, -1, AA)
        cv2.circle(flat, p, int(px * 0.4), hsv(0, 0, 0.2), max(1, px // 20), AA)
    cv2.rectangle(flat, (0, 0), (n - 1, n - 1), hsv(art.margin_hsv[0], 0.3, 0.2), max(2, px // 12))
    mask = np.full((n, n), 255, np.uint8)
    turn = rng.uniform(0, 90)
    lifted(img, t3, flat, mask, _pose(where, turn, flat.shape, px), BOARD_HEIGHT, shadow=0.5)
    kit = load_kit()
    for k in range(8):
        a = np.radians(turn) + 2 * np.pi * k / 8 + rng.uniform(-0.1, 0.1)
        shape = kit.leaves[int(rng.integers(len(kit.leaves)))]
        pic, m = _tile_picture(rng, art, shape.cells, shape.hole, shape.kind, px)
        at = where + ring * np.array([np.cos(a), np.sin(a)])
        lifted(img, t3, pic, m, _pose(at, np.degrees(a) + 90, pic.shape, px), TILE_HEIGHT)


def mug(img, t3: Table3D, rng, room: Room, near: np.ndarray) -> np.ndarray:
    """A mug standing on the table near the boards; returns its mask in the picture (it hides what it
    stands in front of; its shadow hides nothing)."""
    h, w = img.shape[:2]
    out = np.zeros((h, w), np.uint8)
    rad = rng.uniform(*MUG_RADIUS)
    tall = rng.uniform(*MUG_HEIGHT)
    where = _spot(rng, room, near, rad + tall * 0.8, 2.0, tries=120)
    if where is None:
        return out
    room.take(where, rad + 0.8)
    ang = np.linspace(0, 2 * np.pi, 48, endpoint=False)
    ring = np.column_stack([np.cos(ang), np.sin(ang)])
    base = where + rad * ring
    # the shadow: the mug's outline swept from its foot to where its rim's shadow falls
    shade = np.zeros((h, w), np.uint8)
    far = base + t3.shadow_shift(tall)
    hull = cv2.convexHull(np.concatenate([t3.project(base, 0.0), t3.project(far, 0.0)]).astype(np.float32))
    cv2.fillConvexPoly(shade, hull.astype(np.int32), 255, AA)
    sq = _pixels_per_square(t3, where)
    soft = cv2.GaussianBlur(shade, (0, 0), max(1.0, sq * 0.25)).astype(np.float32) / 255
    img[:] = np.clip(img * (1 - 0.5 * soft[..., None]), 0, 255).astype(np.uint8)
    body = hsv(rng.uniform(0, 360), rng.uniform(0, 0.7), rng.uniform(0.45, 0.95))
    src = -t3.light[:2] / (np.linalg.norm(t3.light[:2]) + 1e-9)
    lo, hi = t3.project(base, 0.0), t3.project(base, tall)
    handle_a = rng.uniform(0, 2 * np.pi)
    handle = [where + (rad + 0.45 * np.sin(t)) * np.array([np.cos(handle_a), np.sin(handle_a)]) for t in np.linspace(0, np.pi, 12)]
    handle_h = [tall * (0.3 + 0.45 * t / np.pi) for t in np.linspace(0, np.pi, 12)]
    handle_px = t3.project(np.array(handle), np.array(handle_h)).astype(np.int32)
    width = max(2, int(sq * 0.28))
    # the body's side, strips from the foot to the rim shaded by how they face the light: a strip wound as
    # the rim is (seen from above) faces the camera, and is drawn over those facing away
    rim_px = t3.project(base, tall)
    facing = np.sign(_area(rim_px))
    strips = []
    for i in range(len(ang)):
        j = (i + 1) % len(ang)
        quad = np.array([lo[i], lo[j], hi[j], hi[i]])
        strips.append((np.sign(_area(quad)) == facing, i, quad))
    hi_a = int(np.argmin(np.abs(np.angle(np.exp(1j * (ang - handle_a))))))
    handle_front = strips[hi_a][0]
    col_handle = tuple(int(c * 0.8) for c in body)
    if not handle_front:
        cv2.polylines(img, [handle_px], False, col_handle, width, AA)
        cv2.polylines(out, [handle_px], False, 255, width, AA)
    for front, i, quad in sorted(strips, key=lambda s: s[0]):
        lit = 0.5 + 0.5 * max(0.0, float(np.dot(ring[i], src)))
        cv2.fillConvexPoly(img, quad.astype(np.int32), tuple(int(c * lit) for c in body), AA)
        cv2.fillConvexPoly(out, quad.astype(np.int32), 255, AA)
    if handle_front:
        cv2.polylines(img, [handle_px], False, col_handle, width, AA)
        cv2.polylines(out, [handle_px], False, 255, width, AA)
    rim = t3.project(where + rad * ring, tall).astype(np.int32)
    inner = t3.project(where + rad * 0.85 * ring, tall).astype(np.int32)
    cv2.fillPoly(img, [rim], tuple(min(255, int(c * 1.1)) for c in body), AA)
    cv2.fillPoly(img, [inner], hsv(rng.uniform(15, 30), rng.uniform(0.5, 0.8), rng.uniform(0.1, 0.25)), AA)
    cv2.fillPoly(out, [rim], 255, AA)
    return out
