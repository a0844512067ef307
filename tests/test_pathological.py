"""The pathological corpus: every hostile family gets a verdict within the bound, none is accepted wrongly."""

from __future__ import annotations

import time

from rlverify.pathological import KINDS, pathological_items
from rlverify.pool import VerifierPool


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
