"""The state of a game of Indian Summer: frozen values, changed only by `rules.apply`.

Tiles are known to different degrees: a digital game knows every tile; at a real table the camera may
know a tile only by its colour (in a Player Path) or not at all (face-down order of the Common Path).
A tile's shape becomes known when it is placed.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.indian_summer.kit import COLOUR_LETTER, Kit
from engine.indian_summer.notation import PieceGrid, PrintedLayout
from engine.indian_summer.shapes import Shape
from engine.indian_summer.squares import AREA_MASK, AREAS, FULL_MASK, Square
from engine.indian_summer.treasures import Treasures


@dataclass(frozen=True)
class Options:
    """The table's rulings (RULINGS.md); each can be switched by a table that plays otherwise."""

    strict_shapes: bool = False  # placements must be one of the kit's shapes, not any fitting polyomino
    limited_supply: bool = True  # treasure tokens limited to the box counts
    max_path: int = 6
    common_path_length: int = 24
    animals_any_time: bool = True  # before or after the main action, any number per turn
    mushroom_forgo_both: bool = False  # the rulebook lets a Mushroom's taker forgo one of its two tiles, not both
    feather_forgo_second: bool = True  # the rulebook is silent: a Feather's second tile may be forgone when none fits

    def as_dict(self) -> dict:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


@dataclass(frozen=True, slots=True)
class TileInfo:
    colour: str | None = None
    shape: Shape | None = None  # as placed (any orientation); None until known

    def describe(self) -> str:
        return f"{self.colour} tile" if self.colour else "tile"


@dataclass(frozen=True)
class Board:
    printed: PrintedLayout
    pieces: tuple[str, ...]  # piece-notation character per square
    tile_at: tuple[int, ...]  # tile id per square, -1 where no leaf tile
    occupied: int  # mask of squares that are not '.'

    @staticmethod
    def new(printed: PrintedLayout) -> "Board":
        return Board(printed, tuple("." * 72), tuple([-1] * 72), 0)

    def grid(self) -> PieceGrid:
        return PieceGrid(self.pieces)

    def notation(self) -> str:
        return self.grid().format()

    def empty_squares(self) -> int:
        return 72 - bin(self.occupied).count("1")

    def is_full(self) -> bool:
        return self.occupied == FULL_MASK

    def area_complete(self, area: int) -> bool:
        return self.occupied & AREA_MASK[area] == AREA_MASK[area]

    def complete_areas(self) -> tuple[int, ...]:
        return tuple(a for a in AREAS if self.area_complete(a))

    def at(self, square: Square) -> str:
        return self.pieces[square.index]


@dataclass(frozen=True)
class Player:
    name: str
    side: str | None
    board: Board
    path: tuple[int, ...]  # tile ids, index 0 lies next to the Backpack
    treasures: Treasures


@dataclass(frozen=True)
class Pending:
    """An alternative main action under way: tiles still to place (or forgo)."""

    kind: str  # 'feather' | 'mushroom'
    remaining: int  # feather: placements left
    sources: tuple = ()  # mushroom: Sources not yet placed or forgone
    emptied: tuple[int, ...] = ()  # seats whose path the Mushroom emptied: refill at the end
    forgone: int = 0  # mushroom: tiles left where they were


@dataclass(frozen=True)
class GameState:
    kit: Kit = field(repr=False, compare=False)
    options: Options
    tiles: tuple[TileInfo, ...]
    players: tuple[Player, ...]
    common: tuple[int, ...]  # Common Path, index 0 next to the Bush
    set_aside: tuple[int, ...]  # tiles that refill the Common Path, in draw order
    supply: Treasures  # the common supply of treasure tokens
    animals: tuple[tuple[str, int], ...]  # animal tiles still on the display
    animal_tokens: tuple[tuple[str, str], ...]  # starting treasures still on their animals
    start_player: int = 0
    current: int = 0
    turn: int = 1  # counts turns from 1
    main_done: bool = False
    pending: Pending | None = None
    end_triggered_by: int | None = None
    over: bool = False

    @property
    def player(self) -> Player:
        return self.players[self.current]

    @property
    def last_seat_of_round(self) -> int:
        return (self.start_player - 1) % len(self.players)

    def animal_count(self, name: str) -> int:
        return dict(self.animals).get(name, 0)

    def tile_letter(self, tile: int) -> str:
        colour = self.tiles[tile].colour
        return COLOUR_LETTER[colour] if colour else "?"

    def path_text(self, seat: int) -> str:
        return "".join(self.tile_letter(t) for t in self.players[seat].path)

    def common_text(self) -> str:
        return "".join(self.tile_letter(t) for t in self.common)

    def board_tokens(self) -> Treasures:
        """Treasure tokens lying on holes, summed over all boards."""
        counts: dict[str, int] = {}
        for p in self.players:
            for i, ch in enumerate(p.board.pieces):
                if ch == "t":
                    kind = p.board.printed.treasure_at(Square(i))
                    counts[kind] = counts.get(kind, 0) + 1
        return Treasures.of(counts)
