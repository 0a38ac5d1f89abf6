"""Bad pictures for `leafwatch analyze` and the frame sources: one line and exit 1, or a reading; never a
traceback, never a hang, never a silent empty reading of a frame without colour."""
from __future__ import annotations

import os
import struct
import time
import zlib

import cv2
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from robust_helpers import run
from vision.image_checks import header_size, looks_greyscale, pixel_problem
from vision.sources import SourceError, load_image


def png_declaring(width: int, height: int) -> bytes:
    """A PNG whose header declares the size, followed by a little data (a decoder would try to allocate)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))


def write_png(path, image) -> str:
    assert cv2.imwrite(str(path), image)
    return str(path)


def test_a_one_pixel_high_strip_is_refused_in_one_line(tmp_path):
    line = run(["analyze", write_png(tmp_path / "thin.png", np.zeros((1, 4000, 3), np.uint8))]).one_line_error()
    assert "4000x1" in line


def test_a_thin_tall_strip_is_refused_before_a_long_search(tmp_path):
    # a 40x5000 strip kept the board search busy for most of a minute
    t0 = time.monotonic()
    line = run(["analyze", write_png(tmp_path / "tall.png", np.zeros((5000, 40, 3), np.uint8))]).one_line_error()
    assert "40x5000" in line and time.monotonic() - t0 < 5


@pytest.mark.parametrize("width,height", [(65535, 65535), (8000, 5001), (100_000, 1000)])
def test_a_header_beyond_the_pixel_limit_is_refused_before_decoding(tmp_path, width, height):
    path = tmp_path / "huge.png"
    path.write_bytes(png_declaring(width, height))
    t0 = time.monotonic()
    line = run(["analyze", str(path)]).one_line_error()
    assert f"{width}x{height}" in line and "40 megapixels" in line
    assert time.monotonic() - t0 < 2


def test_the_limit_is_forty_megapixels():
    # exactly 40 megapixels pass the header's check; one row more, or one column, does not
    assert pixel_problem(8000, 5000, "x.png") is None and pixel_problem(5000, 8000, "x.png") is None
    assert "40 megapixels" in pixel_problem(8000, 5001, "x.png") and pixel_problem(8001, 5000, "x.png")
    assert header_size(png_declaring(8000, 5000)) == (8000, 5000)


@pytest.mark.parametrize("spec", ["synthetic:-1", "synthetic:" + "9" * 5000, "synthetic:x", "synthetic:", "synthetic:\u00b2"])
def test_a_bad_synthetic_seed_is_one_line(spec):
    assert "seed" in run(["analyze", spec]).one_line_error()


def test_a_file_name_of_5000_characters_is_one_line(tmp_path):
    line = run(["analyze", str(tmp_path / ("a" * 5000 + ".png"))]).one_line_error()
    assert len(line) < 300


def test_a_fifo_named_like_an_image_does_not_hang(tmp_path):
    fifo = tmp_path / "x.png"
    os.mkfifo(fifo)
    line = run(["analyze", str(fifo)], timeout=5).one_line_error()
    assert "FIFO" in line


def test_a_fifo_named_like_a_video_does_not_hang(tmp_path):
    fifo = tmp_path / "x.mp4"
    os.mkfifo(fifo)
    assert "FIFO" in run(["replay", str(fifo), "--players", "Ann:A1"], timeout=5).one_line_error()


def test_a_greyscale_frame_is_warned_about(tmp_path):
    scene = cv2.imread(write_png(tmp_path / "c.png", np.random.default_rng(0).integers(0, 255, (120, 160, 3), np.uint8)))
    grey = cv2.cvtColor(cv2.cvtColor(scene, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)
    outcome = run(["analyze", write_png(tmp_path / "grey.png", grey)])
    assert outcome.code == 0
    assert any("warning" in line and "no colour" in line for line in outcome.err_lines)
    colour = run(["analyze", str(tmp_path / "c.png")])
    assert colour.code == 0 and "warning" not in colour.err


def test_an_infrared_like_frame_with_a_faint_tint_is_still_greyscale():
    rng = np.random.default_rng(1)
    base = rng.integers(0, 250, (90, 120, 1), np.uint8)
    tinted = np.concatenate([base, base + 2, base + 1], axis=2)
    assert looks_greyscale(tinted)
    assert not looks_greyscale(rng.integers(0, 255, (90, 120, 3), np.uint8))


def test_analyze_debug_keeps_an_existing_picture_unless_forced(tmp_path):
    image = write_png(tmp_path / "c.png", np.random.default_rng(2).integers(0, 255, (64, 64, 3), np.uint8))
    out = tmp_path / "dbg"
    out.mkdir()
    (out / "frame.png").write_bytes(b"not leafwatch's")
    line = run(["analyze", image, "--debug", str(out)]).one_line_error()
    assert "--force" in line and (out / "frame.png").read_bytes() == b"not leafwatch's"
    assert run(["analyze", image, "--debug", str(out), "--force"]).code == 0
    assert (out / "frame.png").read_bytes() != b"not leafwatch's"


# ---------------------------------------------------------------- generated pictures

ENCODINGS = {"png": ".png", "jpg": ".jpg", "bmp": ".bmp", "tif": ".tif", "webp": ".webp"}


@st.composite
def picture_bytes(draw):
    """An encoded picture of any small size, depth and channel count, possibly cut short or corrupted."""
    h = draw(st.integers(1, 90))
    w = draw(st.integers(1, 90))
    channels = draw(st.sampled_from([1, 3, 4]))
    fmt = draw(st.sampled_from(sorted(ENCODINGS)))
    deep = fmt in ("png", "tif") and draw(st.booleans())
    seed = draw(st.integers(0, 2**16))
    rng = np.random.default_rng(seed)
    pixels = rng.integers(0, 65535 if deep else 255, (h, w, channels), dtype=np.uint16 if deep else np.uint8)
    if channels == 1:
        pixels = pixels[:, :, 0]
    ok, enc = cv2.imencode(ENCODINGS[fmt], pixels)
    data = enc.tobytes() if ok else b""
    cut = draw(st.sampled_from(["whole", "truncated", "flipped"]))
    if cut == "truncated" and data:
        data = data[: draw(st.integers(0, len(data) - 1))]
    elif cut == "flipped" and data:
        i = draw(st.integers(0, len(data) - 1))
        data = data[:i] + bytes([data[i] ^ 0xFF]) + data[i + 1:]
    return ENCODINGS[fmt], data


@settings(max_examples=80, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(picture=picture_bytes())
def test_loading_any_picture_gives_a_colour_frame_or_one_line(tmp_path, picture):
    suffix, data = picture
    path = tmp_path / f"p{suffix}"
    path.write_bytes(data)
    try:
        image = load_image(path)
    except SourceError as exc:
        assert "\n" not in str(exc) and str(exc)
        return
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert min(image.shape[:2]) >= 32


@settings(max_examples=200, deadline=None, derandomize=True)
@given(head=st.binary(max_size=64))
def test_reading_a_header_never_raises(head):
    size = header_size(head)
    assert size is None or (len(size) == 2 and all(isinstance(v, int) and v >= 0 for v in size))


@pytest.mark.slow
@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(picture=picture_bytes())
def test_analyze_on_any_picture_reads_it_or_says_why_in_one_line(tmp_path, picture):
    suffix, data = picture
    path = tmp_path / f"p{suffix}"
    path.write_bytes(data)
    run(["analyze", str(path), "--json"]).clean()
