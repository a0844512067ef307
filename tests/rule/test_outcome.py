"""rule.outcome: a rejection is ``different`` only when both sides read into comparable typed values
that differ beyond rounding; everything else is ``unsure``."""

from __future__ import annotations

import time

import pytest

from rlverify.rule.outcome import MAX_SPAN_CHARS, rejection_outcome
from rlverify.verdict import Outcome

DIFFERENT = [
    # (answer, gold, question)
    ("6", "4", None),
    ("-15", "15", None),
    ("\\$720", "360", None),
    ("\\frac{5}{16}", "\\frac{3}{8}", None),
    ("0.65", "\\frac{2}{3}", None),                     # neither rounded nor cut
    ("0.6", "0.5", None),                               # the same precision: must be equal
    ("784", "785.12", None),                            # not 785.12 rounded or cut
    ("7 + \\sqrt{13}", "9.5", None),                    # constant expression (CAS, bounded)
    ("\\frac{1}{8}", "6.67\\%", None),                  # neither 6.67 nor 0.0667
    ("(3, \\sqrt{3})", "(2,-1)", None),                 # tuples of the same arity
    ("[2, 6)", "[2, 5)", None),
    ("\\{937, -\\sqrt{2}, 632\\}", "-\\sqrt{2}", None),  # several values for one
    ("1, 3, 5", "1, 3", None),                          # a set with another member
    ("\\begin{pmatrix}1&3\\\\2&4\\end{pmatrix}", "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}", None),
    ("(B)", "C", "Which? (A) 1 (B) 2 (C) 3"),           # option letters
    ("n = 40", "60", None),                             # an assignment's value
    ("two", "5", None),                                 # a number in words
    ("14 + 18 = 34", "32", None),                       # the value a chain ends on
    ("\\left(\\frac47, 1\\right)", "\\left(\\frac43, 1\\right)", None),  # \\frac43 is 4/3
    ("(-9)^{\\lceil n/2 \\rceil-1} 2 \\lceil \\frac{n}{2} \\rceil",
     "(-1)^{\\lceil n/2 \\rceil-1} 2 \\lceil \\frac{n}{2} \\rceil", None),  # differ at most points
    ("x \\geq 3", "x \\geq 2", None),                    # bounds: same relation and side
    ("m \\neq 5", "m \\neq 1", None),
    ("3", "\\pi", None),                                  # an exact value allows no rounding
    ("y+3x-4=4", "y+3x-4=0", None),                     # equations whose sides are not proportional
    ("1 / 2013!", "1 / 2004!", None),                   # constants too small for a float
    ("x^2+2", "x^2+1", None),                           # expressions in the same symbol
    ("4.6", "3", "Round your answer to the nearest integer."),
    ("5\\text{ m}", "7 m", None),                       # a quantity in the gold's unit
]

UNSURE = [
    ("\\text{the smallest such number}", "12", None),   # free text
    ("0.33", "\\frac{1}{3}", None),                     # agrees within the written rounding
    ("0.66", "\\frac{2}{3}", None),                     # cut at its last digit
    ("300", "299.94", None),                            # an integer rounding a decimal
    ("6 \\frac{1}{64}", "6.01", None),                  # the gold is a cut decimal
    ("(3, 2)", "(2, 3)", None),                         # the same values in another order
    ("(-\\infty, 0)", "(-\\infty, 0]", None),           # the same ends: open or closed may not matter
    ("(1, 2, 3)", "(1, 2)", None),                      # tuples of another arity
    ("1", "1, 3", None),                                # one value of several: incomplete
    ("x + 1", "3", None),                               # types that do not compare
    ("y + 1", "x + 1", None),                           # other symbols
    ("2y+6x-8=0", "y+3x-4=0", None),                    # the same line: proportional sides
    ("(x+1)^2", "x^2+2x+1", None),                      # equal expressions the rules refused
    ("x \\geq 3", "x^2 \\geq 9", None),                  # bounds on other sides
    ("\\text{at least }5", "5", None),                  # a bound, not a value
    ("-4-4i", "5", None),                               # not a real number
    ("B", "12", None),                                  # a letter against a value
    ("5 \\text{ kg}", "5 m", None),                     # other dimensions
    ("3.4", "3", "Round to the nearest integer."),      # within the rounding asked for
    (None, "5", None),
    ("", "5", None),
    ("1" * (MAX_SPAN_CHARS + 1), "5", None),
]


@pytest.mark.parametrize("answer,gold,question", DIFFERENT)
def test_comparable_values_that_differ_are_different(answer, gold, question):
    assert rejection_outcome(answer, gold, question) is Outcome.DIFFERENT


@pytest.mark.parametrize("answer,gold,question", UNSURE)
def test_what_cannot_be_compared_is_unsure(answer, gold, question):
    assert rejection_outcome(answer, gold, question) is Outcome.UNSURE


def test_outcome_is_a_string_enum():
    assert Outcome.DIFFERENT == "different" and str(Outcome.UNSURE) == "unsure"
    assert [o.value for o in Outcome] == ["equal", "different", "unsure"]


@pytest.mark.parametrize("bad", ["\\frac{" * 300, "10^{10^{10^{10}}}", "x^{99999999}", "(" * 200 + "1",
                                 "\\sqrt{" * 100 + "2" + "}" * 100, "__import__('os')", "\x00\ud800"])
def test_hostile_spans_are_bounded_and_never_raise(bad):
    t0 = time.perf_counter()
    assert rejection_outcome(bad, "x^2+1") in (Outcome.DIFFERENT, Outcome.UNSURE)
    assert rejection_outcome(bad, "5") in (Outcome.DIFFERENT, Outcome.UNSURE)
    assert time.perf_counter() - t0 < 10


def test_sets_of_points_and_clock_times_are_decided() -> None:
    """Seeded: a set of points with one point moved is ``different`` (the probe's after_wrong placement at seed 1
    sent ``(12, 1), (1, 7), (22,22)`` for ``(7, 1), (1, 7), (22,22)`` to the judge); the same points reordered are
    not different; points of another arity stay unsure. Clock times: another time is different, the same time
    spelled otherwise is not."""
    import random

    rng = random.Random(21)
    for _ in range(30):
        pts = [(rng.randint(-9, 30), rng.randint(-9, 30)) for _ in range(rng.randint(2, 4))]
        gold = ", ".join(f"({a}, {b})" for a, b in pts)
        moved = list(pts)
        k = rng.randrange(len(moved))
        moved[k] = (moved[k][0] + rng.choice((1, 5, -3)), moved[k][1])
        if sorted(moved) == sorted(pts):
            continue
        for cas in (False, True):
            assert rejection_outcome(", ".join(f"({a},{b})" for a, b in moved), gold, cas=cas) is Outcome.DIFFERENT
            shuffled = rng.sample(pts, len(pts))
            assert rejection_outcome(", ".join(f"({a},{b})" for a, b in shuffled), gold, cas=cas) is not Outcome.DIFFERENT
            triple = ", ".join(f"({a},{b},0)" for a, b in pts)
            assert rejection_outcome(triple, gold, cas=cas) is Outcome.UNSURE
        h, m = rng.randint(1, 12), rng.randint(0, 59)
        mer = rng.choice(("a.m.", "p.m.", "am", "PM"))
        t = f"{h}:{m:02d} {mer}"
        assert rejection_outcome(f"{h % 12 + 1}:{m:02d} {mer}", t) is Outcome.DIFFERENT
        assert rejection_outcome(f"{h}:{m:02d}", t) is not Outcome.DIFFERENT


def test_large_integers_are_compared_exactly() -> None:
    """``1000000000007`` vs ``1000000000004`` differ (the relative float epsilon called them close: the probe's
    after_wrong placement at seed 2 reached the judge); equal integers are not different."""
    import random

    rng = random.Random(22)
    for _ in range(30):
        g = rng.randint(10**9, 10**15)
        d = rng.choice((1, 3, -2, 7))
        assert rejection_outcome(str(g + d), str(g)) is Outcome.DIFFERENT
        assert rejection_outcome(str(g + d), str(g), cas=False) is Outcome.DIFFERENT
        assert rejection_outcome(str(g), str(g)) is not Outcome.DIFFERENT


def test_or_lists_and_zero_denominators_are_decided() -> None:
    """A reference listing equal forms joined by ``\\text{ OR }`` against the same list with one form changed is
    different (the list was read as text: probe seed 2); ``\\frac{5}{0}`` is no finite number."""
    import random

    rng = random.Random(23)
    for _ in range(15):
        a, b = rng.randint(2, 30), rng.randint(2, 9)
        forms = [rf"\frac{{{a * b}}}{{{b}}}", str(a), rf"{a}\cdot 1"]
        joiner = rng.choice((r" \text{ OR } ", r" \text{ or } ", " OR "))
        gold = joiner.join(forms)
        changed = joiner.join([rf"\frac{{{a * b + 1}}}{{{b}}}"] + forms[1:])
        assert rejection_outcome(changed, gold) is Outcome.DIFFERENT, (changed, gold)
        assert rejection_outcome(rf"\left(\frac{{{a}}}{{0}}, 1\right)", rf"\left(\frac{{{a}}}{{{b}}}, 1\right)") is Outcome.DIFFERENT


def test_a_constant_against_an_expression_in_a_free_name_is_different() -> None:
    """Issue 30: no constant equals an expression in a name the question leaves free, so a wrong constant is a
    typed 'different' (never judged); where the question fixes the name, or the expression is constant, unsure."""
    import random

    from rlverify.rule.outcome import Outcome, rejection_outcome

    rng = random.Random(30)
    constants = [r"\frac{250}{101}", r"\sqrt{2}+1", r"3\sqrt{5}", r"\ln 5", "7", "-2", r"\frac{\pi}{7}"]
    for _ in range(25):
        v = rng.choice("xnta")
        a, b = rng.randint(2, 9), rng.randint(1, 9)
        gold = rng.choice([f"{a}{v}+{b}", f"{v}^2+{b}", f"\\frac{{{v}({v}+1)}}{{{a}}}", f"{a}\\sqrt{{{v}}}"])
        c = rng.choice(constants)
        assert rejection_outcome(c, gold, "Find the expression.") is Outcome.DIFFERENT, (c, gold)
        assert rejection_outcome(c, gold, f"Let ${v} = {a}$. Find the value.") is Outcome.UNSURE, (c, gold)
    assert rejection_outcome("3", r"\sin^2 x + \cos^2 x", None) is Outcome.UNSURE   # constant in x


def test_one_value_against_several_is_different_where_the_whole_set_or_a_pair_is_asked() -> None:
    """Issue 30: '1' against '1, 2' when the question asks for all solutions (a part of the set), any number against a
    point or an interval; unsure where one example is asked, without a question, or for a value written twice."""
    import random

    from rlverify.rule.outcome import Outcome, rejection_outcome

    rng = random.Random(7)
    for _ in range(20):
        xs = sorted(rng.sample(range(-9, 10), rng.randint(2, 3)))
        gold = ", ".join(map(str, xs))
        one = str(rng.choice(xs))
        assert rejection_outcome(one, gold, "Find all solutions of the equation.") is Outcome.DIFFERENT, gold
        assert rejection_outcome(one, gold, "Find one solution of the equation.") is Outcome.UNSURE, gold
        assert rejection_outcome(one, gold, None) is Outcome.UNSURE, gold
        assert rejection_outcome(one, f"({xs[0]}, {xs[-1]})", "Find the point.") is Outcome.DIFFERENT
        assert rejection_outcome(one, f"{one}, {one}", "Find all roots.") is Outcome.UNSURE   # one value, twice
