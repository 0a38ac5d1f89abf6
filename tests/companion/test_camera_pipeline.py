"""End to end: rendered camera frames -> vision -> tracker -> engine follow the bots' first moves."""
from __future__ import annotations

from companion.camera_demo import prepare_demo, run_camera_demo
from companion.table_script import Snapshot, table_game


def test_the_first_moves_of_the_demo_game_are_tracked_as_played():
    game, live, feed = prepare_demo(seed=1, players=2, max_moves=4)
    for _ in live.run(feed):
        pass
    truth = [s for s in table_game(1, 2).steps() if isinstance(s, Snapshot)][3]
    want = {side: pieces for side, pieces, _ in truth.boards}
    got = {p.side: p.board.notation() for p in live.session.state.players}
    # the 4th move's still spell was cut short by max_moves only after it was rendered
    assert got == want
    assert not live.session.view().alerts


def test_headless_demo_prints_moves_and_standings():
    lines = []
    assert run_camera_demo(seed=1, players=2, max_moves=2, out=lines.append) == 0
    text = "\n".join(lines)
    assert "Tini: leaf path:" in text and "standings so far:" in text
