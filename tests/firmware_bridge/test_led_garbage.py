"""Garbage and silence from the device: a raw pty plays a broken board."""
from __future__ import annotations

import os
import select
import threading
import tty

import pytest
from led_helpers import wait_until

from firmware_bridge import LedBridge
from firmware_bridge.cues import Cue
from firmware_bridge.mapping import load_mapping

FAST = (0.05, 0.2)


class RawBoard:
    """A pty whose device side runs `behave(data) -> reply bytes` on every chunk it receives,
    and can babble on its own."""

    def __init__(self, behave=lambda data: b"", babble: bytes = b"") -> None:
        self.master, slave = os.openpty()
        tty.setraw(slave)
        self.path = os.ttyname(slave)
        self._slave = slave
        self.behave, self.babble = behave, babble
        self.received = bytearray()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                ready, _, _ = select.select([self.master], [], [], 0.02)
                if ready:
                    data = os.read(self.master, 4096)
                    self.received += data
                    out = self.behave(bytes(data))
                    if out:
                        os.write(self.master, out)
                if self.babble:
                    os.write(self.master, self.babble)
            except OSError:
                return

    def close(self) -> None:
        self._stop.set()
        self._thread.join(2)
        os.close(self.master)
        os.close(self._slave)


@pytest.fixture
def board_factory():
    boards = []

    def make(**kw):
        boards.append(RawBoard(**kw))
        return boards[-1]

    yield make
    for b in boards:
        b.close()


def test_binary_garbage_is_survived_and_treated_as_a_write_only_sink(board_factory):
    board = board_factory(babble=bytes(range(256)) + b"\xff\xfe\x00garbage\r\n")
    with LedBridge(board.path, mapping=load_mapping(leds=12), backoff_s=FAST) as bridge:
        assert bridge.wait_for("connected", 3)
        assert bridge.status.backend == "adalight"
        assert "assumed Adalight" in bridge.status.detail and "unreadable" in bridge.status.detail
        bridge.send(Cue("alert"))
        assert bridge.flush(3)
        assert wait_until(lambda: b"Ada\x00\x0b\x5e" in board.received)  # 12 LEDs: 0x0B ^ 0x55


def test_a_silent_board_with_our_backend_forced_is_reported_and_retried(board_factory):
    board = board_factory()  # reads everything, answers nothing
    statuses = []
    with LedBridge(board.path, "leafwatch", load_mapping(leds=12), backoff_s=FAST,
                   on_status=statuses.append, probe_s=0.2) as bridge:
        assert bridge.wait_for("connected", 3)
        assert "as asked" in bridge.status.detail
        bridge.send(Cue("alert"))
        # three unacknowledged commands (0.5 s each), then a reconnect and a fresh probe
        assert wait_until(lambda: any("stopped answering" in s.detail for s in statuses), 4)
        assert wait_until(lambda: board.received.count(b"\nv\n") >= 2, 3)


def test_error_answers_show_in_the_status_without_disconnecting(board_factory):
    def refuse(data: bytes) -> bytes:
        return b"OK LEAFWATCH 1 12\r\n" if b"v\n" in data else b"ERR range\r\n" * data.count(b"\n")

    board = board_factory(behave=refuse)
    with LedBridge(board.path, mapping=load_mapping(leds=12), backoff_s=FAST) as bridge:
        assert bridge.wait_for("connected", 3)
        bridge.send(Cue("turn", seat=2))
        assert wait_until(lambda: "ERR range" in bridge.status.detail)
        assert bridge.status.state == "connected"


def test_a_status_callback_that_raises_does_not_stop_the_bridge(board_factory):
    def broken(status):
        raise RuntimeError("UI bug")

    board = board_factory(behave=lambda d: b"WLED 0.15.0\r\n" if b"v" in d else b"")
    with LedBridge(board.path, mapping=load_mapping(leds=12), on_status=broken) as bridge:
        assert bridge.wait_for("connected", 3)
        bridge.send(Cue("winner", seat=2))
        assert wait_until(lambda: b'"ps"' in board.received or b'"seg"' in board.received)


def test_a_bug_in_a_driver_becomes_a_status_and_the_bridge_recovers(monkeypatch):
    from firmware_bridge import drivers
    from firmware_bridge.sim import FakeWled, SocketHost

    calls = []

    def broken_show(self, showing, now_ms):
        calls.append(now_ms)
        raise ValueError("encoder bug")

    original = drivers.WledDriver.show
    monkeypatch.setattr(drivers.WledDriver, "show", broken_show)
    with SocketHost(FakeWled(12)) as host, LedBridge(host.url, mapping=load_mapping(leds=12), backoff_s=FAST) as bridge:
        status = bridge.wait_status(lambda st: "internal error" in st.detail, 3)
        assert status.state == "disconnected" and "ValueError: encoder bug" in status.detail
        monkeypatch.setattr(drivers.WledDriver, "show", original)
        assert bridge.wait_for("connected", 3)
        bridge.send(Cue("alert"))
        assert bridge.flush(3)
