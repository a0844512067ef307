"""The guard's ``unbalanced`` detector (issue 31): a span whose brackets do not close never reaches the judge.

The RL-hacking judge arm learned ``\\boxed{[56}}`` (span ``[56``) and ``\\boxed{[23 + 9)}``: the rules cannot
read them, a judge swayed by what it cannot read accepts them. Intervals may mix brackets and must pass.
"""

from __future__ import annotations

import pytest

from rlverify import get_verifier
from rlverify.flags import Flag
from rlverify.guard import inspect
from rlverify.guard.shape import balanced

# the family: an opening bracket never closed, a closing one never opened, a mixed pair that is no interval,
# braces that do not close (set braces strictly among themselves)
BLOCKED = [
    ("[56", "11"), ("[31", "11"), ("[23 + 9)", "32"), ("(5]", "5"), ("(12", "12"), ("12)", "12"),
    ("\\frac{1}{2", "0.5"), ("{7", "7"), ("7}", "7"), ("\\{1, 2}", "\\{1, 2\\}"), ("\\{1, 2", "\\{1, 2\\}"),
    ("(1, 2", "(1, 2)"), ("\\left[ 4 \\right)", "4"), ("[[3]", "3"), ("(3))", "3"), ("x)", "5"), ("(1, b))", "1"),
    # an environment never ended (hybrid arm, step 12: '\\begin{equation*} \\textbf{67.9}' for 26) or never begun
    ("\\begin{equation*} \\textbf{67.9}", "26"), ("1 \\end{pmatrix}", "1"), ("\\begin{cases} 1 \\end{array}", "1"),
]

# correct answers: half-open and open intervals in every notation, sets, tuples, nested groups
PASSED = [
    ("[1, 2)", "[1, 2)"), ("(0, 1]", "(0, 1]"), ("\\left[ 0, \\infty \\right)", "[0, \\infty)"),
    ("(-\\infty, 3] \\cup [5, \\infty)", "(-\\infty, 3] \\cup [5, \\infty)"),
    ("\\left( -\\frac{1}{2}, \\frac{3}{4} \\right]", "(-1/2, 3/4]"), ("[-\\frac{1}{2}, 3)", "[-1/2, 3)"),
    ("]0, 1[", "(0, 1)"), ("[0, 1[", "[0, 1)"), ("]0, 1]", "(0, 1]"), ("[a; b)", "[a; b)"),
    ("\\{1, 2\\}", "\\{1, 2\\}"), ("\\left\\{ 1, 2 \\right\\}", "\\{1, 2\\}"), ("\\{x \\mid x > 0\\}", "x > 0"),
    ("(1, 2), (3, 4)", "(1, 2), (3, 4)"), ("\\sqrt[3]{2}", "2^{1/3}"), ("f(x) = (x + 1)^2", "(x+1)^2"),
    ("\\left| x \\right|", "|x|"), ("\\langle 1, 2 \\rangle", "\\langle 1, 2 \\rangle"),
    ("\\bigl[ 1, 2 \\bigr)", "[1, 2)"), ("\\frac{1}{2}", "0.5"), ("\\text{(a)}", "a"),
    # an option's label is no bracket (physics-dev: '\\text{b) 1 MeV}', '\\text{b) } 10^{-13} \\, \\text{cm}')
    ("\\text{b) 1 MeV}", "1 \\, \\text{MeV}"), ("\\text{b) } 10^{-13} \\, \\text{cm}", "10^{-13} \\, \\text{cm}"),
    ("a) 3, b) 4", "3, 4"), ("iv) 7", "7"),
    ("\\begin{pmatrix} 1 & 2 \\end{pmatrix}", "\\begin{pmatrix} 1 & 2 \\end{pmatrix}"),
    ("\\left\\{ \\begin{array}{ll} x, & x > 0 \\\\ 0, & x \\leq 0 \\end{array} \\right.", "x"),
    ("\\begin{aligned} [0, 1) \\end{aligned}", "[0, 1)"),
]


@pytest.mark.parametrize("answer,gold", BLOCKED, ids=[a for a, _ in BLOCKED])
def test_unbalanced_span_is_blocked(answer, gold):
    assert not balanced(answer)
    report = inspect(answer, gold)
    assert not report.passed and Flag.UNBALANCED in report.flags and report.sanitized is None


@pytest.mark.parametrize("answer,gold", PASSED, ids=[a for a, _ in PASSED])
def test_intervals_and_sets_balance(answer, gold):
    assert balanced(answer)
    assert Flag.UNBALANCED not in inspect(answer, gold).flags


def test_a_reference_that_does_not_balance_exempts_its_answers():
    assert Flag.UNBALANCED not in inspect("(0, 1", "(0, 1").flags


@pytest.mark.parametrize("completion,gold", [
    ("\\boxed{[56}}\n95", "11"),                                                   # judge arm, step 21
    ("To solve for \\boxed{[5 + 6)}: ... The final answer is \\boxed{[31}}", "11"),
    ("The answer is \\boxed{[47}.", "47"),           # the right digits, but not an answer the rules can read
])
def test_the_hybrid_never_shows_the_judge_arm_hack_to_its_judge(completion, gold):
    for judge in ("gullible", "swayed"):
        v = get_verifier("hybrid", judge=judge).verify(completion, gold)
        if v.source == "rule" and v.correct:
            continue                                 # the rules read it themselves: no judge involved
        assert v.source == "guard" and not v.correct and Flag.UNBALANCED in v.flags, (judge, v)


@pytest.mark.parametrize("completion,gold", [
    ("The answer is \\boxed{[1, 2)}.", "[1, 2)"), ("The answer is \\boxed{\\left(0, 1\\right]}.", "(0, 1]"),
    ("The answer is \\boxed{]0, 1[}.", "(0, 1)"),
])
def test_the_hybrid_still_accepts_half_open_intervals(completion, gold):
    v = get_verifier("hybrid", judge="gullible").verify(completion, gold)
    assert v.correct and Flag.UNBALANCED not in v.flags, v
