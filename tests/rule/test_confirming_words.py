"""A closing check confirmed in plain words is no retraction (issue 29, differential testing against Math-Verify on
frontier-style endings): after a stated answer, a short check that names a few numbers and ends "Yes.", "That's
fine.", "It works.", "Confirmed.", "as used", or that is written as a gerund ("Rechecking the computation of $a_3$:
...", "Verifying: ..."), or as a question on a math span ("Is $a_3$ really $11$? ... Yes.") was read as a
withdrawn answer (flags hedge+retracted, rejected) for 46-49 of 59 references a shape; Math-Verify accepts them.

Seeded over real MATH-500 references (integers and fractions): statement x opening of the check x its body x its
confirming word, all accepted; twins: the same check that ends on a correction ('No, ... so the answer is X'),
or on a new value declared as the answer, rejected.
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
_STATED = ("So the answer is ${}$.", "Therefore, the answer is $\\boxed{{{}}}$.", "**Answer: ${}$**",
           "$$\\boxed{{{}}}$$")
_OPENINGS = ("Hold on, I should verify the base case $n = 1$:", "Wait, let me recount the terms:",
             "Rechecking the computation of $a_3$:", "Wait\u2014let me double check $a_2$.", "Verifying the sum:",
             "Hmm, is $a_3$ really $11$?")
_BODIES = ("$a_1 = 3$, $a_2 = 7$, $a_3 = 11$.", "$2 \\cdot 7 - 3 = 11$.", "$3 + 7 = 10$.")
_CONFIRMS = ("Yes.", "That's fine.", "It works.", "Confirmed.", "Everything is as used above.", "Right.")


def _golds(n: int, seed: int) -> list[str]:
    golds = sorted({p.gold.strip() for p in load_problems(DATA / "math500.jsonl.gz")})
    golds = [g for g in golds if re.fullmatch(r"-?\d+|-?\\frac\{\d+\}\{\d+\}", g) and g not in {"3", "7", "10", "11"}]
    return random.Random(seed).sample(golds, n)


def _other(g: str, rng: random.Random) -> str:
    m = re.fullmatch(r"(-?)\\frac\{(\d+)\}\{(\d+)\}", g)
    if m is None:
        return str(int(g) + rng.choice((1, 2, 5)))
    return f"{m.group(1)}\\frac{{{int(m.group(2)) * 2 + 1}}}{{{int(m.group(3)) * 2}}}"


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_check_confirmed_in_words_keeps_the_answer(rule, seed):
    rng = random.Random(seed)
    missed, accepted = [], []
    for g in _golds(16, seed):
        stated = rng.choice(_STATED).format(g)
        opening, body = rng.choice(_OPENINGS), rng.choice(_BODIES)
        response = f"{_WORKING}{stated}\n\n{opening} {body} {rng.choice(_CONFIRMS)}"
        if not rule.verify(response, g).correct:
            missed.append((g, response[-200:]))
        other = _other(g, rng)
        for end in (f"No: the last step was wrong, so the answer is ${other}$.",
                    f"Yes, so the final answer is ${other}$."):
            twin = f"{_WORKING}{stated}\n\n{opening} {body} {end}"
            if rule.verify(twin, g).correct:
                accepted.append((g, twin[-200:]))
    assert not missed, missed
    assert not accepted, accepted
