"""The architecture's dependency rule (design.md), checked by walking every module's imports."""
from __future__ import annotations

import ast
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
STDLIB = set(sys.stdlib_module_names)

# design.md's table: what each package may import besides the standard library. An entry with a dot
# allows that module only. Nothing else is allowed, and no file of a package is exempt.
ALLOWED = {
    "engine": {"engine"},
    # torch and onnx only in the offline training of the classifier (`make train`)
    "vision": {"vision", "engine", "numpy", "cv2", "threadpoolctl", "torch", "onnx"},
    "calibration": {"calibration", "vision", "engine", "numpy", "cv2"},
    # the LED bridge gets cues, not game states: of the engine, only the root of user-facing errors
    "firmware_bridge": {"firmware_bridge", "serial", "engine.errors"},
    "companion": {"companion", "engine", "vision", "firmware_bridge"},
    "store": {"store", "engine", "jsonschema"},
    "tui": {"tui", "companion", "textual", "rich"},
    # the composition root wires everything, and is the only importer of tui
    "leafwatch": {"leafwatch", "engine", "vision", "calibration", "companion", "store", "tui", "firmware_bridge",
                  "numpy", "cv2"},
}
PACKAGES = list(ALLOWED)
# The engine's own randomness and time must be passed in: these stdlib names are banned there.
ENGINE_BANNED_STDLIB = {"time", "datetime", "socket", "subprocess", "threading", "asyncio", "urllib", "http"}


def allowed(package: str, name: str) -> bool:
    top = name.split(".")[0]
    if top in STDLIB or top == "__future__":
        return True
    return any(name == entry or name.startswith(entry + ".") if "." in entry else top == entry
               for entry in ALLOWED[package])


def imports_of(path: pathlib.Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def modules_of(package: str) -> list[pathlib.Path]:
    return sorted((ROOT / package).rglob("*.py"))


def test_every_package_exists_and_is_in_the_table():
    for package in PACKAGES:
        assert (ROOT / package / "__init__.py").exists(), package
    on_disk = {p.parent.name for p in ROOT.glob("*/__init__.py")} - {"tests", "benchmarks"}
    assert on_disk <= set(ALLOWED), f"packages missing from the dependency table: {on_disk - set(ALLOWED)}"


@pytest.mark.parametrize("path", modules_of("engine"), ids=lambda p: str(p.relative_to(ROOT)))
def test_engine_imports_only_standard_library(path):
    for line, name in imports_of(path):
        top = name.split(".")[0]
        assert top in STDLIB or top == "engine", f"{path.name}:{line} imports {name}"
        assert top not in ENGINE_BANNED_STDLIB, f"{path.name}:{line} imports {name} (clock or I/O)"
        if name == "random":
            # Only random.Random instances passed in; the module-level functions use global state.
            src = path.read_text()
            for fn in ("random.random(", "random.shuffle(", "random.choice(", "random.randint(", "random.seed("):
                assert fn not in src, f"{path.name} uses global {fn}"


@pytest.mark.parametrize("package", PACKAGES)
def test_dependency_rule(package):
    for path in modules_of(package):
        for line, name in imports_of(path):
            assert allowed(package, name), f"{path.relative_to(ROOT)}:{line} imports {name}"


def test_engine_does_not_open_files_or_print():
    for path in modules_of("engine"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in {"open", "print", "input"}, f"{path.name}:{node.lineno} calls {node.func.id}"


def test_rule_catches_a_violation(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import cv2\nfrom textual.app import App\ndef f():\n    import tui.app\n")
    names = [n for _, n in imports_of(bad)]
    assert names == ["cv2", "textual.app", "tui.app"]
    assert not allowed("engine", "cv2") and not allowed("companion", "tui.app")
    assert not allowed("firmware_bridge", "engine.indian_summer.state") and allowed("firmware_bridge", "engine.errors")
    assert not allowed("store", "textual.app") and allowed("leafwatch", "tui.app")
