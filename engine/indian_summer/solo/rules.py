"""The solo rules: what differs from the multiplayer game, with everything else delegated to the core.

Leaves from the Player Path, squirrels, Nuts, the Feather, exchanges and animals are the core's own
handlers run on the wrapped one-player state. The solo game adds: the turn marker (a tile of the row
moves at the start of every turn), the refill decision when the Player Path runs empty, the Berry that
draws from a chosen Top/Bottom Path end, the Mushroom that takes the tiles on the Mushroom spaces,
and the end after a fixed number of turns.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from engine.errors import IllegalAction
from engine.events import Event
from engine.indian_summer import rules as core_rules
from engine.indian_summer.actions import (
    EndTurn, Exchange, Forgo, Observe, PlaceAnimal, PlaceLeaf, PlaceSquirrel, Source, UseBerry, UseFeather,
    UseMushroom, UseNut,
)
from engine.indian_summer.solo.actions import (
    ForgoMushroomTile, PlaceMushroomTile, Refill, SoloAction, SoloBerry, SoloMushroom,
)
from engine.indian_summer.solo.state import EMPTY, PATHS, SIDES, SoloState

# Core events that say something untrue of a solo game; the solo rules say it their own way.
_CORE_ONLY_EVENTS = {"tiles_short", "end_triggered"}


def _event(kind: str, text: str, **data) -> Event:
    return Event(kind, text, 0, tuple(sorted(data.items())))


# ---------------------------------------------------------------- legal actions

def legal_actions(s: SoloState) -> Iterator[SoloAction]:
    if s.over:
        return
    if s.refill_due:
        for which in PATHS:
            if s.side_path(which):
                for side in SIDES:
                    yield Refill(which, side)
        return
    core, board = s.core, s.player.board
    if s.mushroom_waiting:
        for k in s.mushroom_waiting:
            for p in core_rules.tile_placements(core, s.mushroom_tile(k), board):
                yield PlaceMushroomTile(k, p)
        for k in s.mushroom_waiting:
            if not core_rules.certainly_fits(core, s.mushroom_tile(k), board):
                yield ForgoMushroomTile(k)
        return
    for a in core_rules.legal_actions(core):
        if not isinstance(a, EndTurn):
            yield a
    if core.pending is not None:
        return
    mine = s.player.treasures
    if not core.main_done and mine.mushroom and s.mushroom_tiles():
        yield SoloMushroom()
    if mine.berry and len(s.path) < core.options.max_path:
        for which in PATHS:
            if s.side_path(which):
                for side in SIDES:
                    yield SoloBerry(which, side)
    if core.main_done or board.is_full():
        yield EndTurn()


def is_legal(s: SoloState, action: SoloAction) -> bool:
    try:
        step(s, action)
    except IllegalAction:
        return False
    return True


# ---------------------------------------------------------------- applying an action

def apply(s: SoloState, action: SoloAction) -> SoloState:
    return step(s, action)[0]


def step(s: SoloState, action: SoloAction) -> tuple[SoloState, tuple[Event, ...]]:
    turns = s.board_model.turns
    if isinstance(action, Observe):  # the camera's news, not a move: welcome at any moment
        return _observe(s, action)
    if s.over:
        raise IllegalAction("turn_limit", f"the solo game ended after turn {turns}; no more actions")
    if s.refill_due and not isinstance(action, Refill):
        raise IllegalAction("refill_due", f"the Player Path is empty: refill it first ({_refill_hint(s)})")
    if s.mushroom_waiting and not isinstance(action, (PlaceMushroomTile, ForgoMushroomTile)):
        waiting = ", ".join(f"mushroom:{k}" for k in s.mushroom_waiting)
        raise IllegalAction("main_action_unfinished", f"place or forgo the Mushroom tiles first ({waiting})")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction("not_in_solo", _not_in_solo(action))
    return handler(s, action)


def _refill_hint(s: SoloState) -> str:
    return " or ".join(f"'refill {w} left|right'" for w in PATHS if s.side_path(w))


def _not_in_solo(action) -> str:
    if isinstance(action, UseBerry):
        return "a solo Berry names the path and side it takes from, e.g. 'berry top left'"
    if isinstance(action, UseMushroom):
        return "a solo Mushroom takes the tiles on the Mushroom spaces: write 'mushroom'"
    return f"not a solo action: {action!r}"


# -- the core's own rules, on the wrapped state

def _core_action(s: SoloState, action) -> tuple[SoloState, tuple[Event, ...]]:
    had_path = bool(s.path)
    core, events = core_rules.step(s.core, action)
    core, events = _tidy(core, events)
    s2 = replace(s, core=core)
    if had_path and not s2.path and (s2.top or s2.bottom):
        s2 = replace(s2, refill_due=True)
        events += (_event("refill_due", f"the Player Path is empty: choose the Top or Bottom Path and a side ({_refill_hint(s2)})"),)
    elif had_path and not s2.path:
        events += (_event("tiles_short", "the Player Path is empty and so are the Top and Bottom Paths"),)
    return s2, events


def _tidy(core, events):
    """The core ends a game when a board fills and refills from a Common Path; a solo game does
    neither, so drop those traces."""
    kept = tuple(e for e in events if e.kind not in _CORE_ONLY_EVENTS)
    if any(e.kind == "end_triggered" for e in events):
        kept += (_event("board_full", "the whole Forest Floor is covered: the remaining turns need no main action"),)
    return replace(core, end_triggered_by=None), kept


def _place_leaf(s: SoloState, a: PlaceLeaf):
    if a.source.kind != "path":
        raise IllegalAction("bad_source", f"in solo a leaf tile comes from your Player Path (path:N) or, during a "
                                          f"Mushroom, a Mushroom space (mushroom:N), not {a.source.format()}")
    return _core_action(s, a)


# -- the solo game's own rules

def _take(s: SoloState, which: str, side: str, n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The tiles taken from one end of a path, outermost first, and what stays."""
    tiles = s.side_path(which)
    n = min(n, len(tiles))
    if side == "left":
        return tiles[:n], tiles[n:]
    return tuple(reversed(tiles[len(tiles) - n:])), tiles[:len(tiles) - n]


def _draw(s: SoloState, which: str, side: str, n: int) -> tuple[SoloState, int]:
    taken, rest = _take(s, which, side, n)
    player = replace(s.player, path=s.path + taken)
    core = replace(s.core, players=(player,))
    s2 = replace(s, core=core, **{which: rest})
    return s2, len(taken)


def _check_path_choice(s: SoloState, which: str, side: str) -> None:
    if which not in PATHS or side not in SIDES:
        raise IllegalAction("wrong_path_side", f"choose top|bottom and left|right, not {which} {side}")
    if not s.top and not s.bottom:
        raise IllegalAction("paths_empty", "the Top and Bottom Paths are both empty: there is nothing to take")
    if not s.side_path(which):
        other = "bottom" if which == "top" else "top"
        raise IllegalAction("empty_path", f"the {which.title()} Path is empty; take from the {other.title()} Path")


def _refill(s: SoloState, a: Refill):
    if not s.refill_due:
        raise IllegalAction("no_refill_due", f"the Player Path still holds {len(s.path)} tiles; it is refilled only "
                                             "when it runs empty (or with a Berry)")
    _check_path_choice(s, a.path, a.side)
    want = s.board_model.player - len(s.path)
    _check_count(s, a, want, "a refill")
    s2, n = _draw(s, a.path, a.side, want)
    s2 = replace(s2, refill_due=False)
    text = f"take {n} tile{'s' if n != 1 else ''} from the {a.side} end of the {a.path.title()} Path"
    events = [_event("path_refilled", text, path=a.path, side=a.side, taken=n)]
    if len(s2.path) < s.board_model.player:
        events.append(_event("tiles_short", f"the {a.path.title()} Path had only {n}: the Player Path holds "
                                            f"{len(s2.path)}; a Berry can take the rest from the other path"))
    return s2, tuple(events)


def _berry(s: SoloState, a: SoloBerry):
    core = s.core
    if core.pending is not None:
        raise IllegalAction("main_action_unfinished", f"finish the {core.pending.kind} before using a Berry")
    if not s.player.treasures.berry:
        raise IllegalAction("no_berry", "no Berry in the supply to take tiles with")
    if len(s.path) >= core.options.max_path:
        raise IllegalAction("path_full", f"the Player Path already holds {len(s.path)} tiles (at most {core.options.max_path})")
    _check_path_choice(s, a.path, a.side)
    # Below the Player Path's size the Berry must fill it up (or empty the chosen path trying);
    # at full size it buys exactly one more tile.
    want = s.board_model.player - len(s.path) if len(s.path) < s.board_model.player else 1
    _check_count(s, a, want, "a Berry")
    s2, n = _draw(s, a.path, a.side, want)
    s2 = replace(s2, core=_spend(s2.core, "berry"))
    text = f"pay a Berry: take {n} tile{'s' if n != 1 else ''} from the {a.side} end of the {a.path.title()} Path"
    events = [_event("berry_used", text, path=a.path, side=a.side, taken=n)]
    if n < want:
        events.append(_event("tiles_short", f"the {a.path.title()} Path ran out: the Player Path holds {len(s2.path)}"))
    return s2, tuple(events)


def _check_count(s: SoloState, a, want: int, what: str) -> None:
    """A stated number of tiles must be the one the rules require: up to the Player Path's size (one
    6th tile for a Berry at full size), fewer only when the chosen path runs out."""
    if a.count is None:
        return
    expected = min(want, len(s.side_path(a.path)))
    if a.count < expected:
        raise IllegalAction("must_refill_to_five", f"{what} must take {expected} tile{'s' if expected != 1 else ''} from "
                                                   f"the {a.path.title()} Path (up to {len(s.path) + want} in the "
                                                   f"Player Path), not {a.count}")
    if a.count > expected:
        short = f"the {a.path.title()} Path holds only {len(s.side_path(a.path))}" if expected < want else \
            f"the Player Path may then hold {len(s.path) + want}"
        raise IllegalAction("too_many_tiles", f"{what} takes {expected} tile{'s' if expected != 1 else ''} here, not "
                                              f"{a.count}: {short}")


def _spend(core, kind: str):
    player = core.players[0]
    player = replace(player, treasures=player.treasures.add(kind, -1))
    supply = core.supply.add(kind, 1) if core.options.limited_supply else core.supply
    return replace(core, players=(player,), supply=supply)


def _mushroom(s: SoloState, a: SoloMushroom):
    core = s.core
    if core.pending is not None:
        raise IllegalAction("main_action_unfinished", f"finish the {core.pending.kind} before the Mushroom")
    if core.main_done:
        raise IllegalAction("second_main_action", "the Mushroom: this turn's main action is already taken")
    if not s.player.treasures.mushroom:
        raise IllegalAction("no_mushroom", "no Mushroom in the supply to take the tiles on the Mushroom spaces")
    waiting = tuple(k for k, _ in s.mushroom_tiles())
    if not waiting:
        raise IllegalAction("mushroom_spaces_empty", "the Mushroom spaces hold no tiles")
    s2 = replace(s, core=_spend(core, "mushroom"), mushroom_waiting=waiting)
    what = " and ".join(f"Mushroom space {k}" for k in waiting)
    return s2, (_event("mushroom_used", f"pay a Mushroom: place the tile{'s' if len(waiting) > 1 else ''} from {what}",
                       spaces=waiting),)


def _check_waiting(s: SoloState, space: int, code: str) -> int:
    if not s.mushroom_waiting:
        raise IllegalAction(code, f"no Mushroom is under way: the tile on Mushroom space {space} cannot be taken")
    if space not in s.mushroom_waiting:
        waiting = ", ".join(f"mushroom:{k}" for k in s.mushroom_waiting)
        raise IllegalAction("no_such_tile", f"no tile from Mushroom space {space} is waiting (waiting: {waiting})")
    return s.mushroom_tile(space)


def _place_mushroom_tile(s: SoloState, a: PlaceMushroomTile):
    tile = _check_waiting(s, a.space, "bad_source")
    # The core places leaves only from a Player Path: lend it the tile at the path's end for one
    # placement; the path is the same again afterwards.
    lent = replace(s.player, path=s.path + (tile,))
    core = replace(s.core, players=(lent,), main_done=False, pending=None)
    core, events = core_rules.step(core, PlaceLeaf(Source("path", len(s.path)), a.placement))
    core, events = _tidy(core, events)
    core = replace(core, main_done=True)
    track = list(s.track)
    track[s.board_model.mushroom_positions[a.space - 1]] = EMPTY
    s2 = replace(s, core=core, track=tuple(track),
                 mushroom_waiting=tuple(k for k in s.mushroom_waiting if k != a.space))
    return _after_mushroom_tile(s2, events)


def _forgo_mushroom_tile(s: SoloState, a: ForgoMushroomTile):
    tile = _check_waiting(s, a.space, "nothing_to_forgo")
    # as in multiplayer: a tile known only by colour may be forgone unless every shape it may have fits
    if core_rules.certainly_fits(s.core, tile, s.player.board):
        raise IllegalAction("forgo_fits", f"the tile on Mushroom space {a.space} still fits on the Forest Floor: place it")
    s2 = replace(s, mushroom_waiting=tuple(k for k in s.mushroom_waiting if k != a.space),
                 core=replace(s.core, main_done=True))
    return _after_mushroom_tile(s2, (_event("tile_forgone", f"leave the tile on Mushroom space {a.space} where it is"),))


def _after_mushroom_tile(s: SoloState, events):
    if s.mushroom_waiting:
        return s, tuple(events)
    s2, moved = _close_up(s)
    return s2, tuple(events) + moved


def _close_up(s: SoloState) -> tuple[SoloState, tuple[Event, ...]]:
    """After a Mushroom: tiles on spaces numbered below this turn move on, furthest along first."""
    board = s.board_model
    track = list(s.track)
    events = []
    for pos in reversed(range(len(track))):
        number = board.number_at(pos)
        if number is None or number >= s.turn or track[pos] == EMPTY:
            continue
        target = _furthest_empty(track)
        if target is not None and target > pos:
            track[target], track[pos] = track[pos], EMPTY
            events.append(_event("tile_moved", f"move the tile on {board.label(pos)} to {board.label(target)}",
                                 source=board.label(pos), target=board.label(target)))
    return replace(s, track=tuple(track)), tuple(events)


def _furthest_empty(track: list[int]) -> int | None:
    for pos in reversed(range(len(track))):
        if track[pos] == EMPTY:
            return pos
    return None


def _observe(s: SoloState, a: Observe):
    """A tile the camera could not read before is now seen to be of a colour. Places: p1:N (the
    Player Path), top:N and bottom:N (counted from the left), space:N (numbered space N), mushroom:N."""
    kind, _, number = a.where.partition(":")
    n = int(number) if number.isdigit() else 0
    places = {"p1": s.path, "path": s.path, "top": s.top, "bottom": s.bottom}
    tile = EMPTY
    if kind in places and 1 <= n <= len(places[kind]):
        tile = places[kind][n - 1]
    elif kind == "space" and 1 <= n <= s.board_model.turns:
        tile = s.track[s.board_model.position_of_number(n)]
    elif kind == "mushroom" and 1 <= n <= len(s.board_model.mushroom):
        tile = s.mushroom_tile(n)
    if tile == EMPTY:
        raise IllegalAction("no_such_tile", f"there is no tile at {a.where!r} (p1:N, top:N, bottom:N, space:N, mushroom:N)")
    info = s.core.tiles[tile]
    if info.colour and info.colour != a.colour:
        raise IllegalAction("contradicts_known", f"the tile at {a.where} is known to be {info.colour}, not {a.colour}")
    tiles = list(s.core.tiles)
    tiles[tile] = replace(info, colour=a.colour)
    return replace(s, core=replace(s.core, tiles=tuple(tiles))), ()


def begin_turn(s: SoloState) -> tuple[SoloState, tuple[Event, ...]]:
    """The turn marker: the tile on the space numbered for this turn moves to the furthest free space."""
    board = s.board_model
    pos = board.position_of_number(s.turn)
    events = [_event("turn", f"turn {s.turn} of {board.turns}", turn=s.turn)]
    track = list(s.track)
    target = _furthest_empty(track)
    if track[pos] == EMPTY or target is None or target < pos:
        events.append(_event("turn_marker", f"no tile to move from {board.label(pos)}"))
        return s, tuple(events)
    track[target], track[pos] = track[pos], EMPTY
    events.append(_event("turn_marker", f"move the tile on {board.label(pos)} to {board.label(target)}",
                         source=board.label(pos), target=board.label(target)))
    return replace(s, track=tuple(track)), tuple(events)


def _end_turn(s: SoloState, a: EndTurn):
    core = s.core
    if core.pending is not None:
        raise IllegalAction("main_action_unfinished", f"finish the {core.pending.kind} before ending the turn")
    if not core.main_done and not s.player.board.is_full():
        raise IllegalAction("no_main_action", "take a main action first: a leaf tile, a squirrel, a Feather or a Mushroom")
    if s.turn >= s.board_model.turns:
        return replace(s, over=True), (_event("game_over", f"turn {s.turn} is over: final phase and scoring"),)
    s2 = replace(s, turn=s.turn + 1, core=replace(core, main_done=False, turn=s.turn + 1))
    return begin_turn(s2)


_HANDLERS = {
    PlaceLeaf: _place_leaf, PlaceSquirrel: _core_action, UseNut: _core_action, UseFeather: _core_action,
    Forgo: _core_action, Exchange: _core_action, PlaceAnimal: _core_action, EndTurn: _end_turn,
    Refill: _refill, SoloBerry: _berry, SoloMushroom: _mushroom, PlaceMushroomTile: _place_mushroom_tile,
    ForgoMushroomTile: _forgo_mushroom_tile,
}
