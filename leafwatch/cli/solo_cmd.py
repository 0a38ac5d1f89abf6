"""`leafwatch solo score|play-demo`: the three-game series calculator and a seeded bot game."""
from __future__ import annotations

import json
import pathlib

from leafwatch.cli.errors import CliError, UsageError


def register(sub) -> None:
    p = sub.add_parser("solo", help="solo games: score a series, watch a bot game",
                       description="The solo game of Indian Summer and its three-game series.")
    verbs = p.add_subparsers(dest="verb", metavar="VERB", required=True)
    score = verbs.add_parser(
        "score", help="series score from up to 3 game results",
        description="Score a series of up to 3 solo games. Give results in play order as won:POINTS or "
                    "lost:POINTS (e.g. 'won:12 lost:-3 won:7'; 'forfeit' for a third game after two losses), "
                    "or one JSON file listing the games: results, solo game records or final positions.")
    score.add_argument("games", nargs="+", metavar="RESULT|FILE")
    score.add_argument("--json", action="store_true", help="print JSON")
    score.add_argument("--kit", help="kit TOML file (default: the reference kit)")
    score.set_defaults(func=_score)
    demo = verbs.add_parser("play-demo", help="a seeded bot plays solo games, printed as text",
                            description="A seeded bot plays a solo series (or one game of it) headless.")
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--game", type=int, choices=(1, 2, 3), help="play only this game of the series")
    demo.add_argument("--side", default="A1", help="Forest Floor side (default A1)")
    demo.add_argument("--json", action="store_true", help="print the games as solo records and the series as JSON")
    demo.set_defaults(func=_demo)


def _score(args) -> int:
    from store.files import read_json, read_kit
    from engine.errors import NotationError
    from engine.indian_summer.solo.results import results_from_json
    from engine.indian_summer.solo.series import SeriesError, parse_results, score_series

    try:
        if len(args.games) == 1 and (args.games[0].endswith(".json") or pathlib.Path(args.games[0]).is_file()):
            games = results_from_json(read_json(args.games[0]), read_kit(args.kit))
        else:
            games = parse_results(args.games)
        result = score_series(games)
    except NotationError as exc:
        raise UsageError(str(exc)) from None
    except SeriesError as exc:
        raise CliError(str(exc)) from None
    if args.json:
        print(json.dumps({
            "score": result.score, "reason": result.reason, "complete": result.complete,
            "forfeit": result.forfeit, "counted": list(result.counted),
            "games": [g.format() for g in result.games],
        }, indent=2))
    else:
        for n, g in enumerate(result.games, 1):
            print(f"game {n}: {g.format()}{'  (counts)' if n in result.counted else ''}")
        if result.forfeit:
            print("game 3: forfeit")
        print(f"series: {result.score}")
        print(result.reason)
    return 0


def _demo(args) -> int:
    import random

    from engine.errors import NotationError
    from engine.indian_summer.kit import reference_kit
    from engine.indian_summer.solo.bot import play_solo
    from engine.indian_summer.solo.record import outcome_json
    from engine.indian_summer.solo.series import GameResult, score_series
    from engine.indian_summer.solo.setup import new_solo_game, seeded_deal

    kit = reference_kit()
    try:
        kit.side(args.side)
    except NotationError as exc:
        raise UsageError(str(exc)) from None
    games = [args.game] if args.game else [1, 2, 3]
    results, records, outcomes = [], [], []
    for g in games:
        if not args.game and len(results) == 2 and not results[0].won and not results[1].won:
            break  # the third game is forfeit after two losses
        start = new_solo_game(kit, seeded_deal(kit, args.seed, g), side=args.side)
        final, log = play_solo(start, random.Random(f"{args.seed}:{g}"))
        outcome = outcome_json(final)
        results.append(GameResult(outcome["won"], outcome["score"]))
        records.append({"format": "leafwatch-game-record", "version": 1, "game": "solo",
                        "player": {"side": args.side}, "deal": {"seed": args.seed, "game": g},
                        "actions": [a.format() for a in log]})
        outcomes.append(outcome)
        if not args.json:
            _print_game(g, log, outcome)
    series = score_series(results) if not args.game else None
    if args.json:
        print(json.dumps({"records": records, "outcomes": outcomes,
                          "series": None if series is None else {"score": series.score, "reason": series.reason}},
                         indent=2))
    elif series is not None:
        print(f"series: {series.score} ({series.reason})")
    return 0


def _print_game(number: int, log, outcome: dict) -> None:
    print(f"== game {number}")
    turn, line = 1, []
    for a in log:
        line.append(a.format())
        if a.format() == "end":
            print(f"turn {turn:2}: " + "; ".join(line))
            turn, line = turn + 1, []
    print("board:  " + outcome["pieces"])
    for s in outcome["final_phase"]:
        print("  final phase: " + s)
    print(f"result: {'won' if outcome['won'] else 'lost'}:{outcome['score']}  ({outcome['reason']})")
    print()

