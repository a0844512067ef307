"""Products of the ampere written as one symbol (issue 30, judge calls): ``\\text{Am}^2`` is the ampere square metre
of a magnetic moment, as ``A\\,m^2`` and ``A\\cdot m^2`` are, and ``Ah`` the ampere hour. Before, ``Am^2`` was no unit,
so every answer against physics-dev's ``m \\approx 8.64 \\times 10^{-26} \\, \\text{Am}^2`` was unread and went to the
judge; a power written on such a product raises its last factor only (``kgm^2``, ``Nm^2``, ``Am^2``).

Seeded over magnitudes and the spellings of the unit on both sides: the same magnitude is accepted, another one is a
typed ``different``. Twins: ``A^2 m^2`` (the whole product squared) is not ``Am^2``; ``As`` and ``AK`` stay unread
(a word, no product anyone writes), so they are never ``different`` for a unit they might mean.
"""

from __future__ import annotations

import random

import pytest

from rlverify import get_verifier
from rlverify.rule.answers.units import parse_unit
from rlverify.verdict import Outcome

SEEDS = range(10)
_REF_SPELLINGS = ("\\text{Am}^2", "\\, \\text{Am}^2", "\\ \\mathrm{Am}^{2}", " Am^2")
_ANSWER_SPELLINGS = ("\\, \\text{A}\\cdot\\text{m}^2", "\\, \\text{A m}^2", " A m^2", "\\,\\text{Am}^2",
                     "\\, \\text{A·m}^2", "\\ \\mathrm{A\\,m^{2}}")


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule", outcome_cas=True)


def _verdict(rule, answer: str, gold: str):
    return rule.verify(f"So the magnetic moment is $\\boxed{{{answer}}}$.", gold,
                       "Estimate the magnetic dipole moment of the Earth.")


def _magnitude(rng: random.Random) -> tuple[str, float]:
    mantissa = round(rng.uniform(1.1, 9.8), 2)
    exponent = rng.choice((-26, -3, 2, 15, 22))
    return f"{mantissa} \\times 10^{{{exponent}}}", mantissa * 10.0 ** exponent


def test_the_products_read():
    assert parse_unit("Am^2").factors == (("ampere", 1), ("meter", 2))
    assert parse_unit("\\text{Am}^{2}").factors == (("ampere", 1), ("meter", 2))
    assert parse_unit("Ah").factors == (("ampere", 1), ("hour", 1))
    assert parse_unit("kgm^2").factors == (("kilogram", 1), ("meter", 2))
    assert parse_unit("Nm^2").factors == (("newton", 1), ("meter", 2))
    assert parse_unit("As") is None and parse_unit("AK") is None


@pytest.mark.parametrize("seed", SEEDS)
def test_the_same_moment_is_accepted_another_is_different(rule, seed):
    rng = random.Random(seed)
    for _ in range(4):
        text, _value = _magnitude(rng)
        gold = rng.choice(("m \\approx ", "\\mu = ", "")) + text + rng.choice(_REF_SPELLINGS)
        answer = rng.choice(("", "m = ", "\\mu \\approx ")) + text + rng.choice(_ANSWER_SPELLINGS)
        assert _verdict(rule, answer, gold).correct, (answer, gold)
        other, _ = _magnitude(rng)
        if other.split(" ")[0] == text.split(" ")[0]:
            continue
        wrong = other + rng.choice(_ANSWER_SPELLINGS)
        v = _verdict(rule, wrong, gold)
        assert not v.correct and v.outcome is Outcome.DIFFERENT, (wrong, gold)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_twins(rule, seed):
    rng = random.Random(seed)
    text, _ = _magnitude(rng)
    gold = text + rng.choice(_REF_SPELLINGS)
    assert not _verdict(rule, text + " \\, \\text{A}^2\\text{m}^2", gold).correct
    for unread in (" \\text{As}", " \\text{AK}"):
        v = _verdict(rule, text + unread, text + " \\, \\text{A}\\cdot\\text{s}")
        assert v.correct or v.outcome is not Outcome.DIFFERENT, unread
