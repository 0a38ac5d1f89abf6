"""Read every square of a rectified board: its piece, the printed symbol where the floor shows, and how sure.

Both decisions come from small perceptrons over vision.classify.features (colour after the board's own white
balance and relative to its floor, which a third, floor-free perceptron finds; saturation, the hole's and
the disc's rings, the square's quarters). The piece is read twice: the second model sees, beside the
features, the first one's reading of the square and of its neighbours, and how the square's colour
compares with the board's other leaves of each colour. Its reading is then weighed with
the square net's (vision.classify.square_net), which sees the squares' shapes rather than fixed regions, and each
leaf square's colours are weighed once more by how near its colour lies to the board's sure leaves of each
(leaf_colours_agreed). "?" where the models say occluded or are not confident enough (thresholds.toml).
"""
from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.classify.features import (LEAF_COLOURS, LEAF_HOLE, LEAF_SOLID, BoardFeatures, board_features, context_input,
                                      corner_lab)
from vision.grids import COLUMNS, FLOOR_VISIBLE, ROWS, any_in_area, format_grid, rotate180
from vision.kit import load_kit
from vision.classify.mlp import load_mlp
from vision.classify.square_net import CLASSES, net_input, square_net_probabilities
from vision.classify.tile_counts import counts_whole, piece_counts
from vision.classify.tile_mates import can_lie, holeless_groups, lone_squares, mates, neighbours, piece_codes

_HIDDEN = CLASSES.index("?")
if _HIDDEN != len(CLASSES) - 1:
    raise ImportError("the hidden class must come last in vision.grids.PIECE_CHARS: decide reads the pieces before it")
_PIECES = np.array(list(CLASSES[:_HIDDEN]))  # the piece characters, by class


@dataclass(frozen=True, eq=False)
class BoardReading:
    pieces: str  # piece notation, "?" where occluded or unsure
    printed: str  # printed notation read from the visible floor, "?" where the floor is hidden
    confidence: np.ndarray  # 8x9 probability of the reported piece
    piece_probs: np.ndarray  # 72 x len(piece classes), reading order
    printed_probs: np.ndarray  # 72 x 5 (".bnmf"), meaningful where the floor shows
    board: BoardFeatures | None = field(default=None, repr=False)  # what it was read from (None once turned)
    by_net: bool = False  # whether the square net's reading is weighed in
    beyond: np.ndarray | None = field(default=None, repr=False)  # 8x9 bool: squares beyond the picture, read "?"
    # the table it was read with (thresholds.toml's, as handed to classify): with_net and with_printed read by it
    thresholds: dict = field(repr=False, kw_only=True)

    def turned_half(self) -> "BoardReading":
        """The same reading seen from the opposite seat (A1 and I8 swap)."""
        return BoardReading(rotate180(self.pieces), rotate180(self.printed), self.confidence[::-1, ::-1].copy(),
                            self.piece_probs[::-1].copy(), self.printed_probs[::-1].copy(), None, self.by_net,
                            None if self.beyond is None else self.beyond[::-1, ::-1].copy(),
                            thresholds=self.thresholds)

    def with_net(self) -> "BoardReading":
        """The pieces read again with the square net's reading weighed in (classify(net=True))."""
        if self.by_net:
            return self
        if self.board is None:
            raise ValueError("with_net needs the reading as classified, before it is turned")
        t = self.thresholds
        return _reading(_net_weighed(self.piece_probs, self.board, thresholds=t), self.printed_probs, self.board, True,
                        self.beyond, thresholds=t)

    def with_printed(self, printed: str) -> "BoardReading":
        """The pieces read again knowing the printed layout (the board's side named, in this reading's
        orientation). A game lays a treasure token only on a hole over a printed treasure, and the token
        leaves when the hole's Area is wholly covered. So the odds of a token against the other pieces are
        multiplied (thresholds.toml [classify] token_over_*): cut over plain floor, raised over a treasure
        in an Area that still shows floor, cut over a treasure in an Area read wholly covered; left as read
        where a hidden square leaves the Area in doubt. And an open hole over a printed treasure shows it:
        where the printed model does not see it, the hole's odds are cut (treasure_seen_slack). Only an
        ambiguous square changes: a token put astray, or a hole not yet given its token, still reads as it
        looks."""
        t = self.thresholds["classify"]
        plain, treasure, symbol_class = _layout_classes(printed, load_mlp("printed_model").classes)
        chars = np.array(list(self.pieces.replace("/", ""))).reshape(ROWS, COLUMNS)
        area = load_kit().area
        open_area, in_doubt = any_in_area(chars == ".", area), any_in_area(chars == "?", area)
        # the first that holds of plain floor, an open Area, a covered one (np.select's choice, without its overhead)
        factor = np.where(plain, float(t["token_over_plain_floor"]),
                          np.where(open_area, float(t["token_over_treasure_open_area"]),
                                   np.where(in_doubt, 1.0, float(t["token_over_treasure_covered_area"])))).ravel()
        # the floor through an open hole shows its printed treasure: where the printed model does not see
        # the treasure the layout puts there, the hole is less likely open (a token may hide it)
        seen = float(t["treasure_seen_slack"])
        qp = self.printed_probs[np.arange(ROWS * COLUMNS), symbol_class]
        hole_factor = np.where(treasure, (qp + seen) / (1 + seen), 1.0)
        pp = self.piece_probs.copy()
        real = np.arange(len(CLASSES)) != _HIDDEN
        before = pp[:, real].sum(1, keepdims=True)
        pp[:, CLASSES.index("t")] *= factor
        pp[:, LEAF_HOLE] *= hole_factor[:, None]
        # the layout says which piece lies there, not whether a hand covers the square: the hidden class
        # keeps its probability, and the pieces share the rest anew (renormalising all of them let a raised
        # token push "hidden" under its threshold, and a hand over a treasure hole read as a token)
        pp[:, real] *= before / np.maximum(pp[:, real].sum(1, keepdims=True), 1e-12)
        if np.abs(pp - self.piece_probs).max() < 1e-3:  # the weighing changes nothing worth reading again
            return self
        return _reading(pp, self.printed_probs, self.board, self.by_net, self.beyond, thresholds=self.thresholds)


@functools.lru_cache(maxsize=64)
def _layout_classes(printed: str, printed_classes: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For a printed layout (in a reading's orientation): (ROWS, COLUMNS) where it prints plain floor, (72,)
    where it prints a treasure the printed model knows, and (72,) each square's symbol as the printed model's
    class (plain floor for one it does not know). Cached: a table's boards are read against a few layouts."""
    symbols = np.array(list(printed.replace("/", ""))).reshape(ROWS, COLUMNS)
    treasure = np.isin(symbols.ravel(), [c for c in printed_classes if c != "."])
    symbol_class = np.array([max(printed_classes.find(c), 0) for c in symbols.ravel()])
    out = (symbols == ".", treasure, symbol_class)
    for a in out:
        a.flags.writeable = False
    return out


def classify(rectified: np.ndarray, profile=None, net: bool = True, beyond: np.ndarray | None = None,
             adapt: bool = True, *, thresholds: dict) -> BoardReading:
    """The board's reading. `net=False` leaves the square net out: the grid and side search reads many
    candidate grids, and only the one it keeps needs the net (BoardReading.with_net). Where the net is
    weighed in, so is the profile's learned appearance (vision.classify.appearance), unless `adapt` is False.

    `beyond`: (ROWS, COLUMNS) bool, the squares that lie beyond the picture's edge (where rectifying
    repeats the edge's pixels, which look like pieces: at the true corners of boards half out of the
    frame, 243 of 552 squares wholly beyond it read as a wrong piece). They read "?", and the squares
    beside them see them as hidden.

    `thresholds`: thresholds.toml's table (vision.thresholds), kept in the reading."""
    if rectified is None or rectified.ndim != 3 or rectified.shape[1] % COLUMNS or rectified.shape[0] * COLUMNS != rectified.shape[1] * ROWS:
        raise ValueError("classify needs a rectified board of 9x8 equal squares (vision.locate.rectification)")
    bf = board_features(rectified, profile, adapt, thresholds=thresholds)
    if beyond is not None and not beyond.any():
        beyond = None
    # beyond squares hidden before the net is weighed in, as in a reading's with_net (_reading holds them
    # hidden again after any weighing)
    pp = _hidden_where(context_probabilities(bf.squares, beyond), beyond)
    qp = load_mlp("printed_model").probabilities(bf.squares)
    if net:  # weighed in at once: the reading without it, made first, would only be thrown away
        return _reading(_net_weighed(pp, bf, thresholds=thresholds), qp, bf, True, beyond, thresholds=thresholds)
    return _reading(pp, qp, bf, False, beyond, thresholds=thresholds)


def averaged(first: BoardReading, piece_probs: list[np.ndarray], printed_probs: list[np.ndarray]) -> BoardReading:
    """`first` (classified with the square net, not turned) read again from the mean of these piece and printed
    probabilities (each 72 x classes, squares in first's reading order): the same board read other ways."""
    if first.board is None or not first.by_net:
        raise ValueError("averaged needs a reading classified with the square net, not turned")
    return _reading(np.mean(piece_probs, 0), np.mean(printed_probs, 0), first.board, True, first.beyond,
                    thresholds=first.thresholds)


def _net_weighed(pp: np.ndarray, bf: BoardFeatures, *, thresholds: dict) -> np.ndarray:
    """The piece probabilities read without the square net, with its reading weighed in, and then the
    table's learned appearance where the profile has one (the search's many grids are read without either)."""
    net = square_net_probabilities(net_input(bf.balanced, bf.floor, thresholds=thresholds))
    out = leaf_colours_agreed(combined(pp, net, thresholds=thresholds), bf.squares, thresholds=thresholds)
    return out if bf.appearance is None else bf.appearance.adjusted(out)


def _hidden_where(pp: np.ndarray, beyond: np.ndarray | None) -> np.ndarray:
    """Piece probabilities with the squares beyond the picture certainly hidden."""
    if beyond is None:
        return pp
    out = pp.copy()
    out[beyond.ravel()] = np.eye(len(CLASSES))[_HIDDEN]
    return out


def _reading(pp: np.ndarray, qp: np.ndarray, bf: BoardFeatures, by_net: bool,
             beyond: np.ndarray | None = None, *, thresholds: dict) -> BoardReading:
    pp = _hidden_where(pp, beyond)
    chars, conf = decide(pp, thresholds=thresholds)
    if by_net:  # the final reading only: the search's grids were tuned with its squares read hidden as they are
        chars, conf = with_small_hidden_patches_read(pp, chars, conf, beyond, thresholds=thresholds)
    chars, conf = with_tile_mates(pp, chars, conf, thresholds=thresholds)
    if by_net:  # the final reading only: a grid search reads hundreds of grids, most of them off
        chars, conf = with_tiles_counted(pp, chars, conf, thresholds=thresholds)
    printed = np.array(list(load_mlp("printed_model").classes))[qp.argmax(1)]
    printed[~_SHOWS_FLOOR[piece_codes(chars)]] = "?"
    return BoardReading(format_grid(chars.reshape(ROWS, COLUMNS)), format_grid(printed.reshape(ROWS, COLUMNS)),
                        conf.reshape(ROWS, COLUMNS), pp, qp, bf, by_net, beyond, thresholds=thresholds)


def context_probabilities(feats: np.ndarray, beyond: np.ndarray | None = None) -> np.ndarray:
    """(72, CLASSES) the perceptrons' piece probabilities: the context model over the features and the
    first model's reading of each square and its neighbours (those beyond the picture hidden)."""
    first = _hidden_where(load_mlp("pieces_model").probabilities(feats), beyond)
    return load_mlp("context_model").probabilities(context_input(feats, first))


_SHOWS_FLOOR = np.array([c in FLOOR_VISIBLE for c in CLASSES])  # by class: the printed floor shows there


def decide(pp: np.ndarray, *, thresholds: dict) -> tuple[np.ndarray, np.ndarray]:
    """Each square's piece character and confidence from its piece probabilities (CLASSES order).

    "?" when "hidden" is sure (a hand, the frame's edge) or no piece class is sure enough; otherwise the
    best piece class, its probability renormalised over the piece classes (thresholds.toml [classify]
    occluded_probability, min_confidence)."""
    t = thresholds["classify"]
    best, conf = _likeliest_pieces(pp)
    chars = _PIECES[best]
    unsure = (pp[:, _HIDDEN] > float(t["occluded_probability"])) | (conf < float(t["min_confidence"]))
    chars[unsure] = "?"
    return chars, np.where(unsure, np.minimum(conf, 1 - pp[:, _HIDDEN]), conf)


def _likeliest_pieces(pp: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each square's likeliest piece class and its probability renormalised over the piece classes."""
    real = pp[:, :_HIDDEN]  # the piece classes: hidden is the last (a view; its rows sum as a copy's did)
    best = real.argmax(1)
    return best, real[np.arange(len(best)), best] / np.maximum(real.sum(1), 1e-12)


def with_small_hidden_patches_read(pp: np.ndarray, chars: np.ndarray, conf: np.ndarray,
                                   beyond: np.ndarray | None = None, *,
                                   thresholds: dict) -> tuple[np.ndarray, np.ndarray]:
    """decide's characters and confidences with each small patch of squares read hidden, which no other
    square read hidden touches (diagonally too), read as its likeliest piece where that is sure enough among
    the pieces (thresholds.toml [classify] hidden_patch_most).

    A hand or an arm reaching in over the board hides a run of squares from the board's edge inwards; a
    patch of one or two squares among squares seen clearly is more often glare, a shadow or a dark leaf of
    the artwork that the models took for a hand. Such a square keeps the confidence decide gave it, at most
    one less the probability of hidden, so a reader that weighs confidence still sees the doubt. A square
    unsure between pieces rather than hidden, or beyond the picture, stays "?"."""
    t = thresholds["classify"]
    most = int(t["hidden_patch_most"])
    hidden = chars == "?"
    if most <= 0 or not hidden.any():
        return chars, conf
    count, labels = cv2.connectedComponents(hidden.reshape(ROWS, COLUMNS).astype(np.uint8), connectivity=8)
    labels = labels.ravel()
    sizes = np.bincount(labels, minlength=count)
    best, share = _likeliest_pieces(pp)
    readable = (pp[:, _HIDDEN] > float(t["occluded_probability"])) & (share >= float(t["min_confidence"]))
    if beyond is not None:
        readable &= ~beyond.ravel()
    chars = chars.copy()
    for label in np.nonzero(sizes[1:] <= most)[0] + 1:
        patch = labels == label
        if readable[patch].all():
            chars[patch] = _PIECES[best[patch]]
    return chars, conf


def with_tile_mates(pp: np.ndarray, chars: np.ndarray, conf: np.ndarray, *,
                    thresholds: dict) -> tuple[np.ndarray, np.ndarray]:
    """decide's characters and confidences with no square left alone and no leaf without its hole
    (vision.classify.tile_mates).

    A lone square is misread itself or lies beside a misread tile-mate (a red square read as floor leaves
    the red square beside it alone); a group with no hole has its hole misread, in it or beside it (a hole
    read as a solid square, a token read as floor). Whichever change costs the readings least (the drop in
    log-probability) is made. A changed square's confidence is its piece's share of the pieces it could be."""
    need = mates()
    logp = np.log(np.maximum(pp, 1e-12))
    real = [c for c in CLASSES if c != "?"]

    def change(k: int, pieces: list[str]):
        """(cost, square, pieces) of reading square k as the likeliest of `pieces`."""
        return (logp[k, CLASSES.index(chars[k])] - max(logp[k, CLASSES.index(c)] for c in pieces), k, pieces)

    for _ in range(16):  # a change can leave another square alone; a few rounds settle any real board
        lone = lone_squares(chars)
        if lone:
            i = lone[0]
            here = chars[i]
            changes = [change(i, [c for c in real if c != here and can_lie(chars, i, c, need)])]
            for j in neighbours(i):
                fits = [c for c in need[here] if c != "?" and can_lie(chars, j, c, need)]
                if fits:
                    changes.append(change(j, fits))
        else:
            holeless = holeless_groups(chars)
            if not holeless:
                break
            hole, group = holeless[0]
            around = {j for i in group for j in neighbours(i)} - set(group)
            changes = [change(k, [hole, "t"]) for k in sorted(set(group) | around)]
        _, k, allowed = min(changes, key=lambda ch: ch[0])
        row = np.where([c in allowed or c == "?" for c in CLASSES], pp[k], 0.0)
        c, p = decide(row[None], thresholds=thresholds)
        chars[k], conf[k] = c[0], p[0]
    return chars, conf


def with_tiles_counted(pp: np.ndarray, chars: np.ndarray, conf: np.ndarray, *,
                       thresholds: dict) -> tuple[np.ndarray, np.ndarray]:
    """with_tile_mates' characters and confidences with the board's tiles whole (vision.classify.tile_counts).

    A reading whose counts cannot be whole tiles has misread a square or more: the cheapest change of one,
    two or three squares (the summed drop in log-probability, among the cheapest single changes,
    thresholds.toml [classify] tile_count_tries) that makes them whole, leaves no square without a
    tile-mate and costs at most tile_count_max_cost is made; none, and the reading stays. A changed
    square's confidence is its new piece's share of the two it was read as."""
    counts = piece_counts(chars)
    if counts_whole(counts):
        return chars, conf
    limit = float(thresholds["classify"]["tile_count_max_cost"])
    logp = np.log(np.maximum(pp, 1e-12))
    codes = piece_codes(chars)  # CLASSES is the piece characters' order
    cost = logp[np.arange(len(codes)), codes][:, None] - logp
    cost[:, _HIDDEN] = np.inf  # a square is read hidden only by how it looks, never to mend the counts
    cost[codes == _HIDDEN] = np.inf
    cost[np.arange(len(codes)), codes] = np.inf
    square, piece = np.nonzero(cost <= limit)
    pools = [int(n) for n in thresholds["classify"]["tile_count_tries"]]
    order = np.argsort(cost[square, piece], kind="stable")[:max(pools)]
    tries = [(float(cost[square[k], piece[k]]), int(square[k]), int(piece[k])) for k in order]
    candidates = [(sum(c for c, _, _ in combo), combo)
                  for size, n in enumerate(pools, 1) for combo in itertools.combinations(tries[:n], size)
                  if len({i for _, i, _ in combo}) == size]
    lone_before = set(lone_squares(chars))
    for total, combo in sorted(candidates, key=lambda c: c[0]):
        if total > limit:
            break
        n = counts.copy()
        for _, i, p in combo:
            n[codes[i]] -= 1
            n[p] += 1
        if not counts_whole(n):
            continue
        new, new_conf = chars.copy(), conf.copy()
        for _, i, p in combo:
            new[i] = CLASSES[p]
            new_conf[i] = pp[i, p] / max(pp[i, p] + pp[i, codes[i]], 1e-12)
        if set(lone_squares(new)) <= lone_before:
            return new, new_conf
    return chars, conf


def combined(context_probs: np.ndarray, net_probs: np.ndarray, weight: float | None = None, *,
             thresholds: dict) -> np.ndarray:
    """The context model's and the square net's piece probabilities, a weighted geometric mean: a
    square both find likely stays likely, and one the net's view of its shape rules out drops.
    `weight`: the net's share, when not thresholds.toml's (a net just trained, judged at several)."""
    w = float(thresholds["square_net"]["weight"]) if weight is None else weight
    g = np.exp((1 - w) * np.log(np.maximum(context_probs, 1e-12)) + w * np.log(np.maximum(net_probs, 1e-12)))
    return g / g.sum(1, keepdims=True)


# each class's leaf colour (LEAF_COLOURS' order); the other classes' past the last, where the factor is 1
_LEAF_COLOUR_OF = np.full(len(CLASSES), len(LEAF_COLOURS))
_LEAF_COLOUR_OF[LEAF_SOLID] = _LEAF_COLOUR_OF[LEAF_HOLE] = np.arange(len(LEAF_COLOURS))


def leaf_colours_agreed(pp: np.ndarray, feats: np.ndarray, *, thresholds: dict) -> np.ndarray:
    """Piece probabilities with each leaf square's colour held against the board's surely read leaves.

    One board's tiles of one colour share its printing and light: a square whose corners (on the leaf
    for every hole size) match the board's sure greens is more likely a green leaf, however its own
    reading leans (scene 7205211: a yellowish green tile read as yellow, 0.95, its colour 5 Lab units from
    the board's greens and 30 from its yellows). Each leaf colour with enough squares read surely
    (thresholds.toml [classify] colour_*) has a mean colour, each square's own left out, L weighed less
    (light falls unevenly); they share one spread. A square's leaf colours are weighed by the Gaussian
    odds of its colour against the nearest mean, tempered and capped: glare washing out one square's
    green (scene 7204011) must not turn a sure reading, only settle an unsure one. With fewer than two
    colours to compare, nothing changes. The perceptrons see the same comparison as an input
    (vision.classify.features.leaf_colour_context), yet it does not always carry."""
    t = thresholds["classify"]
    P = pp[:, LEAF_SOLID] + pp[:, LEAF_HOLE]
    x = corner_lab(feats).astype(np.float64) * np.float64(t["colour_lab_weights"])
    sure = P > float(t["colour_sure"])
    n = sure.sum(0)
    have = n >= int(t["colour_least_squares"])
    if have.sum() < 2:
        return pp
    own = sure[:, :, None] * x[:, None, :]  # (squares, families, 3): each square's colour where it is sure
    # summed down the squares one after another, as the sure squares alone were summed before (the same sums)
    sums = own.sum(0)  # (families, 3)
    means = (sums[None] - own) / np.maximum(n[None, :] - sure, 1)[:, :, None]
    resid = np.concatenate([x[sure[:, f]] - sums[f] / n[f] for f in range(len(LEAF_COLOURS)) if have[f]])
    spread = max(float(np.sqrt((resid ** 2).sum(1).mean())), float(t["colour_least_spread"]))
    d2 = np.where(have[None, :], ((x[:, None, :] - means) ** 2).sum(2) / spread ** 2, np.inf)
    rel = d2 - d2.min(1, keepdims=True)
    factor = np.where(have[None, :], np.exp(-np.minimum(float(t["colour_temper"]) * rel / 2, float(t["colour_cap"]))), 1.0)
    # the probabilities' own type, each row contiguous as before: the sums below add in that order
    out = np.multiply(pp, np.concatenate([factor, np.ones((len(pp), 1))], 1)[:, _LEAF_COLOUR_OF],
                      order="C").astype(pp.dtype)
    return out / out.sum(1, keepdims=True)
