"""Remarks frontier models write beside a final value (issue 14, round 5): a box holding the value and a parenthetical
that restates or computes it, an approximation alone where the question asks for a rounding. Seeded over many values;
every accepted form has a twin (a changed value, a remark that bounds, doubts or names another value, a wrong
rounding) that must stay rejected."""
from __future__ import annotations

import random

import pytest

import rlverify
from rlverify.analysis._mm_closing import words

RULE = rlverify.get_verifier("rule", timeout=10.0)


def _boxed(inner: str) -> str:
    return f"We count the cases and simplify.\n\nTherefore the answer is $\\boxed{{{inner}}}$."


_RESTATE = ("{v}\\text{{ (i.e., }} {a} \\times {b})", "{v} \\text{{ (namely }} {a} \\cdot {b})", "{v}\\ (= {a} \\cdot {b})",
            "{v} \\quad (\\text{{that is, }} {a} \\times {b})", "{v}\\ (\\text{{because }} {a} \\cdot {b} = {v})",
            "{v} \\text{{ (as }} {a} \\times {b} = {v}\\text{{)}}", "{v} \\ (\\text{{equivalently }} {a} \\times {b})",
            "{v}\\ (\\text{{{w}}})", "{v} \\text{{ ({w})}}", "{v} \\text{{ (i.e. {w})}}")
_HEDGED = ("{v}\\text{{ (at least)}}", "{v}\\ (\\text{{approximately}})", "{v} \\text{{ (or }} {o})", "{v}\\ (\\text{{or }} {o})",
           "{v}\\text{{ (i.e., }} {a} \\times {c})", "{v}\\ (\\text{{{wo}}})", "{v} \\text{{ (roughly)}}",
           "{v}\\ (\\text{{because }} {a} \\cdot {c} = {o})", "{v} \\text{{ (or more)}}")


@pytest.mark.parametrize("seed", range(4))
def test_box_with_a_restating_remark_is_read(seed: int) -> None:
    rng = random.Random(seed)
    for form in _RESTATE:
        a, b = rng.randint(2, 12), rng.randint(2, 12)
        v = a * b
        got = RULE.verify(_boxed(form.format(v=v, a=a, b=b, w=words(v))), str(v))
        assert got.correct, (form, v, got)
        o = v + rng.choice((-2, -1, 1, 2, 10))     # the same remark around a changed value
        wrong = RULE.verify(_boxed(form.format(v=o, a=a, b=b, w=words(o)).replace(f"= {v}", f"= {o}")), str(v))
        assert not wrong.correct, (form, o, wrong)


@pytest.mark.parametrize("seed", range(4))
def test_box_with_a_hedging_remark_stays_rejected(seed: int) -> None:
    rng = random.Random(seed)
    for form in _HEDGED:
        a, b = rng.randint(2, 12), rng.randint(2, 12)
        v, c = a * b, b + 1
        o = v + rng.choice((-2, -1, 1, 2, 10))
        resp = _boxed(form.format(v=v, a=a, c=c, o=o, wo=words(o)))
        got = RULE.verify(resp, str(v))
        assert not got.correct, (resp, got)


def test_fraction_restated_as_its_decimal() -> None:
    assert RULE.verify(_boxed("\\frac{9}{256}\\ (= 0.03515625)"), "\\frac{9}{256}").correct
    assert RULE.verify(_boxed("\\frac{1}{2} \\text{ (i.e. } 0.5\\text{)}"), "\\frac12").correct
    assert not RULE.verify(_boxed("\\frac{1}{2} \\text{ (i.e. } 0.25\\text{)}"), "\\frac12").correct
    assert RULE.verify(_boxed("-5\\ (\\text{because } -(3 + 2) = -5)"), "-5").correct
