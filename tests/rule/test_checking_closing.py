"""A closing check that states the answer ('Checking, $-2$ and $1$ are both valid solutions.') is the answer, not
a confirming check to drop, seeded; a check that confirms a stated answer is still dropped, and the wrong list is
not equal."""

from __future__ import annotations

import random

from rlverify.rule.compare import compare
from rlverify.rule.extract import extract_answer

_LEADS = ["Checking, ", "Checking: ", "Checking both, ", "Verification: ", "Checking in the original equation, "]
_TAILS = ["are both valid solutions.", "both work.", "both satisfy the equation.", "are both solutions."]


def test_a_check_that_states_the_values():
    rng = random.Random(19)
    q = "Find all real solutions of the equation."
    for _ in range(80):
        a, b = rng.sample(range(-20, 21), 2)
        text = (f"We factor the quadratic and solve each factor.\n\n{rng.choice(_LEADS)}${a}$ and ${b}$ "
                f"{rng.choice(_TAILS)}")
        ex = extract_answer(text)
        assert ex.answer is not None and "hedge" not in ex.flags, (text, ex)
        assert compare(ex.answer, f"{a}, {b}", q).equal, (text, ex)
        assert not compare(ex.answer, f"{a}, {b + 1}", q).equal, (text, ex)


def test_a_confirming_check_is_still_dropped():
    ex = extract_answer("Therefore the answer is $\\boxed{7}$.\n\nChecking: $3 + 4 = 7$ holds.")
    assert ex.answer == "7"
