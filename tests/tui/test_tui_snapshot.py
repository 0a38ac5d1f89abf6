"""One picture of the table screen: a fresh two-player game (no feed, so nothing moves)."""
from __future__ import annotations

from companion.live import LiveTable
from companion.seating import parse_players, start_state
from tui.app import LeafwatchApp


def test_fresh_table_snapshot(snap_compare):
    app = LeafwatchApp(LiveTable(start_state(parse_players("Tini:A1,Claus:B2"))), None, title="leafwatch snapshot")
    assert snap_compare(app, terminal_size=(170, 40))
