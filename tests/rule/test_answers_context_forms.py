"""answers.forms and answers._forms_cas: multi-part answers, functions, relations, solution families, sets."""

from __future__ import annotations

import pytest

from rlverify.rule.answers import _forms_cas as cas
from rlverify.rule.answers import forms


pytestmark = pytest.mark.usefixtures("inline")   # conftest: the bounded CAS inline, deterministic under load


def _eq(a: str, g: str) -> bool:
    return a.replace(" ", "") == g.replace(" ", "")


def test_parse_parts():
    p = forms.parse_parts(r"x = 1 \text{ or } x = 4")
    assert p is not None and [(x.label, x.value) for x in p.items] == [("x", "1"), ("x", "4")] and p.connective == "or"
    p = forms.parse_parts(r"\{1, 4\}")
    assert p is not None and p.enclosure == "{}" and len(p.items) == 2
    p = forms.parse_parts(r"1, 2, \text{and } 3")
    assert p is not None and [x.value for x in p.items] == ["1", "2", "3"]
    assert forms.parse_parts("5") is None
    assert forms.parse_parts(",".join(["1"] * 40)) is None          # too many parts: not split


def test_function_rhs():
    assert forms.function_rhs("g(t) = 3t - 1") == "3t - 1"
    assert forms.function_rhs("f(x, y) = x+y") == "x+y"
    assert forms.function_rhs("3t-1") is None and forms.function_rhs("f(2) = 5") is None


@pytest.mark.parametrize("a,g,q,want", [
    ("p = 2, q = 5", "(2, 5)", "Find the ordered pair (p, q).", True),
    ("p = 5, q = 2", "(2, 5)", "Find the ordered pair (p, q).", False),
    ("q = 5, p = 2", "(2, 5)", "Find p and q.", True),
    ("(2, 5)", "p = 2, q = 5", "Find p and q.", True),
    ("p = 2, q = 5", "(2, 5)", None, None),                 # no order defined: not decided here
    (r"x = 1 \text{ or } x = 4", "1, 4", None, True),
    (r"x = 4 \text{ or } x = 1", "1, 4", None, True),
    (r"x = 1 \text{ or } x = 3", "1, 4", None, False),
    (r"2 \text{ and } 5", "2, 5", "Find the two numbers.", True),
    ("3, 2", "2, 3", "Determine the values of A and B.", False),   # a list keeps its order...
    ("3, 2", "2, 3", "Find all real solutions.", True),            # ...unless a set is asked for
    ("y = 3, x = 2", "x = 2, y = 3", None, True),
    ("y = 2, x = 3", "x = 2, y = 3", None, False),
])
def test_compare_parts(a, g, q, want):
    assert forms.compare_parts(a, g, q, _eq) is want


def test_compare_labelled():
    assert forms.compare_labelled("y = 3, x = 2", "x = 2, y = 3", _eq) is True
    assert forms.compare_labelled("y = 2, x = 3", "x = 2, y = 3", _eq) is False
    assert forms.compare_labelled("a = 2, b = 3", "x = 2, y = 3", _eq) is None
    assert forms.compare_labelled("x = 1, x = 2", "x = 1, x = 2", _eq) is None
    assert forms.compare_labelled("q = 5, p = 2", "(2, 5)", _eq, "Find (p, q).") is True
    assert forms.compare_labelled("q = 2, p = 5", "(2, 5)", _eq, "Find (p, q).") is False
    assert forms.compare_labelled("q = 5, p = 2", "(2, 5)", _eq, None) is None


@pytest.mark.parametrize("a,g,want", [
    ("2x + 4y = 6", "x + 2y = 3", True),
    ("2x - y + 1 = 0", "y = 2x + 1", True),
    ("-2x + 2y - 4z + 8 = 0", "x - y + 2z = 4", True),
    ("2x + 4y = 3", "x + 2y = 3", False),
    ("x^2 + y^2 = 1", "2x^2 + 2y^2 = 2", True),
    ("x = 3", "2x = 6", None),              # one variable: left to the core
    ("x + y < 1", "x + y = 1", None),
])
def test_same_relation(a, g, want):
    assert forms.same_relation(a, g) is want


@pytest.mark.parametrize("a,g,want", [
    (r"\frac{\pi}{4} + n\pi, n\in\mathbb{Z}", r"x = \frac{\pi}{4} + k\pi", True),
    (r"\frac{5\pi}{4} + m\pi", r"\frac{\pi}{4} + k\pi", True),
    (r"\frac{\pi}{4} + 2n\pi", r"\frac{\pi}{4} + k\pi", False),
    (r"\frac{\pi}{2}+2k\pi, \frac{3\pi}{2}+2k\pi", r"\frac{\pi}{2}+k\pi", True),
    (r"\frac{\pi}{6} + 2n\pi \text{ where } n \text{ is an integer}", r"\frac{\pi}{6}+2k\pi", True),
    ("n - 1", "n", None),                   # a free letter without pi or "integer" is not a family
])
def test_same_solution_family(a, g, want):
    assert forms.same_solution_family(a, g, "Solve the equation.") is want


def test_family_needs_an_integer_qualifier_or_a_solve_question():
    assert forms.same_solution_family(r"\frac{5\pi}{4} + m\pi", r"\frac{\pi}{4} + k\pi", "Compute it.") is None
    assert forms.same_solution_family(r"\frac{5\pi}{4} + m\pi, m \in \mathbb{Z}", r"\frac{\pi}{4} + k\pi", None) is True


@pytest.mark.parametrize("a,g,q,want", [
    (r"(0, \frac{1}{3})", r"t < \frac{1}{3}", "Find all positive t.", True),
    (r"(0, \frac{1}{3}]", r"t < \frac{1}{3}", "Find all positive t.", False),
    (r"0 < t < \frac{1}{3}", r"t < \frac{1}{3}", "Find all positive t.", True),
    (r"(0, \frac{1}{3})", r"t < \frac{1}{3}", "Find all t.", False),
    (r"[0, 2]", r"x \le 2", "For nonnegative x, solve it.", True),
    (r"x < 3 \text{ or } x > 5", r"(-\infty, 3) \cup (5, \infty)", "Solve.", True),
])
def test_same_set_in_domain(a, g, q, want):
    assert forms.same_set_in_domain(a, g, q) is want


def test_domain_requirement():
    assert forms.same_set_in_domain(r"(0, 1)", r"t < 1", "Find all t.", require_domain=True) is None
    assert forms.question_domain("for every positive real number x", "x") == "pos"
    assert forms.question_domain("where t > 0", "t") == "pos"
    assert forms.question_domain("Find x.", "x") == "real"


def test_cas_functions_reject_non_forms():
    assert cas.proportional_equations("x + 1", "x + 1") is None
    assert cas.same_families(("x + k",), ("x + k",)) is None       # two free symbols
    assert cas.same_sets(("5",), ("t < 1",), "t", "real") is None


def test_function_call_labels_follow_the_question_order():
    q = "Determine the values of $T(10), T(11)$ and $T(12)$."
    assert forms.compare_parts("T(11) = 4, T(10) = 2, T(12) = 3", "2, 4, 3", q, _eq) is True
    assert forms.compare_parts("T(11) = 2, T(10) = 4, T(12) = 3", "2, 4, 3", q, _eq) is False


@pytest.mark.parametrize("a,g,want", [
    (r"\{x \mid x > 2\}", r"(2, \infty)", True),
    (r"\{x \mid x > 2\}", r"[2, \infty)", False),
    (r"x > 0 \text{ and } x < 3", "(0, 3)", True),
    (r"x > 0 \text{ and } x \le 3", "(0, 3)", False),
    (r"x<-1 \text{ or } 0<x<2", r"(-\infty,-1)\cup(0,2)", True),
])
def test_set_builder_and_conjunctions(a, g, want):
    assert forms.same_set_in_domain(a, g, None) is want


def test_tuple_assignment_is_labelled_parts():
    p = forms.parse_parts("(x, y) = (2, 3)")
    assert p is not None and [(x.label, x.value) for x in p.items] == [("x", "2"), ("y", "3")]
    assert forms.compare_labelled("(y, x) = (3, 2)", "(2, 3)", _eq, "Find the point (x, y).") is True
    assert forms.compare_labelled("(y, x) = (2, 3)", "(2, 3)", _eq, "Find the point (x, y).") is False
    assert forms.parse_parts("(x, y) = (2, 3, 4)") is None or forms.parse_parts("(x, y) = (2, 3, 4)").enclosure != "()"


@pytest.mark.parametrize("text,values", [
    ("The solutions are $x=1$ and $x=4$", ["1", "4"]),
    (r"\text{The solutions are } x = 1 \text{ and } x = 4", ["1", "4"]),
    ("$1$, $2$, and $3$", ["1", "2", "3"]),
    ("Answer: 2, 5", ["2", "5"]),
])
def test_parts_listed_in_prose(text, values):
    p = forms.parse_parts(text)
    assert p is not None and [x.value for x in p.items] == values


def test_sub_question_labels():
    p = forms.parse_parts(r"(a) 5\text{ m/s} (b) 10\text{ m}")
    assert p is not None and [(x.label, x.value) for x in p.items] == [("(a)", "5 m/s"), ("(b)", "10 m")]
    p = forms.parse_parts("i) 2, ii) 3")
    assert p is not None and [x.label for x in p.items] == ["(i)", "(ii)"]
    for text in ("(a)", "(a+b)(a-b)", "(1)(2)", "(a) (b)"):
        got = forms.parse_parts(text)
        assert got is None or not any(x.label for x in got.items)


def test_congruence_residue_when_a_remainder_is_asked():
    from rlverify.rule.compare import compare
    from rlverify.rule.answers.forms import congruence_residue
    q = "Find the remainder when $N$ is divided by $1000$."
    assert congruence_residue(r"N \equiv 113 \pmod{1000}", q) == "113"
    assert congruence_residue(r"2^{100}\equiv 376 \ (\mathrm{mod}\ 1000)", q) == "376"
    assert congruence_residue(r"x \equiv 3 \; (\bmod\; 7)", q) == "3"
    assert congruence_residue(r"N \equiv 1113 \pmod{1000}", q) is None      # not reduced
    assert congruence_residue(r"N \equiv 113 \pmod{1000}", "Find N.") is None  # no remainder asked
    assert compare(r"N \equiv 113 \pmod{1000}", "113", q).equal
    assert not compare(r"N \equiv 113 \pmod{1000}", "114", q).equal
    assert not compare(r"N \equiv 113 \pmod{1000}", "113", "Find the smallest such N.").equal
    assert not compare(r"x \equiv 3 \pmod{7}, x\equiv 4 \pmod 9", "3", q).equal


def test_cas_parse_repairs_unbraced_operators():
    assert forms.same_set_in_domain(r"t\in(0,\tfrac13)", r"t<\frac{1}{3}", "Find all positive $t$ with $3t<1$.")
    assert not forms.same_set_in_domain(r"(0,\tfrac13]", r"t<\frac{1}{3}", "Find all positive $t$ with $3t<1$.")
    assert cas.same_sets((r"x\le\sqrt2",), (r"x\le\sqrt{2}",), "x", "real")


def test_split_condition_and_the_clause_rule():
    from rlverify.rule.compare import compare
    assert forms.split_condition(r"\text{The minimum is }12\text{, attained at }x=3") == \
        (r"\text{The minimum is }12", "attained")
    assert forms.split_condition(r"12\text{ (when } n=3)") == ("12", "condition")
    assert forms.split_condition(r"\text{There are at least } 12") is None
    assert forms.split_condition(r"\text{for } n=3, 12") is None          # no value before the clause
    assert compare(r"\text{The minimum is }12\text{, attained at }x=3", "12").equal
    assert not compare(r"\text{The minimum is }13\text{, attained at }x=12", "12").equal
    assert not compare(r"13\text{ when } n=12", "12").equal
    assert compare(r"a_n=\frac{1}{3n}\ \text{for all } n\ge 1", r"\frac{1}{3n}").equal
    assert not compare(r"a_n=\frac{1}{3n}\text{ for } n=1", r"\frac{1}{3n}").equal


def test_cas_parse_goes_through_the_memoized_reader(monkeypatch):
    from rlverify.rule.answers import symbolic
    seen = []
    real = symbolic._parse
    monkeypatch.setattr(symbolic, "_parse", lambda t: seen.append(t) or real(t))
    assert cas.same_sets(("x > 0 and x < 3",), ("(0, 3)",), "x", "real") is True
    assert seen  # the memoized (fast-reader-first) parse was used
    assert cas.same_sets((r"x\in[1,2)",), ("[1, 2)",), "x", "real") is True   # Contains(x, S) reads as S
    assert cas.proportional_equations("0.5x + y = 2", "x + 2y = 4") is True
