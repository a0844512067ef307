"""The set-valued families of the metamorphic generator (analysis.metamorphic.sets): every set-valued reference is
read as a set, the synthetic sets stay canonical, and every near-miss really changes the set."""
from __future__ import annotations

import random

import pytest

from rlverify.analysis.metamorphic import forms as F
from rlverify.analysis.metamorphic import sets as S
from rlverify.analysis import metamorphic as mm


@pytest.fixture(scope="module")
def set_refs() -> list[mm.Reference]:
    return [r for r in mm.load_references() if S.reference_set(r) is not None]


def test_reads_the_set_valued_references(set_refs) -> None:
    golds = {r.gold for r in set_refs}
    assert len(set_refs) >= 15
    assert {"(3,4]", "m \\neq 1", "(0,9) \\cup (9,36)", "$x \\le -2$ or $x \\ge 3$"} <= golds
    assert not any(r.gold.replace("$", "").strip() in ("x=5", "k=1") for r in set_refs)   # values are no sets


def _same(a: S.SetC, b: S.SetC) -> bool:
    return not S._differ(a, b, "", "x")


def test_synthetic_sets_and_notations(set_refs) -> None:
    rng = random.Random(2)
    for ref in set_refs:
        s, var = S.reference_set(ref)
        comp = S._complement(s)
        if comp is not None and S._complement(comp) is not None:
            assert _same(S._complement(comp), s), ref.gold
        for _ in range(5):
            t = S._synthetic(s, rng)
            assert S._check(list(t)) == t                       # sorted, disjoint, not touching
            g = S._gaps(t)
            if g:                                               # base minus points is the same set
                base, removed = g
                assert all(S._contains(base, S._v(p, 0)) and not S._contains(t, S._v(p, 0)) for p in removed)
            for text in (S._interval_text(t, F.CANONICAL, rng), S._ineq_text(t, var, F.CANONICAL, rng),
                         S._builder_text(t, var, F.CANONICAL, rng)):
                assert text and text.count("\\{") == text.count("\\}")


def test_near_misses_change_the_set(set_refs) -> None:
    fams = tuple(S.NEAR)
    rows = mm.generate(600, seed=4, refs=set_refs, families=fams)
    assert {r["family"] for r in rows} == set(fams)
    assert all(r["label"] is False for r in rows)
    rng = random.Random(9)
    for ref in set_refs:
        s, var = S.reference_set(ref)
        for mutate in (S._flip_end, S._point_change, S._move_end):
            bad = mutate(s, rng)
            if bad is not None:
                assert S._differ(s, bad, "", var), (ref.gold, bad)


def test_equivalents_are_seeded(set_refs) -> None:
    fams = tuple(S.EQ)
    a = mm.generate(200, seed=1, refs=set_refs, families=fams)
    assert a == mm.generate(200, seed=1, refs=set_refs, families=fams)
    assert {r["family"] for r in a} == set(fams) and all(r["label"] for r in a)
    assert any("\\setminus" in r["gold"] + r["response"] or " - \\{" in r["gold"] + r["response"] for r in a)
    assert any("∞" in r["response"] or "inf" in r["response"] for r in a)
