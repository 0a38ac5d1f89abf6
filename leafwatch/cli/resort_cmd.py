"""`leafwatch resort score|play`: Summer Resort kept at the table, and its records scored."""
from __future__ import annotations

import json
import sys

from leafwatch.cli.errors import CliError, UsageError


def register(sub) -> None:
    p = sub.add_parser("resort", help="Summer Resort: keep a game at the table, score a record",
                       description="Summer Resort: the companion runs the rounds (weather, placements with their "
                                   "prices, development, accommodation and rent) and scores the end.")
    verbs = p.add_subparsers(dest="verb", metavar="VERB", required=True)
    score = verbs.add_parser("score", help="play a Summer Resort record and print the standings",
                             description="Play a Summer Resort game record (JSON) and print the players' resorts "
                                         "and the standings with their reasons.")
    score.add_argument("file")
    score.add_argument("--json", action="store_true", help="print JSON")
    score.set_defaults(func=_score)
    play = verbs.add_parser(
        "play", help="keep a game round by round (TUI, or lines with --headless)",
        description="Keep a game of Summer Resort: the weather and the train, every placement priced and "
                    "checked, the development, who stays where and the rent, the final standings. Without "
                    "--seed the table types the weather card turned ('weather rain') and the vacationers "
                    "dealt ('deal stu con ...'); with --seed the companion shuffles and deals.",
        epilog="Keys in the TUI: t token group, p package, 1-8 invite from a car, c cottage, v villa, n pension, "
               "f/g forest 100/200, a automobile, r refuel; when building or housing, 1-8 take a listed way and s the "
               "suggested one; : type an action, u undo, q quit.")
    play.add_argument("--players", default="A,B,C,D", metavar="NAMES",
                      help='2 to 5 names in seating order, e.g. "Anna,Ben,Cleo,Dan" (default A,B,C,D)')
    play.add_argument("--porter", type=int, default=1, metavar="SEAT", help="the seat given the porter (default 1)")
    play.add_argument("--seed", type=int, help="the companion shuffles the weather deck and deals (seeded)")
    play.add_argument("--headless", action="store_true", help="read action lines, print words; no TUI")
    play.add_argument("--script", metavar="FILE", help="headless: read the action lines from FILE instead of stdin")
    play.add_argument("--journal", metavar="FILE", help="where the game is kept as it happens (default: "
                                                        "$LEAFWATCH_JOURNAL or ~/.local/share/leafwatch/games.sqlite)")
    play.add_argument("--no-journal", action="store_true", help="do not keep this game")
    play.add_argument("--resume", nargs="?", type=int, const=0, metavar="GAME",
                      help="go on with a kept game (default: the last Summer Resort game in the journal)")
    play.add_argument("--record", metavar="FILE", help="also write the game as a JSON record to FILE at the end")
    play.set_defaults(func=_play)


def _score(args) -> int:
    from store.resort_records import play_record_file

    outcome = play_record_file(args.file)
    print(json.dumps(outcome, indent=2) if args.json else "\n".join(outcome_lines(outcome)))
    return 0


def outcome_lines(outcome: dict) -> list[str]:
    """A played record's resorts and standings, as `resort score` and `record apply` print them."""
    status = "game over" if outcome["over"] else f"not finished: round {outcome['round']}, {outcome['phase']} phase"
    lines = [f"Summer Resort, {len(outcome['players'])} players, {status}"]
    for p in outcome["players"]:
        pres = " (President)" if p["name"] == outcome["president"] else ""
        lines.append(f"  {p['name']}{pres}: {p['money']} zl; {p['resort']}")
    lines.append("Standings" if outcome["over"] else "Standings if the game ended now")
    lines += [f"  {s['place']}. {s['name']}: {s['reason']}" for s in outcome["standings"]]
    return lines


def _players(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not 2 <= len(names) <= 5:
        raise UsageError(f"--players needs 2 to 5 names, not {len(names)} (e.g. --players \"Anna,Ben,Cleo\")")
    if len(set(names)) != len(names):
        raise UsageError("--players: every player needs a name of their own")
    return names


def _play(args) -> int:
    from store.journal import JournalError, open_journal
    from companion.resort_table import ResortTable
    from engine.errors import IllegalAction
    from engine.summer_resort.setup import new_game

    if args.script and not args.headless:
        raise UsageError("--script goes with --headless")
    journal = None
    if not args.no_journal:
        try:
            journal = open_journal(args.journal)
        except JournalError as exc:
            raise CliError(f"{exc} (or play with --no-journal)") from None
    if args.resume is not None:
        if journal is None:
            raise UsageError("--resume needs the journal; drop --no-journal")
        table = _resume_game(journal, args.resume or None)
    else:
        names = _players(args.players)
        if not 1 <= args.porter <= len(names):
            raise UsageError(f"--porter must be a seat from 1 to {len(names)}")
        try:
            start = new_game(names, porter=args.porter - 1)
        except IllegalAction as exc:
            raise UsageError(exc.message) from None
        table = ResortTable(start, seed=args.seed, journal=journal)
    kept = f"game {table.game_id} is kept in {journal.path}" if journal is not None else "not kept"
    try:
        if args.headless or not sys.stdout.isatty():
            from companion.resort_headless import run_headless

            lines = _script_lines(args.script) if args.script else sys.stdin
            print(f"leafwatch resort play: {', '.join(p.name for p in table.state.players)}; {kept}")
            code = run_headless(table, lines, print)
        else:
            from tui.resort_app import run_resort_tui

            code = run_resort_tui(table)
            print(f"leafwatch resort play: {kept}")
    finally:
        if args.record:
            _write_record(args.record, table.record())
        if journal is not None:
            journal.close()
    return code


def _script_lines(path: str) -> list[str]:
    import pathlib

    p = pathlib.Path(path)
    if not p.is_file():
        raise CliError(f"{path}: no such file")
    try:
        return p.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"{path}: cannot read it as text ({exc})") from None


def _write_record(path: str, record: dict) -> None:
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(json.dumps(record, indent=2) + "\n")
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror}") from None


def _resume_game(journal, game: int | None):
    """A ResortTable going on with a kept game: `game`, or the last Summer Resort game kept."""
    from engine.records import RecordError
    from store.journal import JournalError
    from companion.resort_table import ResortTable
    from engine.summer_resort.record import GAME, load_resort_record

    if game is None:
        kept = [g.id for g in journal.games() if journal.record(g.id).get("game") == GAME]
        if not kept:
            raise CliError(f"{journal.path} keeps no Summer Resort game to resume")
        game = kept[-1]
    try:
        data = journal.record(game)
    except JournalError as exc:
        raise CliError(str(exc)) from None
    if data.get("game") != GAME:
        raise CliError(f"game {game} in the journal is not a Summer Resort game")
    try:
        loaded = load_resort_record(data)
        table = ResortTable(loaded.start, loaded.actions, seed=data.get("seed"), journal=journal, game_id=game,
                            deck=data.get("deck"))
    except RecordError as exc:
        raise CliError(f"game {game} in the journal cannot be played again: {exc}") from None
    except Exception as exc:
        from engine.errors import IllegalAction, NotationError

        if isinstance(exc, (IllegalAction, NotationError)):
            raise CliError(f"game {game} in the journal cannot be played again: {exc}") from None
        raise
    return table
