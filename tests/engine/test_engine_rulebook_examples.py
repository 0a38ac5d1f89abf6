"""The rulebook's worked examples, replayed on hand-made positions with the answers the rulebook gives."""
from __future__ import annotations

import pytest

from engine.errors import IllegalAction
from engine.indian_summer.actions import parse_action
from engine.indian_summer.outcome import endgame_from_position
from engine.indian_summer.rules import step
from engine.indian_summer.squares import AREA_SQUARES, Square
from engine.indian_summer.treasures import Treasures

from engine_fixtures import play, KIT, fill_except, pieces, position, printed, tile, treasures



def kinds(events):
    return [e.kind for e in events]


def area_board(empty_by_area: dict[int, list[str]], **extra):
    """A board whose Areas are filled except the named squares; Areas not named stay empty."""
    grid = pieces(".", **extra)
    for area, empty in empty_by_area.items():
        grid = fill_except(grid, empty, AREA_SQUARES[area])
    return grid


def test_tinis_turn_example():
    # Two tiles in the path, two Berries, a Feather. Berry: refill to 5; Berry: a sixth tile; Feather:
    # the 3rd and 6th tiles complete an Area (a Nut token lay there, the new hole covers a printed
    # Mushroom); a Nut squirrel completes a second Area (Berry, Nut, Mushroom); a Berry refills to 5.
    floor = printed(A1="m", C4="n", D1="b", E1="n", F1="m")
    board = area_board({1: ["A1", "B1", "C1", "A2", "B2", "C2"], 2: ["F4"]}, C4="t", D1="t", E1="t", F1="t")
    common = [tile("I3-end"), tile("O4"), tile("I4-end"), tile("I3-mid"), tile("O4"), tile("L4-top")]
    state = position([("Tini", floor, board, treasures(berry=2, feather=1),
                       (tile("O4"), tile("I5-end")))], common=common)
    state, ev = play(state, "berry")
    assert len(state.player.path) == 5
    state, ev = play(state, "berry")
    assert len(state.player.path) == 6
    state, ev = play(state, "feather", "leaf path:3 *A1 B1 C1", "leaf path:5 A2 *B2 C2")
    area = [e for e in ev if e.kind == "area_complete"]
    assert [e.get("area") for e in area] == [1]
    assert state.player.treasures == Treasures(nut=1, mushroom=1)
    state, ev = play(state, "nut F4")
    assert [e.get("area") for e in ev if e.kind == "area_complete"] == [2]
    assert state.player.treasures == Treasures(berry=1, nut=1, mushroom=2)
    assert len(state.player.path) == 4
    state, ev = play(state, "berry")
    assert len(state.player.path) == 5
    assert state.player.treasures == Treasures(nut=1, mushroom=2)


def test_claus_completes_an_area_but_not_the_mushroom_of_an_incomplete_one():
    # A Berry and a Nut token lie in Area 1; the completing tile reaches into Area 2 with its hole on a
    # printed Mushroom: that token is placed but stays, as Area 2 is not complete.
    floor = printed(A1="b", B3="n", D2="m")
    board = area_board({1: ["C2"]}, A1="t", B3="t")
    state = position([("Claus", floor, board, treasures(), (tile("I3-mid"),)), ("Hubert", floor, pieces(), treasures(), ())],
                     common=[tile("O4")] * 5)
    state, ev = play(state, "leaf path:1 C2 *D2 E2")
    assert state.player.treasures == Treasures(berry=1, nut=1)
    assert state.player.board.at(Square.parse("D2")) == "t"
    assert "token_placed" in kinds(ev) and "area_complete" in kinds(ev)
    assert state.player.board.at(Square.parse("A1")) == "g"  # token taken: the hole is empty again


def test_tinis_nut_squirrel_completes_an_area():
    floor = printed(D1="b", E2="b", F3="n")
    board = area_board({2: ["D4"]}, D1="t", E2="t", F3="t")
    state = position([("Tini", floor, board, treasures(nut=1), (tile("O4"),))])
    state, ev = play(state, "nut D4")
    assert state.player.treasures == Treasures(berry=2, nut=1)
    assert state.supply.nut == KIT.box["nut"] - 1 - 1  # badger's Nut is on its tile; Tini holds one
    assert [e.get("area") for e in ev if e.kind == "area_complete"] == [2]


def test_matildas_berry_refill_and_sixth_tile():
    common = [tile("O4"), tile("I3-end"), tile("I4-end"), tile("L4-top"), tile("X5")]
    state = position([("Matilda", printed(), pieces(), treasures(berry=3),
                       (tile("I3-end"), tile("I3-mid"), tile("O4")))], common=common)
    state, _ = play(state, "berry")
    assert len(state.player.path) == 5
    # order kept: the path took the two tiles next to the Bush, in their order
    assert [state.tiles[t].shape for t in state.player.path[3:]] == [tile("O4").shape, tile("I3-end").shape]
    state, _ = play(state, "berry")
    assert len(state.player.path) == 6
    assert state.tiles[state.player.path[5]].shape == tile("I4-end").shape
    with pytest.raises(IllegalAction) as exc:
        play(state, "berry")
    assert exc.value.code == "path_full"


def test_matildas_exchange_chain():
    # Feather -> Mushroom; the Mushroom takes Hubert's and Tini's front tiles, which complete an Area
    # (3 Berries); 2 Berries -> a Nut, whose squirrel completes another Area (a Nut and a Mushroom).
    floor = printed(A1="b", A2="b", A3="b", D1="n", E1="m")
    board = area_board({1: ["B1", "C1", "B2", "C2", "B3", "C3"], 2: ["F4"]}, A1="t", A2="t", A3="t", D1="t", E1="t")
    state = position([
        ("Claus", floor, pieces(), treasures(), (tile("O4"),)),
        ("Matilda", floor, board, treasures(feather=1), (tile("O4"),)),
        ("Hubert", floor, pieces(), treasures(), (tile("I3-end"),)),
        ("Tini", floor, pieces(), treasures(), (tile("I3-end"), tile("O4"))),
    ], common=[tile("O4")] * 10, current=1)
    state, ev = play(state, "exchange feather > mushroom", "mushroom p3 p4",
                     "leaf p3 *B1 B2 B3", "leaf p4 *C1 C2 C3")
    assert state.players[1].treasures == Treasures(berry=3)
    # Hubert's path was emptied by the Mushroom: refilled to 5 once the main action ended
    assert len(state.players[2].path) == 5
    assert len(state.players[3].path) == 1
    state, ev = play(state, "exchange berry berry > nut", "nut F4")
    assert state.players[1].treasures == Treasures(berry=1, nut=1, mushroom=1)
    assert state.players[1].board.complete_areas() == (1, 2)


def test_claus_hedgehog_over_four_holes():
    # Four empty holes in a square over a printed Nut and Mushroom: the Hedgehog pays both.
    floor = printed(G5="n", H6="m")
    board = pieces(".", G5="g", H5="y", G6="r", H6="g", I5="g")
    state = position([("Claus", floor, board, treasures(), (tile("O4"),))])
    state, ev = play(state, "animal hedgehog G5 H5 G6 H6")
    assert state.player.treasures == Treasures(nut=1, mushroom=1)
    assert state.animal_count("hedgehog") == KIT.animal("hedgehog").count - 1
    assert "".join(state.player.board.at(Square.parse(s)) for s in ("G5", "H5", "G6", "H6", "I5")) == "aaaag"


def test_raccoon_pays_its_starting_berry_too():
    floor = printed(A1="n")
    board = pieces(".", A1="g", B1="g", C1="g", B2="g")
    state = position([("Claus", floor, board, treasures(), ())])
    state, _ = play(state, "animal raccoon A1 B1 C1 B2")
    assert state.player.treasures == Treasures(berry=1, nut=1)
    assert dict(state.animal_tokens).get("raccoon") is None


def test_end_of_game_example_matilda_wins_on_nuts():
    # Claus covered his floor and has 2 Nuts left. Matilda, 2 Nuts and a Berry, covers her last two
    # squares and completes Areas paying a Berry, 3 Nuts and a Feather: Feather + 2 Berries -> 2 Nuts,
    # 5 Nuts in all. Hubert ends with 3 empty squares, Tini with 1.
    full = pieces("G")
    floor = printed(C1="b", B2="n", B3="n", D2="n", E3="f")
    matilda = pieces("G", C4=".", F4=".", C1="t", B2="t", B3="t", D2="t", E3="t")
    hubert = pieces("G", A1=".", A2=".", A3=".", A4=".")
    tini = pieces("G", I8=".", I7=".")
    finals, places = endgame_from_position([
        ("Claus", floor, full, Treasures(nut=2)),
        ("Tini", floor, tini, Treasures(nut=1)),
        ("Matilda", floor, matilda, Treasures(nut=2, berry=1)),
        ("Hubert", floor, hubert, Treasures(nut=1)),
    ])
    by = {f.name: f.final for f in finals}
    assert by["Matilda"].covered and by["Matilda"].nuts == 5 and not by["Matilda"].berry_left
    assert by["Claus"].covered and by["Claus"].nuts == 2
    assert (by["Hubert"].empty_squares, by["Tini"].empty_squares) == (3, 1)
    assert [(p.place, p.players) for p in places] == [(1, ("Matilda",)), (2, ("Claus",)), (3, ("Tini",)), (4, ("Hubert",))]
    assert "5 Nuts" in places[0].reason
