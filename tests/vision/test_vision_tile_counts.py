"""Every leaf tile has one hole: a reading's counts must come out as whole tiles (vision.classify.tile_counts)."""
import numpy as np
import pytest

from vision.classify.classification import CLASSES, with_tiles_counted
from vision.kit import Kit, Shape, load_kit
from vision.synthetic import played_position, random_position
from rendered import scene as render_scene  # drawn once for every worker and run
from vision.classify.tile_counts import hidden_squares_needed, piece_counts, solid_per_tile_in, tiles_whole
from vision.thresholds import thresholds

from tests.vision.conftest import board_named_as, squares_wrong
from tests.vision.test_vision_tile_mates import _at, _board


def test_the_kits_tiles_give_their_solid_squares_per_tile():
    assert solid_per_tile_in(load_kit()).tolist() == [2, 3, 4]  # green 3 squares, yellow 4, red 5, one hole each


def test_a_kit_whose_colour_has_two_tile_sizes_or_a_tile_without_a_hole_turns_the_rule_off():
    kit = load_kit()
    bigger = Shape("long", "green", 1, ((0, 0), (0, 1), (0, 2), (0, 3)), (0, 0))
    assert solid_per_tile_in(Kit(kit.sides, kit.leaves + (bigger,), kit.animals)) is None
    holeless = Shape("plain", "red", 1, ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)), None)
    assert solid_per_tile_in(Kit(kit.sides, kit.leaves + (holeless,), kit.animals)) is None


def test_whole_tiles_with_their_holes_open_or_covered_are_whole():
    assert tiles_whole(_board())
    assert tiles_whole(_board(A1="G", B1="G", C1="g"))
    for covered in ("t", "a", "?"):  # a token, an animal or a hand over the hole
        assert tiles_whole(_board(A1="G", B1="G", C1=covered, D1="s"))
    # two green tiles side by side, one hole under a token, one under an animal with the yellow's hole beside
    assert tiles_whole(_board(A1="G", B1="G", C1="t", A2="G", B2="G", C2="a", D2="a", D3="Y", E3="Y", F3="Y"))


def test_a_count_no_tiles_can_give_is_not_whole():
    assert not tiles_whole(_board(E3="a", E4="a"))  # animals on the floor: no hole beneath
    assert not tiles_whole(_board(A1="G", B1="G", C1="g", E5="t"))  # a token with no hole of its own
    assert not tiles_whole(_board(A1="G", B1="G", C1="G", D1="g"))  # a green tile has two solid squares
    assert not tiles_whole(_board(A1="Y", B1="Y", C1="G", D1="y"))  # a yellow square read as green
    assert not tiles_whole(_board(A1="R", B1="R", C1="R", D1="R", E1="r", F1="r"))  # one tile, two holes


def test_hidden_squares_can_hold_what_the_counts_lack():
    # a yellow tile under a hand but for one square: the hand holds its two other solid squares and the hole
    one = _board(A1="Y", B1="?", C1="?", D1="?")
    assert hidden_squares_needed(piece_counts(one), solid_per_tile_in(load_kit())) == 3 and tiles_whole(one)
    assert not tiles_whole(_board(A1="Y", B1="?", C1="?"))
    # two animal squares beyond the tiles' holes need a hidden green tile's two solid squares each
    assert tiles_whole(_board(E3="a", E4="a", A1="?", B1="?", C1="?", D1="?"))
    assert not tiles_whole(_board(E3="a", E4="a", A1="?", B1="?", C1="?"))


def test_every_position_the_game_can_reach_is_whole_tiles_even_half_hidden():
    rng = np.random.default_rng(20261126)
    for k in range(400):
        position = random_position(rng) if k % 2 else played_position(rng)
        chars = np.array(list(position.pieces.replace("/", "")))
        assert tiles_whole(chars), position.pieces
        chars[rng.random(72) < rng.random()] = "?"
        assert tiles_whole(chars), "".join(chars)


def _probs(read: dict[str, dict[str, float]]) -> np.ndarray:
    """Piece probabilities: the floor sure everywhere but at the named squares."""
    probs = np.full((72, len(CLASSES)), 1e-4)
    probs[:, CLASSES.index(".")] = 1.0
    for name, classes in read.items():
        probs[_at(name)] = 1e-4
        for c, p in classes.items():
            probs[_at(name), CLASSES.index(c)] = p
    return probs / probs.sum(1, keepdims=True)


def test_two_floor_squares_read_as_an_animal_with_no_hole_beneath_are_read_as_floor():
    tile = {"A1": {"G": 1.0}, "B1": {"G": 1.0}, "C1": {"g": 1.0}}
    doubtful = {"E3": {"a": 0.6, ".": 0.4}, "E4": {"a": 0.7, ".": 0.3}}
    probs = _probs(tile | doubtful)
    chars = _board(A1="G", B1="G", C1="g", E3="a", E4="a")
    chars, conf = with_tiles_counted(probs, chars, np.full(72, 0.9), thresholds=thresholds())
    assert chars[_at("E3")] == "." and chars[_at("E4")] == "."
    assert conf[_at("E3")] == pytest.approx(0.4) and conf[_at("E4")] == pytest.approx(0.3)
    assert "".join(chars[:3]) == "GGg"  # the sure squares stay


def test_a_change_dearer_than_the_limit_is_not_made():
    probs = _probs({"E3": {"a": 0.99999, ".": 1e-5}, "E4": {"a": 0.99999, ".": 1e-5}})
    chars = _board(E3="a", E4="a")
    assert "".join(with_tiles_counted(probs, chars, np.full(72, 0.9), thresholds=thresholds())[0]) == "".join(chars)


def test_the_cheapest_mend_wins_and_a_whole_reading_is_left_alone():
    # a yellow tile with a square read green: making that square yellow costs least
    read = {"A1": {"Y": 1.0}, "B1": {"Y": 1.0}, "C1": {"G": 0.55, "Y": 0.45}, "D1": {"y": 0.9, "g": 0.1}}
    chars = _board(A1="Y", B1="Y", C1="G", D1="y")
    assert "".join(with_tiles_counted(_probs(read), chars, np.full(72, 0.9), thresholds=thresholds())[0][:4]) == "YYYy"
    whole = _board(A1="G", B1="G", C1="g")
    out, conf = with_tiles_counted(_probs({"A1": {"G": 0.5, "Y": 0.5}}), whole, np.full(72, 0.9), thresholds=thresholds())
    assert "".join(out) == "".join(whole) and (conf == 0.9).all()


@pytest.mark.parametrize("seed, board, squares", [
    (7205220, 0, ("G8", "H8")),  # two floor squares read as an animal tile
    (7205098, 1, ("F8",)),  # a green leaf square read as yellow under a warm light
])
def test_a_rendered_board_misread_so_is_read_right(seed, board, squares):
    scene = render_scene(seed)
    truth = scene.boards[board]
    read = board_named_as(truth, scene.image)
    assert squares_wrong(read.pieces, truth) == 0
    for name in squares:
        assert read.pieces.replace("/", "")[_at(name)] == truth.pieces.replace("/", "")[_at(name)]
