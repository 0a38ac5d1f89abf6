"""The keyboard cursor (companion.keyboard_placement): orientation by hand-worked answers and round trips,
and its verdict checked against the engine's `legal_actions` by brute force over every cursor position."""
from __future__ import annotations

import random

import pytest

from companion.keyboard_placement import KeyboardPlacement, orient
from companion.seating import parse_players, start_state
from engine.indian_summer.actions import PlaceAnimal, PlaceLeaf, PlaceSquirrel, Source, UseNut, parse_action
from engine.indian_summer.kit import reference_kit
from engine.indian_summer.notation import PieceGrid, PrintedLayout
from engine.indian_summer.position import PlayerPosition, state_from_position
from engine.indian_summer.rules import apply, legal_actions
from engine.indian_summer.setup import Seat, new_game, shuffled_deal
from engine.indian_summer.shapes import Shape, free_leaf_shapes
from engine.indian_summer.squares import COLUMNS, ROWS
from engine.indian_summer.treasures import Treasures

KIT = reference_kit()
PLAIN = "/".join(["." * 9] * 8)


def digital_game(seed: int = 3):
    """Every tile known (a seeded deal): each tile has one shape."""
    seats = [Seat("Tini", "A1"), Seat("Claus", "B2")]
    return new_game(KIT, seats, shuffled_deal(KIT, 2, random.Random(seed)))


def first_leaf(state) -> PlaceLeaf:
    return next(a for a in legal_actions(state) if isinstance(a, PlaceLeaf) and a.source == Source("path", 0))


def rows(shape: Shape) -> list[str]:
    w = max(c for c, _ in shape.cells) + 1
    h = max(r for _, r in shape.cells) + 1
    return ["".join("O" if (c, r) == shape.hole else "#" if (c, r) in shape.cells else "." for c in range(w))
            for r in range(h)]


# ---------------------------------------------------------------- orientation

def test_a_quarter_turn_is_clockwise_and_a_flip_mirrors_left_to_right():
    ell = Shape.from_rows(["#.", "#.", "O#"])  # the hole at the foot of an L
    assert rows(orient(ell, 1, False)) == ["O##", "#.."]
    assert rows(orient(ell, 2, False)) == ["#O", ".#", ".#"]
    assert rows(orient(ell, 3, False)) == ["..#", "##O"]
    assert rows(orient(ell, 0, True)) == [".#", ".#", "#O"]
    assert rows(orient(ell, 1, True)) == ["#..", "O##"]  # mirrored first, then turned


@pytest.mark.parametrize("size", [3, 4, 5])
def test_turns_and_flips_undo_themselves_for_every_leaf_shape(size):
    for shape in free_leaf_shapes(size):
        base = orient(shape, 0, False)
        assert orient(shape, 4, False) == base
        for turns in range(4):
            once = orient(shape, turns, False)
            assert orient(orient(once, 0, True), 0, True) == once
            # mirrored, turned, mirrored again: the turn the other way
            assert orient(orient(orient(once, 0, True), 1, False), 0, True) == orient(once, 3, False)
        # the 8 orientations are the engine's orientations of the shape
        mine = {orient(shape, t, f) for t in range(4) for f in (False, True)}
        assert mine == set(shape.orientations())


def test_the_cursor_keys_round_trip_and_keep_the_piece_on_the_board():
    m = KeyboardPlacement.start(digital_game(), "leaf")
    assert m.rotate().rotate().rotate().rotate() == m
    assert m.flip().flip() == m
    assert m.next_piece().next_piece(-1) == m
    far = m
    for _ in range(12):
        far = far.move(1, 1)
    assert all(s.col < COLUMNS and s.row < ROWS for s in far.squares())
    assert max(s.col for s in far.squares()) == COLUMNS - 1 and max(s.row for s in far.squares()) == ROWS - 1
    back = far
    for _ in range(12):
        back = back.move(-1, -1)
    assert min(s.col for s in back.squares()) == 0 and min(s.row for s in back.squares()) == 0
    # turning at the right edge keeps the turned piece on the board too
    assert all(s.col < COLUMNS for s in far.rotate().squares())


# ---------------------------------------------------------------- against the engine

def every_cursor(model: KeyboardPlacement):
    piece = model.current
    for shape in range(len(piece.shapes)):
        for turns in range(4):
            for flipped in (False, True):
                for col in range(COLUMNS):
                    for row in range(ROWS):
                        m = KeyboardPlacement(model.state, model.mode, model.pieces, model.piece, shape, turns,
                                              flipped, col, row, legal=model.legal)._clamped()
                        if (m.col, m.row) == (col, row):
                            yield m


def test_the_cursor_says_legal_exactly_where_legal_actions_lists_a_placement():
    state = apply(digital_game(), first_leaf(digital_game()))
    for a in ("end", "squirrel E4", "end"):
        state = apply(state, parse_action(a))
    model = KeyboardPlacement.start(state, "leaf")
    legal = set(legal_actions(state))
    for piece in range(len(model.pieces)):
        m0 = KeyboardPlacement(state, "leaf", model.pieces, piece, legal=model.legal)
        src = m0.current.source
        listed = {a for a in legal if isinstance(a, PlaceLeaf) and a.source == src}
        found = set()
        for m in every_cursor(m0):
            g = m.ghost()
            assert g.legal == (g.action in legal), (g.text, g.code)
            if g.legal:
                found.add(g.action)
            else:
                assert g.code and g.reason
        assert found == listed  # every legal placement of the tile can be reached with the keys


def test_next_legal_walks_through_every_legal_placement_of_the_tile():
    state = start_state(parse_players("Tini:A1,Claus:B2"))  # a real table: tiles known by colour only
    m = KeyboardPlacement.start(state, "leaf")
    listed = {a for a in legal_actions(state) if isinstance(a, PlaceLeaf) and a.source == Source("path", 0)}
    seen = []
    for _ in range(len(listed)):
        assert m.ghost().legal
        seen.append(m.ghost().action)
        m = m.next_legal()
    assert set(seen) == listed and len(seen) == len(listed)
    assert m.ghost().action == seen[0]  # and round again


def test_a_tile_known_by_colour_offers_the_kits_shapes_of_that_colour_first():
    state = start_state(parse_players("Tini:A1,Claus:B2"))
    m = KeyboardPlacement.start(state, "leaf")
    assert [p.source for p in m.pieces] == [Source("path", i) for i in range(5)]
    green = m.pieces[0]
    kit_greens = {leaf.shape.key() for leaf in KIT.leaves if leaf.colour == "green"}
    first = [s.key() for s in green.shapes[:len(kit_greens)]]
    assert set(first) == kit_greens
    assert all(n.startswith("green ") for n in green.shape_names)
    assert m.next_shape().shape == 1 and m.next_shape(-1).shape == len(green.shapes) - 1


def test_after_the_main_action_the_ghost_is_red_with_the_engines_reason():
    state = apply(digital_game(), parse_action("squirrel E4"))
    m = KeyboardPlacement.start(state, "leaf")
    g = m.ghost()
    assert not g.legal and g.code == "second_main_action"
    assert m.status_lines()[-1].startswith("✗ leaf path:1 ") and "[second_main_action]" in m.status_lines()[-1]


def test_a_mushroom_offers_the_tiles_it_takes():
    state = apply(digital_game(), parse_action("mushroom p2 common"))
    m = KeyboardPlacement.start(state, "leaf")
    assert [p.source for p in m.pieces] == [Source("seat", 1), Source("common")]
    assert m.pieces[0].label.startswith("Claus's front tile") and m.pieces[1].label.startswith("the Common Path")
    assert m.ghost().legal and m.next_piece().ghost().text.startswith("leaf common ")


def test_squirrels_go_on_empty_squares_only():
    state = apply(digital_game(), first_leaf(digital_game()))
    covered = state.players[0].board.occupied
    nut = KeyboardPlacement.start(state, "nut")
    assert nut.ghost().legal and not nut.ghost().squares[0].bit & covered
    # back onto the tile: the engine's reason
    on_tile = KeyboardPlacement(state, "nut", nut.pieces, legal=nut.legal)
    while not on_tile.squares()[0].bit & covered:
        on_tile = on_tile.move(1, 0)
    assert on_tile.ghost().code == "overlap"
    assert isinstance(on_tile.ghost().action, UseNut)
    squirrel = KeyboardPlacement.start(state, "squirrel")
    assert squirrel.ghost().code == "second_main_action"  # the leaf was this turn's main action
    assert isinstance(squirrel.ghost().action, PlaceSquirrel)


def test_an_animal_lies_on_empty_holes():
    pieces = "gg......./" + "/".join(["GGGGGGGGG"] * 6) + "/........."
    state = state_from_position(KIT, [PlayerPosition("Tini", PrintedLayout.parse(PLAIN), PieceGrid.parse(pieces),
                                                     Treasures())])
    m = KeyboardPlacement.start(state, "animal")
    assert m.current.animal == "chipmunk"
    assert m.ghost().legal and m.ghost().text == "animal chipmunk A1 B1"
    assert isinstance(m.ghost().action, PlaceAnimal)
    moved = m.move(1, 0)
    assert moved.ghost().code == "animal_not_on_holes"
    rabbit = m.next_piece()
    assert rabbit.current.animal == "rabbit" and not rabbit.ghost().legal
    assert rabbit.next_legal().ghost() == rabbit.ghost()  # no spot for it: the cursor stays


def test_no_animal_left_on_the_display_means_none_offered():
    state = digital_game()
    from dataclasses import replace
    state = replace(state, animals=tuple((n, 0) for n, _ in state.animals))
    m = KeyboardPlacement.start(state, "animal")
    assert m.pieces == () and m.ghost().code == "nothing_to_place"
    assert m.move(1, 0).rotate().flip().next_piece().next_shape() == m
    assert m.status_lines() == ["there is no animal to place"]


def test_a_feather_offers_the_own_path_twice_then_nothing_more():
    from engine.indian_summer.record import load_record

    empty = "/".join(["." * 9] * 8)
    state = load_record({"players": [{"name": "Tini", "side": "A1"}, {"name": "Claus", "side": "B2"}],
                         "position": {"players": [{"pieces": empty, "treasures": {"feather": 1},
                                                   "path": ["green", "yellow", "red"]},
                                                  {"pieces": empty, "path": ["green"]}]}}).start
    state = apply(state, parse_action("feather"))
    m = KeyboardPlacement.start(state, "leaf")
    assert [p.source for p in m.pieces] == [Source("path", i) for i in range(3)]
    state = apply(state, m.ghost().action)
    m = KeyboardPlacement.start(state, "leaf").next_piece()
    assert len(m.pieces) == 2 and m.ghost().legal
    state = apply(state, m.ghost().action)
    assert state.main_done and state.pending is None
    assert KeyboardPlacement.start(state, "leaf").ghost().code == "second_main_action"
