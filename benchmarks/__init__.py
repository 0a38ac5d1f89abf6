"""Benchmarks: `make bench` runs every `bench_*.py` module here and writes bench-out/results.json."""
