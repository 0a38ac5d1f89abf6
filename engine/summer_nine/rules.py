"""The rules of a Summer Nine game: one door for change.

`legal_actions(state)` lists what may happen now; `step(state, action)` returns the next state and
what happened, in words; `apply` is `step` without the words. An action the rules forbid raises
`IllegalAction` with a stable code and a message naming the cards, cells and slots.

Rulings where the rulebook leaves a choice:
- The round's reveal (or hide) belongs before the round's first move. A pick made while it is owed
  is allowed (the round goes on as it lies) and the step is then owed twice at the next round's start.
- A schedule card goes into an empty slot of the month its column lies in; a full month means
  discarding it. Identity Theft puts the stolen card into an empty slot of the month it came from.
- Take Two is announced before the first pick's refill; the refill comes straight after each pick.
- A turn ends with `end` once its picks are made (or no card can be picked); the game ends after the
  17th round's last turn.
"""
from __future__ import annotations

from dataclasses import replace

from engine.errors import IllegalAction
from engine.summer_nine.actions import (DISCARD, Action, End, Hide, Pick, Refill, Reschedule, Reveal, TakeTwo,
                                        Theft, TimeTravel)
from engine.summer_nine.cards import COLUMNS, MONTHS, Cell, month_of_slot, month_slots
from engine.summer_nine.state import NO_CARD, ROUNDS, UNKNOWN, NineState

SECOND_PART = COLUMNS + 1  # round 10 on: columns are being hidden


def _name(state: NineState, seat: int) -> str:
    return state.players[seat].name


def _card_text(state: NineState, card: str | None) -> str:
    return "an unseen card" if card is UNKNOWN else state.kit.card(card).describe() if card != NO_CARD else "no card"


def step(state: NineState, action: Action) -> tuple[NineState, tuple[str, ...]]:
    if state.over:
        raise IllegalAction("game_over", "the game is over: 17 rounds have been played")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction("unknown_action", f"{action!r} is not a Summer Nine action")
    return handler(state, action)


def apply(state: NineState, action: Action) -> NineState:
    return step(state, action)[0]


def is_legal(state: NineState, action: Action) -> bool:
    try:
        step(state, action)
    except IllegalAction:
        return False
    return True


# ---------------------------------------------------------------- column steps (chance)
def _column_step(state: NineState, action: Reveal | Hide) -> tuple[NineState, tuple[str, ...]]:
    word = "reveal" if isinstance(action, Reveal) else "hide"
    expected = state.next_step_text()
    if expected is None:
        raise IllegalAction("no_column_step", f"no column is due to be turned in round {state.round}")
    if state.round_moved:
        raise IllegalAction("not_round_start", f"'{expected}' belongs at the start of a round, before anyone "
                                               f"moves; it is owed at the start of round {state.round + 1}")
    if state.refill_due is not None or state.compensation is not None:
        raise IllegalAction("refill_first", "finish the pick under way first")
    if f"{word} {action.column}" != expected:
        raise IllegalAction("wrong_column", f"the column due now is '{expected}', not '{word} {action.column}'")
    events = []
    if isinstance(action, Reveal):
        for line in (0, 1):
            cell = Cell(line, action.column)
            seen = None if action.cards is None else action.cards[line]
            known = state.card_at(cell)
            if seen is not None:
                if seen not in state.kit.by_id:
                    _unknown_card(seen)
                if known is not UNKNOWN and known != seen:
                    raise IllegalAction("card_mismatch", f"{cell.format()} holds {known}, not {seen}")
                state = state.with_cell(cell, seen)
            elif known is UNKNOWN:
                raise IllegalAction("card_unknown", f"name the two cards turned up in column {action.column}: "
                                                    f"'reveal {action.column} TOP BOTTOM'")
        a, b = state.card_at(Cell(0, action.column)), state.card_at(Cell(1, action.column))
        events.append(f"column {action.column} ({MONTHS[Cell(0, action.column).month]}) revealed: "
                      f"A{action.column} {a}, B{action.column} {b}")
    else:
        events.append(f"column {action.column} hidden")
    return replace(state, steps=state.steps + 1), tuple(events)


def _unknown_card(card: str):
    raise IllegalAction("unknown_card", f"{card!r} is not a card of the kit")


# ---------------------------------------------------------------- picks
def pickable(state: NineState, cell: Cell, hidden_ok: bool) -> bool:
    card = state.card_at(cell)
    if card == NO_CARD:
        return False
    face = state.cell_face(cell)
    return face == "up" or (hidden_ok and face == "hidden")


def can_pick(state: NineState) -> bool:
    hidden_ok = state.time_travel and state.compensation is None
    return any(pickable(state, Cell.at(i), hidden_ok) for i in range(len(state.pool)))


def _pick(state: NineState, action: Pick) -> tuple[NineState, tuple[str, ...]]:
    if state.refill_due is not None:
        raise IllegalAction("refill_first", f"refill {Cell.at(state.refill_due).format()} from the deck first")
    seat = state.picker
    comp = state.compensation is not None
    if not comp and state.picks >= state.allowed:
        more = "" if state.took_two else " (a Take Two allows a second)"
        raise IllegalAction("no_pick_left", f"{_name(state, seat)} has made this turn's pick{more}")
    cell = action.cell
    card = state.card_at(cell)
    face = state.cell_face(cell)
    hidden_ok = state.time_travel and not comp
    if card == NO_CARD:
        raise IllegalAction("empty_cell", f"{cell.format()} holds no card")
    if face == "down":
        raise IllegalAction("face_down", f"{cell.format()} has not been revealed yet")
    if face == "hidden" and not hidden_ok:
        raise IllegalAction("hidden_card", f"{cell.format()} is hidden: only a Time Travel picks a hidden card")
    if card is UNKNOWN:
        raise IllegalAction("card_unknown", f"the card at {cell.format()} was never named; name it when it is "
                                            "revealed or refilled")
    kind = state.kit.card(card)
    player = state.players[seat]
    events = []
    events += _forgotten(state)
    if kind.is_schedule:
        if action.slot is None:
            raise IllegalAction("place_or_discard", f"{card} is a schedule card: put it in a slot of "
                                                    f"{MONTHS[cell.month]} or discard it ('pick {cell.format()} discard')")
        if action.slot == DISCARD:
            state = replace(state, discards=state.discards + (card,))
            events.append(f"{player.name} takes {card} from {cell.format()} and discards it")
        else:
            slot = action.slot
            if month_of_slot(slot) != cell.month:
                lo, _, hi = month_slots(cell.month)
                raise IllegalAction("wrong_month", f"{card} from {cell.format()} belongs in {MONTHS[cell.month]} "
                                                   f"(slots {lo}-{hi}), not slot {slot} ({MONTHS[month_of_slot(slot)]})")
            if player.schedule[slot - 1] is not None:
                raise IllegalAction("slot_taken", f"slot {slot} already holds {player.schedule[slot - 1]}")
            player = player.with_slot(slot, card)
            events.append(f"{player.name} takes {card} from {cell.format()} into slot {slot}")
    else:
        if action.slot is not None:
            raise IllegalAction("not_schedule_card", f"{card} is not a schedule card: it goes to the hand "
                                                     f"('pick {cell.format()}')")
        player = replace(player, hand=player.hand + (card,))
        events.append(f"{player.name} takes {card} from {cell.format()} into the hand")
    if face == "hidden":
        events.append(f"{player.name}'s Time Travel reached the hidden card at {cell.format()}")
    state = state.with_player(seat, player).with_cell(cell, NO_CARD)
    state = replace(state, refill_due=cell.index, refill_for=seat, round_moved=True,
                    compensation=None if comp else state.compensation,
                    picks=state.picks if comp else state.picks + 1,
                    time_travel=state.time_travel and (comp or face != "hidden"))
    return state, tuple(events)


def _forgotten(state: NineState) -> list[str]:
    """A move while the round's column step is owed: the round goes on; report it once."""
    if state.round_moved or state.due <= 0:
        return []
    owed = state.next_step_text()
    return [f"'{owed}' was forgotten at the start of round {state.round}: the round goes on as it lies, "
            f"and round {state.round + 1} starts with two columns"]


def _refill(state: NineState, action: Refill) -> tuple[NineState, tuple[str, ...]]:
    if state.refill_due is None:
        raise IllegalAction("no_refill_due", "no cell is waiting for a card from the deck")
    due = Cell.at(state.refill_due)
    if action.cell != due:
        raise IllegalAction("wrong_cell", f"the card taken left {due.format()} empty, not {action.cell.format()}")
    if action.card is not None and action.card not in state.kit.by_id:
        _unknown_card(action.card)
    deck = state.deck
    if not deck:
        if action.card is not None:
            raise IllegalAction("deck_empty", f"the deck is empty: {due.format()} stays empty")
        card, events = NO_CARD, (f"the deck is empty: {due.format()} stays empty",)
    else:
        card = deck[0]
        if card is UNKNOWN:
            if action.card is None:
                raise IllegalAction("card_unknown", f"name the card laid at {due.format()}: "
                                                    f"'refill {due.format()} CARD'")
            card = action.card
        elif action.card is not None and action.card != card:
            raise IllegalAction("card_mismatch", f"the deck's top card is {card}, not {action.card}")
        deck = deck[1:]
        shown = " (shown, then hidden)" if state.cell_face(due) == "hidden" else ""
        events = (f"{due.format()} refilled with {card}{shown}",)
    state = replace(state.with_cell(due, card), deck=deck, refill_due=None, refill_for=None)
    return state, events


# ---------------------------------------------------------------- action cards
def _needs_turn(state: NineState, what: str) -> None:
    if state.refill_due is not None:
        raise IllegalAction("refill_first", f"refill {Cell.at(state.refill_due).format()} before {what}")
    if state.compensation is not None:
        raise IllegalAction("compensation_pending", f"{_name(state, state.compensation)} picks a card as "
                                                    f"compensation first")


def _spend(state: NineState, card: str) -> NineState:
    player = state.player
    if card not in player.hand:
        raise IllegalAction("no_card", f"{player.name} holds no {card} card")
    return replace(state.with_player(state.seat, player.without(card)), discards=state.discards + (card,))


def _take_two(state: NineState, action: TakeTwo):
    player = state.player
    if state.took_two:
        raise IllegalAction("second_take_two", f"{player.name} has played a Take Two this round already")
    if player.take_two <= 0:
        raise IllegalAction("no_card", f"{player.name} has no Take Two card left")
    if state.compensation is not None:
        raise IllegalAction("compensation_pending", f"{_name(state, state.compensation)} picks first")
    own_refill = state.refill_due is not None and state.refill_for == state.seat
    if state.picks > 1 or (state.picks == 1 and not own_refill):
        raise IllegalAction("take_two_late", "a Take Two is announced before the first pick's cell is refilled")
    events = _forgotten(state)
    state = state.with_player(state.seat, replace(player, take_two=player.take_two - 1))
    state = replace(state, took_two=True, allowed=2, round_moved=True)
    return state, tuple(events) + (f"{player.name} plays a Take Two: two picks this turn",)


def _reschedule(state: NineState, action: Reschedule):
    _needs_turn(state, "a Reschedule")
    player = state.player
    if action.a == action.b:
        raise IllegalAction("same_slot", f"a Reschedule exchanges two different slots, not {action.a} with itself")
    x, y = player.schedule[action.a - 1], player.schedule[action.b - 1]
    if x is None and y is None:
        raise IllegalAction("empty_slots", f"slots {action.a} and {action.b} are both empty")
    events = _forgotten(state)
    state = _spend(state, "reschedule")
    player = state.player.with_slot(action.a, y).with_slot(action.b, x)
    state = replace(state.with_player(state.seat, player), round_moved=True)
    return state, tuple(events) + (f"{player.name} reschedules: slot {action.a} <-> slot {action.b}",)


def _theft(state: NineState, action: Theft):
    _needs_turn(state, "an Identity Theft")
    thief = state.player
    if action.victim >= len(state.players):
        raise IllegalAction("no_player", f"there is no p{action.victim + 1} at this table")
    if action.victim == state.seat:
        raise IllegalAction("own_schedule", "an Identity Theft steals from another player's schedule")
    victim = state.players[action.victim]
    card = victim.schedule[action.source - 1]
    if card is None:
        raise IllegalAction("empty_slot", f"{victim.name}'s slot {action.source} is empty")
    if month_of_slot(action.source) != month_of_slot(action.target):
        m = month_of_slot(action.source)
        lo, _, hi = month_slots(m)
        raise IllegalAction("wrong_month", f"{card} from {victim.name}'s slot {action.source} stays in "
                                           f"{MONTHS[m]} (slots {lo}-{hi}), not slot {action.target}")
    if thief.schedule[action.target - 1] is not None:
        raise IllegalAction("slot_taken", f"slot {action.target} already holds {thief.schedule[action.target - 1]}")
    events = _forgotten(state)
    state = _spend(state, "identity-theft")
    state = state.with_player(state.seat, state.player.with_slot(action.target, card))
    state = state.with_player(action.victim, victim.with_slot(action.source, None))
    state = replace(state, round_moved=True, compensation=action.victim)
    events += [f"{thief.name} steals {card} from {victim.name}'s slot {action.source} into slot {action.target}"]
    if can_pick(replace(state, time_travel=False)):
        events.append(f"{victim.name} picks a card as compensation now")
    else:
        state = replace(state, compensation=None)
        events.append(f"{victim.name} has no open card to take as compensation")
    return state, tuple(events)


def _time_travel(state: NineState, action: TimeTravel):
    _needs_turn(state, "a Time Travel")
    if state.round < SECOND_PART:
        raise IllegalAction("not_second_part", f"a Time Travel reaches hidden cards from round {SECOND_PART} on "
                                               f"(this is round {state.round})")
    if state.time_travel:
        raise IllegalAction("time_travel_active", "a Time Travel is already in play for the next pick")
    if state.picks >= state.allowed:
        raise IllegalAction("no_pick_left", "a Time Travel improves a pick, and this turn's picks are made")
    events = _forgotten(state)
    state = replace(_spend(state, "time-travel"), time_travel=True, round_moved=True)
    return state, tuple(events) + (f"{state.player.name} plays a Time Travel: the next pick may take a hidden card",)


def _end(state: NineState, action: End):
    _needs_turn(state, "the end of the turn")
    if state.picks < state.allowed and can_pick(state):
        left = state.allowed - state.picks
        raise IllegalAction("pick_missing", f"{state.player.name} still has {left} pick{'s' if left > 1 else ''} "
                                            f"to make this turn")
    events = _forgotten(state)
    name = state.player.name
    seat = state.seat + 1
    rnd = state.round
    moved = True
    if seat == len(state.players):
        seat, rnd, moved = 0, rnd + 1, False
    state = replace(state, seat=seat, round=rnd, round_moved=moved, picks=0, allowed=1, took_two=False,
                    time_travel=False)
    events.append(f"{name} ends the turn")
    if rnd > ROUNDS:
        events.append("the 17th round is over: the game ends, score the schedules")
    elif not moved:
        events.append(f"round {rnd}: {state.player.name} starts" + (f" with '{state.next_step_text()}'"
                                                                       if state.next_step_text() else ""))
    return state, tuple(events)


_HANDLERS = {Reveal: _column_step, Hide: _column_step, Pick: _pick, Refill: _refill, TakeTwo: _take_two,
             Reschedule: _reschedule, Theft: _theft, TimeTravel: _time_travel, End: _end}


# ---------------------------------------------------------------- what may happen now
def legal_actions(state: NineState) -> list[Action]:
    """Every legal action now. Observed cards are left out: where the software does not know a card,
    a `reveal`/`refill` listed here must be completed with the card the table saw."""
    if state.over:
        return []
    out: list[Action] = []
    if state.refill_due is not None:
        out.append(Refill(Cell.at(state.refill_due)))
        if state.refill_for == state.seat and state.compensation is None and state.picks == 1:
            out.append(TakeTwo())
        return [a for a in out if _legal_or_observable(state, a)]
    text = state.next_step_text()
    if text is not None and not state.round_moved and state.compensation is None:
        col = int(text.split()[1])
        out.append(Reveal(col) if text.startswith("reveal") else Hide(col))
    out += _picks(state)
    if state.compensation is None:
        out.append(TakeTwo())
        out.append(TimeTravel())
        for a in range(1, 10):
            for b in range(a + 1, 10):
                out.append(Reschedule(a, b))
        for v, victim in enumerate(state.players):
            if v == state.seat:
                continue
            for src, card in enumerate(victim.schedule, 1):
                if card is None:
                    continue
                for tgt in month_slots(month_of_slot(src)):
                    out.append(Theft(v, src, tgt))
        out.append(End())
    return [a for a in out if _legal_or_observable(state, a)]


def _picks(state: NineState) -> list[Action]:
    out: list[Action] = []
    for i, card in enumerate(state.pool):
        cell = Cell.at(i)
        if card in (NO_CARD, UNKNOWN):
            continue
        if state.kit.card(card).is_schedule:
            out.append(Pick(cell, DISCARD))
            out += [Pick(cell, s) for s in month_slots(cell.month)]
        else:
            out.append(Pick(cell))
    return out


def _legal_or_observable(state: NineState, action: Action) -> bool:
    try:
        step(state, action)
    except IllegalAction as exc:
        return exc.code == "card_unknown" and isinstance(action, (Reveal, Refill))
    return True
