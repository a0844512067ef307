"""A list of values after a weak link ("one of", "either") is a hedge, also when the values carry units and
the reference's own value is among them (the probe's hedging family found ``\\boxed{\\text{one of } 20\\text{
miles}+1, 2\\left(20\\text{ miles}\\right), 20\\text{ miles}}`` accepted for ``20\\text{ miles}``). Seeded over the
problem sets' references with a unit in the gold text, and over plain numeric ones."""

from __future__ import annotations

import random

import pytest

from rlverify import get_verifier, warm_up
from rlverify.analysis.metamorphic import load_references


@pytest.fixture(scope="module")
def rule():
    warm_up()
    return get_verifier("rule")


_LISTS = (r"\text{one of } {g}+1, 2\left({g}\right), {g}", r"\text{one of } {g}, {g}+1",
          r"\text{either } {g} \text{ or } 2\left({g}\right)", r"\text{any of } 2\left({g}\right), {g}",
          r"\text{the answer is one of } {g}+1, {g}")


def test_value_lists_after_a_weak_link_are_rejected(rule) -> None:
    refs = [r for r in load_references() if "\\text" in r.gold and any(c.isdigit() for c in r.gold) and len(r.gold) < 60]
    plain = [r for r in load_references() if r.gold.strip().isdigit()]
    assert len(refs) >= 5 and len(plain) >= 100
    rng = random.Random(8)
    cases = [(ref.gold.strip().strip("$"), ref.question) for ref in refs]
    for ref in rng.sample(plain, 40):   # the same golds with a unit attached, as datasets write them
        unit = rng.choice(("miles", "cm", "dollars", "degrees", "square units", "m/s"))
        cases.append((ref.gold.strip() + rng.choice(("\\text{ %s}", "\\ \\text{%s}", "\\,\\mathrm{%s}")) % unit, ref.question))
    bad = []
    for g, question in cases:
        for form in _LISTS:
            answer = form.replace("{g}", g)
            v = rule.verify(f"The final answer is $\\boxed{{{answer}}}$.", g, question)
            if v.correct:
                bad.append((answer, g))
        assert rule.verify(f"The final answer is $\\boxed{{{g}}}$.", g, question).correct, g
    assert not bad, bad[:5]
