"""`leafwatch nine score|play`: Summer Nine's exact final score, and a game kept at the table."""
from __future__ import annotations

import json
import sys

from leafwatch.cli.errors import CliError, UsageError

KEYS = ("Keys in the TUI: r reveal/hide the round's column, p type a pick, a type any action, t Take Two, "
        "e end the turn, u undo, q quit (the game stays in the journal).")


def register(sub) -> None:
    p = sub.add_parser("nine", help="Summer Nine: the exact final score, or keep a game at the table",
                       description="Summer Nine, the 2-4 player card draft of 9-slot summer schedules.")
    verbs = p.add_subparsers(dest="verb", metavar="VERB", required=True)
    score = verbs.add_parser(
        "score", help="each player's score, card by card and objective by objective, and the standings",
        description="Score finished schedules and hands (a record whose players give 'schedule' and 'hand'), "
                    "or play a whole Summer Nine game record and score where it ends.")
    score.add_argument("file")
    score.add_argument("--json", action="store_true", help="print JSON")
    score.add_argument("--kit", help="Summer Nine kit TOML file (default: the shipped kit)")
    score.set_defaults(func=_score)
    play = verbs.add_parser(
        "play", help="keep a game from the first round to the score (TUI, or headless lines)",
        description="Keep a Summer Nine game: every pick, reveal and action card is checked by the rules, "
                    "mistakes are flagged as they happen, and the final score is shown with its reasons. "
                    "With --seed the software shuffles and knows the deck; without it the table names the cards "
                    "it turns up. Headless (or without a terminal) reads one action a line from --script FILE "
                    "or standard input ('undo' takes one back) and prints what happened.",
        epilog=KEYS)
    play.add_argument("--players", default="P1,P2,P3", metavar="A,B,C",
                      help="2 to 4 names in seating order; the first starts every round (default P1,P2,P3)")
    play.add_argument("--seed", type=int, help="shuffle the deck with this seed (the software knows every card)")
    play.add_argument("--kit", help="Summer Nine kit TOML file (default: the shipped kit)")
    play.add_argument("--headless", action="store_true", help="no TUI: read action lines, print what happened")
    play.add_argument("--script", metavar="FILE", help="headless: read the action lines from FILE")
    play.add_argument("--journal", metavar="FILE", default=None,
                      help="where the game is written as it happens (default: $LEAFWATCH_JOURNAL or "
                           "~/.local/share/leafwatch/games.sqlite)")
    play.add_argument("--no-journal", action="store_true", help="do not keep this game")
    play.add_argument("--resume", type=int, metavar="GAME", help="go on with a journalled game "
                                                                 "(see 'leafwatch journal list')")
    play.set_defaults(func=_play)


def _read_kit(path: str | None):
    import pathlib

    from engine.errors import NotationError
    from engine.summer_nine.kit import Kit, reference_kit

    if path is None:
        return reference_kit()
    try:
        return Kit.from_toml(pathlib.Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise CliError(f"kit file {path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise CliError(f"kit file {path} is not a text file") from None
    except NotationError as exc:
        raise CliError(f"kit file {path}: {exc}") from None


def _score(args) -> int:
    from store.files import read_json
    from engine.errors import IllegalAction, NotationError
    from engine.records import RecordError
    from engine.summer_nine.record import outcome_json, score_lines, score_record, scores_json

    kit = _read_kit(args.kit)
    data = read_json(args.file)
    if isinstance(data, dict) and "game" not in data:
        data = dict(data, game="nine")
    try:
        state, scores = score_record(data, kit)
    except RecordError as exc:
        raise CliError(f"{args.file}: {exc}") from None
    except (IllegalAction, NotationError) as exc:
        raise CliError(f"{args.file}: {exc}") from None
    from store.records import schema_problem

    problem = schema_problem(data)
    if problem:
        raise CliError(f"{args.file}: {problem}")
    if args.json:
        out = outcome_json(state) if state is not None else dict({"game": "nine", "over": True}, **scores_json(scores))
        print(json.dumps(out, indent=2))
        return 0
    if state is not None and not state.over:
        print(f"(the game stops in round {state.round}: scored as it stands)")
    print("\n".join(score_lines(scores)))
    return 0


def _play(args) -> int:
    from store.journal import JournalError, open_journal
    from companion.nine_table import NineTable
    from engine.errors import IllegalAction, NotationError
    from engine.records import RecordError

    kit = _read_kit(args.kit)
    journal = None
    if not args.no_journal:
        try:
            journal = open_journal(args.journal)
        except JournalError as exc:
            raise CliError(f"{exc} (or play with --no-journal)") from None
    try:
        if args.resume is not None:
            if journal is None:
                raise UsageError("--resume needs the journal; drop --no-journal")
            try:
                record = journal.record(args.resume)
            except JournalError as exc:
                raise CliError(str(exc)) from None
            if record.get("game") != "nine":
                raise CliError(f"game {args.resume} in the journal is not a Summer Nine game")
            setup, texts, game_id = record, record.get("actions", []), args.resume
        else:
            names = [n.strip() for n in args.players.split(",")]
            if not 2 <= len(names) <= 4 or not all(names):
                raise UsageError('--players takes 2 to 4 names, e.g. --players "Ada,Bo,Cy"')
            if len(set(names)) != len(names):
                raise UsageError("--players: every player needs a different name")
            deal = {"seed": args.seed} if args.seed is not None else {"table": True}
            setup = {"players": [{"name": n} for n in names], "deal": deal}
            texts, game_id = [], None
        try:
            table = NineTable(setup, texts, kit=kit, journal=journal, game_id=game_id)
        except (RecordError, IllegalAction, NotationError) as exc:
            raise CliError(f"the game cannot be set up: {exc}") from None
        kept = f"game {table.game_id} is kept in {journal.path}" if journal is not None else "not kept"
        if args.headless or args.script or not _interactive():
            return _headless(table, args, kept)
        from tui.nine_app import run_nine_tui

        code = run_nine_tui(table)
        print(f"leafwatch nine: {kept}")
        return code
    finally:
        if journal is not None:
            journal.close()


def _interactive() -> bool:
    """A person at a terminal: the TUI; otherwise action lines in, words out."""
    return sys.stdout.isatty() and sys.stdin.isatty()


def _headless(table, args, kept: str) -> int:
    if args.script:
        try:
            with open(args.script, encoding="utf-8") as f:
                lines = f.read().splitlines()
        except OSError as exc:
            raise CliError(f"{args.script}: cannot read ({exc.strerror})") from None
        except UnicodeDecodeError:
            raise CliError(f"{args.script} is not a text file of action lines") from None
    else:
        lines = sys.stdin
    names = ", ".join(p.name for p in table.state.players)
    print(f"leafwatch nine: {names}; {kept}")
    print(table.prompt())
    refused = taken = 0
    for raw in lines:
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        taken += 1
        if line.lower() == "undo":
            undone = table.undo()
            print("> undo" + (f": {undone} taken back" if undone else ": nothing to undo"))
            continue
        print(f"> {line}")
        before = len(table.alerts)
        events = table.submit(line)
        for e in events:
            print(f"  {e}")
        if not events and len(table.alerts) > before:
            refused += 1
            print(f"  ! {table.alerts[-1]}")
        if not table.state.over and events:
            print(f"  next: {table.prompt()}")
    if table.state.over:
        print("== final score")
        print("\n".join(table.score_lines()))
    else:
        print(f"(the game goes on: {table.turn_text()}; {kept})")
    if refused:
        print(f"leafwatch nine: {refused} of {taken} lines refused (see the '!' lines)", file=sys.stderr)
        return 1
    return 0
