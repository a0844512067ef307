"""The remark families of the metamorphic generator (rlverify.analysis.metamorphic.remarks): a box holding the value and a
parenthetical that restates or computes it, an approximation alone, a closing that names several values as all
working, a note on another reading of the question after a clear answer; near-miss twins write the same remarks around
a changed value, or a remark that bounds, doubts or offers another value."""
from __future__ import annotations

from rlverify.analysis import metamorphic as mm
from conftest import check_generator_families, rule_on_rows

EQUIVALENT = ("box_remark", "approx_alone", "all_work", "note_reading")
FAMILIES = EQUIVALENT + tuple("near_" + f for f in EQUIVALENT)


def test_registered_seeded_and_varied() -> None:
    a = check_generator_families(FAMILIES, EQUIVALENT)
    assert len({r["response"].rsplit("\n\n", 1)[-1][:24] for r in a}) > 150


def test_rule_reads_remarks() -> None:
    """Recall >= 0.99 and no near-miss accepted (before the fixes, 600 pairs of each family at seed 0: box_remark
    0.390, approx_alone 0.880, all_work 0.167, note_reading 0.853; near-misses accepted: near_box_remark 1 of 300,
    near_all_work 125 of 600, near_note_reading 124 of 300, near_approx_alone 0)."""
    rows = mm.generate(800, seed=13, families=FAMILIES)
    recall, accepted = rule_on_rows(rows)
    assert recall >= 0.99
    assert accepted == []
