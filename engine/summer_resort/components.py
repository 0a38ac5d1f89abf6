"""The box's components as the rulebook gives them: vacationers, houses, investments, weather, train.

Vacationers are written by a short name: `stu` (student, 100 zloty), `con` (convalescent, 200),
`soc` (socialite, 300). Houses stand on forest lots in levels: 0 forest, 1 cottage, 2 villa,
3 pension; a lot's stack keeps every card beneath its top one.
"""
from __future__ import annotations

from engine.errors import NotationError

VACATIONERS = ("stu", "con", "soc")  # cheapest first
VACATIONER_NAMES = {"stu": "student", "con": "convalescent", "soc": "socialite"}
RENT = {"stu": 100, "con": 200, "soc": 300}  # what a vacationer's card is worth on its money side
CARDS_IN_BOX = {"stu": 44, "con": 36, "soc": 30}

FOREST, COTTAGE, VILLA, PENSION = 0, 1, 2, 3
LEVEL_NAMES = ("forest", "cottage", "villa", "pension")
HOUSE_POINTS = {COTTAGE: 2, VILLA: 3, PENSION: 5}  # per card, covered ones included
# which vacationers a house of each level takes (neither too spartan nor too luxurious)
ACCEPTS = {COTTAGE: ("stu",), VILLA: ("stu", "con"), PENSION: ("con", "soc")}
HOUSE_CAPACITY = 2

# investment cards: name -> (base price, what is gained)
INVESTMENTS = {
    "forest100": (100, "forest"),
    "forest200": (200, "forest"),
    "cottage": (100, "cottage"),
    "villa": (200, "villa"),
    "pension": (300, "pension"),
    "automobile": (300, "automobile"),
}
REFUEL_PRICE = 100
PACKAGE = 100  # the train conductor's package
HOUSES_IN_BOX = {"forest": 28, "cottage": 22, "villa": 18, "pension": 14}
AUTOMOBILES_IN_BOX = 6
CAR_CARDS = 8  # train passenger cars / track cards in the box

START_MONEY = 200  # two 100-zloty cards
START_FORESTS = 2
START_COTTAGES = 1
TOKENS = 2  # an owner and a wife

# weather -> vacationers per house on the table, and whether the train gains a car for good
WEATHER = {
    "storm": ({}, False),
    "rain": ({COTTAGE: ("stu",)}, False),
    "clouds": ({COTTAGE: ("stu",), VILLA: ("con",)}, False),
    "sun": ({COTTAGE: ("stu",), VILLA: ("con",), PENSION: ("soc",)}, False),
    "exams": ({VILLA: ("con",), PENSION: ("soc",)}, False),
    "hot": ({COTTAGE: ("stu", "stu"), VILLA: ("con", "con"), PENSION: ("soc", "soc")}, True),
}
WEATHER_TEXT = {
    "storm": "storm", "rain": "rain", "clouds": "clouds", "sun": "sun behind a cloud",
    "exams": "sun behind a cloud, students at their exams", "hot": "full sun, a hot day",
}
CLOUD_BACKED = ("storm", "rain", "clouds")  # a cloud on the locomotive side; the others show a sun


def rounds_for(players: int) -> int:
    return 10 if players == 5 else 12


def cars_for(players: int) -> int:
    """Passenger cars behind the locomotive at the start: players + 2, but 6 with five players."""
    return 6 if players == 5 else players + 2


def parse_vacationer(text: str) -> str:
    t = text.strip().lower()
    for short, name in VACATIONER_NAMES.items():
        if t in (short, name, name + "s"):
            return short
    raise NotationError(f"{text!r} is not a vacationer (stu, con, soc)")


def sort_guests(guests) -> tuple[str, ...]:
    return tuple(sorted(guests, key=VACATIONERS.index))


def guests_text(guests) -> str:
    return " ".join(guests) if guests else "-"
