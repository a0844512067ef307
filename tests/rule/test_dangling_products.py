"""A product with a missing factor is no value (issues 30 and 31): ``11 \\times``, ``\\cdot 11`` and ``x = 11 \\times``
were accepted for 11 because the text key (``latex.plain_key``) dropped every ``\\times``/``\\cdot`` that did not
stand between two digits, a factor missing or not. The probe's ``broken_arithmetic`` family reached the reward
through the rules themselves this way (``\\boxed{11 \\times}`` for 11).

Seeded families over real references (MATH-500 answers that are a plain number or a short expression), each placed
in every spelling of the operator, at either end, in a box, after a label and in a sentence; each wrong row has a
twin that must still be accepted: the reference alone, and the operator between two factors where it is
juxtaposition written out (``a \\cdot b`` for ``ab``).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from rlverify import get_verifier
from rlverify.analysis.attacks import load_problems

DATA = Path(__file__).resolve().parents[2] / "data" / "problems"
_PLAIN = re.compile(r"^-?\d+(?:\.\d+)?$|^\\frac\{\d+\}\{\d+\}$|^\d*\\sqrt\{\d+\}$|^\d*\\pi$")


def _references(n: int, seed: int) -> list[str]:
    golds = sorted({p.gold.strip() for p in load_problems(DATA / "math500.jsonl.gz")
                    if _PLAIN.match(p.gold.strip())})
    return random.Random(seed).sample(golds, n)


_OPS = (r"\times", r"\cdot", r"\times\,", r"\ \cdot\ ")


def _dangling(ref: str, rng: random.Random) -> str:
    op = rng.choice(_OPS)
    body = rng.choice((f"{ref} {op}", f"{op} {ref}", f"{ref}{op}", f"x = {ref} {op}"))
    return rng.choice((f"\\boxed{{{body}}}", f"The answer is ${body}$.", f"So $\\boxed{{{body}}}$"))


def _cases(seed: int) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    return [(ref, _dangling(ref, rng)) for ref in _references(40, seed)]


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule")


@pytest.mark.parametrize("seed", [0, 1])
def test_a_product_with_a_missing_factor_is_never_accepted(rule, seed):
    accepted = [(ref, text) for ref, text in _cases(seed) if rule.verify(text, gold=ref).correct]
    assert accepted == []


@pytest.mark.parametrize("seed", [0, 1])
def test_the_twins_are_accepted(rule, seed):
    refs = _references(40, seed)
    missed = [ref for ref in refs if not rule.verify(f"\\boxed{{{ref}}}", gold=ref).correct]
    rng = random.Random(seed)
    products = []
    for _ in range(40):
        a, b = rng.sample("abcmnpqrxyz", 2)
        op = rng.choice(_OPS)
        if not rule.verify(f"\\boxed{{{a} {op} {b}}}", gold=f"{a}{b}").correct:
            products.append((a, op, b))
    assert missed == [] and products == []
