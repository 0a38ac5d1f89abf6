"""Helpers for the LED bridge tests (a unique module name: other test folders have conftests)."""
from __future__ import annotations

import time


def wait_until(predicate, timeout: float = 3.0, step: float = 0.01) -> bool:
    """Poll predicate until true or timeout, so no test can hang on a thread."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return bool(predicate())
