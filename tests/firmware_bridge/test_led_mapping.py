"""The cue mapping file, the cue timeline (held and timed cues) and frame rendering."""
from __future__ import annotations

import pytest

from firmware_bridge import frames
from firmware_bridge.cues import KINDS, Cue
from firmware_bridge.mapping import MappingError, load_mapping
from firmware_bridge.timeline import CueTimeline


def test_builtin_mapping_covers_every_cue_kind():
    mapping = load_mapping()
    assert (mapping.leds, mapping.brightness, mapping.seats) == (30, 160, 4)
    assert set(mapping.styles) == set(KINDS)
    for kind in KINDS:
        mapping.look(Cue(kind, seat=1))


def test_seat_sections_split_the_strip():
    mapping = load_mapping()
    assert [mapping.section(s) for s in (1, 2, 3, 4)] == [(0, 7), (7, 8), (15, 7), (22, 8)]
    assert mapping.section(None) == (0, 30)


def test_user_file_overrides_only_what_it_names(tmp_path):
    user = tmp_path / "mine.toml"
    user.write_text('[strip]\nleds = 12\n\n[cues.alert]\ncolour = "#00FF00"\n')
    mapping = load_mapping(user)
    assert mapping.leds == 12 and mapping.brightness == 160
    alert = mapping.look(Cue("alert"))
    assert alert.colour == (0, 255, 0) and alert.period_ms == 400  # blink kept from the built-in


def test_cue_colour_replaces_the_seat_colour_but_not_a_fixed_one():
    mapping = load_mapping()
    assert mapping.look(Cue("turn", seat=1, colour=(1, 2, 3))).colour == (1, 2, 3)
    assert mapping.look(Cue("turn", seat=1)).colour == (0xE5, 0x39, 0x35)
    assert mapping.look(Cue("alert", colour=(1, 2, 3))).colour == (255, 0, 0)


@pytest.mark.parametrize("text, words", [
    ('[cues.alert]\ncolour = "red"\n', "cues.alert.colour"),
    ('[cues.alert]\npattern = "wave"\n', "cues.alert.pattern"),
    ('[cues.alert]\nperiod_ms = 5\n', "cues.alert.period_ms"),
    ('[cues.alert]\nblink = true\n', "cues.alert.blink is not a known key"),
    ('[cues.tea_time]\ncolour = "#FFFFFF"\n', "unknown cue [cues.tea_time]"),
    ('[strip]\nleds = 0\n', "strip.leds"),
    ('[seat_colours]\n"9" = "#FFFFFF"\n', "seat_colours key"),
    ('[lights]\n', "unknown table [lights]"),
    ('[strip\n', "not valid TOML"),
])
def test_bad_mapping_files_name_the_file_and_key(tmp_path, text, words):
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    with pytest.raises(MappingError) as err:
        load_mapping(bad)
    assert str(bad) in str(err.value) and words in str(err.value)


def test_missing_mapping_file(tmp_path):
    with pytest.raises(MappingError, match="no such mapping file"):
        load_mapping(tmp_path / "nope.toml")


def test_cue_rejects_unknown_kinds_and_seats():
    with pytest.raises(ValueError):
        Cue("party")
    with pytest.raises(ValueError):
        Cue("turn", seat=0)
    with pytest.raises(ValueError):
        Cue("turn", seat=1, colour=(300, 0, 0))


def test_timed_cue_shows_then_the_held_cue_returns():
    timeline = CueTimeline(load_mapping(), now_ms=0)
    timeline.apply(Cue("turn", seat=2), 100)
    timeline.apply(Cue("alert"), 1000)  # hold_ms 3000
    assert timeline.current(3999).cue.kind == "alert"
    assert timeline.next_change_ms(3000) == 1000
    back = timeline.current(4000)
    assert back.cue == Cue("turn", seat=2) and back.since_ms == 4000
    assert timeline.next_change_ms(4000) is None


def test_a_held_cue_cancels_a_timed_one():
    timeline = CueTimeline(load_mapping(), now_ms=0)
    timeline.apply(Cue("alert"), 0)
    timeline.apply(Cue("turn", seat=3), 10)
    assert timeline.current(20).cue == Cue("turn", seat=3)


def test_render_blinks_on_then_off_and_scales_brightness():
    look = load_mapping().look(Cue("alert"))  # 400 ms period, full strip, (160, 0, 0) after scaling
    assert frames.render(look, 0) == [(160, 0, 0)] * 30
    assert frames.render(look, 199) == [(160, 0, 0)] * 30
    assert frames.render(look, 200) == [(0, 0, 0)] * 30
    assert frames.render(look, 400) == [(160, 0, 0)] * 30
    assert frames.next_edge_ms(look, 150) == 50 and frames.next_edge_ms(look, 250) == 150


def test_render_lights_only_the_seat_section():
    frame = frames.render(load_mapping().look(Cue("turn", seat=4)), 0)
    assert frame[:22] == [(0, 0, 0)] * 22 and frame[22:] == [(0x2A, 0x64, 0x2D)] * 8
    assert frames.next_edge_ms(load_mapping().look(Cue("turn", seat=4)), 0) is None
