"""Pictures of a box's empty boards, as a table takes them to teach leafwatch its boards.

One box has one artwork. Its six boards lie on the table two at a time, each seen from its player's seat
(the first board upright, the second from the opposite seat), then turned over: six pictures show the
twelve sides once each. `synthetic:box:SEED:K` names picture K (1-6) of box SEED, `synthetic:box:SEED:K:STYLE`
one in another drawing style (1: the held-out artwork).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from vision.grids import empty, rotate180
from vision.kit import load_kit
from vision.synthetic.artwork import random_artwork
from vision.synthetic.scene import BoardSpec, Conditions, Scene, render_scene

PICTURES = 6
BOARDS_PER_PICTURE = 2


@dataclass(frozen=True)
class BoxPicture:
    scene: Scene
    sides: tuple[str, ...]  # the sides shown, in the order a reader meets them (the upright board first)
    layouts: tuple[str, ...]  # their printed layouts, each as its player sees it


def box_sides() -> list[tuple[str, str]]:
    """The kit's boards as pairs of faces: [("A1", "A2"), ("B1", "B2"), ...]."""
    names = sorted(load_kit().sides)
    boards: dict[str, list[str]] = {}
    for name in names:
        boards.setdefault(name.rstrip("0123456789"), []).append(name)
    return [tuple(faces) for faces in boards.values()]


def box_picture(seed: int, picture: int, artwork: int | str = 0) -> BoxPicture:
    """Picture `picture` (1-6) of box `seed`, drawn in `artwork`: a drawing style (0 the own artwork, 1 the
    held-out one) or a family's name (vision.synthetic.families)."""
    if not 1 <= picture <= PICTURES:
        raise ValueError(f"a box is seen in pictures 1 to {PICTURES}")
    kit = load_kit()
    boards = box_sides()
    face = 0 if picture <= PICTURES // 2 else 1
    first = ((picture - 1) % (PICTURES // 2)) * BOARDS_PER_PICTURE
    sides = tuple(boards[b][face] for b in range(first, first + BOARDS_PER_PICTURE) if b < len(boards))
    rng = np.random.default_rng([seed, picture])
    conditions = replace(Conditions.random(rng), hands=0, markers=False, free_rotation=False)
    # the second board lies at the opposite seat: drawn turned round, it reads as its player sees it
    specs = [BoardSpec(empty(), printed=kit.sides[s] if k % 2 == 0 else rotate180(kit.sides[s]))
             for k, s in enumerate(sides)]
    scene_seed = int(np.random.default_rng([seed, picture, 1]).integers(1 << 31))
    # one box: every picture of it shows the same artwork
    if isinstance(artwork, str):
        art = random_artwork(np.random.default_rng([seed, 0]), family=artwork)
        scene = render_scene(scene_seed, specs, conditions, artwork=[art] * len(specs), family=artwork)
    else:
        art = random_artwork(np.random.default_rng([seed, 0]), int(artwork))
        scene = render_scene(scene_seed, specs, conditions, artwork=[art] * len(specs), art_style=int(artwork))
    return BoxPicture(scene, sides, tuple(kit.sides[s] for s in sides))


def parse_box_source(text: str) -> tuple[int, int, int] | None:
    """(seed, picture, style) of `synthetic:box:SEED:K[:STYLE]`, None for any other source; ValueError for
    one that begins so but is not."""
    if not text.startswith("synthetic:box:"):
        return None
    parts = text.split(":")[2:]
    if len(parts) not in (2, 3) or not all(p.isascii() and p.isdigit() and len(p) <= 9 for p in parts):
        raise ValueError(f"{text[:60]}: a rendered box picture is synthetic:box:SEED:K (K 1-{PICTURES}), "
                         "e.g. synthetic:box:7:1")
    seed, picture, style = int(parts[0]), int(parts[1]), int(parts[2]) if len(parts) == 3 else 0
    if not 1 <= picture <= PICTURES or style not in (0, 1):
        raise ValueError(f"{text[:60]}: K is a picture 1 to {PICTURES}, STYLE 0 or 1")
    return seed, picture, style
