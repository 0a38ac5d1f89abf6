"""The user-editable mapping from cues to LED looks (format documented in default_mapping.toml)."""
from __future__ import annotations

from engine.errors import LeafwatchError

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from firmware_bridge.cues import KINDS, Cue, Rgb, parse_colour

PATTERNS = ("solid", "blink")
SPANS = ("all", "seat")
MAX_LEDS = 1024


class MappingError(ValueError, LeafwatchError):
    """A mapping file that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class CueStyle:
    colour: Rgb | None  # None means "the seat's colour"
    pattern: str = "solid"
    period_ms: int = 1000
    span: str = "all"
    hold_ms: int = 0
    wled_preset: int = 0


@dataclass(frozen=True)
class Look:
    """A resolved cue: what the strip shows. `colour` is before brightness scaling; the lit
    range is [first, first + count), everything else is dark. period_ms 0 means steady."""

    leds: int
    colour: Rgb
    first: int
    count: int
    period_ms: int
    brightness: int
    hold_ms: int = 0
    wled_preset: int = 0

    @property
    def scaled_colour(self) -> Rgb:
        return scale(self.colour, self.brightness)


def scale(rgb: Rgb, brightness: int) -> Rgb:
    # rounded, so 255 at full brightness stays 255 and 0 stays 0
    return tuple((c * brightness + 127) // 255 for c in rgb)  # type: ignore[return-value]


@dataclass(frozen=True)
class Mapping:
    leds: int = 30
    brightness: int = 160
    seats: int = 4
    seat_colours: dict[int, Rgb] = field(default_factory=dict)
    styles: dict[str, CueStyle] = field(default_factory=dict)
    source: str = "<built-in>"

    def with_leds(self, leds: int) -> Mapping:
        """The same mapping for a strip of another length (our firmware reports its own)."""
        return Mapping(leds, self.brightness, self.seats, self.seat_colours, self.styles, self.source)

    def section(self, seat: int | None) -> tuple[int, int]:
        """(first, count) of a seat's part of the strip; the whole strip for no seat."""
        if seat is None or not (1 <= seat <= self.seats):
            return 0, self.leds
        first = (seat - 1) * self.leds // self.seats
        end = seat * self.leds // self.seats
        return first, end - first

    def look(self, cue: Cue) -> Look:
        style = self.styles[cue.kind]
        if style.colour is None:
            colour = cue.colour or self.seat_colours.get(cue.seat or 0, (255, 255, 255))
        else:
            colour = style.colour  # a fixed colour in the file wins: the file is the user's say
        first, count = self.section(cue.seat) if style.span == "seat" else (0, self.leds)
        period = style.period_ms if style.pattern == "blink" else 0
        return Look(self.leds, colour, first, count, period, self.brightness, style.hold_ms, style.wled_preset)


def default_mapping_text() -> str:
    return resources.files("firmware_bridge").joinpath("default_mapping.toml").read_text(encoding="utf-8")


def load_mapping(path: str | Path | None = None, *, leds: int | None = None) -> Mapping:
    """The built-in mapping, overlaid with the user's file if given; `leds` overrides [strip].leds."""
    base = tomllib.loads(default_mapping_text())
    source = "<built-in>"
    if path is not None:
        source = str(path)
        if Path(path).exists() and not Path(path).is_file():  # a FIFO would block the read for ever
            raise MappingError(f"{path} is not a regular file")
        try:
            user = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise MappingError(f"{path}: no such mapping file") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise MappingError(f"{path}: cannot read: {exc}") from None
        except tomllib.TOMLDecodeError as exc:
            raise MappingError(f"{path}: not valid TOML: {exc}") from None
        base = _overlay(base, user)
    mapping = _build(base, source)
    if leds is not None:
        _check_int(leds, 1, MAX_LEDS, source, "leds")
        mapping = mapping.with_leds(leds)
    return mapping


def _overlay(base: dict, user: dict) -> dict:
    out = dict(base)
    for key, value in user.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _overlay(out[key], value)
        else:
            out[key] = value
    return out


def _check_int(value: object, lo: int, hi: int, source: str, key: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not (lo <= value <= hi):
        raise MappingError(f"{source}: {key} must be a whole number {lo}-{hi}, got {value!r}")
    return value


def _build(data: dict, source: str) -> Mapping:
    known_top = {"strip", "seat_colours", "cues"}
    for key in data:
        if key not in known_top:
            raise MappingError(f"{source}: unknown table [{key}] (expected strip, seat_colours, cues)")
    strip = data.get("strip", {})
    leds = _check_int(strip.get("leds"), 1, MAX_LEDS, source, "strip.leds")
    brightness = _check_int(strip.get("brightness"), 0, 255, source, "strip.brightness")
    seats = _check_int(strip.get("seats"), 1, 8, source, "strip.seats")
    seat_colours: dict[int, Rgb] = {}
    for key, value in data.get("seat_colours", {}).items():
        if not (str(key).isdigit() and 1 <= int(key) <= 8):
            raise MappingError(f"{source}: seat_colours key {key!r} must be \"1\"-\"8\"")
        try:
            seat_colours[int(key)] = parse_colour(str(value))
        except ValueError as exc:
            raise MappingError(f"{source}: seat_colours.{key}: {exc}") from None
    styles: dict[str, CueStyle] = {}
    cues = data.get("cues", {})
    for name in cues:
        if name not in KINDS:
            raise MappingError(f"{source}: unknown cue [cues.{name}] (expected one of {', '.join(KINDS)})")
    for name in KINDS:
        styles[name] = _style(cues.get(name, {}), source, f"cues.{name}")
    return Mapping(leds, brightness, seats, seat_colours, styles, source)


def _style(table: dict, source: str, where: str) -> CueStyle:
    allowed = {"colour", "pattern", "period_ms", "span", "hold_ms", "wled_preset"}
    for key in table:
        if key not in allowed:
            raise MappingError(f"{source}: {where}.{key} is not a known key ({', '.join(sorted(allowed))})")
    raw_colour = table.get("colour", "#FFFFFF")
    colour: Rgb | None = None
    if raw_colour != "seat":
        try:
            colour = parse_colour(str(raw_colour))
        except ValueError as exc:
            raise MappingError(f"{source}: {where}.colour: {exc} or \"seat\"") from None
    pattern = table.get("pattern", "solid")
    if pattern not in PATTERNS:
        raise MappingError(f"{source}: {where}.pattern must be one of {PATTERNS}, got {pattern!r}")
    span = table.get("span", "all")
    if span not in SPANS:
        raise MappingError(f"{source}: {where}.span must be one of {SPANS}, got {span!r}")
    period = _check_int(table.get("period_ms", 1000), 100, 10000, source, f"{where}.period_ms")
    hold = _check_int(table.get("hold_ms", 0), 0, 600000, source, f"{where}.hold_ms")
    preset = _check_int(table.get("wled_preset", 0), 0, 250, source, f"{where}.wled_preset")
    return CueStyle(colour, pattern, period, span, hold, preset)

