"""units (issue 30, physics judge calls): ``H.P.``/``HP`` is horsepower and ``RPM`` revolutions per minute, so a
reference written ``4.5\\text{ H.P.}`` or ``94.5\\,\\text{RPM}`` is read and an answer against it compared (physics-dev
mechanics/1_17 and 1_82 sent every answer to the judge).

Seeded over magnitudes with 2-3 significant digits, in the spellings physics answers use: the same power or rate in
another unit (W, kW, ft·lbf/s; rad/s) is accepted; a value off by 30% or more is a typed ``different``. Twins: ``HP``
named as a segment in a geometry question is no unit asked; ``H`` alone stays the henry.
"""

from __future__ import annotations

import math
import random

import pytest

from rlverify import get_verifier
from rlverify.rule.answers.units import parse_unit, units_in_question
from rlverify.verdict import Outcome

SEEDS = range(12)
_HP_WATTS = 745.6998715822702
_HP_SPELLINGS = ("\\text{ H.P.}", "\\,\\text{HP}", "\\text{ hp}", "\\ \\mathrm{H.P.}", " H.P.", "\\text{ horsepower}")


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule", outcome_cas=True)


def _verdict(rule, answer: str, gold: str, question: str | None = None):
    return rule.verify(f"The final answer is $\\boxed{{{answer}}}$.", gold, question)


def _magnitude(rng: random.Random) -> float:
    return round(rng.uniform(1.2, 95.0), rng.choice([1, 2]) if rng.random() < 0.5 else 1)


@pytest.mark.parametrize("seed", SEEDS)
def test_horsepower_is_read(rule, seed):
    rng = random.Random(seed)
    value = _magnitude(rng)
    gold = f"{value:g}{rng.choice(_HP_SPELLINGS)}"
    question = "Find the power the engine must deliver."
    same = rng.choice([f"{value * _HP_WATTS:.6g} \\, \\text{{W}}", f"{value * _HP_WATTS / 1000:.6g}\\,\\text{{kW}}",
                       f"{value * 550:.6g} \\, \\text{{ft-lbf/s}}", f"{value:g}{rng.choice(_HP_SPELLINGS)}"])
    assert _verdict(rule, same, gold, question).correct, (same, gold)
    wrong = value * rng.choice([1.3, 0.6, 2.0, 10.0])
    answer = rng.choice([f"{wrong:.3g}", f"{wrong:.3g}{rng.choice(_HP_SPELLINGS)}",
                         f"{wrong * _HP_WATTS:.4g} \\, \\text{{W}}"])
    got = _verdict(rule, answer, gold, question)
    assert not got.correct and got.outcome is Outcome.DIFFERENT, (answer, gold, got.outcome)


@pytest.mark.parametrize("seed", SEEDS)
def test_rpm_is_read(rule, seed):
    rng = random.Random(seed)
    value = _magnitude(rng)
    gold = f"{value:g} \\, \\text{{{rng.choice(['RPM', 'rpm', 'rev/min'])}}}"
    question = "At what rate does the wheel turn?"
    rad_s = value * 2 * math.pi / 60
    same = rng.choice([f"{rad_s:.5g} \\, \\text{{rad/s}}", f"{value:g}\\text{{ RPM}}", f"{value:g} \\text{{ rev/min}}"])
    assert _verdict(rule, same, gold, question).correct, (same, gold)
    wrong = value * rng.choice([1.4, 0.5, 3.0])
    answer = rng.choice([f"{wrong:.3g} \\text{{ RPM}}", f"{wrong * 2 * math.pi / 60:.4g} \\, \\text{{rad/s}}"])
    got = _verdict(rule, answer, gold, question)
    assert not got.correct and got.outcome is Outcome.DIFFERENT, (answer, gold, got.outcome)


def test_twins_hp_as_a_segment_and_h_as_henry():
    assert units_in_question("In triangle ABC, H and P are points on side BC. Find HP.") == []
    assert parse_unit("H").factors == (("henry", 1),)
    assert parse_unit("H.P.").factors == (("horsepower", 1),)
    assert parse_unit("RPM").kind == parse_unit("rad/s").kind == "angle_rate"


def test_the_physics_rows():
    rule = get_verifier("rule", outcome_cas=True)
    q = "Find the horsepower required to drive this car at 30 mph. Useful constants: 1 H.P. = 550 ft.lb/sec."
    assert _verdict(rule, "4.54", "4.5 \\text{ H.P.}", q).correct        # 50/11 = 4.545 H.P. (label corrected)
    assert _verdict(rule, "79.37 \\text{HP}", "4.5 \\text{ H.P.}", q).outcome is Outcome.DIFFERENT
    assert _verdict(rule, "94.2", "94.5 \\, \\text{RPM}", "How many RPM?").outcome is Outcome.DIFFERENT
