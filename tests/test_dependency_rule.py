"""The architecture's dependency rule (design.md), checked by walking every module's imports."""
from __future__ import annotations

import ast
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGES = ["engine", "vision", "calibration", "companion", "tui", "firmware_bridge"]
STDLIB = set(sys.stdlib_module_names)

# package -> top-level names it must never import
FORBIDDEN = {
    "vision": {"textual", "serial", "tui", "firmware_bridge", "companion"},
    "calibration": {"textual", "serial", "tui", "firmware_bridge", "companion"},
    "firmware_bridge": {"textual", "cv2", "numpy", "engine", "vision", "calibration", "tui", "companion"},
    "companion": {"tui"},
    "tui": set(),
}
# The engine's own randomness and time must be passed in: these stdlib names are banned there.
ENGINE_BANNED_STDLIB = {"time", "datetime", "socket", "subprocess", "threading", "asyncio", "urllib", "http"}


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


def test_every_package_exists():
    for package in PACKAGES:
        assert (ROOT / package / "__init__.py").exists(), package


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


@pytest.mark.parametrize("package", [p for p in PACKAGES if p != "engine"])
def test_dependency_rule(package):
    banned = FORBIDDEN[package]
    for path in modules_of(package):
        if path.is_relative_to(ROOT / "companion" / "cli"):
            banned = FORBIDDEN[package] - {"tui"}  # the command line is outermost: it starts the TUI
        else:
            banned = FORBIDDEN[package]
        for line, name in imports_of(path):
            top = name.split(".")[0]
            assert top not in banned, f"{path.relative_to(ROOT)}:{line} imports {name}"


def test_engine_does_not_open_files_or_print():
    for path in modules_of("engine"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in {"open", "print", "input"}, f"{path.name}:{node.lineno} calls {node.func.id}"


def test_rule_catches_a_violation(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import cv2\nfrom textual.app import App\n")
    assert [n for _, n in imports_of(bad)] == ["cv2", "textual.app"]
