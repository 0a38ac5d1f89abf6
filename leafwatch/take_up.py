"""`leafwatch play --take-up`: join a game in progress. The camera reads every board; the players check
the reading and tell their treasures, Player Paths and whose turn it is (in the TUI, or answering
printed questions); the game then starts from that position, a game record the journal keeps."""
from __future__ import annotations

from typing import Callable, Iterator

from companion.seating import PlayError
from companion.take_up import format_treasures, parse_path, parse_treasures, read_table, taken_up_record
from engine.errors import LeafwatchError
from engine.indian_summer.state import GameState


def take_up(state: GameState, feed: Iterator, *, headless: bool, stable: int = 3,
            ask: Callable[[str], str] = input, out: Callable[[str], None] = print,
            profile=None) -> tuple[dict, GameState]:
    """(the record to start from, its start state), from the boards the feed shows and what the players
    tell, read with the table's `profile` (its colour cast and the pieces learned in earlier games). Raises
    PlayError (one line) when a board cannot be read or the players do not start."""
    reading = read_table(feed, state, stable=stable, profile=profile)
    if not reading.complete:
        raise PlayError(reading.problem(state) + "; make every board visible and try again")

    def build(values: dict) -> tuple[dict, GameState]:
        from engine.indian_summer.record import load_record

        treasures = [parse_treasures(t) for t in values["treasures"]]
        paths = [parse_path(p) for p in values["paths"]]
        text = str(values["to_play"]).strip()
        if not text.isdigit() or not 1 <= int(text) <= len(state.players):
            raise PlayError(f"whose turn: give a seat number from 1 to {len(state.players)}")
        record = taken_up_record(state, reading.pieces, treasures, paths, int(text) - 1)
        return record, load_record(record, state.kit).start

    def check(values: dict) -> str | None:
        try:
            build(values)
        except LeafwatchError as exc:
            return str(exc)
        return None

    defaults = [(p.name, p.side, pieces, p.board.printed.format(), format_treasures(p.treasures.as_dict()),
                 state.path_text(seat)) for seat, (p, pieces) in enumerate(zip(state.players, reading.pieces))]
    if headless:
        values = _ask_in_lines(defaults, str(state.current + 1), check, ask, out)
    else:
        from tui.take_up import TakeUpApp

        values = TakeUpApp(defaults, str(state.current + 1), check).run()
    if values is None:
        raise PlayError("the game was not taken up: the players did not start it")
    return build(values)


def _ask_in_lines(defaults, to_play: str, check, ask, out) -> dict | None:
    """The same questions as printed lines, each with its default in brackets (Enter keeps it)."""
    out("The camera reads the table as:")
    for name, side, pieces, _, _, _ in defaults:
        out(f"  {name} ({side}):")
        for row in pieces.split("/"):
            out("    " + " ".join(row))
    try:
        values = {"treasures": [], "paths": []}
        for name, _, _, _, treasures, path in defaults:
            values["treasures"].append(ask(f"{name}'s treasures [{treasures}]: ").strip() or treasures)
            values["paths"].append(ask(f"{name}'s Player Path [{path}]: ").strip() or path)
        values["to_play"] = ask(f"whose turn, seat number [{to_play}]: ").strip() or to_play
        problem = check(values)
        if problem:
            raise PlayError(problem)
        if ask("start from this table? [y/N]: ").strip().lower() not in ("y", "yes"):
            return None
    except EOFError:
        return None
    return values
