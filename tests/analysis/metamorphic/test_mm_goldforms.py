"""The reference-form families of the metamorphic generator (rlverify.analysis.metamorphic.goldforms): a reference cut
rather than rounded against the exact answer, a repeated value for two named unknowns answered by both; near-miss
twins: a reference off the cut and the rounding, one of the two unknowns."""
from __future__ import annotations

from rlverify.analysis import metamorphic as mm
from conftest import rule_on_rows

EQUIVALENT = ("ref_truncated", "repeated_pair")
FAMILIES = EQUIVALENT + tuple("near_" + f for f in EQUIVALENT)


def test_registered_and_seeded() -> None:
    assert set(FAMILIES) <= set(mm.FAMILIES)
    a = mm.generate(200, seed=3, families=FAMILIES)
    assert a == mm.generate(200, seed=3, families=FAMILIES)
    assert {r["family"] for r in a} == set(FAMILIES)
    assert all(r["label"] is (r["family"] in EQUIVALENT) for r in a)


def test_rule_reads_reference_forms() -> None:
    """Before the fixes (2,000 pairs, seed 7): ref_truncated 0.000, near_repeated_pair 964 of 964 accepted."""
    rows = mm.generate(400, seed=17, families=FAMILIES)
    recall, accepted = rule_on_rows(rows)
    assert recall >= 0.98
    assert accepted == []
