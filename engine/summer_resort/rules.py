"""The rules: `legal_actions(state)` and `step(state, action)` (new state and events).

A round runs: weather (the card turned) -> deal (the vacationers dealt onto the cars) -> actions
(players in turn from the porter's left place one token group each turn until all are placed) ->
develop (bought cards go down: forests, then cottages, villas, pensions; a card with nothing to go
on is lost) -> the President check -> house (each player accommodates, the President last with the
others' overflow). Steps with only one possible outcome are taken by the engine itself and
reported as events; the others wait for an action.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

from engine.errors import IllegalAction
from engine.events import Event
from engine.summer_resort import accommodation
from engine.summer_resort.actions import Action, Build, Deal, House, Place, Reveal, seat_text
from engine.summer_resort.components import (
    CAR_CARDS, CLOUD_BACKED, FOREST, INVESTMENTS, LEVEL_NAMES, PACKAGE, REFUEL_PRICE, RENT, TOKENS, WEATHER,
    WEATHER_TEXT, guests_text, sort_guests,
)
from engine.summer_resort.state import TOKEN_GROUPS, TWO_TOKENS, Lot, Placement, ResortState

Events = list[Event]
TOKENS_TEXT = {"1": "", "2": " (both tokens)", "porter": " (the porter)", "porter+1": " (the porter and a token)"}


def _ev(kind: str, text: str, player: int | None = None, **data) -> Event:
    return Event(kind, text, player, tuple(sorted(data.items())))


def _a(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun


# --- Phase I ------------------------------------------------------------------------------------

def required_vacationers(state: ResortState, weather: str) -> tuple[str, ...]:
    """Who comes with this weather: per house on the table, by its top card."""
    per_house, _ = WEATHER[weather]
    out = []
    for p in state.players:
        for lot in p.lots:
            out += per_house.get(lot.level, ())
    return sort_guests(out)


def _reveal(state: ResortState, action: Reveal, ev: Events) -> ResortState:
    deck = dict(state.deck)
    if deck.get(action.weather, 0) < 1:
        left = ", ".join(f"{w} x{n}" for w, n in state.deck if n) or "none"
        raise IllegalAction("weather_not_in_deck", f"no {action.weather} card is left in the deck (left: {left})")
    if not state.revealed and action.weather not in CLOUD_BACKED:
        raise IllegalAction("first_weather_sunny", f"the first card turned has a cloud on its locomotive side: "
                                                   f"storm, rain or clouds, not {action.weather}")
    deck[action.weather] -= 1
    train, claims = state.train, state.claims
    _, adds_car = WEATHER[action.weather]
    state = replace(state, deck=tuple(deck.items()), weather=action.weather,
                    revealed=state.revealed + (action.weather,))
    ev.append(_ev("weather", f"round {state.round}: {WEATHER_TEXT[action.weather]}", weather=action.weather))
    if adds_car and len(train) < CAR_CARDS:
        train, claims = train + ((),), claims + (None,)
        state = replace(state, train=train, claims=claims)
        ev.append(_ev("car_added", f"a hot day: the train gains car {len(train)} for the rest of the game",
                      cars=len(train)))
    need = required_vacationers(state, action.weather)
    if not need:
        ev.append(_ev("no_vacationers", "nobody comes by this train"))
        return _start_actions(state, ev)
    return replace(state, phase="deal")


def _deal(state: ResortState, action: Deal, ev: Events) -> ResortState:
    need = Counter(required_vacationers(state, state.weather))
    got = Counter(action.guests)
    if got != need:
        raise IllegalAction("wrong_vacationers", f"this weather brings {guests_text(sort_guests(need.elements()))}, "
                                                 f"not {guests_text(sort_guests(got.elements()))}")
    cars = len(state.train)
    train = tuple(tuple(action.guests[i::cars]) for i in range(cars))
    state = replace(state, train=train)
    ev.append(_ev("dealt", "the train: " + " | ".join(f"car {i + 1}: {guests_text(c)}" for i, c in enumerate(train)),
                  guests=len(action.guests)))
    return _start_actions(state, ev)


def _start_actions(state: ResortState, ev: Events) -> ResortState:
    first = state.turn_order()[0]
    ev.append(_ev("turn", f"{state.name(first)} acts first (left of the porter)", first))
    return replace(state, phase="actions", turn=first)


# --- Phase II -----------------------------------------------------------------------------------

def _check_tokens(state: ResortState, place: Place) -> None:
    seat = place.seat
    if place.tokens not in TOKEN_GROUPS:
        raise IllegalAction("bad_tokens", f"tokens are one of {', '.join(TOKEN_GROUPS)}")
    own = {"1": 1, "2": 2, "porter": 0, "porter+1": 1}[place.tokens]
    if place.tokens.startswith("porter"):
        if seat != state.porter:
            raise IllegalAction("not_porter", f"{state.name(seat)} does not hold the porter")
        if state.porter_placed:
            raise IllegalAction("porter_placed", "the porter is already on the table this round")
    if state.tokens[seat] < own:
        raise IllegalAction("no_tokens", f"{state.name(seat)} has {state.tokens[seat]} own token(s) left, "
                                         f"not {own}")


def price(state: ResortState, place: Place) -> int:
    """What the placement costs (negative: what it brings); IllegalAction if the rules forbid it."""
    if state.phase != "actions":
        raise IllegalAction("wrong_phase", f"tokens are placed in the action phase, not in the {state.phase} phase")
    seat = place.seat
    if not 0 <= seat < len(state.players):
        raise IllegalAction("no_such_seat", f"there is no {seat_text(seat)}")
    if seat != state.turn:
        raise IllegalAction("not_your_turn", f"it is {state.name(state.turn)}'s turn, not {state.name(seat)}'s")
    _check_tokens(state, place)
    player = state.players[seat]
    two = place.tokens in TWO_TOKENS
    if place.verb == "package":
        return -PACKAGE
    if place.verb == "invite":
        cars = place.cars
        for c in cars:
            if not 0 <= c < len(state.train):
                raise IllegalAction("no_such_car", f"the train has cars 1 to {len(state.train)}, not {c + 1}")
            if state.claims[c] is not None:
                raise IllegalAction("car_taken", f"car {c + 1} is already claimed by {state.name(state.claims[c])}")
        if len(cars) == 2:
            if abs(cars[0] - cars[1]) != 1:
                raise IllegalAction("cars_not_adjacent", f"cars {cars[0] + 1} and {cars[1] + 1} are not side by side")
            if True not in player.cars:
                raise IllegalAction("no_fuelled_automobile",
                                    f"{player.name} needs a fuelled automobile to invite from two cars")
        elif len(cars) != 1:
            raise IllegalAction("bad_invite", "an invitation names one car, or two adjacent ones with an automobile")
        return 0
    if place.verb == "buy":
        if place.card not in INVESTMENTS:
            raise IllegalAction("no_such_card", f"there is no investment card {place.card!r}")
        if state.stack(place.card) < 1:
            raise IllegalAction("stack_empty", f"the {place.card} stack is empty")
        base = INVESTMENTS[place.card][0]
        visits = state.visits(place.card)
        cost = base * visits if two else base * (visits + 1)
    elif place.verb == "refuel":
        pending = sum(1 for p in state.placements if p.seat == seat and p.target == "refuel")
        if player.cars.count(False) - pending < 1:
            raise IllegalAction("nothing_to_refuel", f"{player.name} has no automobile that needs fuel")
        cost = 0 if two else REFUEL_PRICE
    else:
        raise IllegalAction("bad_action", f"unknown placement {place.verb!r}")
    if cost > player.money:
        raise IllegalAction("cannot_afford", f"{place.format()} costs {cost} zl; {player.name} has {player.money} zl")
    return cost


def _place(state: ResortState, place: Place, ev: Events) -> ResortState:
    cost = price(state, place)
    seat = place.seat
    player = state.players[seat]
    own = {"1": 1, "2": 2, "porter": 0, "porter+1": 1}[place.tokens]
    tokens = list(state.tokens)
    tokens[seat] -= own
    target = {"invite": "car:" + "+".join(str(c + 1) for c in place.cars), "package": "package",
              "refuel": "refuel"}.get(place.verb, place.card)
    state = replace(state, tokens=tuple(tokens), porter_placed=state.porter_placed or place.tokens.startswith("porter"),
                    placements=state.placements + (Placement(seat, place.tokens, target, cost),))
    state = state.with_player(seat, money=player.money - cost)
    who = player.name + TOKENS_TEXT[place.tokens]
    if place.verb == "invite":
        claims = list(state.claims)
        for c in place.cars:
            claims[c] = seat
        state = replace(state, claims=tuple(claims))
        if len(place.cars) == 2:
            cars = list(player.cars)
            cars[cars.index(True)] = False
            state = state.with_player(seat, cars=tuple(cars))
        guests = sort_guests(g for c in place.cars for g in state.train[c])
        ev.append(_ev("invite", f"{who} invites from car {' and '.join(str(c + 1) for c in place.cars)}"
                                f"{' by automobile' if len(place.cars) == 2 else ''}: {guests_text(guests)}", seat))
    elif place.verb == "package":
        ev.append(_ev("package", f"{who} takes the conductor's package: +{PACKAGE} zl", seat, price=cost))
    elif place.verb == "buy":
        state = replace(state, stacks=tuple((k, n - 1 if k == place.card else n) for k, n in state.stacks))
        ev.append(_ev("buy", f"{who} buys {_a(place.card)} for {cost} zl", seat, price=cost, card=place.card))
    else:
        ev.append(_ev("refuel", f"{who} refuels an automobile for {cost} zl", seat, price=cost))
    return _next_turn(state, seat, ev)


def _next_turn(state: ResortState, seat: int, ev: Events) -> ResortState:
    n = len(state.players)
    for k in range(1, n + 1):
        s = (seat + k) % n
        if state.tokens_left(s) > 0:
            return replace(state, turn=s)
    return _start_develop(state, ev)


# --- Phase III a: development --------------------------------------------------------------------

def _start_develop(state: ResortState, ev: Events) -> ResortState:
    ev.append(_ev("develop", "every token is placed: the houses are developed"))
    pending = [[] for _ in state.players]
    for p in state.placements:
        gain = INVESTMENTS[p.target][1] if p.target in INVESTMENTS else None
        player = state.players[p.seat]
        if gain == "forest":
            state = state.with_player(p.seat, lots=player.lots + (Lot(FOREST),))
            ev.append(_ev("built", f"{player.name} gains a forest lot (lot {len(player.lots) + 1})", p.seat))
        elif gain == "automobile":
            state = state.with_player(p.seat, cars=player.cars + (True,))
            ev.append(_ev("automobile", f"{player.name}'s new automobile stands ready, fuelled", p.seat))
        elif p.target == "refuel":
            cars = list(player.cars)
            cars[cars.index(False)] = True
            state = state.with_player(p.seat, cars=tuple(cars))
        elif gain is not None:
            pending[p.seat].append(gain)
    order = {name: i for i, name in enumerate(LEVEL_NAMES)}
    pending = tuple(tuple(sorted(cards, key=order.__getitem__)) for cards in pending)
    state = replace(state, phase="develop", turn=None, pending=pending)
    return _auto_develop(state, ev)


def build_targets(state: ResortState, seat: int, card: str) -> tuple[int, ...]:
    level = LEVEL_NAMES.index(card)
    return tuple(i for i, lot in enumerate(state.players[seat].lots) if lot.level == level - 1)


def develop_seat(state: ResortState) -> int | None:
    """The seat whose next card waits to go down, in turn order."""
    for s in state.turn_order():
        if state.pending[s]:
            return s
    return None


def _put_down(state: ResortState, seat: int, lot: int, ev: Events) -> ResortState:
    card = state.pending[seat][0]
    player = state.players[seat]
    lots = list(player.lots)
    lots[lot] = Lot(lots[lot].level + 1, lots[lot].guests)
    pending = list(state.pending)
    pending[seat] = pending[seat][1:]
    ev.append(_ev("built", f"{player.name} builds a {card} on lot {lot + 1}", seat, card=card, lot=lot + 1))
    return replace(state.with_player(seat, lots=tuple(lots)), pending=tuple(pending))


def _auto_develop(state: ResortState, ev: Events) -> ResortState:
    while (seat := develop_seat(state)) is not None:
        card = state.pending[seat][0]
        targets = build_targets(state, seat, card)
        lots = state.players[seat].lots
        if not targets:
            pending = list(state.pending)
            pending[seat] = pending[seat][1:]
            base = LEVEL_NAMES[LEVEL_NAMES.index(card) - 1]
            stacks = tuple((k, n + 1 if k == card else n) for k, n in state.stacks)
            state = replace(state, pending=tuple(pending), stacks=stacks)
            ev.append(_ev("card_lost", f"{state.name(seat)}'s {card} has no {base} to stand on: it goes back "
                                       f"to the bank", seat, card=card))
        elif len({lots[i] for i in targets}) == 1:
            state = _put_down(state, seat, targets[0], ev)
        else:
            return state  # the player chooses which house to upgrade
    return _start_housing(state, ev)


def _build(state: ResortState, action: Build, ev: Events) -> ResortState:
    seat = develop_seat(state)
    if action.seat != seat:
        raise IllegalAction("not_your_turn", f"{state.name(seat)} places a {state.pending[seat][0]} now")
    card = state.pending[seat][0]
    if action.card != card:
        raise IllegalAction("wrong_card", f"{state.name(seat)} places a {card} now, not a {action.card}")
    lots = state.players[seat].lots
    if not 0 <= action.lot < len(lots):
        raise IllegalAction("no_such_lot", f"{state.name(seat)} has lots 1 to {len(lots)}, not {action.lot + 1}")
    if action.lot not in build_targets(state, seat, card):
        need = LEVEL_NAMES[LEVEL_NAMES.index(card) - 1]
        raise IllegalAction("no_base", f"a {card} goes on a {need}; lot {action.lot + 1} is a "
                                       f"{LEVEL_NAMES[lots[action.lot].level]}")
    return _auto_develop(_put_down(state, seat, action.lot, ev), ev)


# --- President ----------------------------------------------------------------------------------

def president_after_development(state: ResortState) -> int | None:
    """Who holds the President token once the houses are developed."""
    order = state.turn_order()

    def rank(s: int):
        p = state.players[s]
        return (p.houses, p.house_points, -order.index(s))

    if state.president is None:
        able = [s for s in order if state.players[s].houses >= 3]
        return max(able, key=rank) if able else None
    holder = state.players[state.president]
    better = [s for s in order if s != state.president
              and (state.players[s].houses, state.players[s].house_points) > (holder.houses, holder.house_points)]
    return max(better, key=rank) if better else state.president


# --- Phase III b: accommodation ------------------------------------------------------------------

def _start_housing(state: ResortState, ev: Events) -> ResortState:
    new = president_after_development(state)
    if new != state.president:
        p = state.players[new]
        why = "the first with three houses" if state.president is None else \
            f"more houses than {state.name(state.president)}, or as many with more points"
        ev.append(_ev("president", f"{p.name} becomes President ({p.houses} houses, {p.house_points} points: "
                                   f"{why})", new))
        state = replace(state, president=new)
    order = [s for s in state.turn_order() if s != state.president]
    if state.president is not None:
        order.append(state.president)
    state = replace(state, phase="house", to_house=tuple(order), overflow=())
    return _auto_house(state, ev)


def house_of(state: ResortState, seat: int) -> tuple[tuple[int, tuple[str, ...]], ...]:
    return tuple((lot.level, lot.guests) for lot in state.players[seat].lots)


def housing_options(state: ResortState, seat: int, limit: int | None = None) -> tuple[dict[int, tuple[str, ...]], ...]:
    return accommodation.optimal_outcomes(house_of(state, seat), state.guests_for(seat), limit)


def _auto_house(state: ResortState, ev: Events) -> ResortState:
    while state.to_house:
        seat = state.to_house[0]
        options = housing_options(state, seat, limit=2)
        if len(options) != 1:
            return state  # the player chooses among equally good ways
        state = _settle(state, seat, options[0], ev)
    return _end_round(state, ev)


def _settle(state: ResortState, seat: int, groups: dict[int, tuple[str, ...]], ev: Events) -> ResortState:
    player = state.players[seat]
    guests = state.guests_for(seat)
    lots = list(player.lots)
    rent = 0
    left = Counter(guests)
    for lot, group in sorted(groups.items()):
        old = lots[lot].guests
        paid = sum(RENT[g] for g in old)
        rent += paid
        lots[lot] = Lot(lots[lot].level, sort_guests(group))
        left.subtract(group)
        text = f"{player.name}: {guests_text(group)} stay in the {LEVEL_NAMES[lots[lot].level]} on lot {lot + 1}"
        if old:
            text += f"; {guests_text(old)} leave and pay {paid} zl"
        ev.append(_ev("housed", text, seat, lot=lot + 1, rent=paid))
    state = replace(state.with_player(seat, lots=tuple(lots), money=player.money + rent), to_house=state.to_house[1:])
    unplaced = sort_guests(left.elements())
    if unplaced:
        if state.president is not None and seat != state.president:
            state = replace(state, overflow=sort_guests(state.overflow + unplaced))
            ev.append(_ev("overflow", f"{player.name} has no room for {guests_text(unplaced)}: they go to the "
                                      f"President, {state.name(state.president)}", seat))
        else:
            ev.append(_ev("returned", f"{player.name} has no room for {guests_text(unplaced)}: back to the bank", seat))
    if not guests:
        ev.append(_ev("housed", f"{player.name} has no new guests", seat, rent=0))
    return state


def _house(state: ResortState, action: House, ev: Events) -> ResortState:
    seat = state.to_house[0]
    if action.seat != seat:
        raise IllegalAction("not_your_turn", f"{state.name(seat)} accommodates guests now")
    groups = action.groups()
    accommodation.check(house_of(state, seat), state.guests_for(seat), groups)
    return _auto_house(_settle(state, seat, groups, ev), ev)


def _end_round(state: ResortState, ev: Events) -> ResortState:
    n = len(state.players)
    porter = (state.porter + 1) % n
    base = replace(state, porter=porter, placements=(), claims=(None,) * len(state.train),
                   train=((),) * len(state.train), tokens=(TOKENS,) * n, porter_placed=False, overflow=(),
                   weather=None, pending=(), to_house=(), turn=None)
    if state.round >= state.rounds:
        ev.append(_ev("game_over", f"round {state.round} was the last: the game is over"))
        return replace(base, phase="over")
    ev.append(_ev("round_end", f"the porter passes to {state.name(porter)}; round {state.round + 1} begins", porter))
    return replace(base, phase="weather", round=state.round + 1)


# --- the door -----------------------------------------------------------------------------------

PHASE_OF = {Reveal: "weather", Deal: "deal", Place: "actions", Build: "develop", House: "house"}


def step(state: ResortState, action: Action) -> tuple[ResortState, tuple[Event, ...]]:
    if state.over:
        raise IllegalAction("game_over", "the game is over")
    want = PHASE_OF.get(type(action))
    if want != state.phase:
        raise IllegalAction("wrong_phase", f"{action.format()} belongs to the {want} phase; the game is in the "
                                           f"{state.phase} phase")
    ev: Events = []
    handler = {Reveal: _reveal, Deal: _deal, Place: _place, Build: _build, House: _house}[type(action)]
    return handler(state, action, ev), tuple(ev)


def apply(state: ResortState, action: Action) -> ResortState:
    return step(state, action)[0]


def is_legal(state: ResortState, action: Action) -> bool:
    try:
        step(state, action)
    except IllegalAction:
        return False
    return True


def placements_for(state: ResortState, seat: int) -> list[Place]:
    """Every placement the rules name for this seat now, legal or not (the UI prices each)."""
    out = []
    groups = [g for g in TOKEN_GROUPS]
    n = len(state.train)
    for tokens in groups:
        out.append(Place(seat, "package", tokens=tokens))
        out += [Place(seat, "invite", cars=(c,), tokens=tokens) for c in range(n)]
        out += [Place(seat, "invite", cars=(c, c + 1), tokens=tokens) for c in range(n - 1)]
        out += [Place(seat, "buy", card=card, tokens=tokens) for card in INVESTMENTS]
        out.append(Place(seat, "refuel", tokens=tokens))
    return out


def legal_actions(state: ResortState) -> tuple[Action, ...]:
    """Every legal action. In the deal phase any order of the required vacationers is legal; the one
    listed is in sorted order."""
    if state.phase == "weather":
        return tuple(Reveal(w) for w, n in state.deck
                     if n and (state.revealed or w in CLOUD_BACKED))
    if state.phase == "deal":
        return (Deal(required_vacationers(state, state.weather)),)
    if state.phase == "actions":
        return tuple(a for a in placements_for(state, state.turn) if _allowed(state, a))
    if state.phase == "develop":
        seat = develop_seat(state)
        card = state.pending[seat][0]
        return tuple(Build(seat, card, lot) for lot in build_targets(state, seat, card))
    if state.phase == "house":
        seat = state.to_house[0]
        return tuple(House.of(seat, o) for o in housing_options(state, seat))
    return ()


def _allowed(state: ResortState, place: Place) -> bool:
    try:
        price(state, place)
    except IllegalAction:
        return False
    return True
