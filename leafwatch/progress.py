"""A line on stderr while a command works on something slow, so that a long wait is not mistaken for a hang.

Only on a terminal, and only for work that outlasts `after_s`: one line says what is being done, its
elapsed seconds count up in place, and it is wiped when the work ends, so that what follows (a result,
or a one-line error) stands alone. Piped or redirected output gets nothing.
"""
from __future__ import annotations

import sys
import threading
import time


class Progress:
    def __init__(self, label: str, after_s: float = 1.5, every_s: float = 1.0, stream=None) -> None:
        self.label = label
        self.after_s = after_s
        self.every_s = every_s
        self.stream = stream if stream is not None else sys.stderr
        self._done = threading.Event()
        self._thread: threading.Thread | None = None
        self.shown = False

    def __enter__(self) -> "Progress":
        self._t0 = time.monotonic()
        if not self._tty():
            return self
        self._thread = threading.Thread(target=self._run, name="progress", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._done.set()
        if self._thread is not None:
            self._thread.join(1.0)
        if self.shown:
            self._write("\r\x1b[K")  # the line is wiped: it said what was being done, not what came of it

    def _tty(self) -> bool:
        try:
            return self.stream.isatty()
        except (AttributeError, ValueError):
            return False

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            pass

    def _run(self) -> None:
        if self._done.wait(self.after_s):
            return
        self.shown = True
        while not self._done.is_set():
            self._write(f"\r{self.label} ... {time.monotonic() - self._t0:.0f} s")
            self._done.wait(self.every_s)
