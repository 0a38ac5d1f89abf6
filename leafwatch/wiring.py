"""One wiring of a table, for `play`, `demo` and `replay` alike: a feed (a camera, a recording, the
synthetic demo) -> vision -> tracker -> engine, every change written to the journal, the cues sent
to the LED device, and a front end (the TUI or printed lines) that shows it. A front end has no path
of its own to any of these parts."""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator

from companion.live import DeclareItem, FrameItem, LiveTable
from companion.seating import PlayError
from engine.indian_summer.state import GameState


def open_frames(camera: int | None = None, source: str | None = None):
    """The FrameSource for --camera N or --source PATH; raises PlayError (one line) when it cannot open."""
    import os

    # OpenCV's own warnings (a missing camera) would add lines to the one-line error
    os.environ.setdefault("OPENCV_LOG_LEVEL", "ERROR")
    from vision.sources import SourceError, open_source

    try:
        return open_source(camera if source is None else source)
    except SourceError as exc:
        raise PlayError(str(exc)) from None


def frame_feed(frames) -> Iterator[FrameItem]:
    """FrameItems from a FrameSource; the source is closed when the feed ends or is closed.
    A source that fails mid-game raises its SourceError to the consumer."""
    try:
        while (frame := frames.read()) is not None:
            yield FrameItem(frame.image, getattr(frame, "name", ""))
    finally:
        frames.close()


def declaration_feed(lines: Iterable[str]) -> Iterator[DeclareItem]:
    """One declaration a line ('leaf path:1 *A1 B1 C1', 'squirrel E4', 'end' ...), for the player to
    play; blank lines and lines starting with '#' are passed over. A table without a camera keeps its
    game this way in a plain terminal or from a file."""
    from leafwatch.declarations import parse_line

    for line in lines:
        item = parse_line(line)
        if item is not None:
            yield item


def colour_checked(feed: Iterable, warn: Callable[[str], None]) -> Iterator:
    """The feed unchanged; its first frame is checked for colour, and a frame without any (a greyscale or
    infrared camera) is warned about once: such a camera would show every board as empty squares."""
    from vision.image_checks import GREYSCALE_WARNING, looks_greyscale

    checked = False
    try:
        for item in feed:
            if not checked and isinstance(item, FrameItem):
                checked = True
                if looks_greyscale(item.image):
                    warn(f"warning: {GREYSCALE_WARNING}")
            yield item
    finally:
        close = getattr(feed, "close", None)
        if close is not None:
            close()


def open_led(url: str | None):
    """The LED bridge for --led URL (sim:wled, sim:adalight, sim:leafwatch, or a serial port), or None."""
    if not url:
        return None
    from firmware_bridge.bridge import LedBridge

    try:
        return LedBridge(url)
    except (ValueError, OSError) as exc:
        raise PlayError(f"--led {url}: {exc}") from None


@dataclass
class Table:
    """A table wired and ready for a front end. `close` lets go of the feed, the LED device and the
    journal, in that order."""
    live: LiveTable
    feed: Iterable | None
    journal: object | None = None
    led: object | None = None
    closers: list = field(default_factory=list)

    @property
    def game_id(self) -> int | None:
        return self.live.session.game_id

    def kept(self) -> tuple[bool, str]:
        """(whether every move is in the journal, the line that says so)."""
        if self.journal is None:
            return True, "not kept (no journal)"
        problem = self.live.session.journal_problem
        if problem:
            return False, f"game {self.game_id} is NOT kept in full: {problem}"
        return True, f"game {self.game_id} is kept in {self.journal.path}"

    def close(self) -> None:
        close = getattr(self.feed, "close", None)
        if close is not None:
            close()
        self.live.close()
        for closer in self.closers:
            closer()
        if self.led is not None:
            self.led.close()
        if self.journal is not None:
            self.journal.close()


def has_terminal() -> bool:
    """Whether a person is watching: the TUI then, printed lines otherwise."""
    return sys.stdout.isatty()


def wire(start: GameState, setup: dict, feed: Iterable | None, *, actions: list | None = None,
         game_id: int | None = None, journal=None, led_url: str | None = None, stable: int = 3,
         profile=None, search_beside: bool = False) -> Table:
    """The table for a game from `start` (with `actions` already taken, in the journal's game
    `game_id` when it goes on with one). The journal, once handed here, is the table's to close."""
    try:
        led = open_led(led_url)
    except PlayError:
        if journal is not None:
            journal.close()
        raise
    try:
        live = LiveTable(start, stable_frames=stable, profile=profile, led=led, journal=journal, record=setup,
                         actions=actions, game_id=game_id, search_beside=search_beside)
    except Exception:
        if led is not None:
            led.close()
        if journal is not None:
            journal.close()
        raise
    return Table(live, feed, journal, led)


def run(table: Table, *, headless: bool, title: str, prog: str, pace: float = 0.0,
        out: Callable[[str], None] = print, err: Callable[[str], None] | None = None,
        announce: str | None = None) -> int:
    """Run the front end until the feed ends (headless) or the players quit (TUI); then say whether
    the game is kept. A journal that could not be written makes the exit code 1."""
    err = err or (lambda line: print(line, file=sys.stderr))
    try:
        if headless:
            from leafwatch.headless import run_headless

            if announce:
                out(announce)
            code = run_headless(table.live, table.feed, out=out, err=err, prog=prog)
        else:
            from tui.app import run_tui

            code = run_tui(table.live, table.feed, title=title, pace=pace)
    finally:
        table.close()
    ok, line = table.kept()
    if ok:
        out(f"{prog}: {line}")
        return code
    err(f"{prog}: error: {line}")
    return code or 1
