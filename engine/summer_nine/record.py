"""JSON records of Summer Nine games, described by `data/nine-record.schema.json`.

A game record is the players in seating order (the first starts every round), the deal and the
actions in order:

  {"game": "nine", "players": [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}],
   "deal": {"seed": 7}, "actions": ["reveal 1", "pick A1 2", "refill A1", "end", ...]}

`deal` is a seeded shuffle (`{"seed": N}`), a deck in order (`{"deck": [...]}`, top first, the first
18 cards make the pool), or a real table (`{"table": true}`: every card named as it is seen).
A final record gives each player's finished `schedule` and `hand` instead of actions, to be scored.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalAction, NotationError
from engine.records import RecordError, check_header, parse_actions, play_actions
from engine.summer_nine.actions import Action, parse_action
from engine.summer_nine.cards import format_schedule, parse_schedule
from engine.summer_nine.kit import Kit, reference_kit
from engine.summer_nine.rules import step
from engine.summer_nine.scoring import PlayerScore, fmt_points, score_players, score_state, standings
from engine.summer_nine.setup import new_game, seeded_game, table_game
from engine.summer_nine.state import NineState

GAME = "nine"


@dataclass(frozen=True)
class NineRecord:
    start: NineState
    actions: tuple[Action, ...]
    texts: tuple[str, ...]


def is_final_record(data: object) -> bool:
    """A record of finished schedules and hands (no actions to play)."""
    return (isinstance(data, dict) and "actions" not in data and isinstance(data.get("players"), list)
            and any(isinstance(p, dict) and ("schedule" in p or "hand" in p) for p in data["players"]))


def _names(data: dict) -> list[str]:
    players = data.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        raise RecordError("'players' must list 2 to 4 players, e.g. [{\"name\": \"Ada\"}, {\"name\": \"Bo\"}]")
    names = []
    for i, p in enumerate(players):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str) or not p["name"].strip():
            raise RecordError(f"players[{i}] needs a 'name'")
        names.append(p["name"].strip())
    if len(set(names)) != len(names):
        raise RecordError("every player needs a different name")
    return names


def load_nine_record(data: object, kit: Kit | None = None) -> NineRecord:
    check_header(data, GAME)
    kit = kit or reference_kit()
    names = _names(data)
    deal = data.get("deal", {"seed": 0})
    try:
        start = _start(kit, names, deal)
    except IllegalAction as exc:
        raise RecordError(exc.message, code=exc.code) from None
    except NotationError as exc:
        raise RecordError(f"deal: {exc}") from None
    texts = data.get("actions", [])
    actions = parse_actions(texts, parse_action, "pick A3 5")
    return NineRecord(start, actions, tuple(texts))


def _start(kit: Kit, names: list[str], deal: object) -> NineState:
    if not isinstance(deal, dict):
        raise RecordError("'deal' must be {\"seed\": N}, {\"deck\": [...]} or {\"table\": true}")
    if "seed" in deal:
        seed = deal["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("'deal.seed' must be a whole number")
        return seeded_game(kit, names, seed)
    if "deck" in deal:
        deck = deal["deck"]
        if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
            raise RecordError("'deal.deck' must be a list of card ids, top first ('?' for unseen)")
        return new_game(kit, names, tuple(None if c == "?" else c for c in deck))
    if deal.get("table") is True:
        return table_game(kit, names)
    raise RecordError("'deal' needs 'seed', 'deck' or 'table': true")


def play_nine_record(record: NineRecord) -> tuple[NineState, list]:
    return play_actions(record.start, record.actions, record.texts, step)


def final_players(data: object, kit: Kit | None = None) -> list[tuple[str, tuple, tuple]]:
    """(name, schedule, hand) of each player of a final record."""
    check_header(data, GAME)
    kit = kit or reference_kit()
    names = _names(data)
    out = []
    for i, (name, p) in enumerate(zip(names, data["players"])):
        try:
            schedule = parse_schedule(p.get("schedule", "- - - - - - - - -"), set(kit.by_id))
        except NotationError as exc:
            raise RecordError(f"players[{i}].schedule: {exc}") from None
        for card in schedule:
            if card is not None and not kit.card(card).is_schedule:
                raise RecordError(f"players[{i}].schedule: {card} is not a schedule card")
        hand = p.get("hand", [])
        if not isinstance(hand, list) or not all(isinstance(c, str) for c in hand):
            raise RecordError(f"players[{i}].hand must be a list of card ids")
        for card in hand:
            if card not in kit.by_id:
                raise RecordError(f"players[{i}].hand: {card!r} is not a card of the kit")
            if kit.card(card).is_schedule:
                raise RecordError(f"players[{i}].hand: {card} is a schedule card; it belongs in the schedule")
        out.append((name, schedule, tuple(hand)))
    return out


def scores_json(scores: list[PlayerScore]) -> dict:
    def num(p):
        return int(p) if p.denominator == 1 else float(p)

    return {
        "scores": [{"name": s.name, "total": num(s.total),
                    "lines": [{"source": l.source, "points": num(l.points), "reason": l.reason} for l in s.lines]}
                   for s in scores],
        "standings": [{"place": place, "name": s.name, "total": num(s.total)} for place, s in standings(scores)],
    }


def score_lines(scores: list[PlayerScore]) -> list[str]:
    lines = []
    for s in scores:
        lines.append(f"{s.name}: {fmt_points(s.total)}")
        lines += [f"  {l.format()}" for l in s.lines]
    lines.append("standings:")
    lines += [f"  {place}. {s.name} {fmt_points(s.total)}" for place, s in standings(scores)]
    return lines


def outcome_json(state: NineState) -> dict:
    out = {
        "game": GAME,
        "over": state.over,
        "round": min(state.round, 17),
        "to_play": None if state.over else state.players[state.picker].name,
        "players": [{"name": p.name, "schedule": format_schedule(p.schedule), "hand": list(p.hand),
                     "take_two": p.take_two} for p in state.players],
    }
    out.update(scores_json(score_state(state)))
    return out


def score_record(data: dict, kit: Kit | None = None) -> tuple[NineState | None, list[PlayerScore]]:
    """(the final state, or None for a final record; every player's score)."""
    if is_final_record(data):
        return None, score_players(kit or reference_kit(), final_players(data, kit))
    state, _ = play_nine_record(load_nine_record(data, kit))
    return state, score_state(state)


def apply_nine_record(data: dict, kit: Kit | None = None) -> dict:
    """Play a game record (or score a final one); the outcome as JSON-ready data."""
    state, scores = score_record(data, kit)
    if state is None:
        out = {"game": GAME, "over": True}
        out.update(scores_json(scores))
        return out
    return outcome_json(state)


def outcome_lines(outcome: dict) -> list[str]:
    """An outcome (as `apply_nine_record` gives it) as text: schedules, hands, scores, standings."""
    lines = []
    if "round" in outcome:
        lines.append("game over" if outcome["over"] else
                     f"round {outcome['round']}: {outcome['to_play']} to play")
        for p in outcome["players"]:
            lines.append(f"{p['name']}: {p['schedule']}")
            lines.append(f"  hand: {', '.join(p['hand']) or '-'}; Take Two left: {p['take_two']}")
    for s in outcome["scores"]:
        lines.append(f"{s['name']}: {s['total']}")
        lines += [f"  {l['source']}: {l['points']} ({l['reason']})" for l in s["lines"]]
    lines.append("standings:")
    lines += [f"  {s['place']}. {s['name']} {s['total']}" for s in outcome["standings"]]
    return lines
