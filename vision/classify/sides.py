"""Which known board side a reading is, and which way round, from the printed symbols it saw."""
from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from vision.grids import FLOOR_VISIBLE, rotate180
from vision.kit import load_kit

SYMBOLS = ".bnmf"


@dataclass(frozen=True)
class SideMatch:
    side: str | None  # None when no side is clearly best
    half_turn: bool  # the reading must be turned half round to put A1 top-left
    log_likelihood: float
    margin: float  # over the next best side


@functools.cache
def _index(layout: str, half_turn: bool = False) -> np.ndarray:
    """A layout's symbol indices in reading order, as seen from the opposite seat when `half_turn`
    (cached: every reading is matched against the same few layouts)."""
    out = np.array([SYMBOLS.index(c) for c in (rotate180(layout) if half_turn else layout).replace("/", "")])
    out.flags.writeable = False
    return out


def match_side(pieces: str, printed_probs: np.ndarray, known_sides: dict[str, str] | None = None,
               allow_half_turn: bool = True, exclude: frozenset[str] | set[str] = frozenset(), *,
               thresholds: dict) -> SideMatch:
    """The side whose printed layout the visible floor fits best, if it leads every other side clearly:
    by more where much floor shows, since a grid over much floor (a patch of cloth, a board read a few
    squares off) gathers chance agreement with some side, and a right one leads the more, the more it sees.

    `known_sides`: the only sides that may be named (the players'); the kit's other sides stay rivals.
    `exclude`: sides another board in the same frame already is; they cannot be named here, but still
    count as rivals, so a grid that fits them better than the rest names nothing.
    """
    t = thresholds["sides"]
    sides = every_side(known_sides)
    if known_sides is not None:
        # the players' sides are the only ones that can be named, but every printed layout stays a rival:
        # the leads asked for (thresholds.toml [sides]) are leads over the kit's sides, and with one player
        # there would be no rival at all (an endless lead that no better grid could beat)
        exclude = frozenset(exclude) | (sides.keys() - known_sides.keys())
    visible = _floor_visible(pieces)
    keys = [(name, turn) for name in sides for turn in ((False, True) if allow_half_turn else (False,))]
    if not keys:
        return SideMatch(None, False, 0.0, 0.0)
    logp = _log_probs(printed_probs)[visible]
    # every side and turn's log-probability per visible square in one gather (a row each); each row is
    # summed on its own, as numpy sums a 1-D array (a 2-D sum along the rows adds in another order)
    want = np.stack([_index(sides[name], turn) for name, turn in keys])[:, visible]
    fits = dict(zip(keys, logp[np.arange(len(logp))[None, :], want]))
    scores = [(float(fits[key].sum()), *key) for key in keys]
    scores.sort(reverse=True)
    open_scores = [s for s in scores if s[1] not in exclude]
    if not open_scores:
        return SideMatch(None, False, scores[0][0], 0.0)
    best = open_scores[0]
    # the best other side (the same side turned round is an orientation question, not a side one)
    others = [s for s in scores if s[1] != best[1]]
    margin = best[0] - others[0][0] if others else float("inf")
    seen = int(visible.sum())
    need = float(t["min_log_ratio"] if seen <= int(t["open_floor"]) else t["min_log_ratio_open"])
    sure = (seen >= int(t["min_visible"]) and margin >= need
            and _trimmed_fit(fits[best[1], best[2]], float(t["fit_trim"])) >= float(t["min_mean_log_likelihood"]))
    return SideMatch(best[1] if sure else None, best[2], best[0], margin)


def every_side(known_sides: dict[str, str] | None = None) -> dict[str, str]:
    """The kit's sides with the players' own layouts over them: every side a board may be, or be taken for.
    A kit side printed as one of the players' is that side under another name (a table's own kit, learned
    by `calibrate boards`, names its sides as the table likes), not a rival to it."""
    if known_sides is None:
        return load_kit().sides
    theirs = set(known_sides.values())
    kept = {n: layout for n, layout in load_kit().sides.items() if n in known_sides or layout not in theirs}
    return {**kept, **known_sides}


def fits_best(pieces: str, printed_probs: np.ndarray, side: str, known_sides: dict[str, str] | None = None) -> bool:
    """Whether `side`'s layout, as read (not turned), fits the visible floor better than every other side's,
    by any lead: a grid can show too little floor to name its side and still not speak for another."""
    sides = every_side(known_sides)
    visible = _floor_visible(pieces)
    if side not in sides or not visible.any():
        return False
    logp = _log_probs(printed_probs)[visible]
    rows = np.arange(len(logp))
    fits = {name: float(logp[rows, _index(layout)[visible]].sum()) for name, layout in sides.items()}
    return all(fits[side] > fit for name, fit in fits.items() if name != side)


def floor_fit(pieces: str, printed_probs: np.ndarray, layout: str) -> float:
    """Mean log-probability, over every square whose floor shows, of the symbol `layout` prints there (0.0
    where no floor shows). Unlike the side match, no square is left out: a real board's floor fits its own
    side nearly everywhere, while a patch of cloth that names a side by chance contradicts it, confidently,
    on many squares."""
    visible = _floor_visible(pieces)
    if not visible.any():
        return 0.0
    return float(_log_probs(printed_probs)[visible, _index(layout)[visible]].mean())


def _floor_visible(pieces: str) -> np.ndarray:
    return np.array([c in FLOOR_VISIBLE for c in pieces.replace("/", "")])


def _log_probs(printed_probs: np.ndarray) -> np.ndarray:
    # the 1e-4 bounds what a symbol the model rules out costs: one misread square cannot outweigh the rest
    return np.log(printed_probs + 1e-4)


def _trimmed_fit(per_square: np.ndarray, trim: float) -> float:
    """Mean log-probability of the side's symbols, without the worst `trim` share of the squares.

    A wrong grid reads symbols that fit no side well, so a good fit per square is asked for besides a
    lead; but one misread symbol on a nearly full board (a handful of floor squares) must not sink it.
    """
    keep = len(per_square) - int(np.ceil(len(per_square) * trim))
    return float(np.sort(per_square)[::-1][:max(keep, 1)].mean()) if len(per_square) else 0.0
