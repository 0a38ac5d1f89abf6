"""LedBridge: the non-blocking object the companion and the TUI hold.

send() only records the cue and wakes the worker; all I/O happens on the bridge's own daemon
thread, which opens the port, probes it, keeps the LEDs in step with the cue timeline, and on
any failure closes the port and tries again with exponential backoff. Nothing the device does
(unplug, garbage, silence) reaches the caller as an exception: it shows up in `status`.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import serial

from firmware_bridge import frames
from firmware_bridge.cues import Cue, Rgb
from firmware_bridge.drivers import DRIVERS, DeviceSilent, Driver
from firmware_bridge.mapping import MAX_LEDS, Mapping, load_mapping
from firmware_bridge.probe import BACKENDS, PROBE_S, ProbeResult, probe
from firmware_bridge.timeline import CueTimeline, Showing
from firmware_bridge.transport import BAUDRATE, LineReader, PortError, open_port

STATES = ("connecting", "connected", "disconnected", "closed")
LOOP_MAX_S = 0.1  # longest sleep: how quickly an unplug or close() is noticed
MAX_COMPLAINTS = 20


@dataclass(frozen=True)
class BridgeStatus:
    state: str  # one of STATES
    port: str
    backend: str | None = None  # the backend in use once connected
    detail: str = ""  # one human line: what answered, or why it is down
    attempts: int = 0  # failed connection attempts since the last success


class LedBridge:
    def __init__(self, url: str, backend: str = "auto", mapping: Mapping | str | Path | None = None, *,
                 on_status: Callable[[BridgeStatus], None] | None = None, baudrate: int = BAUDRATE,
                 blank_on_close: bool = True, backoff_s: tuple[float, float] = (0.25, 5.0),
                 probe_s: float = PROBE_S) -> None:
        if backend != "auto" and backend not in BACKENDS:
            raise ValueError(f"backend must be auto, {', '.join(BACKENDS)}; got {backend!r}")
        self.url = url
        self.backend = backend
        self.mapping = mapping if isinstance(mapping, Mapping) else load_mapping(mapping)
        self.on_status = on_status
        self.baudrate = baudrate
        self.blank_on_close = blank_on_close
        self.backoff_s = backoff_s
        self.probe_s = probe_s
        self._t0 = time.monotonic()
        self._lock = threading.Lock()
        self._timeline = CueTimeline(self.mapping, self._now_ms())
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._status = BridgeStatus("connecting", url)
        self._status_changed = threading.Condition()
        self._delivered = 0  # generation of the last look the device acknowledged or was sent
        self._complaints: list[str] = []  # what went wrong once connected: ERR answers, silence, loss
        self._verify_asked = threading.Event()
        self._verify_done = threading.Event()
        self._verify_result: str | None = None
        self._generation = 0
        self._thread = threading.Thread(target=self._run, name=f"led-bridge {url}", daemon=True)
        self._thread.start()

    # ---- the caller's side: all cheap, none of it touches the port ----

    def send(self, cue: Cue) -> None:
        with self._lock:
            self._timeline.apply(cue, self._now_ms())
            self._generation += 1
        self._wake.set()

    @property
    def status(self) -> BridgeStatus:
        return self._status

    @property
    def showing(self) -> Cue:
        with self._lock:
            return self._timeline.current(self._now_ms()).cue

    def preview(self) -> list[Rgb]:
        """What the strip shows now (host-side render, the same for every backend)."""
        with self._lock:
            now = self._now_ms()
            showing = self._timeline.current(now)
        return frames.render(showing.look, now - showing.since_ms)

    def wait_for(self, state: str, timeout: float) -> bool:
        return self.wait_status(lambda st: st.state == state, timeout).state == state

    def wait_status(self, predicate: Callable[[BridgeStatus], bool], timeout: float) -> BridgeStatus:
        """Block the caller (never the worker) until predicate(status) or the timeout; returns the
        status at that moment. For command-line tools and tests; a UI should use on_status."""
        deadline = time.monotonic() + timeout
        with self._status_changed:
            while not predicate(self._status):
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._status_changed.wait(left)
            return self._status

    def flush(self, timeout: float) -> bool:
        """Wait until the latest cue has been written to a connected device."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                if self._delivered >= self._generation and self._status.state == "connected":
                    return True
            time.sleep(0.01)
        return False

    @property
    def complaints(self) -> list[str]:
        """Every distinct trouble since the device first answered (its ERR answers, silence, a lost
        port), oldest first; at most MAX_COMPLAINTS."""
        with self._lock:
            return list(self._complaints)

    def verify(self, timeout: float = 3.0) -> str | None:
        """Ask the connected device whether it is there (drivers.Driver.verify): None when it answered
        well, drivers.UNVERIFIABLE when its kind never answers, else one line saying what is wrong."""
        self._verify_done.clear()
        self._verify_asked.set()
        self._wake.set()
        if not self._verify_done.wait(timeout):
            self._verify_asked.clear()
            return "did not answer in time" if self._status.state == "connected" else (self._status.detail or "lost")
        return self._verify_result

    def _complain(self, text: str) -> None:
        with self._lock:
            if text and text not in self._complaints and len(self._complaints) < MAX_COMPLAINTS:
                self._complaints.append(text)

    def close(self, timeout: float = 2.0) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def __enter__(self) -> LedBridge:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ---- the worker thread ----

    def _now_ms(self) -> int:
        return int((time.monotonic() - self._t0) * 1000)

    def _set_status(self, state: str, backend: str | None = None, detail: str = "", attempts: int = 0) -> None:
        new = BridgeStatus(state, self.url, backend, detail, attempts)
        if new == self._status:
            return
        with self._status_changed:
            self._status = new
            self._status_changed.notify_all()
        if self.on_status is not None:
            try:
                self.on_status(new)
            except Exception:  # noqa: BLE001 - a UI callback bug must not kill the LEDs
                pass

    def _run(self) -> None:
        delay, attempts = self.backoff_s[0], 0
        while not self._stop.is_set():
            port = None
            try:
                self._set_status("connecting", detail="opening", attempts=attempts)
                port = open_port(self.url, self.baudrate, self.mapping.leds)
                reader = LineReader(port)
                found = probe(reader, self.probe_s, self._stop)
                if found.leds is not None and not 1 <= found.leds <= MAX_LEDS:
                    raise PortError(f"the device says it drives {found.leds} LEDs; leafwatch drives 1 to {MAX_LEDS}: "
                                    "check the firmware's strip length")
                backend, detail = self._choose(found)
                if found.leds and backend == "leafwatch" and found.leds != self.mapping.leds:
                    self._resize(found.leds)
                driver = DRIVERS[backend](reader, stop=self._stop)
                self._set_status("connected", backend, detail)
                delay, attempts = self.backoff_s[0], 0
                self._serve(driver, backend, detail)
                if self.blank_on_close:
                    try:
                        driver.blank()
                    except (serial.SerialException, OSError):
                        pass
            except PortError as exc:
                attempts += 1
                self._set_status("disconnected", detail=str(exc), attempts=attempts)
            except DeviceSilent as exc:
                attempts += 1
                self._complain(f"stopped answering: {exc}")
                self._set_status("disconnected", detail=f"device stopped answering: {exc}", attempts=attempts)
            except (serial.SerialException, OSError) as exc:
                attempts += 1
                if self._status.state == "connected":
                    self._complain(f"was lost: {_first_line(exc)}")
                self._set_status("disconnected", detail=f"lost {self.url}: {_first_line(exc)}", attempts=attempts)
            except Exception as exc:  # noqa: BLE001 - a bug here must cost the LEDs, never the app
                attempts += 1
                self._set_status("disconnected", detail=f"internal error: {type(exc).__name__}: {_first_line(exc)}",
                                 attempts=attempts)
            finally:
                if port is not None:
                    try:
                        port.close()
                    except Exception:  # noqa: BLE001 - closing a dead port may fail any way
                        pass
            if self._stop.wait(delay):
                break
            delay = min(delay * 2, self.backoff_s[1])
        self._set_status("closed", detail="closed")

    def _choose(self, found: ProbeResult) -> tuple[str, str]:
        if self.backend != "auto":
            if found.backend in (None, self.backend):
                return self.backend, found.detail if found.backend else f"{self.backend} (as asked; {found.detail})"
            return self.backend, f"{self.backend} (as asked, but the probe found {found.detail})"
        if found.backend is not None:
            return found.backend, found.detail
        # Adalight sinks never have to answer; WLED accepts Adalight too, so this is the safe guess
        return "adalight", f"assumed Adalight: {found.detail}"

    def _resize(self, leds: int) -> None:
        with self._lock:
            self.mapping = self.mapping.with_leds(leds)
            self._timeline.remap(self.mapping)
            self._generation += 1

    def _serve(self, driver: Driver, backend: str, detail: str) -> None:
        delivered = None
        while not self._stop.is_set():
            with self._lock:
                now = self._now_ms()
                showing: Showing = self._timeline.current(now)
                generation = self._generation
                until_change = self._timeline.next_change_ms(now)
            key = (showing.cue, showing.look, showing.since_ms)
            if key != delivered:
                driver.show(showing, now)
                delivered = key
                with self._lock:
                    self._delivered = max(self._delivered, generation)
            else:
                driver.refresh(showing, now)
            if driver.last_error:
                self._complain(f"refused a command: {driver.last_error}")
            if self._verify_asked.is_set():
                self._verify_asked.clear()
                self._verify_result = driver.verify()
                self._verify_done.set()
            note = driver.last_error or (f"{driver.garbage} unreadable lines from the device" if driver.garbage else "")
            self._set_status("connected", backend, f"{detail}; {note}" if note else detail)
            sleep = LOOP_MAX_S
            for due in (driver.next_due_s(showing, self._now_ms()),
                        None if until_change is None else until_change / 1000):
                if due is not None:
                    sleep = min(sleep, due)
            self._wake.wait(max(0.001, sleep))
            self._wake.clear()


def _first_line(exc: BaseException) -> str:
    text = str(exc)
    return text.splitlines()[0] if text else type(exc).__name__
