"""`play --profile` learns the table's pieces from the moves it takes in and keeps them beside the profile,
where `analyze --profile` and the next game find them."""
from __future__ import annotations

import json

import pytest

from leafwatch.cli import main


@pytest.fixture(scope="module")
def recording(tmp_path_factory):
    """The first two moves of seeded game 6 (two players) as a camera sees them, one PNG a frame."""
    import cv2

    from companion.live import FrameItem
    from leafwatch.demo.camera_game import demo_feed
    from leafwatch.demo.table_script import table_game

    folder = tmp_path_factory.mktemp("recorded")
    game = table_game(6, 2)
    frames = [i for i in demo_feed(game, max_moves=2) if isinstance(i, FrameItem)]
    for n, item in enumerate(frames):
        cv2.imwrite(str(folder / f"frame{n:03d}.png"), item.image)
    return folder, ",".join(f"{p.name}:{p.side}" for p in game.table_start.players)


def test_play_keeps_what_it_learned_beside_the_profile_and_analyze_reads_it(recording, tmp_path, capsys):
    from vision.classify.appearance import AppearanceMemory, beside, ours
    from vision.thresholds import thresholds

    folder, players = recording
    profile = tmp_path / "camera.json"
    profile.write_text(json.dumps({"white_bgr": [200, 200, 200]}))
    assert main(["play", "--headless", "--no-journal", "--players", players, "--source", str(folder),
                 "--profile", str(profile)]) == 0
    out = capsys.readouterr().out
    kept = beside(profile)
    assert f"kept in {kept}" in out and ours(kept)
    learned = AppearanceMemory.load(kept, params=thresholds()["appearance"]).squares()
    # both boards learned from while empty, then as each move left them: floor, leaves and holes
    assert learned[".."] >= 100 and set("GYR") & set(learned)
    assert json.loads(profile.read_text()) == {"white_bgr": [200, 200, 200]}  # the profile itself untouched
    frame = sorted(folder.glob("*.png"))[-1]
    assert main(["analyze", str(frame), "--json", "--profile", str(profile)]) == 0
    sides = {b["side"] for b in json.loads(capsys.readouterr().out)["boards"]}
    assert sides == {p.split(":")[1] for p in players.split(",")}
