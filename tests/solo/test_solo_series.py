"""Scoring a series of three solo games."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import NotationError
from engine.indian_summer.solo.series import GameResult, SeriesError, parse_results, score_series


def series(*texts):
    return score_series(parse_results(texts))


@pytest.mark.parametrize("games, score, counted", [
    (("won:12", "lost:-3", "won:7"), 19, (1, 3)),
    (("won:3", "won:5", "won:9"), 14, (2, 3)),
    (("won:4", "won:4", "won:4"), 8, (1, 2)),
    (("lost:-1", "won:6", "won:2"), 8, (2, 3)),
    # one win: the two worst lost games count, however good the win
    (("won:20", "lost:-2", "lost:-6"), -8, (2, 3)),
    (("lost:-4", "won:9", "lost:0"), -4, (1, 3)),
])
def test_complete_series(games, score, counted):
    r = series(*games)
    assert (r.score, r.counted, r.complete, r.forfeit) == (score, counted, True, False)


def test_two_losses_forfeit_the_third_game_and_the_lost_games_count():
    r = series("lost:-3", "lost:-5")
    assert r.complete and r.forfeit and r.score == -8 and r.counted == (1, 2) and r.wins == 0
    assert "game 3 is forfeit" in r.reason
    assert series("lost:-3", "lost:-5", "forfeit") == r


def test_a_third_game_after_two_losses_is_refused():
    with pytest.raises(SeriesError, match="forfeit"):
        series("lost:-3", "lost:-5", "won:2")


def test_forfeit_only_after_two_losses():
    with pytest.raises(SeriesError):
        series("won:3", "lost:-5", "forfeit")
    with pytest.raises(SeriesError):
        series("lost:-5", "forfeit")


def test_an_unfinished_series_is_provisional():
    r = series("won:4", "won:2")
    assert not r.complete and r.score == 6 and r.reason.startswith("provisional after 2 games, game 3 to play")
    assert series("lost:-3").score == -3 and not series("lost:-3").complete
    assert series("won:5").score == 0  # one win: only lost games would count, and none is played yet


def test_reason_shows_the_sum():
    assert series("won:12", "lost:-3", "won:7").reason == \
        "2 games won: the two best won games count (games 1 and 3): 12 + 7 = 19"
    assert series("won:1", "lost:-2", "lost:-6").reason == \
        "only game 1 won: the two worst lost games count (games 2 and 3): (-2) + (-6) = -8"


@pytest.mark.parametrize("bad", ["won", "won:x", "draw:3", "won:-1", "lost:2", "12"])
def test_bad_results(bad):
    with pytest.raises(NotationError):
        GameResult.parse(bad)


def test_too_many_or_no_games():
    with pytest.raises(SeriesError):
        series()
    with pytest.raises(SeriesError):
        series("won:1", "won:2", "won:3", "won:4")


def test_result_text_round_trip():
    for text in ("won:0", "won:17", "lost:-9", "lost:0"):
        assert GameResult.parse(text).format() == text


results = st.one_of(st.builds(GameResult, st.just(True), st.integers(0, 40)),
                    st.builds(GameResult, st.just(False), st.integers(-72, 0)))


@settings(max_examples=300, deadline=None)
@given(st.lists(results, min_size=1, max_size=3))
def test_series_properties(games):
    forfeit = len(games) >= 2 and not games[0].won and not games[1].won
    if forfeit and len(games) == 3:
        with pytest.raises(SeriesError):
            score_series(games)
        return
    r = score_series(games)
    assert r.score == sum(games[n - 1].score for n in r.counted)
    assert len(r.counted) <= 2 and r.forfeit == forfeit
    wins = [g for g in games if g.won]
    counted = [games[n - 1] for n in r.counted]
    if len(wins) >= 2:
        assert all(g.won for g in counted) and r.score == sum(sorted(g.score for g in wins)[-2:])
    else:
        assert not any(g.won for g in counted)
        assert r.score == sum(sorted(g.score for g in games if not g.won)[:2])
    assert r.complete == (forfeit or len(games) == 3)
