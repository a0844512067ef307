"""Sets of reals in any notation (rule.answers.sets + forms.same_real_set): read into intervals and compared
as sets; near-misses (an end flipped, a singleton dropped, an endpoint moved, an intersection for the union)
stay different, and what is not a set of reals stays unread."""
from __future__ import annotations

import random

import pytest

from rlverify.rule.answers import forms
from rlverify.rule.answers.sets import read_set


pytestmark = pytest.mark.usefixtures("inline")   # conftest: the bounded CAS inline, deterministic under load

GOLD = r"x \le -2 \text{ or } x = 1"
SAME = [r"(-\infty,-2]\cup\{1\}", r"a \leqslant -2 \text{ or } a = 1", r"\{x \mid x \le -2 \lor x = 1\}",
        r"\{t\in\mathbb R : t \le -2 \text{ or } t = 1\}", "(-∞,-2]∪{1}", "(-inf, -2] U {1}", "x <= -2 or x = 1",
        r"x \in \left(-\infty, -2\right] \cup \{1\}", "x ≤ −2 or x = 1", r"\left((-\infty, 1]\right) \setminus (-2, 1)"]
DIFFERENT = [r"(-\infty,-2)\cup\{1\}", r"(-\infty,-2]", r"(-\infty,-3]\cup\{1\}", r"(-\infty,-2]\cap\{1\}",
             r"x < -2 \text{ or } x = 1", r"x \le -2 \land x = 1", r"(-\infty,-2]\cup\{2\}"]


@pytest.mark.parametrize("answer", SAME)
def test_same_set_any_notation(answer):
    assert forms.same_real_set(answer, GOLD, "Find all real x.") is True
    assert forms.same_real_set(GOLD, answer, "Find all real x.") is True


@pytest.mark.parametrize("answer", DIFFERENT)
def test_near_misses_differ(answer):
    assert forms.same_real_set(answer, GOLD, "Find all real x.") is False


@pytest.mark.parametrize("a,g", [
    (r"(-\infty, -6) \cup (-6, \dfrac{3}{2})", r"\{x | x < \frac{3}{2}\} - \{-6\}"),
    (r"(-\infty, -6) \cup (-6, \dfrac{3}{2})", r"\{x | x < \frac{3}{2}\} \setminus \{-6\}"),
    (r"(-\infty, -6) \cup (-6, \dfrac{3}{2})", r"\{x | x < \frac{3}{2}\} \backslash \{-6\}"),
    (r"\mathbb{R}\setminus\{3\}", r"x \neq 3"), ("x != 3", r"x \neq 3"), (r"\mathbb R - \{3\}", r"x \ne 3"),
    (r"(-\infty,3)\cup(3,+\infty)", r"x \neq 3"), ("(-∞,-3)∪(3,+∞)", r"x < -3 \text{ or } x > 3"),
    (r"3<\lambda\le 4", "(3,4]"), (r"x > 0, x \ne 2", r"(0,2)\cup(2,\infty)"), ("x < -1, x > 1", r"(-\infty,-1)\cup(1,\infty)"),
])
def test_difference_complement_and_lists(a, g):
    assert forms.same_real_set(a, g, "Solve the inequality.") is True
    # interval notation on both sides is the core's first; the post-core rescue compares it as sets too
    assert forms.same_set_in_domain("(-∞,-3)∪(3,+∞)", r"(-\infty,-3)\cup(3,\infty)", None) is True
    assert forms.same_real_set("(-∞,-3)∪(3,+∞)", r"(-\infty,-3)\cup(3,\infty)", None) is None


def test_not_sets_stay_unread():
    for text in ("5", r"\frac{1}{2}", "(1, 2, 3)", "|x| < 3", "x + y < 3", r"x < y", r"\{1, 2\} \cup", "x^2 < 4"):
        got = read_set(text)
        assert got is None or got.var is None and got.points_only is False and text.startswith("(") is False, text
    assert forms.same_real_set("x^2 < 4", "(-2, 2)", "Solve.") is None            # not a condition read here
    assert forms.same_real_set(r"x < e", r"(-\infty, e)", "Solve.") is True         # e is the constant
    assert forms.same_real_set(r"x = 1 \text{ or } x = 2", r"\{1, 2\}", None) is None   # values: the core's


def test_points_and_integer_questions_are_left_alone():
    # (1, 2) is a point unless the question asks for a set; reals that differ may hold the same integers
    assert forms.same_real_set("1 < x < 2", "(1, 2)", "Find the point P.") is None
    assert forms.same_real_set("1 < x < 2", "(1, 2)", "Find the interval.") is True
    assert forms.same_real_set(r"n \ge 5", r"n > 4", "Find all integers n.") is None
    assert forms.same_real_set(r"(1,2)", "(1,2)", "Compute it.") is None            # interval notation: the core's


def test_bounded_on_hostile_input():
    rng = random.Random(5)
    alphabet = list("()[]{},<>=-+x123 ") + ["\\cup", "\\cap", "\\{", "\\}", "\\infty", "\\le", " or ", "\\mid",
                                            "\\setminus", "\\frac{1}{2}", "\\sqrt{2}"]
    for _ in range(400):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 40)))
        read_set(text)                                     # never raises
        forms.same_real_set(text, GOLD, None)
    assert read_set("(" * 300 + "1,2" + ")" * 300) is None
    assert read_set(r"\{" + ", ".join(map(str, range(200))) + r"\}") is None   # too many parts or too long


def test_every_real_number_in_words_or_by_membership():
    import random

    from rlverify.rule.compare import compare

    rng = random.Random(15)
    q = "Find all real $x$ such that the inequality holds."
    every = [r"\text{all real numbers}", r"\text{every real number}", r"\text{all real } x", r"\text{any real } x",
             r"\text{all real values of } x", r"x \in \mathbb{R}", r"\text{all } x \in \mathbb{R}", r"\mathbb{R}",
             r"(-\infty, \infty)", r"(-\infty, +\infty)", "x \u2208 \u211d"]
    almost = [r"(-\infty, 0) \cup (0, \infty)", r"\mathbb{R} \setminus \{0\}", r"x > 0", r"[0, \infty)", r"x \neq 1"]
    for _ in range(60):
        a, g = rng.sample(every, 2)
        assert compare(a, g, q).equal, (a, g)
        assert not compare(a, rng.choice(almost), q).equal, a
