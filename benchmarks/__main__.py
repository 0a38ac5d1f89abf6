"""Run the benchmarks: `python -m benchmarks [NAME ...] [--quick]` (`make bench ARGS="NAME ... --quick"`).

Each module `benchmarks/bench_<name>.py` has `run(quick: bool) -> dict`, printing its own progress and
returning its figures. The figures of this run go to bench-out/results.json, and one line per run, its
headline figures with the machine, the date and the commit, is appended to bench-out/history.jsonl.
BENCHMARKS.md holds the current figures, copied from results.json by hand.
"""
from __future__ import annotations

import importlib
import json
import os
import pathlib
import platform
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).parent
OUT = HERE.parent / "bench-out"


def machine() -> str:
    """The CPU model, the cores this process may use and the Python version, e.g. 'AMD EPYC 7B13, 2 cores, python 3.11.7'."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            model = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), model)
    except OSError:
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return f"{model}, {cores} cores, python {platform.python_version()}"


def commit() -> str | None:
    """The checked-out commit (with '+' when the work tree has changes), or None outside git."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE.parent, capture_output=True,
                              text=True, timeout=10)
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=HERE.parent,
                               capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    if head.returncode != 0:
        return None
    return head.stdout.strip() + ("+" if dirty.stdout.strip() else "")


def headline(figures: dict) -> dict:
    """A benchmark's figures without its long lists and tables: numbers, strings and small dicts of them."""
    out = {}
    for key, value in figures.items():
        if isinstance(value, dict):
            small = headline(value)
            if small:
                out[key] = small
        elif isinstance(value, (int, float, str, bool)) or value is None:
            out[key] = value
    return out


def append_history(results: dict, out: pathlib.Path = OUT) -> pathlib.Path:
    """One JSON line for this run at the end of out/history.jsonl; returns the file's path."""
    out.mkdir(exist_ok=True)
    line = {k: results[k] for k in ("date", "machine", "commit", "quick")}
    line["results"] = {name: headline(figures) for name, figures in results["results"].items()}
    path = out / "history.jsonl"
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(line) + "\n")
    return path


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    names = [a for a in argv if not a.startswith("-")]
    modules = sorted(p.stem[len("bench_"):] for p in HERE.glob("bench_*.py"))
    unknown = [n for n in names if n not in modules]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; have: {', '.join(modules)}", file=sys.stderr)
        return 2
    results = {"machine": machine(), "date": time.strftime("%Y-%m-%d"), "commit": commit(), "quick": quick,
               "results": {}}
    for name in names or modules:
        print(f"== {name}", flush=True)
        mod = importlib.import_module(f"benchmarks.bench_{name}")
        results["results"][name] = mod.run(quick)
    OUT.mkdir(exist_ok=True)
    (OUT / "results.json").write_text(json.dumps(results, indent=2))
    history = append_history(results)
    print(f"results written to {OUT / 'results.json'}; a line added to {history}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
