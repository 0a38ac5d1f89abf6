"""End scoring: money per 100, every house card (covered ones too), the President, ties by money."""
from __future__ import annotations

from dataclasses import replace

from engine.summer_resort.scoring import final_scores, score_player

from tests.resort.resort_positions import fresh, resort


def test_roberts_37_points():
    s = resort(fresh(4), 3, "cottage, villa, pension, forest", money=2000)
    robert = score_player(s.players[3], 3, president=False)
    assert robert.house_points == 2 + (2 + 3) + (2 + 3 + 5) == 17
    assert robert.money_points == 20 and robert.total == 37
    assert "37 points" in robert.reason() and "3 cottages x2 = 6" in robert.reason()


def test_the_president_token_is_worth_5():
    s = replace(resort(fresh(2), 0, "cottage", money=0), president=0)
    top = final_scores(s)
    assert top[0].score.name == "Kamil" and top[0].score.total == 2 + 5
    assert "President = 5" in top[0].score.reason()


def test_guests_still_in_houses_count_as_their_money_and_forests_and_automobiles_nothing():
    s = resort(fresh(2), 0, "pension:soc+con, forest, forest", money=150, cars=(True, False))
    me = score_player(s.players[0], 0, president=False)
    assert me.money == 150 + 300 + 200 and me.money_points == 6
    assert me.house_points == 10 and me.total == 16


def test_ties_go_to_the_richer_and_a_full_tie_stays_a_tie():
    s = fresh(3)
    s = resort(s, 0, "villa", money=300)  # 5 + 3 = 8
    s = resort(s, 1, "cottage", money=600)  # 2 + 6 = 8, richer
    s = resort(s, 2, "cottage", money=600)  # the same as p2
    places = [(st.place, st.score.name) for st in final_scores(s)]
    assert places == [(1, "Alek"), (1, "Janek"), (3, "Kamil")]
