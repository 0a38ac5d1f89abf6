"""The embedded default: a synthetic camera watches a seeded game and the real pipeline follows it.

Bots play a digital game (the truth). After each visible move the synthetic renderer draws the table
as a camera would see it: first with a hand over the boards, then still. Moves a camera cannot see are
declared, as players would in the TUI. The companion starts from what a real table knows (tiles
unseen beyond the paths' colours) and must end with the truth's boards and standings.
"""
from __future__ import annotations

from typing import Callable, Iterator

from companion.live import DeclareItem, FrameItem
from leafwatch import wiring
from leafwatch.demo.table_script import Declaration, TableGame, table_game

STILL_FRAMES = 3  # frames that must agree on a square
STILL_SPELL = 8  # still frames between moves: a real camera sees dozens
START_LABEL = "the table before the first move"


def demo_feed(game: TableGame, size=(1280, 720), max_moves: int | None = None,
              progress: Callable[[int, str], None] | None = None, family: str = "own",
              physical: bool = False, art_style: int | None = None, artwork: list | None = None) -> Iterator:
    """The camera's frames and the players' declarations, at one fixed table, as a real box is watched:
    the camera looks from before the first move (a still spell of the empty boards), every board keeps
    one artwork and every piece one look from the move it is laid on (`Conditions.steady`), and the
    light drifts a little from move to move. `family` chooses the artwork (vision.synthetic.families;
    `art_style` is its numbered alias), `physical` the physical table (thick tiles, cast shadows, the
    pieces and the central board beside the boards); `artwork`, one Artwork a seat, draws the boards."""
    import math

    import numpy as np

    from vision.synthetic.artwork import random_artwork
    from vision.synthetic.families import family_of_style
    from vision.synthetic.scene import BoardSpec, Conditions, render_scene

    if art_style is not None:
        family = family_of_style(art_style)
    rng = np.random.default_rng(game.seed)
    art = [random_artwork(rng, family=family) for _ in game.truth_start.players]
    art = art if artwork is None else list(artwork)
    still = Conditions(tilt_deg=12.0, fill=0.9, light_gradient=0.2, warmth=0.2, noise=2.0, blur=0.4,
                       table="felt", free_rotation=False, family=family, physical=physical, steady=True)
    # each side as the game's kit prints it (a kit of the table's own may differ from the renderer's)
    printed = {p.side: p.board.printed.format() for p in game.truth_start.players}

    def frames(boards, moves: int, label: str, hand: bool) -> Iterator:
        specs = [BoardSpec(pieces, side=side, printed=printed[side],
                           tiles=tuple(tuple(tiles[r * 9:(r + 1) * 9]) for r in range(8)))
                 for side, pieces, tiles in boards]
        # daylight drifts over a game: a few per cent of exposure and of warmth
        light = Conditions(**{**still.describe(), "exposure": 1.0 + 0.06 * math.sin(moves / 4.0),
                              "warmth": 0.2 + 0.1 * math.cos(moves / 6.0)})
        if hand:
            busy = Conditions(**{**light.describe(), "hands": 1})
            yield FrameItem(render_scene(game.seed, specs, busy, size, art).image, label)
        image = render_scene(game.seed, specs, light, size, art).image
        for _ in range(STILL_SPELL):
            # each frame of a still table differs by the sensor's noise, as a real camera's do
            noise = rng.normal(0.0, 4.0, image.shape)
            yield FrameItem(np.clip(image + noise, 0, 255).astype(np.uint8), label)

    start = tuple((p.side, p.board.notation(), p.board.tile_at) for p in game.truth_start.players)
    yield from frames(start, 0, START_LABEL, hand=False)
    moves = 0
    for step in game.steps():
        if isinstance(step, Declaration):
            yield DeclareItem(step.seat, step.text)
            continue
        moves += 1
        if max_moves is not None and moves > max_moves:
            return
        label = f"{game.truth_start.players[step.mover].name}: {step.action}"
        if progress:
            progress(moves, label)
        yield from frames(step.boards, moves, label, hand=True)


def prepare_demo(seed: int = 1, players: int = 3, max_moves: int | None = None, led_url: str | None = None,
                 profile=None, kit=None):
    """The demo's game (the truth) and its table, wired as `play` wires a real one (with the camera's colour
    `profile`, and the `kit`: the reference kit when None)."""
    game = table_game(seed, players, kit)
    table = wiring.wire(game.table_start, {}, demo_feed(game, max_moves=max_moves), led_url=led_url,
                        stable=STILL_FRAMES, profile=profile)
    return game, table


def run_camera_demo(seed: int = 1, players: int = 3, max_moves: int | None = None, led_url: str | None = None,
                    headless: bool = True, out: Callable[[str], None] = print, profile=None, kit=None) -> int:
    """The demo through the front end asked for; headless, it ends by comparing the table's game with
    the truth's."""
    game, table = prepare_demo(seed, players, max_moves, led_url, profile, kit)
    names = ", ".join(f"{p.name} (board {p.side})" for p in game.truth_start.players)
    if not headless:
        from tui.app import DEMO_PACE

        return wiring.run(table, headless=False, title=f"leafwatch demo (seed {seed})", prog="leafwatch demo",
                          pace=DEMO_PACE, out=lambda line: None)
    live = table.live
    code = wiring.run(table, headless=True, title="", prog="leafwatch demo", out=out,
                      announce=f"leafwatch demo: a synthetic camera watches {players} players: {names}")
    if game.truth_end is not None and max_moves is None:
        wrong = sum(a != b for x, y in zip(live.session.state.players, game.truth_end.players)
                    for a, b in zip(x.board.pieces, y.board.pieces))
        same_treasures = all(x.treasures == y.treasures for x, y in zip(live.session.state.players, game.truth_end.players))
        if not wrong and same_treasures:
            out(f"the camera-tracked game matches the game the bots played ({live.frames} frames)")
        else:
            out(f"the camera-tracked game differs from the game the bots played: {wrong} squares"
                f"{'' if same_treasures else ' and the treasures'} ({live.frames} frames); a move the camera "
                f"missed is told with 'd' in the TUI")
    return code
