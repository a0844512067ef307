"""A doubt answered 'Yes: ...' confirms the answer (issue 29, differential testing against Math-Verify on
frontier-style endings): "So the answer is $12$.\\n\\nWait, is $a_3$ really $11$? Yes: $2 \\cdot 7 - 3 = 11$." was read
as a withdrawn answer for 59 of 59 references in the probe (Math-Verify accepts): 'Yes:' read as a lead-in that
declares the value after it (11) as a later answer, and the question itself read as a concluding statement ('a_3').
An affirmation alone ('Yes:', 'Yes,', 'Indeed,', 'Right:') is no lead-in: it answers the question before it; and a
sentence that ends with a question mark states no conclusion.

Seeded over real MATH-500 references (integers, fractions) x 3 statements x 3 questions x 4 affirmations; twins: the
doubt answered 'No:' with a new answer, rejected; an affirmation that goes on to declare another answer ('Yes, so the
answer is X'), rejected.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from rlverify import get_verifier
from rlverify.analysis.attacks import load_problems

DATA = Path(__file__).resolve().parents[2] / "data" / "problems"
_WORKING = ("We set up the recurrence. Let $a_1 = 3$ and $a_2 = 7$, so that $a_1 + a_2 = 10$.\n\nNext, $a_3 = 2a_2 - a_1 = "
            "11$, and in general $a_n = 4n - 1$.\n\n")
_STATED = ("So the answer is ${}$.", "Therefore, the answer is $\\boxed{{{}}}$.", "**Answer: ${}$**")
_QUESTIONS = ("Wait, is $a_3$ really $11$?", "Hmm, is the sum $a_1 + a_2$ really $10$?", "Wait, does $a_2 = 7$ hold?")
_AFFIRMATIONS = ("Yes: $2 \\cdot 7 - 3 = 11$.", "Yes, $3 + 7 = 10$.", "Indeed, $a_2 = 2 \\cdot 3 + 1 = 7$.",
                 "Right: $4 \\cdot 2 - 1 = 7$.")


def _golds(n: int, seed: int) -> list[str]:
    golds = sorted({p.gold.strip() for p in load_problems(DATA / "math500.jsonl.gz")})
    golds = [g for g in golds if re.fullmatch(r"-?\d+|\\frac\{\d+\}\{\d+\}", g) and g not in {"3", "7", "10", "11", "1", "2"}]
    return random.Random(seed).sample(golds, n)


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule")


@pytest.mark.parametrize("seed", [0, 1])
def test_a_doubt_answered_yes_keeps_the_answer(rule, seed):
    rng = random.Random(seed)
    missed, accepted = [], []
    for g in _golds(16, seed):
        stated, question = rng.choice(_STATED).format(g), rng.choice(_QUESTIONS)
        response = f"{_WORKING}{stated}\n\n{question} {rng.choice(_AFFIRMATIONS)}"
        if not rule.verify(response, g).correct:
            missed.append((g, response[-160:]))
        for end in ("No: $a_3 = 12$, so the answer is $13$.", "Yes, so the final answer is $13$."):
            twin = f"{_WORKING}{stated}\n\n{question} {end}"
            if g != "13" and rule.verify(twin, g).correct:
                accepted.append((g, twin[-160:]))
    assert not missed, missed
    assert not accepted, accepted
