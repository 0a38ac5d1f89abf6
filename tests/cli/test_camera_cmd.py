"""Before the first move, as a user runs it: `leafwatch camera check` on pictures of a rendered table (good,
and spoilt on purpose), `analyze camera:N`, and the table's own files (--profile, --kit) on play, replay,
demo and analyze."""
from __future__ import annotations

import json
import pathlib
import re
import subprocess
import sys

import cv2
import numpy as np
import pytest

from leafwatch.cli import main
from tests.vision.conftest import specs
from vision.overlay import written_by_leafwatch
from vision.synthetic import BoardSpec, Conditions, render_scene

ROOT = pathlib.Path(__file__).resolve().parents[2]
KIT = ROOT / "engine" / "indian_summer" / "data" / "reference-kit.toml"
SIDES = ["A1", "D2"]
NO_CAMERA = 97  # a camera number no test machine has


def _flipped(printed: str) -> str:
    return "/".join(row[::-1] for row in printed.split("/"))


def _printed_of(side: str) -> str:
    return re.search(rf'side = "{side}"\nprinted = "([^"]+)"', KIT.read_text()).group(1)


@pytest.fixture(scope="module")
def pictures(tmp_path_factory):
    """The table (two boards, 640x360) and its spoilt copies, as image files."""
    folder = tmp_path_factory.mktemp("pictures")
    cond = Conditions(tilt_deg=8.0, fill=0.8, table="felt", free_rotation=False)
    scene = render_scene(12, boards=specs(12, SIDES), conditions=cond, size=(640, 360))
    image = scene.image
    right = max(scene.boards, key=lambda b: b.corners[:, 0].max()).corners[:, 0]
    copies = {
        "good": image,
        "dark": (image * 0.2).astype(np.uint8),
        "grey": cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR),
        "blurred": cv2.GaussianBlur(image, (0, 0), 3),
        "crop": image[:, :int(right.max() - 0.25 * np.ptp(right))].copy(),
        "blank": np.full_like(image, 120),
    }
    out = {}
    for name, picture in copies.items():
        out[name] = folder / f"{name}.png"
        cv2.imwrite(str(out[name]), picture)
    return out


@pytest.fixture(scope="module")
def own_kit(tmp_path_factory):
    """A kit of the table's own: two board sides the reference kit does not have (Z9, Q7)."""
    text = KIT.read_text()
    head, blocks = text[:text.index("[[forest_floor]]")], []
    for name, like in (("Z9", "A1"), ("Q7", "B1")):
        blocks.append(f'[[forest_floor]]\nside = "{name}"\nprinted = "{_flipped(_printed_of(like))}"\n')
    path = tmp_path_factory.mktemp("kit") / "own-kit.toml"
    path.write_text(head + "\n".join(blocks))
    return path


def check(capsys, *args) -> tuple[int, str, str]:
    code = main(["camera", "check", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_a_good_table_passes_with_its_boards_drawn(pictures, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = check(capsys, "--source", str(pictures["good"]))
    assert code == 0, out + err
    assert "2 board(s) found" in out and "warning" not in out and "fit to play by" in out
    for side in SIDES:
        assert re.search(rf"board \d: side {side}, every square read", out)
    assert "picture: camera-check.png" in out
    drawn = cv2.imread(str(tmp_path / "camera-check.png"))
    good = cv2.imread(str(pictures["good"]))
    assert written_by_leafwatch(tmp_path / "camera-check.png")
    assert drawn.shape[1] == good.shape[1] and drawn.shape[0] > good.shape[0]  # the report's lines above the frame
    drawn = drawn[drawn.shape[0] - good.shape[0]:]
    assert np.abs(drawn.astype(int) - good).sum(2).astype(bool).mean() > 0.05  # the boards drawn over it
    # again: a new file, the first is kept
    code, out, _ = check(capsys, "--source", str(pictures["good"]))
    assert code == 0 and "picture: camera-check-2.png" in out and (tmp_path / "camera-check.png").exists()


@pytest.mark.parametrize("name, words", [("dark", "too dark"), ("blank", "no board found")])
def test_a_spoilt_picture_warns_and_fails(pictures, capsys, tmp_path, name, words):
    code, out, _ = check(capsys, "--source", str(pictures[name]), "--out", str(tmp_path / "check.png"))
    assert code == 1 and f"warning: {words}" in out and "mend the" in out
    assert written_by_leafwatch(tmp_path / "check.png")


@pytest.mark.slow
@pytest.mark.parametrize("name, words", [("grey", "has no colour"), ("blurred", "poor focus"),
                                         ("crop", "cut by the picture's edge")])
def test_a_spoilt_picture_warns_through_the_whole_pipeline(pictures, capsys, tmp_path, name, words):
    code, out, _ = check(capsys, "--source", str(pictures[name]), "--out", str(tmp_path / "check.png"))
    assert code == 1 and words in out, out


def test_a_file_leafwatch_did_not_write_is_never_replaced_unless_forced(pictures, capsys, tmp_path):
    mine = tmp_path / "mine.png"
    mine.write_bytes(pictures["blank"].read_bytes())
    code, out, err = check(capsys, "--source", str(pictures["blank"]), "--out", str(mine))
    assert code == 1 and out == "" and err.count("\n") == 1 and "leafwatch did not write it" in err
    assert mine.read_bytes() == pictures["blank"].read_bytes()
    code, out, _ = check(capsys, "--source", str(pictures["blank"]), "--out", str(mine), "--force")
    assert code == 1 and written_by_leafwatch(mine)  # written; the picture itself still warns
    code, _, err = check(capsys, "--source", str(pictures["blank"]), "--out", str(tmp_path / "check.jpg"))
    assert code == 1 and "ending in .png" in err


@pytest.mark.parametrize("words", [["analyze", f"camera:{NO_CAMERA}"],
                                   ["camera", "check", "--camera", str(NO_CAMERA)]])
def test_a_camera_that_does_not_open_is_one_line(words, tmp_path):
    r = subprocess.run([sys.executable, "-m", "leafwatch.cli", *words], cwd=tmp_path, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 1 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and f"camera {NO_CAMERA} is not available" in r.stderr, r.stderr
    assert list(tmp_path.iterdir()) == []


def test_analyze_names_a_side_of_the_kit_given(own_kit, capsys, tmp_path):
    """A board printed as the table's own kit prints side Z9 is read as Z9 with --kit."""
    pieces = "/".join(["........."] * 8)
    cond = Conditions(tilt_deg=6.0, fill=0.7, table="felt", free_rotation=False)
    scene = render_scene(5, boards=[BoardSpec(pieces, printed=_flipped(_printed_of("A1")))], conditions=cond,
                         size=(640, 360))
    path = tmp_path / "own.png"
    cv2.imwrite(str(path), scene.image)
    assert main(["analyze", str(path), "--json", "--kit", str(own_kit)]) == 0
    assert [b["side"] for b in json.loads(capsys.readouterr().out)["boards"]] == ["Z9"]


# ---------------------------------------------------------------------- --profile and --kit

def _bad_files(tmp_path) -> dict[str, pathlib.Path]:
    files = {"profile": tmp_path / "profile.json", "kit": tmp_path / "kit.toml", "sideless": tmp_path / "sideless.toml"}
    files["profile"].write_text("{not json")
    files["kit"].write_text("[[forest_floor]\nside = ")
    files["sideless"].write_text(KIT.read_text()[:KIT.read_text().index("[[forest_floor]]")])
    return files


COMMANDS = {
    "play": ["play", "--no-journal", "--headless", "--players", "Tini:A1", "--source", "{good}"],
    "replay": ["replay", "{good}", "--players", "Tini:A1"],
    "demo": ["demo", "--headless", "--moves", "0"],
    "analyze": ["analyze", "{good}"],
    "camera check": ["camera", "check", "--source", "{good}"],
}


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("option, bad, words", [("--profile", "profile", "not valid JSON"),
                                                ("--kit", "kit", "not valid TOML"),
                                                ("--kit", "sideless", "names no board side")])
def test_an_unusable_profile_or_kit_is_one_line(command, option, bad, words, pictures, capsys, tmp_path,
                                                 monkeypatch):
    monkeypatch.chdir(tmp_path)
    files = _bad_files(tmp_path)
    args = [a.replace("{good}", str(pictures["good"])) for a in COMMANDS[command]]
    assert main(args + [option, str(files[bad])]) == 1
    out = capsys.readouterr()
    # the file is named (a long path shortened in the middle, as every message does)
    assert out.err.count("\n") == 1 and words in out.err and files[bad].name in out.err, out.err
    assert "Traceback" not in out.err and not list(tmp_path.glob("camera-check*.png"))


@pytest.fixture
def profile_file(tmp_path):
    path = tmp_path / "camera.json"
    path.write_text(json.dumps({"white_bgr": [190, 200, 210]}))
    return path


@pytest.mark.parametrize("command", ["play", "replay"])
def test_play_and_replay_read_with_the_profile_and_the_kits_sides(command, own_kit, profile_file, pictures,
                                                                    capsys, monkeypatch):
    """What the camera reads goes through the profile and the kit's printed sides (the analysis itself is
    stood in for: the wiring is under test here)."""
    import vision.analysis as analysis

    seen = []

    def analyze(image, profile=None, known_sides=None, locations=None, *, thresholds=None):
        seen.append((profile, known_sides))
        return analysis.AnalyzeResult(image.shape[1], image.shape[0], [])

    monkeypatch.setattr(analysis, "analyze", analyze)
    players = ["--players", "Tini:Z9,Claus:Q7"]
    files = ["--kit", str(own_kit), "--profile", str(profile_file)]
    if command == "play":
        args = ["play", "--no-journal", "--headless", "--source", str(pictures["good"]), *players, *files]
    else:
        args = ["replay", str(pictures["good"]), *players, "--json", *files]
    assert main(args) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    assert seen and all(p is not None and p.white_bgr == (190.0, 200.0, 210.0) for p, _ in seen)
    assert seen[0][1] == {"Z9": _flipped(_printed_of("A1")), "Q7": _flipped(_printed_of("B1"))}
    assert "Z9" in out


def test_demo_wires_the_profile_and_the_kit(own_kit, profile_file, capsys, monkeypatch):
    from leafwatch import wiring

    wired = []
    real = wiring.wire

    def wire(start, setup, feed, **kw):
        wired.append((start, kw.get("profile")))
        return real(start, setup, feed, **kw)

    monkeypatch.setattr(wiring, "wire", wire)
    args = ["demo", "--headless", "--moves", "0", "--players", "2", "--kit", str(own_kit), "--profile", str(profile_file)]
    assert main(args) == 0
    (start, profile), = wired
    assert sorted(p.side for p in start.players) == ["Q7", "Z9"] and profile.white_bgr == (190.0, 200.0, 210.0)
    assert "board Z9" in capsys.readouterr().out
    # a kit with fewer sides than players is one line
    assert main(["demo", "--headless", "--players", "3", "--kit", str(own_kit)]) == 1
    assert "2 board side(s) for 3 players" in capsys.readouterr().err
