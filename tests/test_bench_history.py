"""Each benchmark run adds one line of headline figures to bench-out/history.jsonl."""
from __future__ import annotations

import json

from benchmarks.__main__ import append_history, headline, main


def test_headline_keeps_figures_and_drops_lists_and_tables():
    figures = {"squares_right": 0.9992, "boards": 1236, "seeds": "5000000..5000499", "tight_framing": False,
               "confusion": {"counts": [[1, 2], [3, 4]]}, "boards_not_fully_right": [[5000147, 1]],
               "held_out_artwork": {"squares_right": 0.9991, "worst_conditions": [{"condition": "hands=2"}]},
               "latency_ms_p95": None}
    assert headline(figures) == {"squares_right": 0.9992, "boards": 1236, "seeds": "5000000..5000499",
                                 "tight_framing": False, "held_out_artwork": {"squares_right": 0.9991},
                                 "latency_ms_p95": None}


def test_each_run_appends_one_line(tmp_path):
    run = {"date": "2026-11-27", "machine": "AMD EPYC, 2 cores, python 3.11.7", "commit": "bd2380a", "quick": False,
           "results": {"tracking": {"moves": 174, "moves_taken_in_right": 174, "latencies": [1, 2]}}}
    path = append_history(run, tmp_path)
    append_history({**run, "date": "2026-11-28"}, tmp_path)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [line["date"] for line in lines] == ["2026-11-27", "2026-11-28"]
    assert lines[0]["results"] == {"tracking": {"moves": 174, "moves_taken_in_right": 174}}
    assert lines[0]["commit"] == "bd2380a" and lines[0]["machine"].startswith("AMD EPYC")


def test_an_unknown_benchmark_is_a_usage_error(capsys):
    assert main(["nonesuch"]) == 2
    assert "unknown benchmark(s): nonesuch" in capsys.readouterr().err
