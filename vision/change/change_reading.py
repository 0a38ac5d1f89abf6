"""A board's change against its reference, in piece notation.

What a square was (the reference's notation) and how it changed (centre, ring, both) say what arrived:

- on empty floor, a group of changed squares joined edge to edge is leaf: a square whose ring changed
  while its centre still shows the floor is the tile's hole, the others solid; the group's size gives its
  colour (the kit's sizes: 3 green, 4 yellow, 5 red). A tile laid with its hole's token at once shows no
  floor anywhere: its token is the square whose centre stands apart from its ring in colour (a disc of
  the treasure's colour in the leaf), among those where a token may lie (over a printed treasure). A
  group of two tiles' size (a Feather or a Mushroom turn) takes each square's colour from the absolute
  reading where it reads a leaf, and the engine's legal placements settle the rest. A single changed
  square is a squirrel;
- on an open hole, the centre alone changed is a token put down, the ring an animal laid over it (and
  the centre with the ring changed in part, beside an animal's square);
  on a token, the centre alone changed is the token taken;
- a square already covered that changed (a tile does not change), a group joined to one, a group larger
  than two tiles, a group of a tile's size with no hole and no token in it and some square's ring
  unchanged (a hand held still over the floor), or a hole half covered is a hand, or something no piece
  does: `?`.

Unchanged squares keep the reference's notation. The absolute reading (`cue`) answers only what has no
reference (a `?` in it), which colour a two-tile group's squares are, and where a token laid with its
tile lies (its look is asked when the absolute reading sees no token)."""
from __future__ import annotations

from vision.change.square_change import SquareChange
from vision.grids import COLUMNS, ROWS

COVERED = "GYRas"  # pieces that hide their whole square: nothing on them changes in a game
HOLES = "gyr"
_SOLID_OF = {"g": "G", "y": "Y", "r": "R"}


def read_change(reference: str, change: SquareChange, t: dict, letter_of_size: dict[int, str],
                cue: str | None = None, printed: str | None = None) -> str:
    """The board's piece notation now. `reference`: the notation of its reference picture; `t`:
    thresholds.toml's [change]; `letter_of_size`: a leaf tile's size -> its hole letter ({3: "g", ...});
    `cue`: the board's absolute reading, or None; `printed`: the board's printed notation (a token lies
    only over a printed treasure), or None where it is not known."""
    ref = reference.replace("/", "")
    hint = cue.replace("/", "") if cue else "?" * (ROWS * COLUMNS)
    centre, ring = (a.ravel() for a in change.changed(t))
    out = list(ref)
    fresh = []  # changed squares of empty floor, grouped below
    for i, was in enumerate(ref):
        moved = bool(centre[i] or ring[i])
        if was == "?":
            out[i] = hint[i]
        elif not moved:
            continue
        elif was in COVERED:
            out[i] = "?"
        elif was in HOLES:
            # an animal's illustration may match the floor at the hole's centre: its ring is what it covers
            out[i] = "a" if ring[i] else "t"
        elif was == "t":
            out[i] = _hole_letter(ref, i) if not ring[i] else "?"
        elif was == ".":
            fresh.append(i)
    # a tile's square whose colour is near the floor's (a green leaf on a green floor) may change less
    # than the threshold: one that changed at least `ring_joins` joins a changed neighbour's group
    weak = set(fresh)
    for i, was in enumerate(ref):
        if was == "." and i not in weak and change.ring.ravel()[i] >= float(t["ring_joins"]) \
                and any(n in weak for n in _neighbours(i)):
            fresh.append(i)
    fresh.sort()
    disturbed = {i for i, ch in enumerate(out) if ch == "?" and ref[i] != "?"}
    flat = printed.replace("/", "") if printed else None
    token_at = [flat is None or flat[i] not in ".?" for i in range(ROWS * COLUMNS)]
    apart = change.apart.ravel() if change.apart is not None else None
    for group in groups_of(fresh):
        _read_group(group, out, centre, ring, disturbed, hint, letter_of_size, int(t["largest_group"]),
                    _laid_token(group, centre, ring, apart, token_at, float(t["token_apart"])))
    # a token lies inside its hole and leaves the hole's ring as it was; an animal covers the ring, though
    # its illustration may match the leaf there in part: a hole whose centre changed and whose ring changed
    # at least `ring_joins`, joined to an animal's square, is the animal's too
    partly = change.ring.ravel() >= float(t["ring_joins"])
    grown = True
    while grown:
        grown = False
        for i, ch in enumerate(out):
            if ch == "t" and ref[i] in HOLES and partly[i] and any(out[n] == "a" for n in _neighbours(i)):
                out[i], grown = "a", True
    # an animal lies on a group of open holes: an animal square beside a disturbed one is a hand's
    for i, ch in enumerate(out):
        if ch == "a" and any(n in disturbed for n in _neighbours(i)):
            out[i] = "?"
    return "/".join("".join(out[r * COLUMNS:(r + 1) * COLUMNS]) for r in range(ROWS))


def _read_group(group: list[int], out: list[str], centre, ring, disturbed: set[int], hint: str,
                letter_of_size: dict[int, str], largest: int, token: int | None = None) -> None:
    touching = any(n in disturbed for i in group for n in _neighbours(i))
    sizes = sorted(letter_of_size)
    small = len(group) < sizes[0]
    # a squirrel is a little smaller than its square, so its centre changes more surely than its ring
    # (inside a tile, a square whose ring changed less than its centre is one the grid meets a little
    # off, at the board's far edge most often: it is read solid)
    odd = [i for i in group if not centre[i]] if small else []
    if touching or len(group) > largest or odd:
        for i in group:  # a hand over the floor, or a change no piece makes
            out[i] = "?"
        disturbed.update(group)
        return
    if small:
        for i in group:  # squirrels: one square each
            out[i] = "s"
        return
    holes = [i for i in group if ring[i] and not centre[i]]
    if len(group) in letter_of_size:
        letters = {i: letter_of_size[len(group)] for i in group}
    else:  # two tiles: each square's colour as read in the absolute, the engine's placements settle it
        read = [hint[i].lower() for i in group if hint[i].lower() in HOLES]
        common = max(set(read), key=read.count) if read else letter_of_size[sizes[0]]
        letters = {i: hint[i].lower() if hint[i].lower() in HOLES else common for i in group}
    if not holes:
        # the hole's token laid with its tile: the absolute reading may see which square it is, else the
        # token's look (a disc of its own colour in the leaf) may
        holes = [i for i in group if hint[i] == "t"][:1] or ([token] if token is not None else []) \
            or [i for i in group if hint[i] in HOLES][:1]
    if not holes and not all(ring[i] for i in group):
        # a tile shows its hole or the token on it, and covers the whole ring of every square: a group
        # with neither, some square only partly covered, is a hand held over the floor
        for i in group:
            out[i] = "?"
        disturbed.update(group)
        return
    for i in group:
        if i in holes:
            laid = i == token or hint[i] == "t"
            out[i] = "t" if laid and not (ring[i] and not centre[i]) else letters[i]
        else:
            out[i] = _SOLID_OF[letters[i]]


def _laid_token(group: list[int], centre, ring, apart, token_at: list[bool], least: float) -> int | None:
    """The square of `group` (new leaf) that holds its hole's token laid with the tile, or None: when no
    square of the group still shows the floor at its centre, the one among those where a token may lie
    whose centre stands apart from its ring in colour by `least` or more, and most. A token is a disc in
    a leaf: its centre changed, and its ring too, as every square a tile covers does (fingers reaching
    over a square change its centre or a corner of it, seldom its whole ring)."""
    if apart is None or any(ring[i] and not centre[i] for i in group):
        return None
    candidates = [i for i in group if token_at[i] and centre[i] and ring[i]]
    best = max(candidates, key=lambda i: apart[i], default=None)
    return best if best is not None and apart[best] >= least else None


def _hole_letter(ref: str, i: int) -> str:
    """A hole's letter as the tile around it shows: the colour of a solid neighbour."""
    for n in _neighbours(i):
        if ref[n] in _SOLID_OF.values():
            return ref[n].lower()
    return "g"


def _neighbours(i: int) -> list[int]:
    r, c = divmod(i, COLUMNS)
    return [rr * COLUMNS + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < ROWS and 0 <= cc < COLUMNS]


def groups_of(squares: list[int]) -> list[list[int]]:
    """`squares` in groups joined edge to edge, each in reading order."""
    left, groups = set(squares), []
    for start in squares:
        if start not in left:
            continue
        left.discard(start)
        group, todo = [start], [start]
        while todo:
            for n in _neighbours(todo.pop()):
                if n in left:
                    left.discard(n)
                    group.append(n)
                    todo.append(n)
        groups.append(sorted(group))
    return groups


def letters_by_size(sizes_of_colour: dict[str, int]) -> dict[int, str]:
    """{"green": 3, ...} -> {3: "g", ...}; a kit whose colours share a size gives that size no letter."""
    by = {}
    for colour, size in sizes_of_colour.items():
        by.setdefault(int(size), []).append(colour[0])
    return {size: letters[0] for size, letters in by.items() if len(letters) == 1}

