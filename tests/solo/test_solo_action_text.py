"""Solo action text forms: parse and format round-trip; the multiplayer forms read through."""
import pytest

from engine.errors import NotationError
from engine.indian_summer.actions import EndTurn, PlaceLeaf, PlaceSquirrel, UseFeather
from engine.indian_summer.placement import Placement
from engine.indian_summer.solo.actions import (
    ForgoMushroomTile, PlaceMushroomTile, Refill, SoloBerry, SoloMushroom, parse_solo_action,
)
from engine.indian_summer.squares import Square


@pytest.mark.parametrize("text, action", [
    ("refill top left", Refill("top", "left")),
    ("refill bottom right", Refill("bottom", "right")),
    ("berry top right", SoloBerry("top", "right")),
    ("berry bottom left", SoloBerry("bottom", "left")),
    ("refill top left 3", Refill("top", "left", 3)),
    ("berry bottom right 1", SoloBerry("bottom", "right", 1)),
    ("mushroom", SoloMushroom()),
    ("leaf mushroom:2 *A1 B1 C1", PlaceMushroomTile(2, Placement.parse("*A1 B1 C1"))),
    ("forgo mushroom:1", ForgoMushroomTile(1)),
])
def test_solo_forms_round_trip(text, action):
    assert parse_solo_action(text) == action
    assert action.format() == text
    assert parse_solo_action(action.format()) == action


def test_solo_forms_are_case_and_space_tolerant():
    assert parse_solo_action("  Refill  TOP   Left ") == Refill("top", "left")
    assert parse_solo_action("leaf Mushroom:1 A1* b1 c1") == PlaceMushroomTile(1, Placement.parse("*A1 B1 C1"))


def test_multiplayer_forms_read_through():
    assert isinstance(parse_solo_action("leaf path:2 *A1 B1 C1"), PlaceLeaf)
    assert parse_solo_action("squirrel E4") == PlaceSquirrel(Square.parse("E4"))
    assert parse_solo_action("feather") == UseFeather()
    assert parse_solo_action("end") == EndTurn()


@pytest.mark.parametrize("text", [
    "", "refill", "refill top", "refill middle left", "refill top up", "refill top left now",
    "berry", "berry left top", "mushroom p2", "leaf mushroom:0 *A1 B1 C1", "leaf mushroom:1",
    "forgo mushroom:x", "forgo mushroom:1 mushroom:2", "dance",
])
def test_bad_text(text):
    with pytest.raises(NotationError):
        parse_solo_action(text)
