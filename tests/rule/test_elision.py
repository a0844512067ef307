"""Elided terms (``1 + 2 + \\cdots + 10``, ``2 \\cdot 4 \\cdots 20``, ``a_1 a_2 \\ldots a_n``): neither the arithmetic reader
nor the grammar can value them (the grammar drops the dots and reads the terms written down). Such an answer is never
equal to the value of its written terms, and a decimal said to go on (``0.333\\ldots``) is still a number. Seeded over
arithmetic progressions."""
from __future__ import annotations

import random

import pytest

import rlverify
from rlverify.verdict import Outcome

RULE = rlverify.get_verifier("rule", timeout=10.0)
_DOTS = ("\\cdots", "\\ldots", "\\dots", "\\dotsb", "...", "\u2026")


def _box(inner: str) -> str:
    return f"Adding the terms up, we get\n\n$$\\boxed{{{inner}}}$$"


@pytest.mark.parametrize("seed", range(3))
def test_written_terms_of_an_elided_sum_are_not_its_value(seed: int) -> None:
    rng = random.Random(seed)
    for dots in _DOTS:
        s, d, k = rng.randint(1, 9), rng.randint(1, 5), rng.randint(6, 15)
        terms = [s + d * i for i in range(k)]
        shown = f"{terms[0]} + {terms[1]} + {dots} + {terms[-1]}"
        written = terms[0] + terms[1] + terms[-1]
        got = RULE.verify(_box(shown), str(written))
        assert not got.correct and got.outcome is not Outcome.EQUAL, (shown, written, got)
        prod = f"{terms[0]} \\cdot {terms[1]} {dots} {terms[-1]}"
        got = RULE.verify(_box(prod), str(terms[0] * terms[1] * terms[-1]))
        assert not got.correct, (prod, got)


@pytest.mark.parametrize("seed", range(2))
def test_symbolic_elision_is_not_read_as_its_written_terms(seed: int) -> None:
    rng = random.Random(seed)
    for dots in _DOTS:
        c = rng.randint(2, 9)
        got = RULE.verify(_box(f"{c} + {c + 1} + {dots} + n"), f"n + {2 * c + 1}")
        assert not got.correct, (dots, c, got)


@pytest.mark.parametrize("seed", range(2))
def test_a_continued_decimal_is_still_a_number(seed: int) -> None:
    rng = random.Random(seed)
    for dots in ("\\ldots", "\\dots", "\u2026"):   # (a bare "..." after a box value is read as punctuation)
        q = rng.choice((3, 6, 7, 9, 11, 12))
        p = rng.randint(1, q - 1)
        if (10 ** 8 * p) % q == 0:
            continue
        digits = f"{p / q:.6f}"[:-1]
        assert RULE.verify(_box(digits + dots), f"\\frac{{{p}}}{{{q}}}").correct, (digits, dots, p, q)
