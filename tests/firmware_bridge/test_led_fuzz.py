"""Random input: the C++ parser and its Python twin must agree byte for byte and frame for
frame; the Adalight reader must recover every frame however the bytes are chunked."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware_bridge import adalight
from firmware_bridge.line_protocol import LineDevice
from firmware_bridge.sim.cpp_firmware import CppLineDevice

WORDS = ["HELLO", "v", "PING", "OFF", "FILL", "RANGE", "BLINK", "TIMEOUT", "0", "1", "3", "7", "100", "999",
         "5000", "FF00aa", "000000", "12345", "ZZZZZZ", "", " ", "-1", "1234567"]
line = st.lists(st.sampled_from(WORDS), min_size=0, max_size=5).map(lambda ws: " ".join(ws) + "\n")
noise = st.binary(min_size=0, max_size=80)
chunk = st.one_of(line.map(str.encode), line.map(str.encode), noise)
steps = st.lists(st.tuples(st.integers(0, 3000), chunk), min_size=1, max_size=25)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(script=steps)
def test_cpp_parser_and_python_twin_agree(harness_exe, script):
    cpp = CppLineDevice(harness_exe, 5)
    twin = LineDevice(5)
    try:
        now = 0
        for gap, data in script:
            now += gap
            cpp.tick(now)
            twin.tick(now)
            assert cpp.feed(data, now) == twin.feed(data, now), (now, data)
            assert cpp.frame(now) == twin.frame(now), (now, data)
    finally:
        cpp.close()


pixel = st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255))


@settings(max_examples=150, deadline=None)
@given(frames=st.lists(st.lists(pixel, min_size=1, max_size=40), min_size=1, max_size=4),
       junk=st.binary(max_size=30).filter(lambda b: b"A" not in b), cut=st.integers(1, 50))
def test_adalight_reader_recovers_frames_whatever_the_chunking(frames, junk, cut):
    stream = junk + b"".join(adalight.encode_frame(f) for f in frames)
    reader = adalight.AdalightReader()
    got = []
    for i in range(0, len(stream), cut):
        got += reader.feed(stream[i:i + cut])
    assert got == frames
