"""Everything a player (or the table, for observations) can do, as frozen values with a text form.

Text forms (one action a line in records):
  leaf path:3 *A1 B1 C1      main action: the 3rd tile of your Player Path (1 = next to the Backpack)
  leaf p2 *A1 B1 C1          during a Mushroom: the front tile of seat 2's path; 'common' in 2 players
  squirrel E4                main action: a free squirrel
  feather | mushroom p2 p3   alternative main actions (then 'leaf' the tiles, or 'forgo' one that fits nowhere)
  forgo p2 | forgo           give up a Mushroom tile, or the rest of a Feather, that fits nowhere
  berry                      refill the Player Path to 5, or take a 6th tile
  nut E4                     a squirrel for a Nut
  exchange berry berry > nut | exchange feather > berry
  animal hedgehog C3 D3 C4 D4
  end                        end the turn
  observe p2:3 yellow        the camera saw a tile's colour (common:1 for the Common Path)
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.errors import NotationError
from engine.indian_summer.kit import COLOURS, TREASURES
from engine.indian_summer.placement import Placement
from engine.indian_summer.squares import Square, mask_of, squares_of


def _seat(token: str) -> int:
    if len(token) >= 2 and token[0] in "pP" and token[1:].isdigit() and int(token[1:]) >= 1:
        return int(token[1:]) - 1
    raise NotationError(f"{token!r} is not a seat (p1, p2, ...)")


@dataclass(frozen=True, slots=True)
class Source:
    """Where a leaf tile comes from: own path position, another seat's front tile, or the Common Path."""

    kind: str  # 'path' | 'seat' | 'common'
    index: int = 0  # path position (0-based) or seat (0-based)

    @staticmethod
    def parse(token: str) -> "Source":
        t = token.lower()
        if t.startswith("path:") and t[5:].isdigit() and int(t[5:]) >= 1:
            return Source("path", int(t[5:]) - 1)
        if t == "common":
            return Source("common")
        return Source("seat", _seat(t))

    def format(self) -> str:
        if self.kind == "path":
            return f"path:{self.index + 1}"
        if self.kind == "common":
            return "common"
        return f"p{self.index + 1}"


@dataclass(frozen=True, slots=True)
class PlaceLeaf:
    source: Source
    placement: Placement

    def format(self) -> str:
        return f"leaf {self.source.format()} {self.placement.format()}"


@dataclass(frozen=True, slots=True)
class PlaceSquirrel:
    square: Square

    def format(self) -> str:
        return f"squirrel {self.square}"


@dataclass(frozen=True, slots=True)
class UseFeather:
    def format(self) -> str:
        return "feather"


@dataclass(frozen=True, slots=True)
class UseMushroom:
    targets: tuple[Source, ...]

    def format(self) -> str:
        return "mushroom " + " ".join(t.format() for t in self.targets)


@dataclass(frozen=True, slots=True)
class Forgo:
    source: Source | None = None  # None: the rest of a Feather

    def format(self) -> str:
        return "forgo" + (f" {self.source.format()}" if self.source else "")


@dataclass(frozen=True, slots=True)
class UseBerry:
    def format(self) -> str:
        return "berry"


@dataclass(frozen=True, slots=True)
class UseNut:
    square: Square

    def format(self) -> str:
        return f"nut {self.square}"


@dataclass(frozen=True, slots=True)
class Exchange:
    give: tuple[str, ...]
    get: str

    def format(self) -> str:
        return "exchange " + " ".join(self.give) + " > " + self.get


@dataclass(frozen=True, slots=True)
class PlaceAnimal:
    animal: str
    mask: int

    @property
    def squares(self) -> list[Square]:
        return squares_of(self.mask)

    def format(self) -> str:
        return f"animal {self.animal} " + " ".join(str(s) for s in self.squares)


@dataclass(frozen=True, slots=True)
class EndTurn:
    def format(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Observe:
    """Not a player's choice: what the camera learned about a tile it could not see before."""

    where: str  # 'p2:3' or 'common:1'
    colour: str

    def format(self) -> str:
        return f"observe {self.where} {self.colour}"


Action = (PlaceLeaf | PlaceSquirrel | UseFeather | UseMushroom | Forgo | UseBerry | UseNut | Exchange
          | PlaceAnimal | EndTurn | Observe)


def parse_action(text: str) -> Action:
    words = text.split()
    if not words:
        raise NotationError("empty action")
    verb, rest = words[0].lower(), words[1:]

    def need(n: int, usage: str):
        if len(rest) < n:
            raise NotationError(f"'{verb}' needs {usage}")

    if verb == "leaf":
        need(2, "a source and squares, e.g. 'leaf path:1 *A1 B1 C1'")
        return PlaceLeaf(Source.parse(rest[0]), Placement.parse(" ".join(rest[1:])))
    if verb in ("squirrel", "nut"):
        need(1, "a square, e.g. 'E4'")
        sq = Square.parse(rest[0])
        return PlaceSquirrel(sq) if verb == "squirrel" else UseNut(sq)
    if verb == "feather":
        return UseFeather()
    if verb == "mushroom":
        need(1, "one or two sources, e.g. 'mushroom p2 p3'")
        return UseMushroom(tuple(Source.parse(t) for t in rest))
    if verb == "forgo":
        return Forgo(Source.parse(rest[0]) if rest else None)
    if verb == "berry":
        return UseBerry()
    if verb == "exchange":
        if ">" not in rest or rest.index(">") == 0 or rest.index(">") != len(rest) - 2:
            raise NotationError("write exchanges as 'exchange berry berry > nut'")
        give, get = tuple(w.lower() for w in rest[:-2]), rest[-1].lower()
        for w in give + (get,):
            if w not in TREASURES:
                raise NotationError(f"{w!r} is not a treasure ({', '.join(TREASURES)})")
        return Exchange(give, get)
    if verb == "animal":
        need(2, "an animal and its squares, e.g. 'animal chipmunk A1 B1'")
        squares = [Square.parse(t) for t in rest[1:]]
        if len(set(squares)) != len(squares):
            raise NotationError("a square is named twice")
        return PlaceAnimal(rest[0].lower(), mask_of(squares))
    if verb == "end":
        return EndTurn()
    if verb == "observe":
        need(2, "a place and a colour, e.g. 'observe p2:3 yellow'")
        if rest[1].lower() not in COLOURS:
            raise NotationError(f"{rest[1]!r} is not a leaf colour ({', '.join(COLOURS)})")
        return Observe(rest[0].lower(), rest[1].lower())
    raise NotationError(f"unknown action {verb!r}")
