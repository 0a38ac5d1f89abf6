"""A square read as part of a tile needs a square of the same tile beside it (vision.classify.tile_mates)."""
import numpy as np

from vision.classify.classification import CLASSES, with_tile_mates
from vision.kit import Kit, Shape, load_kit
from vision.synthetic import played_position, random_position
from vision.classify.tile_mates import holeless_groups, lone_squares, mates, mates_in
from vision.thresholds import thresholds

EMPTY = "." * 72


def _board(**squares) -> np.ndarray:
    """An empty board's characters with the named squares (A1 = top-left) set."""
    chars = np.array(list(EMPTY))
    for name, ch in squares.items():
        chars[_at(name)] = ch
    return chars


def _at(name: str) -> int:
    return (int(name[1]) - 1) * 9 + "ABCDEFGHI".index(name[0])


def test_the_kits_tiles_all_need_a_mate():
    m = mates()
    assert m["a"] == {"a", "?"}
    assert m["G"] == {"G", "g", "t", "a", "?"}  # a token or an animal can lie on the tile's hole
    assert m["y"] == {"Y", "?"}
    assert m["t"] == {"G", "Y", "R", "?"}
    assert "." not in m and "s" not in m and "?" not in m


def test_a_lone_animal_square_or_token_is_found_and_a_pair_is_not():
    assert lone_squares(_board(E3="a")) == [_at("E3")]
    assert lone_squares(_board(E3="a", E4="a")) == []
    assert lone_squares(_board(E3="a", F3="?")) == []  # the animal may go on under a hand
    assert lone_squares(_board(A1="t")) == [_at("A1")]
    assert lone_squares(_board(A1="t", A2="R")) == []
    # a hole beside a solid square of another colour only, at the board's corner
    assert lone_squares(_board(I8="g", H8="Y", H7="Y", I7="Y")) == [_at("I8")]


def test_a_leaf_group_without_a_hole_is_found():
    assert holeless_groups(_board(A1="G", B1="G")) == [("g", [_at("A1"), _at("B1")])]
    for hole in ("g", "t", "a", "?"):  # its hole, a token or an animal on it, or a hand over it
        assert holeless_groups(_board(A1="G", B1="G", C1=hole)) == []
    assert holeless_groups(_board(A1="G", B1="G", C1="y")) == [("g", [_at("A1"), _at("B1")])]  # another colour's
    # two red groups, one with its hole: only the other is reported
    two = _board(A1="R", A2="R", A3="r", F5="R", F6="R", G6="R")
    assert holeless_groups(two) == [("r", [_at("F5"), _at("F6"), _at("G6")])]
    # larger than the kit's largest red tile (5 squares): several holes would be misread; a sleeve, not a tile
    assert holeless_groups(_board(A1="R", B1="R", C1="R", D1="R", E1="R")) == [("r", [_at(c + "1") for c in "ABCDE"])]
    assert holeless_groups(_board(A1="R", B1="R", C1="R", D1="R", E1="R", F1="R")) == []


def test_a_one_square_animal_in_the_kit_leaves_animal_squares_free():
    kit = load_kit()
    single = Shape("mouse", "animal", 1, ((0, 0),), None)
    assert "a" not in mates_in(Kit(kit.sides, kit.leaves, kit.animals + (single,)))
    one_leaf = Shape("dot", "green", 1, ((0, 0),), (0, 0))
    loose = mates_in(Kit(kit.sides, kit.leaves + (one_leaf,), kit.animals))
    assert "G" not in loose and "g" not in loose and "t" not in loose and "Y" in loose


def test_no_position_the_game_can_reach_has_a_lone_square():
    rng = np.random.default_rng(20261123)
    for k in range(400):
        position = random_position(rng) if k % 2 else played_position(rng)
        chars = np.array(list(position.pieces.replace("/", "")))
        assert lone_squares(chars) == [] and holeless_groups(chars) == [], position.pieces


def test_a_lone_square_is_decided_again_without_its_piece():
    probs = np.full((72, len(CLASSES)), 1e-4)
    probs[:, CLASSES.index(".")] = 1.0
    e3, f3 = _at("E3"), _at("F3")
    probs[e3] = 1e-4
    probs[e3, CLASSES.index("a")], probs[e3, CLASSES.index("t")], probs[e3, CLASSES.index(".")] = 0.6, 0.25, 0.15
    probs /= probs.sum(1, keepdims=True)
    chars = np.array(list(EMPTY))
    chars[e3] = "a"
    conf = np.full(72, 0.99)
    conf[e3] = 0.6
    chars, conf = with_tile_mates(probs, chars, conf, thresholds=thresholds())
    # the animal cannot lie alone, nor can the token that comes next: the floor is left
    assert chars[e3] == "." and abs(conf[e3] - 1.0) < 1e-2
    # beside a hidden square the animal stands
    chars = np.array(list(EMPTY))
    chars[e3], chars[f3] = "a", "?"
    assert with_tile_mates(probs, chars, np.full(72, 0.9), thresholds=thresholds())[0][e3] == "a"


def test_floor_read_as_a_lone_animal_square_is_read_as_floor():
    # seed 7110040: A6 of board 0 is open floor that the square models read as an animal square (0.85
    # against the floor's 0.12); no animal can lie alone, so it is floor, and the board reads right
    from rendered import scene as render_scene  # drawn once for every worker and run

    from tests.vision.conftest import board_named_as

    scene = render_scene(7110040)
    truth = scene.boards[0]
    board = board_named_as(truth, scene.image)
    assert board.pieces == truth.pieces
    assert board.pieces.replace("/", "")[_at("A6")] == "."


def test_a_hole_read_as_a_solid_square_is_read_as_the_hole():
    probs = np.full((72, len(CLASSES)), 1e-4)
    probs[:, CLASSES.index(".")] = 1.0
    a1, b1, c1 = _at("A1"), _at("B1"), _at("C1")
    for k in (a1, b1):
        probs[k] = 1e-4
        probs[k, CLASSES.index("G")] = 1.0
    probs[c1] = 1e-4  # the hole: the models lean to a solid square, the hole second
    probs[c1, CLASSES.index("G")], probs[c1, CLASSES.index("g")] = 0.55, 0.4
    probs /= probs.sum(1, keepdims=True)
    chars = _board(A1="G", B1="G", C1="G")
    chars, conf = with_tile_mates(probs, chars, np.full(72, 0.9), thresholds=thresholds())
    assert "".join(chars[:3]) == "GGg" and conf[c1] > 0.9
