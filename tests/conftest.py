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


# How `make test` spreads the work over its workers (`--dist loadgroup`). A file's tests stay together on one
# worker, so the scenes its fixtures render are rendered once; a file that alone runs longer than a fair share
# of the whole is dealt into as many groups as it says, round robin. The longest groups start first, so that
# no worker is left with a long file while the others have finished: the order below is of measured
# durations, longest first (a file not named starts after these, in the collector's order).
SPLIT_MODULES = {
    "vision/test_vision_analyze.py": 4,
    "tui/test_play_keeps_every_move.py": 2,
    "vision/test_vision_segments.py": 2,
    "vision/test_vision_outlines.py": 2,
}
LONGEST_FIRST = (
    "vision/test_vision_analyze.py",
    "tui/test_play_keeps_every_move.py",
    "vision/test_vision_segments.py",
    "vision/test_vision_outlines.py",
    "test_readme_examples.py",
    "nine/test_nine_tui.py",
    "vision/test_vision_frame_edge.py",
    "vision/test_vision_synthetic.py",
    "vision/test_vision_grid_lines.py",
    "calibration/test_calibrate_boards_cmd.py",
    "companion/test_boards_by_change.py",
    "vision/test_vision_stages.py",
    "companion/test_camera_pipeline.py",
    "vision/test_vision_cli.py",
    "robustness/test_bad_devices.py",
    "keyboard/test_keyboard_play.py",
    "engine/test_engine_properties.py",
    "companion/test_replay_cmd.py",
    "vision/test_vision_corner_grids.py",
    "tui/test_tui_app.py",
    "companion/test_tracker.py",
)


@pytest.hookimpl(tryfirst=True)  # before xdist reads the groups
def pytest_collection_modifyitems(config, items):
    import pathlib

    here = pathlib.Path(__file__).resolve().parent
    seen: dict[str, int] = {}
    for item in items:
        where = pathlib.Path(str(item.fspath)).resolve().relative_to(here).as_posix()
        if where.startswith(SLOW_MODULES):
            item.add_marker(pytest.mark.slow)
        group = where
        if where in SPLIT_MODULES:
            k = seen.get(where, 0)
            seen[where] = k + 1
            group = f"{where}#{k % SPLIT_MODULES[where]}"
        item.add_marker(pytest.mark.xdist_group(group))
        item.user_properties.append(("file", where))
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(dict(item.user_properties)["file"], len(rank)))  # stable: same order within
