"""The solo board model (data) and the set-up: stacks, deal, starting supplies, turn 1's marker."""
import random
from collections import Counter

import pytest

from engine.errors import IllegalAction, NotationError
from engine.indian_summer.solo.board import SoloBoard, default_solo_board, solo_board_text
from engine.indian_summer.solo.setup import deal_stack, new_solo_game, seeded_deal, split_stacks
from engine.indian_summer.solo.state import EMPTY
from solo_positions import KIT, build


def test_default_board_is_a_row_of_twelve_with_the_mushroom_spaces_at_the_far_end():
    board = default_solo_board()
    assert board.spaces == ("10", "9", "8", "7", "6", "5", "4", "3", "2", "1", "mushroom-1", "mushroom-2")
    assert board.mushroom_positions == (10, 11)
    assert board.position_of_number(1) == 9 and board.position_of_number(10) == 0
    assert (board.turns, board.top, board.bottom, board.player, board.tiles_per_game) == (10, 5, 5, 5, 25)
    assert board.label(11) == "Mushroom space 2" and board.label(9) == "space 1"


def test_a_mirrored_board_reverses_travel_order():
    text = solo_board_text().replace('moves_toward = "right"', 'moves_toward = "left"')
    board = SoloBoard.from_toml(text)
    assert board.spaces[-1] == "10" and board.spaces[0] == "mushroom-2"


@pytest.mark.parametrize("edit, message", [
    (('"1", "mushroom-1"', '"mushroom-1"'), "numbered spaces"),
    (('mushroom = ["mushroom-1", "mushroom-2"]', 'mushroom = ["nowhere"]'), "not a space"),
    (("tiles_per_game = 25", "tiles_per_game = 24"), "one game's tiles"),
    (('moves_toward = "right"', 'moves_toward = "up"'), "moves_toward"),
    (("[paths]", "[paths"), "not valid TOML"),
])
def test_bad_board_files_say_what_is_wrong(edit, message):
    with pytest.raises(NotationError, match=message):
        SoloBoard.from_toml(solo_board_text().replace(*edit))


def test_stacks_split_all_75_tiles_into_three_of_25():
    stacks = split_stacks(KIT, random.Random(3))
    assert [len(s) for s in stacks] == [25, 25, 25]
    colours = Counter(t.colour for s in stacks for t in s)
    assert colours == {"green": 17, "yellow": 29, "red": 29}


def test_the_same_seed_deals_the_same_series_and_games_differ():
    a, b = seeded_deal(KIT, 11, 2), seeded_deal(KIT, 11, 2)
    assert a == b
    assert seeded_deal(KIT, 11, 1).tiles != a.tiles


def test_a_deal_lays_out_5_top_5_bottom_10_numbered_5_in_the_player_path():
    deal = deal_stack(split_stacks(KIT, random.Random(1))[0])
    assert (len(deal.top), len(deal.bottom), len(deal.numbered), len(deal.path)) == (5, 5, 10, 5)
    assert sorted(deal.top + deal.bottom + deal.numbered + deal.path) == list(range(25))


def test_the_start_of_a_solo_game():
    s = new_solo_game(KIT, seeded_deal(KIT, 4), side="A1")
    assert s.turn == 1 and not s.over and not s.refill_due
    assert s.player.treasures.as_dict() == {"berry": 1, "nut": 1, "mushroom": 1, "feather": 0}
    assert s.core.common == () and s.core.set_aside == ()
    assert len(s.path) == 5 and len(s.top) == 5 and len(s.bottom) == 5
    # turn 1's marker: the tile of space 1 has already gone to the far end of the row
    assert s.track[11] != EMPTY and s.track[9] == EMPTY and s.track[10] == EMPTY
    assert sum(t != EMPTY for t in s.track) == 10
    # the common supply: the box minus the three animal tokens and the player's three
    supply = s.core.supply.as_dict()
    assert supply["berry"] + supply["nut"] + supply["mushroom"] + supply["feather"] == 80 - 3 - 3


def test_set_up_errors():
    deal = seeded_deal(KIT, 1)
    with pytest.raises(IllegalAction) as e:
        new_solo_game(KIT, deal)
    assert e.value.code == "bad_deal"
    short = type(deal)(deal.tiles, deal.top[:4], deal.bottom, deal.numbered, deal.path)
    with pytest.raises(IllegalAction) as e:
        new_solo_game(KIT, short, side="A1")
    assert e.value.code == "bad_deal"
    with pytest.raises(IllegalAction) as e:
        seeded_deal(KIT, 1, game=4)
    assert e.value.code == "no_such_game"
    with pytest.raises(IllegalAction) as e:
        deal_stack(deal.tiles[:24])
    assert e.value.code == "stack_size"


def test_hand_made_builder_places_named_tiles():
    s = build(numbered=["I5-end"] + ["I3-end"] * 9)
    assert s.core.tiles[s.track[11]].colour == "red"
