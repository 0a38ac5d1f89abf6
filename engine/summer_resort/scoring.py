"""End scoring: money (guests turned to their money side count as money), every house card, the President."""
from __future__ import annotations

from dataclasses import dataclass

from engine.summer_resort.components import HOUSE_POINTS, LEVEL_NAMES, RENT
from engine.summer_resort.state import Player, ResortState

PRESIDENT_POINTS = 5


@dataclass(frozen=True)
class Score:
    seat: int
    name: str
    money: int  # cash plus the money side of every guest still in a house
    money_points: int
    house_points: int
    president_points: int
    cards: tuple[tuple[str, int], ...]  # house card -> how many, covered ones included

    @property
    def total(self) -> int:
        return self.money_points + self.house_points + self.president_points

    def reason(self) -> str:
        parts = [f"{self.money} zl cash and guests = {self.money_points}"]
        for name, n in self.cards:
            if n:
                parts.append(f"{n} {name}{'s' if n > 1 else ''} x{HOUSE_POINTS[LEVEL_NAMES.index(name)]} = "
                             f"{n * HOUSE_POINTS[LEVEL_NAMES.index(name)]}")
        if self.president_points:
            parts.append(f"President = {self.president_points}")
        return f"{self.total} points: " + ", ".join(parts)


def score_player(player: Player, seat: int, president: bool) -> Score:
    money = player.money + sum(RENT[g] for g in player.guests)
    cards = tuple((LEVEL_NAMES[lv], sum(1 for lot in player.lots if lot.level >= lv)) for lv in (1, 2, 3))
    houses = sum(lot.card_points for lot in player.lots)
    return Score(seat, player.name, money, money // 100, houses, PRESIDENT_POINTS if president else 0, cards)


@dataclass(frozen=True)
class Standing:
    place: int  # 1 = winner; tied players share a place
    score: Score


def final_scores(state: ResortState) -> tuple[Standing, ...]:
    """Standings, best first: points, then money; a tie on both stays a tie (same place)."""
    scores = [score_player(p, i, state.president == i) for i, p in enumerate(state.players)]
    scores.sort(key=lambda s: (-s.total, -s.money, s.seat))
    out = []
    for i, s in enumerate(scores):
        if i and (s.total, s.money) == (scores[i - 1].total, scores[i - 1].money):
            out.append(Standing(out[-1].place, s))
        else:
            out.append(Standing(i + 1, s))
    return tuple(out)
