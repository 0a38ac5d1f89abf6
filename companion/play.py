"""`leafwatch play` without the UI: who plays on which board side, the start state, the camera or
file feed, the optional LED bridge, and the headless printer. The command module only parses words.
"""
from __future__ import annotations

from typing import Callable, Iterable, Iterator

from companion.live import FrameItem, LiveTable
from engine.indian_summer.kit import Kit, reference_kit
from engine.indian_summer.setup import Seat, new_game, table_deal
from engine.indian_summer.state import GameState
from engine.records import RecordError, name_problem


class PlayError(ValueError):
    """Bad input for a live game; the message is one line for the user."""


def parse_players(text: str, kit: Kit | None = None) -> list[Seat]:
    """'Tini:A1,Claus:B2' -> seats. Names and board sides must be unique; 1 to 4 players."""
    kit = kit or reference_kit()
    known = [name for name, _ in kit.sides]
    seats: list[Seat] = []
    parts = [p.strip() for p in (text or "").split(",") if p.strip()]
    if not parts:
        raise PlayError("--players needs NAME:SIDE pairs, e.g. --players \"Tini:A1,Claus:B2\"")
    if len(parts) > 4:
        raise PlayError(f"--players: Indian Summer seats 1 to 4 players, not {len(parts)}")
    for part in parts:
        name, sep, side = part.partition(":")
        name, side = name.strip(), side.strip().upper()
        if not sep or not name or not side:
            raise PlayError(f"--players: {part!r} is not NAME:SIDE (e.g. Tini:A1)")
        if side not in known:
            raise PlayError(f"--players: {name}'s board side {side!r} is not a side of the kit; known: {', '.join(known)}")
        if any(s.name == name for s in seats):
            raise PlayError(f"--players: the name {name!r} is given twice")
        if any(s.side == side for s in seats):
            raise PlayError(f"--players: board side {side} is given twice; every player's board shows a different side")
        other = next((s for s in seats if s.side[:-1] == side[:-1]), None)
        if other is not None and len(side) > 1:
            raise PlayError(f"--players: {other.side} and {side} are the two faces of one board; every player has a board of their own")
        try:
            name_problem(name, len(seats) + 1)
        except RecordError as exc:
            raise PlayError(f"--players: {exc}") from None
        seats.append(Seat(name, side))
    if not 1 <= len(seats) <= 4:
        raise PlayError(f"--players: Indian Summer seats 1 to 4 players, not {len(seats)}")
    return seats


def start_state(seats: list[Seat], kit: Kit | None = None) -> GameState:
    """A real table's start: Player Paths known by colour, the rest unseen until played."""
    kit = kit or reference_kit()
    return new_game(kit, seats, table_deal(kit, len(seats)))


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


def colour_checked(feed: Iterable[FrameItem], warn: Callable[[str], None]) -> Iterator[FrameItem]:
    """The feed unchanged; its first frame is checked for colour, and a frame without any (a greyscale or
    infrared camera) is warned about once: such a camera would show every board as empty squares."""
    from vision.image_checks import GREYSCALE_WARNING, looks_greyscale

    checked = False
    for item in feed:
        if not checked:
            checked = True
            if looks_greyscale(item.image):
                warn(f"leafwatch play: warning: {GREYSCALE_WARNING}")
        yield item


def open_led(url: str | None):
    """The LED bridge for --led URL (sim:wled, sim:adalight, sim:leafwatch, or a serial port), or None."""
    if not url:
        return None
    from firmware_bridge.bridge import LedBridge

    return LedBridge(url)


MARKS = {"action": "", "prompt": "  > ", "alert": "  ! ", "info": "    "}


def run_headless(live: LiveTable, feed: Iterable, out: Callable[[str], None] = print,
                 err: Callable[[str], None] | None = None) -> int:
    """Print every notice as a line, then the boards and standings. A feed that fails mid-game is
    reported in one line (the game so far is still printed); the exit code is then 1. A frame the
    companion cannot process is reported once and skipped."""
    err = err or out
    code = 0
    said: set[str] = set()
    items = iter(feed)
    while True:
        try:
            item = next(items)
        except StopIteration:
            break
        except Exception as exc:  # camera unplugged, unreadable video: say so once, keep the game
            err(f"leafwatch play: the feed stopped: {_one_line(exc)}")
            code = 1
            break
        try:
            update = live.process(item)
        except Exception as exc:
            line = f"leafwatch play: a frame could not be processed: {_one_line(exc)}"
            if line not in said:
                said.add(line)
                err(line)
            code = 1
            continue
        for n in update.notices:
            out(f"[frame {update.frames:>4}] {MARKS.get(n.kind, '')}{n.text}")
    out("")
    out(summary(live))
    return code


def _one_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else type(exc).__name__


def summary(live: LiveTable) -> str:
    view = live.session.view()
    lines = []
    for p in view.players:
        lines.append(f"{p.name} ({p.side}): {p.empty_squares} empty, treasures {p.treasures}")
        lines.append("    " + p.pieces)
    if view.over:
        lines.append("final phase:")
        for name, steps in view.final_steps:
            lines.append(f"  {name}: " + "; ".join(steps))
    lines.append("standings" + ("" if view.over else " so far") + ":")
    for place, names, reason in view.standings:
        lines.append(f"  {place}. {', '.join(names)}: {reason}")
    lines.append(f"next: {view.next_step} ({live.frames} frames read)")
    return "\n".join(lines)
