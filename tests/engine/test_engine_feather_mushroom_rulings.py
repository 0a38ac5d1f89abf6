"""Exchanges between the two tiles of a Feather or Mushroom, and what may be forgone, on hand-made positions.

The rulebook allows exchanges at any time of the player's turn; it lets a Mushroom's taker forgo one of the
two tiles when there is no room (the default), and says nothing on a Feather's second tile (the default lets
it be forgone when no tile fits). Each forgo ruling is a table option, tested both ways.
"""
from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.indian_summer.actions import Exchange, Forgo, UseFeather, UseMushroom, parse_action
from engine.indian_summer.rules import is_legal, legal_actions, step
from engine.indian_summer.state import Options, TileInfo

from engine_fixtures import pieces, play, position, printed, tile, treasures


def table(board=None, path=None, mine=None, bob_path=None, common=None, options=Options()):
    path = path if path is not None else (tile("I3-end"), tile("I3-end"), tile("O4"))
    bob_path = bob_path if bob_path is not None else (tile("I3-end"), tile("O4"))
    return position([("Ann", printed(), board or pieces(), mine or treasures(), path),
                     ("Bob", printed(), pieces(), treasures(), bob_path)],
                    common=common if common is not None else [tile("O4")] * 8, options=options)


def code_of(state, text) -> str:
    with pytest.raises(IllegalAction) as exc:
        step(state, parse_action(text))
    return exc.value.code


# ---------------------------------------------------------------- exchanges in the middle of a main action

def test_an_exchange_between_the_two_tiles_of_a_feather():
    state = play(table(mine=treasures(feather=1, berry=2)), "feather", "leaf path:1 *A1 B1 C1")[0]
    assert state.pending is not None and state.pending.kind == "feather"
    assert Exchange(("berry", "berry"), "nut") in set(legal_actions(state))
    state = play(state, "exchange berry berry > nut")[0]
    assert (state.player.treasures.berry, state.player.treasures.nut) == (0, 1)
    assert state.pending is not None  # the Feather still waits for its second tile
    state = play(state, "leaf path:1 *A2 B2 C2")[0]
    assert state.pending is None and state.main_done


def test_an_exchange_right_after_paying_the_feather():
    state = play(table(mine=treasures(feather=1, nut=1)), "feather")[0]
    assert is_legal(state, parse_action("exchange nut > berry"))


def test_an_exchange_between_the_two_tiles_of_a_mushroom():
    state = play(table(mine=treasures(mushroom=1, nut=1)), "mushroom p2 common", "leaf p2 *A1 B1 C1")[0]
    assert state.pending is not None and state.pending.kind == "mushroom"
    state = play(state, "exchange nut > berry")[0]
    assert state.player.treasures.berry == 1 and state.pending is not None
    state = play(state, "leaf common *A3 B3 A4 B4")[0]
    assert state.pending is None and state.main_done


def test_other_special_actions_still_wait_for_the_main_action_to_finish():
    state = play(table(mine=treasures(feather=1, nut=1)), "feather")[0]
    assert code_of(state, "nut E4") == "main_action_unfinished"


# ---------------------------------------------------------------- the Mushroom: one of its two tiles may be forgone

# Only A1 B1 A2 B2 are empty: a 2x2 yellow tile fits there, a straight green tile of 3 does not.
SQUARE_HOLE = pieces("G", A1=".", B1=".", A2=".", B2=".")


def mushroom_table(options=Options()):
    # Bob's front tile is known only as yellow (it may be the square O4, or may not fit); the Common Path's is I3
    return table(board=SQUARE_HOLE, mine=treasures(mushroom=1), bob_path=(TileInfo("yellow"),),
                 common=[tile("I3-end")] * 8, options=options)


def test_the_mushroom_tile_that_fits_nowhere_may_be_forgone():
    state = play(mushroom_table(), "mushroom p2 common", "forgo common")[0]
    assert state.pending is not None and state.pending.sources == (parse_action("forgo p2").source,)


def test_the_second_mushroom_tile_may_not_be_forgone_by_default():
    state = play(mushroom_table(), "mushroom p2 common", "forgo common")[0]
    assert code_of(state, "forgo p2") == "forgo_one_only"
    assert not any(isinstance(a, Forgo) for a in legal_actions(state))
    state = play(state, "leaf p2 *A1 B1 A2 B2")[0]
    assert state.pending is None and state.main_done


def test_the_tile_that_may_fit_is_not_the_one_to_forgo():
    state = play(mushroom_table(), "mushroom p2 common")[0]
    assert code_of(state, "forgo p2") == "forgo_one_only"  # the Common Path's tile fits nowhere: that one goes
    assert [a for a in legal_actions(state) if isinstance(a, Forgo)] == [parse_action("forgo common")]


def test_a_mushroom_whose_tiles_both_fit_nowhere_is_refused_by_default():
    board = pieces("G", A1=".", C1=".", E1=".")  # single empty squares: no leaf tile fits
    state = table(board=board, mine=treasures(mushroom=1))
    assert code_of(state, "mushroom p2 common") == "mushroom_no_room"
    assert not any(isinstance(a, UseMushroom) for a in legal_actions(state))


def test_a_table_may_let_both_mushroom_tiles_be_forgone():
    options = Options(mushroom_forgo_both=True)
    state = play(mushroom_table(options), "mushroom p2 common", "forgo common", "forgo p2")[0]
    assert state.pending is None and state.main_done
    board = pieces("G", A1=".", C1=".", E1=".")
    assert is_legal(table(board=board, mine=treasures(mushroom=1), options=options), parse_action("mushroom p2 common"))


# ---------------------------------------------------------------- the Feather's second tile

# A1 B1 C1 is the only room: the first green tile fills it, then nothing fits.
ONE_ROOM = pieces("G", A1=".", B1=".", C1=".")


def test_by_default_the_feathers_second_tile_may_be_forgone_when_none_fits():
    state = play(table(board=ONE_ROOM, mine=treasures(feather=1)), "feather", "leaf path:1 *A1 B1 C1")[0]
    assert Forgo(None) in set(legal_actions(state))
    state = play(state, "forgo")[0]
    assert state.pending is None and state.main_done


def test_the_feathers_second_tile_may_not_be_forgone_while_one_fits():
    state = play(table(mine=treasures(feather=1)), "feather", "leaf path:1 *A1 B1 C1")[0]
    assert code_of(state, "forgo") == "forgo_fits"


def test_a_table_that_wants_both_feather_tiles_refuses_a_feather_without_room_for_two():
    options = Options(feather_forgo_second=False)
    state = table(board=ONE_ROOM, mine=treasures(feather=1), options=options)
    assert code_of(state, "feather") == "feather_no_room"
    assert UseFeather() not in set(legal_actions(state))


def test_a_table_that_wants_both_feather_tiles_refuses_a_first_tile_that_blocks_the_second():
    # room for two green tiles of 3 in row 1 (A1-F1), but a first tile laid in the middle leaves none
    board = pieces("G", A1=".", B1=".", C1=".", D1=".", E1=".", F1=".")
    options = Options(feather_forgo_second=False)
    state = play(table(board=board, mine=treasures(feather=1), path=(tile("I3-end"), tile("I3-end")),
                       options=options), "feather")[0]
    assert code_of(state, "leaf path:1 *B1 C1 D1") == "feather_second_blocked"
    state = play(state, "leaf path:1 *A1 B1 C1")[0]
    assert code_of(state, "forgo") == "feather_no_forgo"
    state = play(state, "leaf path:1 *D1 E1 F1")[0]
    assert state.pending is None and state.main_done
