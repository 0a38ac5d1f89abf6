"""Every test keeps its games in its own journal, never in the user's."""
import pytest


@pytest.fixture(autouse=True)
def _private_journal(tmp_path, monkeypatch):
    monkeypatch.setenv("LEAFWATCH_JOURNAL", str(tmp_path / "journal.sqlite"))


# Modules whose every test renders camera scenes, runs the vision pipeline, plays recorded frames or
# drives a screen through the command line: `make test` runs them, `make test-fast` leaves them out. A single slow
# test elsewhere carries its own `@pytest.mark.slow`.
SLOW_MODULES = (
    "vision/",
    "calibration/",
    "tui/test_play_keeps_every_move.py",
    "tui/test_tui_play_cmd.py",
    "companion/test_camera_pipeline.py",
    "companion/test_replay_cmd.py",
    "companion/test_play_learns_appearance.py",
    "firmware_bridge/test_led_sketch.py",
    # the screens driven key by key through the command line, and commands run as subprocesses
    "keyboard/test_keyboard_play.py",
    "nine/test_nine_tui.py",
    "resort/test_resort_tui.py",
    "tui/test_tui_camera_check.py",
    "tui/test_tui_screen_reading.py",
    "cli/test_camera_cmd.py",
    "robustness/test_bad_devices.py",
    "robustness/test_bad_images.py",
    "tui/test_tui_snapshot.py",
    "test_readme_examples.py",
)


def pytest_collection_modifyitems(config, items):
    import pathlib

    here = pathlib.Path(__file__).resolve().parent
    for item in items:
        where = pathlib.Path(str(item.fspath)).resolve().relative_to(here).as_posix()
        if where.startswith(SLOW_MODULES):
            item.add_marker(pytest.mark.slow)
