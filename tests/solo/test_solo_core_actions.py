"""Feather, Nut, exchanges, animals and Area payouts work in solo as in the multiplayer game."""
import pytest

from engine.errors import IllegalAction
from engine.indian_summer.solo.actions import parse_solo_action as act
from engine.indian_summer.solo.rules import apply, legal_actions, step
from solo_positions import build, with_path, with_position


def code_of(s, text):
    with pytest.raises(IllegalAction) as e:
        step(s, act(text))
    return e.value.code


def test_feather_places_two_tiles_of_the_player_path():
    s = with_position(build(), treasures={"feather": 1})
    s = apply(s, act("feather"))
    assert s.core.pending is not None and act("end") not in list(legal_actions(s))
    s = apply(s, act("leaf path:2 *A1 B1 C1"))
    s = apply(s, act("leaf path:4 *A2 B2 C2"))
    assert s.core.pending is None and s.core.main_done and len(s.path) == 3
    assert s.player.treasures.feather == 0


def test_a_feather_that_empties_the_path_asks_for_a_refill():
    s = with_path(with_position(build(), treasures={"feather": 1}), (20, 21))
    s = apply(apply(apply(s, act("feather")), act("leaf path:1 *A1 B1 C1")), act("leaf path:1 *A2 B2 C2"))
    assert s.refill_due and s.path == ()


def test_feather_needs_two_tiles():
    s = with_path(with_position(build(), treasures={"feather": 1}), (20,))
    assert code_of(s, "feather") == "feather_needs_two"
    assert code_of(build(), "feather") == "no_feather"


def test_nut_places_a_squirrel_any_time_in_the_turn():
    s = apply(build(), act("nut E4"))
    assert s.player.board.notation().split("/")[3][4] == "s" and s.player.treasures.nut == 0
    assert not s.core.main_done
    assert code_of(s, "nut E5") == "no_nut"


def test_exchanges_follow_the_multiplayer_rules():
    s = apply(build(), act("exchange mushroom > berry"))
    assert s.player.treasures.as_dict() == {"berry": 2, "nut": 1, "mushroom": 0, "feather": 0}
    s = apply(s, act("exchange berry berry > nut"))
    assert s.player.treasures.nut == 2
    assert code_of(s, "exchange berry > nut") == "bad_exchange"


def test_covering_a_printed_treasure_and_completing_an_area_pays_out():
    printed = "b......../" + "/".join(["........."] * 7)
    area1_but_top_row = "........./sss....../sss....../sss....../" + "/".join(["........."] * 4)
    s = build(printed=printed, pieces=area1_but_top_row)
    s, events = step(s, act("leaf path:1 *A1 B1 C1"))
    kinds = [e.kind for e in events]
    assert "token_placed" in kinds and "area_complete" in kinds
    assert s.player.treasures.berry == 2


def test_animals_cover_empty_holes():
    s = apply(apply(build(), act("leaf path:1 *A1 B1 C1")), act("end"))
    s = apply(s, act("leaf path:1 *A2 B2 C2"))
    assert act("animal chipmunk A1 A2") in list(legal_actions(s))
    s = apply(s, act("animal chipmunk A1 A2"))
    assert s.player.board.notation().startswith("aGG")
    assert code_of(s, "animal chipmunk B1 C1") == "animal_not_on_holes"


def test_leaf_tiles_come_only_from_the_player_path():
    assert code_of(build(), "leaf p2 *A1 B1 C1") == "bad_source"
    assert code_of(build(), "leaf path:7 *A1 B1 C1") == "no_such_tile"
    assert code_of(build(), "observe p1:1 red") == "contradicts_known"  # build() deals green tiles
