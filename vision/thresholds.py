"""The recognizer's tunable numbers, read once from data/thresholds.toml."""
from __future__ import annotations

import functools
import pathlib
import tomllib

DATA = pathlib.Path(__file__).resolve().parent / "data"


@functools.cache
def thresholds(path: pathlib.Path | str = DATA / "thresholds.toml") -> dict:
    with open(path, "rb") as f:
        return tomllib.load(f)
