"""The renderer's artwork families: the one every model is fitted on, and the ones kept for measuring.

A family is a whole way of drawing the same pieces inside design.md's appearance bounds ("What the pieces
look like"). Models and thresholds are fitted and tuned on TRAINING only; every family in HELD_OUT is
measurement only, so that its figures say how the recognizer copes with a box it has never seen.

- `own`: the artwork everything was fitted on (leaves and twigs on the floor, lobed leaves, shaded tokens);
- `hatched`: hatched and speckled floors, striped leaves, flat tokens (the renderer's style 1);
- `vector`: flat vector art: flat fills, bold outlines, simple geometric symbols, no texture;
- `photo`: photographic textures: multi-octave noise, grainy soil and wood floors, leaves with a vein
  network, grain and specular gloss, shaded tokens and symbols;
- `busy`: illustrated floors crowded with leaves, twigs and acorns drawn in the floor's own colours.

Any family can be drawn on a physical table (`Conditions.physical`): thick tiles with cast shadows and
lit edges, Player Path tiles and token piles beside each board, the central board with its ring of
Common Path tiles, a mug. The held-out sets draw every other seed on it (`held_out_scene`).
"""
from __future__ import annotations

TRAINING = ("own",)
HELD_OUT = ("hatched", "vector", "photo", "busy")
FAMILIES = TRAINING + HELD_OUT

# the renderer's older numbered styles, kept as aliases (`art_style=1` is the hatched family)
STYLE_FAMILIES = {0: "own", 1: "hatched"}


def check_family(name: str) -> str:
    """`name` when it is a family; ValueError naming the families otherwise."""
    if name not in FAMILIES:
        raise ValueError(f"unknown artwork family {name!r}; the families are {', '.join(FAMILIES)}")
    return name


def family_of_style(style: int) -> str:
    if style not in STYLE_FAMILIES:
        raise ValueError(f"unknown artwork style {style!r}; the styles are {sorted(STYLE_FAMILIES)}")
    return STYLE_FAMILIES[style]


def style_of_family(family: str) -> int:
    """The numbered style a family is drawn as (0 for every family that has no number of its own)."""
    return 1 if family == "hatched" else 0


def held_out_physical(seed: int) -> bool:
    """Whether a held-out set's scene of `seed` lies on the physical table: every odd seed, so half of any
    run of seeds does."""
    return seed % 2 == 1


def held_out_scene(seed: int, family: str, size: tuple[int, int] = (1920, 1080)):
    """Scene `seed` of a family's measuring set: the boards and pieces render_scene(seed) draws, in
    `family`'s artwork, on the physical table for every other seed."""
    from vision.synthetic.scene import render_scene

    return render_scene(seed, family=family, physical=held_out_physical(seed), size=size)
