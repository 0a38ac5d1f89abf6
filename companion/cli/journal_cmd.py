"""`leafwatch journal list|export`: the games leafwatch has kept."""
from __future__ import annotations

import json

from companion.cli.errors import CliError


def register(sub) -> None:
    p = sub.add_parser("journal", help="list or export the games leafwatch has kept",
                       description="Every game 'leafwatch play' watches is written to the journal as it "
                                   "happens. List the games, or export one as a game record.")
    p.add_argument("--journal", metavar="FILE", help="the journal file (default: $LEAFWATCH_JOURNAL or "
                                                     "~/.local/share/leafwatch/games.sqlite)")
    verbs = p.add_subparsers(dest="verb", metavar="VERB", required=True)
    verbs.add_parser("list", help="the games kept, newest last").set_defaults(func=_list)
    ex = verbs.add_parser("export", help="one game as a JSON game record ('leafwatch record apply' plays it)")
    ex.add_argument("game", type=int)
    ex.add_argument("--out", metavar="FILE", help="write to FILE instead of printing (a new file)")
    ex.add_argument("--force", action="store_true", help="replace FILE if it exists")
    ex.set_defaults(func=_export)


def _open(args):
    import os

    from companion.journal import Journal, JournalError, default_path

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
        print(f"{g.id:>4}  {g.started}  {names or '?'}  ({g.actions} actions)")
    return 0


def _export(args) -> int:
    from companion.journal import JournalError

    journal = _open(args)
    try:
        record = journal.record(args.game)
    except JournalError as exc:
        raise CliError(str(exc)) from None
    text = json.dumps(record, indent=2)
    if args.out:
        from companion.safe_output import write_text

        write_text(args.out, text + "\n", args.force)
    else:
        print(text)
    return 0
