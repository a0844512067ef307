"""A formula against a stated value (issue 30, judge calls): a reference that states one value -- a number, or a
number and a unit the rules read -- against an answer that is an expression in a name the question leaves free
(``C = \\frac{\\epsilon A}{d}`` for ``C = 7.08\\times10^{-11}\\,\\text{F}``) is a typed ``different``: the expression
takes many values, the reference one, so no judge is asked.

Seeded over the physics-dev references that read as a sure number or quantity (with a label or not), with formulas in
letters the question never writes. Twins, which must never become ``different``:

* a formula in physical constants only (``\\frac{\\hbar}{2}``, ``\\frac{3}{2} k_B``): a number in SI units;
* a formula in a name the question gives a value (``T = 300``, ``m_1 = 2``): it may be the value;
* a quantity whose unit the readers do not take (``2.58 J/k``, ``14.7 \\, kJ``): a magnitude, not a formula;
* a sequence term (``2F_{84}``), and the reference's own value (never ``different``).
"""

from __future__ import annotations

import gzip
import json
import random
import re
from pathlib import Path

import pytest

from rlverify import get_verifier
from rlverify.rule.formula_outcome import formula_against_value
from rlverify.rule.read import read
from rlverify.rule.read.types import Number, Quantity
from rlverify.rule.unwrapped import _side
from rlverify.verdict import Outcome

SEEDS = range(10)
_CORPUS = Path(__file__).resolve().parents[2] / "data" / "corpora" / "physics-dev.jsonl.gz"
_LETTERS = "abdfjnpqrsuvwxyzLNPQUVWXYZ"
_FORMS = ("\\frac{{{a} {b}}}{{{c}}}", "{a}^2 {b}", "\\sqrt{{\\frac{{{a}}}{{{b}}}}}", "2 {a} + {b}",
          "\\frac{{1}}{{2}} {a} {b}^2", "{a} ({b} - {c})", "\\frac{{3 {a}}}{{4 \\pi {b}}}")
_CONSTANT_FORMS = ("\\frac{\\hbar}{2}", "\\frac{3}{2} k_B", "\\hbar c", "\\frac{G m_e}{c^2}", "2 \\pi \\hbar",
                   "\\frac{e^2}{4 \\pi \\varepsilon_0}")


def _golds() -> list[tuple[str, str, str]]:
    """(reference, its value text, question) of the physics-dev rows whose reference states a sure value."""
    seen: dict[str, tuple[str, str, str]] = {}
    with gzip.open(_CORPUS, "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            gold = row["gold"]
            side = _side(gold) if len(gold) <= 120 else None
            if gold in seen or side is None:
                continue
            r = read(side[0])
            if isinstance(r, Number) or isinstance(r, Quantity) and r.sure:
                seen[gold] = (gold, side[0], row["question"])
    return sorted(seen.values())


_GOLDS = _golds()


def _fresh(question: str, gold: str, rng: random.Random, k: int) -> list[str]:
    used = set(re.findall(r"[A-Za-z]", re.sub(r"\\[A-Za-z]+", " ", question + " " + gold)))
    fresh = [c for c in _LETTERS if c not in used]
    return rng.sample(fresh, k) if len(fresh) >= k else []


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule", outcome_cas=True)


def _outcome(rule, answer: str, gold: str, question: str):
    return rule.verify(f"The final answer is $\\boxed{{{answer}}}$.", gold, question)


def test_the_corpus_holds_such_references():
    assert len(_GOLDS) >= 60


@pytest.mark.parametrize("seed", SEEDS)
def test_a_formula_in_free_names_is_different(rule, seed):
    rng = random.Random(seed)
    for gold, _value, question in rng.sample(_GOLDS, 6):
        names = _fresh(question, gold, rng, 3)
        if not names:
            continue
        a, b, c = names
        form = rng.choice(_FORMS).format(a=a, b=b, c=c)
        answer = rng.choice((form, f"X = {form}".replace("X", rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))))
        v = _outcome(rule, answer, gold, question)
        assert not v.correct and v.outcome is Outcome.DIFFERENT, (answer, gold)


@pytest.mark.parametrize("seed", SEEDS)
def test_constants_fixed_names_and_quantities_stay_unsure(rule, seed):
    rng = random.Random(seed)
    for gold, value, question in rng.sample(_GOLDS, 4):
        names = _fresh(question, gold, rng, 2)
        if not names:
            continue
        a, b = names
        assert formula_against_value(rng.choice(_CONSTANT_FORMS), gold, question, True) is Outcome.UNSURE
        fixed_q = f"{question} Here ${a} = 3$ and ${b}_1 = 2$."
        assert formula_against_value(f"\\frac{{{a}^2 {b}_1}}{{2}}", gold, fixed_q, True) is Outcome.UNSURE
        unread = rng.choice(("2.58{a}/{b}", "14.7 \\, {a}{b}", "3 ~ {a}{b}^{{-1}}")).format(a=a, b=b)
        assert formula_against_value(unread, gold, question, True) is Outcome.UNSURE, unread
        assert formula_against_value(f"2{a.upper()}_{{84}}", gold, question, True) is Outcome.UNSURE
        assert formula_against_value(f"\\frac{{{a}}}{{{b}}}", gold, question, False) is Outcome.UNSURE  # no CAS
        v = _outcome(rule, value, gold, question)
        assert v.correct or v.outcome is not Outcome.DIFFERENT, (value, gold)


def test_the_question_fixes_segments_and_subscripted_names():
    gold = "15"
    q = "In triangle ABC, AB = 9 and BC = 12 with a right angle at A. Find AC."
    assert formula_against_value("\\sqrt{BC^2 - AB^2}", gold, q, True) is Outcome.UNSURE
    assert formula_against_value("\\sqrt{AB^2 + t^2}", gold, q, True) is Outcome.DIFFERENT
