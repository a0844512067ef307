"""A generated spread of answer shapes that warms latex2sympy's ANTLR parser.

Interface::

    warm_texts() -> list[str]        ~90 LaTeX answers, one per construct family
    idle_steps() -> Iterator[None]   parses them one at a time (a zygote idle task)

ANTLR's Python runtime learns its prediction cache (DFA) per process: the first time a
construct is seen, prediction walks the whole ATN and costs 10-300 ms; afterwards the
same decision costs microseconds. Every helper and pool worker is forked from the
zygote (:mod:`rlverify.runtime.bounded`), so the zygote parses these texts while it has nothing
else to do and each process forked afterwards inherits the cache instead of learning it
again (N pool workers otherwise pay the cold cost N times). The texts are built from
construct templates and atoms below, not taken from any corpus.
"""

from __future__ import annotations

from typing import Iterator

__all__ = ["warm_texts", "idle_steps"]

_ATOMS = (r"x", r"3", r"2.5", r"\pi", r"\sqrt{2}", r"\frac{1}{2}", r"x_1", r"a_{n}", r"e", r"\infty", r"-4", r"k")

_SHAPES = (
    "{a}+{b}", "{a}-{b}\\cdot {c}", "{a}\\times {b}", "{a}/{b}", "{a}^{{{b}}}", "{a}^{{2}}{b}", "\\frac{{{a}}}{{{b}}}",
    "\\dfrac{{{a}}}{{{b}}}", "\\sqrt[3]{{{a}}}", "\\sqrt{{{a}+{b}}}", "({a}, {b})", "[{a}, {b})", "\\{{{a}, {b}\\}}",
    "\\left( {a}, {b} \\right]", "\\left[{a}, {b}\\right]", "({a}, {b}, {c})", "{a}, {b}, {c}", "{a}; {b}",
    "{a} = {b}", "{a} < {b}", "{a} > {b}", "{a} \\le {b}", "{a} \\geq {b}", "{a} \\leq {b} < {c}", "{a} \\neq {b}",
    "{a} \\in ({b}, {c})", "(-\\infty, {a}] \\cup [{b}, \\infty)", "({a}, {b}) \\cap ({c}, 5)",
    "\\sin {a}", "\\cos^{{2}} {a}", "\\tan({a})", "\\sin {a}^\\circ", "{a}^{{\\circ}}", "\\cot {a} + \\sec {b}",
    "\\arcsin({a})", "\\arctan {a}", "\\ln {a}", "\\log_{{2}} {a}", "\\log({a})", "\\exp({a})", "e^{{{a}}}",
    "f({a}) = {b}", "g(n) = {a} n + {b}", "P({a})", "|{a} - {b}|", "\\left|{a}\\right|", "\\lfloor {a} \\rfloor",
    "\\left\\lceil {a} \\right\\rceil", "\\binom{{{a}}}{{{b}}}", "{a}!", "{a}\\%", "\\pm {a}", "{a} \\pm {b}",
    "{a}, {b}, \\ldots, {c}", "{a} + {b} + \\cdots + {c}", "{a} \\mod {b}", "{a} \\pmod{{{b}}}",
    "{a}\\text{{ cm}}", "\\text{{{a}}}", "\\mathrm{{{a}}}", "\\begin{{pmatrix}} {a} \\\\ {b} \\end{{pmatrix}}",
    "\\begin{{bmatrix}} {a} & {b} \\\\ {c} & 1 \\end{{bmatrix}}", "{a} \\approx {b}", "y = {a}x + {b}",
    "x = {a}, y = {b}", "{a}i + {b}", "({a})({b})", "{a}({b} + {c})", "\\overline{{{a}}}", "{a}'",
    "\\max({a}, {b})", "\\min \\{{{a}, {b}\\}}", "{a}_{{10}}", "{a}_2", "\\sum_{{k=1}}^{{{a}}} k", "\\int_0^{{1}} {a} dx",
    "\\lim_{{x \\to 0}} {a}", "\\prod_{{k=1}}^{{n}} {a}", "\\varnothing", "\\emptyset", "\\mathbb{{R}}",
    "{a} \\cdot 10^{{{b}}}", "{a}\\,{b}", "{a}\\!{b}", "\\left({a}\\right)^{{{b}}}", "{a} \\mid {b}",
)


def warm_texts() -> list[str]:
    """One text per construct, its slots filled by rotating through the atoms."""
    n = len(_ATOMS)
    return [shape.format(a=_ATOMS[k % n], b=_ATOMS[(k + 5) % n], c=_ATOMS[(k + 7) % n])
            for k, shape in enumerate(_SHAPES)]


def idle_steps() -> Iterator[None]:
    """Parse the warm texts with the grammar, yielding after each (about 10-100 ms cold)."""
    from .symbolic import parse_grammar

    for text in warm_texts():
        parse_grammar(text)
        yield
