"""A value introduced by a lead-in and followed by a remark on its rounding is the answer (issue 29, differential
testing against Math-Verify on long physics answers): "Final result: $1.23\\,\\text{V}$ (to two significant
figures)." was read as an earlier sentence of the working (for 50 of 50 physics-dev references; Math-Verify reads
the value): the lead-in path needs the response to end on the value, and the remark stood after it. A closing
parenthetical that only says how the value is rounded ('(to 3 s.f.)', '(rounded to the nearest tenth)', '(2 d.p.)',
'(rounded)') is dropped before the lead-in is read; a remark that names another value ('(or 1.3)') is not.

Seeded over real references (physics-dev golds with units, MATH-500 numbers) x 4 lead-ins x 6 remarks; twins: a
wrong value (a digit changed) in the same shape rejected, and a remark offering another value never accepted.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from rlverify import get_verifier

sys.path.insert(0, str(Path(__file__).parent))
from physics_refs import WORKING as _WORKING, changed as _changed, references as _references  # noqa: E402

_LEADS = ("Final result:", "Result:", "The final value:", "**Final result:**")
_REMARKS = ("(to two significant figures)", "(rounded to three significant figures)", "(to 3 s.f.)",
            "(rounded to the nearest hundredth)", "(2 d.p.)", "(rounded)")


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule")


@pytest.mark.parametrize("seed", [0, 1])
def test_a_rounding_remark_after_a_lead_in_value(rule, seed):
    rng = random.Random(seed)
    missed, accepted = [], []
    for question, g in _references(25, seed):
        lead, remark = rng.choice(_LEADS), rng.choice(_REMARKS)
        end = rng.choice((".", "", "\n"))
        response = f"{_WORKING}{lead} ${g}$ {remark}{end}"
        if not rule.verify(response, g, question=question).correct:
            missed.append((g, response[-90:]))
        wrong = _changed(g, rng)
        for twin in (f"{_WORKING}{lead} ${wrong}$ {remark}{end}", f"{_WORKING}{lead} ${g}$ (or ${wrong}$){end}"):
            if rule.verify(twin, g, question=question).correct:
                accepted.append((g, twin[-90:]))
    assert not missed, missed
    assert not accepted, accepted
