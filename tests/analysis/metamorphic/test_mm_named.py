"""The named-item families of the metamorphic generator (rlverify.analysis.metamorphic.named): labelled values against a
bare list, order chains against a list, a free parameter renamed; seeded, with value-changing near-misses."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from rlverify.analysis import metamorphic as mm

EQUIVALENT = ("labelled_values", "order_chain", "rename_param")
NEAR = ("near_labelled_swap", "near_labelled_value", "near_labelled_missing", "near_order_swap", "near_order_missing",
        "near_order_repeat", "near_order_reversed", "near_rename_named", "near_rename_inconsistent", "near_rename_value")
FAMILIES = EQUIVALENT + NEAR


@pytest.fixture(scope="module")
def refs() -> list[mm.Reference]:
    return mm.load_references()


def test_registered_and_applicable_to_real_references(refs) -> None:
    assert set(FAMILIES) <= set(mm.FAMILIES)
    counts: Counter = Counter()
    rng = random.Random(0)
    for ref in refs:
        for fam in FAMILIES:
            fn = mm.EQUIVALENT.get(fam) or mm.NEAR_MISS[fam]
            if fn(ref, rng, mm.F.CANONICAL) is not None:
                counts[fam] += 1
    assert min(counts[f] for f in FAMILIES) >= 10, counts
    assert counts["near_rename_named"] >= 50, counts          # real references whose question names the letter


def test_seeded_rows_and_the_rule_verifier(refs) -> None:
    """Each family at seed 7: the rule verifier accepts >= 0.99 of the renderings and no near-miss."""
    import rlverify

    rows = [r for fam in FAMILIES for r in mm.generate(120, seed=7, refs=refs, families=(fam,))]
    assert rows == [r for fam in FAMILIES for r in mm.generate(120, seed=7, refs=refs, families=(fam,))]
    assert {r["family"] for r in rows} == set(FAMILIES)
    v = rlverify.get_verifier("rule")
    verdicts = v.verify_batch([{"response": r["response"], "gold": r["gold"], "question": r["question"]}
                               for r in rows], workers=2)
    n, hit, accepted = Counter(), Counter(), []
    for row, d in zip(rows, verdicts):
        n[row["family"]] += 1
        hit[row["family"]] += bool(d.correct)
        if not row["label"] and d.correct:
            accepted.append((row["family"], row["gold"], d.extracted))
    low = {f: hit[f] / n[f] for f in EQUIVALENT if hit[f] / n[f] < 0.99}
    assert not low, low
    assert not accepted, accepted[:10]
