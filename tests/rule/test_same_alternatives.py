"""A reference written as alternatives ('-12 \\text{ or } -30'): an answer stating the same alternatives in prose is
that reference, not a hedge; a changed, missing or extra alternative is not (found by the frontier-ending
generator: the unboxed 'The answer is $-12 \\text{ or } -30$.' was read as a hedge)."""
from __future__ import annotations

import random

from rlverify.rule.verifier import RuleVerifier


def test_the_references_alternatives_stated_in_prose() -> None:
    v = RuleVerifier()
    rng = random.Random(12)
    for _ in range(30):
        a, b = rng.sample(range(-40, 41), 2)
        gold = rng.choice(("{a} \\text{{ or }} {b}", "{a} \\text{{ OR }} {b}", "{a} or {b}")).format(a=a, b=b)
        x, y = (a, b) if rng.random() < 0.5 else (b, a)
        lead = rng.choice(("The answer is ${x} \\text{{ or }} {y}$.", "So the value is ${x}$ or ${y}$."))
        assert v.verify("We solve the quadratic.\n\n" + lead.format(x=x, y=y), gold).correct, (lead, gold)
        c = rng.choice([k for k in range(-40, 41) if k not in (a, b)])
        for wrong in ((x, c), (c, y)):
            assert not v.verify("We solve it.\n\n" + lead.format(x=wrong[0], y=wrong[1]), gold).correct
        assert not v.verify(f"We solve it.\n\nThe answer is ${a} \\text{{ or }} {b}$.", str(a)).correct
