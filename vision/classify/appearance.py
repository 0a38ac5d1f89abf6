"""How this table's pieces look, learned from squares whose piece the game vouches for.

The square models were fitted on the renderer's artwork; a real box draws its floor, leaves, holes and
tokens its own way, and the models can misread one of its pieces the same way on every frame (a printed
feather taken for a squirrel, a flat nut token for the open hole). A game in play labels squares: once the
engine has accepted the moves on a board, what lies on each square of it is known
(companion.appearance_learning picks the squares it vouches for). This memory keeps, per label, a running mean and spread of how
the models read such squares, and weighs every later reading of the same box by how well each square fits
each label's reference.

The reference space is the models' own reading: each square's probabilities of the piece classes (their
square roots), as the context model and the square net read it together. The models already see past
light, white balance and the camera; what stays is this artwork's own misreads, the same on every frame (this box's feather floor reads 0.6 floor, 0.4 squirrel). A label is a piece class, and for
what shows the printed floor (an empty square, an open hole) or lies on it (a token) also the printed
symbol under it: a square of floor over a berry reads apart from one of plain floor.

How a reading is weighed (thresholds.toml [appearance]): a per-box classifier beside the models. Each label
that rests on at least `least_squares` squares speaks; its reference is the mean of its squares, and every
label shares one spread (the labels' pooled spread within, widened by a share of the spread of all squares
learned: one game's squares are of one light and camera, a new frame's are not). A piece class's likelihood
is the mixture of its labels' Gaussians, per dimension (the square roots move together, they are not ten
pieces of evidence). Among the classes that speak (two at least), each keeps its odds times its likelihood
against the best-fitting class's, tempered, and never less than 1/e^cap of them: the classes that speak
share anew what the models gave them together. So the memory settles a square between pieces it has
learned, as a nearest-class-mean classifier whose prior is the models' reading; a class it has not learned
(a squirrel before the first squirrel is laid) and the hidden class keep their probabilities exactly (how a
square looks tells nothing of a hand), and a sure reading of the models stands (odds above e^cap cannot
turn): references learned under one game's light must not overrule what the models see plainly under
another. With nothing learned, or one class alone, nothing changes.

Memory is bounded: a fixed number of labels, each a count capped at `most_squares` (beyond it the
references follow the newest squares, as the light drifts through an evening) and two vectors. Learning a
board costs one reading of it without the memory (a few ms) and a few small sums.
"""
from __future__ import annotations

import json
import math
import os
import pathlib
import tempfile
import threading

import numpy as np

from engine.errors import LeafwatchError
from vision.grids import PIECE_CHARS, PRINTED_CHARS

FORMAT = "leafwatch appearance"  # the "kind" of every file this module writes: files it may replace
VERSION = 1
_HIDDEN = PIECE_CHARS.index("?")
PIECES = PIECE_CHARS[:_HIDDEN]  # the classes learned and weighed (hidden is never a label)
DIM = len(PIECES)  # the reference space: each piece class's probability's square root
SPACE = "square roots of piece probabilities " + PIECES  # written in the file: references of another space are refused
SYMBOL_PIECES = frozenset(".gyrt")  # pieces whose label keeps the printed symbol: they show it or lie on it
SYMBOLS = PRINTED_CHARS.replace("?", "")  # the printed notation's symbols, plain floor among them
_MAX_BYTES = 1 << 20


class AppearanceError(ValueError, LeafwatchError):
    """An appearance file that cannot be read: one line saying which and why."""


def label(piece: str, printed: str) -> str:
    """The label of a square: its piece, with the printed symbol under it where that shows (".n" floor over a
    nut, "rn" a red tile's open hole over a nut, "tn" a nut token); the piece alone for a covered square."""
    if piece not in PIECES:
        raise ValueError(f"no label for piece {piece!r}")
    return piece + printed if piece in SYMBOL_PIECES and printed in SYMBOLS else piece


def embedding(piece_probs: np.ndarray) -> np.ndarray:
    """(n, DIM) each square's place in the reference space: the square roots of its piece classes'
    probabilities, shared among the pieces alone (a hand's share says nothing of the piece). Square roots
    (the Hellinger embedding) keep a square read 0.7 token, 0.3 hole nearer the tokens than the holes;
    log-probabilities set it apart from both by how unlikely it finds every third class."""
    real = np.asarray(piece_probs, np.float64)[:, :DIM]
    return np.sqrt(real / np.maximum(real.sum(1, keepdims=True), 1e-12))


class AppearanceMemory:
    """Running references per label; `adjusted` weighs a board's piece probabilities by them."""

    def __init__(self, params: dict):  # thresholds.toml's [appearance]
        t = dict(params)
        self.most = float(t["most_squares"])
        self.temper = float(t["temper"])
        self.cap = float(t["cap"])
        self.least_squares = float(t["least_squares"])
        self.floor_share = float(t["floor_share"])
        self.least_var = float(t["least_variance"])
        self._n: dict[str, float] = {}
        self._mean: dict[str, np.ndarray] = {}
        self._var: dict[str, np.ndarray] = {}
        self._model = None  # the references in the arrays adjusted() uses, built when first needed
        # a live table learns on its frames' thread while the board search reads on its own
        self._lock = threading.Lock()

    # -------------------------------------------------------------- learning
    @property
    def empty(self) -> bool:
        return not self._n

    def squares(self) -> dict[str, int]:
        """How many squares each label rests on (capped at most_squares)."""
        return {k: int(round(n)) for k, n in sorted(self._n.items())}

    def learn(self, piece_probs: np.ndarray, labels) -> int:
        """Take in squares whose piece is known: their piece probabilities as the models read them (n x
        classes, the memory not weighed in) and their labels (`label`). Returns how many were taken."""
        labels = list(labels)
        if len(labels) != len(piece_probs):
            raise ValueError("one label per square")
        if not labels:
            return 0
        x = embedding(piece_probs)
        if any(key[:1] not in PIECES for key in labels):
            raise ValueError("not a label: " + repr(next(k for k in labels if k[:1] not in PIECES)))
        with self._lock:
            for key in sorted(set(labels)):
                self._take(key, x[[i for i, k in enumerate(labels) if k == key]])
            self._model = None
        return len(labels)

    def _take(self, key: str, rows: np.ndarray) -> None:
        """The label's running mean and variance with `rows` taken in (Chan's pooling of a batch's mean and
        variance into the running ones); the count then capped at `most`, so that past it the references
        follow the newest squares (the old ones' weight shrinks with every board learned)."""
        n, m = self._n.get(key, 0.0), float(len(rows))
        mean = self._mean.get(key, np.zeros(DIM))
        var = self._var.get(key, np.zeros(DIM))
        batch_mean, batch_var = rows.mean(0), rows.var(0)
        total = n + m
        delta = batch_mean - mean
        mean = mean + delta * (m / total)
        var = (n * var + m * batch_var + delta ** 2 * (n * m / total)) / total
        self._n[key], self._mean[key], self._var[key] = min(total, self.most), mean, var

    # -------------------------------------------------------------- reading
    def _built(self):
        with self._lock:
            return self._build()

    def _build(self):
        """The labels that speak (each resting on at least `least_squares` squares): their counts, means and
        classes, the spread they share, and which piece classes speak (two at least, or none)."""
        if self._model is None:
            keys = [k for k in sorted(self._n) if self._n[k] >= self.least_squares]
            if not keys:
                self._model = (np.zeros(0), np.zeros((0, DIM)), np.ones(DIM), np.zeros(0, int), np.zeros(len(PIECE_CHARS), bool))
                return self._model
            n = np.array([self._n[k] for k in keys])
            mean = np.array([self._mean[k] for k in keys])
            var = np.array([self._var[k] for k in keys])
            # one spread for every label (a label's own rests on few squares, of one light): the labels'
            # pooled spread within, and a share of the spread of every square learned
            within = (n[:, None] * var).sum(0) / n.sum()
            centre = (n[:, None] * mean).sum(0) / n.sum()
            total = within + (n[:, None] * (mean - centre) ** 2).sum(0) / n.sum()
            shared = within + self.floor_share * total + self.least_var
            classes = np.array([PIECES.index(k[0]) for k in keys])
            speaks = np.zeros(len(PIECE_CHARS), bool)
            speaks[classes] = True
            if speaks.sum() < 2:  # one class alone has nothing to be weighed against
                speaks[:] = False
            self._model = (n, mean, shared, classes, speaks)
        return self._model

    def log_factors(self, piece_probs: np.ndarray) -> np.ndarray:
        """(n, classes) the log of each piece class's factor: 0 for the class whose references fit the square
        best and for every class that does not speak, down to -cap for a speaking class that fits worse."""
        n, mean, shared, classes, speaks = self._built()
        out = np.zeros((len(piece_probs), len(PIECE_CHARS)))
        if not speaks.any():
            return out
        x = embedding(piece_probs)
        # each label a Gaussian of the shared spread, its log-likelihood per dimension (the classes' square
        # roots move together: they are not DIM independent pieces of evidence)
        ll = -0.5 * (((x[:, None, :] - mean[None]) ** 2) / shared).sum(2) / DIM  # (squares, labels)
        fit = np.full((len(x), len(PIECE_CHARS)), -np.inf)
        for c in np.unique(classes):
            mine = classes == c
            # a class's references as one mixture, each label by its share of the class's squares
            fit[:, c] = np.logaddexp.reduce(ll[:, mine] + np.log(n[mine] / n[mine].sum())[None], axis=1)
        best = fit.max(1, keepdims=True)
        out[:, speaks] = np.maximum(self.temper * (fit[:, speaks] - best), -self.cap)
        return out

    def adjusted(self, piece_probs: np.ndarray) -> np.ndarray:
        """The piece probabilities weighed by the references, among the classes that speak: they share
        anew what the models gave them together, so a class never learned, and the hidden class, keep
        their probabilities. Unchanged (the same array) when nothing speaks."""
        if self.empty or not self._built()[4].any():
            return piece_probs
        pp = np.asarray(piece_probs, np.float64)
        speaks = self._built()[4]
        out = pp.copy()
        out[:, speaks] = pp[:, speaks] * np.exp(self.log_factors(pp)[:, speaks])
        out[:, speaks] *= pp[:, speaks].sum(1, keepdims=True) / np.maximum(out[:, speaks].sum(1, keepdims=True), 1e-300)
        return out

    # -------------------------------------------------------------- as plain data
    def to_data(self) -> dict:
        with self._lock:
            return self._data()

    def _data(self) -> dict:
        return {"kind": FORMAT, "version": VERSION, "space": SPACE,
                "labels": {k: {"squares": round(self._n[k], 3), "mean": [round(float(v), 5) for v in self._mean[k]],
                               "variance": [round(float(v), 5) for v in self._var[k]]} for k in sorted(self._n)}}

    @classmethod
    def from_data(cls, data, where: str = "appearance", *, params: dict) -> "AppearanceMemory":
        def bad(why: str) -> AppearanceError:
            return AppearanceError(f"{where}: {why}")

        if not isinstance(data, dict) or data.get("kind") != FORMAT:
            raise bad(f"not a leafwatch appearance file (its \"kind\" must be {FORMAT!r})")
        if data.get("version") != VERSION:
            raise bad(f"version {data.get('version')!r} is not one this leafwatch reads ({VERSION})")
        if data.get("space") != SPACE:
            raise bad("it was learned by other square models (its \"space\" differs); delete it and play a game to learn again")
        labels = data.get("labels")
        if not isinstance(labels, dict):
            raise bad("\"labels\" must be an object")
        memory = cls(params)
        for key, entry in labels.items():
            if not isinstance(key, str) or not key or key[0] not in PIECES or key != label(key[0], key[1:2] or "?"):
                raise bad(f"{key!r} is not a label")
            if not isinstance(entry, dict):
                raise bad(f"label {key!r} must be an object with squares, mean and variance")
            n, mean, var = entry.get("squares"), entry.get("mean"), entry.get("variance")
            if not _number(n) or not 0 < n <= memory.most:
                raise bad(f"label {key!r}: squares must be a number in (0, {memory.most:g}]")
            for name, v in (("mean", mean), ("variance", var)):
                if not isinstance(v, list) or len(v) != DIM or not all(_number(a) for a in v):
                    raise bad(f"label {key!r}: {name} must be {DIM} numbers")
                if not all(0 <= a <= 1 for a in v):
                    raise bad(f"label {key!r}: {name} must lie in 0..1")
            memory._n[key] = float(n)
            memory._mean[key] = np.array(mean, np.float64)
            memory._var[key] = np.array(var, np.float64)
        return memory

    def save(self, path: str | os.PathLike) -> None:
        """Write (or replace) the file, whole or not at all (a temporary file renamed over it). Whether the
        path may be replaced is the caller's question (`ours`)."""
        p = pathlib.Path(path)
        text = json.dumps(self.to_data(), indent=1) + "\n"
        fd, tmp = tempfile.mkstemp(prefix=p.name + ".", suffix=".tmp", dir=p.parent if str(p.parent) else ".")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, p)
        except OSError:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise

    @classmethod
    def load(cls, path: str | os.PathLike, *, params: dict) -> "AppearanceMemory":
        p = pathlib.Path(path)
        try:
            if p.stat().st_size > _MAX_BYTES:
                raise AppearanceError(f"appearance file {p} is over 1 MB: not one leafwatch wrote")
            data = json.loads(p.read_text(encoding="utf-8"))
        except OSError as exc:
            raise AppearanceError(f"cannot read appearance file {p}: {exc.strerror}") from None
        except (ValueError, UnicodeDecodeError, RecursionError) as exc:
            first = (str(exc).splitlines() or [type(exc).__name__])[0][:120]
            raise AppearanceError(f"appearance file {p} is not valid JSON: {first}") from None
        return cls.from_data(data, f"appearance file {p}", params=params)


def _number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def ours(path: str | os.PathLike) -> bool:
    """Whether a file at `path` is one this module wrote (and so may be replaced): a small JSON object of
    our kind. False for anything else, a missing file included."""
    p = pathlib.Path(path)
    try:
        if not p.is_file() or p.stat().st_size > _MAX_BYTES:
            return False
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("kind") == FORMAT


def beside(profile_path: str | os.PathLike) -> pathlib.Path:
    """The appearance file kept beside a profile: camera.json -> camera.appearance.json."""
    p = pathlib.Path(profile_path)
    return p.with_name(p.stem + ".appearance.json")
