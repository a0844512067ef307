"""A function with arbitrary constants, the constants (and the variable) named differently: ``f(x) = cx + d``
for ``f(x) = ax + b``, ``x(t) = C_1 e^{t} + C_2 e^{-t}`` for ``x(t) = A e^{t} + B e^{-t}``; a remark that the
constants are any real numbers is read, one that restricts them is not, and a letter the question names
is no free constant."""

from __future__ import annotations

import pytest

import random

from rlverify.rule.compare import compare
from rlverify.rule.answers.renaming import same_function_up_to_constants

_SHAPES = ["{a}{x}", "{a}{x} + {b}", "{x} + {a}", "{x}^2 + {a}", "{a}{x}^2 + {b}{x}", "{a} e^{{{x}}} + {b} e^{{-{x}}}",
           "{a}\\cos {x} + {b}\\sin {x}", "\\frac{{{a}}}{{{x}}}", "{a}^{{{x}}}", "{a}{x} + {b}{x}^3", "({a}{x} + {b})^2"]
_NAMES = [("a", "b"), ("c", "d"), ("k", "m"), ("A", "B"), ("C_1", "C_2"), ("c_{1}", "c_{2}"), ("\\alpha", "\\beta"), ("p", "q")]
_REAL = ["", ", {a} \\in \\mathbb{{R}}", "\\text{{ for some constant }} {a}", "\\text{{ where }} {a} \\text{{ is any real number}}",
         "\\quad ({a} \\in \\mathbb{{R}})", "\\text{{ for any real }} {a}"]
_RESTRICTED = ["\\text{{ for some positive constant }} {a}", ", {a} > 0", "\\text{{ with }} {a} \\neq 0", ", {a} \\in \\mathbb{{Z}}"]
_QUESTION = "Find all functions ${f}: \\mathbb{{R}} \\to \\mathbb{{R}}$ such that ${f}({x}+y) + {f}({x}-y) = 2{f}({x}) + 2{f}(y)$."


def _formula(shape: str, names: tuple[str, str], x: str) -> str:
    a, b = names
    return shape.format(a=a + (" " if a.startswith("\\") else ""), b=b + (" " if b.startswith("\\") else ""), x=x)


@pytest.mark.xfail(strict=True, reason="the typed comparison does not yet do what the stage table did for this family (issue 29: the table's tests now run through rlverify.rule.compare)")
def test_renamed_constants_are_the_same_function():
    rng = random.Random(31)
    for _ in range(120):
        shape = rng.choice(_SHAPES)
        ng, na = rng.sample(_NAMES, 2)
        f, xg, xa = rng.choice("fgh"), rng.choice("xt"), rng.choice("xtu")
        question = _QUESTION.format(f=f, x=xg)
        gold = f"{f}({xg}) = " + _formula(shape, ng, xg)
        answer = f"{f}({xa}) = " + _formula(shape, na, xa) + rng.choice(_REAL).format(a=na[0])
        assert compare(answer, gold, question).equal, (answer, gold)
        # value-changing twins: another shape, a constant merged into another, a restricted constant
        other = rng.choice([s for s in _SHAPES if s != shape])
        twins = [f"{f}({xa}) = " + _formula(other, na, xa),
                 f"{f}({xa}) = " + _formula(shape, (na[0], na[0]), xa) if "{b}" in shape else None,
                 f"{f}({xa}) = " + _formula(shape, na, xa) + rng.choice(_RESTRICTED).format(a=na[0])]
        for twin in filter(None, twins):
            assert not compare(twin, gold, question).equal, (twin, gold)


def test_a_constant_the_question_names_is_not_renamed():
    q = "Let $c$ be a real number. Find all $f$ with $f(x + c) = f(x) + c$."
    assert same_function_up_to_constants("f(x) = x + k", "f(x) = x + c", q) is None
    assert not compare("f(x) = x + k", "f(x) = x + c", q).equal
    assert same_function_up_to_constants("f(x) = x + k", "f(x) = x + b", q) is True


def test_words_naming_the_function_before_it():
    q = _QUESTION.format(f="f", x="x")
    assert compare("\\text{all functions of the form } f(x) = cx", "f(x) = ax", q).equal
    assert compare("\\text{only } f(x) = cx + d", "f(x) = ax + b", q).equal
    assert not compare("\\text{not } f(x) = cx", "f(x) = ax", q).equal
    assert not compare("\\text{all functions of the form } f(x) = cx^2", "f(x) = ax", q).equal


def test_pairs_of_functions_with_renamed_constants():
    """``(P(x), Q(x)) = (2Cx^2 + 2(C+1)x + 1, 2x(x+1))`` against the bare pair written with ``c``; a changed
    formula or a constant fixed is not equal."""
    rng = random.Random(12)
    q = "Find all pairs of polynomials $(P, Q)$ with real coefficients such that $P(x)Q(x+1) - P(x+1)Q(x) = 1$."
    shapes = [("{a}{x}^2 + ({a}+1){x} + 1", "2{x}({x}+1)"), ("{a}{x} + {b}", "{x} - {b}"), ("{a}", "{x}^2 + {a}")]
    for _ in range(40):
        first, second = rng.choice(shapes)
        ng, na = rng.sample(_NAMES, 2)
        gold = f"(P(x), Q(x)) = ({_formula(first, ng, 'x')}, {_formula(second, ng, 'x')})"
        body = f"({_formula(first, na, 'x')}, {_formula(second, na, 'x')})"
        answer = rng.choice([body, "\\left" + body[:-1] + "\\right)", "(P(x), Q(x)) = " + body])
        assert compare(answer, gold, q).equal, (answer, gold)
        wrong = f"({_formula(first, na, 'x')}, {_formula(second, na, 'x')} + 1)"
        assert not compare(wrong, gold, q).equal, (wrong, gold)
        fixed = f"({_formula(first, ('2', '3'), 'x')}, {_formula(second, ('2', '3'), 'x')})"
        assert not compare(fixed, gold, q).equal, (fixed, gold)
