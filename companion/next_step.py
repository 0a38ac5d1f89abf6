"""What the table may do now, in plain words: whose turn, the move it waits for, and the other
choices the rules allow at this moment. The choices come from the engine's legal actions (the one
door), so the words never offer what the engine would refuse, nor hide what it would take.

A front end draws a NextStep as it likes: the TUI puts each choice's key before its words, a printed
log uses `text()`.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.indian_summer.actions import (EndTurn, Exchange, Forgo, PlaceAnimal, PlaceLeaf, PlaceSquirrel,
                                          UseBerry, UseFeather, UseMushroom, UseNut)
from engine.indian_summer.rules import legal_actions
from engine.indian_summer.state import GameState

# each kind of action: the first word of its declaration, and what it does in a few words
VERB = {UseFeather: "feather", UseMushroom: "mushroom", UseBerry: "berry", Exchange: "exchange", UseNut: "nut",
        PlaceAnimal: "animal", EndTurn: "end", Forgo: "forgo"}
WORDS = {"feather": "a Feather", "mushroom": "a Mushroom", "berry": "Berry", "exchange": "exchange",
         "nut": "Nut squirrel", "animal": "animal tile", "end": "end the turn",
         "forgo": "forgo a tile that fits nowhere"}
MAIN_ALTERNATIVES = ("feather", "mushroom")
SPECIALS = ("berry", "exchange", "nut", "animal")


@dataclass(frozen=True)
class Choice:
    verb: str  # the declaration's first word ('berry', 'exchange', 'end', ...): a front end finds its key by it
    words: str  # what it does, for people


@dataclass(frozen=True)
class NextStep:
    player: str | None  # whose move; None once the game is over
    head: str  # "Tini's turn", "Tini's turn (last round)", "Game over"
    task: str  # the move the table waits for, addressed to that player
    instead: tuple[Choice, ...] = ()  # other ways to make that move (a Feather, a Mushroom, forgo)
    any_time: tuple[Choice, ...] = ()  # special actions allowed before the move as well as after it
    then: tuple[Choice, ...] = ()  # what comes once the move is made (end the turn, the specials left)

    def text(self) -> str:
        """One line: "Tini's turn: lay a leaf tile from your path (or a squirrel); before or after
        it: Berry, exchange; then end the turn"."""
        out = f"{self.head}: {self.task}"
        if self.instead:
            out += ", or " + " or ".join(c.words for c in self.instead)
        if self.any_time:
            out += "; before or after it: " + ", ".join(c.words for c in self.any_time)
        if self.then:
            out += "; then " + ", ".join(c.words for c in self.then)
        return out


def _choices(verbs, order) -> tuple[Choice, ...]:
    return tuple(Choice(v, WORDS[v]) for v in order if v in verbs)


def _tiles_offered(state: GameState) -> str:
    names = []
    for src in state.pending.sources:
        if src.kind == "common":
            names.append("the Common Path")
        elif src.kind == "seat":
            names.append(f"{state.players[src.index].name}'s path")
    if not names:
        return "the tiles it offers"
    return "the front tile of " + " and of ".join(names)


def next_step(state: GameState) -> NextStep:
    """What the player to move may do now (legal_actions decides which choices are listed)."""
    if state.over:
        return NextStep(None, "Game over", "the final phase and standings are below.")
    me = state.player
    last = " (last round)" if state.end_triggered_by is not None else ""
    head = f"{me.name}'s turn{last}"
    kinds = {type(a) for a in legal_actions(state)}
    verbs = {VERB[k] for k in kinds if k in VERB}
    if state.pending is not None:
        if state.pending.kind == "feather":
            n = state.pending.remaining
            task = f"the Feather lays {n} more leaf {'tile' if n == 1 else 'tiles'} from your path"
        else:
            task = f"lay the mushroom's tiles: {_tiles_offered(state)}"
        return NextStep(me.name, head, task, instead=_choices(verbs, ("forgo",)))
    if not state.main_done:
        if PlaceLeaf in kinds:
            task = "lay a leaf tile from your path (or a squirrel)"
        elif PlaceSquirrel in kinds:
            task = "place a squirrel (no tile of your path fits)"
        else:
            task = "your Forest Floor is full: no move to make"
        return NextStep(me.name, head, task, instead=_choices(verbs, MAIN_ALTERNATIVES),
                        any_time=_choices(verbs, SPECIALS), then=(Choice("end", WORDS["end"]),))
    return NextStep(me.name, head, "your move is made", then=_choices(verbs, SPECIALS + ("end",)))
