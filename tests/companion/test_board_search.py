"""A live camera's table: the search for boards runs beside the steady reading, never in its way."""
from __future__ import annotations

import threading
import time

import pytest

from companion.board_search import BoardSearch
from companion.live import FrameItem, LiveTable


def wait_for(cond, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_one_search_at_a_time_on_the_newest_frame_offered_and_its_result_taken_once():
    go = threading.Event()
    searched = []

    def search(image):
        go.wait(10)
        searched.append(image)
        return [f"found in {image}"]

    s = BoardSearch(search)
    try:
        assert s.offer("frame 1") and s.busy
        assert not s.offer("frame 2")  # busy: the steady reading goes on without waiting
        assert s.take() is None
        go.set()
        wait_for(lambda: not s.busy)
        assert s.take() == ["found in frame 1"] and s.take() is None
        assert searched == ["frame 1"] and s.searches == 1
    finally:
        s.close()


def test_a_search_that_fails_is_said_and_the_next_frame_is_searched():
    def search(image):
        if image == "bad":
            raise ValueError("not a picture\nmore")
        return None  # not every board found

    s = BoardSearch(search)
    try:
        s.offer("bad")
        wait_for(lambda: not s.busy)
        assert s.problem == "not a picture" and s.take() is None
        s.offer("good")
        wait_for(lambda: s.searches == 2)
        assert s.problem is None and s.take() is None
    finally:
        s.close()


@pytest.mark.slow
def test_a_live_table_reads_the_boards_every_frame_while_a_search_runs_beside():
    from leafwatch.demo.table_script import table_game
    from rendered import demo_frames

    game = table_game(6, 2)
    frames = [i.image for i in demo_frames(6, 2, max_moves=1)]
    live = LiveTable(game.table_start, search_beside=True)
    real = live._find_boards
    release = threading.Event()
    calls = []

    def slow_search(image):  # the first search is real; the later ones wait until the test lets them go
        calls.append(len(calls))
        if len(calls) > 1:
            release.wait(30)
        return real(image)

    live._search._search = slow_search
    try:
        update = live.process(FrameItem(frames[-1]))
        assert update.notices == () and "looking for the boards" in update.camera
        wait_for(lambda: live._search.searches == 1)
        # the boards are found; from now on every frame is read where they lie, while a second
        # search is held up beside it
        live.RELOCATE_EVERY = 1
        read = []
        for image in frames + [frames[-1]] * 4:
            update = live.process(FrameItem(image))
            read.append(live.boards_seen)
        assert live._search.busy and len(calls) == 2  # the held search never held the reading up
        assert read[-1] == 2 and "2 boards" in update.camera
        assert [a.format().split()[0] for a in live.session.tracker.log][:1] == ["leaf"]
    finally:
        release.set()
        live.close()
