"""Pure drawing: a companion view (PlayerView, Notice, LED pixels) -> Rich Text.

No widgets and no game state here, so the drawing is cheap to test and the widgets stay thin.
"""
from __future__ import annotations

from rich.text import Text

COLUMNS = "ABCDEFGHI"

# what the real pieces look like (design.md), as terminal colours
LEAF_BG = {"G": "#3d8b37", "Y": "#d4a017", "R": "#b5302a"}
HOLE_OF = {"g": "G", "y": "Y", "r": "R", "t": None}
TREASURE = {  # printed letter -> (colour, name)
    "b": ("#8c7bff", "berry"),
    "n": ("#c08040", "nut"),
    "m": ("#ff6a3d", "mushroom"),
    "f": ("#e8e8e8", "feather"),
}
TREASURE_OF_NAME = {name: (letter, colour) for letter, (colour, name) in TREASURE.items()}
FLOOR_BG = ("#3a2e22", "#44362a")  # two earthy shades, alternating by Area
HOLE_BG = "#1c1712"
SQUIRREL = "bold #fff3e0 on #8a4b1f"
ANIMAL = "bold #202020 on #a8a29a"
UNKNOWN = "bold #ffffff on #6b2f6b"
PATH_STYLE = {"G": "bold #ffffff on #3d8b37", "Y": "bold #202020 on #d4a017", "R": "bold #ffffff on #b5302a",
              "?": "bold #ffffff on #555555"}


def _rows(notation: str) -> list[str]:
    rows = notation.split("/")
    if len(rows) != 8 or any(len(r) != 9 for r in rows):
        rows = [(notation.replace("/", "") + "?" * 72)[r * 9:(r + 1) * 9] for r in range(8)]
    return rows


def square(piece: str, printed: str, floor_bg: str) -> Text:
    """One square, three cells wide."""
    colour = TREASURE.get(printed, (None,))[0]
    if piece in LEAF_BG:
        return Text("   ", style=f"on {LEAF_BG[piece]}")
    if piece in "gyrt":
        # the leaf around the hole; the hole shows the floor, or the token's treasure colour
        leaf = LEAF_BG.get(piece.upper(), "#777777") if piece != "t" else None
        out = Text()
        if piece == "t":
            leaf = "#777777"
        out.append(" ", style=f"on {leaf}")
        if piece == "t":
            out.append("●", style=f"bold {colour or '#ffffff'} on {HOLE_BG}")
        else:
            out.append(printed if colour else "○", style=f"{colour or '#bbbbbb'} on {HOLE_BG}")
        out.append(" ", style=f"on {leaf}")
        return out
    if piece == "s":
        return Text(" S ", style=SQUIRREL)
    if piece == "a":
        return Text(" A ", style=ANIMAL)
    if piece == "?":
        return Text(" ? ", style=UNKNOWN)
    # empty: the printed treasure, faint
    if colour:
        return Text(f" {printed} ", style=f"{colour} dim on {floor_bg}")
    return Text(" · ", style=f"#6b5a48 on {floor_bg}")


def _token_leaf(prow: list[str], r: int, c: int) -> str | None:
    """A token hides its hole's colour: take the leaf colour most of its neighbours show."""
    seen = [prow[rr][cc].upper() for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < 8 and 0 <= cc < 9 and prow[rr][cc].upper() in LEAF_BG]
    return max(set(seen), key=seen.count) if seen else None


def board_grid(pieces: str, printed: str) -> Text:
    """The 9x8 board with column letters and row numbers; Areas told apart by the floor's shade."""
    prow, trow = _rows(pieces), _rows(printed)
    out = Text()
    out.append("   ")
    for c, letter in enumerate(COLUMNS):
        out.append(f" {letter} ", style="bold #bbbbbb")
        if c in (2, 5):
            out.append(" ")
    out.append("\n")
    for r in range(8):
        out.append(f"{r + 1:>2} ", style="bold #bbbbbb")
        for c in range(9):
            area = (r // 4) * 3 + c // 3
            bg = FLOOR_BG[area % 2]
            cell = square(prow[r][c], trow[r][c], bg)
            if prow[r][c] == "t":
                leaf = _token_leaf(prow, r, c)
                if leaf:
                    cell = _recolour_token(cell, LEAF_BG[leaf])
            out.append_text(cell)
            if c in (2, 5):
                out.append(" ")
        if r < 7:
            out.append("\n")
        if r == 3:
            out.append("\n")
    return out


def _recolour_token(cell: Text, leaf_bg: str) -> Text:
    plain = cell.plain
    out = Text()
    out.append(plain[0], style=f"on {leaf_bg}")
    out.append_text(cell[1:2])
    out.append(plain[2], style=f"on {leaf_bg}")
    return out


def treasures_line(treasures: dict) -> Text:
    out = Text()
    for i, name in enumerate(("berry", "nut", "mushroom", "feather")):
        letter, colour = TREASURE_OF_NAME[name]
        n = treasures.get(name, 0)
        if i:
            out.append("  ")
        out.append(f"{name.capitalize()} ", style=f"bold {colour}" if n else "#777777")
        out.append(f"{n}", style="bold #ffffff" if n else "#777777")
    return out


def path_line(path: str) -> Text:
    out = Text("Path ")
    if not path:
        out.append("(empty)", style="#888888")
    for ch in path:
        out.append(f" {ch} ", style=PATH_STYLE.get(ch.upper(), PATH_STYLE["?"]))
        out.append(" ")
    return out


def player_panel(p) -> Text:
    """Everything about one player (a PlayerView) under the board's title."""
    out = Text()
    out.append_text(board_grid(p.pieces, p.printed))
    out.append("\n")
    out.append_text(treasures_line(p.treasures))
    out.append("\n")
    out.append_text(path_line(p.path))
    out.append("\n")
    out.append(f"{p.empty_squares} empty squares", style="bold")
    areas = ", ".join(str(a) for a in p.complete_areas) or "none"
    out.append(" · Areas done: ")
    out.append(areas, style="bold #81c784" if p.complete_areas else "#777777")
    return out


def board_title(p) -> str:
    side = f"board {p.side}" if p.side else "board ?"
    mark = "▶ " if p.current else ""
    turn = "  (to play)" if p.current else ""
    return f"{mark}P{p.seat + 1} {p.name} · {side}{turn}"


def legend() -> Text:
    out = Text()
    for piece, label in (("G", "green"), ("Y", "yellow"), ("R", "red")):
        out.append_text(square(piece, ".", FLOOR_BG[0]))
        out.append(f" {label}  ")
    out.append_text(square("g", "b", FLOOR_BG[0]))
    out.append(" hole ")
    out.append_text(_recolour_token(square("t", "n", FLOOR_BG[0]), LEAF_BG["G"]))
    out.append(" token  ")
    out.append_text(square("s", ".", FLOOR_BG[0]))
    out.append(" squirrel  ")
    out.append_text(square("a", ".", FLOOR_BG[0]))
    out.append(" animal\n")
    out.append_text(square(".", "b", FLOOR_BG[0]))
    out.append(" printed on the floor: ")
    for letter, (colour, name) in TREASURE.items():
        out.append(f"{letter}", style=colour)
        out.append(f"={name} ")
    return out


def led_strip(pixels) -> Text:
    out = Text()
    for r, g, b in pixels:
        out.append("█", style=f"#{r:02x}{g:02x}{b:02x}" if (r or g or b) else "#262626")
    return out


NOTICE_STYLE = {"action": "bold", "prompt": "bold #ffd54f", "alert": "bold #ff5252", "info": "#9e9e9e"}
NOTICE_MARK = {"action": "  ", "prompt": "> ", "alert": "! ", "info": "  "}


def notice_line(notice, frame: int | None = None) -> Text:
    out = Text()
    if frame is not None:
        out.append(f"{frame:>5} ", style="#666666")
    out.append(NOTICE_MARK.get(notice.kind, "  ") + notice.text, style=NOTICE_STYLE.get(notice.kind, ""))
    return out
