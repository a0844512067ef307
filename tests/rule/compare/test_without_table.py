"""``RLVERIFY_READINGS=readings``: the typed readings alone; the stage table is never consulted (issue 29)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rlverify.rule.compare as typed
from rlverify.analysis.datasets import read_jsonl
from rlverify.rule.compare import compare, explain, without_table

CORPORA = Path(__file__).resolve().parents[3] / "data" / "corpora"


def _rows(n: int, seed: int) -> list[dict]:
    rows = []
    for path in sorted(CORPORA.glob("*.jsonl.gz")):
        rows.extend(read_jsonl(path))
    assert len(rows) > n
    return random.Random(seed).sample(rows, n)


def test_the_setting_is_read_at_each_call(monkeypatch):
    monkeypatch.delenv("RLVERIFY_READINGS", raising=False)
    assert not without_table()
    monkeypatch.setenv("RLVERIFY_READINGS", "readings")
    assert without_table()


@pytest.mark.parametrize("seed", [0, 1])
def test_the_table_is_never_called(monkeypatch, seed):
    def table(*_args, **_kwargs):
        raise AssertionError("the stage table was consulted")

    monkeypatch.setenv("RLVERIFY_READINGS", "readings")
    monkeypatch.setattr(typed, "explain_table", table)
    for r in _rows(150, seed):
        # a distinct question text per call: the memo of an earlier (table) verdict is not what is tested
        q = f"{r.get('question') or ''} [readings {seed}]"
        explain(r["response"][-120:], r["gold"], q)
        compare(r["gold"], r["response"][-120:], q)
