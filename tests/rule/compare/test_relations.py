"""The relation, chain, set-of-reals and number-against-expression entries of the typed comparison (issue 29:
rlverify.rule.compare.relations, rlverify.rule.compare.constants).

References are drawn from the problem sets' answers and the corpora's golds: the numbers (``4027``, ``0.5``, ``-3``), the constant terms
(``\\frac{2\\sqrt{3}}{3}``) and the terms in a variable (``\\frac{x^2}{2} + 3x``). Each family answers them correctly
and with a near-miss twin that must stay rejected: a chain whose last value is wrong, an equation whose value side is
off, a bound (either direction) where a value is asked, a decimal off at its own last digit, a constant for an
expression in a free variable, an interval with a wrong end or the other direction. Every pair must be decided by the
entry (the stage names it), a rejection as a typed fact (``final``), and never accept what the table rejects."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest

from rlverify.analysis.datasets import read_jsonl
from table_verdicts import table_equal
from rlverify.rule.compare import explain
from rlverify.rule.compare.constants import free_letters
from rlverify.rule.read import read
from rlverify.rule.read.types import Chain, Expr, Interval, Labelled, Number, Quantity, Relation
from rlverify.runtime.bounded import item_deadline

DATA = Path(__file__).resolve().parents[3] / "data"
_SEEDS = range(3)


@lru_cache(maxsize=1)
def _quantities() -> list[Quantity]:
    out = {}
    for path in sorted((DATA / "corpora").glob("*.jsonl.gz")):
        for r in read_jsonl(path):
            g = r.get("gold")
            rg = read(g) if isinstance(g, str) and len(g) <= 60 else None
            if isinstance(rg, Labelled):
                rg = rg.inner
            if isinstance(rg, Quantity) and rg.sure:
                out[rg.text] = rg
    return [out[k] for k in sorted(out)]


@lru_cache(maxsize=1)
def _golds() -> tuple[list[Number], list[Expr], list[Expr]]:
    numbers, constants, terms = {}, {}, {}
    for path in sorted((DATA / "problems").glob("*.jsonl.gz")) + sorted((DATA / "corpora").glob("*.jsonl.gz")):
        for r in read_jsonl(path):
            g = r.get("answer", r.get("gold"))
            if not isinstance(g, str) or len(g) > 60:
                continue
            rg = read(g)
            if isinstance(rg, Number) and rg.exact is not None and not rg.percent and abs(rg.exact) < 10 ** 6 \
                    and rg.exact.denominator in (1, 10, 100) and not set(rg.text) & set("\\\\,{ "):
                numbers[rg.text] = rg
            elif isinstance(rg, Expr) and "!" not in g:
                (terms if free_letters(rg.text) else constants)[rg.text] = rg
    return [numbers[k] for k in sorted(numbers)], [constants[k] for k in sorted(constants)], \
        [terms[k] for k in sorted(terms)]


def _value(text: str) -> float | None:
    """A reference constant's value (a trusted text from the corpora, parsed by the project's bounded LaTeX reader)."""
    from rlverify.rule.answers.symbolic import latex_to_sympy

    try:
        v = complex(latex_to_sympy(text).evalf())
    except Exception:
        return None
    return v.real if abs(v.imag) < 1e-12 else None


def _plain(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else format(float(x), ".10g")


def _check(answer: str, gold: str, question: str | None, equal: bool, stage: str) -> None:
    with item_deadline(10.0):
        d = explain(answer, gold, question)
    t = table_equal(answer, gold, question)     # the deleted table's recorded verdict (None: not recorded)
    assert d.match.equal is equal, (answer, gold, d)
    assert d.stage.startswith(stage), (answer, gold, d)
    if not equal:
        assert d.final, (answer, gold, d)
    else:
        assert t is not False or stage == "typed:chain", (answer, gold, t)   # never accept what the table rejected


def test_references_found() -> None:
    numbers, constants, terms = _golds()
    assert len(numbers) >= 200 and len(constants) >= 30 and len(terms) >= 30


def test_readings() -> None:
    assert isinstance(read("x + y = 4027"), Relation)
    assert isinstance(read("R < 17 \\, \\text{km}"), Relation)
    assert isinstance(read("P = \\operatorname{erfc}(1) \\approx 0.1573"), Chain)
    assert isinstance(read("k < -5"), Interval) and isinstance(read("(-\\infty,-5)"), Interval)
    assert not isinstance(read("(1, 2)"), Interval)       # a point as much as an interval
    assert not isinstance(read("\\left(1+x\\right) \\le 3"), Interval)


@pytest.mark.parametrize("seed", _SEEDS)
def test_chain_last_value(seed: int) -> None:
    """``P = \\frac{A}{B} \\approx v`` for ``P \\simeq v``; the twin's last value is off. (The middle is a formula with no
    value of its own: a constant there, ``\\operatorname{erfc}(1)`` = 0.157, states a second value, which must agree.)"""
    rng = random.Random(seed)
    for g in rng.sample(_golds()[0], 25):
        v = g.exact
        wrong = _plain(v + 1 if v.denominator == 1 else v * 2 + 1)
        gold = f"P \\simeq {g.text}"
        _check(f"P = \\frac{{A}}{{B}} \\approx {g.text}", gold, None, True, "typed:chain")
        _check(f"P = \\frac{{A}}{{B}} = {wrong}", gold, None, False, "typed:chain")
        _check(f"P = \\frac{{A}}{{B}} \\approx {wrong}", g.text, None, False, "typed:chain")


@pytest.mark.parametrize("seed", _SEEDS)
def test_equation_value_side(seed: int) -> None:
    """``x + y = v`` where the question asks for x + y; the twin's value side is off."""
    rng = random.Random(seed)
    for g in rng.sample(_golds()[0], 25):
        q = "Find the value of $x + y$."
        _check(f"x + y = {g.text}", g.text, q, True, "")
        _check(f"x + y = {_plain(g.exact + 2)}", g.text, q, False, "typed:equation")
        _check(f"{_plain(g.exact + 2)} = x + y", g.text, q, False, "typed:equation")


@pytest.mark.parametrize("seed", _SEEDS)
def test_bound_is_no_value(seed: int) -> None:
    """A bound in either direction where the question asks for a value, and a wrong bound where it asks for one."""
    rng = random.Random(seed)
    for g in rng.sample(_golds()[0], 25):
        q = "What is the length of the rod, in meters?"
        gold = f"R = {g.text} \\, \\text{{m}}"
        for op in ("<", ">", "\\le", "\\ge"):
            _check(f"R {op} {g.text} \\, \\text{{m}}", gold, q, False, "typed:bound_for_value")
        asks = "Find the minimum value of $a + b$."
        _check(f"a + b \\ge {g.text}", g.text, asks, True, "typed:bound")


@pytest.mark.parametrize("seed", _SEEDS)
def test_number_against_expression(seed: int) -> None:
    """A decimal rounding a constant at its own digits (equal where a unit is asked), one off at its last digit, and
    a constant for an expression in a free variable (both ways round)."""
    rng = random.Random(seed)
    numbers, constants, terms = _golds()
    q = "Give the distance in meters."
    for g in rng.sample(constants, min(20, len(constants))):
        value = _value(g.text)
        if value is None or value == 0 or abs(value) > 1e6 or value.is_integer():
            continue
        if not 1e-3 < abs(value) < 1e3:
            continue
        last = 3 - math.floor(math.log10(abs(value)))      # four significant digits, trailing zeros kept
        close = format(value, f".{last}f")
        off = format(float(close) + 3 * 10 ** -last, f".{last}f")
        _check(close, g.text, q, True, "typed:number_expression")
        _check(off, g.text, q, False, "typed:number_expression")
    for g in rng.sample(terms, 20):
        n = rng.choice(numbers).text
        _check(n, g.text, None, False, "typed:number_expression")
        _check(g.text, n, None, False, "typed:number_expression")


@pytest.mark.parametrize("seed", _SEEDS)
def test_interval_ends(seed: int) -> None:
    """``k < v`` for ``(-\\infty, v)``; a wrong end and the other direction are different sets."""
    rng = random.Random(seed)
    q = "Find all real $k$ for which the inequality holds."
    for g in rng.sample(_golds()[0], 15):
        gold = f"(-\\infty, {g.text})"
        _check(f"k < {g.text}", gold, q, True, "typed:real_set")
        _check(f"k < {_plain(g.exact + 1)}", gold, q, False, "typed:real_set")
        _check(f"k > {g.text}", gold, q, False, "typed:real_set")
        _check(f"k \\ge {g.text}", f"[{g.text}, \\infty)", q, True, "typed:real_set")
        # interval notation on both sides: the bounded comparison's verdict, a rejection final
        v, w = g.text, _plain(g.exact + 1)
        union = f"(-\\infty, {v}) \\cup ({w}, \\infty)"
        _check(f"\\left(-\\infty, {v}\\right) \\cup \\left({w}, +\\infty\\right)", union, q, True, "typed:real_set")
        _check(f"(-\\infty, {v}] \\cup ({w}, \\infty)", union, q, False, "typed:real_set")
        _check(f"(-\\infty, {w}) \\cup ({w}, \\infty)", union, q, False, "typed:real_set")


@pytest.mark.parametrize("seed", _SEEDS)
def test_formula_for_a_value(seed: int) -> None:
    """A formula in free variables (named, or as an equation's right side) where a quantity is the reference: a
    typed ``different``; where the question gives a variable a value, no typed fact (the table decides)."""
    rng = random.Random(seed)
    _, _, terms = _golds()
    quantities = _quantities()
    assert len(quantities) >= 50
    for g in rng.sample(quantities, 20):
        formula = rng.choice(terms).text
        _check(f"Q = {formula}", g.text, None, False, "typed:number_expression")
        _check(f"|Q_{{1}}| = {formula}", g.text, None, False, "typed:equation")
        letter = sorted(free_letters(formula))[0]
        with item_deadline(10.0):
            d = explain(formula, g.text, f"Take ${letter} = 2$ and find Q.")
        assert not d.final, (formula, g.text, d)


@pytest.mark.parametrize("seed", _SEEDS)
def test_equation_solved_for_a_term(seed: int) -> None:
    """``y - (e) = 0`` against the term ``e``: an equation that may be solved for it is no typed ``different`` (the
    table reads it, as for the metamorphic family implicit_equation)."""
    rng = random.Random(seed)
    _, _, terms = _golds()
    for g in rng.sample(terms, 10):
        with item_deadline(10.0):
            d = explain(f"y - \\left({g.text}\\right) = 0", g.text)
        t = table_equal(f"y - \\left({g.text}\\right) = 0", g.text)
        assert not d.final and t in (None, d.match.equal), (g.text, d, t)
