"""The frontier-ending families of the metamorphic generator (rlverify.analysis._mm_frontier): how current frontier
models close a solution (headings, display boxes, labelled or sentence boxes, remarks, restatements, bold values,
answer tags, code fences, tables, think blocks, closing remarks), composed by a seeded grammar; near-miss twins
change a digit or the sign inside the same wrapping, or retract the right value for a wrong one."""
from __future__ import annotations

import rlverify
from rlverify.analysis import metamorphic as mm

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
    v = rlverify.get_verifier("rule", timeout=10.0)
    res = v.verify_batch([{"response": r["response"], "gold": r["gold"], "question": r["question"]} for r in rows],
                         workers=1)
    pos = [x.correct for r, x in zip(rows, res) if r["label"]]
    neg = [(r["response"][-200:], r["gold"]) for r, x in zip(rows, res) if not r["label"] and x.correct]
    assert sum(pos) / len(pos) >= 0.99
    assert neg == []
