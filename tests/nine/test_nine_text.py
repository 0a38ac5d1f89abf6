"""Text forms of cells, slots, schedules and actions round-trip; bad text is refused with a reason."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from engine.errors import NotationError
from engine.summer_nine.actions import (DISCARD, End, Hide, Pick, Refill, Reschedule, Reveal, TakeTwo, Theft,
                                        TimeTravel, parse_action)
from engine.summer_nine.cards import Cell, format_schedule, parse_schedule, parse_slot
from nine_positions import KIT

IDS = sorted(KIT.by_id)
cells = st.builds(Cell, st.integers(0, 1), st.integers(1, 9))
slots = st.integers(1, 9)
cards = st.sampled_from(IDS)
actions = st.one_of(
    st.builds(Reveal, st.integers(1, 9), st.none() | st.tuples(cards, cards)),
    st.builds(Hide, st.integers(1, 9)),
    st.builds(Pick, cells, st.none() | slots | st.just(DISCARD)),
    st.builds(Refill, cells, st.none() | cards),
    st.builds(Reschedule, slots, slots),
    st.builds(Theft, st.integers(0, 3), slots, slots),
    st.just(TakeTwo()), st.just(TimeTravel()), st.just(End()),
)


@settings(max_examples=300, derandomize=True)
@given(actions)
def test_actions_round_trip(action):
    assert parse_action(action.format()) == action


@settings(max_examples=100, derandomize=True)
@given(cells)
def test_cells_round_trip(cell):
    assert Cell.parse(cell.format()) == cell == Cell.at(cell.index)


@settings(max_examples=100, derandomize=True)
@given(st.lists(st.none() | cards, min_size=9, max_size=9))
def test_schedules_round_trip(slots_):
    text = format_schedule(tuple(slots_))
    assert parse_schedule(text, set(IDS)) == tuple(slots_)
    assert text.count("|") == 2


def test_cell_and_slot_names():
    assert Cell.parse("a3") == Cell(0, 3) and Cell.parse("B9").index == 17
    assert Cell(1, 4).month == 1 and parse_slot("7") == 7
    for bad in ("C1", "A0", "A10", "3"):
        with pytest.raises(NotationError):
            Cell.parse(bad)
    with pytest.raises(NotationError):
        parse_slot("0")


def test_bad_schedules_are_refused():
    with pytest.raises(NotationError, match="9 slots"):
        parse_schedule("spain-beach")
    with pytest.raises(NotationError, match="unicorn"):
        parse_schedule("unicorn - - - - - - - -", set(IDS))
