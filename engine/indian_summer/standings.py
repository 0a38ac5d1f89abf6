"""Who won: players who covered their Forest Floor first, by Nuts, then a leftover Berry, else shared;
everyone else by fewest empty squares."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Result:
    name: str
    covered: bool
    empty_squares: int
    nuts: int
    berry_left: bool


@dataclass(frozen=True)
class Place:
    place: int
    players: tuple[str, ...]
    reason: str


def standings(results: list[Result]) -> list[Place]:
    finishers = [r for r in results if r.covered]
    others = [r for r in results if not r.covered]
    places: list[Place] = []

    def add(group: list[Result], reason: str) -> None:
        places.append(Place(sum(len(p.players) for p in places) + 1, tuple(r.name for r in group), reason))

    groups: dict[tuple, list[Result]] = {}
    for r in finishers:
        groups.setdefault((r.nuts, r.berry_left), []).append(r)
    keys = sorted(groups, reverse=True)
    for i, key in enumerate(keys):
        group = groups[key]
        nuts, berry = key
        shared = " (shared)" if len(group) > 1 else ""
        if len(keys) == 1 and len(finishers) == 1:
            reason = f"covered the whole Forest Floor{shared}"
        else:
            same_nuts = [k for k in keys if k[0] == nuts]
            reason = f"covered the Forest Floor; {nuts} {'Nut' if nuts == 1 else 'Nuts'}"
            if len(same_nuts) > 1:
                reason += ", and a Berry left over" if berry else ", no Berry left over"
            reason += shared
        add(group, reason)
    by_empty: dict[int, list[Result]] = {}
    for r in others:
        by_empty.setdefault(r.empty_squares, []).append(r)
    for empty in sorted(by_empty):
        group = by_empty[empty]
        shared = " (shared)" if len(group) > 1 else ""
        add(group, f"{empty} empty {'square' if empty == 1 else 'squares'} left{shared}")
    return places
