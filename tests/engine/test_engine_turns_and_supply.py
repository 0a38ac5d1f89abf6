"""Turn order, the end of the game, the Common Path, and running out of tokens and tiles."""
from __future__ import annotations

from dataclasses import replace

from engine.indian_summer.actions import parse_action
from engine.indian_summer.rules import legal_actions, step
from engine.indian_summer.squares import Square
from engine.indian_summer.treasures import Treasures

from engine_fixtures import play, pieces, position, printed, tile, treasures



def three(start_player=0, current=0, boards=None):
    boards = boards or [pieces(), pieces(), pieces()]
    return position([(n, printed(), b, treasures(), (tile("I3-end"), tile("O4"))) for n, b in zip("ABC", boards)],
                    common=[tile("O4")] * 10, start_player=start_player, current=current)


def test_covering_the_board_finishes_the_round_then_ends():
    # B starts; C covers its last square; A (the seat before the start player) still plays, then it ends
    nearly = pieces("G", I8=".")
    state = three(start_player=1, current=2, boards=[pieces(), pieces(), nearly])
    state, ev = play(state, "squirrel I8")
    assert state.end_triggered_by == 2 and "end_triggered" in [e.kind for e in ev]
    state, _ = play(state, "end")
    assert not state.over and state.current == 0
    state, ev = play(state, "squirrel E4", "end")
    assert state.over and "game_over" in [e.kind for e in ev]
    assert list(legal_actions(state)) == []


def test_a_full_board_may_end_its_turn_without_a_main_action():
    state = three(boards=[pieces("G"), pieces(), pieces()])
    actions = {a.format() for a in legal_actions(state)}
    assert "end" in actions and not any(a.startswith(("leaf", "squirrel")) for a in actions)


def test_a_hole_over_a_treasure_when_the_supply_is_empty_gets_no_token():
    state = position([("A", printed(A1="f"), pieces(), treasures(), (tile("I3-end"),))], common=[tile("O4")] * 8)
    state = replace(state, supply=replace(state.supply, feather=0))
    state, ev = play(state, "leaf path:1 *A1 B1 C1")
    assert state.player.board.at(Square.parse("A1")) == "g"
    assert [e.get("treasure") for e in ev if e.kind == "supply_short"] == ["feather"]


def test_common_path_refills_from_set_aside_when_below_seven():
    from engine.indian_summer.position import PlayerPosition, state_from_position
    from engine_fixtures import play, KIT
    state = state_from_position(KIT, [PlayerPosition("A", printed(), pieces(), treasures(berry=1), (tile("O4"),))],
                                common=tuple(tile("O4") for _ in range(8)), set_aside=tuple(tile("X5") for _ in range(30)))
    # the Berry takes 4 tiles; at the second the Common Path falls to 6, is refilled at once to 24
    # (18 set-aside tiles at its far end), and the last two come off that
    state, ev = play(state, "berry")
    assert len(state.player.path) == 5
    assert len(state.common) == 22 and len(state.set_aside) == 30 - 18
    assert "common_refilled" in [e.kind for e in ev]


def test_two_player_mushroom_takes_the_opponents_front_tile_and_the_one_beside_the_bush():
    state = position([("A", printed(), pieces(), treasures(mushroom=1), (tile("O4"),)),
                      ("B", printed(), pieces(), treasures(), (tile("I3-end"), tile("O4")))],
                     common=[tile("I3-mid")] + [tile("O4")] * 9)
    assert {a.format() for a in legal_actions(state) if a.format().startswith("mushroom")} == {"mushroom p2 common"}
    state, _ = play(state, "mushroom p2 common", "leaf common A1 *B1 C1", "leaf p2 *A3 B3 C3")
    assert state.main_done and len(state.players[1].path) == 1 and len(state.common) == 9


def test_mushroom_refills_emptied_paths_in_turn_order():
    # D plays; B and A are emptied; refills go in turn order after D: A first, then B
    boards = [pieces()] * 4
    state = position([(n, printed(), b, treasures(mushroom=1 if n == "D" else 0), (tile("I3-end"),))
                      for n, b in zip("ABCD", boards)], common=[tile("O4")] * 4 + [tile("X5")] * 6, current=3)
    state, ev = play(state, "mushroom p2 p1", "leaf p2 *A1 B1 C1", "leaf p1 *A3 B3 C3")
    refills = [e.player for e in ev if e.kind == "path_refilled"]
    assert refills == [0, 1]
    assert state.tiles[state.players[0].path[0]].shape == tile("O4").shape  # A refilled first, from beside the Bush


def test_running_out_of_tiles_leaves_a_short_path_and_squirrels_still_possible():
    state = position([("A", printed(), pieces(), treasures(), (tile("I3-end"),))], common=[tile("O4")] * 2)
    state, ev = play(state, "leaf path:1 *A1 B1 C1")
    assert len(state.player.path) == 2 and "tiles_short" in [e.kind for e in ev]


def test_special_actions_before_and_after_the_main_action():
    state = position([("A", printed(), pieces(), treasures(nut=2, berry=2), (tile("I3-end"), tile("O4")))],
                     common=[tile("O4")] * 10)
    state, _ = play(state, "nut A8", "leaf path:1 *A1 B1 C1", "nut B8", "exchange berry berry > nut", "end")
    assert state.players[0].treasures == Treasures(nut=1)
