"""The order-chain entry of the typed comparison (rlverify.rule.compare.ordering, issue 29), with the table off and
on the default path.

From hardverify-168 (``b, a, d, c`` for ``b < a < d < c``, "the order from smallest to largest") and the families of
tests/rule/test_answers_named_families.py: letters or numbers, a strict chain in either direction on one side and a
list or a chain on the other, the question asking for an increasing or a decreasing order. Twins: two items swapped,
the list reversed, an item missing; numbers make the twin's rejection a typed fact.
"""

from __future__ import annotations

import random

import pytest

from both_paths import both

UP = ("Order {} from smallest to largest.", "Enter {} in increasing order.", "Arrange {} from least to greatest.")
DOWN = ("Arrange {} from greatest to least.", "List {} in decreasing order.")
NUMBERS = ("1", "\\sqrt{2}", "\\frac{3}{2}", "2", "\\pi", "\\frac{7}{2}", "5")


def _both(monkeypatch, answer: str, gold: str, question: str):
    return both(monkeypatch, answer, gold, question)


def _chain(items: list[str], up: bool, rng: random.Random) -> str:
    if up:
        return (" " + rng.choice(("<", "\\lt")) + " ").join(items)
    return (" " + rng.choice((">", "\\gt")) + " ").join(items[::-1])


@pytest.mark.parametrize("seed", range(4))
def test_chains_and_lists(seed: int, monkeypatch) -> None:
    rng = random.Random(seed)
    for _ in range(10):
        k = rng.choice((3, 4))
        items = rng.sample("abcdpq", k) if rng.random() < 0.5 else rng.sample(NUMBERS, k)
        items = list(items) if items[0] in "abcdpq" else [x for x in NUMBERS if x in items]   # numbers in their order
        asked_up = rng.random() < 0.5
        question = rng.choice(UP if asked_up else DOWN).format(", ".join(f"${x}$" for x in sorted(items)))
        listed = items if asked_up else items[::-1]
        chain = _chain(items, rng.random() < 0.5, rng)
        for answer, gold in ((chain, ", ".join(listed)), (", ".join(listed), chain), (chain, _chain(items, True, rng))):
            for d in _both(monkeypatch, answer, gold, question):
                assert d.match.equal and d.stage == "typed:order_chain", (answer, gold, question, d)
        swapped = listed[:]
        swapped[0], swapped[1] = swapped[1], swapped[0]
        numeric = items[0] not in "abcdpq"
        for bad in (swapped, listed[::-1], listed[:-1]):
            for d in _both(monkeypatch, ", ".join(bad), chain, question):
                assert not d.match.equal, (bad, chain, question, d)
                assert d.final or not numeric, (bad, chain, question, d)


def test_no_direction_asked_is_not_an_ordering(monkeypatch) -> None:
    for d in _both(monkeypatch, "b, a, d, c", "b < a < d < c", "Compare a, b, c and d."):
        assert d.stage != "typed:order_chain"
