"""The frontier-ending families of the metamorphic generator (rlverify.analysis.metamorphic.frontier): how current frontier
models close a solution (headings, display boxes, labelled or sentence boxes, remarks, restatements, bold values,
answer tags, code fences, tables, think blocks, closing remarks), composed by a seeded grammar; near-miss twins
change a digit or the sign inside the same wrapping, or retract the right value for a wrong one."""
from __future__ import annotations

from rlverify.analysis import metamorphic as mm
from conftest import rule_on_rows

FAMILIES = ("frontier_ending", "near_frontier_ending")


def test_registered_seeded_and_varied() -> None:
    assert set(FAMILIES) <= set(mm.FAMILIES)
    a = mm.generate(300, seed=5, families=FAMILIES)
    b = mm.generate(300, seed=5, families=FAMILIES)
    assert a == b and len(a) == 300
    assert {r["family"] for r in a} == set(FAMILIES)
    assert len({r["response"].rsplit("\n\n", 1)[-1][:12] for r in a}) > 60   # a grammar, not a short list
    assert all(r["label"] is (r["family"] == "frontier_ending") for r in a)


def test_rule_reads_frontier_endings() -> None:
    """Recall >= 0.99 on the endings and no near-miss twin accepted (before the extraction fixes: recall 0.894
    and 18 of 3,000 twins accepted on seed 21)."""
    rows = mm.generate(600, seed=11, families=FAMILIES)
    recall, accepted = rule_on_rows(rows)
    assert recall >= 0.99
    assert accepted == []
