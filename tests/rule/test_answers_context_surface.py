"""answers.surface: normalization helpers shared by the context rules (pure, linear, bounded)."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest

from rlverify.rule.answers.surface import exact_number, numeric_value, split_top, strip_outer, unwrap


@pytest.mark.parametrize("raw,want", [
    (r"$\frac{1}{2}$", r"\frac{1}{2}"),
    (r"\dfrac{1}{2}.", r"\frac{1}{2}"),
    (r"12\text{ cm}", "12 cm"),
    (r"9.8\ \mathrm{m\,s^{-2}}", "9.8 m s^{-2}"),
    (r"4{,}096{,}000", "4096000"),
    (r"3,\!110,\!400", "3110400"),
    (r"\left( 1, 2 \right)", "( 1, 2 )"),
    (r"\$5", r"\$5"),
])
def test_unwrap(raw, want):
    assert unwrap(raw) == want


def test_split_top_and_strip_outer():
    assert split_top(r"(1, 2), \{3, 4\}, 5", (",",)) == ["(1, 2)", r"\{3, 4\}", "5"]
    assert split_top("a and b or c", (" and ", " or ")) == ["a", "b", "c"]
    assert strip_outer("{{x}}") == "x" and strip_outer("{a}{b}") == "{a}{b}"


@pytest.mark.parametrize("tex,value", [
    ("3.50", Fraction(7, 2)), ("-2", -2), ("1,200.5", Fraction(2401, 2)), (r"\frac{3}{4}", Fraction(3, 4)),
    (r"-\frac{3}{4}", Fraction(-3, 4)), ("3/4", Fraction(3, 4)), (r"1.5\times10^{3}", 1500), ("2e-3", Fraction(1, 500)),
])
def test_exact_number(tex, value):
    assert exact_number(tex) == value


def test_exact_number_rejects():
    for tex in ("x", r"\sqrt{2}", "1/0", "9" * 100, "1,2,3"):
        assert exact_number(tex) is None


def test_numeric_value():
    assert numeric_value(r"2\sqrt{3}") == pytest.approx(3.4641016151)
    assert numeric_value(r"\frac{\pi}{3}") == pytest.approx(1.0471975512)
    assert numeric_value("x+1") is None
    assert numeric_value(r"\input{/etc/passwd}") is None           # outside the safe character set
    assert numeric_value("__import__('os')") is None


def test_hostile_inputs_are_fast():
    t0 = time.perf_counter()
    for s in ("{" * 5000, r"\text{" * 2000 + "}" * 2000, "1," * 5000, "(" * 3000 + ")" * 3000):
        unwrap(s)
        split_top(s[:2000], (",",))
        exact_number(s)
    assert time.perf_counter() - t0 < 2.0


def test_unicode_math_signs():
    assert unwrap("\u22125") == "-5"
    assert unwrap("3×10^{8}") == r"3\times 10^{8}"
    assert unwrap("2π") == r"2\pi"


def test_huge_exponents_are_refused_quickly():
    t0 = time.perf_counter()
    for tex in ("1e999999999", r"1\times10^{999999999}", "2e-99999999", r"5\times 10^{400000}"):
        assert exact_number(tex) is None
    assert numeric_value("1e300") == 1e300
    assert numeric_value(r"1\times10^{400}") is None            # exact, but not a float
    assert time.perf_counter() - t0 < 1.0


def test_presentation_rewrites():
    from rlverify.rule.answers.surface import presentation
    assert presentation(r"\color{red}\frac{1}{2}") == r"\frac{1}{2}"
    assert presentation(r"\bm{\frac{1}{2}}") == r"{\frac{1}{2}}"
    assert presentation(r"\textcolor{blue}{7}") == "{7}"
    assert presentation("]1,2]") == "(1,2]"
    assert presentation("[1,2[") == "[1,2)"
    assert presentation("]1,2[") == "(1,2)"
    assert presentation(r"\left[\begin{matrix}1&2\\3&4\end{matrix}\right]") == \
        r"\begin{bmatrix}1&2\\3&4\end{bmatrix}"
    assert presentation("[1,2]") is None and presentation("5") is None
    assert presentation("]" * 5000) is None


def test_presentation_in_compare_keeps_near_misses_apart():
    from rlverify.rule.compare import compare
    assert compare(r"\color{red}\frac{1}{2}", r"\frac12").equal
    assert not compare(r"\color{red}\frac{1}{3}", r"\frac12").equal
    assert compare("]1,2]", "(1,2]").equal
    assert not compare("]1,2[", "[1,2]").equal
    assert not compare("]1,2]", "[1,2]").equal
    gold = r"\begin{pmatrix}1&2\\3&4\end{pmatrix}"
    assert compare(r"\left[\begin{matrix}1&2\\3&4\end{matrix}\right]", gold).equal
    assert not compare(r"\left[\begin{matrix}1&3\\2&4\end{matrix}\right]", gold).equal


def _grammar_float(tex: str) -> float | None:
    from rlverify.rule.answers.symbolic import latex_to_sympy

    expr = latex_to_sympy(tex, exact_numbers=False)
    if not hasattr(expr, "free_symbols") or expr.free_symbols:
        return None
    val = complex(expr.evalf(30))
    return val.real if abs(val.imag) < 1e-12 else None


@pytest.mark.parametrize("tex", [
    r"4 \pi^{2}-1", r"\frac{15840}{\pi^2}", r"\frac{3\pi}{2}", r"-6-3 \sqrt{2}", r"\sqrt{5} \cdot 2^{5}",
    r"\frac{2021 \times 2020 \times 2019}{6}", r"2e^{2} - e", r"\frac{\sqrt{34} + 3\sqrt{10}}{7}", r"10^{\frac{8}{5}}",
    r"\frac{1 + \sqrt{97}}{10} * 3 / 4", r"18 + \frac{27}{4}\pi",
])
def test_latex_float_reads_the_arithmetic_subset_as_the_grammar_does(tex):
    from rlverify.rule.answers import surface

    assert surface._ARITH_SAFE.fullmatch(tex) and surface._braces_are_arguments(tex)
    assert surface._latex_float(tex) == pytest.approx(_grammar_float(tex), rel=1e-15)


@pytest.mark.parametrize("tex", [r"6 \frac{1}{64}", r"-6 \frac{1}{64}", r"21\frac{13}{14}", r"0 \frac{1}{2}", r"6 \frac{65}{64}"])
def test_latex_float_reads_mixed_numbers_as_the_grammar_does(tex):
    from rlverify.rule.answers import surface

    assert surface._MIXED.fullmatch(tex)
    assert surface._latex_float(tex) == _grammar_float(tex)


@pytest.mark.parametrize("tex", [r"2(3)", r"(2)(3)", r"2{3}", r"\frac{1}{2}{3}", r"2.5\pi", r"\log 100", r"21 \frac{13}{14}",
                                 r"[2]3", r"0.1 + 0.2", r"6 \frac{1}{0}", r"6 \frac{-1}{64}",
                                 r"12 \frac{13}{14}\pi"])
def test_latex_float_leaves_other_shapes_to_the_grammar(tex):
    from rlverify.rule.answers import surface

    assert surface._latex_float(tex) == _grammar_float(tex)  # the grammar's reading, bit for bit (2(3) is 5 there)
