"""benchmarks/chaos.py's request builders and checks, against an in-process loopback server
(the full run starts `rlverify serve` subprocesses and takes minutes)."""

from __future__ import annotations

import pytest

from conftest import load_benchmark, serve_app
from rlverify.integrations.server import create_app


@pytest.fixture(scope="module")
def chaos():
    return load_benchmark("chaos")


def test_bad_input_list_gets_the_expected_codes_and_a_correct_answer_after(chaos) -> None:
    with serve_app(create_app(["rule"], token=chaos.TOKEN, warm=False)) as url:
        row = chaos.case_bad_input(url)
        assert row.requests == len(chaos.bad_inputs())
        assert row.failures == 0 and row.stuck == 0, row.note
        no_token = chaos.case_no_token(url, 3)
    assert no_token.failures == 0 and no_token.stuck == 0 and max(no_token.latencies) < 5


def test_rows_count_failures_and_stuck_requests(chaos) -> None:
    row = chaos.Row("x", latencies=[0.1, 0.2, 0.3], failures=1, stuck=2)
    s = row.summary()
    assert s["requests"] == 5 and s["failures"] == 1 and s["stuck"] == 2
    assert s["p50_ms"] == 200.0 and s["max_ms"] == 300.0
    assert "| x " in chaos.table([row])
