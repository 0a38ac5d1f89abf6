"""What every game engine here raises when an action breaks a rule."""
from __future__ import annotations


class LeafwatchError(Exception):
    """The root of every error a person is shown: its text is one line saying what is wrong and, where
    it helps, what to do. The command line catches it once and exits 1."""


class IllegalAction(LeafwatchError):
    """An action the rules forbid. `code` is stable (tests, records and the UI key on it);
    `message` is for people and names the squares and pieces involved."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class NotationError(ValueError, LeafwatchError):
    """Text that does not parse as the notation it claims to be."""
