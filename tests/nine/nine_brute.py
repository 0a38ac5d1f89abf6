"""Brute force for Summer Nine's schedule score, written apart from the engine's optimiser: every
Any Country choice, every set of half stays kept (those that can all be paired), every holiday type
for every Bridge, per objective."""
from __future__ import annotations

from itertools import product

COUNTRIES = ("spain", "italy", "greece")
TYPES = ("beach", "city", "mountain")


def _pairable(kept: list[int], linked) -> bool:
    """Whether the kept half stays split into linked pairs (tried every way)."""
    if not kept:
        return True
    first, rest = kept[0], kept[1:]
    return any(linked(first, other) and _pairable([k for k in rest if k != other], linked) for other in rest)


def best_schedule_score(kit, schedule, objectives) -> int:
    kinds = [None if c is None else kit.card(c) for c in schedule]
    anys = [i for i, k in enumerate(kinds) if k and k.kind == "half" and k.country == "any"]
    halves = [i for i, k in enumerate(kinds) if k and k.kind == "half"]
    best = None
    for choice in product(COUNTRIES, repeat=len(anys)):
        country = [None if k is None else (dict(zip(anys, choice)).get(i) or k.country) for i, k in enumerate(kinds)]
        # bridges: each is valid when the nearest non-bridge cards on both sides exist, touch the run, and agree
        valid = {}
        for i, k in enumerate(kinds):
            if k is None or k.kind != "bridge":
                continue
            left = i - 1
            while left >= 0 and kinds[left] is not None and kinds[left].kind == "bridge":
                left -= 1
            right = i + 1
            while right < 9 and kinds[right] is not None and kinds[right].kind == "bridge":
                right += 1
            ok = left >= 0 and right < 9 and kinds[left] is not None and kinds[right] is not None \
                and country[left] == country[right]
            valid[i] = country[left] if ok else None

        def linked(a, b):
            a, b = min(a, b), max(a, b)
            return country[a] == country[b] and all(valid.get(j) for j in range(a + 1, b))

        for keep_bits in product((True, False), repeat=len(halves)):
            kept = [h for h, k in zip(halves, keep_bits) if k]
            if not _pairable(kept, linked):
                continue
            base = 0
            cells = []
            for i, k in enumerate(kinds):
                if k is None:
                    cells.append(None)
                elif k.kind == "destination":
                    base += k.points
                    cells.append((country[i], k.type, False))
                elif k.kind == "bridge":
                    if valid[i]:
                        base += kit.bridge_points
                        cells.append((valid[i], None, True))
                    else:
                        base += kit.bridge_penalty
                        cells.append(None)
                elif i in kept:
                    base += k.points
                    cells.append((country[i], k.type, False))
                else:
                    cells.append(None)
            total = base + sum(_objective(o, cells) for o in objectives)
            best = total if best is None else max(best, total)
    return best


def _objective(kind, cells) -> int:
    bridges = [i for i, c in enumerate(cells) if c is not None and c[2]]
    best = 0
    for types in product(TYPES, repeat=len(bridges)):
        typed = list(cells)
        for i, t in zip(bridges, types):
            typed[i] = (cells[i][0], t, True)
        best = max(best, _objective_fixed(kind, typed))
    return best


def _objective_fixed(kind, cells) -> int:
    goal, p = kind.goal, kind.points
    if goal == "plus-one":
        return p * sum(1 for c in cells if c and not c[2] and c[1] == kind.type)
    if goal == "four-plus":
        total, i = 0, 0
        while i < 9:
            j = i
            while j < 9 and cells[j] and cells[j][0] == kind.country:
                j += 1
            if j - i >= 4:
                total += p * len({s // 3 for s in range(i, j)})
            i = max(j, i + 1)
        return total
    total = 0
    for m in range(3):
        month = cells[3 * m:3 * m + 3]
        if not all(month):
            continue
        countries = [c[0] for c in month]
        types = [c[1] for c in month]
        if goal == "month-country" and all(c == kind.country for c in countries):
            total += p
        elif goal == "month-all-countries" and sorted(countries) == sorted(COUNTRIES):
            total += p
        elif goal == "month-type" and all(t == kind.type for t in types):
            total += p
        elif goal == "month-all-types" and sorted(t or "" for t in types) == sorted(TYPES):
            total += p
    return total
