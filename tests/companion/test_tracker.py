"""The tracker, fed what a table shows (board notations, declarations), must follow the whole game."""
from __future__ import annotations

import pytest

from leafwatch.demo.table_script import Declaration, Snapshot, table_game
from companion.tracker import BoardSeen, Tracker
from engine.indian_summer.outcome import final_phase, results_of
from engine.indian_summer.standings import standings


def feed(tracker: Tracker, step, frames: int = 4):
    if isinstance(step, Declaration):
        return tracker.declare(step.text, step.seat)
    out = []
    boards = [BoardSeen(side, pieces) for side, pieces, _ in step.boards]
    for _ in range(frames):
        out += tracker.observe(boards)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("seed,players", [(1, 3), (2, 2), (3, 4), (4, 3)])
def test_tracker_follows_a_whole_game_from_board_snapshots(seed, players):
    game = table_game(seed, players)
    tracker = Tracker(game.table_start)
    alerts = []
    for step in game.steps():
        alerts += [n for n in feed(tracker, step) if n.kind == "alert"]
    truth = game.truth_end
    assert alerts == []
    assert tracker.state.over
    for seen, real in zip(tracker.state.players, truth.players):
        assert seen.board.pieces == real.board.pieces
        assert seen.treasures == real.treasures
        assert len(seen.path) == len(real.path)
    assert standings(results_of(final_phase(tracker.state))) == standings(results_of(final_phase(truth)))


@pytest.mark.parametrize("seed", [9, 1, 7, 10])
def test_a_player_alone_at_the_table_is_followed_with_the_turn_ends_said(seed):
    # nobody else's board ends a turn: the table says "end" (a squirrel after the main action could be
    # a Nut spent or the next turn's main action, and a second tile a Feather used or the next turn's;
    # only the player knows). Seeds 1, 7 and 10 use a Feather for a second tile
    game = table_game(seed, 1)
    tracker = Tracker(game.table_start)
    alerts = []
    for step in game.steps():
        alerts += [n for n in feed(tracker, step) if n.kind == "alert"]
    assert alerts == [] and tracker.state.over
    assert tracker.state.players[0].board.pieces == game.truth_end.players[0].board.pieces
    assert tracker.state.players[0].treasures == game.truth_end.players[0].treasures


def test_a_player_alone_who_lays_a_tile_after_the_main_action_has_begun_the_next_turn():
    game = table_game(9, 1)
    tracker = Tracker(game.table_start)
    snaps = [s for s in game.steps() if isinstance(s, Snapshot)]
    assert snaps[0].action.startswith("leaf") and snaps[1].action.startswith("leaf")
    feed(tracker, snaps[0])
    assert tracker.state.main_done
    notices = feed(tracker, snaps[1])  # no "end" said between them
    assert [n for n in notices if n.kind == "alert"] == []
    actions = [n.text for n in notices if n.kind == "action"]
    assert len(actions) == 2 and actions[0] == "Tini: end" and actions[1].startswith("Tini: leaf path:")
    assert actions[1].split()[3:] == snaps[1].action.split()[2:]  # the same squares (the paths look alike by colour)
    assert tracker.state.players[0].board.notation() == snaps[1].boards[0][1]


def test_a_hand_over_the_move_holds_the_reading_back_but_a_far_unreadable_square_does_not():
    game = table_game(5, 2)
    tracker = Tracker(game.table_start)
    first = next(s for s in game.steps() if isinstance(s, Snapshot))
    side, pieces, _ = first.boards[first.mover]
    flat = pieces.replace("/", "")
    moved = [i for i, ch in enumerate(flat) if ch != "."][:3]  # a hand over the tile
    hidden = list(flat)
    for i in moved:
        hidden[i] = "?"
    as_text = lambda cells: "/".join("".join(cells[r * 9:(r + 1) * 9]) for r in range(8))
    for _ in range(6):
        assert tracker.observe([BoardSeen(side, as_text(hidden))]) == []
    assert tracker.log == ()
    far = list(flat)
    far_square = max(range(72), key=lambda i: min(abs(i % 9 - j % 9) + abs(i // 9 - j // 9)
                                                 for j in range(72) if flat[j] != "."))
    far[far_square] = "?"
    notices = []
    for _ in range(4):  # three frames agree, and the change they show holds for a second frame
        notices += tracker.observe([BoardSeen(side, as_text(far))])
    assert [n.kind for n in notices if n.kind == "action"] == ["action"]


def test_misreads_of_placed_pieces_are_not_changes():
    game = table_game(5, 2)
    tracker = Tracker(game.table_start)
    first = next(s for s in game.steps() if isinstance(s, Snapshot))
    feed(tracker, first)
    side, pieces, _ = first.boards[first.mover]
    noisy = pieces.replace("G", "t", 1).replace("Y", "R", 1).replace("R", "s", 1)
    notices = feed(tracker, Snapshot(((side, noisy, ()),), first.mover, "noise"))
    assert [n for n in notices if n.kind in ("alert", "action")] == []


def test_a_lifted_piece_raises_an_alert():
    game = table_game(6, 2)
    tracker = Tracker(game.table_start)
    first = next(s for s in game.steps() if isinstance(s, Snapshot))
    feed(tracker, first)
    side, pieces, _ = first.boards[first.mover]
    lifted = pieces.replace("G", ".", 1).replace("Y", ".", 1).replace("R", ".", 1)
    notices = feed(tracker, Snapshot(((side, lifted, ()),), first.mover, "lift"), frames=5)
    assert any(n.kind == "alert" and "lifted" in n.text for n in notices)


def test_two_tiles_without_a_feather_are_refused_with_the_engines_reason():
    from dataclasses import replace
    from engine.indian_summer.treasures import Treasures
    game = table_game(7, 2)
    state = game.table_start
    state = replace(state, players=tuple(replace(p, treasures=Treasures(berry=1)) for p in state.players))
    tracker = Tracker(state)
    side = state.players[0].side
    a = "gGG....../........./........./........./........./........./........./........."
    b = "gGG....../........./........./........./........./........./........./......GGg"
    for _ in range(4):
        tracker.observe([BoardSeen(side, a)])
    notices = []
    for _ in range(5):  # an unexplained reading is reported once it has stayed for a frame more
        notices += tracker.observe([BoardSeen(side, b)])
    alerts = [n for n in notices if n.kind == "alert"]
    assert alerts and "second_main_action" in alerts[0].text


def test_undo_takes_back_the_last_action():
    game = table_game(8, 2)
    tracker = Tracker(game.table_start)
    first = next(s for s in game.steps() if isinstance(s, Snapshot))
    feed(tracker, first)
    assert len(tracker.log) == 1
    tracker.undo()
    assert tracker.log == () and tracker.state == game.table_start


def _noisy(pieces: str, rng, p_hidden=0.04, p_misread=0.03, p_speck=0.01) -> str:
    """A camera's reading of a board: some squares unreadable, some placed pieces misread, a stray
    leaf square now and then, different in every frame."""
    out = []
    for ch in pieces:
        if ch == "/":
            out.append(ch)
            continue
        x = rng.random()
        if x < p_hidden:
            out.append("?")
        elif ch != "." and x < p_hidden + p_misread:
            out.append(rng.choice("GYRgyrtsa"))
        elif ch == "." and x < p_hidden + p_speck:
            out.append(rng.choice("GYR"))
        else:
            out.append(ch)
    return "".join(out)


@pytest.mark.slow
@pytest.mark.parametrize("seed,players", [(21, 2), (22, 3)])
def test_tracker_follows_whole_games_through_camera_noise(seed, players):
    import random

    rng = random.Random(seed)
    game = table_game(seed, players)
    tracker = Tracker(game.table_start)
    alerts = []
    for step in game.steps():
        if isinstance(step, Declaration):
            alerts += [n for n in tracker.declare(step.text, step.seat) if n.kind == "alert"]
            continue
        for _ in range(8):  # a still spell: every frame noisy in its own way
            alerts += [n for n in tracker.observe([BoardSeen(s, _noisy(p, rng)) for s, p, _ in step.boards])
                       if n.kind == "alert"]
    truth = game.truth_end
    assert [p.board.pieces for p in tracker.state.players] == [p.board.pieces for p in truth.players]
    assert [p.treasures for p in tracker.state.players] == [p.treasures for p in truth.players]
    assert tracker.state.over
    assert [a.text for a in alerts if "supply" not in a.text and "Common Path" not in a.text] == []


def _turned(pieces: str) -> str:
    return "/".join(row[::-1] for row in reversed(pieces.split("/")))


def test_a_nearly_full_board_that_names_no_side_is_known_by_its_pieces():
    # late in a game a board shows too little floor for vision to name its side, and the corner it
    # takes for A1 is a guess: the one seat not seen whose pieces it shows, either way round, is its owner
    game = table_game(1, 3)
    tracker = Tracker(game.table_start)
    last = game.truth_start.players[-1].side
    alerts, unnamed = [], 0
    for step in game.steps():
        if isinstance(step, Declaration):
            alerts += [n for n in tracker.declare(step.text, step.seat) if n.kind == "alert"]
            continue
        boards = []
        for side, pieces, _ in step.boards:
            full = sum(ch != "." for ch in pieces.replace("/", "")) >= 45
            boards.append(BoardSeen(None, _turned(pieces)) if side == last and full else BoardSeen(side, pieces))
            unnamed += side == last and full
        for _ in range(4):
            alerts += [n for n in tracker.observe(boards) if n.kind == "alert"]
    assert unnamed > 10  # the test reaches late boards
    assert alerts == []
    assert [p.board.pieces for p in tracker.state.players] == [p.board.pieces for p in game.truth_end.players]


def test_a_board_that_names_no_side_and_fits_no_missing_board_is_left_aside():
    game = table_game(1, 3)
    tracker = Tracker(game.table_start)
    steps = [s for s in game.steps()]
    snapshots = [s for s in steps if isinstance(s, Snapshot)]
    for step in steps[: steps.index(snapshots[-1])]:
        feed(tracker, step)
    named = [BoardSeen(side, pieces) for side, pieces, _ in snapshots[-1].boards[:-1]]
    _, pieces, _ = snapshots[-1].boards[-1]
    seat = len(named)
    assert sum(ch != "." for ch in tracker.state.players[seat].board.pieces) >= 36
    right = tracker._assign(named + [BoardSeen(None, pieces)])
    assert right[seat].pieces == pieces
    # another board's reading, or the right one shifted by a column, is nobody's
    shifted = "/".join(row[1:] + "." for row in pieces.split("/"))
    for wrong in (snapshots[-1].boards[0][1], shifted):
        assert seat not in tracker._assign(named + [BoardSeen(None, wrong)])
    # two boards that might both be it: neither is taken
    assert seat not in tracker._assign(named + [BoardSeen(None, pieces), BoardSeen(None, _turned(pieces))])
