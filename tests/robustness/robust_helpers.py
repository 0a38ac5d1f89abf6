"""Running the `leafwatch` command on bad input, in-process and under a time bound.

`run` calls the command's `main` in a thread with stdout and stderr captured, and reports what came
out: the exit code, the lines, and any exception that escaped `main` (a traceback the user would see).
A run still going at the time bound is a hang, and the test fails at once (the thread is left behind
as a daemon: the process ends with the test run).
"""
from __future__ import annotations

import contextlib
import io
import threading
import traceback
from dataclasses import dataclass

TIME_BOUND_S = 20.0


@dataclass
class Outcome:
    code: int | None
    out: str
    err: str
    escaped: str | None  # the traceback of an exception that left main, or None

    @property
    def err_lines(self) -> list[str]:
        return [line for line in self.err.splitlines() if line.strip()]

    def one_line_error(self, codes=(1,)) -> str:
        """The single error line, after checking: no traceback, the exit code is one of `codes`."""
        assert self.escaped is None, f"an exception left main:\n{self.escaped}"
        assert "Traceback" not in self.err, self.err
        assert self.code in codes, f"exit {self.code}, stderr {self.err!r}, stdout {self.out[-300:]!r}"
        lines = [line for line in self.err_lines if "warning:" not in line]
        assert len(lines) == 1, f"want one line on stderr, got {lines!r}"
        return lines[0]

    def clean(self) -> None:
        """No traceback, and either success or a one-line error (exit 1 or 2)."""
        assert self.escaped is None, f"an exception left main:\n{self.escaped}"
        assert "Traceback" not in self.err, self.err
        if self.code != 0:
            self.one_line_error(codes=(1, 2))


def run(argv: list[str], timeout: float = TIME_BOUND_S) -> Outcome:
    from leafwatch.cli import main

    out, err = io.StringIO(), io.StringIO()
    box: dict = {}

    def target():
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                box["code"] = main(list(argv))
        except SystemExit as exc:  # argparse's usage errors
            box["code"] = exc.code if isinstance(exc.code, int) else 1
        except BaseException:  # noqa: BLE001 - exactly what the user must never see
            box["escaped"] = traceback.format_exc()

    thread = threading.Thread(target=target, daemon=True, name="leafwatch-under-test")
    thread.start()
    thread.join(timeout)
    if thread.is_alive():
        raise AssertionError(f"leafwatch {' '.join(argv)[:120]} did not end within {timeout:.0f} s (a hang)")
    return Outcome(box.get("code"), out.getvalue(), err.getvalue(), box.get("escaped"))
