"""A table session: the tracker, what the table must still do, alerts, the LED cues, and an immutable
view of it all for the TUI or a printed log. The one object the front ends talk to."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from companion.next_step import NextStep, next_step
from companion.tracker import BoardSeen, Notice, Tracker
from engine.errors import LeafwatchError
from engine.indian_summer.outcome import final_phase, results_of
from engine.indian_summer.standings import standings
from engine.indian_summer.state import GameState
from firmware_bridge.cues import Cue


@dataclass(frozen=True)
class PlayerView:
    seat: int
    name: str
    side: str | None
    pieces: str
    printed: str
    treasures: dict
    path: str
    empty_squares: int
    complete_areas: tuple[int, ...]
    current: bool


@dataclass(frozen=True)
class TableView:
    turn: int
    current: str
    over: bool
    end_triggered_by: str | None
    players: tuple[PlayerView, ...]
    prompts: tuple[Notice, ...]
    alerts: tuple[Notice, ...]
    log: tuple[str, ...]
    standings: tuple[tuple[int, tuple[str, ...], str], ...]
    final_steps: tuple[tuple[str, tuple[str, ...]], ...]
    next_step: str  # `step` in one line
    step: NextStep | None = None  # what the table may do now, in parts a front end can draw
    offers: tuple[str, ...] = ()  # what the table may have forgotten to say, that explains the camera
    undo_target: str | None = None  # the move undo would take back, as the log lists it
    # the game itself, for a keyboard cursor that asks the engine (frozen, so any thread may read it);
    # left out of equality: what is drawn is above
    state: GameState | None = field(default=None, compare=False, repr=False)


class TableSession:
    def __init__(self, state: GameState, stable_frames: int = 3, on_cue: Callable[[Cue], None] | None = None,
                 log_size: int = 200, journal=None, record: dict | None = None, actions: list | None = None,
                 game_id: int | None = None):
        """`record` is the game's set-up as a game record (players, sides, deal); with a `journal`
        every change is written to it at once. `actions` resume a game part-played (`game_id`: the
        journal's game it goes on with)."""
        self.tracker = Tracker(state, stable_frames=stable_frames)
        if actions:
            self.tracker.resume(actions)
        self.journal = journal
        self.journal_problem: str | None = None  # why the last write to the journal failed, while it does
        self.game_id = game_id
        if journal is not None and game_id is None:
            self.game_id = journal.start(record or {})
        self.on_cue = on_cue
        self.alerts: dict[str, Notice] = {}
        self.history: list[str] = []
        self._logged_prompts: set[str] = set()  # open prompts already in the log
        self.log_size = log_size
        self._last_turn_seat = None
        self._step: tuple[GameState, NextStep] | None = None  # worked out once a state: a view is taken every frame
        self._cue_turn()

    # ---------------------------------------------------------------- input
    def frame(self, boards: list[BoardSeen]) -> list[Notice]:
        return self._take(self.tracker.observe(boards))

    def declare(self, text: str, seat: int | None = None) -> list[Notice]:
        """A move told by the players; `accept [N]` takes the Nth offered explanation (the first by
        default)."""
        words = text.split()
        if words and words[0].lower() == "accept":
            if len(words) > 2 or (len(words) == 2 and not words[1].isdigit()):
                return self._take([Notice("alert", f"cannot read {text!r}: write 'accept' or 'accept 2'", key="declare")])
            return self.accept(int(words[1]) - 1 if len(words) == 2 else 0)
        return self._take(self.tracker.declare(text, seat))

    def accept(self, choice: int = 0) -> list[Notice]:
        return self._take(self.tracker.accept(choice))

    def undo(self) -> list[Notice]:
        return self._take(self.tracker.undo())

    def note(self, notices: list[Notice]) -> list[Notice]:
        """Notices from outside the game (the camera's), kept and cued as the tracker's are."""
        return self._take(notices) if notices else []

    def dismiss_alerts(self) -> None:
        self.alerts.clear()

    # ---------------------------------------------------------------- what it shows
    @property
    def state(self) -> GameState:
        return self.tracker.state

    def view(self) -> TableView:
        state = self.state
        players = tuple(
            PlayerView(i, p.name, p.side, p.board.notation(), p.board.printed.format(), p.treasures.as_dict(),
                       state.path_text(i), p.board.empty_squares(), p.board.complete_areas(), i == state.current)
            for i, p in enumerate(state.players))
        finals = final_phase(state)
        places = standings(results_of(finals))
        step = self._next_step()
        return TableView(
            turn=state.turn, current=state.player.name, over=state.over,
            end_triggered_by=None if state.end_triggered_by is None else state.players[state.end_triggered_by].name,
            players=players, prompts=tuple(self.tracker.open_prompts()), alerts=tuple(self.alerts.values()),
            log=tuple(self.history[-self.log_size:]),
            standings=tuple((p.place, p.players, p.reason) for p in places),
            final_steps=tuple((f.name, f.final.steps) for f in finals),
            next_step=step.text(), step=step,
            offers=tuple(o.text for o in self.tracker.offers),
            undo_target=self.tracker.last_action(),
            state=state,
        )

    def _next_step(self) -> NextStep:
        state = self.state
        if self._step is None or self._step[0] is not state:
            self._step = (state, next_step(state))
        return self._step[1]

    # ---------------------------------------------------------------- bookkeeping
    def record(self, setup: dict) -> dict:
        """The game so far as a game record: the set-up plus every action taken."""
        return {**setup, "actions": [a.format() for a in self.tracker.log]}

    def _take(self, notices: list[Notice]) -> list[Notice]:
        notices = list(notices) + self._write_journal()
        fresh = []  # what is new to say: a prompt still open is said once
        for n in notices:
            if n.kind == "action":
                self.history.append(n.text)
                # an accepted move settles that player's earlier complaints
                for key in [k for k, a in self.alerts.items() if a.player == n.player]:
                    del self.alerts[key]
            elif n.kind == "alert":
                self.alerts[n.key or n.text] = n
                self.history.append("ALERT " + n.text)
                self._cue(Cue("alert", seat=self._seat_of(n.player)))
            elif n.kind == "prompt":
                if n.key and n.key in self._logged_prompts:
                    continue
                self._logged_prompts.add(n.key)
                self.history.append("> " + n.text)
                if n.key.startswith(("token:", "take:")):
                    self._cue(Cue("treasure_owed", seat=self._seat_of(n.player)))
                elif n.key.startswith("area:"):
                    self._cue(Cue("area_complete", seat=self._seat_of(n.player)))
            elif n.kind == "offer":
                self.history.append("? " + n.text)
            elif n.kind == "info":
                self.history.append("  " + n.text)
                if n.key:
                    self.alerts.pop(n.key, None)  # what the alert of the same key said is over
                if n.key == "end_triggered":
                    self._cue(Cue("end_triggered", seat=self._seat_of(n.player)))
            fresh.append(n)
        still_open = {p.key for p in self.tracker.open_prompts()}
        self._logged_prompts &= still_open | {n.key for n in notices if n.kind == "prompt"}
        if self.state.over:
            winners = standings(results_of(final_phase(self.state)))[0].players
            self._cue(Cue("winner", seat=self._seat_of(winners[0])))
        else:
            self._cue_turn()
        return fresh

    def _write_journal(self) -> list[Notice]:
        """Bring the journal up to the log. A failed write is an alert that stays until a later write
        succeeds (each write sends the whole difference, so nothing is lost in between)."""
        if self.journal is None:
            return []
        try:
            self.journal.sync(self.game_id, [a.format() for a in self.tracker.log])
        except LeafwatchError as exc:
            first = self.journal_problem is None
            self.journal_problem = str(exc)
            if not first:
                return []
            return [Notice("alert", f"the journal cannot be written ({exc}): the moves from here on are not "
                                    "kept until it can", key="journal")]
        if self.journal_problem is not None:
            self.journal_problem = None
            return [Notice("info", "the journal is written again: every move so far is kept", key="journal")]
        return []

    def _cue_turn(self) -> None:
        if self.state.current != self._last_turn_seat and not self.state.over:
            self._last_turn_seat = self.state.current
            self._cue(Cue("turn", seat=self.state.current + 1))

    def _seat_of(self, name: str | None) -> int | None:
        for i, p in enumerate(self.state.players):
            if p.name == name:
                return i + 1
        return None

    def _cue(self, cue: Cue) -> None:
        if self.on_cue is not None:
            self.on_cue(cue)
