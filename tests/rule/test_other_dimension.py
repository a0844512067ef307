"""An answer in another dimension than the reference (issue 30, judge calls): two sure units, both read, whose
dimensions stay apart even in natural units are two quantities -- a lifetime for a rate, a wavelength for a
wavenumber, an energy for an entropy -- so the rejection is a typed ``different`` and no judge is asked.

Seeded over the physics-dev references that carry a unit the rules read (the reference's own number, so only the
unit is wrong). Twins, which must never be ``different``:

* the same unit per mole (``J/K`` against ``J/(mol K)``: a molar value may be the one asked);
* a unit of another dimension with the same power of energy in natural units (a mass in ``MeV``, a length for a
  time: ``c\\tau``), which may be the same quantity written in natural units;
* a one-letter symbol outside a unit font that the question does not name (``3 s``: may be a variable);
* and the reference itself, converted to another unit of its dimension, is accepted.
"""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest

from rlverify import get_verifier
from rlverify.rule.answers.quantity import parse_quantity
from rlverify.rule.answers.units import natural_powers, parse_unit
from rlverify.verdict import Outcome

SEEDS = range(12)
_CORPUS = Path(__file__).resolve().parents[2] / "data" / "corpora" / "physics-dev.jsonl.gz"

# unit texts in a unit font, by their power of energy in natural units
_POOL = ("\\text{s}", "\\text{m}", "\\text{kg}", "\\text{J}", "\\text{Hz}", "\\text{m}^{-1}", "\\text{J/K}",
         "\\text{m/s}", "\\text{N}", "\\text{W}", "\\text{Pa}", "\\text{m}^{2}", "\\text{C}", "\\text{V}")


def _power(unit_text: str) -> frozenset[float]:
    spec = parse_unit(unit_text.replace("\\text", "").replace("{", "").replace("}", ""))
    assert spec is not None, unit_text
    got = natural_powers(spec)
    assert got is not None, unit_text
    return got


def _golds() -> list[tuple[str, str, str]]:
    """(reference, its magnitude, question) of the physics-dev rows whose reference is one number and a unit (with a
    label or not)."""
    seen: dict[str, tuple[str, str, str]] = {}
    with gzip.open(_CORPUS, "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            gold = row["gold"]
            value = gold.split("=")[1] if gold.count("=") == 1 else gold        # 'T_N = 52\,\text{K}': its value
            q = parse_quantity(value.strip())
            if gold in seen or q is None or q.unit is None or q.alt is not None or q.unit.short:
                continue
            powers = natural_powers(q.unit)
            if powers is None or len(powers) != 1 or "\\pi" in q.magnitude or len(q.magnitude) > 30:
                continue
            seen[gold] = (gold, q.magnitude, row["question"])
    return sorted(seen.values())


_GOLDS = _golds()


def _unit(gold: str):
    return parse_quantity((gold.split("=")[1] if "=" in gold else gold).strip()).unit


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule", outcome_cas=True)


def _verdict(rule, answer: str, gold: str, question: str | None):
    return rule.verify(f"The final answer is $\\boxed{{{answer}}}$.", gold, question)


def test_the_corpus_holds_such_references():
    assert len(_GOLDS) >= 30


@pytest.mark.parametrize("seed", SEEDS)
def test_an_answer_in_another_dimension_is_different(rule, seed):
    rng = random.Random(seed)
    for gold, magnitude, question in rng.sample(_GOLDS, 6):
        gold_power = natural_powers(_unit(gold))
        other = [u for u in _POOL if not _power(u) & gold_power]
        unit = rng.choice(other)
        answer = f"{magnitude} \\, {unit}"
        v = _verdict(rule, answer, gold, question)
        assert not v.correct and v.outcome is Outcome.DIFFERENT, (answer, gold, v.outcome)


@pytest.mark.parametrize("seed", SEEDS)
def test_twins_that_may_be_the_quantity_are_never_different(rule, seed):
    rng = random.Random(seed)
    for gold, magnitude, question in rng.sample(_GOLDS, 6):
        spec = _unit(gold)
        gold_power = natural_powers(spec)
        # the same unit per mole
        unit_words = gold[gold.rfind(magnitude) + len(magnitude):].strip()
        molar = f"{magnitude} \\, {unit_words} \\, \\text{{mol}}^{{-1}}"
        got = _verdict(rule, molar, gold, question)
        if parse_quantity(molar) is not None:
            assert got.outcome is not Outcome.DIFFERENT, (molar, gold)
        # another dimension, the same power of energy in natural units
        alike = [u for u in _POOL if _power(u) & gold_power
                 and parse_unit(u.replace("\\text", "").replace("{", "").replace("}", "")).dimensionality()
                 != spec.dimensionality()]
        if alike:
            answer = f"{magnitude} \\, {rng.choice(alike)}"
            assert _verdict(rule, answer, gold, question).outcome is not Outcome.DIFFERENT, (answer, gold)
        # a bare one-letter symbol the question does not name may be a variable's name
        letter = rng.choice([u for u in ("s", "m", "N", "C", "V") if not _power(f"\\text{{{u}}}") & gold_power])
        if not parse_unit(letter).dimensionality() == spec.dimensionality():
            answer = f"{magnitude} {letter}"
            got = _verdict(rule, answer, gold, None)
            assert got.outcome is not Outcome.DIFFERENT or parse_quantity(answer) is None, (answer, gold)


@pytest.mark.parametrize("value, gold", [("8.863 \\text{ kJ}", "0.61 \\text{ cal/K}"),
                                         ("0.03 \\, \\text{nm}", "2 \\, \\text{cm}^{-1}"),
                                         ("8.47 \\times 10^{-8} \\, \\text{s}", "1.19 \\times 10^7 \\text{ s}^{-1}"),
                                         ("\\Delta S = 8.863 \\text{ kJ}", "\\Delta S = 0.61 \\text{ cal/K}")])
def test_written_examples(rule, value, gold):
    assert _verdict(rule, value, gold, None).outcome is Outcome.DIFFERENT


@pytest.mark.parametrize("value, gold", [("0.610 \\text{ cal/deg·mole}", "0.61 \\text{ cal/K}"),   # deg: a kelvin
                                         ("938 \\, \\text{MeV}", "1.67 \\times 10^{-27} \\, \\text{kg}"),
                                         ("1 \\, \\text{G}", "10^{-4} \\, \\text{T}"),
                                         ("0.609 \\,\\text{cal/mol/K}", "0.61 \\text{ cal/K}")])
def test_written_twins(rule, value, gold):
    assert _verdict(rule, value, gold, None).outcome is not Outcome.DIFFERENT
