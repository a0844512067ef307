"""rule.compare.apart.marked (issue 30, judge calls): the final rejection of an entry that reads both sides surely
reaches the outcome as ``Flag.TYPED_DIFFERENT``, a final ``different`` (no judge), on both paths of the rule.

Seeded over physics-dev's references that state a sure value (those of test_formula_against_value):

* an equation whose left side is no plain name and whose right side is a formula in names the question never writes
  (``\\rho(\\omega) = \\frac{a b}{c}``): its value takes many values, the reference one -- ``different``;
* a bound where the reference states a value (``X < 2 v`` for ``X = v``, the value itself): ``different``;
* twins, never ``different``: an equation whose value side is the reference's own value; a number against a
  magnitude and one name (``1.5\\times10^{11} M_s``: a unit the readers may not know); a formula in names the question
  gives values.
"""

from __future__ import annotations

import random

import pytest

from both_paths import both
from rlverify.flags import Flag
from rlverify.rule.compare import compare
from rlverify.rule.read import read
from rlverify.rule.read.types import Labelled, Number, Quantity
from rlverify.rule.unwrapped import typed_outcome
from rlverify.verdict import Outcome

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_formula_against_value import _GOLDS, _fresh  # noqa: E402

SEEDS = range(8)


def _plain(gold: str) -> bool:
    """A reference whose value is a number or a quantity, under a label or none (no approximation, no words)."""
    r = read(gold)
    if isinstance(r, Labelled):
        r = r.inner
    return isinstance(r, (Number, Quantity))


_PLAIN = [g for g in _GOLDS if _plain(g[0])]


_LEFTS = ("\\rho(\\omega)", "\\frac{E}{V}", "U_f - U_i", "\\Delta E [\\text{eV}]", "p(0) + p(4)")
_FORMS = ("\\frac{{{a} {b}}}{{{c}}}", "{a}^2 {b}", "2 {a} + {b}", "{a} ({b} - {c})")


def _outcomes(monkeypatch, answer: str, gold: str, question: str | None) -> list[Outcome]:
    out = []
    for path in ("typed",):
        m = compare(answer, gold, question)
        out.append(Outcome.EQUAL if m.equal else typed_outcome(False, m, answer, gold, question, True))
    return out


@pytest.mark.parametrize("seed", SEEDS)
def test_an_equation_whose_value_is_a_formula_is_different(monkeypatch, seed):
    rng = random.Random(seed)
    for gold, _value, question in rng.sample(_PLAIN, 5):
        names = _fresh(question, gold, rng, 3)
        if not names:
            continue
        a, b, c = names
        answer = f"{rng.choice(_LEFTS)} = {rng.choice(_FORMS).format(a=a, b=b, c=c)}"
        assert _outcomes(monkeypatch, answer, gold, question) == [Outcome.DIFFERENT], (answer, gold)


@pytest.mark.parametrize("seed", SEEDS)
def test_an_equation_stating_the_reference_value_is_not_different(monkeypatch, seed):
    rng = random.Random(seed)
    for gold, value, question in rng.sample(_PLAIN, 5):
        answer = f"{rng.choice(_LEFTS)} = {value}"
        for outcome in _outcomes(monkeypatch, answer, gold, question):
            assert outcome is not Outcome.DIFFERENT, (answer, gold)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_magnitude_and_one_name_or_fixed_names_stay_for_the_judge(monkeypatch, seed):
    rng = random.Random(seed)
    mantissa, exp = rng.randint(11, 99) / 10, rng.randint(5, 15)
    name = rng.choice(("m_s", "m_{s}"))     # (M_\\odot reads as the solar-mass unit: two quantities)
    gold = f"{mantissa} \\times 10^{{{exp}}} {name}"
    other = f"{mantissa + rng.choice((-0.3, 0.4))} \\times 10^{{{exp}}} \\text{{ solar masses}}"
    for outcome in _outcomes(monkeypatch, other, gold, None):
        assert outcome is not Outcome.DIFFERENT, (other, gold)
    p, q_ = rng.randint(3, 9), rng.randint(10, 20)
    question = f"In triangle ABC, AB = {p} and BC = {q_} with a right angle at A. Find AC."
    for outcome in _outcomes(monkeypatch, "AC = \\sqrt{BC^2 - AB^2}", str(q_ + 1), question):
        assert outcome is not Outcome.DIFFERENT


@pytest.mark.parametrize("answer, gold", [
    ("\\rho(\\omega) = \\frac{\\omega^2}{e^{\\beta \\omega}-1}", "\\Delta S = 727 \\, \\text{J/K}"),
    ("8300 \\, \\text{m} \\equiv 8.3 \\, \\text{m}", "33 \\, \\text{m}"),
    ("R < 17 \\, \\text{km}", "R = 2.7 \\times 10^3 \\ \\text{m}"),
])
def test_written_examples(monkeypatch, answer, gold):
    assert _outcomes(monkeypatch, answer, gold, None) == [Outcome.DIFFERENT]


def test_the_flag_is_only_on_rejections():
    m = compare("x = 3", "3")
    assert m.equal and Flag.TYPED_DIFFERENT not in m.flags
