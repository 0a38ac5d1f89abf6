"""Errors a command raises to end with one clear line instead of a traceback."""


class CliError(Exception):
    """A clear failure (bad file, missing device): exit 1, one line saying what and what to do."""


class UsageError(CliError):
    """The command's words are off: exit 2."""
