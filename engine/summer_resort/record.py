"""JSON records of Summer Resort games: the seats, who got the porter, the actions in order.

The format is described by `data/resort-record.schema.json`. `apply_resort_record` plays one and
returns a JSON-ready outcome; a record that stops before the end is scored as it stands and says so
('over': false).
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalAction, NotationError
from engine.records import RecordError, check_header, parse_actions, play_actions
from engine.summer_resort.actions import Action, parse_action
from engine.summer_resort.components import WEATHER
from engine.summer_resort.kit import DECK_SIZE, ResortKit, reference_kit
from engine.summer_resort.rules import step
from engine.summer_resort.scoring import final_scores
from engine.summer_resort.setup import new_game
from engine.summer_resort.state import ResortState, format_resort

GAME = "summer-resort"


@dataclass(frozen=True)
class ResortRecord:
    start: ResortState
    actions: tuple[Action, ...]
    texts: tuple[str, ...]


def kit_from(raw: object) -> ResortKit:
    """The record's own weather deck ('deck': {"storm": 1, ...}) or the reference one."""
    if raw is None:
        return reference_kit()
    if not isinstance(raw, dict) or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw.values()):
        raise RecordError("'deck' must map weather names to card counts, e.g. {\"storm\": 1, \"rain\": 2, ...}")
    lines = "".join(f'[[weather]]\nname = "{k}"\ncount = {v}\n' for k, v in raw.items() if k in WEATHER)
    unknown = [k for k in raw if k not in WEATHER]
    if unknown:
        raise RecordError(f"'deck': unknown weather {unknown[0]!r}; known: {', '.join(WEATHER)}")
    try:
        return ResortKit.from_toml(lines)
    except NotationError as exc:
        raise RecordError(f"'deck': {str(exc).removeprefix('kit: ')} (a deck holds {DECK_SIZE} cards)") from None


def load_resort_record(data: object) -> ResortRecord:
    check_header(data, GAME)
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, dict) and isinstance(p.get("name"), str)
                                                for p in players):
        raise RecordError("'players' must be a list of 2 to 5 objects like {\"name\": \"Anna\"}, in seating order")
    porter = data.get("porter", 1)
    if not isinstance(porter, int) or isinstance(porter, bool):
        raise RecordError("'porter' is the seat (1 ...) that received the porter token")
    kit = kit_from(data.get("deck"))
    try:
        start = new_game([p["name"] for p in players], porter=porter - 1, kit=kit)
    except IllegalAction as exc:
        raise RecordError(exc.message, code=exc.code) from None
    texts = data.get("actions", [])
    actions = parse_actions(texts, parse_action, "p1 buy villa")
    return ResortRecord(start, actions, tuple(texts))


def play_resort_record(record: ResortRecord) -> tuple[ResortState, list]:
    return play_actions(record.start, record.actions, record.texts, step)


def apply_resort_record(data: object) -> dict:
    state, _ = play_resort_record(load_resort_record(data))
    return outcome_json(state)


def outcome_json(state: ResortState) -> dict:
    standings = final_scores(state)
    return {
        "game": GAME,
        "over": state.over,
        "round": min(state.round, state.rounds),
        "rounds": state.rounds,
        "phase": state.phase,
        "weather": list(state.revealed),
        "cars": state.cars,
        "president": None if state.president is None else state.players[state.president].name,
        "players": [
            {"name": p.name, "money": p.money, "resort": format_resort(p.lots), "houses": p.houses,
             "automobiles": len(p.cars), "fuelled": p.cars.count(True)}
            for p in state.players
        ],
        "standings": [
            {"place": s.place, "name": s.score.name, "points": s.score.total, "money": s.score.money,
             "reason": s.score.reason()}
            for s in standings
        ],
    }


def record_of(state: ResortState, texts, deck: dict | None = None, seed: int | None = None) -> dict:
    """A record for a game started as `state` (set-up only) with these action texts."""
    out = {"format": "leafwatch-game-record", "version": 1, "game": GAME,
           "players": [{"name": p.name} for p in state.players], "porter": state.porter + 1}
    if deck is not None:
        out["deck"] = deck
    if seed is not None:
        out["seed"] = seed
    out["actions"] = list(texts)
    return out
