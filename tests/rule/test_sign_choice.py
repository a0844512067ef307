"""A sign choice (``\\pm``, ``\\mp``, ``±``, ``∓``) in the answer where the reference has none offers two
values: never correct, whatever the chain after it ends on (found by the probe's several_values
placement: ``\\pm n = 2, 5, 13`` was accepted for ``n = 2, 5, 13``). Where the reference has the
sign choice itself, the same answer is correct."""

from __future__ import annotations

import random

import pytest

from rlverify import get_verifier

_SIGNS = (r"\pm ", r"\mp ", "±", "∓")
_NAMES = ("n", "x", "k", "a", r"\lambda", "t")
_VALUES = ("2", "5, 13", r"\frac{3}{4}", r"\sqrt{2}", "7, 11, 17", "0.5")


def _pairs(seed: int, n: int) -> list[tuple[str, str, str]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        sign, name, value = rng.choice(_SIGNS), rng.choice(_NAMES), rng.choice(_VALUES)
        space = rng.choice(("", " "))
        answer = rng.choice((f"\\boxed{{{sign}{name}{space}={space}{value}}}",
                             f"So ${sign}{name} = {value}$.\n\n**Answer:** ${sign}{name}={value}$"))
        out.append((answer, f"{name} = {value}", f"{name}={sign}{value}" if "," not in value else ""))
    return out


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule", timeout=10.0)


def test_a_sign_choice_the_reference_lacks_is_never_correct(rule) -> None:
    pairs = _pairs(0, 60)
    accepted = [(a, g) for a, g, _ in pairs if rule.verify(a, g).correct]
    assert accepted == []


def test_nor_does_the_hybrid_ask_its_judge(rule) -> None:
    hybrid = get_verifier("hybrid", judge="gullible", rule_options={"timeout": 10.0})
    accepted = [(a, g) for a, g, _ in _pairs(1, 20) if hybrid.verify(a, g).correct]
    assert accepted == []


def test_the_same_answers_are_correct_where_the_reference_has_the_sign_choice(rule) -> None:
    pairs = [(a, r) for a, _, r in _pairs(2, 40) if r]
    rejected = [(a, r) for a, r in pairs if not rule.verify(a.replace("∓", "±").replace(r"\mp", r"\pm"),
                                                            r.replace("∓", "±").replace(r"\mp", r"\pm")).correct]
    assert len(pairs) >= 15 and rejected == []
