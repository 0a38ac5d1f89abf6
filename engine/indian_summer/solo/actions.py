"""The solo game's own actions, with text forms in the style of `engine.indian_summer.actions`.

Solo text forms (everything else is the multiplayer text: leaf path:N, squirrel, nut, feather,
forgo, exchange, animal, end):
  refill top left            the Player Path ran empty: refill from the Top Path's left end
  berry bottom right         pay a Berry: refill to 5 (or take a 6th) from the Bottom Path's right end
  refill top left 3          the same, saying how many tiles were taken (a table record states what
  berry top right 1          the camera saw; the rules check it is the number the rules require)
  mushroom                   pay a Mushroom: take the tiles on the Mushroom spaces
  leaf mushroom:2 *A1 B1 C1  during a Mushroom: place the tile from Mushroom space 2
  forgo mushroom:1           during a Mushroom: leave a tile that fits nowhere on its space
  observe top:2 red          the camera saw a tile's colour (p1:N, top:N, bottom:N, space:N, mushroom:N)
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.errors import NotationError
from engine.indian_summer.actions import Action, parse_action
from engine.indian_summer.placement import Placement
from engine.indian_summer.solo.state import PATHS, SIDES


def _path_side(verb: str, rest: list[str]) -> tuple[str, str, int | None]:
    words = [w.lower() for w in rest]
    count = None
    if len(words) == 3 and words[2].isdigit():
        count = int(words.pop())
    if len(words) != 2 or words[0] not in PATHS or words[1] not in SIDES:
        raise NotationError(f"'{verb}' needs a path and a side, e.g. '{verb} top left' (top|bottom, left|right), "
                            "optionally the number of tiles taken")
    return words[0], words[1], count


def _count_text(count: int | None) -> str:
    return "" if count is None else f" {count}"


def _mushroom_space(token: str) -> int:
    t = token.lower()
    if t.startswith("mushroom:") and t[9:].isdigit() and int(t[9:]) >= 1:
        return int(t[9:])
    raise NotationError(f"{token!r} is not a Mushroom space (mushroom:1, mushroom:2)")


@dataclass(frozen=True, slots=True)
class Refill:
    path: str  # 'top' | 'bottom'
    side: str  # 'left' | 'right'
    count: int | None = None  # tiles taken, when the record states it

    def format(self) -> str:
        return f"refill {self.path} {self.side}{_count_text(self.count)}"


@dataclass(frozen=True, slots=True)
class SoloBerry:
    path: str
    side: str
    count: int | None = None

    def format(self) -> str:
        return f"berry {self.path} {self.side}{_count_text(self.count)}"


@dataclass(frozen=True, slots=True)
class SoloMushroom:
    def format(self) -> str:
        return "mushroom"


@dataclass(frozen=True, slots=True)
class PlaceMushroomTile:
    space: int  # 1-based Mushroom space
    placement: Placement

    def format(self) -> str:
        return f"leaf mushroom:{self.space} {self.placement.format()}"


@dataclass(frozen=True, slots=True)
class ForgoMushroomTile:
    space: int

    def format(self) -> str:
        return f"forgo mushroom:{self.space}"


SoloOnly = Refill | SoloBerry | SoloMushroom | PlaceMushroomTile | ForgoMushroomTile
SoloAction = SoloOnly | Action


def parse_solo_action(text: str) -> SoloAction:
    """Solo forms first; anything else is read as a multiplayer action (the rules then say whether
    it belongs in a solo game)."""
    words = text.split()
    if not words:
        raise NotationError("empty action")
    verb, rest = words[0].lower(), words[1:]
    if verb == "refill":
        return Refill(*_path_side(verb, rest))
    if verb == "berry" and rest:
        return SoloBerry(*_path_side(verb, rest))
    if verb == "berry":
        raise NotationError("in solo a Berry names a path and a side, e.g. 'berry top left'")
    if verb == "mushroom":
        if rest:
            raise NotationError("in solo the Mushroom takes no targets: write 'mushroom'")
        return SoloMushroom()
    if verb == "leaf" and rest and rest[0].lower().startswith("mushroom:"):
        if len(rest) < 2:
            raise NotationError("'leaf mushroom:N' needs squares, e.g. 'leaf mushroom:1 *A1 B1 C1'")
        return PlaceMushroomTile(_mushroom_space(rest[0]), Placement.parse(" ".join(rest[1:])))
    if verb == "forgo" and rest and rest[0].lower().startswith("mushroom:"):
        if len(rest) != 1:
            raise NotationError("write 'forgo mushroom:N'")
        return ForgoMushroomTile(_mushroom_space(rest[0]))
    return parse_action(text)
