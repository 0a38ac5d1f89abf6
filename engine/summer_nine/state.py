"""The table as one frozen value: the pool, the deck, every player's schedule and hand, and where the
round and the turn stand."""
from __future__ import annotations

from dataclasses import dataclass, replace

from engine.summer_nine.cards import COLUMNS, Cell
from engine.summer_nine.kit import Kit

ROUNDS = 17
UNKNOWN = None  # a card the software has not been told (a real table's face-down card)
NO_CARD = ""  # a cell with no card (taken, or the deck ran out)


@dataclass(frozen=True)
class Player:
    name: str
    schedule: tuple[str | None, ...] = (None,) * 9  # slot 1 first; None is an empty slot
    hand: tuple[str, ...] = ()  # non-schedule cards kept, in the order taken
    take_two: int = 0  # Take Two cards still in hand

    def with_slot(self, slot: int, card: str | None) -> "Player":
        s = list(self.schedule)
        s[slot - 1] = card
        return replace(self, schedule=tuple(s))

    def without(self, card: str) -> "Player":
        hand = list(self.hand)
        hand.remove(card)
        return replace(self, hand=tuple(hand))


@dataclass(frozen=True)
class NineState:
    kit: Kit
    players: tuple[Player, ...]
    pool: tuple[str | None, ...]  # 18 cells, line A then line B; UNKNOWN or NO_CARD or a card id
    deck: tuple[str | None, ...]  # draw pile, top first; UNKNOWN where a table has not said
    round: int = 1  # 1..17; 18 once the game is over
    seat: int = 0  # whose turn
    steps: int = 0  # column steps done: 1-9 reveal columns 1-9, 10-17 hide columns 1-8
    round_moved: bool = False  # a player has acted this round (the reveal/hide moment is over)
    picks: int = 0  # picks made this turn
    allowed: int = 1  # picks this turn (2 after a Take Two)
    took_two: bool = False
    time_travel: bool = False  # the mover's next pick may take a hidden card
    refill_due: int | None = None  # the cell index to refill before anything else
    refill_for: int | None = None  # whose pick emptied it
    compensation: int | None = None  # a theft's victim, who picks now
    discards: tuple[str, ...] = ()

    @property
    def over(self) -> bool:
        return self.round > ROUNDS

    @property
    def due(self) -> int:
        """Column steps owed at this point of the round (2 after a forgotten one)."""
        return max(0, min(self.round, ROUNDS) - self.steps)

    def column_open(self, column: int) -> bool:
        return self.steps >= column and self.steps - COLUMNS < column

    def column_hidden(self, column: int) -> bool:
        return self.steps - COLUMNS >= column

    def cell_face(self, cell: Cell) -> str:
        if self.column_hidden(cell.column):
            return "hidden"
        return "up" if self.column_open(cell.column) else "down"

    def card_at(self, cell: Cell) -> str | None:
        return self.pool[cell.index]

    @property
    def picker(self) -> int:
        """Who picks next: a theft's victim, else the player whose turn it is."""
        return self.seat if self.compensation is None else self.compensation

    @property
    def player(self) -> Player:
        return self.players[self.seat]

    def with_player(self, seat: int, player: Player) -> "NineState":
        ps = list(self.players)
        ps[seat] = player
        return replace(self, players=tuple(ps))

    def with_cell(self, cell: Cell, card: str | None) -> "NineState":
        pool = list(self.pool)
        pool[cell.index] = card
        return replace(self, pool=tuple(pool))

    def next_step_text(self) -> str | None:
        """'reveal 3' / 'hide 1' for the column step owed now, or None."""
        if self.due <= 0:
            return None
        k = self.steps + 1
        return f"reveal {k}" if k <= COLUMNS else f"hide {k - COLUMNS}"
