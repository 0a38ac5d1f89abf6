"""The rules of Indian Summer: the one door through which a game changes.

`legal_actions(state)` lists every action the current player may take; `step(state, action)` returns the
new state and what happened, or raises `IllegalAction` with a stable reason code.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from engine.errors import IllegalAction
from engine.events import Event
from engine.indian_summer.actions import (
    Action, EndTurn, Exchange, Forgo, Observe, PlaceAnimal, PlaceLeaf, PlaceSquirrel, Source, UseBerry,
    UseFeather, UseMushroom, UseNut,
)
from engine.indian_summer.kit import COLOURS, TREASURES
from engine.indian_summer.placement import Placement
from engine.indian_summer.position import hole_letter
from engine.indian_summer.shapes import Shape, is_connected, placements_of, shape_of_squares
from engine.indian_summer.squares import AREA_MASK, AREAS, Square, names, squares_of
from engine.indian_summer.state import Board, GameState, Pending, Player, TileInfo
from engine.indian_summer.treasures import PLURAL, SINGULAR, Treasures

HOLE_LETTERS = "gyr"


# ---------------------------------------------------------------- what a tile may be

def possible_shapes(state: GameState, tile: int) -> tuple[tuple[str, Shape], ...]:
    """(colour, shape) pairs the tile may have, given what is known of it."""
    info = state.tiles[tile]
    if info.shape is not None:
        return ((info.colour, info.shape),)
    colours = (info.colour,) if info.colour else COLOURS
    return tuple((c, s) for c in colours for s in state.kit.shapes_for(c, state.options.strict_shapes))


def tile_placements(state: GameState, tile: int, board: Board) -> Iterator[Placement]:
    """Every placement of the tile on the board's empty squares (all positions, rotations, flips)."""
    occupied = board.occupied
    seen: set[tuple[int, int]] = set()
    single = state.tiles[tile].shape is not None
    for _, shape in possible_shapes(state, tile):
        for mask, hole in placements_of(shape):
            if mask & occupied:
                continue
            if not single:
                if (mask, hole) in seen:
                    continue
                seen.add((mask, hole))
            yield Placement(mask, hole)


def certainly_fits(state: GameState, tile: int, board: Board) -> bool:
    """True when every shape the tile may have fits somewhere. A player may forgo a tile unless it
    surely fits: at a real table the engine may know only the tile's colour, and takes their word."""
    occupied = board.occupied
    return all(any(not mask & occupied for mask, _ in placements_of(shape))
               for _, shape in possible_shapes(state, tile))


# ---------------------------------------------------------------- legal actions

def legal_actions(state: GameState) -> Iterator[Action]:
    """Every legal action of the current player (observations are the table's, not listed here)."""
    if state.over:
        return
    me = state.player
    board = me.board
    if state.pending is not None:
        yield from _pending_leaf_actions(state)
        if _may_forgo(state):
            if state.pending.kind == "feather":
                yield Forgo(None)
            else:
                for src in state.pending.sources:
                    yield Forgo(src)
        return
    if not state.main_done:
        for i, tile in enumerate(me.path):
            for p in tile_placements(state, tile, board):
                yield PlaceLeaf(Source("path", i), p)
        for sq in _empty_squares(board):
            yield PlaceSquirrel(sq)
        if me.treasures.feather and len(me.path) >= 2:
            yield UseFeather()
        if me.treasures.mushroom:
            for targets in _mushroom_target_sets(state):
                yield UseMushroom(targets)
    # special actions: before and after the main action alike
    if me.treasures.berry and state.common and len(me.path) < state.options.max_path:
        yield UseBerry()
    if me.treasures.nut:
        for sq in _empty_squares(board):
            yield UseNut(sq)
    yield from _legal_exchanges(state)
    if state.options.animals_any_time or state.main_done:
        yield from _legal_animals(state)
    if state.main_done or not _main_action_possible(state):
        yield EndTurn()


def is_legal(state: GameState, action: Action) -> bool:
    try:
        step(state, action)
    except IllegalAction:
        return False
    return True


def _empty_squares(board: Board) -> list[Square]:
    return [Square(i) for i in range(72) if not board.occupied >> i & 1]


def _pending_leaf_actions(state: GameState) -> Iterator[Action]:
    pend, me = state.pending, state.player
    if pend.kind == "feather":
        for i, tile in enumerate(me.path):
            for p in tile_placements(state, tile, me.board):
                yield PlaceLeaf(Source("path", i), p)
    else:
        for src in pend.sources:
            tile = _peek(state, src)
            if tile is not None:
                for p in tile_placements(state, tile, me.board):
                    yield PlaceLeaf(src, p)


def _peek(state: GameState, src: Source) -> int | None:
    """The tile a Mushroom source would give now, or None if there is none."""
    if src.kind == "common":
        return state.common[0] if state.common else None
    path = state.players[src.index].path
    return path[0] if path else None


def _may_forgo(state: GameState) -> bool:
    pend, me = state.pending, state.player
    if pend.kind == "feather":
        return not any(certainly_fits(state, t, me.board) for t in me.path)
    return any(_peek(state, s) is None or not certainly_fits(state, _peek(state, s), me.board)
               for s in pend.sources)


def _mushroom_target_sets(state: GameState) -> list[tuple[Source, ...]]:
    others = [s for s in range(len(state.players)) if s != state.current and state.players[s].path]
    if len(state.players) == 2:
        targets = tuple(Source("seat", s) for s in others) + ((Source("common"),) if state.common else ())
        return [targets] if targets else []
    if len(others) < 2:
        return [(Source("seat", s),) for s in others]
    return [(Source("seat", a), Source("seat", b)) for i, a in enumerate(others) for b in others[i + 1:]]


def _main_action_possible(state: GameState) -> bool:
    # A squirrel needs only an empty square, so a main action is possible unless the board is full.
    return not state.player.board.is_full()


def _legal_exchanges(state: GameState) -> Iterator[Action]:
    mine = state.player.treasures
    for i, kind in enumerate(TREASURES):
        if not mine.get(kind):
            continue
        for lower in TREASURES[:i]:
            if _supply_has(state, lower):
                yield Exchange((kind,), lower)
        if i + 1 < len(TREASURES) and mine.get(kind) >= 2 and _supply_has(state, TREASURES[i + 1]):
            yield Exchange((kind, kind), TREASURES[i + 1])


def _supply_has(state: GameState, kind: str) -> bool:
    return not state.options.limited_supply or state.supply.get(kind) > 0


def _legal_animals(state: GameState) -> Iterator[Action]:
    board = state.player.board
    holes = _empty_hole_mask(board)
    if not holes:
        return
    for kind in state.kit.animals:
        if state.animal_count(kind.name) <= 0:
            continue
        for mask, _ in placements_of(kind.shape):
            if mask & holes == mask:
                yield PlaceAnimal(kind.name, mask)


def _empty_hole_mask(board: Board) -> int:
    m = 0
    for i, ch in enumerate(board.pieces):
        if ch in HOLE_LETTERS:
            m |= 1 << i
    return m


# ---------------------------------------------------------------- applying an action

def apply(state: GameState, action: Action) -> GameState:
    return step(state, action)[0]


def step(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    if state.over and not isinstance(action, Observe):
        raise IllegalAction("game_over", "the game is over; no more actions")
    work = _Work(state)
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction("unknown_action", f"not an Indian Summer action: {action!r}")
    handler(work, action)
    return work.freeze(), tuple(work.events)


class _Work:
    """A mutable copy of the state for the length of one action."""

    def __init__(self, state: GameState):
        self.s = state
        self.kit = state.kit
        self.tiles = list(state.tiles)
        self.players = list(state.players)
        self.common = list(state.common)
        self.set_aside = list(state.set_aside)
        self.supply = state.supply
        self.animals = dict(state.animals)
        self.animal_tokens = dict(state.animal_tokens)
        self.current = state.current
        self.turn = state.turn
        self.main_done = state.main_done
        self.pending = state.pending
        self.end_triggered_by = state.end_triggered_by
        self.over = state.over
        self.events: list[Event] = []

    def freeze(self) -> GameState:
        return replace(
            self.s, tiles=tuple(self.tiles), players=tuple(self.players), common=tuple(self.common),
            set_aside=tuple(self.set_aside), supply=self.supply,
            animals=tuple(sorted(self.animals.items())), animal_tokens=tuple(sorted(self.animal_tokens.items())),
            current=self.current, turn=self.turn, main_done=self.main_done, pending=self.pending,
            end_triggered_by=self.end_triggered_by, over=self.over,
        )

    # -- helpers
    @property
    def me(self) -> Player:
        return self.players[self.current]

    def set_me(self, **changes) -> None:
        self.players[self.current] = replace(self.me, **changes)

    def emit(self, kind: str, text: str, player: int | None = None, **data) -> None:
        self.events.append(Event(kind, text, self.current if player is None else player, tuple(sorted(data.items()))))

    def take_from_supply(self, kind: str, n: int = 1) -> int:
        """Hands out up to n tokens; with the limited supply a missing token is simply not given."""
        give = min(n, self.supply.get(kind)) if self.s.options.limited_supply else n
        if give < n:
            self.emit("supply_short", f"the supply has no {PLURAL[kind]} left: {n - give} not given", treasure=kind)
        if self.s.options.limited_supply:
            self.supply = self.supply.add(kind, -give)
        return give

    def pay_player(self, seat: int, kind: str, n: int) -> None:
        p = self.players[seat]
        self.players[seat] = replace(p, treasures=p.treasures.add(kind, n))

    def spend(self, kind: str) -> None:
        self.set_me(treasures=self.me.treasures.add(kind, -1))
        if self.s.options.limited_supply:
            self.supply = self.supply.add(kind, 1)

    def need_main_slot(self, what: str) -> None:
        if self.pending is not None:
            raise IllegalAction("main_action_unfinished", f"finish the {self.pending.kind} first ({what} must wait)")
        if self.main_done:
            raise IllegalAction("second_main_action", f"{what}: this turn's main action is already taken")

    def no_pending(self, what: str) -> None:
        if self.pending is not None:
            raise IllegalAction("main_action_unfinished", f"finish the {self.pending.kind} before {what}")

    # -- board changes
    def cover(self, seat: int, updates: dict[int, str], tile: int = -1) -> None:
        p = self.players[seat]
        pieces = list(p.board.pieces)
        tile_at = list(p.board.tile_at)
        occupied = p.board.occupied
        for i, ch in updates.items():
            pieces[i] = ch
            if tile >= 0:
                tile_at[i] = tile
            occupied |= 1 << i
        self.players[seat] = replace(p, board=replace(p.board, pieces=tuple(pieces), tile_at=tuple(tile_at), occupied=occupied))

    def after_cover(self, before: Board) -> None:
        """Pay out Areas that just became complete, then see whether the board is full."""
        board = self.me.board
        for area in AREAS:
            if board.area_complete(area) and not before.area_complete(area):
                self.pay_area(area)
        board = self.me.board
        if board.is_full() and self.end_triggered_by is None:
            self.end_triggered_by = self.current
            self.emit("end_triggered", f"{self.me.name} has covered the whole Forest Floor: the game ends after this round")

    def pay_area(self, area: int) -> None:
        board = self.me.board
        pieces = list(board.pieces)
        got: dict[str, int] = {}
        for sq in squares_of(AREA_MASK[area]):
            if pieces[sq.index] == "t":
                kind = board.printed.treasure_at(sq)
                got[kind] = got.get(kind, 0) + 1
                pieces[sq.index] = hole_letter(board.pieces, sq.index, tuple(self.tiles), board.tile_at[sq.index])
        self.set_me(board=replace(board, pieces=tuple(pieces)))
        for kind, n in got.items():
            self.pay_player(self.current, kind, n)
        paid = Treasures.of(got)
        self.emit("area_complete", f"Area {area} is complete: take {paid.describe()}", area=area, **{f"gain_{k}": v for k, v in got.items()})

    # -- tiles
    def tile_of(self, source: Source) -> int:
        me = self.me
        if source.kind == "path":
            if source.index >= len(me.path):
                raise IllegalAction("no_such_tile", f"{me.name}'s Player Path has {len(me.path)} tiles; there is no tile {source.index + 1}")
            return me.path[source.index]
        if source.kind == "common":
            if not self.common:
                raise IllegalAction("no_such_tile", "the Common Path is empty")
            return self.common[0]
        seat = source.index
        if seat >= len(self.players):
            raise IllegalAction("no_such_tile", f"there is no seat p{seat + 1}")
        if not self.players[seat].path:
            raise IllegalAction("no_such_tile", f"{self.players[seat].name}'s Player Path is empty")
        return self.players[seat].path[0]

    def remove_tile(self, source: Source) -> None:
        if source.kind == "path":
            path = list(self.me.path)
            del path[source.index]
            self.set_me(path=tuple(path))
            if not path:
                self.refill_path(self.current, to=5)
        elif source.kind == "common":
            self.common.pop(0)
            self.refill_common()
        else:
            seat = source.index
            p = self.players[seat]
            self.players[seat] = replace(p, path=p.path[1:])
            if not p.path[1:]:
                self.pending = replace(self.pending, emptied=self.pending.emptied + (seat,))

    def refill_path(self, seat: int, to: int) -> None:
        taken = 0
        while len(self.players[seat].path) < to and self.common:
            tile = self.common.pop(0)
            p = self.players[seat]
            self.players[seat] = replace(p, path=p.path + (tile,))
            taken += 1
            self.refill_common()
        p = self.players[seat]
        if taken:
            self.emit("path_refilled", f"{p.name} takes {taken} tile{'s' if taken > 1 else ''} from beside the Bush", seat, taken=taken)
        if len(p.path) < to:
            self.emit("tiles_short", f"the Common Path is empty: {p.name}'s Player Path holds only {len(p.path)}", seat)

    def refill_common(self) -> None:
        if len(self.common) >= 7 or not self.set_aside:
            return
        added = 0
        while len(self.common) < self.s.options.common_path_length and self.set_aside:
            self.common.append(self.set_aside.pop(0))
            added += 1
        self.emit("common_refilled", f"the Common Path runs low: add {added} set-aside tiles at its far end", added=added)

    def reveal(self, tile: int, colour: str, shape: Shape | None) -> None:
        self.tiles[tile] = TileInfo(colour, shape)


# ---------------------------------------------------------------- handlers

def _place_leaf(w: _Work, a: PlaceLeaf) -> None:
    src = a.source
    if w.pending is None:
        w.need_main_slot("placing a leaf tile")
        if src.kind != "path":
            raise IllegalAction("bad_source", f"a leaf tile comes from your own Player Path (path:N), not {src.format()}")
    elif w.pending.kind == "feather":
        if src.kind != "path":
            raise IllegalAction("bad_source", f"the Feather places tiles from your own Player Path, not {src.format()}")
    elif src not in w.pending.sources:
        allowed = " or ".join(s.format() for s in w.pending.sources)
        raise IllegalAction("bad_source", f"the Mushroom lets you place the tile taken from {allowed}, not {src.format()}")
    tile = w.tile_of(src)
    colour, shape = _check_leaf_geometry(w, tile, a.placement)
    board = w.me.board
    _check_free(board, a.placement.mask, "leaf tile")
    letter = colour[0].upper()
    updates = {s.index: letter for s in a.placement.squares}
    hole = a.placement.hole_square
    treasure = board.printed.treasure_at(hole)
    updates[hole.index] = colour[0]
    w.reveal(tile, colour, shape)
    w.cover(w.current, updates, tile)
    w.emit("leaf_placed", f"{w.me.name} places a {colour} tile on {a.placement.describe()}", squares=a.placement.format(), colour=colour)
    if treasure:
        if w.take_from_supply(treasure):
            w.cover(w.current, {hole.index: "t"})
            w.emit("token_placed", f"put a {SINGULAR[treasure]} token on the hole at {hole}", square=str(hole), treasure=treasure)
    w.remove_tile(src)
    w.after_cover(board)
    _advance_main(w, src)


def _check_leaf_geometry(w: _Work, tile: int, p: Placement) -> tuple[str, Shape]:
    squares = p.squares
    if not (p.mask >> p.hole) & 1:
        raise IllegalAction("hole_not_in_tile", f"the hole {p.hole_square} is not one of the tile's squares {names(squares)}")
    if not is_connected(squares):
        raise IllegalAction("not_connected", f"{names(squares)} do not form one connected tile")
    shape = shape_of_squares(squares, p.hole_square)
    info = w.tiles[tile]
    size_colour = w.kit.colour_of_size.get(len(squares))
    if size_colour is None:
        raise IllegalAction("wrong_size", f"no leaf tile covers {len(squares)} squares ({names(squares)})")
    if info.colour and info.colour != size_colour:
        need = w.kit.size_of_colour[info.colour]
        raise IllegalAction("wrong_size", f"that {info.colour} tile covers {need} squares, not {len(squares)} ({names(squares)})")
    if info.shape is not None:
        if shape.key() != info.shape.key():
            raise IllegalAction("shape_mismatch", f"{p.describe()} is not the shape of that {info.colour} tile")
    elif w.s.options.strict_shapes and w.kit.leaf_name_of(shape, size_colour) is None:
        raise IllegalAction("not_a_kit_shape", f"no {size_colour} tile of the kit has the shape {p.describe()}")
    return size_colour, shape


def _check_free(board: Board, mask: int, what: str) -> None:
    clash = mask & board.occupied
    if not clash:
        return
    squares = squares_of(clash)
    kinds = {board.pieces[s.index] for s in squares}
    if "s" in kinds:
        code, under = "on_squirrel", "a squirrel"
    elif "a" in kinds:
        code, under = "on_animal", "an animal tile"
    else:
        code, under = "overlap", "another tile"
    raise IllegalAction(code, f"the {what} would lie on {under} at {names(squares)}")


def _advance_main(w: _Work, src: Source) -> None:
    if w.pending is None:
        w.main_done = True
        return
    if w.pending.kind == "feather":
        left = w.pending.remaining - 1
        w.pending = replace(w.pending, remaining=left)
        if left == 0 or not w.me.path:
            _finish_pending(w)
    else:
        w.pending = replace(w.pending, sources=tuple(s for s in w.pending.sources if s != src))
        if not w.pending.sources:
            _finish_pending(w)


def _finish_pending(w: _Work) -> None:
    emptied = w.pending.emptied
    w.pending = None
    w.main_done = True
    n = len(w.players)
    for k in range(1, n):  # emptied paths refill in turn order, starting after the current player
        seat = (w.current + k) % n
        if seat in emptied and not w.players[seat].path:
            w.refill_path(seat, to=5)


def _place_squirrel(w: _Work, a: PlaceSquirrel) -> None:
    w.need_main_slot("a squirrel as main action")
    _put_squirrel(w, a.square)
    w.main_done = True


def _put_squirrel(w: _Work, sq: Square) -> None:
    board = w.me.board
    _check_free(board, sq.bit, "squirrel")
    w.cover(w.current, {sq.index: "s"})
    w.emit("squirrel_placed", f"{w.me.name} puts a squirrel on {sq}", square=str(sq))
    w.after_cover(board)


def _use_nut(w: _Work, a: UseNut) -> None:
    w.no_pending("using a Nut")
    if not w.me.treasures.nut:
        raise IllegalAction("no_nut", f"{w.me.name} has no Nut for a squirrel on {a.square}")
    _check_free(w.me.board, a.square.bit, "squirrel")
    w.spend("nut")
    _put_squirrel(w, a.square)


def _use_feather(w: _Work, a: UseFeather) -> None:
    w.need_main_slot("the Feather")
    if not w.me.treasures.feather:
        raise IllegalAction("no_feather", f"{w.me.name} has no Feather to place two leaf tiles")
    if len(w.me.path) < 2:
        raise IllegalAction("feather_needs_two", f"the Feather needs 2 tiles in the Player Path; {w.me.name} has {len(w.me.path)}")
    w.spend("feather")
    w.pending = Pending("feather", 2)
    w.emit("feather_used", f"{w.me.name} pays a Feather: place 2 tiles from the Player Path")


def _use_mushroom(w: _Work, a: UseMushroom) -> None:
    w.need_main_slot("the Mushroom")
    if not w.me.treasures.mushroom:
        raise IllegalAction("no_mushroom", f"{w.me.name} has no Mushroom to take other players' tiles")
    allowed = _mushroom_target_sets(w.s)
    if tuple(a.targets) not in allowed and tuple(reversed(a.targets)) not in allowed:
        options = "; ".join(" ".join(s.format() for s in t) for t in allowed) or "none"
        raise IllegalAction("mushroom_targets", f"the Mushroom cannot take from {' '.join(s.format() for s in a.targets)}; possible: {options}")
    w.spend("mushroom")
    w.pending = Pending("mushroom", len(a.targets), tuple(a.targets))
    w.emit("mushroom_used", f"{w.me.name} pays a Mushroom: take the front tiles of {' and '.join(_source_name(w, s) for s in a.targets)}")


def _source_name(w: _Work, s: Source) -> str:
    return "the Common Path" if s.kind == "common" else w.players[s.index].name if s.kind == "seat" else s.format()


def _forgo(w: _Work, a: Forgo) -> None:
    if w.pending is None:
        raise IllegalAction("nothing_to_forgo", "forgo belongs to a Feather or Mushroom under way")
    if w.pending.kind == "feather":
        if any(certainly_fits(w.s, t, w.me.board) for t in w.me.path):
            raise IllegalAction("forgo_fits", "a tile of the Player Path still fits: the Feather's second tile must be placed")
        _finish_pending(w)
        return
    if a.source not in w.pending.sources:
        raise IllegalAction("nothing_to_forgo", f"no Mushroom tile from {a.source.format() if a.source else '?'} is waiting")
    tile = w.tile_of(a.source)
    if certainly_fits(w.s, tile, w.me.board):
        raise IllegalAction("forgo_fits", f"the tile from {_source_name(w, a.source)} still fits on the board: it must be placed")
    w.pending = replace(w.pending, sources=tuple(s for s in w.pending.sources if s != a.source))
    w.emit("tile_forgone", f"{w.me.name} leaves the tile of {_source_name(w, a.source)} where it is")
    if not w.pending.sources:
        _finish_pending(w)


def _use_berry(w: _Work, a: UseBerry) -> None:
    w.no_pending("using a Berry")
    me = w.me
    if not me.treasures.berry:
        raise IllegalAction("no_berry", f"{me.name} has no Berry to take tiles")
    if len(me.path) >= w.s.options.max_path:
        raise IllegalAction("path_full", f"{me.name}'s Player Path already holds {len(me.path)} tiles (at most {w.s.options.max_path})")
    if not w.common:
        raise IllegalAction("common_path_empty", "the Common Path is empty: a Berry would take nothing")
    w.spend("berry")
    w.refill_path(w.current, to=5 if len(me.path) < 5 else len(me.path) + 1)


def _exchange(w: _Work, a: Exchange) -> None:
    w.no_pending("exchanging")
    give, get = a.give, a.get
    rank = {k: i for i, k in enumerate(TREASURES)}
    one_down = len(give) == 1 and rank[get] < rank[give[0]]
    two_up = len(give) == 2 and give[0] == give[1] and rank[get] == rank[give[0]] + 1
    if not (one_down or two_up):
        raise IllegalAction("bad_exchange", f"{' + '.join(give)} for a {get} is not an exchange: give 1 for 1 of lower value, or 2 alike for 1 of the next higher")
    mine = w.me.treasures
    if mine.get(give[0]) < len(give):
        raise IllegalAction("not_enough_treasure", f"{w.me.name} has {mine.get(give[0])} {PLURAL[give[0]]}, needs {len(give)}")
    if not _supply_has(w.s, get):
        raise IllegalAction("supply_empty", f"the common supply has no {SINGULAR[get]} to exchange for")
    w.set_me(treasures=mine.add(give[0], -len(give)).add(get, 1))
    if w.s.options.limited_supply:
        w.supply = w.supply.add(give[0], len(give)).add(get, -1)
    w.emit("exchanged", f"{w.me.name} exchanges {len(give)} {(SINGULAR if len(give) == 1 else PLURAL)[give[0]]} for 1 {SINGULAR[get]}")


def _place_animal(w: _Work, a: PlaceAnimal) -> None:
    w.no_pending("placing an animal")
    if not w.s.options.animals_any_time and not w.main_done:
        raise IllegalAction("animal_timing", "this table places animals only after the main action")
    try:
        kind = w.kit.animal(a.animal)
    except ValueError:
        raise IllegalAction("no_such_animal", f"there is no animal called {a.animal!r}") from None
    if w.animals.get(kind.name, 0) <= 0:
        raise IllegalAction("animal_unavailable", f"no {kind.name} tile is left on the display")
    squares = a.squares
    if shape_of_squares(squares).key() != kind.shape.key():
        raise IllegalAction("animal_shape_mismatch", f"{names(squares)} do not have the {kind.name}'s shape")
    board = w.me.board
    tokens = [s for s in squares if board.at(s) == "t"]
    if tokens:
        raise IllegalAction("animal_on_token", f"a treasure token still lies on the hole at {names(tokens)}")
    not_holes = [s for s in squares if board.at(s) not in HOLE_LETTERS]
    if not_holes:
        raise IllegalAction("animal_not_on_holes", f"an animal covers only empty holes; {names(not_holes)} {'is' if len(not_holes) == 1 else 'are'} not")
    w.cover(w.current, {s.index: "a" for s in squares})
    w.animals[kind.name] -= 1
    got: dict[str, int] = {}
    for s in squares:
        t = board.printed.treasure_at(s)
        if t:
            got[t] = got.get(t, 0) + w.take_from_supply(t)
    bonus = w.animal_tokens.pop(kind.name, None)
    if bonus:
        got[bonus] = got.get(bonus, 0) + 1
    for k, n in got.items():
        w.pay_player(w.current, k, n)
    w.emit("animal_placed", f"{w.me.name} places the {kind.name} on {names(squares)}: take {Treasures.of(got).describe()}", animal=kind.name)


def _end_turn(w: _Work, a: EndTurn) -> None:
    w.no_pending("ending the turn")
    if not w.main_done and _main_action_possible(w.s):
        raise IllegalAction("no_main_action", f"{w.me.name} must take a main action first: a leaf tile or a squirrel")
    if w.end_triggered_by is not None and w.current == w.s.last_seat_of_round:
        w.over = True
        w.emit("game_over", "the round is finished: final phase and scoring")
        return
    w.current = (w.current + 1) % len(w.players)
    w.turn += 1
    w.main_done = False
    w.emit("turn", f"{w.me.name}'s turn", w.current)


def _observe(w: _Work, a: Observe) -> None:
    where = a.where
    try:
        if where.startswith("common:"):
            i = int(where[7:]) - 1
            tile = w.common[i] if 0 <= i < len(w.common) else None
        else:
            seat_txt, pos = where.split(":")
            seat, i = int(seat_txt[1:]) - 1, int(pos) - 1
            path = w.players[seat].path
            tile = path[i] if 0 <= i < len(path) else None
    except (ValueError, IndexError):
        raise IllegalAction("no_such_tile", f"{where!r} names no tile (p2:3 or common:1)") from None
    if tile is None:
        raise IllegalAction("no_such_tile", f"there is no tile at {where}")
    known = w.tiles[tile].colour
    if known and known != a.colour:
        raise IllegalAction("contradicts_known", f"the tile at {where} is known to be {known}, not {a.colour}")
    w.tiles[tile] = TileInfo(a.colour, w.tiles[tile].shape)


_HANDLERS = {
    PlaceLeaf: _place_leaf, PlaceSquirrel: _place_squirrel, UseNut: _use_nut, UseFeather: _use_feather,
    UseMushroom: _use_mushroom, Forgo: _forgo, UseBerry: _use_berry, Exchange: _exchange,
    PlaceAnimal: _place_animal, EndTurn: _end_turn, Observe: _observe,
}
