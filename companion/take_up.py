"""Joining a game in progress: the camera reads every player's board as it lies, the players check the
reading and tell what a camera cannot see (their treasures, their Player Paths, whose turn), and the
game goes on from that position, written as a game record that starts from it."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from companion.seating import PlayError
from engine.indian_summer.kit import COLOUR_LETTER, TREASURES
from engine.indian_summer.squares import ALL_SQUARES
from engine.indian_summer.state import GameState

LETTER_OF = {"berry": "B", "nut": "N", "mushroom": "M", "feather": "F"}
PATH_LETTERS = {**{v: k for k, v in COLOUR_LETTER.items()}, "?": "?"}


@dataclass(frozen=True)
class TableReading:
    """Each seat's board as the camera read it steadily (None: never read whole), the squares its last
    reading could not see, and how many frames it took."""
    pieces: tuple[str | None, ...]
    unread: tuple[tuple[str, ...], ...]
    frames: int

    @property
    def complete(self) -> bool:
        return all(p is not None for p in self.pieces)

    def problem(self, state: GameState) -> str:
        """One line: whose board could not be read, and where."""
        parts = []
        for seat, (pieces, unread) in enumerate(zip(self.pieces, self.unread)):
            if pieces is None:
                p = state.players[seat]
                where = f"squares {', '.join(unread[:8])}{' ...' if len(unread) > 8 else ''} unseen" if unread \
                    else "not found, or not steady"
                parts.append(f"{p.name}'s board ({p.side}): {where}")
        return f"the camera could not read every board in {self.frames} frames: " + "; ".join(parts)


def read_table(frames: Iterator, state: GameState, stable: int = 3, limit: int = 150, profile=None,
               analyze=None) -> TableReading:
    """Read frames (FrameItems or BGR images) until every player's board has read the same, with no
    square unseen, `stable` frames in a row, or `limit` frames have gone by; the frames after those are
    left in the iterator for the game. `analyze` is vision's, or a stand-in."""
    if analyze is None:
        from vision.analysis import analyze
    sides = {p.side: seat for seat, p in enumerate(state.players) if p.side}
    known = {p.side: p.board.printed.format() for p in state.players if p.side}
    recent: dict[int, list[str]] = {seat: [] for seat in range(len(state.players))}
    steady: dict[int, str] = {}
    count = 0
    for item in frames:
        count += 1
        try:
            result = analyze(getattr(item, "image", item), profile, known)
        except ValueError:
            continue
        for board in result.boards:
            seat = sides.get(board.side)
            if seat is None:
                continue
            recent[seat] = (recent[seat] + [board.pieces])[-stable:]
            last = recent[seat]
            if len(last) == stable and len(set(last)) == 1 and "?" not in last[0]:
                steady[seat] = last[0]
        if len(steady) == len(state.players) or count >= limit:
            break
    pieces = tuple(steady.get(seat) for seat in range(len(state.players)))
    unread = tuple(tuple(str(sq) for sq in ALL_SQUARES if recent[seat] and recent[seat][-1].replace("/", "")[sq.index] == "?")
                   for seat in range(len(state.players)))
    return TableReading(pieces, unread, count)


# ---------------------------------------------------------------- what the players tell

def parse_treasures(text: str) -> dict[str, int]:
    """'B1 N2 M0 F1' (any order, letters or names, missing ones 0) -> counts."""
    if not re.fullmatch(r"[\s,;]*(?:[A-Za-z]+\s*\d+[\s,;]*)*", text):
        raise PlayError(f"treasures {text!r}: write them like 'B1 N2 M0 F1'")
    counts = {k: 0 for k in TREASURES}
    for word, n in re.findall(r"([A-Za-z]+)\s*(\d+)", text):
        kind = next((k for k in TREASURES if LETTER_OF[k] == word.upper() or k == word.lower()), None)
        if kind is None:
            raise PlayError(f"{word!r} is not a treasure (B Berry, N Nut, M Mushroom, F Feather)")
        counts[kind] = int(n)
    return counts


def format_treasures(counts: dict[str, int]) -> str:
    return " ".join(f"{LETTER_OF[k]}{counts.get(k, 0)}" for k in TREASURES)


def parse_path(text: str) -> list[str]:
    """'GGYYR' (G green, Y yellow, R red, ? unseen; index 0 next to the Backpack) -> record tiles."""
    letters = text.replace(" ", "").upper()
    bad = sorted(set(letters) - set(PATH_LETTERS))
    if bad:
        raise PlayError(f"path {text!r}: {bad[0]!r} is not a tile (G green, Y yellow, R red, ? unseen)")
    return [PATH_LETTERS[ch] for ch in letters]


def taken_up_record(state: GameState, pieces: tuple[str, ...], treasures: list[dict[str, int]],
                    paths: list[list[str]], to_play: int, common: int | None = None) -> dict:
    """The game record that starts from the table as read and told (`to_play`: a seat, from 0)."""
    players = []
    for p in state.players:
        players.append({"name": p.name, "side": p.side} if p.side else {"name": p.name,
                                                                       "printed": p.board.printed.format()})
    position = {
        "players": [{"pieces": b, "treasures": t, "path": path} for b, t, path in zip(pieces, treasures, paths)],
        "to_play": to_play + 1,
    }
    if common is not None:
        position["common"] = common
    return {"players": players, "position": position}
