"""The table as printed lines, for a terminal without the UI, a pipe or a log file."""
from __future__ import annotations

from typing import Callable, Iterable

from companion.game_view import STANDINGS_NOW, STILL_EMPTY, count_words, list_words, treasure_words
from companion.live import LiveTable

MARKS = {"action": "", "prompt": "  > ", "alert": "  ! ", "info": "    ", "offer": "  ? "}

def run_headless(live: LiveTable, feed: Iterable, out: Callable[[str], None] = print,
                 err: Callable[[str], None] | None = None, prog: str = "leafwatch play") -> int:
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
            err(f"{prog}: the feed stopped: {_one_line(exc)}")
            code = 1
            break
        try:
            update = live.process(item)
        except Exception as exc:
            line = f"{prog}: a frame could not be processed: {_one_line(exc)}"
            if line not in said:
                said.add(line)
                err(line)
            code = 1
            continue
        for n in update.notices:
            out(f"frame {update.frames:>4}  {MARKS.get(n.kind, '')}{n.text}")
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
        lines.append(f"{p.name} (board {p.side or 'custom'}): {count_words(p.empty_squares, 'square')} {STILL_EMPTY}, "
                     f"Areas done {list_words(p.complete_areas)}, path {p.path or '-'}, "
                     f"treasures {treasure_words(p.treasures, empty='none')}")
        lines.append("    " + p.pieces)
    if view.over:
        lines.append("final phase:")
        for name, steps in view.final_steps:
            lines.append(f"  {name}: " + "; ".join(steps))
    lines.append("standings:" if view.over else f"standings so far: {STANDINGS_NOW}")
    for place, names, reason in view.standings:
        lines.append(f"  {place}. {', '.join(names)}: {reason}")
    lines.append(f"next: {view.next_step} ({live.frames} frames read)")
    return "\n".join(lines)
