"""benchmarks/chaos.py's kill -9 and soak pieces (issue 28, item 9) without a server: the soak's
requests are distinct and their expected verdicts are the rule verifier's, the process and
memory readers work on this process, and the tables format (the full run: `--only kill9,soak`)."""

from __future__ import annotations

import os

import pytest

from conftest import load_benchmark


@pytest.fixture(scope="module")
def chaos():
    return load_benchmark("chaos")


def test_soak_requests_are_distinct_and_their_expected_verdicts_right(chaos) -> None:
    import rlverify

    n = 100_000
    items = {(it["response"], it["gold"]) for it, _ in map(chaos.soak_item, range(n))}
    assert len(items) == n
    cas = sum(1 for i in range(800) if "x" in chaos.soak_item(i)[0]["gold"] or "y" in chaos.soak_item(i)[0]["gold"])
    assert cas == 400  # half of them polynomials and expressions
    v = rlverify.get_verifier("rule")
    for i in [*range(64), *range(n - 64, n)]:
        item, expected = chaos.soak_item(i)
        assert v.verify(item["response"], item["gold"]).correct is expected, (i, item)
    assert v.verify(**chaos.cas_item(12345)).correct is True


def test_process_readers_and_tables(chaos) -> None:
    rss, pss = chaos.memory_kb(os.getpid())
    assert rss > 10_000 and 0 < pss <= rss
    assert chaos.cpu_ticks(os.getpid()) >= 0 and chaos.cpu_ticks(2**22 + 7) == -1
    procs = chaos.server_processes(os.getpid())
    assert set(procs) == {"zygote", "helpers", "zombies", "other"}
    sample = {"requests": 10_000, "seconds": 12.0, "server_rss_mb": 70.0, "zygote_rss_mb": [109.0],
              "helpers": {1: 100.0, 2: 101.0}, "other_rss_mb": [], "total_rss_mb": 380.0, "total_pss_mb": 200.0,
              "zombies": 0, "errors": 0, "wrong": 1, "timeouts": 2, "stuck": 0}
    assert chaos.soak_line(sample) == "| 10,000 | 12 | 70 | 109 | 100, 101 | 380 | 200 | 0 | 1 | 2 |"
    caches = {"server": {"pid": 1, "caches": [{"name": "rule.memo_compare", "entries": 5, "limit": 9, "instances": 1}]},
              "helpers": [{"pid": 2, "caches": [{"name": "rule.cas_parse", "entries": 3, "limit": 4, "instances": 1}]}]}
    table = chaos.cache_table(caches)
    assert "| rule.memo_compare | 9 | 5 | - |" in table and "| rule.cas_parse | 4 | - | 3 |" in table
    rows = [{"name": "a", "entries": 10, "limit": 100, "bytes": 2000, "instances": 1}]
    assert "| a | 10 | 100 | 200 | 0.0 |" in chaos.cache_bytes_table(rows)
