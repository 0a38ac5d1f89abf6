"""Driving the table screen as players do: a Pilot script at the keys, either of an app made in the
test (`drive`) or of `leafwatch play` started by the command line as from a terminal
(`run_play_in_the_tui`); the journal file read as another program would."""
from __future__ import annotations

import asyncio
import sqlite3
import time

from leafwatch import wiring
from leafwatch.cli import main as leafwatch_main
from tui.app import LeafwatchApp

SIZE = (200, 50)
RUN = LeafwatchApp.run


def drive(app, script, size=SIZE):
    """Run `script(pilot)` inside `app`, headless."""
    async def main():
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(pilot)
    asyncio.run(main())


def journal_actions(path, game: int = 1) -> list[str]:
    """What the journal file holds, read as another program would."""
    with sqlite3.connect(path) as db:
        return [r[0] for r in db.execute("select text from actions where game = ? order by seq", (game,))]


async def until(pilot, cond, timeout: float = 120.0):
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for the table")
        await pilot.pause(0.05)
    await pilot.pause()


def run_play_in_the_tui(monkeypatch, script, argv):
    """`leafwatch play ARGV` as from a terminal, with `script(pilot)` as the players at the keys;
    returns (exit code, the app)."""
    seen = {}

    def run(self, **kw):
        seen["app"] = self
        return RUN(self, headless=True, size=SIZE, auto_pilot=script)

    monkeypatch.setattr(LeafwatchApp, "run", run)
    monkeypatch.setattr(wiring, "has_terminal", lambda: True)
    code = leafwatch_main(["play", *argv])
    return code, seen["app"]
