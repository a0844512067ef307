"""rule.unwrapped (issue 30, judge calls): a bare option letter against a reference written as a value, where the
question lists that option, is compared through the option's text: ``(c)`` for ``1\\,\\text{MeV}`` where (c) is
``1 KeV`` is ``different`` (the judge is not asked). Seeded over the physics-dev references that are one quantity
(their magnitude and unit), in the letter spellings answers use. Twins, never ``different``: the letter of the
option that is the reference, and an option the readers cannot read (words).
"""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest

from rlverify import get_verifier
from rlverify.rule.answers.quantity import parse_quantity
from rlverify.verdict import Outcome

SEEDS = range(12)
_CORPUS = Path(__file__).resolve().parents[2] / "data" / "corpora" / "physics-dev.jsonl.gz"
_SPELLINGS = ("{l}", "({l})", "{L}", "\\text{{({l})}}", "{l})", "\\text{{{l})}}", "\\textbf{{({L})}}")


def _quantities() -> list[tuple[float, str]]:
    out: set[tuple[float, str]] = set()
    with gzip.open(_CORPUS, "rt", encoding="utf-8") as fh:
        for line in fh:
            gold = json.loads(line)["gold"]
            q = parse_quantity(gold)
            if q is None or q.unit is None or q.unit.short or "=" in gold:
                continue
            unit = gold[gold.rfind(q.magnitude) + len(q.magnitude):].strip() if q.magnitude in gold else ""
            try:
                value = float(q.magnitude)
            except ValueError:
                continue
            if unit and value > 0 and "\\text" in unit:
                out.add((value, unit))
    return sorted(out)


_QUANTITIES = _quantities()


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule", outcome_cas=True)


def _outcome(rule, answer: str, gold: str, question: str) -> Outcome:
    v = rule.verify(f"The answer is $\\boxed{{{answer}}}$.", gold, question)
    return v.outcome


def test_the_corpus_holds_quantities():
    assert len(_QUANTITIES) >= 5


@pytest.mark.parametrize("seed", SEEDS)
def test_the_letter_of_another_option_is_different(rule, seed):
    rng = random.Random(seed)
    value, unit = rng.choice(_QUANTITIES)
    factors = rng.sample([10.0, 100.0, 0.1, 0.01, 1000.0], 2)
    texts = [f"{value:g} \\, {unit}"] + [f"{value * f:g} \\, {unit}" for f in factors]
    rng.shuffle(texts)
    gold = f"{value:g} \\, {unit}"
    k = texts.index(gold)
    question = "Which value is closest?\n\n" + "\n".join(f"({'abc'[i]}) ${t}$." for i, t in enumerate(texts))
    spelling = rng.choice(_SPELLINGS)
    for j in range(3):
        answer = spelling.format(l="abc"[j], L="ABC"[j])
        got = _outcome(rule, answer, gold, question)
        if j == k:
            assert got is not Outcome.DIFFERENT, (answer, gold, question)      # twin: the reference's own option
        else:
            assert got is Outcome.DIFFERENT, (answer, gold, question, got)


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_an_option_in_words_is_not_decided(rule, seed):
    rng = random.Random(seed)
    value, unit = rng.choice(_QUANTITIES)
    gold = f"{value:g} \\, {unit}"
    question = ("Which is right?\n(a) It cannot be measured.\n(b) It depends on the temperature.\n"
                f"(c) ${gold}$.")
    assert _outcome(rule, rng.choice(["a", "(b)"]), gold, question) is not Outcome.DIFFERENT
