"""The square classifier: its floor reference, its models, and a nearly full board from a played-like position."""
import numpy as np
import pytest

from vision.classify.classification import classify
from vision.classify.features import (FLOOR_CLASSES, REGIONS, context_input, floor_free_features, floor_reference,
                                      leaf_colour_context, neighbour_context, quarter_features, region_means,
                                      square_features)
from vision.grids import PIECE_CHARS
from vision.classify.mlp import load_mlp
from vision.locate.rectification import rectify
from vision.synthetic import BoardSpec, Conditions, played_position
from rendered import scene as render_scene  # drawn once for every worker and run
from vision.thresholds import thresholds


def test_models_take_the_features_as_they_are_made_now(clean_scene):
    rect = rectify(clean_scene.image, clean_scene.boards[0].corners, int(thresholds()["rectify"]["square_px"]))
    means, gains = region_means(rect, thresholds=thresholds())
    assert load_mlp("floor_model").p["mu"].shape == (floor_free_features(means, gains).shape[1],)
    feats = square_features(rect, thresholds=thresholds())
    assert feats.shape[0] == 72
    for name in ("pieces_model", "printed_model"):
        assert load_mlp(name).p["mu"].shape == (feats.shape[1],), f"{name} was fitted to other features: retrain"
    # the context model reads the features, the pieces model's reading of the square and its neighbours,
    # and the square's colour against the board's leaves
    pieces = load_mlp("pieces_model")
    context = context_input(feats, pieces.probabilities(feats))
    assert context.shape[1] == feats.shape[1] + neighbour_context(pieces.probabilities(feats)).shape[1] + 12
    assert load_mlp("context_model").p["mu"].shape == (context.shape[1],)
    assert load_mlp("context_model").classes == pieces.classes


@pytest.mark.parametrize("px", [32, 12])
def test_region_means_are_each_squares_weighted_means_of_its_lab_colour_and_edges(clean_scene, px):
    # computed here the plain way, square by square over the whole board's Lab picture and its edges;
    # region_means lays out only the pixels some region weighs, so these must agree
    import cv2
    from vision.classify.features import balance, region_weights
    balanced, _ = balance(rectify(clean_scene.image, clean_scene.boards[1].corners, px), thresholds=thresholds())
    lab8 = cv2.cvtColor(balanced, cv2.COLOR_BGR2Lab)
    lab, L8 = lab8.astype(np.float32), lab8[..., 0]
    edge = (np.abs(cv2.Sobel(L8, cv2.CV_32F, 1, 0, ksize=3)).clip(0, 255).round()
            + np.abs(cv2.Sobel(L8, cv2.CV_32F, 0, 1, ksize=3)).clip(0, 255).round()).clip(0, 255)
    L, a, b = lab[..., 0] * 100 / 255, lab[..., 1] - 128, lab[..., 2] - 128
    W = region_weights(px)
    means, _ = region_means(rectify(clean_scene.image, clean_scene.boards[1].corners, px), thresholds=thresholds())
    for k, (r, c) in enumerate((r, c) for r in range(8) for c in range(9)):
        win = np.s_[r * px:(r + 1) * px, c * px:(c + 1) * px]
        for ch, plain in ((0, L), (1, a), (2, b), (4, np.hypot(a, b)), (5, edge)):
            assert np.allclose(means[k, ch], W @ plain[win].ravel(), atol=1e-3), (k, ch)
        spread = np.sqrt(np.maximum(W @ (L[win] ** 2).ravel() - (W @ L[win].ravel()) ** 2, 0))
        assert np.allclose(means[k, 3], spread, atol=0.1)  # the root of a difference: float32 error shows near 0


def test_neighbour_context_sees_the_four_neighbours_and_the_edge():
    probs = np.zeros((72, 3), np.float32)
    probs[:, 0] = 1.0
    probs[10] = [0.0, 1.0, 0.0]  # B2 (row 1, column 1) reads as the second class
    ctx = neighbour_context(probs)
    assert ctx.shape == (72, 10)
    b1, c2, c3, a1 = 1, 11, 20, 0
    assert np.allclose(ctx[b1, 3:6], [2 / 3, 1 / 3, 0]) and np.allclose(ctx[b1, 6:9], [1, 1, 0]) and ctx[b1, 9] == 1
    assert np.allclose(ctx[c2, 3:6], [0.75, 0.25, 0]) and ctx[c2, 9] == 0
    assert np.allclose(ctx[c3, 3:6], [1, 0, 0])  # diagonal: not a neighbour
    assert ctx[a1, 9] == 2
    assert np.allclose(neighbour_context(np.tile(probs, (2, 1)))[72:], ctx)  # boards one after another


def test_leaf_colour_context_measures_a_square_against_the_boards_other_leaves():
    classes = PIECE_CHARS
    n_feat = 6 * len(REGIONS)
    corner = [c * len(REGIONS) + REGIONS.index("corner") for c in range(3)]
    feats = np.zeros((144, n_feat), np.float32)
    probs = np.zeros((144, len(classes)), np.float32)
    probs[:, 0] = 1.0  # floor everywhere ...
    # board 1: three green squares (one a hole), a fourth square half green, half yellow
    for k, (lab, p) in enumerate([((50, -20, 40), {"G": 1}), ((52, -22, 42), {"G": 1}), ((48, -18, 38), {"g": 1}),
                                  ((60, 0, 50), {"G": 0.5, "Y": 0.5})]):
        feats[k, corner] = lab
        probs[k] = 0
        for c, v in p.items():
            probs[k, classes.index(c)] = v
    # board 2, after it: one yellow square only
    feats[72, corner] = (70, 5, 60)
    probs[72] = 0
    probs[72, classes.index("Y")] = 1
    ctx = leaf_colour_context(feats, probs)
    assert ctx.shape == (144, 12)
    # the first green square against the other greens (2.5 squares' worth: 52/-22/42, 48/-18/38, half 60/0/50)
    others = (np.array([52, -22, 42]) + np.array([48, -18, 38]) + 0.5 * np.array([60, 0, 50])) / 2.5
    assert np.allclose(ctx[0, 0:3], np.array([50, -20, 40]) - others, atol=1e-4)
    assert np.isclose(ctx[0, 3], np.log1p(2.5))
    # the half-yellow square has no other yellow on its board (half a square's worth is too little)
    assert np.allclose(ctx[3, 4:7], 0) and np.isclose(ctx[3, 7], 0)
    # no red anywhere; board 2's yellow does not reach board 1, and board 1's greens not board 2
    assert np.allclose(ctx[:, 8:12], 0)
    assert np.allclose(ctx[72, 0:4], 0) and np.allclose(ctx[73, 4:7], np.array([0, 0, 0]) - (70, 5, 60))


def test_floor_reference_is_the_ring_of_floor_squares_only():
    means = np.zeros((72, 6, len(REGIONS)), np.float32)
    ring, corner = REGIONS.index("ring"), REGIONS.index("corner")
    means[:, :3, :] = np.array([60.0, 30.0, 40.0])[:, None]  # leaves everywhere ...
    means[:5, :3, ring] = [40.0, 5.0, 15.0]  # ... but five squares show the floor in their ring
    probs = np.tile(np.eye(3)[FLOOR_CLASSES.index("o")], (72, 1))
    probs[:3] = np.eye(3)[FLOOR_CLASSES.index("f")]
    probs[3:5] = np.eye(3)[FLOOR_CLASSES.index("h")]
    ref, support = floor_reference(means, probs, thresholds=thresholds())
    assert np.allclose(ref, [40.0, 5.0, 15.0]) and support == pytest.approx(5.0)
    # no square looks like floor (a board under a hand): the median corner stands in
    means[:, :3, corner] = [50.0, 10.0, 20.0]
    ref, support = floor_reference(means, np.tile(np.eye(3)[FLOOR_CLASSES.index("o")], (72, 1)), thresholds=thresholds())
    assert np.allclose(ref, [50.0, 10.0, 20.0]) and support == 0.0


def _nearly_full_scene():
    """A late board as the demo's camera sees it, which the reference before (the median corner) misread
    in 8 squares."""
    pos = played_position(np.random.default_rng(9), fill=1.0)
    cond = Conditions(tilt_deg=12.0, fill=0.9, light_gradient=0.2, warmth=0.2, noise=2.0, blur=0.4, table="felt",
                      free_rotation=False)
    return render_scene(79, [BoardSpec(pos.pieces, side="D2", tiles=pos.tiles)], cond, (1280, 720))


def test_floor_of_a_nearly_full_board_comes_from_its_few_floor_squares():
    scene = _nearly_full_scene()
    truth = scene.boards[0]
    assert truth.pieces.count(".") <= 12
    means, gains = region_means(rectify(scene.image, truth.corners, int(thresholds()["rectify"]["square_px"])), thresholds=thresholds())
    shows_floor = np.isin(np.array(list(truth.pieces.replace("/", ""))), list(".gyr"))
    true_floor = np.median(means[shows_floor, :3, REGIONS.index("ring")], 0)
    base = floor_free_features(means, gains)
    ref, _ = floor_reference(means, load_mlp("floor_model").probabilities(base), thresholds=thresholds())
    old = np.median(means[:, :3, REGIONS.index("corner")], 0)  # the reference before: a leaf's colour here
    assert np.abs(ref - true_floor).max() < 4.0 < np.abs(old - true_floor).max()


def test_a_nearly_full_board_reads_its_floor_squares():
    scene = _nearly_full_scene()
    truth = scene.boards[0]
    reading = classify(rectify(scene.image, truth.corners, int(thresholds()["rectify"]["square_px"])), thresholds=thresholds())
    t = np.array(list(truth.pieces.replace("/", "")))
    p = np.array(list(reading.pieces.replace("/", "")))
    assert (p[t == "."] == ".").all()
    assert (t != p).sum() <= 1


def test_a_hand_over_one_corner_lands_last_among_the_quarters():
    rect = np.full((8 * 32, 9 * 32, 3), (70, 110, 120), np.uint8)  # an even floor, BGR
    means, _ = region_means(rect, thresholds=thresholds())
    for y0, x0 in ((0, 0), (0, 16), (16, 16), (16, 0)):  # a skin-coloured patch over each corner in turn
        covered = rect.copy()
        covered[y0:y0 + 16, x0:x0 + 16] = (150, 180, 230)
        quarters, dist = quarter_features(region_means(covered, thresholds=thresholds())[0])
        assert np.allclose(quarters[0, :3, :3], means[0, :3, 4:5], atol=1.5)  # three quarters show the floor ...
        assert dist[0, 3] > 20 > dist[0, :3].max()  # ... and the covered one last, whichever it is
        assert dist[0, 7] > 20 > dist[0, 4:7].max()
        assert np.allclose(quarters[1], quarters[2])  # the other squares see no hand


def test_training_scenes_stay_clear_of_validation_benchmark_and_test_seeds():
    from vision.training.perceptrons import (BENCH_SEED_BASE, CHUNK, PLAYED_SEED_BASE, RANDOM_BLOCK, VALIDATION_SEED_BASE,
                                             jobs_for)
    seeds = {kind: {s for k, first in jobs_for(2000, 4000) if k == kind for s in range(first, first + CHUNK)}
             for kind in ("random", "played")}
    assert len(seeds["random"]) == 2000 and len(seeds["played"]) == 4000
    validation = set(range(VALIDATION_SEED_BASE, VALIDATION_SEED_BASE + RANDOM_BLOCK))
    assert not seeds["random"] & validation
    assert min(seeds["random"]) >= 100_000 and max(seeds["random"]) < PLAYED_SEED_BASE
    assert max(seeds["played"]) < PLAYED_SEED_BASE + 100_000 < BENCH_SEED_BASE  # played-like validation from +100000
    # the validation block itself is still reachable for judging the models
    assert jobs_for(150, 0, VALIDATION_SEED_BASE)[0] == ("random", VALIDATION_SEED_BASE)


def test_reading_a_board_keeps_numpy_to_one_blas_thread():
    # the perceptrons' products are tiny: BLAS threads only add cost, most of all when the cores are shared
    from threadpoolctl import threadpool_info

    load_mlp("pieces_model").probabilities(np.zeros((72, len(load_mlp("pieces_model").p["mu"])), np.float32))
    blas = [p for p in threadpool_info() if p["user_api"] == "blas"]
    assert blas and all(p["num_threads"] == 1 for p in blas)


def test_weights_below_float32s_normal_range_load_as_zero_and_read_the_same():
    # weight decay leaves most weights subnormal, which Intel cores multiply about a hundred times slower
    from vision.classify.mlp import MLP, subnormal

    tiny = np.finfo(np.float32).tiny
    rng = np.random.default_rng(3)
    params = {"mu": np.zeros(6), "sd": np.ones(6), "W1": rng.normal(0, 1, (6, 8)), "b1": np.zeros(8),
              "W2": rng.normal(0, 1, (8, 4)), "b2": np.zeros(4), "W3": rng.normal(0, 1, (4, 3)), "b3": np.zeros(3)}
    for k in ("W1", "W2", "W3"):
        params[k][rng.random(params[k].shape) < 0.6] = tiny / 8  # subnormal in float32
    model = MLP(params, "abc")
    for k, v in model.p.items():
        assert not subnormal(v).any(), k
    x = rng.normal(0, 1, (72, 6))
    exact = object.__new__(MLP)  # the same model with its weights unflushed, in float64
    exact.p = {k: np.asarray(v, np.float64) for k, v in params.items()}
    assert np.allclose(model.probabilities(x), exact.probabilities(x), atol=1e-6)
    # and the installed models hold none once loaded
    for name in ("floor_model", "pieces_model", "context_model", "printed_model"):
        for k, v in load_mlp(name).p.items():
            assert not subnormal(v).any(), (name, k)


def test_green_tiles_under_a_colour_cast_read_green_beside_the_boards_other_leaves():
    # seeds 7180457 (board 0) and 7180380 (board 2), read at their true corners: under a colour cast
    # their green tiles looked yellow square by square (11 and 3 solid greens read as yellow before the
    # context model saw each square against the board's other leaves; now 1 hole and none). The scenes as
    # drawn before tokens were laid as a game lays them
    from vision.analysis import read_board
    from vision.locate.location import BoardLocation
    from tests.vision.conftest import first_drawn_scene

    for seed, k, most_wrong in ((7180457, 0, 1), (7180380, 2, 0)):
        scene = first_drawn_scene(seed)
        truth = scene.boards[k]
        board = read_board(scene.image, BoardLocation(truth.corners, "truth", True, 1.0), thresholds=thresholds())
        read = np.array(list(board.pieces.replace("/", "")))
        true = np.array(list(truth.pieces.replace("/", "")))
        seen = ~truth.occluded.ravel()
        assert (read[seen & (true == "G")] == "G").all(), seed
        assert (read[seen] != true[seen]).sum() <= most_wrong, seed


def test_a_named_sides_printed_layout_weighs_tokens_by_where_a_game_lays_them():
    from vision.classify.classification import _reading
    from vision.classify.square_net import CLASSES

    # A1..C1 a green tile whose hole C1, over a printed nut, is a disc of doubt (hole 0.55, token 0.45)
    # in an Area that shows floor; D1..F4 wholly red, its hole F1 over a printed berry in doubt (token 0.6);
    # a yellow tile around E5 whose hole, over plain floor, is in doubt (token 0.6); a green tile G8..I8
    # whose hole H8 over plain floor holds a clear token (0.98)
    rows = ["GG?RR?...", "...RRR...", "...RRR...", "...RRR...", "...YYY...", "....Y....", ".........", "......GtG"]
    probs = np.zeros((72, len(CLASSES)))
    for i, ch in enumerate("".join(rows)):
        probs[i, CLASSES.index(ch if ch != "?" else ".")] = 1.0

    def doubt(square, **p):
        probs[square] = 0
        for ch, v in p.items():
            probs[square, CLASSES.index(ch)] = v
    doubt(2, g=0.55, t=0.45)
    doubt(5, r=0.4, t=0.6)
    doubt(4 * 9 + 4, y=0.4, t=0.6)
    doubt(7 * 9 + 7, G=0.02, t=0.98)
    printed = "/".join(["..n..b..."] + ["........."] * 7)
    seen = _seen(printed)  # the printed model sees the layout through every hole
    as_read = _reading(probs, seen, None, True, thresholds=thresholds())
    assert as_read.pieces.split("/")[0][2] == "g" and as_read.pieces.split("/")[4][4] == "t"
    got = as_read.with_printed(printed).pieces.split("/")
    assert got[0][2] == "t"  # over a treasure in an open Area: the token it should hold
    assert got[0][5] == "r"  # over a treasure in a covered Area: its token was taken
    assert got[4][4] == "y"  # over plain floor a doubtful disc is the floor through the hole
    assert got[7][7] == "t"  # a clear token put astray still reads as one
    # an Area whose squares are partly hidden and show no floor leaves its treasure holes as read
    hidden = probs.copy()
    hidden[9 * 3 + 3] = np.eye(len(CLASSES))[CLASSES.index("?")]
    assert _reading(hidden, seen, None, True, thresholds=thresholds()).with_printed(printed).pieces.split("/")[0][5] == "t"
    # a hand over the nut's hole: the layout raises the token against the other pieces, not against the hand
    # (renormalised over every class, the hand's 0.96 fell to 0.77, under the line for "?", and it read "t")
    # (the hand covers B1 and C2 too: a lone square read hidden among clear ones reads its likeliest piece)
    under_hand = probs.copy()
    under_hand[2] = 0
    under_hand[2, [CLASSES.index("?"), CLASSES.index("t"), CLASSES.index("g")]] = 0.96, 0.02, 0.02
    for beside in (1, 11):
        under_hand[beside] *= 0.04
        under_hand[beside, CLASSES.index("?")] = 0.96
    weighed = _reading(under_hand, seen, None, True, thresholds=thresholds()).with_printed(printed)
    assert weighed.pieces.split("/")[0][2] == "?"
    assert weighed.piece_probs[2, CLASSES.index("?")] == pytest.approx(0.96)
    assert weighed.piece_probs[2, CLASSES.index("t")] > 0.9 * 0.04  # the pieces' share: now nearly all token


def _seen(printed: str) -> np.ndarray:
    """Printed-model probabilities that are sure of the given layout on every square."""
    classes = load_mlp("printed_model").classes
    return np.eye(len(classes))[[classes.index(c) for c in printed.replace("/", "")]]


def test_a_hole_over_a_named_treasure_that_does_not_show_it_leans_to_a_token():
    from vision.classify.classification import _reading
    from vision.classify.square_net import CLASSES

    # a green tile A1..C1 whose hole C1 lies over a printed nut, read as an open hole fairly surely (0.97);
    # the Area shows floor, so the layout alone leaves it open (odds of a token 0.03 x 13.5 against 0.97)
    rows = ["GGg......"] + ["........."] * 7
    probs = np.zeros((72, len(CLASSES)))
    for i, ch in enumerate("".join(rows)):
        probs[i, CLASSES.index(ch)] = 1.0
    probs[2] = 0
    probs[2, [CLASSES.index("g"), CLASSES.index("t")]] = 0.97, 0.03
    printed = "/".join(["..n......"] + ["........."] * 7)
    seen = _seen(printed)
    assert _reading(probs, seen, None, True, thresholds=thresholds()).with_printed(printed).pieces[2] == "g"
    # the printed model sees plain floor there, not the nut: something covers the hole, a token
    unseen = seen.copy()
    unseen[2] = np.eye(seen.shape[1])[load_mlp("printed_model").classes.index(".")]
    assert _reading(probs, unseen, None, True, thresholds=thresholds()).with_printed(printed).pieces[2] == "t"
    # a hole over plain floor is not weighed by what the printed model sees
    plain = "/".join(["........."] * 8)
    assert _reading(probs, unseen, None, True, thresholds=thresholds()).with_printed(plain).pieces[2] == "g"
    # a hole the models are sure of, showing its nut: nothing to weigh, the reading stays as it is
    sure = probs.copy()
    sure[2] = np.eye(len(CLASSES))[CLASSES.index("g")]
    as_read = _reading(sure, seen, None, True, thresholds=thresholds())
    assert as_read.with_printed(printed) is as_read


def test_a_nut_token_the_models_read_as_an_open_hole_is_read_once_the_nut_is_not_seen():
    # seed 7203193, board 2, square B5 (index 37): a nut token over a printed nut on a brown floor,
    # which the piece models read as the open green hole (token 0.002); the printed model does not see the
    # nut there (0.000), so with the side named the square reads as the token
    from vision.analysis import read_board
    from vision.locate.location import BoardLocation

    scene = render_scene(7203193)
    truth = scene.boards[2]
    assert truth.pieces.replace("/", "")[37] == "t" and truth.printed.replace("/", "")[37] == "n"
    board = read_board(scene.image, BoardLocation(truth.corners, "truth", True, 1.0), thresholds=thresholds())
    assert board.side == truth.side
    assert board.pieces.replace("/", "")[37] == "t"


def _leaf_board(colours: dict[int, tuple[float, float, float]]):
    """(features, probabilities) of a board read as plain floor everywhere, its squares' corner colours
    (Lab) as `colours` gives them (square -> colour) and nought elsewhere; a test sets the leaves' readings."""
    from vision.classify.features import corner_lab
    from vision.classify.square_net import CLASSES

    feats = np.zeros((72, 400), np.float32)
    columns = [int(np.argmax(corner_lab(np.eye(400, dtype=np.float32))[:, k])) for k in range(3)]  # L, a, b
    pp = np.zeros((72, len(CLASSES)))
    pp[:, CLASSES.index(".")] = 1.0
    for k, lab in colours.items():
        feats[k, columns] = lab
    return feats, pp


def test_a_leaf_square_coloured_as_the_boards_greens_leans_to_green():
    from vision.classify.classification import leaf_colours_agreed
    from vision.classify.square_net import CLASSES

    G, Y, R = (CLASSES.index(c) for c in "GYR")
    green, yellow = (35.0, -10.0, 16.0), (45.0, -2.0, 36.0)
    feats, pp = _leaf_board({**{k: green for k in range(6)}, **{k: yellow for k in range(9, 15)}, 30: green, 31: yellow})
    pp[:6] = np.eye(len(CLASSES))[G]
    pp[9:15] = np.eye(len(CLASSES))[Y]
    pp[30] = pp[31] = 0.0
    pp[30, [G, Y]] = [0.2, 0.8]  # green as the board's greens, read yellow
    pp[31, [G, Y]] = [0.6, 0.4]  # yellow as the board's yellows, read green
    out = leaf_colours_agreed(pp, feats, thresholds=thresholds())
    assert out[30, G] > 0.8 and out[31, Y] > 0.8
    assert np.allclose(out.sum(1), 1.0)
    # the sure squares stay as read, and a square reading no leaf is left alone
    assert np.allclose(out[:6], pp[:6]) and np.allclose(out[40], pp[40])
    # the odds are capped: a sure reading against the colours drops, but only so far
    pp[30, [G, Y]] = [0.001, 0.999]
    assert leaf_colours_agreed(pp, feats, thresholds=thresholds())[30, Y] > 0.9
    # with one leaf colour alone to compare against, nothing changes
    only_green = pp.copy()
    only_green[9:15] = np.eye(len(CLASSES))[R] * 0.5 + np.eye(len(CLASSES))[Y] * 0.5
    assert leaf_colours_agreed(only_green, feats, thresholds=thresholds()) is only_green


def test_a_yellowish_green_tile_read_as_yellow_is_read_green_beside_the_boards_greens():
    # seed 7205211, board 1: a green tile (H3 I3 H4, indices 25 26 34) whose corners lie 5 Lab units
    # from the board's other greens and 30 from its yellows; the models read it yellow (0.70 0.87 0.95)
    from vision.analysis import read_board
    from vision.locate.location import BoardLocation

    scene = render_scene(7205211)
    truth = scene.boards[1]
    assert [truth.pieces.replace("/", "")[k] for k in (25, 26, 34)] == ["G", "g", "G"]
    board = read_board(scene.image, BoardLocation(truth.corners, "truth", True, 1.0), thresholds=thresholds())
    assert [board.pieces.replace("/", "")[k] for k in (25, 26, 34)] == ["G", "g", "G"]


@pytest.mark.parametrize("shape", [(256, 288, 3), (120, 135, 3), (7, 9, 3), (64, 72, 3)])
def test_the_white_balance_samples_every_second_pixel_of_any_board(shape):
    from vision.classify.features import _every_second_pixel
    img = np.random.default_rng(5).integers(0, 256, shape, dtype=np.uint8)
    half = _every_second_pixel(img)
    assert half.flags.c_contiguous and np.array_equal(half, img[::2, ::2])


def test_percentiles_match_numpys_to_the_last_bit():
    from hypothesis import given, settings, strategies as st
    from vision.classify.features import percentiles

    @settings(max_examples=300, deadline=None, derandomize=True)
    @given(st.integers(1, 200), st.integers(0, 2**32 - 1), st.sampled_from([np.float32, np.float64]),
           st.lists(st.floats(0, 100), min_size=1, max_size=4))
    def check(n, seed, dtype, qs):
        rng = np.random.default_rng(seed)
        # ties too: squares of one colour give equal means
        x = (rng.normal(0, 30, n) if seed % 2 else rng.integers(0, 4, n)).astype(dtype)
        want = np.percentile(x, qs)
        got = percentiles(x, tuple(qs))
        assert got.dtype == want.dtype and np.array_equal(got, want)

    check()


def test_weighted_medians_take_each_columns_value_at_half_the_weight():
    from vision.classify.features import weighted_medians
    x = np.array([[5.0, 1.0], [1.0, 2.0], [3.0, 3.0], [4.0, 4.0]], np.float32)
    # sorted, column 0 is 1, 3, 4, 5 with weights 1, 1, 1, 4: half the weight (3.5) is reached at 5;
    # column 1 is 1, 2, 3, 4 with weights 4, 1, 1, 1: reached at 1
    w = np.array([4.0, 1.0, 1.0, 1.0], np.float32)
    assert weighted_medians(x, w).tolist() == [5.0, 1.0]
    rng = np.random.default_rng(3)
    for _ in range(200):
        x = rng.normal(0, 10, (72, 3)).astype(np.float32)
        w = np.where(rng.random(72) < 0.5, rng.random(72), 0).astype(np.float32)
        w[0] = 1
        for k in range(3):  # against the plain reading of the definition, column by column
            order = np.argsort(x[:, k])
            cum = np.cumsum(w[order])
            assert weighted_medians(x, w)[k] == x[order][np.searchsorted(cum, cum[-1] / 2), k]


def test_take_along_gathers_as_numpys_take_along_axis():
    from vision.classify.features import take_along
    rng = np.random.default_rng(8)
    for _ in range(300):
        shape = tuple(int(n) for n in rng.integers(1, 6, rng.integers(1, 5)))
        axis = int(rng.integers(0, len(shape)))
        index_shape = [1 if k != axis and rng.random() < 0.3 else n for k, n in enumerate(shape)]
        index_shape[axis] = int(rng.integers(1, 6))
        a = rng.normal(size=shape)
        index = rng.integers(0, shape[axis], index_shape)
        want, got = np.take_along_axis(a, index, axis), take_along(a, index, axis)
        # the same values laid out alike: sums over them then add in the same order
        assert np.array_equal(got, want) and got.strides == want.strides


def test_the_white_balance_takes_the_mean_colour_of_the_least_saturated_pixels():
    import cv2
    from vision.classify.features import _every_second_pixel, white_balance_gains
    from vision.thresholds import thresholds
    t = thresholds()["classify"]
    rng = np.random.default_rng(4)
    for _ in range(30):
        img = rng.integers(0, 256, (64, 72, 3), dtype=np.uint8)
        img[rng.random((64, 72)) < rng.random()] = rng.integers(0, 256, 3, dtype=np.uint8)  # ties in saturation
        small = _every_second_pixel(img)
        sat = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)[..., 1]
        cut = np.searchsorted(np.cumsum(np.bincount(sat.ravel(), minlength=256)),
                              sat.size * float(t["wb_low_saturation_quantile"]))
        mean = np.array(cv2.mean(small, mask=(sat <= cut).astype(np.uint8))[:3], np.float32) + 1.0
        lo, hi = t["wb_gain_limits"]
        assert np.array_equal(white_balance_gains(img, thresholds=thresholds()), np.minimum(np.maximum(mean.mean() / mean, lo), hi).astype(np.float32))


def _probs_reading(hidden: dict[int, float], piece: dict[int, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Piece probabilities for a board of plain floor read surely, with squares given a probability of hidden
    (the rest going to the piece class named for it, floor unless said), and decide's characters for them."""
    from vision.classify.classification import CLASSES, decide
    pp = np.zeros((72, len(CLASSES)))
    pp[:, CLASSES.index(".")] = 1.0
    for i, h in hidden.items():
        pp[i] = 0.0
        pp[i, CLASSES.index("?")] = h
        pp[i, piece.get(i, CLASSES.index("."))] = 1 - h
    return (pp, *decide(pp, thresholds=thresholds()))


def test_a_small_patch_read_hidden_among_squares_seen_clearly_reads_its_likeliest_piece():
    from vision.classify.classification import CLASSES, with_small_hidden_patches_read
    red = CLASSES.index("R")
    # C1 alone (scene 5000463's floor square under a dark leaf of the artwork); D5 and E5 side by side (glare)
    pp, chars, conf = _probs_reading({2: 0.993, 39: 0.97, 40: 0.975}, {40: red})
    assert "".join(chars[[2, 39, 40]]) == "???"
    read, sure = with_small_hidden_patches_read(pp, chars, conf, thresholds=thresholds())
    assert "".join(read[[2, 39, 40]]) == "..R"
    # the doubt stays in the confidence: at most one less the probability of hidden
    assert sure[2] == pytest.approx(0.007) and sure[40] == pytest.approx(0.025)
    assert (read[[i for i in range(72) if i not in (2, 39, 40)]] == ".").all()


def test_a_patch_read_hidden_that_a_hand_could_make_stays_hidden():
    from vision.classify.classification import CLASSES, with_small_hidden_patches_read
    # three squares in a row: a hand's width
    pp, chars, conf = _probs_reading({30: 0.99, 31: 0.99, 32: 0.99}, {})
    assert "".join(with_small_hidden_patches_read(pp, chars, conf, thresholds=thresholds())[0][[30, 31, 32]]) == "???"
    # a pair that touches a third hidden square at a corner is one patch of three
    pp, chars, conf = _probs_reading({30: 0.99, 31: 0.99, 41: 0.99}, {})
    assert "".join(with_small_hidden_patches_read(pp, chars, conf, thresholds=thresholds())[0][[30, 31, 41]]) == "???"
    # beyond the picture's edge is hidden whatever lies around it
    beyond = np.zeros((8, 9), bool)
    beyond[0, 0] = True
    pp, chars, conf = _probs_reading({0: 1.0}, {})
    assert with_small_hidden_patches_read(pp, chars, conf, beyond, thresholds=thresholds())[0][0] == "?"
    # unsure between pieces rather than hidden: the patch says nothing of which piece it is
    pp, chars, conf = _probs_reading({}, {})
    pp[20] = 0.0
    pp[20, [CLASSES.index("."), CLASSES.index("G"), CLASSES.index("Y")]] = (0.3, 0.36, 0.34)
    chars, conf = chars.copy(), conf.copy()
    chars[20] = "?"
    assert with_small_hidden_patches_read(pp, chars, conf, thresholds=thresholds())[0][20] == "?"
    # a lone square hidden whose pieces are a toss-up stays hidden
    pp, chars, conf = _probs_reading({20: 0.99}, {})
    pp[20, [CLASSES.index("."), CLASSES.index("G"), CLASSES.index("Y")]] = (0.0035, 0.0035, 0.003)
    assert with_small_hidden_patches_read(pp, chars, conf, thresholds=thresholds())[0][20] == "?"
