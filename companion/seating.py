"""Who sits where: the players' names and board sides as the table gives them, and the start of a
real table's game (Player Paths known by colour, the rest unseen until played)."""
from __future__ import annotations

from engine.errors import LeafwatchError

from engine.indian_summer.kit import Kit, reference_kit
from engine.indian_summer.setup import Seat, new_game, table_deal
from engine.indian_summer.state import GameState
from engine.records import RecordError, name_problem


class PlayError(ValueError, LeafwatchError):
    """Bad input for a live game; the message is one line for the user."""


def parse_players(text: str, kit: Kit | None = None) -> list[Seat]:
    """'Tini:A1,Claus:B2' -> seats. Names and board sides must be unique; 1 to 4 players."""
    kit = kit or reference_kit()
    known = [name for name, _ in kit.sides]
    seats: list[Seat] = []
    parts = [p.strip() for p in (text or "").split(",") if p.strip()]
    if not parts:
        raise PlayError("--players needs NAME:SIDE pairs, e.g. --players \"Tini:A1,Claus:B2\"")
    if len(parts) > 4:
        raise PlayError(f"--players: Indian Summer seats 1 to 4 players, not {len(parts)}")
    for part in parts:
        name, sep, side = part.partition(":")
        name, side = name.strip(), side.strip().upper()
        if not sep or not name or not side:
            raise PlayError(f"--players: {part!r} is not NAME:SIDE (e.g. Tini:A1)")
        if side not in known:
            raise PlayError(f"--players: {name}'s board side {side!r} is not a side of the kit; known: {', '.join(known)}")
        if any(s.name == name for s in seats):
            raise PlayError(f"--players: the name {name!r} is given twice")
        if any(s.side == side for s in seats):
            raise PlayError(f"--players: board side {side} is given twice; every player's board shows a different side")
        other = next((s for s in seats if s.side[:-1] == side[:-1]), None)
        if other is not None and len(side) > 1:
            raise PlayError(f"--players: {other.side} and {side} are the two faces of one board; every player has a board of their own")
        try:
            name_problem(name, len(seats) + 1)
        except RecordError as exc:
            raise PlayError(f"--players: {exc}") from None
        seats.append(Seat(name, side))
    if not 1 <= len(seats) <= 4:
        raise PlayError(f"--players: Indian Summer seats 1 to 4 players, not {len(seats)}")
    return seats


def start_state(seats: list[Seat], kit: Kit | None = None) -> GameState:
    """A real table's start: Player Paths known by colour, the rest unseen until played."""
    kit = kit or reference_kit()
    return new_game(kit, seats, table_deal(kit, len(seats)))
