"""An answer coarser than the reference: accepted only where an approximation is expected, and only
when it is the reference rounded at the answer's own last digit with >= 3 significant digits.

Seeded references (4-7 significant digits, >= 2 decimals), their roundings, and near-misses: a wrong
last digit at the answer's precision, a rounding to 2 significant digits, a truncation that is no
rounding. The same pairs under a question about exact values stay rejected.
"""

from __future__ import annotations

import math
import random
from decimal import ROUND_HALF_UP, Decimal

import pytest

import rlverify
from rlverify.rule.compare import compare
from rlverify.rule.answers import read_question
from rlverify.rule.answers.precision import rounded_from_reference

_RNG_SEED = 20261201


def _references(n: int) -> list[Decimal]:
    rng = random.Random(_RNG_SEED)
    out = []
    while len(out) < n:
        digits = rng.randint(4, 7)
        places = rng.randint(2, min(digits, 4))
        mant = rng.randint(10 ** (digits - 1), 10 ** digits - 1)
        if mant % 10 == 0:
            continue
        value = Decimal(mant).scaleb(-places) * rng.choice((1, 1, 1, -1))
        out.append(value)
    return out


def _rounded(value: Decimal, sig: int) -> Decimal:
    exp = value.adjusted() - sig + 1
    return value.quantize(Decimal(1).scaleb(exp), rounding=ROUND_HALF_UP)


def _text(d: Decimal) -> str:
    return format(d, "f")


def _trailing_zeros(d: Decimal) -> bool:
    """An integer ending in 0 (840): its zeros state no precision, so it stands for a coarser rounding."""
    return d.as_tuple().exponent >= 0 and format(d, "f").endswith("0")


def _tie(answer: str, gold: str) -> bool:
    """The reference lies exactly half way between the answer and its neighbour (47915.75 and 47915.7):
    a converted comparison (in floating point, by tolerance) cannot tell half up from half down."""
    a = Decimal(answer)
    return abs(Decimal(gold) - a) * 2 == Decimal(1).scaleb(a.as_tuple().exponent)


def _cases(n: int) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    rng = random.Random(_RNG_SEED + 1)
    good, bad = [], []
    for ref in _references(n):
        digits = len(ref.as_tuple().digits)
        sig = rng.randint(3, digits - 1)
        r = _rounded(ref, sig)
        if r == ref or _trailing_zeros(r):
            continue
        good.append((_text(r), _text(ref)))
        ulp = Decimal(1).scaleb(r.as_tuple().exponent)
        wrong = r + ulp * rng.choice((-1, 1))
        if not _trailing_zeros(wrong):
            bad.append((_text(wrong), _text(ref)))                           # a wrong digit at its precision
        bad.append((_text(_rounded(ref, 2)), _text(ref)))                    # two significant digits
        cut = ref.quantize(Decimal(1).scaleb(r.as_tuple().exponent), rounding="ROUND_DOWN")
        if cut != r and not _trailing_zeros(cut):
            bad.append((_text(cut), _text(ref)))                             # cut, not rounded
    return good, bad


def test_rounded_from_reference_family():
    good, bad = _cases(400)
    assert len(good) > 250 and len(bad) > 500
    missed = [p for p in good if not rounded_from_reference(*p)]
    accepted = [p for p in bad if rounded_from_reference(*p)]
    assert missed == [] and accepted == [], (missed[:5], accepted[:5])


def test_no_answer_finer_or_equal_and_no_reference_integer():
    assert not rounded_from_reference("2.653", "2.653")
    assert not rounded_from_reference("2.6531", "2.653")   # finer: within_reference's business
    assert not rounded_from_reference("120", "123")        # an integer reference states no rounding
    assert not rounded_from_reference("118", "117.95\\%")  # a percent against a number


_APPROXIMATE = ("How long is the rod, in meters?", "Approximately how far does it travel?",
                "Estimate the mass of the sample.", "Given that $\\sqrt{2} \\approx 1.414$, find the length.")
_EXACT = ("Find the minimum value of $(15 - x)(8 - x)(15 + x)(8 + x)$.", "Compute the sum.", None)


@pytest.mark.parametrize("question", _APPROXIMATE)
def test_accepted_where_an_approximation_is_expected(question, inline):
    good, bad = _cases(60)
    assert read_question(question).expects_approximation
    assert [p for p in good if not compare(p[0], p[1], question).equal] == []
    assert [p for p in bad if compare(p[0], p[1], question).equal] == []


@pytest.mark.parametrize("question", _EXACT)
def test_rejected_where_the_value_is_exact(question, inline):
    good, _ = _cases(60)
    assert not read_question(question).expects_approximation
    assert [p for p in good if compare(p[0], p[1], question).equal] == []


def test_a_physical_unit_on_a_side_expects_an_approximation(inline):
    good, bad = _cases(40)
    unit = "\\text{ m}"
    assert [p for p in good if not compare(p[0], p[1] + unit, "How long is it?").equal] == []
    assert [p for p in good if not compare(p[0] + unit, p[1], "How long is it?").equal] == []
    assert [p for p in bad if compare(p[0] + unit, p[1] + unit, "How long is it?").equal] == []


def test_in_another_unit_the_same_rounding_holds(inline):
    """A converted answer (km for a reference in m) coarser than the reference: the same policy."""
    good, bad = _cases(40)
    def km(text: str) -> str:
        return format(Decimal(text).scaleb(-3), "f") + "\\text{ km}"
    assert [p for p in good if not compare(km(p[0]), p[1] + "\\text{ m}", "How far is it?").equal] == []
    bad = [p for p in bad if not _trailing_zeros(Decimal(p[0])) and not _tie(*p)]   # 590 m is 0.590 km: 3 digits
    assert [p for p in bad if compare(km(p[0]), p[1] + "\\text{ m}", "How far is it?").equal] == []


@pytest.mark.parametrize("seed", range(3))
def test_rounding_asked_against_a_reference_in_short_latex(seed: int) -> None:
    """The reference written in TeX's short forms ('11\\sqrt2', '\\dfrac{7}{3}') is valued like its long form when the
    question asks for a rounding: '15.556 (rounded to 3 decimal places)' for 11\\sqrt2; a wrong last digit stays wrong."""
    rule = rlverify.get_verifier("rule", timeout=10.0)
    rng = random.Random(seed)
    q = "Simplify the expression. Round your answer to 3 decimal places."
    for _ in range(5):
        k, r = rng.randint(2, 19), rng.choice((2, 3, 5, 6, 7))
        p, d = rng.randint(1, 40), rng.choice((3, 7, 9, 11))
        for gold, value in ((f"{k}\\sqrt{r}", k * math.sqrt(r)), (f"\\dfrac{{{p}}}{{{d}}}", p / d)):
            shown = f"{value:.3f}"
            for remark in ("\\text{ (rounded to 3 decimal places)}", "\\ (\\text{approximately})", ""):
                resp = f"So the value is $\\boxed{{{shown}{remark}}}$."
                assert rule.verify(resp, gold, q).correct, (resp, gold)
                off = f"{value + 0.002:.3f}"
                assert not rule.verify(resp.replace(shown, off), gold, q).correct, (off, gold)
