"""An option letter written with its value (issue 30, judge calls): ``(b)\\quad 3.3\\text{ GeV}`` for
``6.6\\,\\text{GeV}`` where the question lists (b) 3.3 GeV is a typed ``different`` (:func:`rlverify.rule.unwrapped.
_option_with_value`): the value it writes and the option it names both differ from the reference. Before, a letter
with a value was never compared, and such answers went to the judge.

Seeded over the physics-dev references that are one quantity (the options: the reference and two multiples of it),
in the spellings answers use. Twins, never ``different``: the reference's own letter with its value; a letter and a
value that disagree (the reference's letter with another option's value, another letter with the reference's
value: the answer contradicts itself, the judge weighs it); and without a question, the written value decides.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from rlverify import get_verifier
from rlverify.verdict import Outcome

sys.path.insert(0, str(Path(__file__).parent))
from test_unwrapped_option_letter import _QUANTITIES  # noqa: E402

SEEDS = range(10)
_SPELLINGS = ("({l})\\quad {v}", "\\textbf{{({L})}}\\; {v}", "({l})\\; {v}", "\\text{{({l})}} \\ {v}", "{l}) {v}")


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule", outcome_cas=True)


def _outcome(rule, answer: str, gold: str, question: str | None) -> Outcome:
    v = rule.verify(f"The answer is $\\boxed{{{answer}}}$.", gold, question)
    assert not v.correct or v.outcome is Outcome.EQUAL
    return v.outcome


@pytest.mark.parametrize("seed", SEEDS)
def test_another_option_with_its_value_is_different(rule, seed):
    rng = random.Random(seed)
    value, unit = rng.choice(_QUANTITIES)
    factors = rng.sample([10.0, 100.0, 0.1, 0.01, 1000.0], 2)
    texts = [f"{value:g} {unit}"] + [f"{value * f:g} {unit}" for f in factors]
    rng.shuffle(texts)
    gold = f"{value:g} \\, {unit}"
    k = texts.index(f"{value:g} {unit}")
    question = "Which value is closest?\n\n" + "\n".join(f"({'abc'[i]}) {t}." for i, t in enumerate(texts))
    spelling = rng.choice(_SPELLINGS)
    for j in range(3):
        answer = spelling.format(l="abc"[j], L="ABC"[j], v=texts[j])
        got = _outcome(rule, answer, gold, question)
        if j == k:
            assert got is not Outcome.DIFFERENT, (answer, gold)          # twin: the reference's own option
        else:
            assert got is Outcome.DIFFERENT, (answer, gold, got)
            mixed = spelling.format(l="abc"[j], L="ABC"[j], v=texts[k])   # twin: another letter, the right value
            assert _outcome(rule, mixed, gold, question) is not Outcome.DIFFERENT, (mixed, gold)
            mixed = spelling.format(l="abc"[k], L="ABC"[k], v=texts[j])   # twin: the right letter, another value
            assert _outcome(rule, mixed, gold, question) is not Outcome.DIFFERENT, (mixed, gold)
            assert _outcome(rule, answer, gold, None) is Outcome.DIFFERENT, (answer, gold)
