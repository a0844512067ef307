"""answers.rounding: the precision a question asks for, and comparison at that precision."""

from __future__ import annotations

from decimal import Decimal

import pytest

from rlverify.rule.answers.rounding import RoundSpec, agree, requested, round_value


@pytest.mark.parametrize("question,spec", [
    ("Express your answer as a decimal to the nearest tenth.", RoundSpec("places", 1)),
    ("Round your answer to two decimal places.", RoundSpec("places", 2)),
    ("What is the mean? Round to the nearest whole number.", RoundSpec("places", 0)),
    ("Give the answer to 3 significant figures.", RoundSpec("sig", 3)),
    ("How much is each share, to the nearest cent?", RoundSpec("places", 2)),
    ("Estimate the population to the nearest thousand.", RoundSpec("places", -3)),
    ("Find x, correct to 4 d.p.", RoundSpec("places", 4)),
    ("Give the answer to 2 s.f.", RoundSpec("sig", 2)),
    ("Give the answer to the nearest 0.01.", RoundSpec("places", 2)),
])
def test_requested(question, spec):
    assert requested(question) == spec


@pytest.mark.parametrize("question", [
    None, "", "Compute the sum.", "Express your answer as a common fraction.",
    # a rounding that describes the problem, not the answer
    "Let A and B be a and b rounded to the nearest integer. What is the probability that A = B?",
])
def test_not_requested(question):
    assert requested(question) is None


def test_round_value_half_up_and_sig():
    assert round_value(Decimal("2.45"), RoundSpec("places", 1)) == Decimal("2.5")
    assert round_value(Decimal("-2.45"), RoundSpec("places", 1)) == Decimal("-2.5")
    assert round_value(Decimal("0.012345"), RoundSpec("sig", 3)) == Decimal("0.0123")
    assert round_value(Decimal("12345"), RoundSpec("places", -2)) == Decimal("1.23E+4")


def test_agree():
    tenth = RoundSpec("places", 1)
    assert agree(3.4641016, "3.5", tenth) and agree("3.46", "3.5", tenth)
    assert not agree("3.4", "3.5", tenth) and not agree(3.3166, "3.5", tenth)
    assert agree(2.5, "3", RoundSpec("places", 0))     # half away from zero, float noise ignored
    assert not agree(float("nan"), "3", tenth) and not agree("inf", "3", tenth)
