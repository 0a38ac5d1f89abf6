"""JSON records of solo games: set-up plus the actions in order, like multiplayer records.

The format is described by `data/solo-record.schema.json`; `apply_solo_record` plays one and returns
a JSON-ready outcome. Tiles are written as in multiplayer records ('green', 'yellow:O4', '?').
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from engine.errors import IllegalAction, NotationError
from engine.indian_summer.kit import Kit, reference_kit
from engine.indian_summer.notation import PrintedLayout
from engine.indian_summer.record import options_from, tile_from
from engine.records import check_header, name_problem, parse_actions, play_actions
from engine.indian_summer.solo.actions import SoloAction, parse_solo_action
from engine.indian_summer.solo.rules import step
from engine.indian_summer.solo.scoring import score_game
from engine.indian_summer.solo.setup import SoloDeal, new_solo_game, seeded_deal
from engine.indian_summer.solo.state import SoloState
from engine.records import RecordError

DEAL_PARTS = ("top", "bottom", "numbered", "path")


@dataclass(frozen=True)
class SoloRecord:
    start: SoloState
    actions: tuple[SoloAction, ...]
    texts: tuple[str, ...]


def load_solo_record(data: object, kit: Kit | None = None) -> SoloRecord:
    check_header(data, "solo")
    kit = kit or reference_kit()
    options = options_from(data.get("options", {}))
    name, side, printed = _player(data.get("player"), kit)
    deal = _deal(data.get("deal", {"seed": 0}), kit)
    try:
        start = new_solo_game(kit, deal, side=side, printed=printed, options=options)
    except IllegalAction as exc:
        raise RecordError(exc.message, code=exc.code) from None
    start = _named(start, name)
    texts = data.get("actions", [])
    actions = parse_actions(texts, parse_solo_action, "refill top left")
    return SoloRecord(start, actions, tuple(texts))


def play_solo_record(record: SoloRecord) -> tuple[SoloState, list]:
    return play_actions(record.start, record.actions, record.texts, step)


def apply_solo_record(data: dict, kit: Kit | None = None) -> dict:
    """Play a solo record; the outcome as JSON-ready data. A game that stops before its last turn is
    scored as if it ended there, and says so ('over': false)."""
    state, _ = play_solo_record(load_solo_record(data, kit))
    return outcome_json(state)


def outcome_json(state: SoloState) -> dict:
    score = score_game(state)
    board = state.player.board
    return {
        "game": "solo",
        "over": state.over,
        "turn": state.turn,
        "pieces": board.notation(),
        "treasures": state.player.treasures.as_dict(),
        "player_path": state.text(state.path),
        "top_path": state.text(state.top),
        "bottom_path": state.text(state.bottom),
        "row": state.track_text(),
        "final_phase": list(score.final.steps),
        "final_pieces": score.final.pieces,
        "treasures_left": score.final.treasures_left.as_dict(),
        "won": score.won,
        "empty_squares": score.empty_squares,
        "score": score.score,
        "reason": score.reason(),
    }


def _named(state: SoloState, name: str) -> SoloState:
    core = state.core
    return replace(state, core=replace(core, players=(replace(core.players[0], name=name),)))


def _player(raw: object, kit: Kit) -> tuple[str, str | None, PrintedLayout | None]:
    if raw is None:
        raise RecordError("a solo record needs 'player': {\"side\": \"A1\"} or {\"printed\": ...}")
    if not isinstance(raw, dict):
        raise RecordError("'player' must be an object with a 'side' or a 'printed' layout")
    name = raw.get("name", "solo")
    if not isinstance(name, str) or not name.strip():
        raise RecordError("'player.name' must be a non-empty string")
    name_problem(name, 1)
    side, printed = raw.get("side"), raw.get("printed")
    try:
        if printed is not None:
            if not isinstance(printed, str):
                raise RecordError("'player.printed' must be a printed-notation string")
            return name, side if isinstance(side, str) else None, PrintedLayout.parse(printed)
        if isinstance(side, str):
            kit.side(side)
            return name, side, None
    except NotationError as exc:
        raise RecordError(f"player: {exc}") from None
    raise RecordError("'player' needs a board 'side' (e.g. 'A1') or a 'printed' layout")


def _deal(raw: object, kit: Kit) -> SoloDeal:
    if not isinstance(raw, dict):
        raise RecordError("'deal' must be an object: {\"seed\": N, \"game\": 1} or explicit top/bottom/numbered/path")
    try:
        if "seed" in raw:
            seed, game = raw["seed"], raw.get("game", 1)
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise RecordError("'deal.seed' must be a whole number")
            if not isinstance(game, int) or isinstance(game, bool):
                raise RecordError("'deal.game' must be 1, 2 or 3")
            return seeded_deal(kit, seed, game)
        if any(k in raw for k in DEAL_PARTS):
            return _explicit_deal(raw, kit)
    except IllegalAction as exc:
        raise RecordError(exc.message, code=exc.code) from None
    raise RecordError("'deal' needs 'seed' or the lists 'top', 'bottom', 'numbered' and 'path'")


def _explicit_deal(raw: dict, kit: Kit) -> SoloDeal:
    tiles = []
    parts = []
    for part in DEAL_PARTS:
        items = raw.get(part)
        if not isinstance(items, list):
            raise RecordError(f"'deal.{part}' must be a list of tiles like 'green' or 'yellow:O4'")
        ids = []
        for item in items:
            tiles.append(tile_from(item, kit, f"deal.{part}"))
            ids.append(len(tiles) - 1)
        parts.append(tuple(ids))
    return SoloDeal(tuple(tiles), *parts)
