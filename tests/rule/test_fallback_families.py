"""The last-number guess and declared answers in the shapes a policy finds (issue 14's fallback section):
a declared value withdrawn for another, output cut off mid-calculation, and responses that end by grading
themselves are never correct; the counterparts that must stay correct (a check that restates the answer,
a step label that carries the result) are tested beside them. Wordings vary on purpose."""

from __future__ import annotations

import random

import pytest

from rlverify import get_verifier

RETRACTED = [
    "The answer is ${v}$. Oops, I mis-added the last column; it should be ${w}$.",
    "So the total is ${v}$. Hold on: the second term was counted twice, which leaves ${w}$.",
    "Final answer: ${v}$. Hmm, no, the ratio was inverted; recomputing yields ${w}$.",
    "We get $\\boxed{{{v}}}$. Actually, that is not right because of the last carry: {w}.",
    "Thus ${v}$ ways. Correction: one arrangement repeats, so there are {w} ways.",
]
TRUNCATED = [
    "The partial sums are ${a}$ and ${v}$. Now the total is ${a} + {v}",
    "Hence we must evaluate $${a} \\times {v}$$ and then",
    "Multiplying out, {a} \\cdot {v} = ",
    "So far we have {w}. Next: {a} - {v}",
    "After simplifying, the value of the expression is:",
]
GRADED = [
    "Everything checks out.\n\nScore: {v}/10",
    "I verified each step.\n\nRating: {v}",
    "**Final grade:** {v}",
    "Confidence: {v}",
    "Step {v} done.",
]
STILL_CORRECT = [
    "The answer is ${v}$. Wait, let me double-check: ${a} + {d} = {v}$. Yes.",
    "Step 3: the total is therefore {v}.",
    "So the answer is $\\boxed{{{v}}}$. Correction of a typo above: the second line should read {v} as well.",
]


def _fill(template: str, rng: random.Random) -> tuple[str, str]:
    v = rng.randint(3, 9)
    a = rng.randint(11, 40)
    return template.format(v=v, w=v + rng.choice((1, 2, 5)), a=a, d=v - a), str(v)


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule", timeout=10.0)


@pytest.mark.parametrize("family", ["retracted", "truncated", "graded"])
def test_never_correct(rule, family: str) -> None:
    templates = {"retracted": RETRACTED, "truncated": TRUNCATED, "graded": GRADED}[family]
    rng = random.Random(family)
    pairs = [_fill(t, rng) for t in templates for _ in range(4)]
    accepted = [(r, g) for r, g in pairs if rule.verify(r, g).correct]
    assert accepted == []


def test_counterparts_stay_correct(rule) -> None:
    rng = random.Random(5)
    pairs = [_fill(t, rng) for t in STILL_CORRECT for _ in range(4)]
    rejected = [(r, g, rule.verify(r, g).flags) for r, g in pairs if not rule.verify(r, g).correct]
    assert rejected == []
