"""`leafwatch journal list|export`: the games leafwatch has kept."""
from __future__ import annotations

import json

from leafwatch.cli.errors import CliError


def register(sub) -> None:
    p = sub.add_parser("journal", help="list or export the games leafwatch has kept",
                       description="Every game 'leafwatch play' watches is written to the journal as it "
                                   "happens. List the games, or export one as a game record.")
    _journal_option(p)
    verbs = p.add_subparsers(dest="verb", metavar="VERB", required=True)
    ls = verbs.add_parser("list", help="the games kept, newest last")
    _journal_option(ls, after_verb=True)
    ls.set_defaults(func=_list)
    ex = verbs.add_parser("export", help="one game as a JSON game record ('leafwatch record apply' plays it)")
    _journal_option(ex, after_verb=True)
    ex.add_argument("game", type=int)
    ex.add_argument("--out", metavar="FILE", help="write to FILE instead of printing (a new file)")
    ex.add_argument("--force", action="store_true", help="replace FILE if it exists")
    ex.set_defaults(func=_export)


def _journal_option(parser, after_verb: bool = False) -> None:
    """`--journal FILE`, taken before the verb or after it (`journal list --journal F`).

    After the verb the default is SUPPRESS, so a value given before the verb is not overwritten."""
    import argparse

    parser.add_argument("--journal", metavar="FILE",
                        default=argparse.SUPPRESS if after_verb else None,
                        help="the journal file (default: $LEAFWATCH_JOURNAL or ~/.local/share/leafwatch/games.sqlite)")


def _open(args):
    import os

    from store.journal import Journal, JournalError, default_path

    path = args.journal or default_path()
    if not os.path.exists(path):
        raise CliError(f"no journal at {path}: no game has been kept there yet")
    try:
        return Journal(path)
    except JournalError as exc:
        raise CliError(str(exc)) from None


def _list(args) -> int:
    journal = _open(args)
    games = journal.games()
    if not games:
        print("no games kept yet")
    for g in games:
        names = ", ".join(n if n.isprintable() else repr(n) for n in g.players)  # escapes shown, not obeyed
        kind = "" if g.game == "multiplayer" else f"  [{g.game}]"
        print(f"{g.id:>4}  {g.started}  {names or '?'}  ({g.actions} actions){kind}")
    return 0


def _export(args) -> int:
    from store.journal import JournalError

    journal = _open(args)
    try:
        record = journal.record(args.game)
    except JournalError as exc:
        raise CliError(str(exc)) from None
    text = json.dumps(record, indent=2)
    if args.out:
        from store.safe_output import write_text

        write_text(args.out, text + "\n", args.force)
    else:
        print(text)
    return 0
