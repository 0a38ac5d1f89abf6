"""A solo game's result from whatever the player has at hand: the result itself ('won:12' or
{"won": true, "score": 12}), the game's record, or its position after the last turn."""
from __future__ import annotations

from engine.errors import IllegalAction, NotationError
from engine.indian_summer.kit import Kit, reference_kit
from engine.indian_summer.notation import PieceGrid, PrintedLayout
from engine.indian_summer.solo.record import apply_solo_record
from engine.indian_summer.solo.scoring import score_position
from engine.indian_summer.solo.series import GameResult, SeriesError, parse_results
from engine.indian_summer.treasures import Treasures
from engine.records import RecordError

FORMS = ("'won:12' / 'lost:-3'", '{"won": true, "score": 12}', 'a solo game record ("game": "solo")',
         'a final position {"side": "A1", "pieces": "<8 rows>", "treasures": {...}}')


def results_from_json(data: object, kit: Kit | None = None) -> tuple[GameResult, ...]:
    """A list of games (or {"games": [...]}) in play order; a last "forfeit" is allowed after two losses."""
    if isinstance(data, dict) and "games" in data:
        data = data["games"]
    if not isinstance(data, list):
        raise SeriesError("give a list of up to 3 games, each one of: " + "; ".join(FORMS))
    _check_stacks(data)
    texts = []
    for i, item in enumerate(data, 1):
        try:
            texts.append(item if isinstance(item, str) else result_of(item, kit).format())
        except (NotationError, IllegalAction, RecordError, ValueError) as exc:
            raise SeriesError(f"game {i}: {getattr(exc, 'message', None) or exc}") from None
    try:
        return parse_results(texts)
    except NotationError as exc:
        raise SeriesError(str(exc)) from None


def result_of(item: object, kit: Kit | None = None) -> GameResult:
    if not isinstance(item, dict):
        raise SeriesError("a game is one of: " + "; ".join(FORMS))
    if item.get("game") == "solo":
        outcome = apply_solo_record(item, kit)
        if not outcome["over"]:
            raise SeriesError(f"the record stops during turn {outcome['turn']}; a series counts finished games")
        return GameResult(outcome["won"], outcome["score"])
    if "pieces" in item:
        return _from_position(item, kit or reference_kit())
    if isinstance(item.get("won"), bool) and isinstance(item.get("score"), int):
        result = GameResult(item["won"], item["score"])
        result.check()
        return result
    raise SeriesError("a game is one of: " + "; ".join(FORMS))


def _from_position(item: dict, kit: Kit) -> GameResult:
    if isinstance(item.get("printed"), str):
        printed = PrintedLayout.parse(item["printed"])
    elif isinstance(item.get("side"), str):
        printed = kit.side(item["side"])
    else:
        raise SeriesError("a final position needs 'side' (e.g. 'A1') or 'printed'")
    if not isinstance(item.get("pieces"), str):
        raise SeriesError("a final position needs 'pieces' in piece notation")
    raw = item.get("treasures", {})
    if not isinstance(raw, dict):
        raise SeriesError("'treasures' must be an object of counts")
    score = score_position(printed, PieceGrid.parse(item["pieces"]), Treasures.of(raw))
    return GameResult(score.won, score.score)


def _check_stacks(games: list) -> None:
    """Seeded records of one series share the seed and each uses its own stack of 25 tiles."""
    seen: dict[tuple, int] = {}
    seeds = set()
    for i, item in enumerate(games, 1):
        deal = item.get("deal") if isinstance(item, dict) and item.get("game") == "solo" else None
        if isinstance(deal, dict) and "seed" in deal:
            key = (deal["seed"], deal.get("game", 1))
            if key in seen:
                raise SeriesError(f"games {seen[key]} and {i} are dealt from the same stack "
                                  f"(seed {key[0]}, game {key[1]}); each game of a series uses its own stack")
            seen[key] = i
            seeds.add(deal["seed"])
    if len(seeds) > 1:
        raise SeriesError(f"the records use different seeds ({', '.join(map(str, sorted(seeds, key=str)))}); "
                          "one seed splits the tiles of a whole series")
