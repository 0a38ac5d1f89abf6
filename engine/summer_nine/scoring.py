"""The exact final score of Summer Nine, explained card by card and objective by objective.

How a schedule is read for scoring:
1. Each Any Country Half Extended Stay takes a country (every choice is tried; the best total wins).
2. Each run of consecutive Bridges is judged by the cards on either side of it: a destination or half
   stay on both sides, of one country, and every Bridge of the run scores and counts as that country;
   otherwise every Bridge of the run pays the penalty and is taken out, leaving gaps.
3. Half Extended Stays pair with a neighbour of the same country, next to it or joined through valid
   Bridges. Along a row of linked half stays, every way of pairing the most of them is tried (an odd
   row drops one card: an end, or, in a row of five, any card at an odd position); a half stay left
   unpaired is taken out.
4. Objectives then read the schedule that remains, each choosing every Bridge's holiday type anew to
   the player's best: per month, which is all the holiday-type goals need.
Ice Cream scores by different flavours, Photos go to the most (a tie splits the points).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from engine.summer_nine.cards import MONTHS, month_slots
from engine.summer_nine.kit import ANY, COUNTRIES, TYPES, CardKind, Kit


@dataclass(frozen=True)
class Placed:
    """A card that counts at scoring, as the scoring reads it."""
    slot: int
    card: str
    country: str
    type: str | None  # None: a bridge (its type is chosen per objective) or a half stay with none printed
    bridge: bool


@dataclass(frozen=True)
class Reading:
    """One way to read a schedule (steps 1-3): what remains, its base points and why."""
    cells: tuple[Placed | None, ...]  # slot 1 first; None is a gap
    lines: tuple[tuple[str, int, str], ...]  # (source, points, reason) per schedule card


@dataclass(frozen=True)
class ScoreLine:
    source: str  # 'slot 3 bridge', 'objective month-spain', 'ice cream', 'photos'
    points: Fraction
    reason: str

    def format(self) -> str:
        return f"{self.source}: {fmt_points(self.points)} ({self.reason})"


@dataclass(frozen=True)
class PlayerScore:
    name: str
    lines: tuple[ScoreLine, ...]

    @property
    def total(self) -> Fraction:
        return sum((line.points for line in self.lines), Fraction(0))


def fmt_points(points: Fraction | int) -> str:
    p = Fraction(points)
    if p.denominator == 1:
        return str(p.numerator)
    return f"{float(p):g}"


# ---------------------------------------------------------------- reading a schedule
def readings(kit: Kit, schedule: tuple[str | None, ...]):
    """Every reading of the schedule worth comparing (Any Country choices x pairings)."""
    kinds = [None if c is None else kit.card(c) for c in schedule]
    any_slots = [i for i, k in enumerate(kinds) if k is not None and k.kind == "half" and k.country == ANY]
    seen = set()
    for choice in product(COUNTRIES, repeat=len(any_slots)):
        country = {i: (dict(zip(any_slots, choice)).get(i) or (k.country if k else None))
                   for i, k in enumerate(kinds)}
        for reading in _readings_with(kinds, country, schedule, kit):
            key = (reading.cells, reading.lines)
            if key not in seen:
                seen.add(key)
                yield reading


def _readings_with(kinds: list[CardKind | None], country: dict, schedule, kit: Kit):
    n = len(kinds)
    bridge_country: dict[int, str | None] = {}
    i = 0
    while i < n:
        if kinds[i] is not None and kinds[i].kind == "bridge":
            j = i
            while j + 1 < n and kinds[j + 1] is not None and kinds[j + 1].kind == "bridge":
                j += 1
            left, right = i - 1, j + 1
            ok = (left >= 0 and right < n and kinds[left] is not None and kinds[right] is not None
                  and country[left] == country[right])
            for b in range(i, j + 1):
                bridge_country[b] = country[left] if ok else None
            i = j + 1
        else:
            i += 1
    halves = [i for i, k in enumerate(kinds) if k is not None and k.kind == "half"]
    # rows of linked half stays
    rows: list[list[int]] = []
    for h in halves:
        if rows and _linked(rows[-1][-1], h, kinds, bridge_country, country):
            rows[-1].append(h)
        else:
            rows.append([h])
    for pairing in product(*[_max_matchings(len(row)) for row in rows]):
        partner: dict[int, int] = {}
        for row, pairs in zip(rows, pairing):
            for a, b in pairs:
                partner[row[a]] = row[b]
                partner[row[b]] = row[a]
        cells, lines = [], []
        for i, k in enumerate(kinds):
            slot = i + 1
            src = f"slot {slot} {schedule[i]}" if k is not None else ""
            if k is None:
                cells.append(None)
            elif k.kind == "destination":
                cells.append(Placed(slot, k.id, k.country, k.type, False))
                lines.append((src, k.points, f"{k.country.title()} {k.type}"))
            elif k.kind == "bridge":
                c = bridge_country[i]
                if c is None:
                    cells.append(None)
                    lines.append((src, kit.bridge_penalty, "joins no two cards of one country: taken out"))
                else:
                    cells.append(Placed(slot, k.id, c, None, True))
                    lines.append((src, kit.bridge_points, f"joins {c.title()}"))
            else:  # half
                if i in partner:
                    as_ = f" as {country[i].title()}" if k.country == ANY else ""
                    cells.append(Placed(slot, k.id, country[i], k.type, False))
                    lines.append((src, k.points, f"paired with slot {partner[i] + 1}{as_}"))
                else:
                    cells.append(None)
                    lines.append((src, 0, "unpaired: taken out"))
        yield Reading(tuple(cells), tuple(lines))


def _linked(a: int, b: int, kinds, bridge_country, country) -> bool:
    if country[a] != country[b]:
        return False
    return all(kinds[i] is not None and kinds[i].kind == "bridge" and bridge_country[i] is not None
               for i in range(a + 1, b))


def _max_matchings(n: int) -> list[tuple[tuple[int, int], ...]]:
    """Every largest set of disjoint neighbour pairs in a row of n."""
    if n < 2:
        return [()]
    if n % 2 == 0:
        return [tuple((i, i + 1) for i in range(0, n, 2))]
    out = []
    for skip in range(0, n, 2):  # the dropped card sits at an even index
        pairs = tuple((i, i + 1) for i in range(0, skip, 2)) + tuple((i, i + 1) for i in range(skip + 1, n, 2))
        out.append(pairs)
    return out


# ---------------------------------------------------------------- objectives on a reading
def objective_points(kind: CardKind, cells: tuple[Placed | None, ...]) -> tuple[int, str]:
    """(points, reason) of one objective card on one reading, each Bridge's type at its best."""
    goal, p = kind.goal, kind.points
    if goal == "plus-one":
        n = sum(1 for c in cells if c is not None and not c.bridge and c.type == kind.type)
        return n * p, f"{n} {kind.type} card{'s' if n != 1 else ''}"
    if goal == "four-plus":
        runs, i = [], 0
        while i < 9:
            if cells[i] is not None and cells[i].country == kind.country:
                j = i
                while j + 1 < 9 and cells[j + 1] is not None and cells[j + 1].country == kind.country:
                    j += 1
                if j - i + 1 >= 4:
                    runs.append((i + 1, j + 1))
                i = j + 1
            else:
                i += 1
        total, parts = 0, []
        for lo, hi in runs:
            months = len({(s - 1) // 3 for s in range(lo, hi + 1)})
            total += months * p
            parts.append(f"slots {lo}-{hi}, {months} months")
        return total, "; ".join(parts) or f"no 4 {kind.country.title()} cards in a row"
    hits = []
    for m in range(3):
        month = [cells[s - 1] for s in month_slots(m)]
        if any(c is None for c in month):
            continue
        bridges = [c for c in month if c.bridge]
        fixed = [c.type for c in month if not c.bridge]
        ok, note = False, ""
        if goal == "month-country":
            ok = all(c.country == kind.country for c in month)
        elif goal == "month-all-countries":
            ok = {c.country for c in month} == set(COUNTRIES)
        elif goal == "month-type":
            ok = all(t == kind.type for t in fixed)
            if ok and bridges:
                note = f" (bridge as {kind.type})"
        elif goal == "month-all-types":
            ok = None not in fixed and len(set(fixed)) == len(fixed)
            if ok and bridges:
                missing = [t for t in TYPES if t not in fixed]
                note = " (bridge as " + ", ".join(missing) + ")"
        if ok:
            hits.append(MONTHS[m] + note)
    return len(hits) * p, ", ".join(hits) if hits else "no month meets it"


# ---------------------------------------------------------------- whole scores
def best_reading(kit: Kit, schedule, hand) -> tuple[Reading, list[tuple[str, int, str]]]:
    """The reading with the highest schedule + objectives total, and the objective lines on it."""
    objectives = [kit.card(c) for c in hand if kit.card(c).kind == "objective"]
    best = None
    for reading in readings(kit, schedule):
        obj = [(f"objective {k.id}", *objective_points(k, reading.cells)) for k in objectives]
        total = sum(l[1] for l in reading.lines) + sum(o[1] for o in obj)
        if best is None or total > best[0]:
            best = (total, reading, obj)
    return best[1], best[2]


def ice_cream_points(kit: Kit, hand) -> tuple[int, int]:
    flavours = {kit.card(c).flavour or c for c in hand if kit.card(c).kind == "ice-cream"}
    n = len(flavours)
    if n == 0:
        return 0, 0
    table = kit.ice_cream_points
    return n, table[min(n, len(table)) - 1]


def score_players(kit: Kit, players: list[tuple[str, tuple, tuple]]) -> list[PlayerScore]:
    """players: (name, schedule, hand) each; the table's scores (Photos compare players)."""
    photos = [sum(1 for c in hand if kit.card(c).kind == "photo") for _, _, hand in players]
    most = max(photos, default=0)
    winners = [i for i, n in enumerate(photos) if n == most and n > 0]
    out = []
    for i, (name, schedule, hand) in enumerate(players):
        reading, obj = best_reading(kit, schedule, hand)
        lines = [ScoreLine(s, Fraction(p), r) for s, p, r in reading.lines]
        lines += [ScoreLine(s, Fraction(p), r) for s, p, r in obj]
        n, pts = ice_cream_points(kit, hand)
        if n:
            lines.append(ScoreLine("ice cream", Fraction(pts), f"{n} different flavour{'s' if n > 1 else ''}"))
        if photos[i]:
            if i in winners:
                share = Fraction(kit.photo_points, len(winners))
                why = "the most" if len(winners) == 1 else f"tied for the most with {len(winners) - 1} other" + (
                    "s" if len(winners) > 2 else "")
                lines.append(ScoreLine("photos", share, f"{photos[i]} photo{'s' if photos[i] > 1 else ''}, {why}"))
            else:
                lines.append(ScoreLine("photos", Fraction(0), f"{photos[i]}, fewer than {most}"))
        out.append(PlayerScore(name, tuple(lines)))
    return out


def standings(scores: list[PlayerScore]) -> list[tuple[int, PlayerScore]]:
    """(place, score), best first; equal totals share a place."""
    ordered = sorted(scores, key=lambda s: -s.total)
    out, place = [], 0
    for i, s in enumerate(ordered):
        if i == 0 or s.total != ordered[i - 1].total:
            place = i + 1
        out.append((place, s))
    return out


def score_state(state) -> list[PlayerScore]:
    return score_players(state.kit, [(p.name, p.schedule, p.hand) for p in state.players])
