"""Finding every board from nothing takes a second or more; a live camera gives a frame every 33 ms.
So the search runs beside the steady reading, in a thread of its own, on the newest frame handed to
it, and the table takes up its locations once it is done: the reading of the boards where they lie
never waits for it."""
from __future__ import annotations

import threading
from typing import Callable


class BoardSearch:
    """`search(image)` -> the boards' locations, or None when it did not find every player's board."""

    def __init__(self, search: Callable[[object], list | None]):
        self._search = search
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._image = None  # the frame waiting to be searched
        self._busy = False
        self._found: list | None = None  # the newest complete set of locations, not yet taken
        self._stop = False
        self.searches = 0  # searches finished (for the camera line and tests)
        self.problem: str | None = None  # why the last search failed, if it did
        self._thread = threading.Thread(target=self._run, name="board search", daemon=True)
        self._thread.start()

    def offer(self, image) -> bool:
        """Hand a frame to search, unless a search is under way; whether it was taken."""
        with self._lock:
            if self._busy or self._stop:
                return False
            self._image, self._busy = image, True
            self._wake.notify()
            return True

    def take(self) -> list | None:
        """The locations a search found since the last take, or None."""
        with self._lock:
            found, self._found = self._found, None
            return found

    @property
    def busy(self) -> bool:
        return self._busy

    def close(self, timeout: float = 5.0) -> None:
        with self._lock:
            self._stop = True
            self._wake.notify()
        self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            with self._lock:
                while self._image is None and not self._stop:
                    self._wake.wait()
                if self._stop:
                    return
                image, self._image = self._image, None
            try:
                found, problem = self._search(image), None
            except Exception as exc:  # a frame the search cannot take: the next one may do
                found, problem = None, str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            with self._lock:
                self.searches += 1
                self.problem = problem
                if found is not None:
                    self._found = found
                self._busy = False
