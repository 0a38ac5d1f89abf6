import numpy as np

from vision.grids import COLUMNS, ROWS, format_grid, parse
from vision.kit import load_kit, physical_board
from vision.synthetic import (BoardSpec, Conditions, Position, played_position, random_position, render_scene,
                              with_treasure_tokens)
from vision.synthetic import scene
from vision.synthetic.positions import _orientations
from vision.synthetic.scene import _side_of_a_free_board, played_boards, random_boards

from tests.vision.conftest import side_drawn_with_replacement


def test_same_seed_same_image():
    a = render_scene(7, size=(640, 360))
    b = render_scene(7, size=(640, 360))
    assert np.array_equal(a.image, b.image)
    assert [x.pieces for x in a.boards] == [x.pieces for x in b.boards]
    assert not np.array_equal(a.image, render_scene(8, size=(640, 360)).image)


def test_random_positions_use_kit_shapes_and_valid_notation():
    rng = np.random.default_rng(0)
    for _ in range(20):
        pos = random_position(rng)
        g = parse(pos.pieces)
        tiles = np.array(pos.tiles)
        for tid in set(tiles[np.isin(g, list("GYRgyr"))].tolist()):
            cells = np.isin(g, list("GYRgyrt")) & (tiles == tid)
            holes = (np.isin(g, list("gyrt")) & (tiles == tid)).sum()
            # an animal tile may lie on the hole (and take that square's tile id)
            assert cells.sum() in (2, 3, 4, 5) and holes <= 1
            assert holes == 1 or (g == "a").any()


def test_ground_truth_corners_follow_board_rotation():
    """A board seen from above with no rotation: A1 top-left, then clockwise."""
    spec = BoardSpec("/".join(["........."] * 8), side="A1")
    scene = render_scene(3, boards=[spec], conditions=Conditions(free_rotation=False, fill=0.7))
    c = scene.boards[0].corners
    # clockwise on screen (y down): positive signed area
    area = 0.5 * sum(c[i, 0] * c[(i + 1) % 4, 1] - c[(i + 1) % 4, 0] * c[i, 1] for i in range(4))
    assert area > 0
    assert scene.boards[0].printed == load_kit().sides["A1"]
    assert np.all((c >= 0) & (c <= [1920, 1080]))


def test_hands_mark_squares_occluded():
    for seed in range(30, 60):
        scene = render_scene(seed, size=(960, 540))
        if scene.conditions.hands and any(b.occluded.any() for b in scene.boards):
            b = next(b for b in scene.boards if b.occluded.any())
            assert b.occluded.shape == (ROWS, COLUMNS)
            assert b.visible_fraction < 1.0
            return
    raise AssertionError("no scene with a hand over a board in 30 seeds")


def test_a_square_counts_occluded_by_the_share_of_it_hidden():
    # a board drawn square for square on the image (40 px a square from the top-left corner): an arm's
    # edge over the left eighth of A1 hides 12.5 % of it, which a coarse sampling inside the square missed
    from vision.synthetic.scene import OCCLUDED_SHARE, PX, _occlusion
    hand = np.zeros((ROWS * PX, COLUMNS * PX), np.uint8)
    hand[:PX, :PX // 8] = 255  # A1: 12.5 % hidden
    hand[:PX, PX * 2:PX * 2 + PX // 20] = 255  # C1: 5 % hidden
    hand[PX * 7:, PX * 8:] = 255  # I8 wholly hidden
    occ, visible = _occlusion(np.eye(3), 0.0, hand, 0.0, (COLUMNS * PX, ROWS * PX))
    assert OCCLUDED_SHARE < 0.125 and OCCLUDED_SHARE > 0.05
    assert occ[0, 0] and not occ[0, 2] and occ[7, 8]
    assert occ.sum() == 2
    assert abs(visible - (1 - (0.125 + 0.05 + 1) / 72)) < 0.003


def test_renders_a_given_printed_notation_and_tiles():
    pos = random_position(np.random.default_rng(4))
    spec = BoardSpec(pos.pieces, printed="b" * 9 + "/" + "/".join(["........."] * 7), tiles=pos.tiles)
    scene = render_scene(4, boards=[spec], size=(960, 540))
    assert scene.boards[0].side is None and scene.boards[0].printed.startswith("bbbbbbbbb")


def test_played_positions_grow_tiles_against_each_other_up_to_nearly_full():
    kit = load_kit()
    shapes = {frozenset(c) for s in kit.leaves for c, _ in _orientations(s.cells)}
    for seed in range(12):
        pos = played_position(np.random.default_rng(seed), fill=1.0)
        assert pos == played_position(np.random.default_rng(seed), fill=1.0)  # seeded
        g = parse(pos.pieces)
        tiles = np.array(pos.tiles)
        assert np.isin(g, list(".GYRgyrtsa")).all()
        assert (g != ".").sum() >= 0.8 * ROWS * COLUMNS  # nearly full: a few floor squares left
        leaf_ids = set(tiles[np.isin(g, list("GYR"))].tolist())
        for tid in leaf_ids:
            cells = {(int(r), int(c)) for r, c in zip(*np.nonzero(tiles == tid))}
            holes = sum(g[p] in "gyrt" for p in cells)
            if holes:  # a kit shape, hole and all
                r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
                assert holes == 1 and frozenset((r - r0, c - c0) for r, c in cells) in shapes
            else:  # an animal tile lies on its hole and takes that square
                assert any(g[r + dr, c + dc] == "a" for r, c in cells for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                           if 0 <= r + dr < ROWS and 0 <= c + dc < COLUMNS)
        # every tile touches another one: the board grew from its first tile, as in a game
        covered = tiles > 0
        seen, todo = set(), [tuple(int(v) for v in np.argwhere(covered)[0])]
        while todo:
            r, c = todo.pop()
            if (r, c) in seen:
                continue
            seen.add((r, c))
            todo += [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                     if 0 <= r + dr < ROWS and 0 <= c + dc < COLUMNS and covered[r + dr, c + dc]]
        assert len(seen) == covered.sum()
    # a lower fill stops early
    assert (parse(played_position(np.random.default_rng(0), fill=0.3).pieces) != ".").sum() < 0.5 * ROWS * COLUMNS



def test_a_table_never_shows_one_board_twice(monkeypatch):
    # a box holds each Forest Floor once and a board shows one face: no two boards of a scene share a
    # letter (A1 and A2 are the two faces of board A). Scenes the old draw (with replacement) made
    # without a clash stay as they were; the others change only in the clashing boards' sides (and so in
    # where their tokens lie, which is left out here).
    def sides(seed, rule=None):
        monkeypatch.setattr(scene, "with_treasure_tokens", lambda pos, printed: pos)
        if rule is not None:
            monkeypatch.setattr(scene, "_side_of_a_free_board", rule)
        rng = np.random.default_rng(seed)
        boards = random_boards(rng, 4) if seed % 2 else played_boards(rng, 4)
        monkeypatch.undo()
        return [b.side for b in boards], [b.pieces for b in boards]

    clashed = 0
    for seed in range(200):
        now, pieces = sides(seed)
        before, pieces_before = sides(seed, side_drawn_with_replacement)
        assert len({physical_board(s) for s in now}) == 4, (seed, now)
        assert pieces == pieces_before
        if len({physical_board(s) for s in before}) == 4:
            assert now == before
        else:
            clashed += 1
            first = next(k for k in range(4) if physical_board(before[k]) in map(physical_board, before[:k]))
            assert now[:first] == before[:first]
    assert clashed > 100  # four boards drawn from six with replacement clash most of the time
    assert physical_board("A2") == physical_board("A1") == "A" != physical_board("B1")


def test_a_side_whose_board_is_taken_is_drawn_again_among_free_boards():
    names = ["A1", "A2", "B1", "B2", "C1", "C2"]
    assert _side_of_a_free_board(names, 3, ["A1"]) == "B2"  # its board is free: the side drawn
    assert _side_of_a_free_board(names, 1, ["A1"]) == "B2"  # A is taken: the 2nd of B1 B2 C1 C2
    assert _side_of_a_free_board(names, 0, ["A2", "B1"]) == "C1"
    assert _side_of_a_free_board(names, 5, ["A1", "B1", "C2"]) == "C2"  # more boards than the box holds


def test_treasure_tokens_lie_where_a_game_puts_them():
    # tile 1 (green, A1..C1) has its hole on a printed berry in the open Area A1..C4; tile 2 (red blocks
    # standing for tiles over D1..H4) its hole on a berry at E1, in the wholly covered Area D1..F4; tile 3
    # (green, G8..I8) its hole on plain floor
    pieces = "/".join(["GGgRrRRR.", "...RRRRR.", "...RRRRR.", "...RRRRR."] + ["........."] * 3 + ["......GGg"])
    tiles = [[0] * 9 for _ in range(8)]
    tiles[0][0:3] = [1, 1, 1]
    for r in range(4):
        tiles[r][3:8] = [2] * 5
    tiles[7][6:9] = [3, 3, 3]
    pos = Position(pieces, tuple(tuple(r) for r in tiles))
    printed = "/".join(["..b.b...."] + ["........."] * 7)
    got = parse(with_treasure_tokens(pos, printed, out_of_step=0, astray=0).pieces)
    assert got[0, 2] == "t"  # a treasure uncovered in an open Area: its token lies on it
    assert got[0, 4] == "r"  # a treasure in an Area wholly covered: its token was taken
    assert got[7, 8] == "g"  # plain floor: nothing
    # out of step with the rule every time: each hole goes the other way, and a hole keeps its leaf's colour
    flipped = parse(with_treasure_tokens(pos, printed, out_of_step=1, astray=1).pieces)
    assert (flipped[0, 2], flipped[0, 4], flipped[7, 8]) == ("g", "t", "t")
    back = parse(with_treasure_tokens(Position(format_grid(flipped), pos.tiles), printed, 0, 0).pieces)
    assert (back == got).all()  # a token's square goes back to its own leaf's hole
    assert with_treasure_tokens(pos, printed) == with_treasure_tokens(pos, printed)  # seeded


def test_rendered_boards_hold_tokens_over_treasures_and_of_their_kind():
    kit = load_kit()
    count = {(True, True): 0, (True, False): 0, (False, True): 0, (False, False): 0}  # (on a treasure, token)
    for seed in range(60):
        rng = np.random.default_rng(seed)
        for b in (random_boards(rng) if seed % 2 else played_boards(rng)):
            g, f = parse(b.pieces), parse(kit.sides[b.side], printed=True)
            for ch, sym in zip(g.ravel(), f.ravel()):
                if ch in "gyrt":
                    count[(sym != ".", ch == "t")] += 1
    assert count[(False, True)] < 0.06 * (count[(False, True)] + count[(False, False)])  # a stray token now and then
    assert count[(True, True)] > 0.6 * (count[(True, True)] + count[(True, False)])  # most Areas still open
    assert count[(True, False)] > 0  # and some covered, or out of step
    # a token shows the treasure printed under it: on a berry, a blue-violet disc
    spec = BoardSpec("/".join(["GGt......"] + ["........."] * 7), printed="/".join(["..b......"] + ["........."] * 7),
                     tiles=((1, 1, 1) + (0,) * 6,) + ((0,) * 9,) * 7)
    for seed in range(4):
        sc = render_scene(seed, boards=[spec], size=(960, 540), conditions=Conditions(free_rotation=False, fill=0.7))
        c = sc.boards[0].corners
        x, y = (c[0] + (c[1] - c[0]) * 2.5 / COLUMNS + (c[3] - c[0]) * 0.5 / ROWS).astype(int)
        b, g, r = sc.image[y - 2:y + 3, x - 2:x + 3].reshape(-1, 3).mean(0)
        assert b > r and b > g
