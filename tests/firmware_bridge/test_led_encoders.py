"""Golden bytes for every frame type, worked out by hand from the protocols' specs."""
from __future__ import annotations

import json

import pytest

from firmware_bridge import adalight, line_protocol, wled_json
from firmware_bridge.cues import Cue
from firmware_bridge.mapping import load_mapping


@pytest.mark.parametrize("leds, expected", [
    (1, b"Ada\x00\x00\x55"),       # count-1 = 0; 0 ^ 0 ^ 0x55
    (30, b"Ada\x00\x1d\x48"),      # 29 = 0x001D; 0x00 ^ 0x1D ^ 0x55 = 0x48
    (256, b"Ada\x00\xff\xaa"),     # 255; 0xFF ^ 0x55 = 0xAA
    (300, b"Ada\x01\x2b\x7f"),     # 299 = 0x012B; 0x01 ^ 0x2B ^ 0x55 = 0x7F
])
def test_adalight_header_counts_leds_minus_one(leds, expected):
    assert adalight.header(leds) == expected


def test_adalight_frame_is_header_then_rgb():
    frame = adalight.encode_frame([(255, 0, 0), (0, 16, 32)])
    assert frame == b"Ada\x00\x01\x54" + b"\xff\x00\x00" + b"\x00\x10\x20"
    assert len(adalight.encode_frame([(0, 0, 0)] * 60)) == 6 + 3 * 60


def test_adalight_header_rejects_impossible_sizes():
    with pytest.raises(ValueError):
        adalight.header(0)


def test_adalight_reader_resyncs_after_garbage_and_bad_checksum():
    reader = adalight.AdalightReader()
    good = adalight.encode_frame([(1, 2, 3), (4, 5, 6)])
    bad = b"Ada\x00\x01\x00" + b"\x09" * 6  # checksum should be 0x54
    frames = reader.feed(b"\x00noiseA" + bad + good[:4])
    assert frames == [] and reader.bad_headers == 1
    assert reader.feed(good[4:]) == [[(1, 2, 3), (4, 5, 6)]]
    assert reader.idle


def test_wled_json_for_a_seat_turn():
    look = load_mapping().look(Cue("turn", seat=2))  # seat 2 of 4 on 30 LEDs: LEDs 7-14
    assert wled_json.encode_state(look) == (
        b'{"on":true,"bri":160,"tt":0,"seg":[{"id":0,"start":7,"stop":15,'
        b'"col":[[30,136,229],[0,0,0]],"fx":0}]}\n')


def test_wled_json_blink_uses_the_blink_effect():
    look = load_mapping().look(Cue("alert"))  # 400 ms: sx = 255 - 400 / 20 = 235
    assert json.loads(wled_json.encode_state(look)) == {
        "on": True, "bri": 160, "tt": 0,
        "seg": [{"id": 0, "start": 0, "stop": 30, "col": [[255, 0, 0], [0, 0, 0]], "fx": 1, "sx": 235, "ix": 128}]}


def test_wled_preset_replaces_colours(tmp_path):
    user = tmp_path / "m.toml"
    user.write_text('[cues.alert]\nwled_preset = 3\n')
    look = load_mapping(user).look(Cue("alert"))
    assert wled_json.encode_state(look) == b'{"ps":3}\n'


def test_wled_idle_turns_the_light_off():
    assert json.loads(wled_json.encode_state(load_mapping().look(Cue("idle"))))["on"] is False


@pytest.mark.parametrize("line, version", [("WLED 0.15.0", "0.15.0"), ("WLED 0.14.4\r", "0.14.4"),
                                           ("OK LEAFWATCH 1 30", None), ("Ada", None), ("", None)])
def test_wled_version_answer(line, version):
    assert wled_json.parse_version(line) == version


def test_line_protocol_commands():
    assert line_protocol.hello() == b"HELLO\n"
    assert line_protocol.ping() == b"PING\n"
    assert line_protocol.fill((255, 128, 0)) == b"FILL FF8000\n"
    assert line_protocol.range_(7, 8, (19, 85, 144)) == b"RANGE 7 8 135590\n"
    assert line_protocol.blink(400) == b"BLINK 400\n"
    assert line_protocol.off() == b"OFF\n"
    assert line_protocol.timeout(5000) == b"TIMEOUT 5000\n"


def test_line_protocol_look_for_a_seat_turn_is_scaled_by_brightness():
    # (30, 136, 229) at brightness 160: round(c * 160 / 255) = (19, 85, 144) = 135590
    look = load_mapping().look(Cue("turn", seat=2))
    assert line_protocol.encode_look(look) == [b"FILL 000000\n", b"RANGE 7 8 135590\n", b"BLINK 0\n"]


def test_line_protocol_look_for_an_alert():
    look = load_mapping().look(Cue("alert"))  # 255 * 160 / 255 = 160 = 0xA0
    assert line_protocol.encode_look(look) == [b"FILL A00000\n", b"BLINK 400\n"]


@pytest.mark.parametrize("line, parsed", [("OK LEAFWATCH 1 30", (1, 30)), ("LEAFWATCH 2 144", (2, 144)),
                                          ("OK", None), ("LEAFWATCH x 3", None), ("WLED 0.15.0", None)])
def test_hello_answer(line, parsed):
    assert line_protocol.parse_hello(line) == parsed
