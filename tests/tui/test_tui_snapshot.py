"""Pictures of the table screen: a fresh two-player game, and one half played (every kind of piece on
the boards, each with its letter), with no feed, so nothing moves."""
from __future__ import annotations

from board_reading import half_played
from companion.live import LiveTable
from companion.seating import parse_players, start_state
from tui.app import LeafwatchApp


def test_fresh_table_snapshot(snap_compare):
    app = LeafwatchApp(LiveTable(start_state(parse_players("Tini:A1,Claus:B2"))), None, title="leafwatch snapshot")
    assert snap_compare(app, terminal_size=(170, 40))


def test_half_played_table_snapshot(snap_compare):
    state = half_played()
    pieces = "".join(p.board.notation() for p in state.players)
    assert set("GYRtsa") <= set(pieces) and set("gyr") & set(pieces) and not state.main_done
    app = LeafwatchApp(LiveTable(state), None, title="leafwatch snapshot")
    assert snap_compare(app, terminal_size=(170, 40))
