"""Which squares of the table's own empty boards carry a printed symbol, and which symbols look alike.

A real box's artwork is not known: no palette says what a berry looks like, and its floor may be crowded
with drawn leaves, twigs and acorns, or grainy as a photograph. What holds for any copy is that a symbol
is printed in the middle of its square, in colours its floor does not show around it, and that every
symbol of one treasure is printed alike, on many squares of the box. So:

1. each pixel of a square's middle is scored by how far its colour lies from the colours of the square's
   own floor ring (its distance, in Lab, to the few nearest ring pixels): a leaf, twig or grain of the
   floor's illustration that lies in the middle shows colours the ring shows too, however crowded or
   grainy the floor; a printed symbol's colours are nowhere in it. A square's score is its middle's mean;
2. the squares that stand out, over all the boards seen, are split from the rest where their scores,
   on a log scale, divide best into two (no fixed level: the boards' own spread decides; on a log scale
   the floor's noise and the symbols' wide spread are each one population);
3. those are grouped by their colours (the darker and the lighter half of their novel pixels) with
   Ward's method, the number of groups where the merge cost jumps most (at least the four treasures);
4. each group's mean patch is its template; every symbol square goes to the group whose template it fits
   best (colours alone can put a red cap with a white stem among pale feathers), and a square not taken
   at first joins the group whose template it fits about as well as the group's own members do: a symbol
   that barely stands out of a floor of nearly its colour still has its shape;
5. a symbol recurs: a square is kept only when at least a few other symbol squares of the box have a
   middle alike to its own. A leaf or pebble of the floor that happens to stand out in one square's
   middle is a drawing of its own, alike to none.

The table then names each group once (calibration.boards); this module names nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.classify.features import balance
from vision.grids import COLUMNS, ROWS

SQUARES = ROWS * COLUMNS


@dataclass(frozen=True)
class BoardLooks:
    """What each of a board's 72 squares (reading order) looks like, for learning its printed symbols."""
    score: np.ndarray  # (72,) how unlike the colours of its own floor ring its middle is (Lab units)
    colours: np.ndarray  # (72, 8) the darker and lighter half of the middle's most novel pixels, compressed, and their spread
    patches: np.ndarray  # (72, p, p, 3) the middle, Lab less the square's floor, a little wider for shifts
    crops: np.ndarray  # (72, px, px, 3) each square as seen (BGR, white balanced): what the table is shown


@dataclass(frozen=True)
class Learned:
    """The symbols found on every board and their groups."""
    groups: list[np.ndarray]  # per board, (72,) group index of each square, -1 plain
    count: int  # groups found, numbered 0..count-1 from the largest


def _discs(px: int, t: dict) -> dict[str, np.ndarray]:
    c = (np.arange(px) + 0.5) / px - 0.5
    yy, xx = np.meshgrid(c, c, indexing="ij")
    r = np.hypot(xx, yy).ravel()
    f0, f1 = t["floor_ring"]
    return {"symbol": r < float(t["symbol_radius"]),
            "floor": (r >= f0) & (r < f1), "crop": r < float(t["crop_radius"])}


def _lab_squares(rect: np.ndarray, *, thresholds: dict) -> tuple[np.ndarray, np.ndarray]:
    """(white-balanced board, (72, px*px, 3) Lab pixels of each square, blurred a little)."""
    t = thresholds["printed_learning"]
    px = int(t["square_px"])
    if rect.shape[:2] != (ROWS * px, COLUMNS * px):
        raise ValueError(f"a rectified board of {ROWS * px}x{COLUMNS * px} px is needed")
    balanced, _ = balance(rect, thresholds=thresholds)
    lab = cv2.cvtColor(balanced.astype(np.float32) / 255.0, cv2.COLOR_BGR2Lab)
    lab = cv2.GaussianBlur(lab, (0, 0), float(t["blur_px"]))
    return balanced, lab.reshape(ROWS, px, COLUMNS, px, 3).transpose(0, 2, 1, 3, 4).reshape(SQUARES, px * px, 3)


def _novelty(squares: np.ndarray, inside: np.ndarray, ring: np.ndarray, nearest: int) -> np.ndarray:
    """(n, inside.sum()) how far each pixel inside a square's middle lies, in Lab, from the colours of its
    own floor ring: the distance to its `nearest`-th nearest ring pixel. A colour the floor shows anywhere
    around the square (a drawn leaf, a twig, grain, a speckle) is near some of the ring's pixels; a printed
    symbol's colour is near none. A few of the ring's pixels may be the symbol's own edge (a grid a little
    off), hence not the nearest one but the `nearest`-th."""
    mid = squares[:, inside].astype(np.float32)
    around = squares[:, ring].astype(np.float32)
    d2 = (mid ** 2).sum(2)[:, :, None] + (around ** 2).sum(2)[:, None, :] - 2.0 * (mid @ around.transpose(0, 2, 1))
    k = min(nearest, around.shape[1] - 1)
    return np.sqrt(np.clip(np.partition(d2, k, axis=2)[:, :, k], 0.0, None))


def _ring_sample(disc: dict, t: dict) -> np.ndarray:
    """Every `ring_stride`-th pixel of the floor ring (a ring's colours are many times over what a symbol needs)."""
    ring = np.zeros_like(disc["floor"])
    ring[np.flatnonzero(disc["floor"])[::int(t["ring_stride"])]] = True
    return ring


def _scores(squares: np.ndarray, disc: dict, t: dict) -> np.ndarray:
    """How much each square's middle is unlike its own floor: the mean novelty over the symbol's disc."""
    return _novelty(squares, disc["symbol"], _ring_sample(disc, t), int(t["nearest"])).mean(1)


def symbol_evidence(rect: np.ndarray, *, thresholds: dict) -> float:
    """How clearly a grid puts printed symbols in the middle of its squares: the mean score of its quarter
    of squares that stand out most (a grid half a square off cuts every symbol in two), times the share
    of its squares whose floor is the board's (a grid a whole square off still centres the symbols, but
    a row or column of it lies on the table)."""
    t = thresholds["printed_learning"]
    _, squares = _lab_squares(rect, thresholds=thresholds)
    disc = _discs(int(t["square_px"]), t)
    score = _scores(squares, disc, t)
    floor = np.median(squares[:, disc["floor"]], axis=1)
    away = np.sqrt(((floor - np.median(floor, axis=0)) ** 2).sum(1))
    spread = max(float(t["floor_least_spread"]), float(t["floor_spreads"]) * float(np.median(away)))
    return float(np.sort(score)[-SQUARES // 4:].mean()) * float((away <= spread).mean())


def board_looks(rect: np.ndarray, *, thresholds: dict) -> BoardLooks:
    """The looks of a rectified board (BGR, `square_px` a square, A1 top-left)."""
    t = thresholds["printed_learning"]
    px = int(t["square_px"])
    balanced, squares = _lab_squares(rect, thresholds=thresholds)
    disc = _discs(px, t)
    floor = np.median(squares[:, disc["floor"]], axis=1)
    off = squares - floor[:, None, :]
    novel = _novelty(squares, disc["crop"], _ring_sample(disc, t), int(t["nearest"]))
    score = novel[:, disc["symbol"][disc["crop"]]].mean(1)
    where = _crop_points(px, disc["crop"])
    shape_gain = float(t["shape_weight"])
    colours = np.stack([_colours(off[i, disc["crop"]], novel[i], where, shape_gain) for i in range(SQUARES)])
    half = int(round(float(t["template_half"]) * px)) + int(t["template_shift"])
    mid = px // 2
    grid = off.reshape(SQUARES, px, px, 3)
    patches = grid[:, mid - half:mid + half, mid - half:mid + half].copy()
    crops = balanced.reshape(ROWS, px, COLUMNS, px, 3).transpose(0, 2, 1, 3, 4).reshape(SQUARES, px, px, 3)
    return BoardLooks(score.astype(np.float32), colours.astype(np.float32), patches.astype(np.float32), crops.copy())


def _crop_points(px: int, crop: np.ndarray) -> np.ndarray:
    """(n, 2) positions, in squares from the middle, of a square's pixels inside the crop disc."""
    c = (np.arange(px) + 0.5) / px - 0.5
    yy, xx = np.meshgrid(c, c, indexing="ij")
    return np.column_stack([xx.ravel(), yy.ravel()])[crop]


def _colours(off: np.ndarray, dist: np.ndarray, where: np.ndarray, shape_gain: float) -> np.ndarray:
    """The darker and the lighter half of the pixels most unlike the floor ring (`dist`: their novelty; Lab less the floor),
    with lightness and chroma compressed (signed square roots): a berry printed in any shade from blue to
    violet stays one group, while a pale feather and a red cap stay apart. Then the spread of those pixels
    along and across their longest direction: every symbol of a kind is printed one size, the leaves and
    pebbles of a floor's illustration come in every size."""
    strong = dist >= 0.5 * np.percentile(dist, 95)
    fg = off[strong]
    light = fg[:, 0]
    cut = np.median(light)
    out = []
    for part in (fg[light <= cut], fg[light >= cut]):
        L, a, b = part.mean(0)
        chroma = float(np.hypot(a, b))
        gain = 2.0 / np.sqrt(chroma) if chroma > 1e-6 else 0.0
        out += [np.sign(L) * np.sqrt(abs(L)), a * gain, b * gain]
    spread = np.sqrt(np.clip(np.linalg.eigvalsh(np.cov(where[strong].T)), 0, None)) if strong.sum() > 2 else np.zeros(2)
    return np.array(out + list(shape_gain * spread))


def learn(looks: list[BoardLooks], *, thresholds: dict) -> Learned:
    """The symbol squares of every board and their groups (see the module's text)."""
    t = thresholds["printed_learning"]
    if not looks:
        raise ValueError("no board to learn from")
    score = np.concatenate([b.score for b in looks])
    taken = _stand_out(score)
    colours = np.concatenate([b.colours for b in looks])
    labels = np.full(len(score), -1)
    if taken.sum() >= 2:
        labels[taken] = _ward_groups(colours[taken], int(t["min_groups"]), int(t["max_groups"]))
    elif taken.any():
        labels[taken] = 0
    if labels.max() >= 0:
        patches = np.concatenate([b.patches for b in looks])
        labels = _joined_by_template(patches, labels, int(t["template_shift"]), float(t["join_fit"]),
                                     float(t["join_member_share"]))
        labels = np.where(_recurring(patches, labels >= 0, int(t["template_shift"]), int(t["recurs"]),
                                     float(t["recurs_alike"])), labels, -1)
    labels = _numbered_by_size(labels)
    per_board = [labels[i * SQUARES:(i + 1) * SQUARES] for i in range(len(looks))]
    return Learned(per_board, int(labels.max()) + 1)


def _stand_out(score: np.ndarray) -> np.ndarray:
    """The squares whose scores lie above the split that divides them best into two (Otsu's criterion, on
    log(1 + score), the score in Lab units: a plain square's score is the floor's noise, a unit or two,
    while the symbols' spread over tens of units, the darkest berry far above the palest feather; on a
    log scale each population is about as wide as the other, and the split falls between them rather
    than among the symbols)."""
    x = np.log1p(np.clip(score, 0.0, None))
    order = np.sort(x)
    n = len(order)
    if n < 2 or order[-1] - order[0] < 1e-6:
        return np.zeros(n, bool)
    csum, csq = np.cumsum(order), np.cumsum(order ** 2)
    k = np.arange(1, n)
    left_var = csq[:-1] - csum[:-1] ** 2 / k
    right_var = (csq[-1] - csq[:-1]) - (csum[-1] - csum[:-1]) ** 2 / (n - k)
    best = int(np.argmin(left_var + right_var))
    return x > (order[best] + order[best + 1]) / 2


def _ward_groups(x: np.ndarray, least: int, most: int) -> np.ndarray:
    """Ward's agglomerative groups of the rows of x, as many as where the merge cost jumps most, between
    `least` and `most` (never more than there are rows)."""
    n = len(x)
    least, most = min(least, n), min(most, n)
    members = {i: [i] for i in range(n)}
    centre = {i: x[i].astype(np.float64) for i in range(n)}
    heights: list[float] = []
    cuts: dict[int, list[list[int]]] = {}
    nxt = n
    while len(members) > 1:
        if len(members) <= most + 1:
            cuts[len(members)] = [list(v) for v in members.values()]
        keys = list(members)
        c = np.array([centre[k] for k in keys])
        s = np.array([len(members[k]) for k in keys], np.float64)
        cost = ((c[:, None] - c[None]) ** 2).sum(2) * (s[:, None] * s[None] / (s[:, None] + s[None]))
        np.fill_diagonal(cost, np.inf)
        i, j = np.unravel_index(int(np.argmin(cost)), cost.shape)
        heights.append(float(cost[i, j]))
        a, b = keys[i], keys[j]
        members[nxt] = members.pop(a) + members.pop(b)
        centre[nxt] = x[members[nxt]].mean(0)
        del centre[a], centre[b]
        nxt += 1
    cuts[1] = [list(range(n))]
    # heights[-k] merges k groups into k-1; the jump at k compares it with the merge before it
    best_k, best_jump = least, -1.0
    for k in range(max(least, 2), most + 1):
        if k >= n:
            break
        jump = heights[-(k - 1)] / max(heights[-k], 1e-9)
        if jump > best_jump:
            best_k, best_jump = k, jump
    labels = np.empty(n, int)
    for g, rows in enumerate(cuts[max(best_k, 1)]):
        labels[rows] = g
    return labels


def _distances(patches: np.ndarray, template: np.ndarray, shift: int) -> tuple[np.ndarray, np.ndarray]:
    """Each patch's least squared difference from the template over shifts of up to `shift` px, and its
    likeness there: 1 less that difference over the two's energies together (1 the same, 0 nothing alike,
    whatever either's contrast: a faint berry is more like the berries' template than the feathers')."""
    p = patches.shape[1] - 2 * shift
    tpl = template[shift:shift + p, shift:shift + p].reshape(-1)
    energy = float((tpl ** 2).sum())
    best = np.full(len(patches), np.inf)
    alike = np.full(len(patches), -np.inf)
    for dy in range(2 * shift + 1):
        for dx in range(2 * shift + 1):
            part = patches[:, dy:dy + p, dx:dx + p].reshape(len(patches), -1)
            d = ((part - tpl) ** 2).sum(1)
            best = np.minimum(best, d)
            alike = np.maximum(alike, 1.0 - d / ((part ** 2).sum(1) + energy + 1e-6))
    return best, alike


def _fits(distance: np.ndarray, template: np.ndarray, shift: int) -> np.ndarray:
    """How well each patch is the template: 1 less the share of the template's energy the difference
    leaves (1 the same; 0 or less a patch of plain floor, whose difference is the whole template). Unlike
    a correlation this keeps the contrast: a pale leaf of the floor's illustration shaped like a feather is
    still far fainter than a printed one."""
    p = template.shape[0] - 2 * shift
    energy = float((template[shift:shift + p, shift:shift + p] ** 2).sum()) + 1e-6
    return 1.0 - distance / energy


def _joined_by_template(patches: np.ndarray, labels: np.ndarray, shift: int, least: float, share: float) -> np.ndarray:
    """Every symbol square in the group whose template (its members' mean patch) it is most like, and the
    squares not taken at first joined to the group they fit about as well as its members do."""
    groups = range(labels.max() + 1)
    templates = [patches[labels == g].mean(0) for g in groups]
    measured = [_distances(patches, tpl, shift) for tpl in templates]
    fits = np.stack([_fits(measured[g][0], templates[g], shift) for g in groups])
    nearest = np.stack([alike for _, alike in measured]).argmax(0)
    need = np.array([max(least, share * float(np.median(fits[g, labels == g]))) for g in groups])
    fitting = fits >= need[:, None]
    joins = (labels < 0) & fitting.any(0)
    joined_to = np.where(fitting, fits, -np.inf).argmax(0)
    return np.where(labels >= 0, nearest, np.where(joins, joined_to, -1))


def _recurring(patches: np.ndarray, marked: np.ndarray, shift: int, times: int, least: float) -> np.ndarray:
    """Which marked squares recur: at least `times` other marked squares of the box have a middle alike
    to theirs (`least` or more, likeness as in _distances: 1 the same, 0 nothing alike, whatever the
    contrast). Every treasure's symbol is printed on many squares, and printed alike; a leaf or pebble
    of the floor's illustration that happens to lie in a square's middle is a drawing of its own."""
    out = np.zeros(len(marked), bool)
    idx = np.flatnonzero(marked)
    if len(idx) <= times:
        return out
    p = patches.shape[1] - 2 * shift
    x = patches[idx, shift:shift + p, shift:shift + p].reshape(len(idx), -1).astype(np.float64)
    energy = (x ** 2).sum(1)
    together = energy[:, None] + energy[None] + 1e-6
    alike = 1.0 - (together - 1e-6 - 2.0 * x @ x.T) / together
    np.fill_diagonal(alike, -np.inf)
    out[idx] = np.sort(alike, axis=1)[:, -times] >= least
    return out


def _numbered_by_size(labels: np.ndarray) -> np.ndarray:
    """Groups renumbered from the largest (ties by first square), so that the table's numbers are stable."""
    groups = [g for g in range(labels.max() + 1) if (labels == g).any()]
    groups.sort(key=lambda g: (-(labels == g).sum(), int(np.argmax(labels == g))))
    out = np.full_like(labels, -1)
    for new, g in enumerate(groups):
        out[labels == g] = new
    return out
