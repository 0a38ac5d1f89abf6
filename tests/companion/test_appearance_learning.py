"""Which squares a game vouches for: the labels the appearance memory learns from (no rendering)."""
from __future__ import annotations

import pathlib

import numpy as np
import pytest

from companion.appearance_learning import AppearanceLearning, save_beside, squares_to_learn, vouched

EMPTY = "." * 72
PLAIN = "." * 72


def _board(**at) -> str:
    """72 characters of floor with pieces at squares named like A1 (column letter, row number)."""
    cells = list(EMPTY)
    for name, ch in at.items():
        cells[(int(name[1:]) - 1) * 9 + "ABCDEFGHI".index(name[0])] = ch
    return "".join(cells)


def _i(name: str) -> int:
    return (int(name[1:]) - 1) * 9 + "ABCDEFGHI".index(name[0])


def test_a_square_read_as_the_engine_has_it_is_vouched_for():
    assert vouched("R", "R", ".") and vouched(".", ".", "n") and vouched("t", "t", "n")


def test_a_placed_piece_misread_is_still_that_piece_but_never_when_it_reads_empty():
    assert vouched("R", "Y", ".")  # a tile never changes: the reading is wrong, the engine right
    assert vouched("s", "a", ".")
    assert not vouched("R", ".", ".")  # lifted, or read as floor: the table may have moved it


def test_token_squares_are_never_vouched_for_while_the_table_may_lag():
    assert not vouched("t", "r", "n")  # a token owed: the table may not have put it yet
    assert not vouched("r", "t", "n")  # a token left after its Area closed
    assert not vouched("r", "R", "n")  # solid or token over a treasure: which is it?
    assert vouched("r", "R", ".")  # over plain floor no token lies: a hole read as solid
    assert vouched("r", "g", "n")  # the same open hole, its colour misread


def test_floor_read_as_a_piece_is_a_move_not_yet_taken_in_never_a_label():
    assert not vouched(".", "s", "f")
    assert not vouched(".", "R", ".")
    assert not vouched(".", "?", ".")


def test_squares_beside_a_hidden_square_are_left_out():
    seen = _board(E4="?")
    got = squares_to_learn(EMPTY, seen, PLAIN)
    around = {_i(n) for n in ("D3", "E3", "F3", "D4", "F4", "D5", "E5", "F5", "E4")}
    assert got is not None and set(got) == set(range(72)) - around


def test_a_board_under_a_hand_or_mid_move_is_not_learned_from():
    assert squares_to_learn(EMPTY, _board(A1="?", B1="?", C1="?"), PLAIN) is None  # a hand
    # a green tile put down, not yet taken in: three squares the engine still has as floor
    assert squares_to_learn(EMPTY, _board(A1="G", B1="G", C1="g"), PLAIN) is None
    # one square read as a squirrel over a printed feather: the rest of the board is still learned
    got = squares_to_learn(EMPTY, _board(E4="s"), PLAIN)
    assert got is not None and _i("E4") not in got and len(got) == 71


class _Board:
    def __init__(self, side, pieces, beyond=()):
        self.side, self.pieces, self.corners, self.beyond_picture = side, pieces, np.zeros((4, 2)), list(beyond)


class _Player:
    def __init__(self, side, pieces, printed):
        from engine.indian_summer.notation import PrintedLayout

        self.side = side
        self.board = type("B", (), {"pieces": tuple(pieces), "printed": PrintedLayout.parse(printed)})()


class _State:
    def __init__(self, *players):
        self.players = players


def _fmt(cells: str) -> str:
    return "/".join(cells[r * 9:(r + 1) * 9] for r in range(8))


@pytest.fixture
def learning(monkeypatch):
    taken = []
    learning = AppearanceLearning(memory=None, settle_frames=3)
    monkeypatch.setattr(learning, "_take", lambda image, corners, profile, squares: taken.append(squares) or len(squares))
    learning.taken = taken
    return learning


def test_a_board_is_learned_once_per_state_after_it_has_settled(learning):
    printed = _fmt(PLAIN)
    state = _State(_Player("A1", EMPTY, printed))
    board = _Board("A1", _fmt(EMPTY))
    counts = [learning.learn(None, [board], state) for _ in range(6)]
    assert counts == [0, 0, 0, 72, 0, 0]  # the frame the state began, then settle_frames more; then once only
    moved = _State(_Player("A1", _board(A1="G", B1="G", C1="g"), printed))
    seen = _Board("A1", _fmt(_board(A1="G", B1="G", C1="g")))
    assert [learning.learn(None, [seen], moved) for _ in range(4)] == [0, 0, 0, 72]
    labels = {i: e for i, e, _ in learning.taken[-1]}
    assert labels[_i("A1")] == "G" and labels[_i("C1")] == "g" and labels[_i("D1")] == "."


def test_a_board_beyond_the_picture_or_of_another_side_is_not_learned_from(learning):
    state = _State(_Player("A1", EMPTY, _fmt(PLAIN)))
    for board in (_Board("A1", _fmt(EMPTY), beyond=["A1"]), _Board("B2", _fmt(EMPTY))):
        assert sum(learning.learn(None, [board], state) for _ in range(5)) == 0


def test_the_memory_is_kept_beside_the_profile_never_over_a_file_leafwatch_did_not_write(tmp_path):
    from vision.classify.appearance import AppearanceMemory, beside
    from vision.thresholds import thresholds

    profile = tmp_path / "camera.json"
    memory = AppearanceMemory(thresholds()["appearance"])
    memory.learn(np.eye(11)[[0, 0, 3]], ["..", "..", "R"])
    line = save_beside(profile, memory)
    assert "kept in" in line and AppearanceMemory.load(beside(profile), params=thresholds()["appearance"]).squares() == {"..": 2, "R": 1}
    memory.learn(np.eye(11)[[3]], ["R"])
    save_beside(profile, memory)  # its own file: replaced
    assert AppearanceMemory.load(beside(profile), params=thresholds()["appearance"]).squares() == {"..": 2, "R": 2}
    other = tmp_path / "notes.json"
    pathlib.Path(beside(other)).write_text("my own notes\n")
    assert "not kept" in save_beside(other, memory)
    assert pathlib.Path(beside(other)).read_text() == "my own notes\n"
