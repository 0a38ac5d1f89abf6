"""Placing a piece with the keys: what the cursor holds (a leaf tile, an animal, a squirrel), where it
lies, how it is turned and flipped, and whether the engine would take it there.

A table without a camera tells every move this way. The model is a frozen value: each key gives a new
one. The candidate action is judged by the engine's own `step` (its reason code when illegal), and the
pieces offered and the "next legal spot" come from `legal_actions`, so no rule is written twice.

Orientation: the shape as drawn is first mirrored left to right when `flipped`, then turned clockwise
`turns` quarter turns; its top-left corner (the smallest column and row it covers) lies at `col`,
`row`. The cursor keeps the whole piece on the board.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass, field, replace

from engine.errors import IllegalAction
from engine.indian_summer.actions import Action, PlaceAnimal, PlaceLeaf, PlaceSquirrel, Source, UseNut
from engine.indian_summer.placement import Placement
from engine.indian_summer.rules import legal_actions, possible_shapes, step
from engine.indian_summer.shapes import Shape
from engine.indian_summer.squares import COLUMNS, ROWS, Square, mask_of, squares_of
from engine.indian_summer.state import GameState

MODES = ("leaf", "animal", "squirrel", "nut")
SINGLE = Shape(frozenset({(0, 0)}))


@dataclass(frozen=True)
class Piece:
    """One thing the cursor may hold: a tile from a source, an animal kind, or a squirrel."""
    label: str
    shapes: tuple[Shape, ...]
    shape_names: tuple[str, ...]
    source: Source | None = None  # leaf tiles
    animal: str | None = None  # animals


@dataclass(frozen=True)
class Ghost:
    """Where the piece would go and what the engine says of it."""
    squares: tuple[Square, ...]
    hole: Square | None
    action: Action | None
    legal: bool
    code: str = ""  # the engine's reason code when not legal
    reason: str = ""

    @property
    def text(self) -> str:
        """The action as a declaration ('leaf path:1 *A1 B1 C1'), or '' when there is none."""
        return self.action.format() if self.action is not None else ""


def orient(shape: Shape, turns: int, flipped: bool) -> Shape:
    """The shape mirrored (left to right) when `flipped`, then turned `turns` quarter turns clockwise."""
    def one(c: int, r: int) -> tuple[int, int]:
        if flipped:
            c = -c
        for _ in range(turns % 4):
            c, r = -r, c  # clockwise on a screen whose rows run downwards
        return c, r

    hole = None if shape.hole is None else one(*shape.hole)
    return Shape(frozenset(one(c, r) for c, r in shape.cells), hole).normalised()


def _reading_order(mask: int, hole: int) -> tuple[int, int, int]:
    """Spots in reading order of the first square covered (then by the squares, then the hole)."""
    return ((mask & -mask).bit_length() - 1, mask, hole)


def _size(shape: Shape) -> tuple[int, int]:
    return max(c for c, _ in shape.cells) + 1, max(r for _, r in shape.cells) + 1


def _tile_of(state: GameState, source: Source) -> int | None:
    """The tile id a source names now (the tile the engine would take)."""
    if source.kind == "path":
        path = state.player.path
        return path[source.index] if source.index < len(path) else None
    if source.kind == "common":
        return state.common[0] if state.common else None
    path = state.players[source.index].path if source.index < len(state.players) else ()
    return path[0] if path else None


def _leaf_pieces(state: GameState, legal: tuple[Action, ...]) -> tuple[Piece, ...]:
    sources: list[Source] = []
    for a in legal:
        if isinstance(a, PlaceLeaf) and a.source not in sources:
            sources.append(a.source)
    if not sources:
        # nothing may be placed now: still offer the own path, so that the engine can say why not
        sources = [Source("path", i) for i in range(len(state.player.path))]
    pieces = []
    for src in sources:
        tile = _tile_of(state, src)
        if tile is None:
            continue
        shapes, names = _ordered_shapes(state, tile)
        pieces.append(Piece(_source_label(state, src, tile), shapes, names, source=src))
    return tuple(pieces)


def _ordered_shapes(state: GameState, tile: int) -> tuple[tuple[Shape, ...], tuple[str, ...]]:
    """The shapes the tile may have: the kit's own first (what a real box holds), then any other."""
    kit = state.kit
    found = possible_shapes(state, tile)
    named, others = [], []
    for colour, shape in found:
        name = kit.leaf_name_of(shape, colour)
        (named if name else others).append((shape, f"{colour} {name}" if name else f"{colour} shape"))
    chosen = named + others
    return tuple(s for s, _ in chosen), tuple(n for _, n in chosen)


def _source_label(state: GameState, src: Source, tile: int) -> str:
    what = state.tiles[tile].describe()
    if src.kind == "path":
        return f"path:{src.index + 1} ({what})"
    if src.kind == "common":
        return f"the Common Path's front tile ({what})"
    return f"{state.players[src.index].name}'s front tile ({what})"


def _animal_pieces(state: GameState) -> tuple[Piece, ...]:
    return tuple(Piece(f"{a.name} ({state.animal_count(a.name)} left)", (a.shape,), (a.name,), animal=a.name)
                 for a in state.kit.animals if state.animal_count(a.name) > 0)


@dataclass(frozen=True)
class KeyboardPlacement:
    """The cursor's state for one player's board. Every method returns a new value."""
    state: GameState = field(compare=False, repr=False)
    mode: str
    pieces: tuple[Piece, ...]
    piece: int = 0
    shape: int = 0
    turns: int = 0
    flipped: bool = False
    col: int = 0
    row: int = 0
    legal: tuple[Action, ...] = field(default=(), compare=False, repr=False)  # legal_actions(state), once
    # for each piece, where the engine would take it: (reading-order key, mask, hole index), in that order
    spots: tuple = field(default=(), compare=False, repr=False)

    @staticmethod
    def start(state: GameState, mode: str) -> "KeyboardPlacement":
        """The cursor for `mode` ('leaf', 'animal', 'squirrel' or 'nut'), on the first legal spot."""
        if mode not in MODES:
            raise ValueError(f"unknown placing mode {mode!r}")
        legal = tuple(legal_actions(state))
        if mode == "leaf":
            pieces = _leaf_pieces(state, legal)
        elif mode == "animal":
            pieces = _animal_pieces(state)
        else:
            label = "a squirrel (main action)" if mode == "squirrel" else "a squirrel for a Nut"
            pieces = (Piece(label, (SINGLE,), ("squirrel",)),)
        model = KeyboardPlacement(state, mode, pieces, legal=legal)
        model = replace(model, spots=model._group_spots())
        first = model._spots()
        return model._lie_on(first[0][1], first[0][2]) if first else model._clamped()

    # ---------------------------------------------------------------- what it holds
    @property
    def seat(self) -> int:
        return self.state.current

    @property
    def board_text(self) -> tuple[str, str]:
        """(piece notation, printed notation) of the board the piece goes on: the player to move's."""
        board = self.state.player.board
        return board.notation(), board.printed.format()

    @property
    def current(self) -> Piece | None:
        return self.pieces[self.piece] if self.pieces else None

    def oriented(self) -> Shape | None:
        p = self.current
        if p is None:
            return None
        return orient(p.shapes[self.shape], self.turns, self.flipped)

    def _clamped(self) -> "KeyboardPlacement":
        shape = self.oriented()
        if shape is None:
            return self
        w, h = _size(shape)
        return replace(self, col=max(0, min(COLUMNS - w, self.col)), row=max(0, min(ROWS - h, self.row)))

    # ---------------------------------------------------------------- keys
    def move(self, dcol: int, drow: int) -> "KeyboardPlacement":
        if self.current is None:
            return self
        return replace(self, col=self.col + dcol, row=self.row + drow)._clamped()

    def rotate(self, quarter_turns: int = 1) -> "KeyboardPlacement":
        if self.current is None:
            return self
        return replace(self, turns=(self.turns + quarter_turns) % 4)._clamped()

    def flip(self) -> "KeyboardPlacement":
        if self.current is None:
            return self
        return replace(self, flipped=not self.flipped)._clamped()

    def next_piece(self, step_by: int = 1) -> "KeyboardPlacement":
        if not self.pieces:
            return self
        return replace(self, piece=(self.piece + step_by) % len(self.pieces), shape=0)._clamped()

    def next_shape(self, step_by: int = 1) -> "KeyboardPlacement":
        p = self.current
        if p is None:
            return self
        return replace(self, shape=(self.shape + step_by) % len(p.shapes))._clamped()

    def next_legal(self) -> "KeyboardPlacement":
        """The next spot (in reading order of the squares covered, after the current one) where the
        engine would take the piece held; the cursor stays when there is none."""
        spots = self._spots()
        if not spots:
            return self._clamped()
        here = self.ghost()
        now = _reading_order(mask_of(here.squares), -1 if here.hole is None else here.hole.index)
        i = bisect.bisect_right([k for k, _, _ in spots], now)
        _, mask, hole = spots[i % len(spots)]
        return self._lie_on(mask, hole)

    def _spots(self) -> tuple:
        return self.spots[self.piece] if self.piece < len(self.spots) else ()

    def _group_spots(self) -> tuple:
        """Each piece's legal spots, from the legal actions listed once."""
        found: list[dict] = [{} for _ in self.pieces]
        index = {}
        for i, p in enumerate(self.pieces):
            index[p.source if self.mode == "leaf" else p.animal] = i
        for a in self.legal:
            if self.mode == "leaf" and isinstance(a, PlaceLeaf) and a.source in index:
                found[index[a.source]].setdefault((a.placement.mask, a.placement.hole))
            elif self.mode == "animal" and isinstance(a, PlaceAnimal) and a.animal in index:
                found[index[a.animal]].setdefault((a.mask, -1))
            elif (self.mode == "squirrel" and isinstance(a, PlaceSquirrel)) or (self.mode == "nut" and isinstance(a, UseNut)):
                found[0].setdefault((a.square.bit, -1))
        return tuple(tuple(sorted((_reading_order(m, h), m, h) for m, h in f)) for f in found)

    def _lie_on(self, mask: int, hole_index: int) -> "KeyboardPlacement":
        """The cursor set to cover the squares of `mask` (the hole at `hole_index`, -1 for none), choosing
        the shape and orientation."""
        squares = squares_of(mask)
        hole = None if hole_index < 0 else Square(hole_index)
        c0 = min(s.col for s in squares)
        r0 = min(s.row for s in squares)
        cells = frozenset((s.col - c0, s.row - r0) for s in squares)
        want_hole = None if hole is None else (hole.col - c0, hole.row - r0)
        p = self.current
        order = [self.shape] + [i for i in range(len(p.shapes)) if i != self.shape]
        for i in order:
            for flipped in (self.flipped, not self.flipped):
                for k in range(4):
                    turns = (self.turns + k) % 4
                    o = orient(p.shapes[i], turns, flipped)
                    if o.cells == cells and o.hole == want_hole:
                        return replace(self, shape=i, turns=turns, flipped=flipped, col=c0, row=r0)
        return self

    # ---------------------------------------------------------------- what the engine says
    def squares(self) -> tuple[Square, ...]:
        shape = self.oriented()
        if shape is None:
            return ()
        return tuple(sorted(Square.at(self.col + c, self.row + r) for c, r in shape.cells))

    def ghost(self) -> Ghost:
        p = self.current
        if p is None:
            what = "leaf tile" if self.mode == "leaf" else "animal"
            return Ghost((), None, None, False, "nothing_to_place", f"there is no {what} to place")
        shape = self.oriented()
        squares = self.squares()
        hole = None if shape.hole is None else Square.at(self.col + shape.hole[0], self.row + shape.hole[1])
        if self.mode == "leaf":
            action = PlaceLeaf(p.source, Placement(mask_of(squares), hole.index))
        elif self.mode == "animal":
            action = PlaceAnimal(p.animal, mask_of(squares))
        elif self.mode == "squirrel":
            action = PlaceSquirrel(squares[0])
        else:
            action = UseNut(squares[0])
        try:
            step(self.state, action)
        except IllegalAction as exc:
            return Ghost(squares, hole, action, False, exc.code, exc.message)
        return Ghost(squares, hole, action, True)

    # ---------------------------------------------------------------- as words
    def title(self) -> str:
        who = self.state.player.name
        return {"leaf": f"{who}: place a leaf tile", "animal": f"{who}: place an animal",
                "squirrel": f"{who}: place a squirrel", "nut": f"{who}: a squirrel for a Nut"}[self.mode]

    def status_lines(self) -> list[str]:
        p = self.current
        if p is None:
            return [self.ghost().reason]
        lines = []
        if self.mode in ("leaf", "animal"):
            lines.append(f"{'Tile' if self.mode == 'leaf' else 'Animal'} {self.piece + 1}/{len(self.pieces)}: {p.label}")
            if self.mode == "leaf":
                lines.append(f"Shape {self.shape + 1}/{len(p.shapes)}: {p.shape_names[self.shape]}")
            lines.append(f"Turned {self.turns * 90}°" + (", flipped" if self.flipped else ""))
        g = self.ghost()
        if g.legal:
            lines.append(f"✓ {g.text}")
        else:
            lines.append(f"✗ {g.text}: {g.reason} [{g.code}]")
        return lines
