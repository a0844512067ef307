"""symbolic.compare_latex: an expression against a text written as an equation is read on its plain side
only (the equation's parse, up to 0.2 s of LL look-ahead, cannot make them equal)."""

from __future__ import annotations

import random

import pytest
import sympy

from rlverify.rule.answers import symbolic


@pytest.mark.parametrize("text,top", [
    ("x = 3", True), ("b_n = \\frac{(v - a_1)(v - a_2)}{v^{n-1}}", True), ("f(x) = 2x + 1", True),
    ("\\sum_{k=1}^{n} k", False), ("x \\le 3", False), ("a <= b", False), ("a != b", False), ("a == b", False),
    ("\\{x = 1\\}", False), ("f(x=1)", False), ("\\begin{cases} x = 1 \\\\ y = 2 \\end{cases}", False),
    ("x & = 3", False), (")x = 3(", False), ("3", False),
])
def test_relation_at_top(text, top):
    assert symbolic._relation_at_top(text) is top


def test_an_expression_is_not_an_equation():
    assert symbolic.compare_latex("3", "x = 3") == "unequal"
    assert symbolic.compare_latex("x = 3", "3") == "unequal"
    assert symbolic.compare_latex("x = 3", "x = 3") == "equal"
    assert symbolic.compare_latex("y = 2x + 1", "y = 1 + 2x") == "equal"
    assert symbolic.compare_latex("\\sum_{k=1}^{3} k", "6") == "equal"
    # a side with no relation sign is no equation whatever it reads as (it is not parsed at all)
    assert symbolic.compare_latex("\\frac{1}{", "x = 3") == "unequal"
    assert symbolic.compare_latex("x < \\frac{1}{", "x = 3") == "unparsed"


@pytest.mark.parametrize("text,may", [
    ("v \\left(1 - \\frac{a_1}{v}\\right) \\ldots", False), ("(1, 2), (3, 4)", False), ("\\sin(x) \\cdot \\pi", False),
    ("x \\leq 3", True), ("x \\neq 2", True), ("\\{x = 1\\}", True), ("x \\in (0, 1)", True), ("a \\to b", True),
    ("x \u2264 3", True), ("-5 \\leqslant a", True), ("\\forall x > 0", True), ("p \\Rightarrow q", True),
])
def test_may_relate(text, may):
    assert symbolic._may_relate(text) is may


def test_texts_without_relation_signs_never_read_as_relations():
    """What the shortcut assumes: a text in which ``_may_relate`` finds no sign reads (if at all) as no
    relation and no logical statement, by either reader, on random compositions of common constructs."""
    rng = random.Random(41)
    atoms = ["x", "3", "\\frac{1}{2}", "\\sqrt{2}", "a_1", "(x+1)", "\\pi", "n^{2}", "\\sin x", "\\ln(2)", "k!",
             "\\left|x\\right|", "\\binom{5}{2}", "\\lfloor x \\rfloor", "e^{x}", "\\infty", "\\{1, 2\\}", "[0, 1)",
             "\\ldots", "\\cdots", "\\text{ or }", "\\text{and}", "\\max(a, b)", "\\mid", "0.5"]
    ops = [" + ", " - ", " \\cdot ", " \\times ", "", " / ", ", ", "^"]
    checked = 0
    for _ in range(300):
        text = rng.choice(atoms)
        for _ in range(rng.randint(0, 3)):
            text += rng.choice(ops) + rng.choice(atoms)
        if symbolic._may_relate(text):
            continue
        got = symbolic._parse(text)
        checked += 1
        logical = isinstance(got, sympy.logic.boolalg.Boolean) and not isinstance(got, (sympy.Expr, sympy.Set))
        assert not isinstance(got, sympy.core.relational.Relational) and not logical, (text, got)
        assert not isinstance(got, sympy.Basic) or not got.atoms(sympy.core.relational.Relational), (text, got)
    assert checked > 200


def test_equations_never_read_as_expressions():
    rng = random.Random(14)
    atoms = ["x", "3", "\\frac{1}{2}", "\\sqrt{2}", "a_1", "(x+1)", "\\pi", "n^{2}", "\\sin x", "(1, 2)", "k"]
    lhs = ["y", "x", "f(x)", "a_n", "S", "x + y", "\\frac{a}{b}", "2x"]
    for _ in range(150):
        rhs = " + ".join(rng.choice(atoms) for _ in range(rng.randint(1, 3)))
        text = f"{rng.choice(lhs)} = {rhs}" + (f" = {rng.choice(atoms)}" if rng.random() < 0.2 else "")
        assert symbolic._relation_at_top(text)
        got = symbolic._parse(text)
        assert not isinstance(got, sympy.Expr), (text, got)
        plain = rhs
        full = symbolic._parse(plain)
        if isinstance(full, sympy.Expr):
            assert symbolic.compare_latex(plain, text) == "unequal"
