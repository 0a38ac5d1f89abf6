"""Pure drawing: a companion view (PlayerView, Notice, LED pixels) -> Rich Text.

No widgets and no game state here, so the drawing is cheap to test and the widgets stay thin.
"""
from __future__ import annotations

import re

from rich.text import Text

from companion.game_view import STANDINGS_NOW, STILL_EMPTY, count_words

COLUMNS = "ABCDEFGHI"

# what the real pieces look like (design.md), in colours of the xterm-256 palette, so that a
# 256-colour terminal (tmux, screen) shows the same as a true-colour one
LEAF_BG = {"G": "#008700", "Y": "#d7af00", "R": "#af0000"}
LEAF_FG = {"G": "#ffffff", "Y": "#000000", "R": "#ffffff"}  # the letter on each leaf colour
TREASURE = {  # printed letter -> (colour, name)
    "b": ("#8787ff", "berry"),
    "n": ("#af875f", "nut"),
    "m": ("#ff5f00", "mushroom"),
    "f": ("#e4e4e4", "feather"),
}
TREASURE_OF_NAME = {name: (letter, colour) for letter, (colour, name) in TREASURE.items()}
FLOOR_BG = ("#303030", "#3a3a3a")  # a faint checkerboard
HOLE_BG = "#000000"
SQUIRREL = "bold #ffffff on #875f00"
ANIMAL = "bold #000000 on #a8a8a8"
UNKNOWN = "bold #ffffff on #870087"
PATH_STYLE = {"G": "bold #ffffff on #008700", "Y": "bold #000000 on #d7af00", "R": "bold #ffffff on #af0000",
              "?": "bold #ffffff on #585858"}


def _rows(notation: str) -> list[str]:
    rows = notation.split("/")
    if len(rows) != 8 or any(len(r) != 9 for r in rows):
        rows = [(notation.replace("/", "") + "?" * 72)[r * 9:(r + 1) * 9] for r in range(8)]
    return rows


# what must not reach a terminal raw: control characters (C0, DEL, C1), line and paragraph separators,
# surrogates, and the marks that reorder text (bidirectional embeddings, overrides and isolates)
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def printable(text) -> str:
    """A name or message as it may reach the screen: control characters (an escape sequence, a bell, a
    newline, a bidirectional override) are shown escaped, so that no one's name can drive the terminal."""
    return _UNSAFE.sub(lambda m: m.group().encode("unicode_escape", "backslashreplace").decode("ascii"), str(text))


def plain(text, style: str = "") -> Text:
    """A Text of a string from the game (never parsed as markup), made printable."""
    return Text(printable(text), style=style)


def plain_lines(text, style: str = "") -> Text:
    """Like `plain`, for a text of several lines: its line breaks are kept."""
    return Text("\n".join(printable(line) for line in str(text).split("\n")), style=style)


def square(piece: str, printed: str, floor_bg: str, scale: int = 1, token_leaf: str | None = None) -> list[Text]:
    """One square: 3 cells x 1 line (scale 1) or 5 cells x 2 lines (scale 2), one Text per line.

    Every square that holds a piece shows its piece-notation letter as well as its colour, so that the
    board reads without telling red from green: G Y R a leaf, g y r its hole (the letter at the
    hole's left, the printed treasure in the hole), t a token, s a squirrel, a an animal, ? unknown."""
    colour = TREASURE.get(printed, (None,))[0]
    w = 3 if scale == 1 else 5
    if piece in LEAF_BG:
        lines = [Text(piece.center(w), style=f"bold {LEAF_FG[piece]} on {LEAF_BG[piece]}")]
        return lines + [Text(" " * w, style=f"on {LEAF_BG[piece]}") for _ in range(scale - 1)]
    if piece in "gyrt":
        # the leaf around the hole; the hole shows the floor's printed symbol, or the token's colour
        leaf_letter = (token_leaf or "") if piece == "t" else piece.upper()
        leaf = LEAF_BG.get(leaf_letter, "#6c6c6c")
        letter_style = f"bold {LEAF_FG.get(leaf_letter, '#ffffff')} on {leaf}"
        if piece == "t":
            fill, text, text_style = colour or "#ffffff", "●" if scale == 1 else "   ", f"bold {colour or '#ffffff'}"
            if scale == 1:
                fill = HOLE_BG
        else:
            fill, text, text_style = HOLE_BG, (printed if colour else "○"), colour or "#bbbbbb"
            if scale == 2:
                text = f" {text} "
        top = Text()
        top.append(piece, style=letter_style)
        top.append(text, style=f"{text_style} on {fill}")
        top.append(" ", style=f"on {leaf}")
        if scale == 1:
            return [top]
        bottom = Text()
        bottom.append(" ", style=f"on {leaf}")
        bottom.append("▀▀▀", style=f"{fill} on {leaf}")
        bottom.append(" ", style=f"on {leaf}")
        return [top, bottom]
    if piece == "s":
        style, mark = SQUIRREL, "s"
    elif piece == "a":
        style, mark = ANIMAL, "a"
    elif piece == "?":
        style, mark = UNKNOWN, "?"
    elif colour:  # empty: the printed treasure, faint
        style, mark = f"{colour} dim on {floor_bg}", printed
    else:
        style, mark = f"#767676 on {floor_bg}", "·"
    lines = [Text(mark.center(w), style=style)]
    if scale == 2:
        lines.append(Text(" " * w, style=style))
    return lines


def _token_leaf(prow: list[str], r: int, c: int) -> str | None:
    """A token hides its hole's colour: take the leaf colour most of its neighbours show (above, below,
    left, right: the first of them on a tie, so that the same board is always drawn the same)."""
    seen = [prow[rr][cc].upper() for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < 8 and 0 <= cc < 9 and prow[rr][cc].upper() in LEAF_BG]
    return max(seen, key=seen.count) if seen else None  # a tie: the first neighbour looked at


def board_grid(pieces: str, printed: str, scale: int = 1) -> Text:
    """The 9x8 board with column letters and row numbers. Areas are set apart by a gap; the floor is
    a faint checkerboard so that squares can be counted."""
    prow, trow = _rows(pieces), _rows(printed)
    w = 3 if scale == 1 else 5
    out = Text()
    out.append("   ")
    for c, letter in enumerate(COLUMNS):
        out.append(letter.center(w), style="bold #bcbcbc")
        if c in (2, 5):
            out.append(" ")
    for r in range(8):
        if r == 4:
            out.append("\n")
        cells = []
        for c in range(9):
            leaf = _token_leaf(prow, r, c) if prow[r][c] == "t" else None
            cells.append(square(prow[r][c], trow[r][c], FLOOR_BG[(r + c) % 2], scale, leaf))
        for line in range(scale):
            out.append("\n")
            out.append(f"{r + 1:>2} " if line == 0 else "   ", style="bold #bcbcbc")
            for c in range(9):
                out.append_text(cells[c][line])
                if c in (2, 5):
                    out.append(" ")
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


def player_panel(p, scale: int = 1) -> Text:
    """Everything about one player (a PlayerView) under the board's title."""
    out = Text()
    out.append_text(board_grid(p.pieces, p.printed, scale))
    out.append("\n")
    out.append_text(treasures_line(p.treasures))
    out.append("\n")
    out.append_text(path_line(p.path))
    out.append("\n")
    out.append(f"{count_words(p.empty_squares, 'square')} {STILL_EMPTY}", style="bold")
    areas = ", ".join(str(a) for a in p.complete_areas) or "none"
    out.append(" · Areas done: ")
    out.append(areas, style="bold #81c784" if p.complete_areas else "#777777")
    return out


def board_title(p, over: bool = False) -> Text:
    side = f"board {p.side}" if p.side else "board ?"
    current = p.current and not over
    mark = "▶ " if current else ""
    turn = "  (to play)" if current else ""
    return Text(f"{mark}P{p.seat + 1} {printable(p.name)} · {side}{turn}")


def legend() -> Text:
    out = Text()

    def one(piece, printed, label, token_leaf=None):
        out.append_text(square(piece, printed, FLOOR_BG[0], 1, token_leaf)[0])
        out.append(f" {label}  ")

    one("G", ".", "green")
    one("Y", ".", "yellow")
    one("R", ".", "red")
    one("g", "b", "hole")
    one("t", "n", "token", "G")
    one("s", ".", "squirrel")
    one("a", ".", "animal")
    one("?", ".", "unknown")
    out.append("\n")
    out.append("Each piece shows its letter: G Y R a leaf by colour, g y r its hole, "
               "t token, s squirrel, a animal\n")
    one(".", "b", "printed on the floor:")
    for letter, (colour, name) in TREASURE.items():
        out.append(f"{letter}", style=colour)
        out.append(f"={name} ")
    return out


def led_strip(pixels) -> Text:
    out = Text()
    for r, g, b in pixels:
        out.append("█", style=f"#{r:02x}{g:02x}{b:02x}" if (r or g or b) else "#262626")
    return out


NOTICE_STYLE = {"action": "bold", "prompt": "bold #ffd54f", "alert": "bold #ff5252", "info": "#9e9e9e",
                "offer": "bold #4fc3f7"}
NOTICE_MARK = {"action": "  ", "prompt": "> ", "alert": "! ", "info": "  ", "offer": "? "}


def notice_line(notice, frame: int | None = None) -> Text:
    out = Text()
    if frame is not None:
        out.append(f"{frame:>5} ", style="#666666")
    out.append(NOTICE_MARK.get(notice.kind, "  ") + printable(notice.text), style=NOTICE_STYLE.get(notice.kind, ""))
    return out


def notice_lines(notices, mark: str) -> Text:
    """Open prompts or alerts, one line each; an offered explanation is marked as a question."""
    return Text("\n").join(plain(("? " if getattr(n, "kind", "") == "offer" else mark) + n.text) for n in notices)


def next_step(view, keys: dict[str, str]) -> Text:
    """Whose move in capitals, the move, then each other choice with its key: readable from across
    the table. `keys` gives the key for a choice's verb (from the app's bindings)."""
    step = view.step
    out = Text()
    if step is None or step.player is None or view.over:
        out.append(printable(view.next_step), style="bold #ffffff")
    else:
        out.append(f"▶ {printable(step.head.upper())}\n", style="bold #4fc3f7")
        out.append(printable(step.task[:1].upper() + step.task[1:]), style="bold #ffffff")
        for label, choices in (("or", step.instead), ("before or after it:", step.any_time), ("then", step.then)):
            if not choices:
                continue
            out.append(f"\n{label} ", style="#bcbcbc")
            for i, choice in enumerate(choices):
                if i:
                    out.append(" · ", style="#777777")
                key = keys.get(choice.verb)
                if key:
                    out.append(f" {key} ", style="bold #000000 on #ffd54f")
                    out.append(" ")
                out.append(choice.words, style="bold #ffffff")
    extra = f"Turn {view.turn}"
    if view.end_triggered_by and not view.over:
        extra += f" · last round (ended by {printable(view.end_triggered_by)})"
    out.append("\n" + extra)
    return out


def standings(view) -> Text:
    """The final phase (once the game is over) and the places. While the game goes on, the places are
    those the game would end with now, each player's final phase done: the label says so, as these
    counts differ from the squares still empty on the boards."""
    out = Text()
    if view.over:
        for name, steps in view.final_steps:
            out.append(f"{printable(name)}: ", style="bold")
            out.append(printable("; ".join(steps) or "no steps"))
            out.append("\n")
    else:
        out.append(f"{STANDINGS_NOW[:1].upper()}{STANDINGS_NOW[1:]}:\n", style="italic #9e9e9e")
    for i, (place, names, reason) in enumerate(view.standings):
        if i:
            out.append("\n")
        out.append(f"{place}. {printable(', '.join(names))}", style="bold #ffd54f" if place == 1 and view.over else "bold")
        out.append(f"  {printable(reason)}")
    return out
