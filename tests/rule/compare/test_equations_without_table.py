"""Relations, equations, chains and alternatives decided by the typed entries alone (issue 29: helper B's families),
under ``RLVERIFY_READINGS=readings`` (the stage table never consulted) and on the default path.

References are the problem sets' and corpora's golds (:func:`test_relations._golds`); each family answers them
correctly and with a near-miss twin that must stay rejected."""

from __future__ import annotations

import random
from fractions import Fraction
import re

import pytest

from rlverify.rule.compare import explain
from rlverify.runtime.bounded import item_deadline
from test_relations import _golds, _plain

_SEEDS = range(3)
_PATHS = ("typed",)   # one path since the table was deleted (issue 29)


def _decide(monkeypatch: pytest.MonkeyPatch, path: str, answer: str, gold: str, question: str | None = None):
    with item_deadline(10.0):
        return explain(answer, gold, question)


@pytest.mark.parametrize("path", _PATHS)
@pytest.mark.parametrize("seed", _SEEDS)
def test_alternatives_where_one_value_is_asked(monkeypatch: pytest.MonkeyPatch, seed: int, path: str) -> None:
    """``either x+1=3 or x=v`` (a step crossing an "or"), ``x = v or x = w`` for ``x = v``: a hedge, final; the
    same value said twice is the value; alternatives against the list of both are the solution set."""
    rng = random.Random(seed)
    for g in rng.sample(_golds()[0], 15):
        v, w = g.text, _plain(g.exact + 3)
        for answer in (f"either x+1={w} or x={v}", f"x = {v} \\text{{ or }} x = {w}", f"{w} or {v}"):
            d = _decide(monkeypatch, path, answer, f"x={v}")
            assert not d.match.equal and "hedge" in d.match.flags and d.final, (answer, v, d)
        assert _decide(monkeypatch, path, f"x = {v} or x = {v}", v).match.equal
        assert _decide(monkeypatch, path, f"x = {v} or x = {w}", f"{v}, {w}", "Find all solutions.").match.equal


_LEFT_SIDES = ("x^3", "|r-s|", "\\cos \\angle RPS", "x + y", "\\sin \\theta", "a_{1} + a_{2}")


@pytest.mark.parametrize("path", _PATHS)
@pytest.mark.parametrize("seed", _SEEDS)
def test_equation_states_the_value_of_its_left_side(monkeypatch: pytest.MonkeyPatch, seed: int, path: str) -> None:
    """``x^3 = v``, ``|r-s| = v``, ``2+2+2 = v`` against ``v`` (a number or a constant term): the value its equation
    ends on; twins: a value side off (final), a multiple of one variable (``2x = v`` states 2x), an equation set to
    zero (``y^2 + 3 = 0``), a computation that states two values (``v + 1 = v``)."""
    rng = random.Random(seed)
    numbers, constants, _ = _golds()
    for g in rng.sample(numbers, 10) + rng.sample(constants, 5):
        left = rng.choice(_LEFT_SIDES)
        d = _decide(monkeypatch, path, f"{left} = {g.text}", g.text)
        assert d.match.equal and d.stage == "typed:equation_value", (left, g.text, d)
        assert not _decide(monkeypatch, path, f"2x = {g.text}", g.text).match.equal
    for g in rng.sample(numbers, 10):
        v, w = g.exact, _plain(g.exact + 1)
        d = _decide(monkeypatch, path, f"{left} = {w}", g.text)
        assert not d.match.equal and d.final, (left, g.text, d)
        if v.denominator == 1 and v > 1:
            parts = f"{_plain(v - 1)} + 1"
            assert _decide(monkeypatch, path, f"{parts} = {g.text}", g.text).match.equal
            assert not _decide(monkeypatch, path, f"{parts} + 1 = {g.text}", g.text).match.equal
    assert not _decide(monkeypatch, path, "y^2 + 3 = 0", "0").match.equal


@pytest.mark.parametrize("path", _PATHS)
def test_equation_defines_a_term(monkeypatch: pytest.MonkeyPatch, path: str) -> None:
    """``\\sum_{k=1}^{n} k = T`` against the term ``T``: the right side of an equation whose left side is no sum;
    twins: another term, a sum on the left (``y - x = T`` states y)."""
    _, _, terms = _golds()
    for g in random.Random(0).sample(terms, 15):
        d = _decide(monkeypatch, path, f"\\sum_{{k=1}}^{{n}} k = {g.text}", g.text)
        assert d.match.equal, (g.text, d)
        other = f"{g.text} + 1"
        assert not _decide(monkeypatch, path, f"\\sum_{{k=1}}^{{n}} k = {other}", g.text).match.equal


def _rounded(g, digits: int = 3) -> tuple[str, str] | None:
    from test_relations import _value

    v = _value(g.text)
    if v is None or v.is_integer() or not 1e-2 < abs(v) < 1e4:
        return None
    return format(v, f".{digits}f"), format(v + 3 * 10 ** -digits, f".{digits}f")


@pytest.mark.parametrize("path", _PATHS)
@pytest.mark.parametrize("seed", _SEEDS)
def test_exact_value_and_its_decimal(monkeypatch: pytest.MonkeyPatch, seed: int, path: str) -> None:
    """``E \\approx d`` (a constant term and its rounding) on either side: the exact member meets the other side, and
    the decimal meets a decimal; twins: a decimal off at its last digit, an exact value of another term (which the
    decimal would round the same: no typed accept by the decimal), a gloss that rounds nothing (its exact member is
    the answer, the decimal meets nothing)."""
    rng = random.Random(seed)
    _, constants, _ = _golds()
    done = 0
    for g in rng.sample(constants, min(40, len(constants))):
        got = _rounded(g)
        if got is None:
            continue
        good, off = got
        annotated = f"{g.text} \\approx {good}"
        for answer, gold in ((g.text, annotated), (good, annotated), (annotated, g.text), (annotated, good)):
            d = _decide(monkeypatch, path, answer, gold)
            assert d.match.equal and "approximated" in d.stage, (answer, gold, d)
        for answer, gold in ((off, annotated), (f"{g.text} \\approx {off}", off), (f"{g.text} + 1", annotated)):
            d = _decide(monkeypatch, path, answer, gold)
            assert not d.match.equal and d.final, (answer, gold, d)
        done += 1
    assert done >= 5


_RESTATING = ("{v}\\text{{ (i.e., }} {a} \\times {b})", "{v}\\ (= {a} \\cdot {b})", "{v} \\text{{ (namely }} {a} \\cdot {b})",
              "{v}\\ (\\text{{because }} {a} \\cdot {b} = {v})", "{v}\\ (\\text{{minimal}})",
              "{v} \\quad (\\text{{the largest possible value}})")
_DOUBTING = ("{v}\\ (\\text{{at least}})", "{v} \\text{{ (or more)}}", "{v} \\text{{ (or }} {o})", "{v}\\ (\\text{{approximately}})",
             "{v}\\text{{ (i.e., }} {a} \\times {c})", "{v}\\ (\\text{{if order matters}})")


@pytest.mark.parametrize("path", _PATHS)
@pytest.mark.parametrize("seed", _SEEDS)
def test_value_and_a_remark_that_restates_it(monkeypatch: pytest.MonkeyPatch, seed: int, path: str) -> None:
    """A reference integer ``v = a b`` answered with a remark that restates, computes or describes it: the value;
    twins: the same remark around another value, and remarks that bound, doubt or offer another value."""
    rng = random.Random(seed)
    numbers = [g for g in _golds()[0] if g.exact.denominator == 1 and 4 <= g.exact <= 10 ** 4]
    done = 0
    for g in rng.sample(numbers, 40):
        v = int(g.exact)
        a = next((k for k in range(2, 100) if v % k == 0 and v // k > 1), None)
        if a is None:
            continue
        b, c, o = v // a, v // a + 1, v + rng.choice((1, 2, 10))
        for form in _RESTATING:
            d = _decide(monkeypatch, path, form.format(v=v, a=a, b=b), g.text)
            assert d.match.equal, (form, v, d)
            wrong = form.format(v=o, a=a, b=b).replace(f"= {v}", f"= {o}")
            assert not _decide(monkeypatch, path, wrong, g.text).match.equal, (wrong, v)
        for form in _DOUBTING:
            assert not _decide(monkeypatch, path, form.format(v=v, a=a, c=c, o=o), g.text).match.equal, (form, v)
        done += 1
    assert done >= 10


@pytest.mark.parametrize("path", _PATHS)
@pytest.mark.parametrize("seed", _SEEDS)
def test_decimal_with_an_approximation_remark(monkeypatch: pytest.MonkeyPatch, seed: int, path: str) -> None:
    """``d \\text{ (approx.)}`` for a constant where the question asks a rounding: the decimal at its digits; twins: a
    decimal off at its last digit, and the same remark without a rounding asked (no answer), or after an integer."""
    rng = random.Random(seed)
    asked = "Find the value of $x$. Round your answer to 3 decimal places."
    done = 0
    for g in rng.sample(_golds()[1], min(40, len(_golds()[1]))):
        got = _rounded(g)
        if got is None:
            continue
        good, off = got
        for remark in ("\\text{ (approx.)}", "\\ (\\text{rounded})", "\\text{ (to the nearest thousandth)}"):
            assert _decide(monkeypatch, path, good + remark, g.text, asked).match.equal, (good, remark, g.text)
            assert not _decide(monkeypatch, path, off + remark, g.text, asked).match.equal, (off, remark, g.text)
            assert not _decide(monkeypatch, path, good + remark, g.text, "Find the length.").match.equal
        done += 1
    assert not _decide(monkeypatch, path, "12\\ (\\text{approximately})", "12", "How many pairs are there?").match.equal
    assert done >= 5


@pytest.mark.parametrize("path", _PATHS)
@pytest.mark.parametrize("seed", _SEEDS)
def test_named_reference_in_a_letter_that_may_be_a_unit(monkeypatch: pytest.MonkeyPatch, seed: int, path: str) -> None:
    """``M = c\\,m`` (a constant times a letter that may be metres or a mass) answered ``c\\, m``; and a vector field
    ``\\mathbf{F}(\\mathbf{r}) = c\\,a\\mathbf{r}`` answered by its right side or restated: the terms in that letter;
    twins: another constant."""
    rng = random.Random(seed)
    _, constants, _ = _golds()
    done = 0
    for g in rng.sample(constants, min(30, len(constants))):
        if len(g.text) > 30 or re.search(r"[A-Za-z]", re.sub(r"\\[A-Za-z]+", "", g.text)):
            continue      # a letter of its own (e, i) would meet the field's letters
        other = f"2{g.text}" if not g.text.startswith("-") else g.text[1:]
        gold = f"M = {g.text}m"
        assert _decide(monkeypatch, path, f"{g.text}\\, m", gold).match.equal, (g.text, gold)
        assert not _decide(monkeypatch, path, f"{other}\\, m", gold).match.equal, (other, gold)
        field = f"\\mathbf{{F}}(\\mathbf{{r}}) = {g.text} a\\mathbf{{r}}"
        for answer in (f"{g.text} a \\mathbf{{r}}", f"\\mathbf{{F}}(\\mathbf{{r}}) = {g.text} a\\,\\mathbf{{r}}"):
            assert _decide(monkeypatch, path, answer, field).match.equal, (answer, field)
        d = _decide(monkeypatch, path, f"{other} a \\mathbf{{r}}", field)
        assert not d.match.equal and d.final, (other, field, d)
        done += 1
    assert done >= 5


@pytest.mark.parametrize("path", _PATHS)
@pytest.mark.parametrize("seed", _SEEDS)
def test_term_that_solves_an_equation(monkeypatch: pytest.MonkeyPatch, seed: int, path: str) -> None:
    """A term ``T`` in x against ``y + 1 = (T) + 1`` (solved for the one variable it lacks), and the equation
    ``y - (T) = 0`` against ``T``; twins: ``T + 2`` is no solution."""
    from rlverify.rule.compare.constants import free_letters

    rng = random.Random(seed)
    terms = [t for t in _golds()[2] if free_letters(t.text) == {"x"} and len(t.text) <= 40]
    assert len(terms) >= 10
    for g in rng.sample(terms, 8):
        gold = f"y + 1 = \\left({g.text}\\right) + 1"
        d = _decide(monkeypatch, path, g.text, gold)
        assert d.match.equal and d.stage == "typed:solved_equation", (g.text, gold, d)
        assert not _decide(monkeypatch, path, f"{g.text} + 2", gold).match.equal
        assert _decide(monkeypatch, path, f"y - \\left({g.text}\\right) = 0", g.text).match.equal
        assert not _decide(monkeypatch, path, f"y - \\left({g.text} + 2\\right) = 0", g.text).match.equal


_NE = ("\\ne", "\\neq", "≠", "!=")
_LE, _GE = ("\\le", "\\leq", "<=", "≤", "\\leqslant"), ("\\ge", "\\geq", ">=", "≥", "\\geqslant")


@pytest.mark.parametrize("path", _PATHS)
@pytest.mark.parametrize("seed", _SEEDS)
def test_inequalities_in_any_spelling(monkeypatch: pytest.MonkeyPatch, seed: int, path: str) -> None:
    """``x \\ne v`` in every spelling (a set of reals: all but one point), and ``-x \\ge -v`` for ``x \\le v`` (a negated
    variable, the relation turned); twins: another point, the other direction, the sign of the bound off."""
    rng = random.Random(seed)
    numbers = [g for g in _golds()[0] if g.exact.denominator == 1 and abs(g.exact) < 10 ** 4]
    for g in rng.sample(numbers, 15):
        v, var = int(g.exact), rng.choice(("x", "t", "k", "\\lambda"))
        s1, s2 = rng.sample(_NE, 2)
        assert _decide(monkeypatch, path, f"{var} {s1} {v}", f"{var}{s2}{v}").match.equal
        d = _decide(monkeypatch, path, f"{var} {s1} {v + 1}", f"{var} {s2} {v}")
        assert not d.match.equal and d.final, (v, d)
        ge, le = rng.choice(_GE), rng.choice(_LE)
        assert _decide(monkeypatch, path, f"-{var} {ge} {-v}", f"{var} {le} {v}").match.equal, (var, v)
        for twin in (f"{var} {ge} {v}", f"{var} {le} {-v - 1}"):
            d = _decide(monkeypatch, path, f"-{var} {ge} {-v}", twin)
            assert not d.match.equal and d.final, (var, v, twin, d)


@pytest.mark.parametrize("path", _PATHS)
@pytest.mark.parametrize("seed", _SEEDS)
def test_line_in_another_normal_form_and_restated_steps(monkeypatch: pytest.MonkeyPatch, seed: int, path: str) -> None:
    """``y = -mx + c`` for ``y + mx - c = 0`` (coefficients from the references): the same line; twins: another
    intercept. Steps that restate one quantity, ``T = a + b, T = p + q = v``, end on ``v``; ``T = p, T = v`` offers
    two values."""
    rng = random.Random(seed)
    numbers = [g for g in _golds()[0] if g.exact.denominator == 1 and 1 < g.exact < 1000]
    for g in rng.sample(numbers, 10):
        m, c = int(g.exact), rng.randint(1, 50)
        gold = f"y + {m}x - {c} = 0"
        d = _decide(monkeypatch, path, f"y = -{m}x + {c}", gold)
        assert d.match.equal, (m, c, d)
        assert not _decide(monkeypatch, path, f"y = -{m}x + {c + 1}", gold).match.equal
        p = rng.randint(1, m - 1) if m > 2 else 1
        steps = f"T = a + b, T = {p} + {m - p} = {m}"
        assert _decide(monkeypatch, path, steps, g.text).match.equal, steps
        assert not _decide(monkeypatch, path, steps, str(m + 1)).match.equal, steps
        assert not _decide(monkeypatch, path, f"T = {m + 3}, T = {m}", g.text).match.equal


@pytest.mark.parametrize("path", _PATHS)
@pytest.mark.parametrize("seed", _SEEDS)
def test_range_of_a_function_value(monkeypatch: pytest.MonkeyPatch, seed: int, path: str) -> None:
    """``(lo, hi)`` for ``lo < f(x) < hi`` (the range of a function's values between two ends); twins: another end,
    another bracket. One bound ``f(x) \\ge lo`` stays a bound the question may ask for."""
    rng = random.Random(seed)
    numbers = sorted({int(g.exact) for g in _golds()[0] if g.exact.denominator == 1 and abs(g.exact) < 100})
    for _ in range(10):
        lo, hi = sorted(rng.sample(numbers, 2))
        f = rng.choice(("f(x)", "g(t)", "h(k)"))
        gold = f"{lo}<{f}<{hi}"
        assert _decide(monkeypatch, path, f"({lo},{hi})", gold).match.equal, gold
        for twin in (f"({lo},{hi + 1})", f"[{lo},{hi})"):
            d = _decide(monkeypatch, path, twin, gold)
            assert not d.match.equal and d.final, (twin, gold, d)
        q = f"Find the minimum value of ${f}$."
        assert _decide(monkeypatch, path, f"{f} \\ge {lo}", str(lo), q).match.equal


@pytest.mark.parametrize("path", _PATHS)
@pytest.mark.parametrize("seed", _SEEDS)
def test_decimal_said_to_go_on(monkeypatch: pytest.MonkeyPatch, seed: int, path: str) -> None:
    """``d\\ldots`` (cut or rounded at its last digit, five places) for a constant reference that does not stop; twins:
    the last digit off, and a value that stops (``0.12499\\ldots`` is no 1/8, which stops at 0.125)."""
    from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal

    from test_relations import _value

    rng = random.Random(seed)
    done = 0
    for g in rng.sample(_golds()[1], min(40, len(_golds()[1]))):
        v = _value(g.text)
        if v is None or v.is_integer() or not 1e-2 < abs(v) < 1e4:
            continue
        for mode in (ROUND_DOWN, ROUND_HALF_UP):
            shown = str(Decimal(repr(v)).quantize(Decimal("0.00001"), rounding=mode))
            for dots in ("\\ldots", "...", "\u2026"):
                d = _decide(monkeypatch, path, shown + dots, g.text)
                assert d.match.equal, (shown + dots, g.text, d)
        off = str(Decimal(repr(v)).quantize(Decimal("0.00001"), rounding=ROUND_HALF_UP) + Decimal("0.00002"))
        d = _decide(monkeypatch, path, off + "\\ldots", g.text)
        assert not d.match.equal and d.final, (off, g.text, d)
        done += 1
    assert done >= 5
    assert not _decide(monkeypatch, path, "0.12499\\ldots", "\\frac{1}{8}").match.equal
    assert _decide(monkeypatch, path, "0.33333\\ldots", "\\frac{1}{3}").match.equal


@pytest.mark.parametrize("path", _PATHS)
@pytest.mark.parametrize("seed", _SEEDS)
def test_chain_ending_on_an_approximate_term(monkeypatch: pytest.MonkeyPatch, seed: int, path: str) -> None:
    """``W = Q(1 - \\frac{a}{b}) \\approx c Q`` for ``W = c Q`` (a coefficient from the references); twin: another
    coefficient."""
    rng = random.Random(seed)
    numbers = [g for g in _golds()[0] if g.exact.denominator > 1 and 0 < g.exact < 100]
    assert len(numbers) >= 5
    for g in rng.sample(numbers, 5):
        c, other = g.text, _plain(g.exact + Fraction(1, 100))
        chain = f"W_{{max}}=Q\\left(1-\\frac{{A}}{{B}}\\right) \\approx {c} Q"
        assert _decide(monkeypatch, path, chain, f"W_{{\\text{{max}}}} = {c} Q").match.equal, chain
        assert not _decide(monkeypatch, path, chain, f"W_{{\\text{{max}}}} = {other} Q").match.equal, (chain, other)


@pytest.mark.parametrize("path", _PATHS)
@pytest.mark.parametrize("seed", _SEEDS)
def test_reference_calculation(monkeypatch: pytest.MonkeyPatch, seed: int, path: str) -> None:
    """A reference calculation ``a \\cdot b = v`` (``v`` from the references) met by ``v``; twins: ``v + 1`` (final), and
    no value at all for a calculation whose sides differ."""
    rng = random.Random(seed)
    numbers = [g for g in _golds()[0] if g.exact.denominator == 1 and 4 <= g.exact <= 10 ** 4]
    for g in rng.sample(numbers, 15):
        v = int(g.exact)
        a = next((k for k in range(2, 100) if v % k == 0 and v // k > 1), 1)
        gold = f"{a} \\cdot {v // a} = {v}"
        assert _decide(monkeypatch, path, str(v), gold).match.equal, gold
        d = _decide(monkeypatch, path, str(v + 1), gold)
        assert not d.match.equal and d.final, (gold, d)
        assert not _decide(monkeypatch, path, str(v), f"{a} \\cdot {v // a} = {v + 1}").match.equal
