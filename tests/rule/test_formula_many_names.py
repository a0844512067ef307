"""A formula in four to six names against a stated value (issue 30, judge calls): the outcome readers' CAS reading
(:func:`rlverify.rule.outcome._expr_values`) took at most three free names, so ``C = k \\frac{A}{d} \\epsilon_0`` or
``\\frac{G M m}{2 r}`` against a reference that states a number stayed ``unsure`` and reached the judge. With
``MAX_SYMBOLS`` names it is a typed ``different`` as the three-name formulas are
(:mod:`rlverify.rule.formula_outcome`), seeded over the same physics-dev references.

Twins that must never become ``different``: the same formulas where the question gives every name but one a value
and that one is a physical constant (a number in SI units), and an expression in more than ``MAX_SYMBOLS`` names (not
read: ``unsure``).
"""

from __future__ import annotations

import random

import pytest

from rlverify.rule.formula_outcome import formula_against_value
from rlverify.rule.outcome import MAX_SYMBOLS
from rlverify.verdict import Outcome
from test_formula_against_value import _GOLDS, _fresh, _outcome

SEEDS = range(10)
_FORMS = ("\\frac{{{a} {b} {c}}}{{{d}}}", "{a} {b} ({c} - {d})", "\\frac{{{a} {b}^2}}{{{c} {d} {e}}}",
          "\\sqrt{{\\frac{{{a} {b}}}{{{c} {d}}}}}", "\\frac{{{a} {b} {c} {d} {e}}}{{{f}}}", "2 {a} {b} + {c} {d}")


@pytest.fixture(scope="module")
def rule():
    from rlverify import get_verifier

    return get_verifier("rule", outcome_cas=True)


def _form(rng: random.Random, names: list[str]) -> str:
    form = rng.choice(_FORMS)
    return form.format(**dict(zip("abcdef", names)))


@pytest.mark.parametrize("seed", SEEDS)
def test_a_formula_in_many_free_names_is_different(rule, seed):
    rng = random.Random(seed)
    for gold, _value, question in rng.sample(_GOLDS, 5):
        names = _fresh(question, gold, rng, 6)
        if not names:
            continue
        form = _form(rng, names)
        answer = rng.choice((form, f"{rng.choice('ABCDEFGHJKMNOPQRSTUVWXYZ')} = {form}"))
        assert formula_against_value(answer, gold, question, True) is Outcome.DIFFERENT, (answer, gold)
        v = _outcome(rule, answer, gold, question)
        assert not v.correct and v.outcome is Outcome.DIFFERENT, (answer, gold)


@pytest.mark.parametrize("seed", SEEDS)
def test_fixed_names_and_too_many_names_stay_unsure(seed):
    rng = random.Random(seed)
    for gold, _value, question in rng.sample(_GOLDS, 4):
        names = _fresh(question, gold, rng, 6)
        if not names:
            continue
        a, b, c, d = names[:4]
        fixed_q = f"{question} Here ${a} = 3$, ${b} = 2$ and ${c} = 5$."
        assert formula_against_value(f"\\frac{{{a} {b} {c}}}{{\\hbar}}", gold, fixed_q, True) is Outcome.UNSURE
        many = " + ".join(f"x_{{{i}}}" for i in range(MAX_SYMBOLS + 1))
        assert formula_against_value(many, gold, question, True) is Outcome.UNSURE, many
