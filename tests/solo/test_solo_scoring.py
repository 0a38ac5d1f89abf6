"""Scoring one solo game: final phase with only the exchanges the squirrels need, won or lost,
leftover points 1/2/3/4."""
from engine.indian_summer.notation import PieceGrid, PrintedLayout
from engine.indian_summer.solo.scoring import score_game, score_position
from engine.indian_summer.treasures import Treasures
from solo_positions import PLAIN, build

FULL = "/".join(["sssssssss"] * 8)


def grid(empty_squares):
    """A board covered by squirrels except the given squares (reading order indices)."""
    cells = ["s"] * 72
    for i in empty_squares:
        cells[i] = "."
    return PieceGrid(tuple(cells))


def score(pieces, treasures, printed=PLAIN):
    return score_position(PrintedLayout.parse(printed), pieces, Treasures.of(treasures))


def test_a_full_board_wins_and_every_leftover_scores_by_kind():
    sc = score(PieceGrid.parse(FULL), {"berry": 1, "nut": 1, "mushroom": 1, "feather": 1})
    assert sc.won and sc.penalty == 0 and sc.leftover_points == 10 and sc.score == 10
    assert sc.reason() == "won: Forest Floor covered; 10 for leftover 1 Berry, 1 Nut, 1 Mushroom, 1 Feather"


def test_zero_points_is_still_a_win():
    sc = score(PieceGrid.parse(FULL), {})
    assert sc.won and sc.score == 0


def test_squirrels_are_paid_with_the_cheapest_tokens():
    # one gap: two Berries (2 points) buy the Nut, the Feather (4 points) is kept
    sc = score(grid([40]), {"berry": 2, "feather": 1})
    assert sc.won and sc.final.treasures_left == Treasures(feather=1) and sc.score == 4
    assert "exchange 2 Berries for 1 Nut" in sc.final.steps


def test_a_lost_game_loses_a_point_per_empty_square():
    sc = score(grid([0, 1, 2]), {"nut": 1})
    assert not sc.won and sc.empty_squares == 2 and sc.score == -2
    assert sc.reason() == "lost: 2 empty squares (-2); no treasures left"


def test_an_odd_berry_still_scores_in_a_lost_game():
    sc = score(grid([0, 1]), {"berry": 1})
    assert not sc.won and sc.score == -2 + 1


def test_a_squirrel_that_completes_an_area_pays_for_the_next():
    # Area 1 lacks A1 and holds a Feather token on B2; one more gap at I8. One Nut: squirrel on A1
    # completes Area 1, its Feather becomes the Nut for I8.
    printed = "........./.f......./" + "/".join(["........."] * 6)
    cells = list(grid([0, 71]).cells)
    cells[10] = "t"
    sc = score(PieceGrid(tuple(cells)), {"nut": 1}, printed)
    assert sc.won and sc.score == 0 and sc.final.areas_completed == (1, 6)


def test_score_game_reads_the_state():
    s = build(pieces=FULL, treasures={"nut": 2})
    sc = score_game(s)
    assert sc.won and sc.score == 4
