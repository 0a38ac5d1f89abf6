"""A game of Summer Resort kept at the table: the log, the words shown for every phase, the priced
placements, undo and the journal. Plain Python: the headless loop and the TUI are both views of it.

Chance comes from the table (the players type the weather card turned and the vacationers dealt)
or, with a seed, from the companion's own shuffled deck and deals; either way it is written into the
log as actions, so a record plays back without the seed.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass

from engine.errors import IllegalAction, NotationError
from engine.log import GameLog
from engine.summer_resort.actions import Build, Deal, House, Place, Reveal, parse_action, seat_text
from engine.summer_resort.components import CLOUD_BACKED, INVESTMENTS, RENT, WEATHER_TEXT, guests_text
from engine.summer_resort.record import outcome_json, record_of
from engine.summer_resort.rules import (
    build_targets, develop_seat, housing_options, placements_for, price, required_vacationers, step,
)
from engine.summer_resort.scoring import final_scores
from engine.summer_resort.setup import shuffled_deck, shuffled_vacationers
from engine.summer_resort.state import TOKEN_GROUPS, ResortState, format_resort

@dataclass(frozen=True)
class MenuItem:
    action: Place
    label: str  # 'villa', 'car 3', 'cars 3+4', 'package', 'refuel'
    price: int | None  # zloty paid (negative: received); None when not allowed
    allowed: bool
    reason: str  # why not (the rule's reason code), or what it brings

    def price_text(self) -> str:
        if self.price is None:
            return "-"
        return f"+{-self.price}" if self.price < 0 else str(self.price)


@dataclass(frozen=True)
class Entry:
    """What became of one line typed at the table."""
    ok: bool
    lines: tuple[str, ...]
    code: str | None = None


class ResortTable:
    def __init__(self, start: ResortState, actions=(), seed: int | None = None, journal=None,
                 game_id: int | None = None, deck: dict | None = None):
        self.log: GameLog = GameLog(start)
        self.seed = seed
        self.deck = deck
        self.journal = journal
        self.game_id = game_id
        self.history: list[tuple[str, tuple[str, ...]]] = []  # (action text, event texts)
        self.state = start
        for a in actions:
            self._apply(a if not isinstance(a, str) else parse_action(a))
        if journal is not None and game_id is None:
            self.game_id = journal.start(self.record())
        self.draw_chance()

    # --- the log --------------------------------------------------------------------------------
    def _apply(self, action) -> tuple[str, ...]:
        self.state, events = step(self.state, action)
        self.log = self.log.append(action)
        texts = tuple(e.text for e in events)
        self.history.append((action.format(), texts))
        return texts

    def _sync(self) -> None:
        if self.journal is not None and self.game_id is not None:
            self.journal.sync(self.game_id, self.texts())

    def texts(self) -> list[str]:
        return [a.format() for a in self.log.actions]

    def record(self) -> dict:
        return record_of(self.log.start, self.texts(), deck=self.deck, seed=self.seed)

    def draw_chance(self) -> tuple[str, ...]:
        """With a seed, turn the weather and deal the vacationers whenever the game waits for them."""
        lines: list[str] = []
        while self.seed is not None and self.state.phase in ("weather", "deal"):
            s = self.state
            if s.phase == "weather":
                order = shuffled_deck(self.log.start.deck, random.Random(f"{self.seed}:deck"))
                left = dict(s.deck)
                pick = order[len(s.revealed)] if len(s.revealed) < len(order) else None
                if pick is None or not left.get(pick) or (not s.revealed and pick not in CLOUD_BACKED):
                    pick = next(w for w in order if left.get(w))
                lines += self._apply(Reveal(pick))
            else:
                need = required_vacationers(s, s.weather)
                rng = random.Random(f"{self.seed}:deal:{s.round}")
                lines += self._apply(Deal(tuple(shuffled_vacationers(need, rng))))
        self._sync()
        return tuple(lines)

    def enter(self, text: str) -> Entry:
        """One line from the table: an action; the seat of the player who acts now may be left out."""
        words = text.strip().split()
        if not words:
            return Entry(False, ("nothing typed",), "empty")
        first = words[0].lower()
        if not re.fullmatch(r"p[1-9]", first) and first not in ("weather", "deal"):
            seat = self.acting_seat()
            if seat is not None:
                words = [seat_text(seat)] + words
        try:
            action = parse_action(" ".join(words))
            lines = self._apply(action)
        except NotationError as exc:
            return Entry(False, (f"not understood: {exc}",), "notation")
        except IllegalAction as exc:
            return Entry(False, (f"not allowed [{exc.code}]: {exc.message}",), exc.code)
        lines += self.draw_chance()
        self._sync()
        return Entry(True, lines)

    def acting_seat(self) -> int | None:
        s = self.state
        if s.phase == "actions":
            return s.turn
        if s.phase == "develop":
            return develop_seat(s)
        if s.phase == "house":
            return s.to_house[0]
        return None

    def take(self, action) -> Entry:
        return self.enter(action.format())

    def undo(self) -> Entry:
        """Take back the last action the players took (chance drawn by the companion after it goes too)."""
        if not self.log.actions:
            return Entry(False, ("nothing to undo",), "nothing_to_undo")
        keep = len(self.log.actions) - 1
        while keep > 0 and self.seed is not None and isinstance(self.log.actions[keep], (Reveal, Deal)):
            keep -= 1
        if self.seed is not None and keep == 0 and isinstance(self.log.actions[0], (Reveal, Deal)):
            return Entry(False, ("nothing to undo",), "nothing_to_undo")
        undone = self.log.actions[keep].format()
        actions = self.log.actions[:keep]
        self.log, self.state, self.history = GameLog(self.log.start), self.log.start, []
        for a in actions:
            self._apply(a)
        self.draw_chance()
        self._sync()
        return Entry(True, (f"undone: {undone}",))

    # --- words for the table --------------------------------------------------------------------
    def who(self, seat: int) -> str:
        return self.state.players[seat].name

    def prompt(self) -> str:
        s = self.state
        if s.phase == "weather":
            left = ", ".join(f"{w} x{n}" for w, n in s.deck if n)
            return f"Round {s.round}: turn the weather card and type it, e.g. 'weather rain' (deck: {left})"
        if s.phase == "deal":
            need = required_vacationers(s, s.weather)
            return (f"Round {s.round}, {WEATHER_TEXT[s.weather]}: deal {guests_text(need)} onto the {s.cars} cars "
                    f"and type them in dealing order, e.g. 'deal {' '.join(need)}'")
        if s.phase == "actions":
            p = s.players[s.turn]
            tokens = s.tokens[s.turn]
            extra = " + the porter" if s.turn == s.porter and not s.porter_placed else ""
            return (f"Round {s.round}, {WEATHER_TEXT[s.weather]}: {p.name}'s turn ({tokens} token"
                    f"{'s' if tokens != 1 else ''}{extra}, {p.money} zl)")
        if s.phase == "develop":
            seat = develop_seat(s)
            card = s.pending[seat][0]
            lots = s.players[seat].lots
            where = ", ".join(f"{i + 1} ({lots[i].format()})" for i in build_targets(s, seat, card))
            return f"{self.who(seat)} puts down a {card}: on which lot? {where}  e.g. 'build {card} on N'"
        if s.phase == "house":
            seat = s.to_house[0]
            opts = housing_options(s, seat)
            return (f"{self.who(seat)} houses {guests_text(s.guests_for(seat))}: {len(opts)} ways keep the rules; "
                    f"choose one ('house ...') or 'auto' for the one with the most rent")
        return "The game is over."

    def choices(self) -> list[tuple[str, str]]:
        """In the develop and house phases: (action text, what it does) for each way the rules allow."""
        s = self.state
        out = []
        if s.phase == "develop":
            seat = develop_seat(s)
            for i in build_targets(s, seat, s.pending[seat][0]):
                lot = s.players[seat].lots[i]
                out.append((Build(seat, s.pending[seat][0], i).format(), f"lot {i + 1}: {lot.format()}"))
        elif s.phase == "house":
            seat = s.to_house[0]
            for groups in sorted(housing_options(s, seat), key=lambda g: -self.rent_of(seat, g)):
                out.append((House.of(seat, groups).format(), f"rent {self.rent_of(seat, groups)} zl"))
        return out

    def rent_of(self, seat: int, groups: dict) -> int:
        lots = self.state.players[seat].lots
        return sum(RENT[g] for lot in groups for g in lots[lot].guests)

    def suggestion(self) -> str | None:
        """The develop or house choice the companion would take: the first listed (most rent)."""
        c = self.choices()
        return c[0][0] if c else None

    def menu(self, tokens: str = "1") -> list[MenuItem]:
        """Every placement for the player to act with these tokens, its price and whether it is allowed."""
        s = self.state
        if s.phase != "actions":
            return []
        out = []
        for place in placements_for(s, s.turn):
            if place.tokens != tokens:
                continue
            if place.verb == "invite":
                label = ("car " if len(place.cars) == 1 else "cars ") + "+".join(str(c + 1) for c in place.cars)
            else:
                label = place.card if place.verb == "buy" else place.verb
            try:
                cost = price(s, place)
                if place.verb == "invite":
                    note = guests_text(tuple(g for c in place.cars for g in s.train[c]))
                elif place.verb == "buy":
                    v = s.visits(place.card)
                    note = f"{s.stack(place.card)} left, {v} visit{'s' if v != 1 else ''} so far"
                else:
                    note = ""
                out.append(MenuItem(place, label, cost, True, note))
            except IllegalAction as exc:
                out.append(MenuItem(place, label, self.nominal_price(place), False, exc.code))
        return out

    def nominal_price(self, place: Place) -> int:
        """What a placement would cost by the price rule, allowed or not."""
        two = place.tokens in ("2", "porter+1")
        if place.verb == "buy":
            base, v = INVESTMENTS[place.card][0], self.state.visits(place.card)
            return base * v if two else base * (v + 1)
        return {"package": -100, "refuel": 0 if two else 100}.get(place.verb, 0)

    def token_groups(self) -> list[str]:
        s = self.state
        if s.phase != "actions":
            return []
        out = []
        for g in TOKEN_GROUPS:
            own = {"1": 1, "2": 2, "porter": 0, "porter+1": 1}[g]
            porter = g.startswith("porter")
            if s.tokens[s.turn] >= own and (not porter or (s.turn == s.porter and not s.porter_placed)):
                out.append(g)
        return out

    def train_lines(self) -> list[str]:
        s = self.state
        out = []
        for i, (car, who) in enumerate(zip(s.train, s.claims)):
            taken = f"  <- {self.who(who)}" if who is not None else ""
            out.append(f"car {i + 1}: {guests_text(car)}{taken}")
        return out

    def investment_lines(self, tokens: str = "1") -> list[str]:
        s = self.state
        out = []
        two = tokens in ("2", "porter+1")
        for card, (base, _) in INVESTMENTS.items():
            v = s.visits(card)
            cost = base * v if two else base * (v + 1)
            out.append(f"{card:<10} {s.stack(card):>2} left  base {base}  visits {v}  now {cost}")
        return out

    def player_lines(self) -> list[str]:
        s = self.state
        out = []
        for i, p in enumerate(s.players):
            marks = []
            if i == s.porter:
                marks.append("porter")
            if i == s.president:
                marks.append("President")
            cars = f", automobiles {p.cars.count(True)} fuelled / {len(p.cars)}" if p.cars else ""
            out.append(f"{seat_text(i)} {p.name}{' (' + ', '.join(marks) + ')' if marks else ''}: {p.money} zl, "
                       f"{p.houses} house{'' if p.houses == 1 else 's'}{cars}")
            out.append(f"    {format_resort(p.lots)}")
        return out

    def standing_lines(self) -> list[str]:
        head = "Final standings" if self.state.over else f"Standings if the game ended now (round {self.state.round})"
        return [head] + [f"{st.place}. {st.score.name}: {st.score.reason()}" for st in final_scores(self.state)]

    def outcome(self) -> dict:
        return outcome_json(self.state)
