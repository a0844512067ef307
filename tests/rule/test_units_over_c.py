"""units (issue 30, physics judge calls): an electron-volt over ``c`` or ``c^2`` is a momentum or a mass (``30\\,
\\text{MeV/c}``, ``938\\,\\text{MeV}/c^2``), the speed of light of particle physics, so such a reference is read and an
answer against it compared (physics-dev atomic/4-44 sent every answer to the judge).

Seeded magnitudes in the spellings answers use: the same momentum or mass in another prefix or in SI units is accepted;
a value off by 30% or more is a typed ``different``; a mass in MeV/c^2 against the same number in MeV (natural units)
is never ``different``. Twins: ``c`` after anything but an electron-volt stays unread (``m/c``, ``J/c``).
"""

from __future__ import annotations

import random

import pytest

from rlverify import get_verifier
from rlverify.rule.answers.units import parse_unit
from rlverify.verdict import Outcome

SEEDS = range(12)
_MEV_C_KG_M_S = 5.344285992678308e-22      # 1 MeV/c in kg m/s
_MEV_C2_KG = 1.782661921627898e-30         # 1 MeV/c^2 in kg
_MOMENTUM = ("\\,\\text{MeV/c}", "\\,\\frac{\\text{MeV}}{c}", " \\text{ MeV}/c", "\\ \\mathrm{MeV/c}")
_MASS = ("\\,\\text{MeV/c}^2", "\\,\\text{MeV}/c^{2}", "\\ \\mathrm{MeV/c^2}")


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule", outcome_cas=True)


def _verdict(rule, answer: str, gold: str, question: str | None = None):
    return rule.verify(f"The final answer is $\\boxed{{{answer}}}$.", gold, question)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_momentum_in_mev_over_c(rule, seed):
    rng = random.Random(seed)
    value = round(rng.uniform(12, 900), rng.choice([0, 1]))
    gold = f"{value:g}{rng.choice(_MOMENTUM)}"
    q = "Find the momentum of the muon."
    same = rng.choice([f"{value:g}{rng.choice(_MOMENTUM)}", f"{value / 1000:.6g}\\,\\text{{GeV/c}}",
                       f"{value * _MEV_C_KG_M_S:.5e}".replace("e-", "\\times 10^{-") + "}\\,\\text{kg m/s}"])
    assert _verdict(rule, same, gold, q).correct, (same, gold)
    wrong = value * rng.choice([1.3, 0.6, 2.0, 10.0])
    answer = rng.choice([f"{wrong:.3g}{rng.choice(_MOMENTUM)}", f"{wrong / 1000:.3g}\\,\\text{{GeV/c}}"])
    got = _verdict(rule, answer, gold, q)
    assert not got.correct and got.outcome is Outcome.DIFFERENT, (answer, gold, got.outcome)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_mass_in_mev_over_c_squared(rule, seed):
    rng = random.Random(seed)
    value = round(rng.uniform(100, 2000), rng.choice([0, 1]))
    gold = f"{value:g}{rng.choice(_MASS)}"
    q = "Find the rest mass of the particle."
    wrong = value * rng.choice([1.4, 0.5, 3.0])
    got = _verdict(rule, f"{wrong:.3g}{rng.choice(_MASS)}", gold, q)
    assert not got.correct and got.outcome is Outcome.DIFFERENT, (wrong, gold, got.outcome)
    # twin: the same number in MeV (natural units) is never 'different'
    assert _verdict(rule, f"{value:g}\\,\\text{{MeV}}", gold, q).outcome is not Outcome.DIFFERENT


def test_twins_c_after_other_units_is_unread():
    assert parse_unit("m/c") is None and parse_unit("J/c") is None
    assert parse_unit("MeV/c").factors == (("megaelectron_volt", 1), ("speed_of_light", -1))
    assert parse_unit("GeV/c^2").factors == (("gigaelectron_volt", 1), ("speed_of_light", -2))
