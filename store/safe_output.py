"""Writing the user's output files without destroying a file leafwatch did not make.

An output path that already exists is refused in one line unless the command was given `--force`;
a path that exists but is not a regular file (a FIFO, a device, a folder) is refused even then,
since writing to it would block or go somewhere else than a file.
"""
from __future__ import annotations

import os
import pathlib
import stat
from typing import Iterable

from store.files import FileError


def check_new(paths: Iterable[str | os.PathLike], force: bool) -> None:
    """FileError naming the first path that exists (any path, when it is not a regular file)."""
    for path in paths:
        p = pathlib.Path(path)
        try:
            st = p.lstat()
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise FileError(f"cannot write {_shown(p)}: {exc.strerror}") from None
        if not stat.S_ISREG(st.st_mode):
            raise FileError(f"{_shown(p)} exists and is not a regular file; choose another name")
        if not force:
            raise FileError(f"{_shown(p)} already exists; choose another name, or pass --force to replace it")


def write_text(path: str | os.PathLike, text: str, force: bool) -> None:
    """Write `text` to a new file (or replace a regular file with `force`); FileError in one line."""
    p = pathlib.Path(path)
    check_new([p], force)
    try:
        # 'x' refuses a file that appeared since the check; the check said why in words
        with open(p, "w" if force else "x", encoding="utf-8") as f:
            f.write(text)
    except FileExistsError:
        raise FileError(f"{_shown(p)} already exists; choose another name, or pass --force to replace it") from None
    except OSError as exc:
        raise FileError(f"cannot write {_shown(p)}: {exc.strerror}") from None


def _shown(p: pathlib.Path) -> str:
    text = str(p)
    if not text.isprintable():
        text = text.encode("unicode_escape", "backslashreplace").decode("ascii")
    return text if len(text) <= 80 else text[:40] + "..." + text[-40:]
