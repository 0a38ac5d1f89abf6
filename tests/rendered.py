"""Rendered scenes and demo frames drawn once and shared by the test files, and scenes kept between runs.

`scene(*args, **kwargs)` stands for `vision.synthetic.render_scene(*args, **kwargs)`, and
`demo_items(seed, players, **kwargs)` for `list(demo_feed(table_game(seed, players), **kwargs))`. Every call
returns a fresh copy, so a test may draw on what it gets. The key is every argument as given (pickled,
whatever the arguments are), the code and data the pictures come from (all of `vision/`, `engine/` and
`leafwatch/demo/`, and the scene helpers of tests/vision/conftest.py) and the library versions: a change to any of them draws again. A test that patches the
renderer's insides calls `render_scene` itself, never these.

Scenes are kept as PNG (lossless) under `.pytest_cache/scenes/<code version>` (other versions' are removed),
so the workers of one run and later runs share them; `LEAFWATCH_SCENE_CACHE` names another folder, or `off` keeps them in the process only. A demo's
frames (each a still scene plus the camera's noise) are kept in the process only: on disk they would
take tens of megabytes a move, and their scenes are kept anyway.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import os
import pathlib
import pickle
from collections import OrderedDict

ROOT = pathlib.Path(__file__).resolve().parent.parent
CODE = ("vision", "engine", "leafwatch/demo", "tests/vision/conftest.py")
SCENES_IN_MEMORY = 64  # packed scenes a process keeps at hand (about 1.3 MB each at 1080p)
FEEDS_IN_MEMORY = 3  # demo feeds a process keeps at hand (up to about 80 MB each)


@functools.lru_cache(maxsize=None)
def _code_version() -> bytes:
    import cv2
    import numpy as np

    digest = hashlib.sha256(f"{cv2.__version__} {np.__version__}".encode())
    for top in CODE:
        for path in [ROOT / top] if (ROOT / top).is_file() else sorted((ROOT / top).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(ROOT).as_posix().encode())
                digest.update(path.read_bytes())
    return digest.digest()


def _key(kind: str, args: tuple, kwargs: dict) -> str | None:
    try:
        data = pickle.dumps((kind, args, sorted(kwargs.items())), protocol=5)
    except (pickle.PicklingError, TypeError, AttributeError):
        return None  # arguments that do not pickle are drawn every time
    return hashlib.sha256(data).hexdigest()[:40]


@functools.lru_cache(maxsize=None)
def _folder() -> pathlib.Path | None:
    """The folder of this code's scenes; those of any other version of the code are removed."""
    import shutil

    where = os.environ.get("LEAFWATCH_SCENE_CACHE", str(ROOT / ".pytest_cache" / "scenes"))
    if where == "off":
        return None
    version = _code_version().hex()[:16]
    for old in pathlib.Path(where).glob("*"):
        if old.name != version:
            shutil.rmtree(old, ignore_errors=True) if old.is_dir() else old.unlink(missing_ok=True)
    return pathlib.Path(where) / version


def _pack(rendered) -> bytes:
    import cv2

    image = rendered.image
    if image.dtype.name == "uint8" and image.ndim == 3:
        ok, png = cv2.imencode(".png", image, [cv2.IMWRITE_PNG_COMPRESSION, 1])
        if ok:
            return pickle.dumps(("png", png.tobytes(), dataclasses.replace(rendered, image=None)), protocol=5)
    return pickle.dumps(("raw", None, rendered), protocol=5)


def _unpack(blob: bytes):
    import cv2
    import numpy as np

    how, png, rendered = pickle.loads(blob)
    if how == "png":
        rendered = dataclasses.replace(rendered, image=cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_UNCHANGED))
    return rendered


def _remember(store: OrderedDict, key: str, value, most: int) -> None:
    store[key] = value
    store.move_to_end(key)
    while len(store) > most:
        store.popitem(last=False)


_scenes: OrderedDict[str, bytes] = OrderedDict()
_feeds: OrderedDict[str, list] = OrderedDict()
_render_scene = None  # the renderer itself, whatever a demo's feed is given in its place


def _renderer():
    global _render_scene
    if _render_scene is None:
        from vision.synthetic.scene import render_scene

        _render_scene = render_scene
    return _render_scene


def scene(*args, **kwargs):
    """render_scene(*args, **kwargs), drawn once."""
    key = _key("scene", args, kwargs)
    if key is None:
        return _renderer()(*args, **kwargs)
    return _drawn_once(key, lambda: _renderer()(*args, **kwargs))


def scene_for(kind: str, seed: int):
    """vision.training.perceptrons.scene_for(kind, seed) (a training-like scene of a dev seed), drawn once."""
    from vision.training.perceptrons import scene_for as draw

    return _drawn_once(_key("scene_for", (kind, seed), {}), lambda: draw(kind, seed))


def drawn_by(name: str, draw, *args):
    """draw(*args), a scene a test helper draws with the renderer changed (tests/vision/conftest.py), drawn
    once; `name` stands for the helper in the key, and the helpers' file is part of the code version."""
    return _drawn_once(_key(name, args, {}), lambda: draw(*args))


def _drawn_once(key: str, draw):
    blob = _scenes.get(key)
    folder = _folder()
    path = None if folder is None else folder / f"{key}.pickle"
    if blob is None and path is not None and path.exists():
        blob = path.read_bytes()
    if blob is None:
        blob = _pack(draw())
        if path is not None:
            folder.mkdir(parents=True, exist_ok=True)
            part = path.with_suffix(f".{os.getpid()}.part")
            part.write_bytes(blob)
            os.replace(part, path)  # whole or absent, whichever worker writes it first
    _remember(_scenes, key, blob, SCENES_IN_MEMORY)
    return _unpack(blob)


def demo_items(seed: int, players: int, **kwargs) -> list:
    """list(demo_feed(table_game(seed, players), **kwargs)): frames and declarations, each scene drawn once.
    The demo's pace (its module's STILL_SPELL) is part of the key: a test that changes it gets its own."""
    from companion.live import FrameItem
    from leafwatch.demo import camera_game
    from leafwatch.demo.table_script import table_game
    from vision.synthetic import scene as scene_module

    key = _key("demo", (seed, players), {**kwargs, "still_spell": camera_game.STILL_SPELL})
    items = None if key is None else _feeds.get(key)
    if items is None:
        renderer = _renderer()
        scene_module.render_scene = scene  # demo_feed looks the renderer up as it starts
        try:
            items = list(camera_game.demo_feed(table_game(seed, players), **kwargs))
        finally:
            scene_module.render_scene = renderer
        if key is not None:
            _remember(_feeds, key, items, FEEDS_IN_MEMORY)
    return [FrameItem(i.image.copy(), i.label) if isinstance(i, FrameItem) else i for i in items]


def demo_frames(seed: int, players: int, **kwargs) -> list:
    """The frames of demo_items(seed, players, **kwargs), without the declarations."""
    from companion.live import FrameItem

    return [i for i in demo_items(seed, players, **kwargs) if isinstance(i, FrameItem)]
