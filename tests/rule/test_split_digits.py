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
