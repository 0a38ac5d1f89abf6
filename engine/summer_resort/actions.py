"""Actions of a Summer Resort game and their text forms (parse and format round-trip).

Players are written by seat, p1 ... p5, in seating order (clockwise).
  weather hot                      chance: the weather card turned (storm|rain|clouds|sun|exams|hot)
  deal stu con stu soc             chance: the vacationers in the order they were dealt onto the cars
  p2 invite 3                      a token on passenger car 3
  p2 invite 3+4                    with a fuelled automobile: two adjacent cars
  p2 package                       the conductor's package (+100)
  p2 buy villa                     an investment card: forest100 forest200 cottage villa pension automobile
  p2 refuel                        a token on the player's automobile that needs fuel
  ... with 2 | with porter | with porter+1     which tokens the action places (default: one own token)
  p2 build villa on 3              development: put a villa (or pension) on lot 3 when there is a choice
  p2 house stu>1 stu>1 con>3       accommodation: new guests to lots (1-based); 'p2 house -' places none
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.errors import NotationError
from engine.summer_resort.components import INVESTMENTS, LEVEL_NAMES, VACATIONERS, WEATHER, parse_vacationer, sort_guests
from engine.summer_resort.state import TOKEN_GROUPS

def seat_text(seat: int) -> str:
    return f"p{seat + 1}"


def parse_seat(word: str) -> int:
    w = word.lower()
    if len(w) >= 2 and w[0] == "p" and w[1:].isdigit() and 1 <= int(w[1:]) <= 5:
        return int(w[1:]) - 1
    raise NotationError(f"{word!r} is not a seat (p1 ... p5)")


@dataclass(frozen=True, slots=True)
class Reveal:
    weather: str

    def format(self) -> str:
        return f"weather {self.weather}"


@dataclass(frozen=True, slots=True)
class Deal:
    guests: tuple[str, ...]  # in dealing order

    def format(self) -> str:
        return "deal " + (" ".join(self.guests) if self.guests else "-")


@dataclass(frozen=True, slots=True)
class Place:
    seat: int
    verb: str  # invite | package | buy | refuel
    cars: tuple[int, ...] = ()  # invite: 0-based car indices
    card: str | None = None  # buy: investment card name
    tokens: str = "1"

    def format(self) -> str:
        words = [seat_text(self.seat), self.verb]
        if self.verb == "invite":
            words.append("+".join(str(c + 1) for c in self.cars))
        if self.verb == "buy":
            words.append(self.card)
        if self.tokens != "1":
            words += ["with", self.tokens]
        return " ".join(words)


@dataclass(frozen=True, slots=True)
class Build:
    seat: int
    card: str  # villa | pension
    lot: int  # 0-based

    def format(self) -> str:
        return f"{seat_text(self.seat)} build {self.card} on {self.lot + 1}"


@dataclass(frozen=True, slots=True)
class House:
    seat: int
    assignment: tuple[tuple[str, int], ...]  # (guest, 0-based lot), sorted

    def format(self) -> str:
        body = " ".join(f"{g}>{lot + 1}" for g, lot in self.assignment) or "-"
        return f"{seat_text(self.seat)} house {body}"

    def groups(self) -> dict[int, tuple[str, ...]]:
        out: dict[int, list[str]] = {}
        for g, lot in self.assignment:
            out.setdefault(lot, []).append(g)
        return {lot: sort_guests(gs) for lot, gs in out.items()}

    @staticmethod
    def of(seat: int, groups: dict[int, tuple[str, ...]]) -> "House":
        pairs = [(g, lot) for lot, gs in groups.items() for g in gs]
        return House(seat, tuple(sorted(pairs, key=lambda p: (p[1], VACATIONERS.index(p[0])))))


Action = Reveal | Deal | Place | Build | House


def _lot_number(word: str) -> int:
    if not word.isdigit() or int(word) < 1:
        raise NotationError(f"{word!r} is not a lot number (1, 2, ...)")
    return int(word) - 1


def _place(seat: int, words: list[str]) -> Place:
    tokens = "1"
    if "with" in words:
        i = words.index("with")
        if len(words) != i + 2 or words[i + 1] not in TOKEN_GROUPS:
            raise NotationError("'with' takes one of: " + ", ".join(TOKEN_GROUPS))
        tokens, words = words[i + 1], words[:i]
    verb, rest = words[0], words[1:]
    if verb == "invite":
        if len(rest) != 1:
            raise NotationError("'invite' names a car or two adjacent cars: 'invite 3' or 'invite 3+4'")
        parts = rest[0].split("+")
        if not all(p.isdigit() and int(p) >= 1 for p in parts) or len(parts) > 2:
            raise NotationError(f"{rest[0]!r}: cars are numbered from 1 behind the locomotive ('3' or '3+4')")
        return Place(seat, "invite", cars=tuple(int(p) - 1 for p in parts), tokens=tokens)
    if verb in ("package", "refuel"):
        if rest:
            raise NotationError(f"'{verb}' takes no target")
        return Place(seat, verb, tokens=tokens)
    if verb == "buy":
        if len(rest) != 1 or rest[0] not in INVESTMENTS:
            raise NotationError("'buy' names an investment card: " + ", ".join(INVESTMENTS))
        return Place(seat, "buy", card=rest[0], tokens=tokens)
    raise NotationError(f"unknown action {verb!r}: invite, package, buy, refuel, build, house")


def parse_action(text: str) -> Action:
    words = text.lower().split()
    if not words:
        raise NotationError("empty action")
    if words[0] == "weather":
        if len(words) != 2 or words[1] not in WEATHER:
            raise NotationError("'weather' names the card turned: " + ", ".join(WEATHER))
        return Reveal(words[1])
    if words[0] == "deal":
        rest = words[1:]
        if rest == ["-"]:
            return Deal(())
        return Deal(tuple(parse_vacationer(w) for w in rest))
    seat = parse_seat(words[0])
    words = words[1:]
    if not words:
        raise NotationError(f"what does {words and words[0] or 'the player'} do? e.g. 'p1 package'")
    if words[0] == "build":
        if len(words) != 4 or words[2] != "on" or words[1] not in LEVEL_NAMES[2:]:
            raise NotationError("write 'build villa on 3' or 'build pension on 2'")
        return Build(seat, words[1], _lot_number(words[3]))
    if words[0] == "house":
        rest = words[1:]
        if rest == ["-"]:
            return House(seat, ())
        if not rest:
            raise NotationError("'house' lists guests to lots, e.g. 'house stu>1 con>2', or 'house -'")
        groups: dict[int, list[str]] = {}
        for w in rest:
            guest, sep, lot = w.partition(">")
            if not sep:
                raise NotationError(f"{w!r}: write a guest and a lot, e.g. 'stu>1'")
            groups.setdefault(_lot_number(lot), []).append(parse_vacationer(guest))
        return House.of(seat, {k: tuple(v) for k, v in groups.items()})
    return _place(seat, words)
