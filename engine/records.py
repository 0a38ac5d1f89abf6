"""What game records of every game share: the error that points at the bad part of a record."""
from __future__ import annotations

import unicodedata

from engine.errors import LeafwatchError

MAX_NAME = 40  # characters of a player's name



class RecordError(LeafwatchError):
    """A game record that cannot be played: malformed (index None) or an illegal action at `index`."""

    def __init__(self, message: str, index: int | None = None, code: str = "malformed"):
        where = f"actions[{index}]: " if index is not None else ""
        super().__init__(f"{where}{message}")
        self.index = index
        self.code = code
        self.message = message


FORMAT = "leafwatch-game-record"
VERSION = 1


def check_header(data: object, game: str) -> dict:
    """The parts every record shares: an object of our format and version, for this kind of game."""
    if not isinstance(data, dict):
        raise RecordError("a game record is a JSON object")
    if data.get("format", FORMAT) != FORMAT:
        raise RecordError(f"'format' must be {FORMAT!r}")
    if data.get("version", VERSION) != VERSION:
        raise RecordError(f"record version {data.get('version')!r} is not supported (this is version {VERSION})")
    if data.get("game", "multiplayer") != game:
        raise RecordError(f"not a {game} record: game is {data.get('game', 'multiplayer')!r}")
    return data


def parse_actions(texts: object, parse, example: str) -> tuple:
    """Action strings to actions; a RecordError names the first that does not read."""
    from engine.errors import IllegalAction, NotationError

    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise RecordError(f"'actions' must be a list of strings such as {example!r}")
    actions = []
    for i, text in enumerate(texts):
        try:
            actions.append(parse(text))
        except NotationError as exc:
            raise RecordError(f"{text!r}: {exc}", index=i, code="notation") from None
        except IllegalAction as exc:
            raise RecordError(f"{text!r}: {exc.message}", index=i, code=exc.code) from None
    return tuple(actions)


def play_actions(start, actions, texts, step) -> tuple[object, list]:
    """Fold `step` over the actions; an illegal one becomes a RecordError naming its index."""
    from engine.errors import IllegalAction

    state, events = start, []
    for i, (action, text) in enumerate(zip(actions, texts)):
        try:
            state, ev = step(state, action)
        except IllegalAction as exc:
            raise RecordError(f"{text!r} is illegal [{exc.code}]: {exc.message}", index=i, code=exc.code) from None
        events.append(ev)
    return state, events


def name_problem(name: str, seat: int) -> None:
    """A player name is shown on terminals and LED labels: control characters (escape sequences that
    would move the cursor, recolour or clear the screen) are refused, as are very long names."""
    bad = [ch for ch in name if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp")]
    if bad:
        raise RecordError(f"player {seat}'s name {visible(name)} holds control characters; use letters, digits and spaces")
    if len(name) > MAX_NAME:
        raise RecordError(f"player {seat}'s name is {len(name)} characters long; at most {MAX_NAME}")


def visible(text: str, keep: int = 40) -> str:
    """`text` quoted, with control characters written as escapes, cut to `keep` characters."""
    shown = repr(text[:keep])
    return shown + ("..." if len(text) > keep else "")
