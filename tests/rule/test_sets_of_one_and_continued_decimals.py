"""A set of one member is that member (\\{5\\} for 5, \\{(2,3)\\} for the pair), and a decimal said to go on
(0.333\\ldots, 3.14159..., 1.414…) is the exact value it begins: cut or rounded at its last digit, >= 3
significant digits. Seeded values; near-misses change a digit, a member, or add a member."""

from __future__ import annotations

import math
import random
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

from rlverify.rule.compare import compare


def test_a_set_of_one_member_is_the_member(inline):
    rng = random.Random(11)
    for _ in range(60):
        v = rng.randint(-50, 50)
        t = f"({v}, {rng.randint(-9, 9)})"
        for member in (str(v), t):
            assert compare(f"\\{{{member}\\}}", member, "Find all solutions.").equal, member
            assert compare(member, f"\\{{{member}\\}}", "Find all solutions.").equal, member
        assert not compare(f"\\{{{v + 1}\\}}", str(v)).equal
        assert not compare(f"\\{{{v}, {v + 1}\\}}", str(v)).equal


def _digits(value: Fraction | float, places: int, mode: str) -> str:
    with localcontext() as ctx:
        ctx.prec = 60
        d = Decimal(value.numerator) / Decimal(value.denominator) if isinstance(value, Fraction) else Decimal(repr(value))
        return str(d.quantize(Decimal(1).scaleb(-places), rounding=mode))


def test_a_decimal_said_to_go_on(inline):
    rng = random.Random(12)
    checked = 0
    for _ in range(120):
        if rng.random() < 0.5:
            q = rng.choice((3, 6, 7, 9, 11, 12, 13, 15, 21))
            p = rng.randint(1, 5 * q)
            if (Fraction(p, q).denominator in (1, 2, 4, 5, 8)):
                continue
            exact: Fraction | float = Fraction(p, q)
            gold = f"\\frac{{{p}}}{{{q}}}"
        else:
            n = rng.choice((2, 3, 5, 6, 7, 10, 11))
            exact, gold = math.sqrt(n), f"\\sqrt{{{n}}}"
        places = rng.randint(3, 6)
        dots = rng.choice(("\\ldots", "...", "\u2026", "\\dots"))
        for mode in (ROUND_DOWN, ROUND_HALF_UP):
            shown = _digits(exact, places, mode)
            assert compare(shown + dots, gold).equal, (shown + dots, gold)
        cut, up = _digits(exact, places, ROUND_DOWN), _digits(exact, places, ROUND_HALF_UP)
        wrong = str(Decimal(up) + Decimal(1).scaleb(-places))
        if wrong not in (cut, up):
            assert not compare(wrong + dots, gold).equal, (wrong, gold)
        checked += 1
    assert checked > 80
    assert not compare("0.33\\ldots", "\\frac{1}{3}").equal           # two digits say too little
    assert not compare("0.333\\ldots", "0.3337").equal                # a value that stops is only itself
