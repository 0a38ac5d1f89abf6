"""The renderer's artwork families and its physical table: the own artwork drawn exactly as before, every
family seeded and inside design.md's appearance bounds, and nothing beside the boards in the truth."""
import hashlib
from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision.grids import COLUMNS, ROWS
from vision.kit import load_kit
from vision.synthetic import BoardSpec, Conditions, render_scene
from vision.synthetic.artwork import _hole_mask, draw_board, random_artwork
from vision.synthetic.families import FAMILIES, HELD_OUT, TRAINING, check_family, held_out_physical, held_out_scene
from vision.synthetic.physical import Room

SMALL = (640, 360)

# sha256 (first 16 hex digits) of images rendered before the families existed: the own artwork (and the
# hatched style, `art_style=1`) must come out byte for byte the same, or every fitted model and every
# recorded figure would silently stop describing the renderer
OWN_HASHES = {
    3: "0b735e271b66a1bc", 17: "9302eefd3b5a9469", 101: "2f180db2c9a2ccb0", 2024: "18f390f74b4aa7a9",
    7203001: "610c7f02012e228a", 90001: "00290fd35bf09414",
}
HATCHED_HASHES = {5: "0b5b07542b357ee8", 7213000: "cfc2c6d149b2c0db"}
CONDITIONS_44 = "d8e6e31017a009f9"  # seed 44 with markers and two hands asked for


def digest(img: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(img).tobytes()).hexdigest()[:16]


def test_the_families_are_named_apart():
    assert TRAINING == ("own",)
    assert {"hatched", "vector", "photo", "busy"} <= set(HELD_OUT)
    assert not set(TRAINING) & set(HELD_OUT)
    assert check_family("photo") == "photo"
    with pytest.raises(ValueError, match="unknown artwork family"):
        check_family("oil paint")


@pytest.mark.parametrize("seed", sorted(OWN_HASHES))
def test_own_artwork_renders_as_before(seed):
    assert digest(render_scene(seed, size=SMALL).image) == OWN_HASHES[seed]


def test_own_artwork_by_name_and_the_hatched_alias_render_as_before():
    assert digest(render_scene(3, size=SMALL, family="own").image) == OWN_HASHES[3]
    for seed, want in HATCHED_HASHES.items():
        assert digest(render_scene(seed, size=SMALL, art_style=1).image) == want
        assert digest(render_scene(seed, size=SMALL, family="hatched").image) == want
    cond = replace(Conditions.random(np.random.default_rng(44)), markers=True, hands=2)
    assert digest(render_scene(44, conditions=cond, size=SMALL).image) == CONDITIONS_44


def test_art_style_and_family_name_one_thing():
    assert Conditions(art_style=1).family == "hatched"
    assert Conditions(family="hatched").art_style == 1
    assert Conditions(family="vector").art_style == 0
    assert replace(Conditions(), family="photo").family == "photo"
    with pytest.raises(ValueError):
        Conditions(family="nope")
    rng = np.random.default_rng(5)
    assert random_artwork(rng, style=1).family == "hatched"
    assert random_artwork(np.random.default_rng(5), family="busy").family == "busy"


@pytest.fixture(scope="module")
def family_scenes():
    """Seed 23 (two boards) in every family, flat, twice over."""
    return {f: (render_scene(23, size=SMALL, family=f), render_scene(23, size=SMALL, family=f)) for f in FAMILIES}


def test_every_family_is_seeded_and_its_own(family_scenes):
    digests = set()
    for family, (a, b) in family_scenes.items():
        assert np.array_equal(a.image, b.image), family
        assert a.conditions.family == family and all(art.family == family for art in a.artwork)
        digests.add(digest(a.image))
    assert len(digests) == len(FAMILIES)
    # another family draws the same boards and pieces
    own = family_scenes["own"][0]
    for family, (a, _) in family_scenes.items():
        assert [t.pieces for t in a.boards] == [t.pieces for t in own.boards]


def _circular_mean_hue(bgr: np.ndarray) -> float:
    hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV_FULL).reshape(-1, 3).astype(float)
    a = hsv[:, 0] / 256 * 2 * np.pi
    w = hsv[:, 1] / 255  # grey pixels (gloss, grain) say little about hue
    return float(np.degrees(np.arctan2((np.sin(a) * w).sum(), (np.cos(a) * w).sum())) % 360)


HUE_BOUNDS = {"G": [(80, 150)], "Y": [(35, 60)], "R": [(0, 20), (340, 360)]}  # design.md, leaf tile squares


def _in_bounds(hue: float, bounds, slack: float = 3.0) -> bool:
    return any(lo - slack <= hue <= hi + slack for lo, hi in bounds)


@pytest.mark.parametrize("family", HELD_OUT)
def test_held_out_leaves_keep_the_designs_hues(family):
    px = 40
    for seed in range(4):
        rng = np.random.default_rng([seed, 1])
        art = random_artwork(rng, family=family)
        for colour, bounds in HUE_BOUNDS.items():
            img = draw_board(rng, art, "/".join([colour * COLUMNS] * ROWS), load_kit().sides["A1"], px=px)
            m = int(round(art.margin * px))
            for r, c in ((1, 1), (4, 6), (6, 3)):
                inner = img[m + r * px + 6:m + (r + 1) * px - 6, m + c * px + 6:m + (c + 1) * px - 6]
                hue = _circular_mean_hue(inner)
                assert _in_bounds(hue, bounds), (family, seed, colour, hue)


def _hole_share(img: np.ndarray, bare: np.ndarray, y0: int, x0: int, px: int) -> float:
    """Width of the opening through which the floor shows in one square, along its middle row and column,
    as a share of the square: the floor seen there is the bare floor, at most darkened by the hole's wall."""
    sq = img[y0:y0 + px, x0:x0 + px].astype(float)
    fl = bare[y0:y0 + px, x0:x0 + px].astype(float)
    k = np.clip(sq.sum(2) / np.maximum(fl.sum(2), 1), 0.3, 1.0)
    floor = (np.abs(sq - k[..., None] * fl).max(2) <= 4) & (sq.sum(2) <= fl.sum(2) + 6)

    def run(line):
        c = len(line) // 2
        lo = c
        while lo > 0 and line[lo - 1]:
            lo -= 1
        hi = c
        while hi < len(line) - 1 and line[hi + 1]:
            hi += 1
        return (hi - lo + 1) / len(line) if line[c] else 0.0

    return max(run(floor[px // 2]), run(floor[:, px // 2]))


@pytest.mark.parametrize("family", HELD_OUT)
def test_held_out_holes_are_half_to_three_quarters_of_a_square(family):
    px = 48
    row = "GGg......"
    pieces = "/".join([row] + [".........."[:9]] * 7)
    for seed in range(4):
        rng = np.random.default_rng([seed, 2])
        art = random_artwork(rng, family=family)
        img, bare, cover = draw_board(rng, art, pieces, "/".join(["........."] * 8), px=px, layers=True)
        m = int(round(art.margin * px))
        share = _hole_share(img, bare, m, m + 2 * px, px)
        assert 0.45 <= share <= 0.78, (family, seed, share, art.hole_size)
        assert cover[m + px // 2, m + px // 2] == 255 and cover[m + px // 2, m + 2 * px + px // 2] == 0


def test_a_hole_wall_darkens_only_inside_the_hole():
    px = 48
    art = random_artwork(np.random.default_rng(3), family="vector")
    assert art.hole_wall > 0
    pieces = "/".join(["GGg......"] + ["........."] * 7)
    img, bare, _ = draw_board(np.random.default_rng(9), art, pieces, "/".join(["........."] * 8), px=px, layers=True)
    m = int(round(art.margin * px))
    sq = (slice(m, m + px), slice(m + 2 * px, m + 3 * px))
    hole = _hole_mask(art, px) > 200
    darker = img[sq].astype(int).sum(2) < bare[sq].astype(int).sum(2) - 20
    # the wall: darker than the floor in the hole's upper left, the floor as printed in its lower right
    assert darker[hole][: hole.sum() // 3].mean() > 0.05
    q = np.zeros_like(hole)
    q[px // 2:, px // 2:] = True
    assert darker[hole & q].mean() < 0.02


@pytest.fixture(scope="module")
def tables():
    """One empty board and one played board, each on a flat and on a physical table, no hands."""
    empty = [BoardSpec("/".join(["........."] * 8), side="A1")]
    cond = Conditions(tilt_deg=20.0, fill=0.55, hands=0, table="felt", free_rotation=False)
    out = {}
    for name, boards in (("empty", empty), ("played", None)):
        for phys in (False, True):
            out[name, phys] = render_scene(31, boards=boards, conditions=replace(cond, physical=phys), size=(960, 540))
    return out


def test_physical_table_truth_is_the_boards_alone(tables):
    for name in ("empty", "played"):
        flat, phys = tables[name, False], tables[name, True]
        assert len(phys.boards) == len(flat.boards)
        for a, b in zip(flat.boards, phys.boards):
            assert np.allclose(a.corners, b.corners) and a.pieces == b.pieces and a.side == b.side
        # things lie beside the boards: the picture outside them changed
        outside = np.ones(phys.image.shape[:2], np.uint8)
        for t in phys.boards:
            cv2.fillConvexPoly(outside, _grown(t.corners, 2.0).astype(np.int32), 0)
        changed = np.abs(phys.image.astype(int) - flat.image.astype(int)).max(2) > 40
        assert changed[outside > 0].mean() > 0.01, name


def _grown(corners: np.ndarray, squares: float) -> np.ndarray:
    """The grid's outline grown (or shrunk, when negative) by `squares` squares on every side."""
    c = corners.mean(0)
    sq = np.linalg.norm(corners[1] - corners[0]) / COLUMNS
    return c + (corners - c) * (1 + squares * sq / (np.linalg.norm(corners - c, axis=1)[:, None]))


def test_nothing_lies_on_an_empty_board_and_its_shadows_hide_nothing(tables):
    flat, phys = tables["empty", False], tables["empty", True]
    board = phys.boards[0]
    inside = np.zeros(phys.image.shape[:2], np.uint8)
    cv2.fillConvexPoly(inside, _grown(board.corners, -0.5).astype(np.int32), 1)
    inside = inside > 0
    lighter = (phys.image.astype(int) - flat.image.astype(int)).max(2) > 25
    # the physical table only darkens the board (shadows), never draws over it
    assert lighter[inside].mean() < 0.003
    assert not board.occluded.any() and board.visible_fraction == 1.0


def test_thick_pieces_cast_shadows_that_hide_no_square(tables):
    flat, phys = tables["played", False], tables["played", True]
    for a, b in zip(flat.boards, phys.boards):
        inside = np.zeros(phys.image.shape[:2], np.uint8)
        cv2.fillConvexPoly(inside, a.corners.astype(np.int32), 1)
        diff = phys.image.astype(int).sum(2) - flat.image.astype(int).sum(2)
        assert (diff[inside > 0] < -40).mean() > 0.01  # shadows and walls darken the board here and there
        assert np.array_equal(a.occluded, b.occluded)


def test_the_room_keeps_things_off_the_boards():
    board = np.array([[-5.0, -4.5], [5.0, -4.5], [5.0, 4.5], [-5.0, 4.5]])
    room = Room([board], [])
    assert not room.free(np.array([0.0, 0.0]), 1.0)
    assert not room.free(np.array([5.5, 0.0]), 1.0)
    assert room.free(np.array([7.0, 0.0]), 1.0)
    room.take(np.array([7.0, 0.0]), 1.0)
    assert not room.free(np.array([8.0, 0.0]), 1.0)


def test_held_out_sets_lie_on_the_physical_table_every_other_seed():
    assert [held_out_physical(s) for s in range(5300000, 5300004)] == [False, True, False, True]
    scene = held_out_scene(5300001, "vector", size=SMALL)
    assert scene.conditions.physical and scene.conditions.family == "vector"


DEMO_OWN_FIRST_FRAME = "ced56cabf3746b25"  # table_game(2, 2) at 640x360: the empty table before the first move


@pytest.fixture(scope="module")
def demo_frames():
    """The first frames of one two-player game drawn in the own artwork, and twice in vector on a
    physical table."""
    import itertools

    from companion.live import FrameItem
    from leafwatch.demo.camera_game import demo_feed
    from leafwatch.demo.table_script import table_game

    game = table_game(2, 2)

    def frames(**kw):
        items = itertools.islice(demo_feed(game, size=SMALL, **kw), 30)
        return [it.image for it in items if isinstance(it, FrameItem)][:11]

    return frames(), frames(family="vector", physical=True), frames(family="vector", physical=True)


def test_demo_feed_draws_a_game_in_a_family_at_one_fixed_table(demo_frames):
    own, vector, again = demo_frames
    assert digest(own[0]) == DEMO_OWN_FIRST_FRAME
    assert len(vector) == len(own) == 11 and all(np.array_equal(a, b) for a, b in zip(vector, again))
    assert not np.array_equal(own[0], vector[0])
    # one table for the whole game: two moves apart, the still frames differ only where the move was made
    # (and by the sensor's noise), not by another artwork, camera or clutter
    first, second = vector[1].astype(np.float32), vector[10].astype(np.float32)
    moved = np.abs(cv2.GaussianBlur(first - second, (0, 0), 2)).max(2) > 25
    assert moved.mean() < 0.05


def test_a_synthetic_source_reads_a_families_scene():
    from vision.sources import SourceError, SyntheticSource, open_source

    src = open_source("synthetic:vector:5310000")
    assert isinstance(src, SyntheticSource) and (src.family, src.seed) == ("vector", 5310000)
    frame = SyntheticSource(5310000, size=SMALL, family="vector").read()
    assert frame.name == "synthetic:vector:5310000"
    assert np.array_equal(frame.image, held_out_scene(5310000, "vector", size=SMALL).image)
    with pytest.raises(SourceError, match="no artwork family 'oils'.*the families are own, hatched"):
        open_source("synthetic:oils:5")
    with pytest.raises(SourceError, match="whole-number seed"):
        open_source("synthetic:photo:x")


def test_a_mug_hides_what_it_stands_in_front_of_but_its_shadow_hides_nothing():
    from vision.synthetic import physical, scene

    size = (640, 360)
    H, P = scene._camera(np.random.default_rng(0), np.zeros(2), 25.0, size, full=True)
    rng = np.random.default_rng(4)
    t3 = physical.table3d(P, np.eye(3), H, rng, size)
    table = np.full((size[1], size[0], 3), 200, np.uint8)
    img = table.copy()
    hides = physical.mug(img, t3, rng, Room([], []), np.zeros(2)) > 127
    assert 0.002 < hides.mean() < 0.2
    shadow = (img.astype(int).sum(2) < 0.8 * 600) & ~hides
    assert shadow.sum() > 0.5 * hides.sum()  # a long shadow on the table, none of it in the mask
    # the shadow falls away from the light
    d = np.argwhere(shadow).mean(0)[::-1] - np.argwhere(hides).mean(0)[::-1]
    assert np.dot(d, t3.light[:2]) > 0
