"""A closing re-check that confirms the answer is no retraction (issue 29, differential testing against
Math-Verify on frontier-style endings). Two families were read as a withdrawn answer (flag ``retracted``, a hedge,
rejected) where Math-Verify accepts:

1. "So the answer is $12$.\\n\\nHmm, let me recheck the second case: $2 \\cdot 7 - 3 = 11$. Good, consistent." -- 'recheck'
   is a cue of doubt, and the check that follows it was not known as one (only 'check', 'double-check', 'verify' ...
   were), so the numbers it names were read as a new answer.
2. An answer written as a LaTeX fraction and restated after the cue ("Wait, let me make sure about the indexing ...
   Yes, the answer is $\\boxed{\\frac{3}{5}}$", or the box the corrected step ends on): the numbers named after the cue
   were read one digit string at a time (3, 5), so the answer 3/5 was never seen restated.

Seeded over real references of MATH-500 (integers and fractions), with near-miss twins: a re-check that ends on
another value ('so the answer is actually ...') or corrects ('gives 12, not ...') stays a retraction; a corrected step
that ends on another fraction is rejected.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from pathlib import Path

import pytest

from rlverify import get_verifier
from rlverify.analysis.attacks import load_problems

DATA = Path(__file__).resolve().parents[2] / "data" / "problems"
_FRAC_RE = re.compile(r"(-?)\\[dt]?frac\{(\d+)\}\{(\d+)\}")

_WORKING = ("We set up the recurrence. Let $a_1 = 3$ and $a_2 = 7$, so that $a_1 + a_2 = 10$.\n\nNext, $a_3 = 2a_2 - a_1 = "
            "11$, and in general $a_n = 4n - 1$.\n\n")


def _golds(kind: str, n: int, seed: int) -> list[str]:
    golds = sorted({p.gold.strip() for p in load_problems(DATA / "math500.jsonl.gz")})
    if kind == "int":
        golds = [g for g in golds if re.fullmatch(r"-?\d+", g) and abs(int(g)) > 12]
    else:
        golds = [g for g in golds if _FRAC_RE.fullmatch(g)]
    return random.Random(seed).sample(golds, n)


def _other_fraction(g: str, rng: random.Random) -> str:
    sign, p, q = _FRAC_RE.fullmatch(g).groups()
    while True:
        p2 = int(p) + rng.choice((1, 2, 3))
        if Fraction(p2, int(q)) != Fraction(int(p), int(q)):
            return f"{sign}\\frac{{{p2}}}{{{q}}}"


_RECHECKS = ("Hmm, let me recheck the second case: $2 \\cdot 7 - 3 = 11$. Good, consistent.",
             "Let me re-check with $n = 3$: $4 \\cdot 3 - 1 = 11$, which matches $a_3$.",
             "Let me quickly recheck the sum: $3 + 7 = 10$, as computed. Everything is fine.",
             "Let me re-check the indexing: $a_1 = 3$ and $a_2 = 7$ \u2713")
_STATED = ("So the answer is ${}$.", "Therefore, the answer is $\\boxed{{{}}}$.", "**Final answer:** ${}$")


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule")


@pytest.mark.parametrize("seed", [0, 1])
def test_a_recheck_that_confirms_keeps_the_answer(rule, seed):
    rng = random.Random(seed)
    missed, accepted = [], []
    for g in _golds("int", 10, seed) + _golds("frac", 10, seed):
        stated = rng.choice(_STATED).format(g)
        response = _WORKING + stated + "\n\n" + rng.choice(_RECHECKS)
        if not rule.verify(response, g).correct:
            missed.append((g, response[-200:]))
        # twins: the re-check ends on another value, or corrects the answer
        other = str(int(g) + rng.choice((1, 2, 5))) if "frac" not in g else _other_fraction(g, rng)
        for tail in (f"Hmm, let me recheck the second case: $2 \\cdot 7 - 3 = 11$, so the answer is actually ${other}$.",
                     f"Let me re-check with $n = 3$: this gives ${other}$, not ${g}$."):
            if rule.verify(_WORKING + stated + "\n\n" + tail, g).correct:
                accepted.append((g, tail))
    assert not missed, missed
    assert not accepted, accepted


@pytest.mark.parametrize("seed", [0, 1])
def test_a_fraction_restated_after_a_cue_is_the_answer(rule, seed):
    rng = random.Random(seed)
    missed, accepted = [], []
    for g in _golds("frac", 12, seed):
        shapes = (f"$$\\boxed{{{g}}}$$\n\nWait, let me make sure about the indexing: $a_1 = 3$, $a_2 = 7$. Yes, the "
                  f"answer is $\\boxed{{{g}}}$.",
                  f"Wait, I made an arithmetic slip above: $a_3 = 11$, not $12$. Redoing the last step gives\n\n"
                  f"$$\\boxed{{{g}}}$$",
                  f"The answer is ${g}$.\n\nWait, let me make sure about the indexing: $a_1 = 3$, $a_2 = 7$. Yes, it is "
                  f"${g}$.")
        k = rng.randrange(len(shapes))
        if not rule.verify(_WORKING + shapes[k], g).correct:
            missed.append((g, shapes[k][-160:]))
        other = _other_fraction(g, rng)
        twins = (f"The answer is ${g}$.\n\nWait, I made an arithmetic slip: redoing the last step gives ${other}$.",
                 f"$$\\boxed{{{g}}}$$\n\nWait, let me make sure about the indexing: $a_1 = 3$, $a_2 = 7$. So the answer "
                 f"is $\\boxed{{{other}}}$.")
        for t in twins:
            if rule.verify(_WORKING + t, g).correct:
                accepted.append((g, t[-160:]))
    assert not missed, missed
    assert not accepted, accepted
