"""What game records of every game share: the error that points at the bad part of a record."""
from __future__ import annotations


class RecordError(Exception):
    """A game record that cannot be played: malformed (index None) or an illegal action at `index`."""

    def __init__(self, message: str, index: int | None = None, code: str = "malformed"):
        where = f"actions[{index}]: " if index is not None else ""
        super().__init__(f"{where}{message}")
        self.index = index
        self.code = code
        self.message = message
