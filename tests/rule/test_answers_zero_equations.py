"""An equation set to zero (a product or a sum with a constant term and a variable) is a condition, not the value
0: found by the frontier-ending generator (near_frontier_ending: 'x^{0}(y^2+y-6)=0' accepted for the reference
'x^2(y^2+y-6)=0', because both sides were read as their right side, 0)."""
from __future__ import annotations

import random

from rlverify.rule.verifier import RuleVerifier


def _factor(rng: random.Random) -> str:
    v = rng.choice("xyz")
    return rng.choice((f"({v}+{rng.randint(1, 9)})", f"({v}^2-{rng.randint(1, 9)})", f"{v}^{rng.randint(2, 4)}"))


def test_zero_set_equations_are_not_the_value_zero() -> None:
    v = RuleVerifier()
    rng = random.Random(8)
    for _ in range(40):
        gold = "".join(_factor(rng) for _ in range(2)) + "=0"
        other = "".join(_factor(rng) for _ in range(2)) + "=0"
        if other.replace(" ", "") == gold:
            continue
        assert v.verify(f"$\\boxed{{{gold}}}$", gold).correct, gold
        for wrong in (other, "z = 0", f"y^2 + {rng.randint(1, 9)} = 0"):
            assert not v.verify(f"$\\boxed{{{wrong}}}$", f"${gold}$").correct, (wrong, gold)
        # an equation answered against a value 0: not the value
        assert not v.verify(f"$\\boxed{{{gold}}}$", "0").correct, gold
    # the value 0 stated by a name, a sum asked for, or a chain still reads 0
    for response in ("$\\boxed{a_n = 0}$", "$\\boxed{a+b=0}$", "$\\boxed{x = 5 - 5 = 0}$", "$\\boxed{f(2) = 0}$"):
        assert v.verify(response, "0").correct, response
