"""`c` in the table screen: the worker checks the camera's last frame and the report shows in the warning
panel, with the picture written beside the game."""
from __future__ import annotations

import pytest

from companion.live import FrameItem, LiveTable
from companion.seating import parse_players, start_state
from tests.tui.test_tui_app import drive, text_of, until
from tests.vision.conftest import specs
from tui.app import LeafwatchApp
from vision.overlay import written_by_leafwatch
from vision.synthetic import Conditions, render_scene


@pytest.fixture(scope="module")
def frame():
    cond = Conditions(tilt_deg=8.0, fill=0.8, table="felt", free_rotation=False)
    return render_scene(12, boards=specs(12, ["A1", "D2"]), conditions=cond, size=(640, 360)).image


def test_c_checks_the_last_frame_and_shows_the_report(frame, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    live = LiveTable(start_state(parse_players("Tini:A1,Claus:D2")))
    app = LeafwatchApp(live, [FrameItem(frame, "frame 1")])

    async def script(pilot):
        await until(pilot, lambda: app.feed_state == "ended", timeout=60)
        await pilot.press("c")
        await until(pilot, lambda: "picture:" in text_of(app, "#warning"), timeout=60)
        report = text_of(app, "#warning")
        assert "camera check: 2 board(s) found" in report and "usable" in report
        assert "board 1: side" in report and "warning" not in report
        assert any(line.startswith("camera check") for line in app.log_lines)

    drive(app, script)
    assert written_by_leafwatch(tmp_path / "camera-check.png")


def test_c_before_any_frame_says_so(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = LeafwatchApp(LiveTable(start_state(parse_players("Tini:A1"))), None)

    async def script(pilot):
        await pilot.press("c")
        await until(pilot, lambda: "camera check" in text_of(app, "#warning"))
        assert "no camera frame read yet" in text_of(app, "#warning")

    drive(app, script)
    assert list(tmp_path.iterdir()) == []
