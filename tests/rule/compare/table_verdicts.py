"""The deleted stage table's verdicts on the pairs the differential tests of this package draw (issue 29).

Until the table was deleted, tests/rule/compare compared each typed entry's verdict with the table's on the same
seeded pairs. Those verdicts were recorded by running the tests with the table, just before it was deleted
(``tests/cases/table_verdicts.jsonl.gz``, 36b8bb4), so the comparison still runs: ``table_equal(answer, gold,
question)`` is the table's verdict on a recorded pair, None for a pair it never saw (a reader changed what a
generator draws). ``Coverage`` counts both, so that a test whose pairs are no longer recorded fails instead of
checking nothing.
"""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

FILE = Path(__file__).resolve().parents[2] / "cases" / "table_verdicts.jsonl.gz"


@lru_cache(maxsize=1)
def _verdicts() -> dict[tuple[str, str, str | None], bool]:
    with gzip.open(FILE, "rt", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f]
    return {(r["answer"], r["gold"], r["question"]): r["table_equal"] for r in rows}


def table_equal(answer: str, gold: str, question: str | None = None) -> bool | None:
    return _verdicts().get((answer, gold, question))


@dataclass
class Coverage:
    """How many of a test's pairs the recording holds; ``check`` fails where fewer than ``least`` of them do."""
    found: int = 0
    missing: int = 0

    def get(self, answer: str, gold: str, question: str | None = None) -> bool | None:
        t = table_equal(answer, gold, question)
        if t is None:
            self.missing += 1
        else:
            self.found += 1
        return t

    def check(self, least: float = 0.8) -> None:
        total = self.found + self.missing
        assert total and self.found >= least * total, f"only {self.found} of {total} pairs have the table's verdict"
