"""Put a simulated device behind a pty pair or a TCP socket on 127.0.0.1.

Each host runs one daemon thread that moves bytes between the link and the device model and
calls the device's poll() every few milliseconds. Times given to the device are milliseconds of
time.monotonic() since the host started.
"""
from __future__ import annotations

import errno
import os
import select
import socket
import threading
import time
import tty
from pathlib import Path

from firmware_bridge.sim.devices import SimDevice

POLL_S = 0.01


class _Host:
    def __init__(self, device: SimDevice) -> None:
        self.device = device
        self._t0 = time.monotonic()
        self._lock = threading.Lock()  # device models are not thread-safe; frame() may come from a UI
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def now_ms(self) -> int:
        return int((time.monotonic() - self._t0) * 1000)

    def frame(self):
        with self._lock:
            return self.device.frame(self.now_ms())

    def _start(self, target, name: str) -> None:
        self._thread = threading.Thread(target=target, name=name, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=2)

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


class SocketHost(_Host):
    """Serves one connection at a time on 127.0.0.1; `url` is for serial_for_url. A new
    connection is a fresh plug-in: the device prints its boot banner again."""

    def __init__(self, device: SimDevice, port: int = 0) -> None:
        super().__init__(device)
        self._server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._server.bind(("127.0.0.1", port))
        self._server.listen(1)
        self.port = self._server.getsockname()[1]
        self._conn: socket.socket | None = None
        self.connections = 0
        self._start(self._run, f"sim-{device.kind}-socket")

    @property
    def url(self) -> str:
        return f"socket://127.0.0.1:{self.port}"

    def drop(self) -> None:
        """Close the current connection, as if the cable were pulled."""
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            conn.close()

    def stop(self) -> None:
        super().stop()
        self.drop()
        self._server.close()

    def _run(self) -> None:
        while not self._stop.is_set():
            conn = self._conn
            watch = [self._server] + ([conn] if conn is not None else [])
            try:
                ready, _, _ = select.select(watch, [], [], POLL_S)
            except (OSError, ValueError):
                ready = []
            try:
                if self._server in ready:
                    new, _ = self._server.accept()
                    self.drop()
                    self._conn = new
                    self.connections += 1
                    with self._lock:
                        self._send(self.device.on_connect(self.now_ms()))
                if self._conn is not None and self._conn in ready:
                    data = self._conn.recv(4096)
                    if not data:
                        self.drop()
                        continue
                    with self._lock:
                        self._send(self.device.receive(data, self.now_ms()))
                with self._lock:
                    self._send(self.device.poll(self.now_ms()))
            except OSError:
                if self._stop.is_set():
                    return
                self.drop()

    def _send(self, data: bytes) -> None:
        if data and self._conn is not None:
            self._conn.sendall(data)


class PtyHost(_Host):
    """The device on the master side of a pty; `path` is what the app opens. With `link`, path
    is a symlink that replug() points at the new pty, the way udev's /dev/serial/by-id names a
    board; without it, the path may change on replug (as /dev/ttyUSB0 may come back as ttyUSB1)."""

    def __init__(self, device: SimDevice, link: str | Path | None = None) -> None:
        super().__init__(device)
        self.link = Path(link) if link else None
        self._master = -1
        self._slave = -1
        self.tty_name = ""
        self._plug()
        self._start(self._run, f"sim-{device.kind}-pty")

    @property
    def path(self) -> str:
        return str(self.link) if self.link else self.tty_name

    @property
    def plugged(self) -> bool:
        return self._master >= 0

    def _plug(self) -> None:
        if self.link is not None and self.link.exists() and not self.link.is_symlink():
            # the link is ours to make and remove; a file of the user's in its place is never touched
            raise FileExistsError(errno.EEXIST, f"{self.link} exists and is not a symlink; choose another --link path")
        master, slave = os.openpty()
        tty.setraw(slave)
        self.tty_name = os.ttyname(slave)
        if self.link is not None:
            # made under a name of its own, then renamed over the old link in one step
            for n in range(100):
                tmp = self.link.with_name(f".{self.link.name}.{os.getpid()}.{n}.tmp")
                try:
                    tmp.symlink_to(self.tty_name)
                    break
                except FileExistsError:
                    continue
            tmp.replace(self.link)
        # holding the slave open keeps the master readable before the app opens the path
        self._slave = slave
        with self._lock:
            banner = self.device.on_connect(self.now_ms())
        if banner:
            os.write(master, banner)
        self._master = master

    def unplug(self) -> None:
        # udev removes a board's by-id link on unplug; so do we, so that retries meet "no such
        # device" and never a stranger's pty that reused the number
        self._remove_link()
        master, self._master = self._master, -1
        slave, self._slave = self._slave, -1
        for fd in (master, slave):
            if fd >= 0:
                os.close(fd)

    def replug(self) -> None:
        self.unplug()
        self._plug()

    def stop(self) -> None:
        super().stop()
        self.unplug()
        self._remove_link()

    def _remove_link(self) -> None:
        """Remove the link only while it is still the symlink made here (to this pty): whatever has
        taken its place since is someone else's."""
        if self.link is None or not self.tty_name:
            return
        try:
            if self.link.is_symlink() and os.readlink(self.link) == self.tty_name:
                self.link.unlink()
        except OSError:
            pass

    def _run(self) -> None:
        while not self._stop.is_set():
            master = self._master
            if master < 0:
                time.sleep(POLL_S)
                continue
            try:
                ready, _, _ = select.select([master], [], [], POLL_S)
                data = os.read(master, 4096) if ready else b""
                with self._lock:
                    out = self.device.receive(data, self.now_ms()) if data else b""
                    out += self.device.poll(self.now_ms())
                if out and master == self._master:
                    os.write(master, out)
            except OSError as exc:
                # EBADF/EIO: unplugged under us, or nobody holds the slave; wait for a replug
                if exc.errno not in (errno.EBADF, errno.EIO):
                    raise
                time.sleep(POLL_S)
            except ValueError:
                time.sleep(POLL_S)
