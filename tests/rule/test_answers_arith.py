"""The exact arithmetic reader (rlverify.rule.answers.arith): same values as the grammar on the
subset it reads, None (never an exception) outside it or over a bound."""

from __future__ import annotations

import time

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from rlverify.rule.answers.arith import read_arith
from rlverify.rule.answers.symbolic import parse_grammar

AGREE = [
    "2x", "xy", r"\pi", "x_1", "x_{12}+a_{n}", "a/b", r"6\div 3", "(1+2)(3)", "-x^2", "1/2x",
    r"2\sqrt{3}x", r"\frac{1}{2}x", "x^2y", r"\sqrt{8}", "8^{1/3}", "0.5x", r"\sqrt{x}^2", "10!",
    r"x\cdot y", "-2^2", "2--3", "e^{2}", r"\frac{-2 + \sqrt{5}}{3}", r"2 \cdot 3 \cdot 5 \cdot \sqrt{181}",
    "2^k", "2^{k-n}", "k=3", r"a+b+c=\frac{13}{8}", r"90 - \frac{25}{2}\pi", "x^{90}+x^{10}+1", "2^{-1}",
    r"75^\circ", r"75^{\circ}", r"-\infty", r"\ln(5)", r"\log(8)", r"\sin(x)", r"\lfloor x \rfloor", r"\log_2(8)",
    r"\cos(\frac{4\pi}{7})", "|x-1|", r"\frac{27 \cdot \ln(5)}{8 \cdot \ln(2)}", r"\lfloor\frac{2 n}{3}\rfloor+1",
    r"\lceil \frac{n}{2} \rceil", r"\sin(x)^2+\cos(x)^2",
    "n(n+1)", r"k(4 k^{2}+k-1) / 2", "a(b+1)", r"\theta", r"2\theta+\phi", r"\alpha_1", r"\beta+\lambda+\omega",
    r"\log _{10} 2", r"\frac{\ln 2}{\ln 2 - \ln 3}", "(d-k)!", r"\frac{d!}{2 (d-k)! k}", r"5 \sqrt[3]{4}",
    "10^{0.01}", r"\theta = \frac{\pi}{6}", r"\sqrt[3]{2}",
    # function calls of one atom and bare one-atom arguments of named functions
    "f(x)", "a(b)", "x(x)", "p(0)", "g(n)", "f(2.5)", r"f(\pi)", r"f(\alpha)", "2f(x)", "f(x)g(x)", "f(x)^2",
    "f(x)!", "f (x)", "f(i)", "i(x)", "f(a)b", "f(-1)", "f(x)=x", r"3 - \frac{2}{3}f(x)", "P(n + 23) = P(n) + 23",
    r"\sin x", r"\sin^2 x", r"\sin^{2} x", r"\sin^2(x)", r"\sin^3 2", r"\sin^{10} x", r"\cot x", r"\ln x",
    r"\log x", r"\log_2 x", r"\sin e", r"\sin \theta", r"\sin x + 1", r"\sin x \cos x", r"\sin x \ln x",
    r"\sin^2 x\cos^2 x", r"\frac{1}{\sin x \cos x} - \tan x", r"\sin x = 1", r"(\sin x)", r"x\sin x",
    r"\sin \alpha \cos \beta", r"\sin^2 \pi", r"\exp x", r"\lfloor\log _{2} n\rfloor+1", r"\lceil \sin x \rceil",
    # inverse trigonometric powers and binomials
    r"\cot^{-1}(x)", r"\sin^{-1}(x)", r"8 \tan^{-1}(2)", r"\tan^{-1} x", r"\cos^{-1}(\frac{1}{2})", r"\binom{39}{36}", r"\binom{5}{7}",
    r"\frac{1}{\binom{39}{36}}", r"\binom{n}{2}+\binom{n}{k}", r"\binom{4}{2}^2", r"\binom{4}{2}!", r"\dbinom{4}{2}x",
    # sums and products (the body is the multiplicative term after them) and expression subscripts
    r"F_n = \sum_{k=0}^{n-1} F_k F_{n-k-1}", r"F_{n - k - 1}", r"x_{i+1}", r"\sum_{k=1}^{n} 2k \cdot 3 + 1",
    r"\sum_{k = 1}^n k^2 + 1", r"\sum_{k=1}^{n} \frac{1}{k}", r"2\sum_{k=1}^{n} (k+1)", r"\prod_{k=1}^{n} k",
    r"\sum_{k=1}^{n} k \sum_{j=1}^{k} j", r"\sum_{k=1}^{n} a_k b_k - 1", r"\sum_{i=0}^{n} \binom{n}{i}", r"1+\sum_{k=1}^{10} k",
]


@pytest.mark.parametrize("text", AGREE)
def test_agrees_with_the_grammar(text: str) -> None:
    ours = read_arith(text)
    theirs = parse_grammar(text)
    assert ours is not None
    if isinstance(ours, sympy.Equality):
        assert isinstance(theirs, sympy.Equality)
        assert sympy.simplify((ours.lhs - ours.rhs) - (theirs.lhs - theirs.rhs).doit()) == 0
    else:
        assert ours == theirs or sympy.simplify(ours - theirs.doit()) == 0
    assert {s.name for s in ours.free_symbols} == {s.name for s in theirs.free_symbols}


@pytest.mark.parametrize("text", [
    "2^10", "2^3^2", r"3\frac{1}{2}", "2 3", "a=b=c", "=3", "3=",
    r"\frac{1}{0}", "0^{-1}", "2^{100000}", "2^{2^{100}}", "1001!", r"2^{\sqrt{2}}", "x+", "(1+2", "{", "", "   ",
    r"\int x", "[1,2]", r"\log_{10} 250x", r"\circ", r"\rfloor", "|x||y|", "x^{\\circ 2}",
    "x_1(2)", "e(x)", r"\alpha(x)", "f(e)", "f(x)(y)", "2^f(x)", r"\sin x y", r"\sin 2x", r"\sin x/2", r"\sin x^2",
    r"\sin x!", r"\sin x_1", r"\tan x \cdot 2", r"\sin^0 x", r"\sin^2 x^2", r"\sin^2(x)^3",
    r"\ln^{-1}(x)", "2\\binom{4}{2}", r"x\binom{4}{2}", r"\binom{-1}{2}", r"\binom{2.5}{1}", r"\binom{5000}{2}",
    r"\binom 42", r"\gamma", r"\ln 2x", r"\ln 2^3", r"\sqrt[n]{x}", r"\sqrt[13]{2}", "[1]",
    r"\sum_{k=1}^{n}", r"\sum_k k", r"\sum_{e=1}^{n} e", r"\sum_{k}^{n} k", "x_{-1}", "x_{(n)}",
    "2.5!", "1,2", "x < 3", "(" * 100 + "1" + ")" * 100, "1+" * 400 + "1",
])
def test_refuses_outside_the_subset_or_over_a_bound(text: str) -> None:
    assert read_arith(text) is None


def test_reads_numbers_exactly() -> None:
    assert read_arith("0.1+0.2") == sympy.Rational(3, 10)
    assert read_arith(r"\frac{1}{3}") == sympy.Rational(1, 3)
    assert read_arith("2^{100}") == 2**100
    assert read_arith("e") == sympy.E and read_arith("I") == sympy.I
    assert read_arith("i") == sympy.Symbol("i")  # the comparison maps i to I, as for the grammar


def test_sqrt_of_a_large_number_is_refused_fast() -> None:
    t0 = time.monotonic()
    assert read_arith(r"\sqrt{" + "9" * 100 + "}") is None
    assert time.monotonic() - t0 < 1.0


ALPHABET = ["1", "23", "0.5", "x", "y", "e", "I", "+", "-", "*", "/", "^", "_", "(", ")", "{", "}", "!", "=",
            r"\frac", r"\sqrt", r"\pi", r"\cdot", " ", "|", r"\ln", r"\sin", r"\log", r"\lfloor", r"\rfloor",
            r"\circ", r"\infty", "[", "]", r"\theta", "3", "f", r"\cos"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(ALPHABET), max_size=30).map("".join) | st.text(max_size=40))
def test_never_raises(text: str) -> None:
    out = read_arith(text)
    assert out is None or isinstance(out, sympy.Basic)


def test_leibniz_notation_is_left_to_the_grammar(inline):
    """\\frac{dy}{dx} is a derivative: the fast reader read it as d*y/(d*x) = y/x while the grammar (used when
    the fast reader declines, e.g. with a space) read a derivative, so one equation written twice differed."""
    from rlverify.rule.compare import compare

    assert read_arith(r"\frac{d\omega}{d t}") is None and read_arith(r"\frac{dy}{dx}") is None
    assert read_arith(r"\frac{d}{2}") is not None                      # a variable d over 2 is arithmetic
    for lhs in (r"I \cdot \left(\frac{d\omega}{d t}\right)", r"I \frac{d\omega}{dt}", r"I\left(\frac{d \omega}{d t}\right)"):
        assert compare(lhs + r" + 2B\omega = T", r"I \frac{d \omega}{d t}+2 B \omega=T").equal, lhs
    assert not compare(r"I \frac{d\omega}{dt} + 2B\omega = T", r"I \frac{d \omega}{d t}+3 B \omega=T").equal
