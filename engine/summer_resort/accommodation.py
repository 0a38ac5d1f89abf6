"""Accommodating new vacationers in one player's houses, exactly by the rulebook's four rules.

Every house takes at most two new guests, and only the kinds its level accepts. Among the ways that
respect that, the rules rank them: as many guests placed as possible, then as few houses with old
guests used as possible (empty houses are used first), then as few houses used in all. The order
of the last two follows the rulebook's numbering; the goal of placing as many as possible is why a
house with old guests is used at all.

`best` finds the optimum by dynamic programming over classes of interchangeable houses (same level,
same old guests) and remaining guests; `optimal_outcomes` lists every distinct best way, with
houses of one class filled in lot order; `check` tells whether a given assignment is one of them and,
if not, which rule it breaks.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement

from engine.errors import IllegalAction
from engine.summer_resort.components import ACCEPTS, FOREST, HOUSE_CAPACITY, LEVEL_NAMES, VACATIONERS, sort_guests


def house_options(level: int) -> tuple[tuple[str, ...], ...]:
    """The groups of new guests a house of this level can take (empty first)."""
    kinds = ACCEPTS[level]
    out = [()]
    for size in range(1, HOUSE_CAPACITY + 1):
        out += [tuple(c) for c in combinations_with_replacement(kinds, size)]
    return tuple(out)


@dataclass(frozen=True)
class Value:
    """How good an accommodation is; larger is better (compare with `key`)."""
    placed: int
    occupied_used: int
    used: int

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.placed, -self.occupied_used, -self.used)


def value_of(houses: tuple[tuple[int, int], ...], assignment: dict[int, tuple[str, ...]]) -> Value:
    """`houses`: (level, old guests) per lot; `assignment`: lot index -> new guests."""
    placed = sum(len(g) for g in assignment.values())
    used = [i for i, g in assignment.items() if g]
    return Value(placed, sum(1 for i in used if houses[i][1]), len(used))


def _classes(houses: tuple[tuple[int, tuple[str, ...]], ...]) -> tuple[tuple[tuple[int, tuple[str, ...]], tuple[int, ...]], ...]:
    """Interchangeable houses: (level, old guests) -> lot indices, in lot order; forests left out."""
    groups: dict[tuple[int, tuple[str, ...]], list[int]] = {}
    for i, (level, old) in enumerate(houses):
        if level > FOREST:
            groups.setdefault((level, old), []).append(i)
    return tuple((k, tuple(v)) for k, v in groups.items())


def _need(counts: tuple[int, int, int], groups) -> tuple[int, int, int] | None:
    c = list(counts)
    for group in groups:
        for g in group:
            c[VACATIONERS.index(g)] -= 1
    return tuple(c) if min(c) >= 0 else None


def _solve(houses, guests, limit: int | None = None):
    """(classes, best key, class-level outcomes): an outcome gives each class a sorted tuple of groups.

    The best key comes from a dynamic programme house by house (houses ordered class by class, state:
    the guests still to place). The outcomes are then enumerated class by class, keeping only the
    choices whose key plus the best of the rest reaches the best key; `limit` stops after that many."""
    classes = _classes(houses)
    counts = tuple(Counter(guests).get(k, 0) for k in VACATIONERS)
    order = [(level, bool(old)) for (level, old), lots in classes for _ in lots]
    starts = [0]
    for _, lots in classes:
        starts.append(starts[-1] + len(lots))

    @lru_cache(maxsize=None)
    def f(i: int, left: tuple[int, int, int]) -> tuple[int, int, int]:
        if i == len(order):
            return (0, 0, 0)
        level, occupied = order[i]
        top = None
        for group in house_options(level):
            rest = _need(left, (group,))
            if rest is None:
                continue
            sub = f(i + 1, rest)
            used = 1 if group else 0
            key = (len(group) + sub[0], sub[1] - (used if occupied else 0), sub[2] - used)
            if top is None or key > top:
                top = key
        return top

    goal = f(0, counts)
    ways: list[tuple] = []

    def walk(ci: int, left, acc: tuple, got: tuple[int, int, int]) -> None:
        if limit is not None and len(ways) >= limit:
            return
        if ci == len(classes):
            ways.append(acc)
            return
        (level, old), lots = classes[ci]
        for choice in combinations_with_replacement(house_options(level), len(lots)):
            rest = _need(left, choice)
            if rest is None:
                continue
            used = sum(1 for g in choice if g)
            here = (got[0] + sum(len(g) for g in choice), got[1] - (used if old else 0), got[2] - used)
            tail = f(starts[ci + 1], rest)
            if tuple(a + b for a, b in zip(here, tail)) == goal:
                walk(ci + 1, rest, acc + (choice,), here)

    walk(0, counts, (), (0, 0, 0))
    return classes, goal, tuple(ways)


def _expand(classes, way) -> dict[int, tuple[str, ...]]:
    out: dict[int, tuple[str, ...]] = {}
    for ((_, _), lots), choice in zip(classes, way):
        # biggest groups to the first lots of the class, so that the canonical outcome is unique
        ordered = sorted(choice, key=lambda g: (-len(g), [VACATIONERS.index(x) for x in g]))
        for lot, group in zip(lots, ordered):
            if group:
                out[lot] = sort_guests(group)
    return out


def best(houses, guests) -> Value:
    """The best value any accommodation of `guests` reaches. `houses`: (level, old guests) per lot."""
    _, key, _ = _solve(tuple((lv, tuple(o)) for lv, o in houses), sort_guests(guests), limit=1)
    return Value(key[0], -key[1], -key[2])


def optimal_outcomes(houses, guests, limit: int | None = None) -> tuple[dict[int, tuple[str, ...]], ...]:
    """Every distinct best accommodation (lot index -> new guests), or the first `limit` of them;
    interchangeable houses are filled in lot order, so two outcomes differ in what they do, not only
    in which twin they use."""
    houses = tuple((lv, tuple(o)) for lv, o in houses)
    classes, _, ways = _solve(houses, sort_guests(guests), limit)
    outs = [_expand(classes, w) for w in ways]
    outs.sort(key=lambda o: sorted(o.items()))
    return tuple(outs)


def check(houses, guests, assignment: dict[int, tuple[str, ...]]) -> None:
    """Raise IllegalAction naming the rule an assignment breaks; return if it is a best one."""
    houses = tuple((lv, tuple(o)) for lv, o in houses)
    left = Counter(guests)
    for lot, group in assignment.items():
        if not 0 <= lot < len(houses):
            raise IllegalAction("no_such_lot", f"there is no lot {lot + 1} (the player has {len(houses)})")
        level = houses[lot][0]
        if level == FOREST and group:
            raise IllegalAction("not_a_house", f"lot {lot + 1} is a bare forest: nobody can stay there")
        if len(group) > HOUSE_CAPACITY:
            raise IllegalAction("house_full", f"lot {lot + 1} ({LEVEL_NAMES[level]}) would take {len(group)} "
                                               f"new guests; a house takes at most {HOUSE_CAPACITY}")
        for g in group:
            if g not in ACCEPTS[level]:
                raise IllegalAction("guest_refuses_house",
                                    f"a {g} does not stay in a {LEVEL_NAMES[level]} (lot {lot + 1}); it takes "
                                    f"{', '.join(ACCEPTS[level])}")
            left[g] -= 1
            if left[g] < 0:
                raise IllegalAction("not_invited", f"there is no further new {g} to place")
    got = value_of(houses, assignment)
    top = best(houses, guests)
    if got.placed < top.placed:
        raise IllegalAction("not_all_housed", f"{got.placed} of the new guests placed, but {top.placed} can stay")
    if got.occupied_used > top.occupied_used:
        raise IllegalAction("empty_houses_first",
                            f"{got.occupied_used} houses with old guests used where {top.occupied_used} "
                            f"{'is' if top.occupied_used == 1 else 'are'} enough: empty houses come first")
    if got.used > top.used:
        raise IllegalAction("too_many_houses", f"{got.used} houses used where {top.used} are enough")
