"""Errors a command raises to end with one clear line instead of a traceback."""
from engine.errors import LeafwatchError


class CliError(LeafwatchError):
    """A clear failure of a command (bad file, missing device): exit 1, one line saying what and what to do."""


class UsageError(CliError):
    """The command's words are off: exit 2."""
