"""A box with a power written right after it is an operand, not the answer (issue 31): ``\\boxed{11}^2`` was read as
11 (reported by helper-10 from the RL experiment's completions). Rendered, the boxed value is squared; the span is
``(11)^2`` now.

Seeded over real integer references (gsm8k answers), each raised to a power in three spellings and three placements:
never accepted for the reference itself; accepted for the power's value (the twin); and an exclamation mark after the
box (``The answer is \\boxed{7}!``), which is prose, still reads the box.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rlverify import get_verifier
from rlverify.analysis.attacks import load_problems

DATA = Path(__file__).resolve().parents[3] / "data" / "problems"


def _references(n: int, seed: int) -> list[int]:
    golds = {p.gold.rsplit("####", 1)[-1].strip().replace(",", "") for p in load_problems(DATA / "gsm8k.jsonl.gz")}
    return random.Random(seed).sample(sorted(int(g) for g in golds if g.isdigit() and 2 <= int(g) <= 999), n)


def _powered(ref: int, k: int, rng: random.Random) -> str:
    power = rng.choice((f"^{k}", f"^{{{k}}}", f" ^ {{{k}}}"))
    return rng.choice((f"\\boxed{{{ref}}}{power}", f"So the answer is $\\boxed{{{ref}}}{power}$.",
                       f"Therefore \\[\\boxed{{{ref}}}{power}\\]"))


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule")


@pytest.mark.parametrize("seed", [0, 1])
def test_a_powered_box_is_not_its_content(rule, seed):
    rng = random.Random(seed)
    wrong, missed = [], []
    for ref in _references(30, seed):
        k = rng.randint(2, 3)
        text = _powered(ref, k, rng)
        if rule.verify(text, gold=str(ref)).correct:
            wrong.append((ref, text))
        if not rule.verify(text, gold=str(ref ** k)).correct:
            missed.append((ref ** k, text))
    assert wrong == [] and missed == []


@pytest.mark.parametrize("seed", [0, 1])
def test_an_exclamation_mark_after_the_box_is_prose(rule, seed):
    missed = [ref for ref in _references(30, seed)
              if not rule.verify(f"The answer is \\boxed{{{ref}}}!", gold=str(ref)).correct]
    assert missed == []
