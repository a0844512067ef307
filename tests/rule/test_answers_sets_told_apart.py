"""_forms_cas.same_real_sets: a point away from every end tells unequal sets apart without sympy's set
differences (False; None with only_equal=True), and never turns an equality (True) into anything else."""

from __future__ import annotations

import random

import pytest

from rlverify.rule.answers import _forms_cas as cas

_ENDS = ("-3", "-1", "0", "\\frac{1}{2}", "1", "\\sqrt{2}", "\\frac{1+\\sqrt{17}}{2}", "2", "\\pi", "4")
_DOMAINS = ("real", "pos", "nonneg", "neg")


def _iv(lo: str | None, hi: str | None, lc: bool = True, hc: bool = True) -> tuple:
    return ("iv", lo, hi, lc, hc)


def _random_tree(rng: random.Random) -> tuple:
    k = rng.randint(1, 3)
    ends = sorted(rng.sample(range(len(_ENDS)), k=2 * k))
    parts = []
    for i in range(k):
        lo, hi = _ENDS[ends[2 * i]], _ENDS[ends[2 * i + 1]]
        lo = None if i == 0 and rng.random() < 0.2 else lo
        hi = None if i == k - 1 and rng.random() < 0.2 else hi
        parts.append(_iv(lo, hi, rng.random() < 0.5, rng.random() < 0.5))
    if rng.random() < 0.3:
        parts.append(("pts", (_ENDS[rng.randrange(len(_ENDS))],)))
    return parts[0] if len(parts) == 1 else ("cup", tuple(parts))


# equal sets written differently: only_equal must still say True
_EQUAL = [
    (("cup", (_iv("1", "2", True, False), _iv("2", "3"))), _iv("1", "3")),
    (("cup", (_iv("0", "1", False, False), ("pts", ("1",)))), _iv("0", "1", False, True)),
    (_iv("\\frac{1}{2}", "\\sqrt{2}"), _iv("0.5", "\\sqrt{2}")),
    (("cup", (_iv(None, "-1", False, False), _iv("-1", None, False, False))),
     ("minus", ("R",), ("pts", ("-1",)))),
]


@pytest.mark.parametrize("a,g", _EQUAL)
def test_equal_sets_stay_equal(a, g):
    assert cas.same_real_sets(a, g, "real") is True
    assert cas.same_real_sets(a, g, "real", only_equal=True) is True


def _by_set_differences(a: tuple, g: tuple, domain: str) -> bool | None:
    """same_real_sets decided by sympy's set differences alone (no point test)."""
    import sympy

    cache: dict = {}
    try:
        sa, sg = cas._real_set(a, cache), cas._real_set(g, cache)
    except cas._NotReal:
        return None
    dom = {"pos": sympy.Interval.open(0, sympy.oo), "nonneg": sympy.Interval(0, sympy.oo),
           "neg": sympy.Interval.open(-sympy.oo, 0), "real": sympy.S.Reals}[domain]
    ia, ig = sa.intersect(dom), sg.intersect(dom)
    if not (cas._concrete(ia) and cas._concrete(ig)):
        return None
    da, dg = sympy.Complement(ia, ig), sympy.Complement(ig, ia)
    if da == sympy.S.EmptySet and dg == sympy.S.EmptySet:
        return True
    return False if cas._concrete(da) and cas._concrete(dg) else None


def test_told_apart_agrees_with_sympy_on_seeded_pairs():
    rng = random.Random(14)
    told = full_true = 0
    for _ in range(150):
        a = _random_tree(rng)
        g = a if rng.random() < 0.15 else _random_tree(rng)
        dom = rng.choice(_DOMAINS)
        ref = _by_set_differences(a, g, dom)
        full = cas.same_real_sets(a, g, dom)
        fast = cas.same_real_sets(a, g, dom, only_equal=True)
        assert full == ref or (ref is None and full is False), (a, g, dom, ref, full)
        assert (fast is True) == (full is True), (a, g, dom, full, fast)
        assert fast in (full, None), (a, g, dom, full, fast)
        told += fast is None and full is False
        full_true += full is True
    assert told > 20 and full_true > 5   # both kinds occur in the sample


def test_a_point_between_ends_tells_apart():
    import sympy

    s2 = sympy.sqrt(2)
    assert cas._told_apart(sympy.Interval(0, s2), sympy.Interval(0, 2))
    assert not cas._told_apart(sympy.Interval(0, s2), sympy.Interval.Ropen(0, s2))   # only an end differs
    assert not cas._told_apart(sympy.FiniteSet(1), sympy.S.EmptySet)   # a lone point is an end: sympy decides
    assert cas._told_apart(sympy.Union(sympy.Interval(-1, 0), sympy.FiniteSet(3)), sympy.Interval(-1, 3))
