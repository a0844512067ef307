"""References as datasets write them (issue 14, round 4): a reference decimal cut rather than rounded meets the exact
answer (``6\\frac{1}{64}`` for ``6.01``) while a finer decimal answer is only rounded and a wrong last digit stays
wrong; a question that asks for two named unknowns with one repeated value (``Determine $a$ and $b$``, ``-2,-2``)
is not answered by one of them (``a = -2``), but is by both (``a = b = -2``, ``(-2, -2)``). Seeded over values."""
from __future__ import annotations

import random
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest

import rlverify

RULE = rlverify.get_verifier("rule", timeout=10.0)


def _dec(x: Fraction, places: int, mode: str) -> Decimal:
    return (Decimal(x.numerator) / Decimal(x.denominator)).quantize(Decimal(1).scaleb(-places), rounding=mode)


@pytest.mark.parametrize("seed", range(5))
def test_cut_reference_meets_exact_answer(seed: int) -> None:
    rng = random.Random(seed)
    done = 0
    while done < 12:
        den = rng.choice((7, 9, 11, 13, 64, 128, 17))
        x = Fraction(rng.randint(den + 1, 40 * den), den)
        places = rng.randint(2, 3)
        cut, rnd = _dec(x, places, ROUND_DOWN), _dec(x, places, ROUND_HALF_UP)
        if cut == rnd or len(str(cut).replace(".", "").lstrip("0")) < 3:
            continue
        done += 1
        ulp = Decimal(1).scaleb(-places)
        resp = f"Hence the answer is $\\boxed{{\\frac{{{x.numerator}}}{{{x.denominator}}}}}$."
        assert RULE.verify(resp, str(cut)).correct, (resp, cut)
        assert RULE.verify(resp, str(rnd)).correct, (resp, rnd)
        assert not RULE.verify(resp, str(cut - ulp)).correct, (resp, cut - ulp)
        assert not RULE.verify(resp, str(rnd + ulp)).correct, (resp, rnd + ulp)
        finer = _dec(x, places + 2, ROUND_HALF_UP)   # a finer decimal answer is rounded, never cut
        assert not RULE.verify(f"$\\boxed{{{finer}}}$", str(cut)).correct, (finer, cut)


@pytest.mark.parametrize("seed", range(4))
def test_one_of_two_unknowns(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(8):
        a, b = rng.choice((("a", "b"), ("x", "y"), ("m", "n")))
        v = rng.choice((str(rng.randint(-20, 300)), f"\\frac{{{rng.randint(1, 9)}}}{{{rng.randint(11, 19)}}}"))
        q = rng.choice((f"Suppose that ${a}(t+{b}(t+3))=2(t+6)$ for all values of $t$. Determine ${a}$ and ${b}$.",
                        f"Find the ordered pair $({a}, {b})$ satisfying both equations."))
        grouped = v.isdigit() and len(v) == 3            # '163,163' may be one grouped number: a space lists
        gold = f"{v}, {v}" if grouped else rng.choice((f"{v},{v}", f"{v}, {v}"))
        for one in (a, b):
            assert not RULE.verify(f"$\\boxed{{{one} = {v}}}$", gold, q).correct, (one, gold, q)
        for both in (f"{a} = {b} = {v}", f"{a} = {v},\\ {b} = {v}", f"({v}, {v})"):
            assert RULE.verify(f"$\\boxed{{{both}}}$", gold, q).correct, (both, gold, q)
    # a question about one unknown may list a repeated root: x = -2 is the answer
    assert RULE.verify("$\\boxed{x = -2}$", "-2,-2", "Find all roots of $x^2+4x+4=0$.").correct
