"""Tracking by change (vision.change): rendered frames of one table before and after a move, read
against each other. What arrived reads as exactly that piece; light dimmed, a soft shadow and the
camera nudged read as nothing."""
import cv2
from dataclasses import replace

import numpy as np
import pytest

from engine.indian_summer.kit import reference_kit
from vision.change.change_reading import letters_by_size, read_change
from vision.change.references import BoardPicture, view_of
from vision.change.square_change import square_changes
from vision.synthetic.artwork import random_artwork
from vision.synthetic.scene import BoardSpec, Conditions, render_scene
from vision.thresholds import thresholds

T = thresholds()["change"]
LETTERS = letters_by_size(reference_kit().size_of_colour)
SEED = 61
SIZE = (960, 540)
LIGHT = Conditions(tilt_deg=12.0, fill=0.8, light_gradient=0.2, warmth=0.2, noise=2.0, blur=0.4, table="felt",
                   free_rotation=False)


def board(rows: dict[int, str]) -> str:
    return "/".join(rows.get(r, ".........") for r in range(8))


def tile_ids(rows: dict[int, str]) -> tuple:
    return tuple(tuple(int(ch) for ch in rows.get(r, "000000000")) for r in range(8))


EMPTY = board({})
GREEN = board({2: "..GgG...."})  # a green tile C3 *D3 E3
TOKEN = board({2: "..GtG...."})  # ... and a token on its hole
SQUIRREL = board({5: "......s.."})
TWO = board({4: ".GggG....", 5: ".G..G...."})  # two green tiles, their holes side by side
ANIMAL = board({4: ".GaaG....", 5: ".G..G...."})  # an animal over both holes
IDS = {GREEN: {2: "001110000"}, TOKEN: {2: "001110000"},
       TWO: {4: "011220000", 5: "010020000"}, ANIMAL: {4: "013320000", 5: "010020000"}}


def render(pieces: str, conditions: Conditions = LIGHT):
    art = [random_artwork(np.random.default_rng(SEED))]
    spec = BoardSpec(pieces, side="B1", tiles=tile_ids(IDS.get(pieces, {})))
    return render_scene(SEED, [spec], replace(conditions, steady=True), SIZE, art)


@pytest.fixture(scope="module")
def frames():
    out = {p: render(p) for p in (EMPTY, GREEN, TOKEN, SQUIRREL, TWO, ANIMAL)}
    out["dim"] = render(GREEN, Conditions(**{**LIGHT.describe(), "exposure": 0.7}))
    return out


def reading(before, after, notation: str, corners=None, printed: str | None = None) -> str:
    corners = before.boards[0].corners if corners is None else corners
    reference = BoardPicture.of(before.image, before.boards[0].corners, T)
    view = view_of(after.image, corners, reference, T)
    return read_change(notation, square_changes(reference, view, T), T, LETTERS, printed=printed)


def test_a_steady_table_draws_an_unchanged_board_alike(frames):
    """The renderer's steady frames: a board's floor and pieces look the same whatever was added."""
    a, b = frames[EMPTY].boards[0].corners, frames[GREEN].boards[0].corners
    assert np.allclose(a, b)
    ref = BoardPicture.of(frames[EMPTY].image, a, T)
    now = BoardPicture.of(frames[GREEN].image, a, T)
    same = np.abs(ref.bgr - now.bgr).mean(2).reshape(8, T["square_px"], 9, T["square_px"]).mean((1, 3))
    assert same[5:].max() < 6  # the rows far from the new tile


def test_a_green_tile_placed_reads_as_exactly_that_placement(frames):
    assert reading(frames[EMPTY], frames[GREEN], EMPTY) == GREEN


def test_a_token_on_a_hole_reads_as_a_token(frames):
    assert reading(frames[GREEN], frames[TOKEN], GREEN) == TOKEN


def test_the_token_taken_reads_as_the_open_hole(frames):
    assert reading(frames[TOKEN], frames[GREEN], TOKEN) == GREEN


def test_a_squirrel_reads_as_a_squirrel(frames):
    assert reading(frames[EMPTY], frames[SQUIRREL], EMPTY) == SQUIRREL


def test_an_animal_over_holes_reads_as_an_animal(frames):
    assert reading(frames[TWO], frames[ANIMAL], TWO) == ANIMAL


def test_light_dimmed_by_30_percent_is_no_change(frames):
    assert reading(frames[GREEN], frames["dim"], GREEN) == GREEN


def test_a_soft_shadow_passing_is_no_change(frames):
    scene = frames[GREEN]
    h, w = scene.image.shape[:2]
    c = scene.boards[0].corners
    blob = np.zeros((h, w), np.float32)
    # a shadow over a third of the board, its edge soft over about half a square
    square = np.linalg.norm(c[1] - c[0]) / 9
    left, right = c[:, 0].min(), c[:, 0].max()
    cv2.rectangle(blob, (int(left - 50), 0), (int(left + (right - left) / 3), h), 1.0, -1)
    blob = cv2.GaussianBlur(blob, (0, 0), square / 2)
    shaded = np.clip(scene.image * (1 - 0.45 * blob)[..., None], 0, 255).astype(np.uint8)
    assert reading(scene, type(scene)(scene.seed, shaded, scene.boards, scene.conditions), GREEN) == GREEN


def test_the_camera_nudged_two_pixels_is_no_change(frames):
    scene = frames[GREEN]
    h, w = scene.image.shape[:2]
    moved = cv2.warpAffine(scene.image, np.float32([[1, 0, 2], [0, 1, -2]]), (w, h), borderMode=cv2.BORDER_REPLICATE)
    after = type(scene)(scene.seed, moved, scene.boards, scene.conditions)
    found = scene.boards[0].corners + [2, -2] + np.random.default_rng(3).uniform(-1, 1, (4, 2))
    assert reading(scene, after, GREEN, corners=found) == GREEN
    # corners fitted again a few pixels apart, the camera still
    assert reading(scene, scene, GREEN, corners=scene.boards[0].corners + [[2, 1], [-2, 2], [1, -2], [-1, -1]]) == GREEN


def test_a_covered_square_that_changes_is_a_hand_not_a_piece(frames):
    """A tile never changes: the tile's squares changing (a hand over them) read '?', and a new group
    joined to them is a hand too."""
    got = reading(frames[GREEN], frames[EMPTY], GREEN)
    assert got == board({2: "..???...."})


def test_two_tiles_of_a_turn_take_their_colours_from_the_absolute_reading():
    """A change two tiles wide has no size that gives its colour: the absolute reading's colours stand."""
    from vision.change.square_change import SquareChange

    rows = np.zeros((8, 9), np.float32)
    rows[2, 2:8] = 1.0  # six squares in a row changed, ring and centre ...
    ring = rows.copy()
    centre = rows.copy()
    centre[2, 3] = centre[2, 6] = 0.0  # ... two of them holes
    cue = board({2: "..GGG?YY."})
    got = read_change(EMPTY, SquareChange(centre, ring), T, LETTERS, cue)
    assert got == board({2: "..GgGGyY."})


def test_a_tile_laid_with_its_token_at_once_has_its_hole_where_the_token_lies(frames):
    """No square of the new tile shows the floor: the token on its hole is the square whose centre is a
    disc of its own colour in the leaf."""
    assert reading(frames[EMPTY], frames[TOKEN], EMPTY) == TOKEN


def hand_reaching(image: np.ndarray, corners, depth: float, skin=(95, 140, 200), sleeve=(70, 40, 120)) -> np.ndarray:
    """`image` with an arm reaching in from the frame's left edge towards the middle of the board's A1-A8
    edge, as the renderer draws one (a sleeve, a hand of skin with four fingers, its soft shadow), its
    fingertips `depth` squares inside the board (past the edge, for a negative depth)."""
    c = np.asarray(corners, np.float64)
    square = np.linalg.norm(c[1] - c[0]) / 9
    inward = (c[1] + c[2] - c[0] - c[3]) / 2
    inward /= np.linalg.norm(inward)
    tip = (c[0] + c[3]) / 2 + inward * depth * square
    start = np.array([-50.0, tip[1] + 0.5 * square])
    d = (tip - start) / np.linalg.norm(tip - start)
    across = np.array([-d[1], d[0]])
    width = 2.4 * square
    palm = tip - d * width * 0.3
    h, w = image.shape[:2]
    mask, colour = np.zeros((h, w), np.uint8), np.zeros((h, w, 3), np.float32)
    arm = np.int32([start + across * width * 0.6, palm + across * width * 0.42, palm - across * width * 0.42,
                    start - across * width * 0.6])
    cv2.fillPoly(mask, [arm], 255, cv2.LINE_AA)
    cv2.fillPoly(colour, [arm], sleeve, cv2.LINE_AA)
    hand = np.zeros((h, w), np.uint8)
    angle = np.degrees(np.arctan2(d[1], d[0]))
    cv2.ellipse(hand, tuple(int(v) for v in palm), (int(width * 0.8), int(width * 0.5)), angle, 0, 360, 255, -1)
    for k in range(4):
        a = np.radians(angle + (k - 1.5) * 12)
        finger = tip + np.array([np.cos(a), np.sin(a)]) * width * 0.6
        cv2.ellipse(hand, tuple(int(v) for v in finger), (int(width * 0.35), int(width * 0.09)), np.degrees(a),
                    0, 360, 255, -1)
    colour[hand > 0] = skin
    mask = np.maximum(mask, hand)
    shadow = cv2.GaussianBlur(np.roll(mask, (int(square * 0.3), int(square * 0.2)), (0, 1)), (0, 0), square * 0.2)
    out = image.astype(np.float32) * (1 - 0.4 * shadow.astype(np.float32) / 255)[..., None]
    over = mask.astype(np.float32)[..., None] / 255
    return np.clip(out * (1 - over) + colour * over, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("depth", [-0.5, 0.0, 0.5, 1.0, 1.5, 2.0])
def test_a_hand_held_over_the_empty_floor_at_the_board_edge_reads_as_no_piece(frames, depth):
    """A hand reaching a little way onto the board, held still: a few squares of floor covered by skin,
    the board's edge and beyond covered too. Every tile shows its hole or the token on it; this shows
    neither, so it is no piece."""
    scene = frames[EMPTY]
    after = type(scene)(scene.seed, hand_reaching(scene.image, scene.boards[0].corners, depth), scene.boards,
                        scene.conditions)
    got = reading(scene, after, EMPTY, printed=reference_kit().side("B1").format())
    assert set(got.replace("/", "")) <= set(".?"), got
    assert "?" in got or depth < 0


def test_an_animal_whose_illustration_matches_the_leaf_on_part_of_a_hole_ring_is_still_the_animal():
    """Three open holes covered by an animal: two rings changed wholly, one in part (its illustration there
    near the leaf's colour) with its centre changed. A token leaves its hole's ring as it was, so that hole
    is the animal's too; a hole alone with its centre changed is a token."""
    from vision.change.square_change import SquareChange

    three = board({5: ".......gG", 6: ".......gg"})  # holes H6, H7, I7 (and more beside)
    centre = np.zeros((8, 9), np.float32)
    ring = np.zeros((8, 9), np.float32)
    centre[5, 7] = centre[6, 7] = centre[6, 8] = 1.0
    ring[5, 7] = ring[6, 8] = 1.0
    ring[6, 7] = 0.35
    got = read_change(three, SquareChange(centre, ring), T, LETTERS)
    assert got == board({5: ".......aG", 6: ".......aa"})
    ring[5, 7] = ring[6, 8] = 0.0  # no animal beside: the centres alone are tokens put down
    got = read_change(three, SquareChange(centre, ring), T, LETTERS)
    assert got == board({5: ".......tG", 6: ".......tt"})
