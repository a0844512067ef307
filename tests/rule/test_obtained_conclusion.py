"""A concluding sentence whose connective is followed by a verb of obtaining states its value (issue 29,
differential testing against Math-Verify on long physics answers): "So we get $4.5\\,\\text{V}$. This value is
consistent with the estimate." and "Thus we obtain $X$ approximately." were read as a sentence of the working
paragraph above ('v = 3 m/s', for 31 and 50 of 50 physics-dev references; Math-Verify reads the value): the
conclusion reader took a value right after the connective, or a copula's, and 'we get' / 'we obtain' / 'this gives'
left the last paragraph without a reading. Now the value after such a verb is read when it is the only value said.

Also after a clause of method in words and no connective ("Substituting the numbers, we obtain $X$ approximately.").

Seeded over real references (physics-dev golds with units, MATH-500 numbers): 4 connectives (or 5 clauses of
method) x 5 verbs x 4 closings;
twin: a digit changed in the same shape, rejected. (A sentence naming two values, '... gives $63$ for the first
part and $73$ for the second', is read as its first value, as before this change: not this family.)
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from rlverify import get_verifier

sys.path.insert(0, str(Path(__file__).parent))
from physics_refs import WORKING as _WORKING, changed as _changed, references as _references  # noqa: E402

_CONNECTIVES = ("So", "Thus", "Hence", "Therefore")
_VERBS = ("we get", "we obtain", "we find", "this gives", "we finally get")
_CLOSINGS = (".", " approximately.", ". This value is consistent with the order-of-magnitude estimate.",
             ". This is reasonable for such a setup.")


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule")


@pytest.mark.parametrize("seed", [0, 1])
def test_a_value_obtained_in_the_concluding_sentence(rule, seed):
    rng = random.Random(seed)
    missed, accepted = [], []
    for question, g in _references(25, seed):
        head = f"{rng.choice(_CONNECTIVES)} {rng.choice(_VERBS)} "
        closing = rng.choice(_CLOSINGS)
        response = f"{_WORKING}{head}${g}${closing}"
        if not rule.verify(response, g, question=question).correct:
            missed.append((g, response[-100:]))
        wrong = _changed(g, rng)
        twin = f"{_WORKING}{head}${wrong}${closing}"
        if rule.verify(twin, g, question=question).correct:
            accepted.append((g, twin[-100:]))
    assert not missed, missed
    assert not accepted, accepted


_METHODS = ("Substituting the numbers,", "Plugging in the values,", "Using the formula above,", "Combining the two results,",
            "With these values,")


@pytest.mark.parametrize("seed", [0, 1])
def test_a_value_obtained_after_a_clause_of_method(rule, seed):
    """'Substituting the numbers, we obtain $X$ approximately.': no connective, a clause of method in words (no
    value in it), then the value obtained (50 of 50 physics-dev references were read as the working above). 'Using the
    formula above, we get $X$' was a hedge: 'above' read as a bound; followed by a comma it is the text's."""
    rng = random.Random(seed)
    missed, accepted = [], []
    for question, g in _references(25, seed):
        head = f"{rng.choice(_METHODS)} {rng.choice(_VERBS)} "
        closing = rng.choice(_CLOSINGS)
        if not rule.verify(f"{_WORKING}{head}${g}${closing}", g, question=question).correct:
            missed.append((g, head))
        for twin in (f"{_WORKING}{head}${_changed(g, rng)}${closing}",
                     f"{_WORKING}{rng.choice(_METHODS)} the value is above ${g}$."):   # a bound, not the value
            if rule.verify(twin, g, question=question).correct:
                accepted.append((g, twin[-100:]))
    assert not missed, missed
    assert not accepted, accepted
