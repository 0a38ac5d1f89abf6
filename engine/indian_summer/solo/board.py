"""The solo side of the central board: the row of numbered and Mushroom spaces, read from data.

The row is kept as a tuple of positions in travel order: position 0 is the far end from where moved
tiles go, the last position is where they go first. The rules only ask "which position holds the
space numbered N", "which positions are Mushroom spaces" and "which free position is furthest along".
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

from engine.errors import NotationError


@dataclass(frozen=True)
class SoloBoard:
    spaces: tuple[str, ...]  # space names in travel order (the last one is where moved tiles go first)
    mushroom: tuple[str, ...]  # Mushroom space names, in the order 'mushroom:1', 'mushroom:2', ...
    turns: int
    top: int
    bottom: int
    player: int
    games_per_series: int
    tiles_per_game: int

    @staticmethod
    def from_toml(text: str) -> "SoloBoard":
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise NotationError(f"solo board file is not valid TOML: {exc}") from None
        track, paths, game = data.get("track", {}), data.get("paths", {}), data.get("game", {})
        spaces = tuple(str(s) for s in track.get("spaces", ()))
        if track.get("moves_toward", "right") == "left":
            spaces = spaces[::-1]
        elif track.get("moves_toward", "right") != "right":
            raise NotationError("solo board: moves_toward is 'right' or 'left'")
        board = SoloBoard(
            spaces=spaces, mushroom=tuple(str(s) for s in track.get("mushroom", ())),
            turns=int(game.get("turns", 10)), top=int(paths.get("top", 5)), bottom=int(paths.get("bottom", 5)),
            player=int(paths.get("player", 5)), games_per_series=int(game.get("games_per_series", 3)),
            tiles_per_game=int(game.get("tiles_per_game", 25)),
        )
        board._check()
        return board

    def _check(self) -> None:
        if len(set(self.spaces)) != len(self.spaces):
            raise NotationError("solo board: a space is listed twice")
        numbers = sorted(int(s) for s in self.spaces if s.isdigit())
        if numbers != list(range(1, self.turns + 1)):
            raise NotationError(f"solo board: the numbered spaces must be 1 to {self.turns}, one each")
        missing = [m for m in self.mushroom if m not in self.spaces]
        if missing or not self.mushroom:
            raise NotationError(f"solo board: Mushroom space {missing[0] if missing else '?'} is not a space of the row")
        if self.top + self.bottom + self.numbered + self.player != self.tiles_per_game:
            raise NotationError("solo board: Top, Bottom, numbered spaces and Player Path must hold one game's tiles")

    @property
    def numbered(self) -> int:
        return self.turns

    def position_of_number(self, n: int) -> int:
        return self.spaces.index(str(n))

    def number_at(self, position: int) -> int | None:
        name = self.spaces[position]
        return int(name) if name.isdigit() else None

    @property
    def mushroom_positions(self) -> tuple[int, ...]:
        return tuple(self.spaces.index(m) for m in self.mushroom)

    def label(self, position: int) -> str:
        name = self.spaces[position]
        if name in self.mushroom:
            return f"Mushroom space {self.mushroom.index(name) + 1}"
        return f"space {name}" if name.isdigit() else name


def solo_board_text() -> str:
    return resources.files("engine.indian_summer.solo").joinpath("solo-board.toml").read_text("utf-8")


_DEFAULT: list[SoloBoard] = []


def default_solo_board() -> SoloBoard:
    if not _DEFAULT:
        _DEFAULT.append(SoloBoard.from_toml(solo_board_text()))
    return _DEFAULT[0]
