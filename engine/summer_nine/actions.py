"""Summer Nine's actions as frozen values, each with a text form that round-trips.

  reveal 3 [TOP BOTTOM]   the round's column is turned face up (the two cards named when the
                          software does not know them: a table's observation)
  hide 1                  the round's column is turned face down
  pick A3 5               take the card at A3 and put it in slot 5 (a schedule card)
  pick A3 discard         take a schedule card and discard it
  pick A3                 take a non-schedule card into the hand
  refill A3 [CARD]        the empty cell gets the deck's top card (named when unknown)
  take-two                play a Take Two: two picks this turn
  reschedule 2 7          play a Reschedule: exchange slots 2 and 7 of your schedule
  theft p2 4 5            play an Identity Theft: p2's slot 4 goes to your slot 5 (same month);
                          p2 then picks a card at once as compensation
  time-travel             play a Time Travel: your next pick may take a hidden card
  end                     end the turn
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.errors import NotationError
from engine.summer_nine.cards import Cell, parse_slot

DISCARD = "discard"


def _card_word(word: str) -> str:
    if not word or word == "?":
        raise NotationError("a card is named by its kit id, e.g. 'spain-beach'")
    return word.lower()


def _column(word: str) -> int:
    if word.isdigit() and 1 <= int(word) <= 9:
        return int(word)
    raise NotationError(f"{word!r} is not a pool column (1-9)")


def _seat(word: str) -> int:
    w = word.lower()
    if w.startswith("p") and w[1:].isdigit() and 1 <= int(w[1:]) <= 4:
        return int(w[1:]) - 1
    raise NotationError(f"{word!r} is not a player (p1-p4)")


@dataclass(frozen=True, slots=True)
class Reveal:
    column: int
    cards: tuple[str, str] | None = None  # top line, bottom line, when observed

    def format(self) -> str:
        return f"reveal {self.column}" + ("" if self.cards is None else f" {self.cards[0]} {self.cards[1]}")


@dataclass(frozen=True, slots=True)
class Hide:
    column: int

    def format(self) -> str:
        return f"hide {self.column}"


@dataclass(frozen=True, slots=True)
class Pick:
    cell: Cell
    slot: int | str | None = None  # a slot 1-9, DISCARD, or None for a card kept in hand

    def format(self) -> str:
        return f"pick {self.cell.format()}" + ("" if self.slot is None else f" {self.slot}")


@dataclass(frozen=True, slots=True)
class Refill:
    cell: Cell
    card: str | None = None  # the card seen, when the software does not know the deck

    def format(self) -> str:
        return f"refill {self.cell.format()}" + ("" if self.card is None else f" {self.card}")


@dataclass(frozen=True, slots=True)
class TakeTwo:
    def format(self) -> str:
        return "take-two"


@dataclass(frozen=True, slots=True)
class Reschedule:
    a: int
    b: int

    def format(self) -> str:
        return f"reschedule {self.a} {self.b}"


@dataclass(frozen=True, slots=True)
class Theft:
    victim: int  # seat, 0-based
    source: int  # the victim's slot
    target: int  # the thief's slot

    def format(self) -> str:
        return f"theft p{self.victim + 1} {self.source} {self.target}"


@dataclass(frozen=True, slots=True)
class TimeTravel:
    def format(self) -> str:
        return "time-travel"


@dataclass(frozen=True, slots=True)
class End:
    def format(self) -> str:
        return "end"


Action = Reveal | Hide | Pick | Refill | TakeTwo | Reschedule | Theft | TimeTravel | End
CHANCE = (Reveal, Hide, Refill)


def parse_action(text: str) -> Action:
    if not isinstance(text, str):
        raise NotationError("an action is a string such as 'pick A3 5'")
    words = text.split()
    if not words:
        raise NotationError("empty action")
    verb, rest = words[0].lower(), words[1:]
    if verb == "reveal":
        if len(rest) == 1:
            return Reveal(_column(rest[0]))
        if len(rest) == 3:
            return Reveal(_column(rest[0]), (_card_word(rest[1]), _card_word(rest[2])))
        raise NotationError("write 'reveal 3', or 'reveal 3 TOP BOTTOM' naming the two cards seen")
    if verb == "hide":
        if len(rest) == 1:
            return Hide(_column(rest[0]))
        raise NotationError("write 'hide 3'")
    if verb == "pick":
        if len(rest) == 1:
            return Pick(Cell.parse(rest[0]))
        if len(rest) == 2:
            where = rest[1].lower()
            return Pick(Cell.parse(rest[0]), DISCARD if where == DISCARD else parse_slot(where))
        raise NotationError("write 'pick A3 5' (into slot 5), 'pick A3 discard', or 'pick A3' (into the hand)")
    if verb == "refill":
        if len(rest) == 1:
            return Refill(Cell.parse(rest[0]))
        if len(rest) == 2:
            return Refill(Cell.parse(rest[0]), _card_word(rest[1]))
        raise NotationError("write 'refill A3', or 'refill A3 CARD' naming the card laid there")
    if verb in ("take-two", "taketwo"):
        if rest:
            raise NotationError("'take-two' takes no words after it")
        return TakeTwo()
    if verb == "reschedule":
        if len(rest) == 2:
            return Reschedule(parse_slot(rest[0]), parse_slot(rest[1]))
        raise NotationError("write 'reschedule 2 7' (the two slots exchanged)")
    if verb == "theft":
        if len(rest) == 3:
            return Theft(_seat(rest[0]), parse_slot(rest[1]), parse_slot(rest[2]))
        raise NotationError("write 'theft p2 4 5' (p2's slot 4 into your slot 5)")
    if verb in ("time-travel", "timetravel"):
        if rest:
            raise NotationError("'time-travel' takes no words after it")
        return TimeTravel()
    if verb == "end":
        if rest:
            raise NotationError("'end' takes no words after it")
        return End()
    raise NotationError(f"unknown action {words[0]!r} (reveal, hide, pick, refill, take-two, reschedule, "
                        "theft, time-travel, end)")
