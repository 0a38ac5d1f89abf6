"""Every rule that an action can break raises IllegalAction with its stable code and names the squares."""
from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.indian_summer.actions import parse_action
from engine.indian_summer.rules import is_legal, legal_actions, step
from engine.indian_summer.state import Options, TileInfo

from engine_fixtures import play as play_with_events, pieces, position, printed, tile, treasures


def play(state, *texts):
    return play_with_events(state, *texts)[0]


def two_players(board=None, path=None, mine=None, common=None, **kw):
    path = path if path is not None else (tile("I3-end"), tile("O4"), tile("I4-end"))
    return position([("Ann", printed(A1="n"), board or pieces(), mine or treasures(berry=1, nut=1, mushroom=1), path),
                     ("Bob", printed(), pieces(), treasures(), (tile("I3-end"), tile("O4")))],
                    common=common if common is not None else [tile("O4")] * 8, **kw)


CASES = [
    # (code, board, treasures, actions before, the illegal action, squares the message names)
    ("overlap", pieces(".", B1="G"), None, [], "leaf path:1 *A1 B1 C1", ["B1"]),
    ("on_squirrel", pieces(".", C1="s"), None, [], "leaf path:1 *A1 B1 C1", ["C1"]),
    ("on_animal", pieces(".", A1="a"), None, [], "leaf path:1 *A1 B1 C1", ["A1"]),
    ("off_board", None, None, [], "leaf path:1 *H1 I1 J1", ["J1"]),
    ("not_connected", None, None, [], "leaf path:1 *A1 B1 D1", ["A1", "B1", "D1"]),
    ("wrong_size", None, None, [], "leaf path:1 *A1 B1 C1 D1", ["A1", "D1"]),
    ("shape_mismatch", None, None, [], "leaf path:1 A1 *B1 C1", ["A1", "B1", "C1"]),
    ("second_main_action", None, None, ["squirrel E4"], "leaf path:1 *A1 B1 C1", []),
    ("second_main_action", None, None, ["leaf path:1 *A1 B1 C1"], "squirrel E4", ["E4"][:0]),
    ("main_action_unfinished", None, treasures(feather=1), ["feather"], "squirrel E4", []),
    ("main_action_unfinished", None, treasures(feather=1, berry=1), ["feather", "leaf path:1 *A1 B1 C1"], "end", []),
    ("no_feather", None, treasures(), [], "feather", []),
    ("no_mushroom", None, treasures(), [], "mushroom p2 common", []),
    ("mushroom_targets", None, treasures(mushroom=1), [], "mushroom p1 common", []),
    ("bad_source", None, None, [], "leaf p2 *A1 B1 C1", []),
    ("no_such_tile", None, None, [], "leaf path:9 *A1 B1 C1", []),
    ("nothing_to_forgo", None, None, [], "forgo p2", []),
    ("no_berry", None, treasures(), [], "berry", []),
    ("no_nut", None, treasures(), [], "nut E4", ["E4"]),
    ("overlap", pieces(".", E4="Y"), treasures(nut=1), [], "nut E4", ["E4"]),
    ("bad_exchange", None, treasures(berry=1), [], "exchange berry > nut", []),
    ("bad_exchange", None, treasures(nut=2), [], "exchange nut nut > feather", []),
    ("not_enough_treasure", None, treasures(berry=1), [], "exchange berry berry > nut", []),
    ("animal_shape_mismatch", pieces(".", A1="g", B1="g", C1="g"), None, [], "animal chipmunk A1 B1 C1", ["A1", "C1"]),
    ("animal_on_token", pieces(".", A1="t", B1="g"), None, [], "animal chipmunk A1 B1", ["A1"]),
    ("animal_not_on_holes", pieces(".", A2="G", B2="g"), None, [], "animal chipmunk A2 B2", ["A2"]),
    ("no_such_animal", pieces(".", A2="g", B2="g"), None, [], "animal dragon A2 B2", []),
    ("no_main_action", None, None, [], "end", []),
]


@pytest.mark.parametrize("code,board,mine,before,action,named", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_illegal_action(code, board, mine, before, action, named):
    state = play(two_players(board=board, mine=mine), *before)
    with pytest.raises(IllegalAction) as exc:
        step(state, parse_action(action))  # a tile over the edge is refused as soon as it is read
    assert exc.value.code == code, exc.value
    for sq in named:
        assert sq in exc.value.message
    if code != "off_board":
        assert not is_legal(state, parse_action(action))
        assert parse_action(action) not in set(legal_actions(state))


def test_feather_needs_two_tiles_in_the_path():
    state = two_players(path=(tile("I3-end"),), mine=treasures(feather=1))
    with pytest.raises(IllegalAction) as exc:
        step(state, parse_action("feather"))
    assert exc.value.code == "feather_needs_two"


def test_berry_with_an_empty_common_path_and_with_a_full_path():
    with pytest.raises(IllegalAction) as exc:
        step(two_players(common=[]), parse_action("berry"))
    assert exc.value.code == "common_path_empty"
    six = tuple(tile("O4") for _ in range(6))
    with pytest.raises(IllegalAction) as exc:
        step(two_players(path=six), parse_action("berry"))
    assert exc.value.code == "path_full"


def test_exchange_needs_the_token_in_the_supply():
    from dataclasses import replace
    state = two_players(mine=treasures(berry=2))
    state = replace(state, supply=replace(state.supply, nut=0))
    with pytest.raises(IllegalAction) as exc:
        step(state, parse_action("exchange berry berry > nut"))
    assert exc.value.code == "supply_empty"
    # unlimited supply (a table ruling) lets it through
    state = replace(state, options=Options(limited_supply=False))
    assert is_legal(state, parse_action("exchange berry berry > nut"))


def test_an_exhausted_animal_kind_is_unavailable():
    from dataclasses import replace
    state = two_players(board=pieces(".", A1="g", B1="g"))
    state = replace(state, animals=tuple((n, 0 if n == "chipmunk" else c) for n, c in state.animals))
    with pytest.raises(IllegalAction) as exc:
        step(state, parse_action("animal chipmunk A1 B1"))
    assert exc.value.code == "animal_unavailable"


def test_strict_shapes_reject_a_polyomino_the_kit_does_not_have():
    state = two_players(path=(TileInfo("red"),), options=Options(strict_shapes=True))
    # the 'P' pentomino with the hole in the middle of its long side is not among the kit's red tiles
    text = "leaf path:1 A1 B1 *A2 B2 A3"
    with pytest.raises(IllegalAction) as exc:
        step(state, parse_action(text))
    assert exc.value.code == "not_a_kit_shape"
    lenient = two_players(path=(TileInfo("red"),))
    assert is_legal(lenient, parse_action(text))


def test_forgo_is_refused_while_the_tile_still_fits():
    state = play(two_players(mine=treasures(mushroom=1)), "mushroom p2 common")
    with pytest.raises(IllegalAction) as exc:
        step(state, parse_action("forgo p2"))
    assert exc.value.code == "forgo_fits"


def test_forgo_allowed_when_the_tile_fits_nowhere():
    # a board with single empty squares only: a 4-square tile fits nowhere (both forgone: the table's option)
    board = pieces("G", A1=".", C1=".", E1=".")
    state = play(two_players(board=board, mine=treasures(mushroom=1), options=Options(mushroom_forgo_both=True)),
                 "mushroom p2 common")
    state = play(state, "forgo common", "forgo p2")
    assert state.main_done and state.pending is None


def test_a_tile_the_camera_knows_by_colour_cannot_be_played_as_another_size():
    state = two_players(path=(TileInfo("green"),))
    with pytest.raises(IllegalAction) as exc:
        step(state, parse_action("leaf path:1 *A1 B1 C1 D1"))
    assert exc.value.code == "wrong_size"
    assert "green" in exc.value.message


def test_no_actions_after_the_game_is_over():
    from dataclasses import replace
    state = replace(two_players(), over=True)
    with pytest.raises(IllegalAction) as exc:
        step(state, parse_action("squirrel E4"))
    assert exc.value.code == "game_over"
    assert list(legal_actions(state)) == []


def test_observing_a_colour_that_contradicts_what_is_known():
    state = two_players()
    with pytest.raises(IllegalAction) as exc:
        step(state, parse_action("observe p1:1 red"))
    assert exc.value.code == "contradicts_known"
