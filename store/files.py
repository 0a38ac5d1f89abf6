"""Reading the user's files with one clear line for every way they can be wrong."""
from __future__ import annotations

import json
import pathlib

from engine.errors import LeafwatchError


class FileError(LeafwatchError):
    """A file of the user's that cannot be read as what it should be: one line saying why."""


def read_json(path: str) -> object:
    p = pathlib.Path(path)
    if not p.exists():
        raise FileError(f"{path}: no such file")
    if p.is_dir():
        raise FileError(f"{path} is a folder; give a JSON file")
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise FileError(f"{path} is not a text file; give a JSON game file") from None
    except OSError as exc:
        raise FileError(f"{path}: cannot read ({exc.strerror})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileError(f"{path} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None


def read_kit(path: str | None):
    from engine.errors import NotationError
    from engine.indian_summer.kit import Kit, reference_kit

    if path is None:
        return reference_kit()
    p = pathlib.Path(path)
    try:
        return Kit.from_toml(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise FileError(f"kit file {path}: cannot read ({exc.strerror})") from None
    except (NotationError, KeyError, ValueError) as exc:
        raise FileError(f"kit file {path}: {exc}") from None
    except (TypeError, AttributeError):  # a table or list where the other is due
        raise FileError(f"kit file {path}: an entry has the wrong kind of value (compare with the reference kit)") from None
