"""rule.compare.apart (issue 30, judge calls): a value far from the reference's, both read for sure, is a final
``different``; a value near it stays for the judge (seeded over physics-dev's references with a unit).

Each pair is compared on both paths of the rule (:func:`both_paths.both`), then its outcome read as the hybrid reads
it (:func:`rlverify.rule.unwrapped.typed_outcome` with the CAS).

* The reference's magnitude scaled by a factor no rounding reaches (x5, x0.1, x40), written with the reference's unit,
  under the reference's label, or bare (the reference's unit, or the question's, supplies it): rejected, ``different``.
* The same value in a unit of another prefix (``kJ`` for ``J``), scaled: ``different``.
* An exact constant far from the reference's value, and a ratio named on the left of an approximation sign stating a far
  value: ``different`` (the outcome readers left both ``unsure``).
* Twins: the reference's own value (accepted, never ``different``); the value one unit of its last digit away and the
  value rounded to one digit fewer (lenient references: for the judge) are never apart (whether two plain values one
  digit apart are ``different`` is :mod:`rlverify.rule.outcome`'s own reading, not this entry's).
"""

from __future__ import annotations

import gzip
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from rlverify.rule.compare.apart import apart
from rlverify.rule.read import read
from rlverify.rule.read.types import Approx, Labelled, Number, Quantity
from rlverify.rule.unwrapped import typed_outcome
from rlverify.verdict import Outcome

from both_paths import both

SEEDS = range(8)
_CORPUS = Path(__file__).resolve().parents[3] / "data" / "corpora" / "physics-dev.jsonl.gz"
_FACTORS = (5, Fraction(1, 10), 40, 7)


def _inner(text: str):
    r = read(text)
    while isinstance(r, (Labelled, Approx)):
        r = r.inner
    return r


def _references() -> list[tuple[str, str, Quantity, Number]]:
    """physics-dev's (question, reference) pairs whose value reads as a sure quantity with a decimal magnitude."""
    seen: set[str] = set()
    out = []
    with gzip.open(_CORPUS, "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            gold = row["gold"]
            if gold in seen or len(gold) > 60:
                continue
            seen.add(gold)
            q = _inner(gold)
            if not isinstance(q, Quantity) or not q.sure or q.unit.kind != "physical":
                continue
            m = read(q.magnitude)
            if isinstance(m, Number) and m.exact and m.last is not None and not m.percent \
                    and "\\times" not in q.magnitude and "^" not in q.magnitude:
                out.append((row["question"], gold, q, m))
    return sorted(out, key=lambda r: r[1])


_REFS = _references()


def _decimal(value: Fraction, last: int) -> str:
    """``value`` written to the digit 10**last."""
    places = max(0, -last)
    return f"{float(value):.{places}f}"


def _outcomes(monkeypatch, answer: str, gold: str, question: str) -> list[tuple[bool, Outcome]]:
    out = []
    for d in both(monkeypatch, answer, gold, question):
        out.append((d.match.equal, typed_outcome(d.match.equal, d.match, answer, gold, question, True)))
    return out


def _unit_text(q: Quantity) -> str:
    return q.text[len(q.magnitude):].strip()


def test_physics_dev_holds_such_references():
    assert len(_REFS) >= 20


@pytest.mark.parametrize("seed", SEEDS)
def test_a_value_no_rounding_reaches_is_different(monkeypatch, seed):
    rng = random.Random(seed)
    for question, gold, q, m in rng.sample(_REFS, 5):
        factor = rng.choice(_FACTORS)
        wrong = _decimal(m.exact * factor, min(m.last, -1))
        unit = _unit_text(q)
        label = gold.split("=")[0].strip() if isinstance(read(gold), Labelled) else "x"
        for answer in (f"{wrong} \\, {unit}", f"{label} = {wrong}\\,{unit}", wrong):
            for equal, outcome in _outcomes(monkeypatch, answer, gold, question):
                assert not equal and outcome is Outcome.DIFFERENT, (answer, gold, outcome)


_RATIO_NAMES = (("I_r", "I_i"), ("N_1", "N_2"), ("P_{out}", "P_{in}"), ("E_2", "E_1"))


def _surd_far_from(value: float, rng: random.Random) -> str:
    """``c\\sqrt{p}`` whose value is ``value`` times a factor of ``_FACTORS`` (to 3 significant digits)."""
    p = rng.choice((2, 3, 5, 6, 7))
    c = value * float(rng.choice(_FACTORS)) / p ** 0.5
    fixed = f"{float(f'{c:.3g}'):f}".rstrip("0").rstrip(".")     # 3 significant digits, never an exponent
    return f"{fixed}\\sqrt{{{p}}}"


@pytest.mark.parametrize("seed", SEEDS)
def test_a_constant_or_a_named_ratio_far_from_the_reference_is_different(monkeypatch, seed):
    """Forms the outcome readers left ``unsure``: an exact constant against a quantity (``5\\sqrt{3}`` for ``v = 12.2
    m/s``), the value side of a relation whose left side is no name (``\\frac{I_r}{I_i} \\approx 0.0004``). Twins:
    the reference's own magnitude in those forms is never apart."""
    rng = random.Random(seed)
    for question, gold, q, m in rng.sample(_REFS, 4):
        num, den = rng.choice(_RATIO_NAMES)
        wrong = _decimal(m.exact * rng.choice(_FACTORS), min(m.last, -1))
        for answer in (_surd_far_from(float(m.exact), rng), f"\\frac{{{num}}}{{{den}}} \\approx {wrong}"):
            for equal, outcome in _outcomes(monkeypatch, answer, gold, question):
                assert not equal and outcome is Outcome.DIFFERENT, (answer, gold, outcome)
        exact = m.exact
        for twin in (f"\\frac{{{num}}}{{{den}}} \\approx {q.magnitude}", f"\\frac{{{exact.numerator}}}{{{exact.denominator}}}"):
            assert not apart(twin, gold, question), (twin, gold)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_scaled_value_in_another_prefix_is_different(monkeypatch, seed):
    rng = random.Random(seed)
    picks = [r for r in _REFS if _unit_text(r[2]) in ("\\text{J}", "\\text{m}", "\\text{s}", "\\text{eV}",
                                                        "\\text{cm}", "\\text{V}", "\\text{Hz}")]
    assert picks
    for question, gold, q, m in rng.sample(picks, min(3, len(picks))):
        unit = _unit_text(q)
        milli = unit.replace("\\text{", "\\text{m") if unit != "\\text{cm}" else "\\text{mm}"
        scale = 1000 if unit != "\\text{cm}" else 10
        wrong = _decimal(m.exact * scale * rng.choice(_FACTORS), min(m.last, -1))
        answer = f"{wrong} \\, {milli}"
        for equal, outcome in _outcomes(monkeypatch, answer, gold, question):
            assert not equal and outcome is Outcome.DIFFERENT, (answer, gold, outcome)
        same = f"{_decimal(m.exact * scale, m.last - 3 if scale == 1000 else m.last - 1)} \\, {milli}"
        for _, outcome in _outcomes(monkeypatch, same, gold, question):
            assert outcome is not Outcome.DIFFERENT, (same, gold, outcome)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_value_near_the_reference_stays_for_the_judge(monkeypatch, seed):
    rng = random.Random(seed)
    for question, gold, q, m in rng.sample(_REFS, 5):
        unit = _unit_text(q)
        step = Fraction(10) ** m.last
        near = _decimal(m.exact + rng.choice((-1, 1)) * step, m.last)
        coarser = _decimal(m.exact, m.last + 1) if m.last < 0 else _decimal(m.exact, m.last)
        own = f"{q.magnitude} \\, {unit}"
        for answer in (f"{near} \\, {unit}", near, f"{coarser} \\, {unit}", own):
            assert not apart(answer, gold, question), (answer, gold)
        for _, outcome in _outcomes(monkeypatch, own, gold, question):
            assert outcome is not Outcome.DIFFERENT, (own, gold, outcome)


@pytest.mark.parametrize("answer, gold", [
    ("2\\times10^6\\,\\text{Hz}", "\\Delta \\lambda \\approx 1.44 \\times 10^{-2} \\ \\text{Å}"),   # another dimension
    ("5\\sqrt{3}", "v = 12.2 \\, \\text{m/s}"),                                                      # a constant, far
    ("(2.21\\times 10^{-32})\\text{ cm}", "10^{-13} \\, \\text{cm}"),                                 # 19 orders apart
    ("\\frac{I_r}{I_i} \\approx 0.0004035", "R = 0.02"),                                              # a ratio named
])
def test_written_examples(monkeypatch, answer, gold):
    for equal, outcome in _outcomes(monkeypatch, answer, gold, None):
        assert not equal and outcome is Outcome.DIFFERENT, (answer, gold, outcome)


@pytest.mark.parametrize("answer, gold", [
    ("4.55", "4.5 \\text{ H.P.}"),                               # lenient references: within their last digit
    ("4286 \\, \\text{Å}", "4285 \\, \\text{Å}"),
    ("784", "785.12"),
    ("\\Delta \\lambda \\approx 10^{-2} Å", "\\Delta \\lambda \\approx 1.44 \\times 10^{-2} \\ \\text{Å}"),   # an order
    ("10^{-6} \\, \\text{eV}", "10^{-5} \\, \\text{eV}"),      # of magnitude: one decade is no fact
    ("\\frac{1}{49}", "R = 0.02"),
    ("5500\\,\\text{lbf}", "4.5 \\text{ H.P.}"),                # a force for a power: one power of energy, the judge's
    ("0.610 \\text{ cal/(deg·mole)}", "0.61 \\text{ cal/K}"),   # a molar value: maybe the quantity asked
])
def test_written_twins(answer, gold):
    assert not apart(answer, gold, None)
