"""An exact constant against a reference written with an approximation sign: equal exactly when the constant's value
rounds (half up) to the reference at the reference's last written digit. Seeded: constants in several spellings
(roots, multiples of pi, logarithms, exponentials, the error functions under every upright font), references rounded
to 2-4 significant digits, as a bare approximation, behind a label, as a percent; the expected verdict is computed here
with Python's math module and Decimal (an independent implementation), so near misses (the last digit moved, a
neighbouring constant) are drawn freely and must be rejected where they do not round to the reference."""

from __future__ import annotations

import math
import random
from decimal import ROUND_HALF_UP, Decimal

import pytest

from rlverify.rule import RuleVerifier
from rlverify.rule.answers.symbolic import parse_grammar

_ERF_FONTS = ("\\operatorname{{{f}}}", "\\text{{{f}}}", "\\mathrm{{{f}}}", "\\textrm{{{f}}}", "{f}")


def _constant(rng: random.Random) -> tuple[str, float]:
    k = rng.randint(2, 30)
    kind = rng.randrange(6)
    if kind == 0 and math.isqrt(k) ** 2 != k:
        return f"\\sqrt{{{k}}}", math.sqrt(k)
    if kind == 1:
        return f"{k}\\pi", k * math.pi
    if kind == 2:
        return f"\\ln {k}", math.log(k)
    if kind == 3:
        return f"e^{{-{k % 5 + 1}}}", math.exp(-(k % 5 + 1))
    x = k / 10
    font = rng.choice(_ERF_FONTS)
    if kind == 4:
        return f"{font.format(f='erf')}({x})", math.erf(x)
    return f"1 - {font.format(f='erf')}({x})", math.erfc(x)


def _rounded(value: float, digits: int, percent: bool) -> str:
    v = Decimal(repr(value * 100 if percent else value))
    q = Decimal(1).scaleb(v.adjusted() - digits + 1)
    text = format(v.quantize(q, rounding=ROUND_HALF_UP), "f")
    return text + ("\\%" if percent else "")


def _rounds_to(value: float, ref: str) -> bool:
    percent = ref.endswith("\\%")
    r = Decimal(ref.removesuffix("\\%"))
    return Decimal(repr(value * 100 if percent else value)).quantize(Decimal(1).scaleb(r.as_tuple().exponent),
                                                                      rounding=ROUND_HALF_UP) == r


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_constant_against_an_approximate_reference(seed):
    rng = random.Random(seed)
    v = RuleVerifier()
    checked = 0
    for _ in range(40):
        text, value = _constant(rng)
        if not 0.01 < abs(value) < 1000:
            continue
        percent = 0 < value < 1 and rng.random() < 0.3
        ref = _rounded(value, rng.randint(2, 4), percent)
        gold = rng.choice(["\\approx {r}", "P \\approx {r}", "x \\simeq {r}"]).format(r=ref)
        assert v.verify(f"$\\boxed{{{text}}}$", gold).correct, (text, gold)
        last = len(ref.removesuffix("\\%")) - 1
        moved = ref[:last] + str((int(ref[last]) + rng.randint(1, 8)) % 10) + ref[last + 1:]
        other_text, other_value = _constant(rng)
        for wrong, w_value in ((moved, None), (other_text, other_value)):
            expect = w_value is not None and _rounds_to(w_value, ref)
            gold_w = gold.replace(ref, wrong) if w_value is None else gold
            answer = text if w_value is None else wrong
            assert v.verify(f"$\\boxed{{{answer}}}$", gold_w).correct == (expect or (w_value is None and _rounds_to(value, wrong))), (answer, gold_w)
            checked += 1
    assert checked >= 40


@pytest.mark.parametrize("x", [0.1, 0.5, 1, 1.5, 2])
def test_the_error_functions_are_read(x):
    for font in _ERF_FONTS:
        erf = parse_grammar(f"{font.format(f='erf')}({x})")
        erfc = parse_grammar(f"2{font.format(f='erfc')}\\left({x}\\right)")
        assert erf is not None and abs(float(erf) - math.erf(x)) < 1e-12, (font, erf)
        assert erfc is not None and abs(float(erfc) - 2 * math.erfc(x)) < 1e-12, (font, erfc)
    assert parse_grammar("\\operatorname{erf} x") is None     # no argument in parentheses: no reading
