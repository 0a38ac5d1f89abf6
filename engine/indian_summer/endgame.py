"""The final phase: treasures become Nuts, Nuts become squirrels, squirrels may complete Areas that pay
more treasures. The best result is found exactly, by searching which Areas to complete and in what
order (at most 2^6 sets), not greedily.

Objective, in order: most squares covered, then most Nuts left, then an odd Berry left over. With
`convert="needed"` (the solo game, whose leftovers score by kind) only what the squirrels need is
exchanged, cheapest first, and the leftovers' points replace the Nut count.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.indian_summer.notation import PieceGrid, PrintedLayout
from engine.indian_summer.position import hole_letter
from engine.indian_summer.squares import AREA_MASK, AREAS, Square, names, squares_of
from engine.indian_summer.treasures import PLURAL, SINGULAR, Treasures

SOLO_POINTS = {"berry": 1, "nut": 2, "mushroom": 3, "feather": 4}


@dataclass(frozen=True)
class FinalPhase:
    covered: bool  # the whole Forest Floor is covered
    empty_squares: int
    nuts: int  # Nuts left after the squirrels (convert='all')
    berry_left: bool
    treasures_left: Treasures
    squirrels: int
    areas_completed: tuple[int, ...]
    steps: tuple[str, ...]
    pieces: str  # the board after the final phase

    def solo_points(self) -> int:
        return sum(SOLO_POINTS[k] * n for k, n in self.treasures_left.as_dict().items())


def _nut_value(t: Treasures) -> int:
    return t.nut + t.mushroom + t.feather + t.berry // 2


def _spend(t: Treasures, nuts: int, convert: str) -> Treasures:
    """What is left after paying `nuts` Nuts. 'all': everything is first exchanged into Nuts."""
    if convert == "all":
        total = _nut_value(t)
        return Treasures(berry=t.berry % 2, nut=total - nuts)
    left = t.as_dict()
    # cheapest points first: a Nut and a pair of Berries cost 2 points each, a Mushroom 3, a Feather 4
    take = min(nuts, left["nut"]); left["nut"] -= take; nuts -= take
    pairs = min(nuts, left["berry"] // 2); left["berry"] -= 2 * pairs; nuts -= pairs
    take = min(nuts, left["mushroom"]); left["mushroom"] -= take; nuts -= take
    take = min(nuts, left["feather"]); left["feather"] -= take; nuts -= take
    assert nuts == 0
    return Treasures.of(left)


def solve_final_phase(printed: PrintedLayout, pieces: PieceGrid, treasures: Treasures,
                      convert: str = "all") -> FinalPhase:
    cells = list(pieces.cells)
    occupied = sum(1 << i for i, ch in enumerate(cells) if ch != ".")
    start = treasures
    early_steps: list[str] = []
    # A complete Area still showing tokens: they were owed already; collect them first.
    for area in AREAS:
        m = AREA_MASK[area]
        if occupied & m == m:
            owed = _tokens_in(printed, cells, m)
            if owed.total():
                start = start + owed
                _clear_tokens(cells, m)
                early_steps.append(f"Area {area} is already complete: collect its {owed.describe()}")

    todo = [a for a in AREAS if occupied & AREA_MASK[a] != AREA_MASK[a]]
    cost = {a: bin(AREA_MASK[a] & ~occupied).count("1") for a in todo}
    gain = {a: _tokens_in(printed, cells, AREA_MASK[a]) for a in todo}
    empties = 72 - bin(occupied).count("1")

    # reach[S] = order of completion reaching the set S (bit i = todo[i])
    n = len(todo)
    reach: dict[int, tuple[int, ...]] = {0: ()}
    totals: dict[int, tuple[Treasures, int]] = {0: (start, 0)}
    for s in range(1 << n):  # supersets are larger integers, so one pass in order suffices
        if s not in reach:
            continue
        t, spent = totals[s]
        avail = _nut_value(t) - spent
        for i, a in enumerate(todo):
            if s >> i & 1 or cost[a] > avail:
                continue
            s2 = s | 1 << i
            if s2 not in reach:
                reach[s2] = reach[s] + (a,)
                totals[s2] = (t + gain[a], spent + cost[a])

    def score(s: int):
        t, spent = totals[s]
        extra = min(_nut_value(t) - spent, empties - spent)
        left = _spend(t, spent + extra, convert)
        second = left.nut if convert == "all" else sum(SOLO_POINTS[k] * v for k, v in left.as_dict().items())
        return (spent + extra, second, left.berry % 2 if convert == "all" else 0, -len(reach[s]))

    best = max(reach, key=score)
    return _play_out(printed, cells, occupied, start, reach[best], convert, early_steps)


def _tokens_in(printed: PrintedLayout, cells: list[str], mask: int) -> Treasures:
    counts: dict[str, int] = {}
    for sq in squares_of(mask):
        if cells[sq.index] == "t":
            kind = printed.treasure_at(sq)
            if kind:
                counts[kind] = counts.get(kind, 0) + 1
    return Treasures.of(counts)


def _clear_tokens(cells: list[str], mask: int) -> None:
    for sq in squares_of(mask):
        if cells[sq.index] == "t":
            cells[sq.index] = "o"  # an emptied hole; its colour no longer matters here


def _play_out(printed, cells, occupied, treasures, order, convert, steps) -> FinalPhase:
    """Carry out the chosen plan square by square, writing the steps a person would follow."""
    steps = list(steps)
    t = treasures
    squirrels = 0
    completed: list[int] = []

    if convert == "all":
        t = _exchange_all(t, steps)

    def pay_nuts(k: int) -> None:
        nonlocal t
        if convert == "all":
            t = t.add("nut", -k)
            return
        # exchange only what is missing, cheapest first
        while t.nut < k:
            if t.berry >= 2:
                t = t.add("berry", -2).add("nut", 1)
                steps.append("exchange 2 Berries for 1 Nut")
            elif t.mushroom:
                t = t.add("mushroom", -1).add("nut", 1)
                steps.append("exchange 1 Mushroom for 1 Nut")
            else:
                t = t.add("feather", -1).add("nut", 1)
                steps.append("exchange 1 Feather for 1 Nut")
        t = t.add("nut", -k)

    def place(squares: list[Square]) -> None:
        nonlocal occupied, squirrels, t
        if not squares:
            return
        pay_nuts(len(squares))
        for sq in squares:
            cells[sq.index] = "s"
            occupied |= sq.bit
        squirrels += len(squares)
        steps.append(f"1 Nut for a squirrel on {squares[0]}" if len(squares) == 1
                     else f"{len(squares)} Nuts for squirrels on {names(squares)}")
        for area in AREAS:
            m = AREA_MASK[area]
            if area not in completed and occupied & m == m and any(sq.bit & m for sq in squares):
                completed.append(area)
                got = _tokens_in(printed, cells, m)
                _clear_tokens(cells, m)
                t = t + got
                steps.append(f"Area {area} is complete: take {got.describe()}")
                if convert == "all" and got.total():
                    t = _exchange_all(t, steps)

    for area in order:
        place(squares_of(AREA_MASK[area] & ~occupied))
    # The rest of the Nuts cover squares anywhere; fill the emptiest Areas last so that no Area is
    # completed by accident in an order the plan did not weigh.
    def budget() -> int:
        return _nut_value(t)  # the final phase spends every Nut it can, in both modes
    remaining = [Square(i) for i in range(72) if not occupied >> i & 1]
    while remaining and budget() > 0:
        n = min(budget(), len(remaining))
        place(remaining[:n])
        remaining = [Square(i) for i in range(72) if not occupied >> i & 1]

    if convert == "all":
        t = _exchange_all(t, steps)
    empty = 72 - bin(occupied).count("1")
    if not steps:
        steps.append("nothing to exchange or place")
    final_cells = [hole_letter(tuple(cells), i) if c == "o" else c for i, c in enumerate(cells)]
    return FinalPhase(
        covered=empty == 0, empty_squares=empty, nuts=t.nut, berry_left=t.berry % 2 == 1,
        treasures_left=t, squirrels=squirrels, areas_completed=tuple(completed), steps=tuple(steps),
        pieces=PieceGrid(tuple(final_cells)).format(),
    )


def _exchange_all(t: Treasures, steps: list[str]) -> Treasures:
    for kind in ("feather", "mushroom"):
        n = t.get(kind)
        if n:
            steps.append(f"exchange {n} {(SINGULAR if n == 1 else PLURAL)[kind]} for {n} {'Nut' if n == 1 else 'Nuts'}")
            t = t.add(kind, -n).add("nut", n)
    pairs = t.berry // 2
    if pairs:
        steps.append(f"exchange {2 * pairs} Berries for {pairs} {'Nut' if pairs == 1 else 'Nuts'}")
        t = t.add("berry", -2 * pairs).add("nut", pairs)
    return t
