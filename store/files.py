"""Reading the user's files with one clear line for every way they can be wrong."""
from __future__ import annotations

import json
import pathlib
import stat

from engine.errors import LeafwatchError


class FileError(LeafwatchError):
    """A file of the user's that cannot be read as what it should be: one line saying why."""


MAX_JSON_BYTES = 16 << 20  # a long game's record is some kilobytes; more is not a record
MAX_JSON_DEPTH = 64  # records nest four levels deep; Python's parser would overflow its stack near 1000


def read_json(path: str) -> object:
    p = pathlib.Path(path)
    shown = _shown(path)
    try:
        st = p.stat()
    except FileNotFoundError:
        raise FileError(f"{shown}: no such file") from None
    except OSError as exc:
        raise FileError(f"{shown}: cannot read ({exc.strerror})") from None
    if stat.S_ISDIR(st.st_mode):
        raise FileError(f"{shown} is a folder; give a JSON file")
    if not stat.S_ISREG(st.st_mode):  # a FIFO or device would block the reader or never end
        raise FileError(f"{shown} is not a regular file; give a JSON file")
    if st.st_size > MAX_JSON_BYTES:
        raise FileError(f"{shown} is {st.st_size >> 20} MB; a game file is at most {MAX_JSON_BYTES >> 20} MB")
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise FileError(f"{shown} is not a text file; give a JSON game file") from None
    except OSError as exc:
        raise FileError(f"{shown}: cannot read ({exc.strerror})") from None
    if _depth(text) > MAX_JSON_DEPTH:
        raise FileError(f"{shown} nests objects or lists more than {MAX_JSON_DEPTH} deep: not a game file")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileError(f"{shown} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except (ValueError, RecursionError):  # a number of thousands of digits
        raise FileError(f"{shown} holds a number of thousands of digits: not a game file") from None


def _depth(text: str) -> int:
    """How deep brackets nest, counted outside strings (cheap, and safe where json.loads is not)."""
    if text.count("[") + text.count("{") <= MAX_JSON_DEPTH:
        return 0  # too few brackets to nest too deep
    depth = deepest = 0
    in_string = escape = False
    for ch in text:
        if in_string:
            if escape:
                escape = False
            elif ch == "\\":
                escape = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_JSON_DEPTH:
                    return deepest
        elif ch in "]}":
            depth -= 1
    return deepest


def _shown(path: str) -> str:
    text = str(path)
    if not text.isprintable():
        text = text.encode("unicode_escape", "backslashreplace").decode("ascii")
    return text if len(text) <= 80 else text[:40] + "..." + text[-40:]


def read_kit(path: str | None):
    from engine.errors import NotationError
    from engine.indian_summer.kit import Kit, reference_kit

    if path is None:
        return reference_kit()
    p = pathlib.Path(path)
    shown = _shown(path)
    try:
        st = p.stat()
        if not stat.S_ISREG(st.st_mode):  # a FIFO would block the read; a folder is no kit
            raise FileError(f"kit file {shown} is not a regular file")
        if st.st_size > MAX_JSON_BYTES:
            raise FileError(f"kit file {shown} is {st.st_size >> 20} MB: not a kit")
        return Kit.from_toml(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise FileError(f"kit file {shown}: cannot read ({exc.strerror})") from None
    except KeyError as exc:
        raise FileError(f"kit file {shown}: a table lacks the key {exc}") from None
    except (NotationError, ValueError) as exc:
        raise FileError(f"kit file {shown}: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
    except (TypeError, AttributeError, IndexError, RecursionError):
        # a value of the wrong kind (a number where shape rows belong, a table where a list does)
        raise FileError(f"kit file {shown}: a value has the wrong type; compare it with the reference kit's layout") from None
