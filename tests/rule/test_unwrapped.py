"""rule.unwrapped (issue 30): a rejection's outcome read through the typed wrappers, seeded families with twins.

* A reference written with a label or an approximation sign (``R = 0.02``, ``T_N = 52\\,\\text{K}``,
  ``N \\approx 5\\times10^{25}\\,\\text{s}^{-1}``) against an answer whose value differs -- bare, with the unit, with
  the same or another label, converted to another prefix -- is ``different`` (the judge is never asked). Twin: the
  same value, or for an approximation a value that rounds to it at its written digits, is never ``different``.
* Rounded readings: an expression with a decimal coefficient that agrees with the other side within half its last
  digit, and a \\pi constant that equals the reference with \\pi as 22/7, are ``unsure`` (the judge decides). Twin: a
  coefficient or a constant that is off stays ``different``.
"""

from __future__ import annotations

import random

import pytest

from rlverify import get_verifier
from rlverify.verdict import Outcome

SEEDS = range(16)
_NAMES = ("R", "T_N", "v", "W", "X", "\\Delta S", "E_{k}")
_UNITS = (("\\,\\text{m}", "\\,\\text{cm}", 100), ("\\,\\text{J}", "\\,\\text{kJ}", 1e-3), ("\\,\\text{K}", None, None),
          ("\\,\\text{m/s}", None, None), ("", None, None))


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule", outcome_cas=True)


def _outcome(rule, answer: str, gold: str, question: str | None = None) -> Outcome:
    return rule.verify(f"The final answer is $\\boxed{{{answer}}}$.", gold, question).outcome


def _fmt(x: float) -> str:
    return f"{x:.3g}"


@pytest.mark.parametrize("seed", SEEDS)
def test_a_labelled_reference_against_another_value_is_different(rule, seed):
    rng = random.Random(seed)
    name, (unit, other_unit, factor) = rng.choice(_NAMES), rng.choice(_UNITS)
    value = rng.choice([rng.randint(12, 99) / 10, rng.randint(120, 990), rng.randint(2, 9) / 100])
    gold = f"{name} = {_fmt(value)}{unit}"
    wrong = value * rng.choice([0.5, 1.7, 3, 0.2])
    forms = [_fmt(wrong), f"{_fmt(wrong)}{unit}", f"{name} = {_fmt(wrong)}{unit}", f"Q_{{x}} = {_fmt(wrong)}{unit}"]
    if other_unit:
        forms.append(f"{_fmt(wrong * factor)}{other_unit}")
    answer = rng.choice(forms)
    assert _outcome(rule, answer, gold) is Outcome.DIFFERENT, (answer, gold)
    # twin: the reference's own value, in any of the same forms, is never 'different'
    same = answer.replace(_fmt(wrong * factor) if other_unit and answer.endswith(other_unit) else _fmt(wrong),
                          _fmt(value * factor) if other_unit and answer.endswith(other_unit) else _fmt(value))
    assert _outcome(rule, same, gold) is not Outcome.DIFFERENT, (same, gold)


@pytest.mark.parametrize("seed", SEEDS)
def test_an_approximate_reference_is_its_written_digits(rule, seed):
    rng = random.Random(seed)
    mantissa, exponent = rng.randint(2, 8), rng.randint(-30, 25)
    unit = rng.choice(["\\,\\text{s}^{-1}", "\\,\\text{m}", ""])
    name = rng.choice(["N ", "\\Delta V ", "n ", ""])
    gold = f"{name}\\approx {mantissa} \\times 10^{{{exponent}}}{unit}"
    off = rng.choice([mantissa + 1.5, mantissa - 1.5, mantissa * 3])
    answer = f"{off:.1f} \\times 10^{{{exponent}}}{rng.choice([unit, ''])}"
    assert _outcome(rule, answer, gold) is Outcome.DIFFERENT, (answer, gold)
    # twin: a value that rounds to the reference's one written digit is no 'different'
    near = f"{mantissa + rng.choice([0.2, -0.3, 0.4]):.1f} \\times 10^{{{exponent}}}{unit}"
    assert _outcome(rule, near, gold) is not Outcome.DIFFERENT, (near, gold)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_rounded_coefficient_is_left_to_the_judge(rule, seed):
    rng = random.Random(seed)
    hot, cold = rng.randint(500, 900) + 0.15, rng.randint(280, 450) + 0.15
    eff = 1 - cold / hot
    name, var = rng.choice(["W_{\\text{max}}", "W", "P"]), rng.choice(["Q", "E", "H"])
    gold = f"{name} = {eff:.2f} {var}"
    exact = f"{name} = {var} \\left(1 - \\frac{{{cold:.2f}}}{{{hot:.2f}}}\\right)"
    assert _outcome(rule, exact, gold) is Outcome.UNSURE, (exact, gold)
    # twin: a coefficient off by more than the reference's last digit stays 'different'
    off = f"{name} = {eff + rng.choice([0.05, -0.07, 0.11]):.2f} {var}"
    assert _outcome(rule, off, gold) is Outcome.DIFFERENT, (off, gold)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_pi_constant_against_a_reference_computed_with_22_7(rule, seed):
    rng = random.Random(seed)
    k = rng.randint(2, 60) * 22
    gold = str(k * 7 // 22)              # the reference: k / (22/7), an integer
    assert _outcome(rule, f"\\dfrac{{{k}}}{{\\pi}}", gold, "How many revolutions?") is Outcome.UNSURE
    # twin: a \\pi constant that no rounding of \\pi brings to the reference stays 'different'
    assert _outcome(rule, f"\\dfrac{{{k + 50}}}{{\\pi}}", gold, "How many revolutions?") is Outcome.DIFFERENT


_DESCRIPTIONS = ("off the optical axis", "above the ground level", "from the near wall")


@pytest.mark.parametrize("seed", SEEDS)
def test_a_chain_or_a_described_quantity_states_its_last_value(rule, seed):
    rng = random.Random(seed)
    value = rng.randint(11, 95) / 10
    unit, small, factor = rng.choice([("km", "m", 1000), ("cm", "mm", 10), ("m", "cm", 100)])
    golds = [f"h = \\frac{{\\tau}}{{mg}} \\log\\left(\\frac{{1}}{{r}}\\right) \\approx {value} \\, \\text{{{unit}}}",
             f"{value} \\, \\text{{{unit} {rng.choice(_DESCRIPTIONS)}}}",
             f"d = \\sqrt{{x^2 + y^2}} = {value} \\, \\text{{{unit}}}"]
    gold = rng.choice(golds)
    wrong = round(value * rng.choice([2.5, 0.3, 4]), 1)
    answer = rng.choice([f"{wrong}\\,\\text{{{unit}}}", f"{wrong * factor:g}\\,\\text{{{small}}}", f"h = {wrong} \\text{{ {unit}}}"])
    assert _outcome(rule, answer, gold) is Outcome.DIFFERENT, (answer, gold)
    # twin: the stated value itself, in the smaller unit, is never 'different'
    same = f"{value * factor:g}\\,\\text{{{small}}}"
    assert _outcome(rule, same, gold) is not Outcome.DIFFERENT, (same, gold)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_percent_stated_approximately(rule, seed):
    rng = random.Random(seed)
    pct = rng.randint(11, 89)
    gold = f"P \\simeq {pct}\\%"
    assert _outcome(rule, f"{(pct + rng.choice([7, -6, 20])) / 100:.3f}", gold) is Outcome.DIFFERENT
    # twin: the fraction that rounds to the percent at its two digits is no 'different'
    assert _outcome(rule, f"{(pct + rng.choice([0.3, -0.4])) / 100:.4f}", gold) is not Outcome.DIFFERENT


@pytest.mark.parametrize("seed", SEEDS)
def test_an_approximate_answer_loosens_nothing(rule, seed):
    rng = random.Random(seed)
    value = rng.randint(11, 99)
    vague = f"\\approx {value // 10} \\times 10^{{1}}"          # one digit: it would round alike with the reference
    assert _outcome(rule, vague, str(value // 10 * 10 + rng.randint(1, 4))) is Outcome.DIFFERENT
    # twin: the same vague value against a reference that is itself approximate at one digit is left unsure
    assert _outcome(rule, vague, f"\\approx {value // 10} \\times 10^{{1}}") is not Outcome.DIFFERENT


@pytest.mark.parametrize("seed", SEEDS)
def test_two_estimates_compare_at_the_vaguer_digits(rule, seed):
    rng = random.Random(seed)
    exponent = rng.randint(-30, 20)
    mantissa = rng.choice([1.44, 1.2, 0.96, 1.31])
    gold = f"\\Delta \\lambda \\approx {mantissa} \\times 10^{{{exponent}}} \\ \\text{{Å}}"
    estimate = f"\\Delta \\lambda \\approx 10^{{{exponent}}}\\,\\text{{Å}}"
    assert _outcome(rule, estimate, gold) is not Outcome.DIFFERENT, (estimate, gold)
    # twin: the same estimate an order of magnitude off is 'different'
    off = f"\\Delta \\lambda \\approx 10^{{{exponent + rng.choice([1, -1, 2])}}}\\,\\text{{Å}}"
    assert _outcome(rule, off, gold) is Outcome.DIFFERENT, (off, gold)


@pytest.mark.parametrize("seed", SEEDS)
def test_one_value_against_every_value_of_a_listed_reference(rule, seed):
    rng = random.Random(seed)
    unit = rng.choice(["\\text{Å}", "\\text{cm}", "\\text{eV}"])
    values = rng.sample(range(1000, 9000, 7), rng.randint(2, 3))
    space = rng.choice(["\\, ", " ", "\\quad "])
    gold = rng.choice(["\\lambda = ", "E = ", ""]) + f",{space}".join(f"{v} \\, {unit}" for v in values)
    other = max(values) + rng.randint(100, 900)
    assert _outcome(rule, f"{other}\\,{unit}", gold, "Find the wavelengths.") is Outcome.DIFFERENT, gold
    # twin: one of the listed values (a part of the answer) is never 'different'
    part = rng.choice(values)
    assert _outcome(rule, f"{part}\\,{unit}", gold, "Find the wavelengths.") is not Outcome.DIFFERENT, gold
    # and a list of assignments is no chain: the first assignment's value is not 'different' from the list
    assigned = f"W = {values[0]} \\, {unit},{space}W' = {values[1]} \\, {unit}"
    assert _outcome(rule, f"{values[0]}\\,{unit}", assigned) is not Outcome.DIFFERENT, assigned
