"""Bounded symbolic equality (rlverify.rule.answers.symbolic)."""

from __future__ import annotations

import pytest

from rlverify.rule.answers import symbolic
from rlverify.rule.answers.symbolic import compare_latex, symbolic_equal, too_big


@pytest.mark.parametrize(
    "a,b,expected",
    [
        (r"\frac{1}{2004!}", r"\frac{1}{2006!}", False),
        (r"10^{-20}", r"2\cdot10^{-20}", False),
        (r"\sqrt{8}", r"2\sqrt{2}", True),
        (r"x^2-1", r"(x-1)(x+1)", True),
        (r"\sin^2 x+\cos^2 x", "1", True),
        (r"\log_2 8", "3", True),
        (r"e^{i\pi}", "-1", True),
        (r"\frac{\pi}{6}+n\pi", r"\frac{\pi}{6}+k\pi", True),
        (r"\frac{\pi}{6}+2n\pi", r"\frac{\pi}{6}+k\pi", False),
        (r"\lfloor \frac{n}{2}\rfloor", r"\lfloor \sqrt{n-1}\rfloor", False),
        ("y=2x+3", "2x-y+3=0", True),
        ("y=2x+4", "2x-y+3=0", False),
        (r"x\ge 3", r"3\le x", True),
        ("f(x)=x", "f(n)=n", True),
        (r"\frac{\max(S)}{2}+1", r"\frac{1}{2}\max S+1", True),
        (r"\frac{\max(S)}{2}-1", r"\frac{1}{2}\max S+1", False),
        ("0.333", r"\frac{1}{3}", False),
        (r"2^{100}", "1267650600228229401496703205377", False),
    ],
)
def test_compare_latex(a: str, b: str, expected: bool) -> None:
    assert compare_latex(a, b) == ("equal" if expected else "unequal")


def test_unparseable() -> None:
    assert compare_latex(r"\frac{", "1") == "unparsed"


@pytest.mark.parametrize("text", [r"9^{9^{9^9}}", r"1000000!", r"2^{10^{10}}", r"10^{100000000}", "9" * 400])
def test_too_big_refused_before_sympy(text: str) -> None:
    assert too_big(text)
    assert symbolic_equal(text, "1") is None


def test_ordinary_text_not_too_big() -> None:
    assert too_big(r"2^{100}+5!+e^{-x^2}") is None


def test_no_eval_of_raw_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """Parsing never goes through sympify/parse_expr of the raw string."""
    import sympy
    from sympy.parsing import sympy_parser

    def boom(*args, **kwargs):  # noqa: ANN002, ANN003
        raise AssertionError("parse_expr called")

    monkeypatch.setattr(sympy_parser, "parse_expr", boom)
    symbolic._parse.cache_clear()
    payload = "__import__('os').system('echo pwned')"
    assert compare_latex(payload, "1") in ("unequal", "unparsed")
    assert compare_latex(r"\frac{1}{2}+x", "x+0.5") == "equal"
    assert sympy.Symbol("x")  # sympy still usable


_GRAMMAR_TEXTS = (
    r"\frac{1}{(1 - x_1)^2} + \frac{1}{(1 - x_2)^2} + \ldots + \frac{1}{(1 - x_{9})^2}",  # SLL fails: LL retry
    r"N(n) = \lfloor \frac{n^2 + 3n}{6} \rfloor + (n \mod 2)",  # SLL fails: LL retry
    r"(10^{2}, 10^{-1}, 10^{-2})", r"\{1, 2, 3\}", r"x \in (0, 1]", r"y = 2x + \sin^{2} x",
    r"\frac{\pi}{6} + k\pi, \frac{\pi}{3} + k\pi", r"\binom{5}{2} + 5! + \lfloor 2.5 \rfloor",
    r"\begin{pmatrix}1 & 2\\3 & 4\end{pmatrix}", r"\sqrt[3]{2} \cdot 10^{-5}", r"a \le b < c",
    r"\frac{\sqrt{3}}{2}", r"f(x) = x^{2} - 1", r"\log_{2} 8 + \ln(4/5)", r"1,000", r"(",
)


@pytest.mark.parametrize("text", _GRAMMAR_TEXTS)
def test_two_stage_parse_is_the_full_ll_parse(text: str) -> None:
    """SLL-first parsing must read every text exactly as full-LL prediction does."""
    symbolic.warm_up()
    two_stage = symbolic.parse_grammar(text)
    cls = symbolic._converter_class(True)
    cls.sll = False
    try:
        full_ll = symbolic.parse_grammar(text)
    finally:
        cls.sll = True
    assert type(two_stage) is type(full_ll)
    assert str(two_stage) == str(full_ll)


def test_sll_failure_is_retried_in_ll(monkeypatch: pytest.MonkeyPatch) -> None:
    modes: list[bool] = []
    cls = symbolic._converter_class(True)
    real = cls.create_parser

    def spy(self, latex_str):  # type: ignore[no-untyped-def]
        modes.append(self.sll)
        return real(self, latex_str)

    monkeypatch.setattr(cls, "create_parser", spy)
    assert symbolic.parse_grammar(_GRAMMAR_TEXTS[0]) is not None  # needs LL
    assert modes == [True, False]
    modes.clear()
    assert symbolic.parse_grammar(r"\frac{\sqrt{3}}{2} + x") is not None  # SLL suffices
    assert modes == [True]


@pytest.mark.parametrize("answer, gold, want", [
    (r"\sin 60^\circ", r"\frac{\sqrt{3}}{2}", True),
    (r"\sin 32^\circ", r"\cos 58^\circ", True),
    (r"\tan 45^{\circ}", "1", True),
    (r"2\cos(30^\circ)", r"\sqrt{3}", True),
    (r"\sin^2 30^\circ + \cos 60^\circ", r"\frac{3}{4}", True),
    (r"\sin 2^\circ", r"\cos 58^\circ", False),      # near-miss: cos 58 = sin 32
    (r"\sin 60", r"\frac{\sqrt{3}}{2}", False),      # radians: sin(60) is not sqrt(3)/2
    (r"\sin 58^\circ", r"\cos 58^\circ", False),
])
def test_degree_marked_trig_arguments(answer: str, gold: str, want: bool) -> None:
    assert compare_latex(answer, gold) == ("equal" if want else "unequal")


def test_degree_rewrite_only_inside_trig_texts() -> None:
    assert symbolic.degrees_in_trig(r"60^\circ") == r"60^\circ"  # a bare angle: the angle rules decide
    assert symbolic.degrees_in_trig(r"x^\circ + \sin y") == r"x^\circ + \sin y"
    assert symbolic.degrees_in_trig(r"\cos 22.5°") == r"\cos (\frac{22.5\pi}{180})"


def test_degree_rewrite_is_read_alike_by_both_readers() -> None:
    """The rewritten argument is read by the arithmetic reader (no grammar) and means what the grammar reads."""
    import random

    import sympy

    from rlverify.rule.answers.arith import read_arith

    rng = random.Random(3)
    fns = [r"\sin", r"\cos", r"\tan", r"\cot", r"\sec", r"\csc", r"\sin^2", r"\cos^{2}", r"\tan^2"]
    pre, post = ["", "2", "3 ", r"\frac{1}{2}"], ["", " + 1", r" - \cos 30^\circ", r" \cdot 2"]
    for _ in range(60):
        text = rng.choice(pre) + rng.choice(fns) + " " + rng.choice(["30", "45", "2", "58", "72.5"]) + r"^\circ" \
            + rng.choice(post)
        rewritten = symbolic.degrees_in_trig(text)
        fast, grammar = read_arith(rewritten), symbolic.parse_grammar(rewritten)
        assert fast is not None and grammar is not None, text
        assert abs(complex(sympy.N(fast - grammar, 30))) < 1e-20, (text, fast, grammar)
