"""The deleted stage table's verdicts on the pairs the differential tests of this package draw (issue 29).

Until the table was deleted, tests/rule/compare compared each typed entry's verdict with the table's on the same
seeded pairs. Those verdicts were recorded by running the tests with the table, just before it was deleted
(``tests/cases/table_verdicts.jsonl.gz``, 36b8bb4), so the comparison still runs: ``table_equal(answer, gold,
question)`` is the table's verdict on a recorded pair, None for a pair it never saw (a reader changed what a
generator draws); ``recorded()`` is every pair, for a test that checks them all.
"""

from __future__ import annotations

import gzip
import json
from functools import lru_cache
from pathlib import Path

FILE = Path(__file__).resolve().parents[2] / "cases" / "table_verdicts.jsonl.gz"


@lru_cache(maxsize=1)
def _verdicts() -> dict[tuple[str, str, str | None], bool]:
    with gzip.open(FILE, "rt", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f]
    return {(r["answer"], r["gold"], r["question"]): r["table_equal"] for r in rows}


def recorded() -> list[tuple[tuple[str, str, str | None], bool]]:
    """Every recorded pair (answer, gold, question) with the table's verdict."""
    return sorted(_verdicts().items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2] or ""))


def table_equal(answer: str, gold: str, question: str | None = None) -> bool | None:
    return _verdicts().get((answer, gold, question))
