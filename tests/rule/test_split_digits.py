"""Numbers side by side are not one number (issue 31): ``The answer is 1 1`` was accepted for 11, because the text keys
(``fast.normalize``, ``latex.plain_key``) removed every blank, the one between two numbers too. A run of digits split by
blanks is one number only in thousands groups (``12 345``, ``1 000 000``, ``1\\,000``).

Seeded over real integer references (gsm8k answers of two or more digits): each split at a place that is no thousands
group, in a box, in a sentence and after a label, must not be accepted; its twin, the same reference in thousands
groups, must be.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rlverify import get_verifier
from rlverify.analysis.attacks import load_problems

DATA = Path(__file__).resolve().parents[2] / "data" / "problems"


def _references(n: int, seed: int) -> list[str]:
    golds = sorted({p.gold.rsplit("####", 1)[-1].strip().replace(",", "") for p in load_problems(DATA / "gsm8k.jsonl.gz")})
    return random.Random(seed).sample([g for g in golds if g.isdigit() and len(g) >= 2 and g[0] != "0"], n)


def _split(ref: str, rng: random.Random) -> str:
    """The digits with one or two blanks at places that make no thousands grouping."""
    while True:
        cuts = sorted(rng.sample(range(1, len(ref)), min(len(ref) - 1, rng.choice((1, 2)))))
        parts = [ref[i:j] for i, j in zip([0] + cuts, cuts + [len(ref)])]
        if not all(len(p) == 3 for p in parts[1:]) or len(parts[0]) > 3:
            return " ".join(parts)


def _place(text: str, rng: random.Random) -> str:
    return rng.choice((f"\\boxed{{{text}}}", f"The answer is {text}.", f"So $x = {text}$.", f"**Answer:** {text}"))


def _grouped(ref: str) -> str:
    head = len(ref) % 3 or 3
    return " ".join([ref[:head]] + [ref[i:i + 3] for i in range(head, len(ref), 3)])


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule")


@pytest.mark.parametrize("seed", [0, 1])
def test_numbers_side_by_side_are_not_their_concatenation(rule, seed):
    rng = random.Random(seed)
    accepted = []
    for ref in _references(40, seed):
        text = _place(_split(ref, rng), rng)
        if rule.verify(text, gold=ref).correct:
            accepted.append((ref, text))
    assert accepted == []


@pytest.mark.parametrize("seed", [0, 1])
def test_thousands_groups_are_one_number(rule, seed):
    rng = random.Random(seed)
    missed = []
    for ref in _references(40, seed):
        if len(ref) < 4:
            continue
        text = _place(_grouped(ref), rng)
        if not rule.verify(text, gold=ref).correct:
            missed.append((ref, text))
    assert missed == []


def _summands(ref: str, rng: random.Random) -> tuple[int, int]:
    """Two positive integers side by side whose sum is the reference (the grammar read '1 8' as 1 + 8), neither
    glued to the other into the reference's digits."""
    n = int(ref)
    while True:
        a = rng.randint(1, max(1, n - 1))
        if f"{a}{n - a}" != ref and n - a > 0:
            return a, n - a


@pytest.mark.parametrize("seed", [0, 1])
def test_numbers_side_by_side_are_not_their_sum(rule, seed):
    """``\\boxed{19  9}``, ``\\boxed{9 * 2 = 19  9}`` and ``8 = 2 + 1 8`` were accepted for 28 and 11 (the probe's
    broken_arithmetic family): the grammar reads numbers side by side as their sum and ``exact_number`` as their
    concatenation. Twin: the sum written with its plus signs is accepted."""
    rng = random.Random(seed)
    accepted, missed = [], []
    for ref in _references(40, seed):
        a, b = _summands(ref, rng)
        k = rng.randint(2, 9)
        for text in (f"{a} {b}", f"{k} * 2 = {a}  {b}", f"{a} + {b} = {a}  {b}" if a > 1 else f"{a}  {b}"):
            if rule.verify(_place(text, rng), gold=ref).correct:
                accepted.append((ref, text))
        if not rule.verify(f"\\boxed{{{a} + {b}}}", gold=ref).correct:
            missed.append((ref, f"{a} + {b}"))
    assert accepted == [] and missed == []


def test_a_mixed_number_is_not_its_digits_glued():
    """``3 1/2`` is no 31/2 (``exact_number`` removed the blank)."""
    from rlverify.rule.answers.surface import exact_number

    assert exact_number("3 1/2") != 31 / 2 and exact_number("19 9") is None and exact_number("12 345") == 12345
