"""The pathological corpus: every hostile family gets a verdict within the bound, none is accepted wrongly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from rlverify.analysis.pathological import KINDS, pathological_items
from rlverify.runtime.pool import VerifierPool


def test_generator_is_deterministic_and_covers_every_family() -> None:
    a, b = pathological_items(seed=3, copies=2), pathological_items(seed=3, copies=2)
    assert a == b and len(a) == 2 * len(KINDS)
    assert {r["kind"] for r in a} == set(KINDS)
    assert any(len(r["response"]) >= 1_000_000 for r in pathological_items(copies=1))


def test_every_item_is_answered_within_the_deadline_and_garbage_is_never_accepted() -> None:
    items = pathological_items(seed=1, copies=1)
    with VerifierPool(2) as pool:
        pool.verify_batch(items[:2], timeout=1.0)  # start-up excluded
        t0 = time.monotonic()
        out = pool.verify_batch(items, timeout=1.0)
        wall = time.monotonic() - t0
    assert len(out) == len(items)
    for row, v in zip(items, out):
        assert v.seconds < 1.0 + 0.5, (row["kind"], v)
        if v.correct:
            assert row["label"], (row["kind"], v)
    assert wall < 1.0 * len(items) / 2 + 5


REPO = Path(__file__).resolve().parents[2]


def test_benchmark_script_writes_jsonl_that_round_trips(tmp_path) -> None:
    out = tmp_path / "p.jsonl"
    res = subprocess.run([sys.executable, str(REPO / "benchmarks" / "pathological.py"), "--out", str(out),
                          "--copies", "1", "--seed", "2"], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert rows == pathological_items(seed=2, copies=1)


def _throughput_module():
    from conftest import load_benchmark

    return load_benchmark("throughput")


def test_throughput_summary_and_ratios() -> None:
    tp = _throughput_module()
    lat = [0.001] * 98 + [0.5, 2.0]
    run = tp._summarize("c", "rule", "pool x2", lat, wall=1.0, timeouts=1)
    assert run.items == 100 and run.rate == 100.0 and run.over_deadline == 1
    assert run.p50_ms == 1.0 and run.max_ms == 2000.0 and run.p99_ms == 500.0
    mv = tp._summarize("c", "math-verify", "pool x2", [0.01] * 10, wall=1.0, timeouts=0)
    one = tp._summarize("c", "rule", "pool x1", [0.001] * 50, wall=1.0, timeouts=0)
    assert tp._ratios(run, [run, mv, one], 2) == ("10.00x", "2.00x")


def test_throughput_reports_the_median_of_alternating_pool_runs(monkeypatch) -> None:
    tp = _throughput_module()
    order: list[int] = []
    walls = iter([1.0, 0.5, 2.0, 0.6, 1.5, 0.4])  # x1, x2, x1, x2, x1, x2

    def fake_pool(items, n, corpus=""):
        order.append(n)
        return [0.001] * len(items), next(walls), 0

    monkeypatch.setattr(tp, "_rule_pool", fake_pool)
    one, two = tp._rule_pools("c", [{}] * 100, 2, 3, lambda msg: None)
    assert order == [1, 2, 1, 2, 1, 2]
    assert (one.mode, one.wall) == ("pool x1", 1.5)   # rates 100, 50, 66.7 -> median 66.7
    assert (two.mode, two.wall) == ("pool x2", 0.5)   # rates 200, 166.7, 250 -> median 200


def test_machine_scaling_is_a_ratio_near_the_worker_count() -> None:
    tp = _throughput_module()
    r = tp.machine_scaling(2, repeat=1, n=200_000)
    assert 0.3 < r < 2.6


def test_pool_runs_record_worker_and_parent_cpu(capsys) -> None:
    tp = _throughput_module()
    items = [{"response": f"so \\boxed{{{k}}}", "gold": str(k), "question": None} for k in range(40)]
    lat, wall, timeouts = tp._rule_pool(items, 1, "dev corpora")
    assert len(lat) == 40 and timeouts == 0
    (w, used, parent), = tp._POOL_CPU[("dev corpora", 1)]
    assert w == wall and used >= 0.0 and parent >= 0.0
    tp.print_pool_cpu(2)
    assert "pool x1 (dev corpora, 1 runs)" in capsys.readouterr().out
    assert tp.cpu_seconds(os.getpid()) > 0.0  # benchmarks/_procfs.py
    from _procfs import cpu_seconds

    assert cpu_seconds(os.getpid(), reaped=True) >= cpu_seconds(os.getpid()) > 0.0
    assert cpu_seconds(-1) == 0.0
