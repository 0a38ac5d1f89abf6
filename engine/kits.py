"""What every game's kit shares: its data ships inside the game's package as a TOML file, read once."""
from __future__ import annotations

import functools
from importlib import resources
from typing import Callable, TypeVar

K = TypeVar("K")


def packaged_text(package: str, name: str) -> str:
    """The text of `data/NAME` inside `package` (the kit a game ships with)."""
    return resources.files(package).joinpath(f"data/{name}").read_text("utf-8")


def read_once(load: Callable[[], K]) -> Callable[[], K]:
    """`load` called once; a kit is a frozen value, so every caller may share it."""
    return functools.cache(load)
