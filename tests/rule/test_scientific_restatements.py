"""A stated value restated in scientific notation ('$0.0000672$ (or equivalently $6.72e-05$)', 'i.e. $1.2 \\times
10^{3}$') is one answer, seeded; a restatement offered with 'or' whose mantissa or exponent differs is a second answer (a hedge)."""

from __future__ import annotations

import random
from fractions import Fraction

from rlverify.rule.extract import extract_answer


def _sci(mantissa: str, exp: int, rng: random.Random) -> str:
    return rng.choice([f"{mantissa}e{exp:+03d}", f"{mantissa}e{exp}", f"{mantissa}E{exp}", f"{mantissa} \\times 10^{{{exp}}}",
                       f"{mantissa}\\times10^{{{exp}}}", f"{mantissa} \\cdot 10^{{{exp}}}"])


def _plain(value: Fraction) -> str:
    s = f"{float(value):.12f}".rstrip("0").rstrip(".")
    return s


def test_restated_in_scientific_notation():
    rng = random.Random(16)
    for _ in range(150):
        digits = rng.randint(100, 999)
        exp = rng.choice([-6, -5, -4, -3, 3, 4, 5])
        mantissa = f"{digits // 100}.{digits % 100:02d}"
        value = Fraction(mantissa) * Fraction(10) ** exp
        lead = rng.choice(["**Answer:** ", "The answer is ", "Final answer: "])
        join = rng.choice([" (or equivalently ${}$)", " (i.e. ${}$)", ", or equivalently ${}$", " (that is, ${}$)"])
        text = lead + f"${_plain(value)}$" + join.format(_sci(mantissa, exp, rng))
        ex = extract_answer(text)
        assert ex.answer is not None and Fraction(ex.answer) == value and "hedge" not in ex.flags, (text, ex)
        # another value offered with 'or' is a second answer
        wrong = f"{(digits + 1) // 100}.{(digits + 1) % 100:02d}"
        orjoin = rng.choice([" (or equivalently ${}$)", ", or equivalently ${}$", " (or ${}$)"])
        other = lead + f"${_plain(value)}$" + orjoin.format(_sci(wrong, exp if rng.random() < 0.5 else exp + 1, rng))
        assert "hedge" in extract_answer(other).flags, other
