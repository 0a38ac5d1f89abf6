"""`leafwatch record check|apply FILE`: validate or play a JSON game record."""
from __future__ import annotations

import json


def register(sub) -> None:
    p = sub.add_parser("record", help="check or apply a JSON game record",
                       description="Check or apply a JSON game record (Indian Summer multiplayer or solo, Summer Nine, "
                                   "Summer Resort).")
    verbs = p.add_subparsers(dest="verb", metavar="VERB", required=True)
    check = verbs.add_parser("check", help="validate a record: schema, notation, and every action's legality")
    check.add_argument("file")
    check.add_argument("--kit", help="kit TOML file (default: the reference kit)")
    check.set_defaults(func=_check)
    apply_ = verbs.add_parser("apply", help="play a record and print boards, supplies, paths and standings")
    apply_.add_argument("file")
    apply_.add_argument("--json", action="store_true", help="print JSON instead of text")
    apply_.add_argument("--kit", help="kit TOML file (default: the reference kit)")
    apply_.set_defaults(func=_apply)


def _check(args) -> int:
    from store.files import read_kit
    from store.records import play_file

    kind, result = play_file(args.file, read_kit(args.kit))
    if kind == "solo":
        print(f"{args.file}: a valid solo record")
    elif kind == "nine":
        print(f"{args.file}: a valid Summer Nine record; {len(result['scores'])} players, "
              + ("game over" if result["over"] else f"round {result['round']}, {result['to_play']} to play"))
    elif kind == "resort":
        print(f"{args.file}: a valid Summer Resort record; {len(result['players'])} players, "
              + ("game over" if result["over"] else f"round {result['round']}, {result['phase']} phase"))
    else:
        print(f"{args.file}: valid; {len(result.players)} players, turn {result.turn}, "
              + ("game over" if result.over else f"{result.player.name} to play"))
    return 0


def _apply(args) -> int:
    from store.files import read_kit
    from companion.game_view import state_json, state_lines
    from store.records import play_file

    kind, result = play_file(args.file, read_kit(args.kit))
    if kind == "solo":
        print(json.dumps(result, indent=2) if args.json else _solo_text(result))
        return 0
    if kind == "nine":
        from engine.summer_nine.record import outcome_lines

        print(json.dumps(result, indent=2) if args.json else "\n".join(outcome_lines(result)))
        return 0
    if kind == "resort":
        from leafwatch.cli.resort_cmd import outcome_lines as resort_lines

        print(json.dumps(result, indent=2) if args.json else "\n".join(resort_lines(result)))
        return 0
    if args.json:
        print(json.dumps(state_json(result), indent=2))
    else:
        print("\n".join(state_lines(result)))
    return 0


def _solo_text(outcome: dict) -> str:
    from companion.game_view import value_words

    lines = []
    for key, value in outcome.items():
        label = key.replace("_", " ")
        if isinstance(value, list) and value:
            lines.append(f"{label}:")
            lines += [f"  {value_words(v)}" for v in value]
        else:
            lines.append(f"{label}: {value_words(value)}")
    return "\n".join(lines)
