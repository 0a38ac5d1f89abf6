"""The solo Mushroom: the tiles on the Mushroom spaces, forgoing one that fits nowhere, then the row
closes up."""
from dataclasses import replace

import pytest

from engine.errors import IllegalAction, NotationError
from engine.indian_summer.actions import Source, UseMushroom
from engine.indian_summer.solo.actions import ForgoMushroomTile, PlaceMushroomTile, SoloMushroom
from engine.indian_summer.solo.actions import parse_solo_action as act
from engine.indian_summer.solo.rules import apply, legal_actions, step
from engine.indian_summer.solo.state import EMPTY
from solo_positions import build, with_position


def code_of(s, text):
    with pytest.raises(IllegalAction) as e:
        step(s, act(text) if isinstance(text, str) else text)
    return e.value.code


def next_turn(s, square):
    return apply(apply(s, act(f"squirrel {square}")), act("end"))


def test_a_single_tile_on_the_mushroom_spaces_is_taken_alone():
    s = build(numbered=["I5-end"] + ["I3-end"] * 9)
    assert s.mushroom_tiles() == ((2, 10),)
    s, events = step(s, act("mushroom"))
    assert s.mushroom_waiting == (2,) and s.player.treasures.mushroom == 0
    assert {type(a) for a in legal_actions(s)} == {PlaceMushroomTile}
    s = apply(s, act("leaf mushroom:2 *A1 B1 C1 D1 E1"))
    assert s.mushroom_waiting == () and s.track[11] == EMPTY and s.core.main_done
    assert s.player.board.notation().startswith("rRRRR")
    # the next turn's marker fills the emptied Mushroom space
    s = apply(s, act("end"))
    assert s.track[11] == 11 and s.track[10] == EMPTY


def test_two_tiles_placed_in_either_order():
    s = next_turn(build(), "I8")
    assert s.mushroom_tiles() == ((1, 11), (2, 10))
    s = apply(s, act("mushroom"))
    assert s.mushroom_waiting == (1, 2)
    s = apply(s, act("leaf mushroom:2 *A1 B1 C1"))
    assert s.mushroom_waiting == (1,) and not any(isinstance(a, ForgoMushroomTile) for a in legal_actions(s))
    s = apply(s, act("leaf mushroom:1 *A2 B2 C2"))
    assert s.mushroom_waiting == () and s.track[10] == s.track[11] == EMPTY
    assert act("end") in list(legal_actions(s))


def test_after_the_mushroom_lower_numbered_tiles_move_to_the_far_end():
    s = build()
    for square in ("I8", "H8", "G8", "F8"):
        s = next_turn(s, square)
    assert s.turn == 5
    # spaces 4..1 (positions 6..9) after four markers: -, 14, 13, 12; Mushroom spaces 11, 10
    assert s.track[5:] == (EMPTY, EMPTY, 14, 13, 12, 11, 10)
    s = apply(s, act("mushroom"))
    s = apply(s, act("leaf mushroom:1 *A1 B1 C1"))
    s, events = step(s, act("leaf mushroom:2 *A2 B2 C2"))
    assert s.track[5:] == (EMPTY, EMPTY, EMPTY, EMPTY, 14, 13, 12)
    moves = [e.text for e in events if e.kind == "tile_moved"]
    assert moves == ["move the tile on space 1 to Mushroom space 2", "move the tile on space 2 to Mushroom space 1",
                     "move the tile on space 3 to space 1"]
    # the turn markers carry on from there
    s = apply(s, act("end"))
    assert s.track[4] == EMPTY and s.track[8] == 15


def forgo_position():
    # a red tile waits on Mushroom space 2, a green on Mushroom space 1, and only the top row is free
    s = next_turn(build(numbered=["I5-end", "I3-end"] + ["I3-end"] * 8), "I8")
    return with_position(s, pieces="ssssss.../" + "/".join(["sssssssss"] * 7))


def test_a_tile_that_fits_nowhere_may_be_forgone_and_stays():
    s = forgo_position()
    s = apply(s, act("mushroom"))
    acts = set(legal_actions(s))
    assert ForgoMushroomTile(2) in acts and ForgoMushroomTile(1) not in acts
    assert code_of(s, "forgo mushroom:1") == "forgo_fits"
    s = apply(s, act("forgo mushroom:2"))
    assert s.mushroom_waiting == (1,) and s.mushroom_tile(2) == 10
    s = apply(s, act("leaf mushroom:1 *G1 H1 I1"))
    assert s.mushroom_waiting == () and s.mushroom_tile(2) == 10 and s.mushroom_tile(1) == EMPTY
    assert s.player.board.is_full()


def test_forgoing_both_when_neither_fits():
    s = apply(with_position(next_turn(build(), "I8"), pieces="s.s.s.s.s/" + "/".join(["sssssssss"] * 7)), act("mushroom"))
    s = apply(apply(s, act("forgo mushroom:1")), act("forgo mushroom:2"))
    assert s.core.main_done and s.mushroom_tiles() == ((1, 11), (2, 10))


def test_mushroom_errors():
    s = build()
    assert code_of(with_position(s, treasures={}), "mushroom") == "no_mushroom"
    assert code_of(apply(s, act("squirrel A1")), "mushroom") == "second_main_action"
    assert code_of(replace(s, track=tuple(EMPTY if i >= 10 else t for i, t in enumerate(s.track))),
                   "mushroom") == "mushroom_spaces_empty"
    assert code_of(s, "leaf mushroom:2 *A1 B1 C1") == "bad_source"
    assert code_of(s, "forgo mushroom:2") == "nothing_to_forgo"
    assert code_of(s, UseMushroom((Source("seat", 1),))) == "not_in_solo"
    with pytest.raises(NotationError):
        act("mushroom p2 p3")
    waiting = apply(s, act("mushroom"))
    assert code_of(waiting, "leaf mushroom:1 *A1 B1 C1") == "no_such_tile"
    assert code_of(waiting, "squirrel A1") == "main_action_unfinished"
    assert code_of(waiting, "end") == "main_action_unfinished"
    assert code_of(waiting, "leaf path:1 *A1 B1 C1") == "main_action_unfinished"
    assert code_of(waiting, "leaf mushroom:2 *A1 B1 C1 D1") == "wrong_size"
    assert SoloMushroom() not in set(legal_actions(with_position(s, treasures={})))


def test_a_tile_known_only_by_colour_may_be_forgone_unless_it_surely_fits():
    from engine.indian_summer.state import TileInfo
    s = apply(with_position(next_turn(build(), "I8"), pieces="...ssssss/" + "/".join(["sssssssss"] * 7)),
              act("mushroom"))
    # only A1-C1 are free: the straight green tile fits, a bent one would not
    tiles = list(s.core.tiles)
    tiles[s.mushroom_tile(1)] = TileInfo("green")
    unknown = replace(s, core=replace(s.core, tiles=tuple(tiles)))
    assert ForgoMushroomTile(1) in set(legal_actions(unknown)) and ForgoMushroomTile(1) not in set(legal_actions(s))
    assert code_of(s, "forgo mushroom:1") == "forgo_fits"
    assert apply(unknown, act("forgo mushroom:1")).mushroom_waiting == (2,)
