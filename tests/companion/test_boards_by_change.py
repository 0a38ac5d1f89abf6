"""Boards read by their change since they last settled (companion.boards_by_change), into the tracker."""
from __future__ import annotations

from companion.tracker import BoardSeen, Tracker
from leafwatch.demo.table_script import Snapshot, table_game


def test_the_tracker_says_which_boards_settled_and_not_those_it_could_not_explain():
    game = table_game(6, 2)
    first = next(s for s in game.steps() if isinstance(s, Snapshot))
    tracker = Tracker(game.table_start)
    boards = [BoardSeen(side, pieces) for side, pieces, _ in first.boards]
    for _ in range(4):
        tracker.observe(boards)
    assert set(tracker.settled) == {0, 1}
    assert tracker.settled[first.mover] == dict((s, p) for s, p, _ in first.boards)[tracker.state.players[first.mover].side]
    # a change no legal move explains (two squirrels after the main action, with one Nut to pay for
    # them) is taken in with an alert: not settled
    tracker.settled = {}
    side = tracker.state.player.side
    assert tracker.state.player.treasures.nut == 1
    odd = "s.s" + dict((s, p) for s, p, _ in first.boards)[side][3:]
    notices = []
    for _ in range(6):
        notices += tracker.observe([BoardSeen(side, odd)])
    assert any(n.kind == "alert" for n in notices)
    assert tracker.state.current not in tracker.settled
