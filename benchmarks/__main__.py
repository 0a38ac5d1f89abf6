"""Run the benchmarks: `python -m benchmarks [NAME ...] [--quick]`.

Each module `benchmarks/bench_<name>.py` has `run(quick: bool) -> dict`, printing its own progress and
returning its figures; the collected figures go to bench-out/results.json, from which BENCHMARKS.md is
written by hand with the machine and the date.
"""
from __future__ import annotations

import importlib
import json
import pathlib
import platform
import sys
import time

HERE = pathlib.Path(__file__).parent


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    names = [a for a in argv if not a.startswith("-")]
    modules = sorted(p.stem[len("bench_"):] for p in HERE.glob("bench_*.py"))
    unknown = [n for n in names if n not in modules]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; have: {', '.join(modules)}", file=sys.stderr)
        return 2
    results = {
        "machine": f"{platform.machine()} {platform.processor() or ''} python {platform.python_version()}".strip(),
        "date": time.strftime("%Y-%m-%d"),
        "results": {},
    }
    for name in names or modules:
        print(f"== {name}", flush=True)
        mod = importlib.import_module(f"benchmarks.bench_{name}")
        results["results"][name] = mod.run(quick)
    out = HERE.parent / "bench-out"
    out.mkdir(exist_ok=True)
    (out / "results.json").write_text(json.dumps(results, indent=2))
    print(f"results written to {out / 'results.json'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
