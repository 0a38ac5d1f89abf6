"""A Summer Nine table kept by hand: the game's log, what the table must do next, alerts for what the
rules forbid, undo, the journal, and a plain view of it all for the TUI or a printed log.

Everything the players do comes in as action text (`pick A3 5`, `reveal 4`, `end`, ...), goes through
the engine's one door and into the log; the state is the fold of the log, undo truncates it. When the
software knows the deck (a seeded deal) the refill after a pick is laid at once; a real table names
the cards it turns up (`reveal 4 spain-beach photo`, `refill A3 bridge`).
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalAction, NotationError
from engine.log import GameLog
from engine.summer_nine.actions import Refill, TakeTwo, parse_action
from engine.summer_nine.cards import COLUMNS, LINES, MONTHS, Cell, month_slots
from engine.summer_nine.record import load_nine_record
from engine.summer_nine.rules import can_pick, step
from engine.summer_nine.scoring import fmt_points, score_state, standings
from engine.summer_nine.state import NO_CARD, UNKNOWN, NineState


@dataclass(frozen=True)
class PlayerLine:
    seat: int
    name: str
    months: tuple[tuple[str, str, str], ...]  # June, July, August: card id or '-' per slot
    hand: tuple[str, ...]
    take_two: int
    current: bool


@dataclass(frozen=True)
class NineView:
    title: str
    round: int
    over: bool
    turn: str  # whose turn, and what they have done
    prompt: str  # what the table does next
    pool: tuple[tuple[str, ...], ...]  # line A, line B: 9 cell texts each
    columns: tuple[str, ...]  # 'open' | 'down' | 'hidden' per column
    players: tuple[PlayerLine, ...]
    alerts: tuple[str, ...]
    log: tuple[str, ...]
    score: tuple[str, ...]  # the final score, line by line (empty until the game is over)


class NineTable:
    def __init__(self, setup: dict, texts: list[str] | None = None, kit=None, journal=None,
                 game_id: int | None = None, log_size: int = 200):
        """`setup` is the game record without its actions; `texts` resume a game part-played.
        With a `journal` every change is written to it at once (`game_id`: the game resumed)."""
        self.setup = {k: v for k, v in setup.items() if k != "actions"}
        self.setup.setdefault("format", "leafwatch-game-record")
        self.setup.setdefault("version", 1)
        self.setup["game"] = "nine"
        self.kit = kit
        record = load_nine_record(dict(self.setup, actions=list(texts or [])), kit)
        self.log: GameLog = GameLog(record.start)
        self.texts: list[str] = []
        self.state: NineState = record.start
        self.alerts: list[str] = []
        self.lines: list[str] = []  # the newest log lines (at most log_size)
        self.written = 0  # log lines written since the start
        self.log_size = log_size
        self.journal = journal
        self.game_id = game_id
        for text, action in zip(record.texts, record.actions):
            self.state, events = step(self.state, action)  # a RecordError-free replay: raises if corrupt
            self.log = self.log.append(action)
            self.texts.append(text)
        if journal is not None and game_id is None:
            self.game_id = journal.start(dict(self.setup, actions=list(self.texts)))
        self._auto()
        self._save()

    # ------------------------------------------------------------------ changes
    def submit(self, text: str) -> tuple[str, ...]:
        """Apply one action typed or read; returns what happened. An illegal or unreadable action
        becomes an alert and changes nothing."""
        text = " ".join(text.split())
        if not text:
            return ()
        try:
            action = parse_action(text)
        except NotationError as exc:
            self._alert(f"{text!r}: {exc}")
            return ()
        before = (self.log, list(self.texts), self.state)
        events = [] if isinstance(action, (TakeTwo, Refill)) else self._auto(force=True)
        try:
            self.state, stepped = step(self.state, action)
        except IllegalAction as exc:
            self.log, self.texts, self.state = before
            self._alert(f"{text!r} [{exc.code}]: {exc.message}")
            return ()
        self.alerts.clear()
        self.log = self.log.append(action)
        self.texts.append(action.format())
        events = events + list(stepped) + list(self._auto())
        self._write(events)
        self._save()
        return tuple(events)

    def undo(self) -> str | None:
        """Take back the last action the players made (with the refill laid after it)."""
        if not self.texts:
            self._alert("nothing to undo")
            return None
        n = len(self.texts)
        while n and self._automatic(n - 1):
            n -= 1
        n = max(n - 1, 0)
        undone = self.texts[n]
        self.log = self.log.truncate(n)
        self.texts = self.texts[:n]
        self.state = self.log.replay(lambda s, a: step(s, a)[0])
        self.alerts.clear()
        self._write([f"undone: {undone}"])
        self._save()
        return undone

    def _automatic(self, index: int) -> bool:
        action = self.log.actions[index]
        return isinstance(action, Refill) and action.card is None

    def _auto(self, force: bool = False) -> list[str]:
        """Lay the refill when the software knows the deck's top card (or the deck is empty). While
        the mover may still announce a Take Two it waits for the next action (`force`)."""
        s = self.state
        if s.refill_due is None or (s.deck and s.deck[0] is UNKNOWN):
            return []
        if not force and self.take_two_open():
            return []
        action = Refill(Cell.at(s.refill_due))
        self.state, events = step(s, action)
        self.log = self.log.append(action)
        self.texts.append(action.format())
        return list(events)

    def take_two_open(self) -> bool:
        """The mover has just made the turn's first pick and may still announce a Take Two."""
        s = self.state
        return (s.refill_due is not None and s.refill_for == s.seat and s.compensation is None and s.picks == 1
                and not s.took_two and s.player.take_two > 0)

    def alert(self, text: str) -> None:
        """A warning from the front end (a key pressed at the wrong moment), shown like the rules' own."""
        self._alert(text)

    def _alert(self, text: str) -> None:
        self.alerts.append(text)
        self._write([f"! {text}"])

    def _write(self, events) -> None:
        self.written += len(events)
        self.lines += list(events)
        del self.lines[:-self.log_size]

    def _save(self) -> None:
        if self.journal is not None:
            self.journal.sync(self.game_id, list(self.texts))

    def record(self) -> dict:
        return dict(self.setup, actions=list(self.texts))

    # ------------------------------------------------------------------ what the table sees
    def prompt(self) -> str:
        s = self.state
        if s.over:
            return "The game is over: the final score is shown."
        if s.refill_due is not None:
            cell = Cell.at(s.refill_due).format()
            if s.deck and s.deck[0] is UNKNOWN:
                return f"Lay the deck's top card at {cell} and name it: refill {cell} CARD"
            return (f"{s.player.name} may still announce a Take Two (key t) before {cell} is refilled; "
                    "any other action goes on")
        picker = s.players[s.picker].name
        if s.compensation is not None:
            return f"{picker} picks a card as compensation for the theft: pick CELL [SLOT|discard]"
        due = s.next_step_text()
        if due is not None and not s.round_moved:
            first = s.players[0].name
            how = f"{due} TOP BOTTOM (the two cards seen)" if self.needs_cards_for(due) else due
            twice = " (and the one forgotten last round)" if s.due > 1 else ""
            return f"Round {s.round}: {first} turns a column{twice} — {how} (key r)"
        if s.picks < s.allowed and can_pick(s):
            left = s.allowed - s.picks
            extra = " (Time Travel: a hidden card may be taken)" if s.time_travel else ""
            return f"{picker} picks {'a card' if left == 1 else 'two cards'}{extra}: pick CELL SLOT | pick CELL discard | pick CELL"
        return f"{picker}: play an action card, or end the turn (key e)"

    def kit_card(self, card: str):
        return self.state.kit.card(card)

    def needs_cards_for(self, due: str) -> bool:
        """Whether the column step `due` ('reveal 3') must name the cards seen (a real table's deck)."""
        if not due.startswith("reveal"):
            return False
        column = int(due.split()[1])
        return UNKNOWN in (self.state.pool[column - 1], self.state.pool[COLUMNS + column - 1])

    def turn_text(self) -> str:
        s = self.state
        if s.over:
            return "Game over"
        p = s.player
        done = f"{s.picks} of {s.allowed} pick{'s' if s.allowed > 1 else ''}"
        return f"Round {s.round} of 17 — {p.name}'s turn ({done}; Take Two left: {p.take_two})"

    def view(self) -> NineView:
        s = self.state
        pool = []
        for line in range(len(LINES)):
            row = []
            for col in range(1, COLUMNS + 1):
                cell = Cell(line, col)
                face, card = s.cell_face(cell), s.card_at(cell)
                if card == NO_CARD:
                    row.append("(empty)")
                elif face == "down":
                    row.append("[face down]")
                elif face == "hidden":
                    row.append("[hidden]")
                else:
                    row.append(card if card is not UNKNOWN else "?")
            pool.append(tuple(row))
        columns = tuple(s.cell_face(Cell(0, c)).replace("up", "open") for c in range(1, COLUMNS + 1))
        players = tuple(
            PlayerLine(i, p.name, tuple(tuple(p.schedule[x - 1] or "-" for x in month_slots(m)) for m in range(3)),
                       p.hand, p.take_two, i == s.picker and not s.over)
            for i, p in enumerate(s.players))
        return NineView(f"Summer Nine — round {min(s.round, 17)}", min(s.round, 17), s.over, self.turn_text(),
                        self.prompt(), tuple(pool), columns, players, tuple(self.alerts), tuple(self.lines),
                        tuple(self.score_lines()) if s.over else ())

    def score_lines(self) -> list[str]:
        scores = score_state(self.state)
        out = []
        for place, sc in standings(scores):
            out.append(f"{place}. {sc.name}: {fmt_points(sc.total)}")
        for sc in scores:
            out.append("")
            out.append(f"{sc.name}: {fmt_points(sc.total)}")
            out += [f"  {line.format()}" for line in sc.lines]
        return out


def pool_lines(view: NineView) -> list[str]:
    """The pool as text: a header of months and columns, then lines A and B."""
    width = 16
    head = "   " + " | ".join(" ".join(f"{c:<{width}}" for c in range(3 * m + 1, 3 * m + 4)) for m in range(3))
    months = "   " + " | ".join(f"{MONTHS[m]:<{3 * width + 2}}" for m in range(3))
    out = [months, head]
    for name, row in zip(LINES, view.pool):
        out.append(f"{name}  " + " | ".join(" ".join(f"{row[i]:<{width}}" for i in range(3 * m, 3 * m + 3))
                                            for m in range(3)))
    return out


def player_lines(view: NineView) -> list[str]:
    out = []
    for p in view.players:
        mark = ">" if p.current else " "
        months = " | ".join(" ".join(f"{c:<15}" for c in m) for m in p.months)
        out.append(f"{mark} p{p.seat + 1} {p.name}: {months}")
        out.append(f"     hand: {', '.join(p.hand) or '-'}; Take Two: {p.take_two}")
    return out
