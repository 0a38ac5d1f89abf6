"""Bad command-line words: exit 2 with one line, never a traceback."""
from __future__ import annotations

import pytest

from robust_helpers import run


@pytest.mark.parametrize("argv", [
    ["demo", "--headless", "--seed", "-1", "--moves", "1"],
    ["led", "test", "--port", "sim:wled", "--step", "inf"],
    ["led", "test", "--port", "sim:wled", "--step", "nan"],
    ["led", "cue", "idle", "--port", "sim:wled", "--hold", "nan"],
    ["led", "sim", "wled", "--tcp", "99999"],
    ["led", "test", "--port", "sim:wled", "--leds", "99999999999"],
    ["play", "--players", "Tini:A1", "--source", ".", "--no-journal", "--pace", "nan"],
    ["play", "--players", "Tini:A1,Bob:A1", "--source", ".", "--no-journal"],
    ["play", "--players", "A:A1,B:B1,C:C1,D:D1,E:E1", "--source", ".", "--no-journal"],
])
def test_bad_words_are_one_line_and_exit_2(argv):
    run(argv).one_line_error(codes=(2,))
