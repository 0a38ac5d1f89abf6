"""End to end: rendered camera frames -> vision -> tracker -> engine follow the bots' first moves."""
from __future__ import annotations

from leafwatch.demo.camera_game import prepare_demo
from leafwatch.demo.table_script import Snapshot, table_game


def test_the_first_moves_of_the_demo_game_are_tracked_as_played():
    game, table = prepare_demo(seed=1, players=2, max_moves=4)
    live = table.live
    for _ in live.run(table.feed):
        pass
    truth = [s for s in table_game(1, 2).steps() if isinstance(s, Snapshot)][3]
    want = {side: pieces for side, pieces, _ in truth.boards}
    got = {p.side: p.board.notation() for p in live.session.state.players}
    # the 4th move's still spell was cut short by max_moves only after it was rendered
    assert got == want
    assert not live.session.view().alerts




def test_a_board_reaching_beyond_the_cameras_view_is_told_once_and_again_when_it_is_back():
    from leafwatch.demo.camera_game import STILL_FRAMES
    from companion.live import FrameItem, LiveTable
    from vision.synthetic.scene import BoardSpec, Conditions, render_scene

    game = table_game(1, 2)
    first = next(s for s in game.steps() if isinstance(s, Snapshot))
    specs = [BoardSpec(pieces, side=side, tiles=tuple(tuple(tiles[r * 9:(r + 1) * 9]) for r in range(8)))
             for side, pieces, tiles in first.boards]

    def frame(fill: float):
        # the two boards at their seats, framed wider than the picture: their far rows leave it
        cond = Conditions(tilt_deg=12.0, fill=fill, table="felt", free_rotation=False)
        return FrameItem(render_scene(1, specs, cond, (1280, 720)).image)

    live = LiveTable(game.table_start, stable_frames=STILL_FRAMES)
    wide, whole = frame(1.2), frame(0.9)
    told = live.process(wide).notices
    names = {p.side: p.name for p in game.table_start.players}
    assert sorted(n.player for n in told if n.kind == "alert" and "beyond the camera's view" in n.text) == sorted(names.values())
    assert any("(A8, B8, C8 and D8)" in n.text for n in told)
    assert not live.process(wide).notices  # said once, not every frame
    # the camera moved: the boards are searched for afresh within LiveTable.RELOCATE_EVERY frames
    back = [n for _ in range(LiveTable.RELOCATE_EVERY) for n in live.process(whole).notices]
    assert sorted(n.player for n in back if n.kind == "info" and "in the camera's view again" in n.text) == sorted(names.values())
    assert not [a for a in live.session.view().alerts if "beyond" in a.text]


def test_headless_demo_prints_moves_and_standings_and_sends_an_led_device_the_tables_cues(monkeypatch, capsys):
    from firmware_bridge.bridge import LedBridge
    from leafwatch.cli import main

    sent = []
    real_send = LedBridge.send

    def send(self, cue):
        sent.append((self.url, cue.kind))
        real_send(self, cue)

    monkeypatch.setattr(LedBridge, "send", send)
    assert main(["demo", "--headless", "--players", "2", "--moves", "2", "--led", "sim:wled"]) == 0
    assert ("sim:wled", "turn") in sent
    # the headless demo (seed 1 by default) prints the moves and the standings
    text = capsys.readouterr().out
    assert "Tini: leaf path:" in text and "standings so far:" in text
