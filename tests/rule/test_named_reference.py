"""A reference that names its quantity before its value (``P \\approx 1.081\\,\\text{W}``, ``P_f = 187`` with the
question asking pascals) is compared by its value, with its unit and the question's asked unit: read whole, the
label path lost both, so a wrong SI prefix was accepted (``1.081 milliwatts``, ``187 MPa``: 142 of 2,274
wrong-prefix near-misses of the composing generator at seed 0) and a right conversion was rejected
(``73.4 kJ`` for ``W = 73.4\\times10^{3}\\,\\text{J}``). Seeded names, values, units and prefixes."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import rlverify

NAMES = ["P", "W", "E_k", "\\Delta V", "F_{net}", "\\nu", "C", "L", "p_f", "\\varepsilon"]
UNITS = [("W", "watts"), ("J", "joules"), ("Pa", "pascals"), ("Hz", "hertz"), ("V", "volts"), ("F", "farads")]
RELATIONS = ["=", "\\approx"]
PREFIXES = [("k", "kilo", 3), ("M", "mega", 6), ("m", "milli", -3), ("\\mu ", "micro", -6)]


def _decimal(v: Fraction) -> str:
    """A terminating fraction written out (the values here are decimals by construction)."""
    s = f"{float(v):.12f}".rstrip("0").rstrip(".")
    assert Fraction(s) == v, (s, v)
    return s


def _cases(seed: int, n: int = 20) -> list[tuple[str, str, str | None, bool, str]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        name, (unit, word), (sym, pword, exp) = rng.choice(NAMES), rng.choice(UNITS), rng.choice(PREFIXES)
        value = Fraction(rng.randint(101, 989), 10 ** rng.randint(0, 2))
        text = _decimal(value)
        op = rng.choice(RELATIONS)
        gold = f"{name} {op} {text}\\,\\text{{{unit}}}"
        converted = _decimal(value / Fraction(10) ** exp)
        out += [(gold, f"\\boxed{{{text}\\,\\text{{{sym}{unit}}}}}", None, False, "same digits, another prefix"),
                (gold, f"\\boxed{{{text} \\text{{ {pword}{word}}}}}", None, False, "same digits, prefix spelled"),
                (gold, f"\\boxed{{{converted}\\,\\text{{{sym}{unit}}}}}", None, True, "converted"),
                (gold, f"\\boxed{{{name} = {text}\\,\\text{{{unit}}}}}", None, True, "the same, labelled"),
                (f"{name} = {text}", f"\\boxed{{{text}\\,\\text{{{sym}{unit}}}}}",
                 f"Find it. (Answer in $\\mathrm{{{unit}}}$.)", False, "asked unit, another prefix"),
                (f"{name} = {text}", f"\\boxed{{{text}\\,\\text{{{unit}}}}}",
                 f"Find it. (Answer in $\\mathrm{{{unit}}}$.)", True, "asked unit")]
    return out


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_named_reference_keeps_its_unit_and_the_asked_unit(seed: int) -> None:
    wrong = [(what, r, g, q) for g, r, q, correct, what in _cases(seed)
             if rlverify.verify(r, g, q).correct != correct]
    assert wrong == [], wrong[:6]
