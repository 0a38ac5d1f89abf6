"""A seeded random player for the tests: chance from a seeded deck, choices among the legal actions."""
from __future__ import annotations

import random

from engine.summer_resort.actions import Deal, Reveal
from engine.summer_resort.rules import legal_actions, required_vacationers, step
from engine.summer_resort.setup import shuffled_deck, shuffled_vacationers


def bot_game(start, seed: int, thrifty: bool = True):
    """(final state, action list). `thrifty`: the bot prefers placements that do something useful."""
    rng = random.Random(seed)
    deck = shuffled_deck(start.deck, rng)
    s, log = start, []
    while not s.over:
        if s.phase == "weather":
            a = Reveal(deck[len(s.revealed)])
        elif s.phase == "deal":
            a = Deal(tuple(shuffled_vacationers(required_vacationers(s, s.weather), rng)))
        else:
            options = list(legal_actions(s))
            if thrifty and s.phase == "actions":
                useful = [o for o in options if not (o.verb == "invite" and not any(s.train[c] for c in o.cars))
                          and o.tokens in ("1", "porter", "2" if o.verb == "buy" else "1")]
                options = useful or options
            a = rng.choice(options)
        s, _ = step(s, a)
        log.append(a)
    return s, log


def _worth(s, seat, place) -> int:
    """How much a greedy player likes a placement (higher is better)."""
    p = s.players[seat]
    levels = [lot.level for lot in p.lots]
    if place.verb == "buy":
        want = {"pension": 2 in levels, "villa": 1 in levels, "cottage": 0 in levels,
                "forest100": levels.count(0) == 0, "automobile": not p.cars and s.round <= 6}
        return {"pension": 60, "villa": 50, "cottage": 40, "forest100": 30, "automobile": 20}.get(place.card, 0) \
            if want.get(place.card) else -1
    if place.verb == "invite":
        from engine.summer_resort.components import ACCEPTS, RENT
        takes = {g for lv in levels for g in ACCEPTS.get(lv, ())}
        guests = [g for c in place.cars for g in s.train[c] if g in takes]
        return sum(RENT[g] for g in guests) // 10
    if place.verb == "refuel":
        return 5
    return 1  # the conductor's package


def greedy_game(start, seed: int):
    """A game with plausible choices: upgrades when affordable, the best car, else the package."""
    from engine.summer_resort.rules import price
    from engine.errors import IllegalAction

    rng = random.Random(seed)
    deck = shuffled_deck(start.deck, rng)
    s, log = start, []
    while not s.over:
        if s.phase == "weather":
            a = Reveal(deck[len(s.revealed)])
        elif s.phase == "deal":
            a = Deal(tuple(shuffled_vacationers(required_vacationers(s, s.weather), rng)))
        elif s.phase == "actions":
            options = [o for o in legal_actions(s) if o.tokens in ("1", "porter") or
                       (o.tokens == "2" and o.verb == "buy" and not s.visits(o.card) and rng.random() < 0.3)]
            try:
                a = max(options, key=lambda o: (_worth(s, s.turn, o), o.tokens == "2", -price(s, o), rng.random()))
            except IllegalAction:  # pragma: no cover
                a = options[0]
        else:
            a = legal_actions(s)[0]
        s, _ = step(s, a)
        log.append(a)
    return s, log
