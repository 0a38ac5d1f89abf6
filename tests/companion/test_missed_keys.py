"""A key the table forgot (a Mushroom, a Berry, a Feather, an exchange): the tracker offers the
declarations that would explain what the camera sees, and accepting one puts the game right."""
from __future__ import annotations

import pytest

from companion.tracker import BoardSeen, Tracker
from leafwatch.demo.table_script import Declaration, Snapshot, table_game


def feed(tracker: Tracker, step, frames: int = 4, accept=False):
    """A step of the table; with `accept`, the players take an explanation as soon as it shows (before
    the camera's next frame): the first, or the one `accept(texts)` picks."""
    if isinstance(step, Declaration):
        return tracker.declare(step.text, step.seat)
    out = []
    boards = [BoardSeen(side, pieces) for side, pieces, _ in step.boards]
    for _ in range(frames):
        seen = tracker.observe(boards)
        out += seen
        if accept and any(n.kind == "offer" for n in seen):
            assert [n.text for n in seen if n.kind == "offer"] == [o.text for o in tracker.offers]
            out += tracker.accept(accept([o.text for o in tracker.offers]) if callable(accept) else 0)
    return out


def play_forgetting(game, forgotten: str, accept=True):
    """Feed the whole game, leaving out the first declaration that starts with `forgotten`; with
    `accept`, the players take the first explanation offered. Returns (tracker, offers, what was
    left out)."""
    tracker = Tracker(game.table_start)
    offers, left_out = [], None
    for step in game.steps():
        if isinstance(step, Declaration) and left_out is None and step.text.startswith(forgotten):
            left_out = step.text
            continue
        offers += [n for n in feed(tracker, step, accept=accept) if n.kind == "offer"]
    assert left_out, f"the game has no {forgotten!r} to forget"
    return tracker, offers, left_out


def same_as_truth(tracker: Tracker, truth) -> bool:
    return all(a.board.pieces == b.board.pieces and a.treasures == b.treasures
               for a, b in zip(tracker.state.players, truth.players))


def test_a_forgotten_mushroom_is_offered_by_whose_tiles_and_accepting_it_mends_the_game():
    game = table_game(1, 2)  # Claus's first turn is a Mushroom with Tini's and the Common Path's tiles
    tracker, offers, left_out = play_forgetting(game, "mushroom")
    assert left_out == "mushroom p1 common"
    assert offers[0].text.startswith("Claus may have played a Mushroom with Tini's and the Common Path's first tiles")
    assert tracker.state.over and same_as_truth(tracker, game.truth_end)


@pytest.mark.slow
@pytest.mark.parametrize("seed,players", [(1, 3), (2, 2), (4, 3), (5, 2), (7, 3)])
def test_the_first_explanation_of_a_forgotten_mushroom_mends_the_game(seed, players):
    game = table_game(seed, players)
    tracker, offers, _ = play_forgetting(game, "mushroom")
    assert "Mushroom" in offers[0].text
    assert tracker.state.over and same_as_truth(tracker, game.truth_end)


@pytest.mark.slow
def test_when_the_camera_cannot_tell_whose_tiles_the_players_pick_the_right_explanation():
    game = table_game(3, 4)  # Tini's Mushroom took Claus's and Hubert's tiles; Matilda's front tile looks alike
    picked = []

    def choose(texts):
        picked.append(texts)
        return next(i for i, t in enumerate(texts) if "Claus's and Hubert's" in t)

    tracker, offers, left_out = play_forgetting(game, "mushroom", accept=choose)
    assert left_out == "mushroom p2 p4"
    assert len(picked[0]) > 1 and "Claus's and Matilda's" in picked[0][0]
    assert tracker.state.over and same_as_truth(tracker, game.truth_end)


def test_until_an_offer_is_taken_the_forgotten_mushroom_stays_an_alert_and_the_log_unchanged():
    game = table_game(1, 2)
    tracker = Tracker(game.table_start)
    notices = []
    for step in game.steps():
        if isinstance(step, Declaration):
            continue  # the table says nothing at all
        notices += feed(tracker, step)
        if tracker.offers:
            break
    assert any(n.kind == "alert" and n.player == "Claus" for n in notices)
    assert not any(a.format().startswith("mushroom") for a in tracker.log)
    before = tracker.log
    assert tracker.accept(5)[0].text == "choose 1 to 1"  # only one explanation: nothing changes
    assert tracker.log == before and tracker.offers


@pytest.mark.slow
@pytest.mark.parametrize("seed,players", [(1, 2), (1, 3), (2, 2), (5, 2), (7, 3)])
def test_a_forgotten_berry_is_offered_first_and_mends_the_game(seed, players):
    game = table_game(seed, players)
    tracker, offers, _ = play_forgetting(game, "berry")
    assert "spent a Berry" in offers[0].text
    assert tracker.state.over and same_as_truth(tracker, game.truth_end)


def test_accept_without_an_offer_says_so():
    tracker = Tracker(table_game(1, 2).table_start)
    assert [n.text for n in tracker.accept(0)] == ["there is no explanation to accept"]
