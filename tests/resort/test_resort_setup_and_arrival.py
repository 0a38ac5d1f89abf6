"""Components, set-up and Phase I: the weather, who comes, the dealing onto the cars, the hot day's car."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.errors import IllegalAction, NotationError
from engine.summer_resort.kit import ResortKit, reference_kit, reference_kit_text
from engine.summer_resort.rules import legal_actions, required_vacationers
from engine.summer_resort.setup import new_game, shuffled_deck
from engine.summer_resort.state import format_resort

from tests.resort.resort_positions import fresh, play, resort, texts


def test_starting_resorts_money_tokens_and_porter():
    s = fresh(4, porter=2)
    for p in s.players:
        assert p.money == 200 and format_resort(p.lots) == "cottage, forest" and p.cars == ()
    assert s.tokens == (2, 2, 2, 2) and s.porter == 2 and s.president is None
    assert s.turn_order() == (3, 0, 1, 2)  # from the porter's left round to the porter


@pytest.mark.parametrize("n, cars, rounds, forests, cottages, autos", [
    (2, 4, 12, (12, 12), 20, 3), (3, 5, 12, (11, 11), 19, 4), (4, 6, 12, (10, 10), 18, 5), (5, 6, 10, (9, 9), 17, 6),
])
def test_set_up_by_player_count(n, cars, rounds, forests, cottages, autos):
    s = fresh(n)
    stacks = dict(s.stacks)
    assert s.cars == cars and s.rounds == rounds
    assert (stacks["forest100"], stacks["forest200"]) == forests
    assert stacks["cottage"] == cottages and stacks["villa"] == 18 and stacks["pension"] == 14
    assert stacks["automobile"] == autos  # players + 1


def test_five_players_remove_a_storm_and_a_rain_card():
    full = dict(fresh(4).deck)
    five = dict(fresh(5).deck)
    assert sum(full.values()) == 13 and sum(five.values()) == 11
    assert five["storm"] == full["storm"] - 1 and five["rain"] == full["rain"] - 1


def test_player_counts_outside_two_to_five_are_refused():
    for names in (["solo"], list("ABCDEF")):
        with pytest.raises(IllegalAction) as exc:
            new_game(names)
        assert exc.value.code == "player_count"


def test_kit_is_data_with_its_assumption_said():
    text = reference_kit_text()
    assert "ASSUMED" in text and sum(n for _, n in reference_kit().deck) == 13
    with pytest.raises(NotationError, match="13 cards"):
        ResortKit.from_toml('[[weather]]\nname = "storm"\ncount = 3\n')
    with pytest.raises(NotationError, match="unknown weather"):
        ResortKit.from_toml('[[weather]]\nname = "snow"\ncount = 13\n')
    with pytest.raises(NotationError, match="two rain"):
        ResortKit.from_toml('[[weather]]\nname = "storm"\ncount = 1\n[[weather]]\nname = "hot"\ncount = 12\n')


@pytest.mark.parametrize("weather, expected", [
    ("storm", ()),
    ("rain", ("stu",) * 2),
    ("clouds", ("stu",) * 2 + ("con",) * 2),
    ("sun", ("stu",) * 2 + ("con",) * 2 + ("soc",)),
    ("exams", ("con",) * 2 + ("soc",)),
    ("hot", ("stu",) * 4 + ("con",) * 4 + ("soc",) * 2),
])
def test_vacationers_come_by_the_house_types_on_the_table(weather, expected):
    s = resort(fresh(4), 0, "cottage, villa, pension:soc, forest")  # old guests do not matter
    s = resort(s, 1, "villa:stu, cottage")
    s = resort(s, 2, "forest, forest")
    s = resort(s, 3, "forest, forest")  # by top card: 2 cottages, 2 villas, 1 pension on the table
    assert required_vacationers(s, weather) == tuple(sorted(expected, key=["stu", "con", "soc"].index))
    counts = {"stu": 0, "con": 0, "soc": 0}
    for g in required_vacationers(s, weather):
        counts[g] += 1
    per = {"storm": (0, 0, 0), "rain": (1, 0, 0), "clouds": (1, 1, 0), "sun": (1, 1, 1), "exams": (0, 1, 1),
           "hot": (2, 2, 2)}[weather]
    cottages, villas, pensions = 2, 2, 1
    assert (counts["stu"], counts["con"], counts["soc"]) == (per[0] * cottages, per[1] * villas, per[2] * pensions)


def test_rulebook_example_sun_with_exams():
    # Kamil counts 3 cottages, 4 villas and 2 pensions: 4 convalescents and 2 socialites come
    s = resort(fresh(4), 0, "cottage, cottage, cottage")
    s = resort(s, 1, "villa, villa, villa, villa")
    s = resort(s, 2, "pension, pension")
    s = resort(s, 3, "forest")
    assert required_vacationers(s, "exams") == ("con",) * 4 + ("soc",) * 2


def test_dealing_goes_front_to_back_and_round_again():
    s, _ = play(fresh(4), "weather rain")  # 4 cottages: 4 students on 6 cars
    s, _ = play(s, "deal stu stu stu stu")
    assert s.train == (("stu",), ("stu",), ("stu",), ("stu",), (), ())
    t = resort(fresh(2), 0, "cottage, cottage, cottage")  # 2 players: 4 cars, 4 cottages on the table
    t = resort(t, 1, "villa, villa, cottage")
    t, _ = play(t, "weather clouds")
    t, _ = play(t, "deal stu con stu con stu stu")
    assert t.train == (("stu", "stu"), ("con", "stu"), ("stu",), ("con",))


def test_the_deal_must_be_what_the_weather_brings():
    s, _ = play(fresh(4), "weather rain")
    with pytest.raises(IllegalAction) as exc:
        play(s, "deal stu stu stu")
    assert exc.value.code == "wrong_vacationers"
    with pytest.raises(IllegalAction) as exc:
        play(s, "deal stu stu stu con")
    assert exc.value.code == "wrong_vacationers"


def test_a_storm_brings_nobody_and_goes_straight_to_the_actions():
    s, ev = play(fresh(4), "weather storm")
    assert s.phase == "actions" and all(c == () for c in s.train)
    assert any("nobody" in t for t in texts(ev))


def test_the_first_card_has_a_cloud_back_and_cards_come_from_the_deck():
    with pytest.raises(IllegalAction) as exc:
        play(fresh(4), "weather hot")
    assert exc.value.code == "first_weather_sunny"
    assert {a.format() for a in legal_actions(fresh(4))} == {"weather storm", "weather rain", "weather clouds"}
    s, _ = play(fresh(4), "weather storm")
    s = replace(s, phase="weather")
    with pytest.raises(IllegalAction) as exc:
        play(s, "weather storm")  # the only storm card is gone
    assert exc.value.code == "weather_not_in_deck"


def test_a_hot_day_adds_a_car_for_the_rest_of_the_game():
    s, _ = play(fresh(4), "weather rain", "deal stu stu stu stu")
    s = replace(s, phase="weather")
    s, ev = play(s, "weather hot")
    assert s.cars == 7 and any("gains car 7" in t for t in texts(ev))
    assert len(s.claims) == 7


def test_seeded_deck_starts_with_a_cloud_card():
    for seed in range(20):
        order = shuffled_deck(reference_kit().deck, random.Random(seed))
        assert order[0] in ("storm", "rain", "clouds") and len(order) == 13
