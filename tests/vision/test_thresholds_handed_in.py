"""The stages receive their thresholds: no module of vision's stages (locate, classify, change, passes)
reads thresholds.toml itself (analyze and the other entry points read it once and hand it down)."""
from __future__ import annotations

import ast
import pathlib

import pytest

VISION = pathlib.Path(__file__).resolve().parents[2] / "vision"
STAGES = ("locate", "classify", "change", "passes")


def _global_lookups(path: pathlib.Path) -> list[str]:
    """Where a module imports vision.thresholds (the module or anything from it), as 'line: source'."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            names = [f"{module}.{a.name}" for a in node.names] if node.level == 0 else []
            if node.level and module == "thresholds" or node.level and any(a.name == "thresholds" for a in node.names):
                names.append("vision.thresholds")  # a relative import of the same module
        else:
            continue
        if any(n == "vision.thresholds" or n.startswith("vision.thresholds.") for n in names):
            found.append(f"{node.lineno}: {ast.get_source_segment(path.read_text(encoding='utf-8'), node)}")
    return found


@pytest.mark.parametrize("stage", STAGES)
def test_no_stage_module_reads_the_global_thresholds(stage):
    modules = sorted((VISION / stage).rglob("*.py"))
    assert modules, f"vision/{stage} has no modules"
    offenders = {str(p.relative_to(VISION)): found for p in modules if (found := _global_lookups(p))}
    assert offenders == {}


def test_the_check_sees_each_way_of_importing_them(tmp_path):
    for source in ("from vision.thresholds import thresholds\n", "import vision.thresholds\n",
                   "from vision.thresholds import DATA as d\n", "from .. import thresholds\n",
                   "def f():\n    from vision.thresholds import thresholds\n"):
        module = tmp_path / "m.py"
        module.write_text(source)
        assert _global_lookups(module), source
    module = tmp_path / "m.py"
    module.write_text("from vision.grids import COLUMNS\n\ndef f(*, thresholds):\n    return thresholds['locate']\n")
    assert _global_lookups(module) == []
