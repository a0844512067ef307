"""An exact constant against a reference stated as an estimate (issue 30, judge calls): ``\\frac{1}{\\sqrt{\\pi}}``
(0.564) for ``P \\simeq 16\\%`` is a typed ``different`` -- the constant's value, read by the rules' bounded CAS, does
not round to the reference at its written digits -- while ``\\frac{1}{2\\pi}`` (0.159) rounds to it and stays
``unsure`` (the judge decides). Before, a constant was no number the rounding check could read, so every exact
constant against an estimate went to the judge.

Seeded over the dev corpora's references written with ``\\approx``/``\\simeq`` and one number; answers are constants
``\\frac{N}{M\\pi}`` and ``\\frac{\\sqrt{N}}{M}`` whose value is computed here (Python floats, independently of the CAS):
those that do not round alike are ``different``, those that do never are. A constant the CAS does not read
(``\\text{erfc}(1)``) stays ``unsure``.
"""

from __future__ import annotations

import glob
import gzip
import json
import math
import random
import re
from pathlib import Path

import pytest

from rlverify import get_verifier
from rlverify.rule.answers.latex import clean
from rlverify.rule.answers.numbers import parse_number
from rlverify.rule.unwrapped import _digits, _side
from rlverify.verdict import Outcome

SEEDS = range(8)
_DATA = Path(__file__).resolve().parents[2] / "data"


def _references() -> list[tuple[str, float, int, bool]]:
    """(reference, value, written significant digits, percent) of the references that estimate one number: those of
    the dev corpora, and the decimal references of the problem sets written as an estimate (``\\approx 0.35``)."""
    out = {}
    for path in sorted(glob.glob(str(_DATA / "problems" / "*.jsonl.gz"))):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                g = json.loads(line).get("gold")
                if isinstance(g, str) and re.fullmatch(r"\d{1,3}\.\d{1,3}", g.strip()) and float(g) > 0:
                    est = f"\\approx {g.strip()}"
                    out[est] = (est, float(g), _digits(g.strip()), False)
    for path in sorted(glob.glob(str(_DATA / "corpora" / "*.jsonl.gz"))):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                g = json.loads(line).get("gold")
                if not isinstance(g, str) or len(g) > 60 or g in out:
                    continue
                side = _side(g)
                n = parse_number(clean(side[0])) if side is not None and side[1] else None
                if n is not None and float(n.value) > 0 and _digits(side[0]) >= 1:
                    out[g] = (g, float(n.value), _digits(side[0]), bool(n.percent))
    return sorted(out.values())


_REFS = _references()


def _round(x: float, digits: int) -> int:
    unit = 10.0 ** (math.floor(math.log10(abs(x))) + 1 - digits)
    return math.floor(x / unit + 0.5)


def _alike(x: float, value: float, digits: int, percent: bool) -> bool:
    """Whether x may be the estimate (a percent is read both as itself and /100)."""
    targets = (value, value / 100) if percent else (value,)
    for t in targets:
        unit = 10.0 ** (math.floor(math.log10(max(abs(x), abs(t)))) + 1 - digits)
        if math.floor(x / unit + 0.5 + 1e-9) == math.floor(t / unit + 0.5 + 1e-9):
            return True
    return False


def _constants(value: float, rng: random.Random) -> list[tuple[str, float]]:
    target = value / 100 if rng.random() < 0.5 else value
    m = rng.choice((3, 7, 11, 100, 1000))
    n = max(1, round(target * m * math.pi))
    k = max(1, round((target * m) ** 2))
    return [(f"\\frac{{{n}}}{{{m}\\pi}}", n / (m * math.pi)), (f"\\frac{{\\sqrt{{{k}}}}}{{{m}}}", math.sqrt(k) / m),
            (f"\\frac{{{n + rng.randint(1, 3) * m}}}{{{m}\\pi}}", (n + 0.0) / (m * math.pi))]


@pytest.fixture(scope="module")
def rule():
    return get_verifier("rule", outcome_cas=True)


def test_the_corpora_hold_such_references():
    assert len(_REFS) >= 10


@pytest.mark.parametrize("seed", SEEDS)
def test_a_constant_is_compared_at_the_written_digits(rule, seed):
    rng = random.Random(seed)
    decided = 0
    for gold, value, digits, percent in rng.sample(_REFS, 5):
        for text, _ in _constants(value, rng):
            x = eval_constant(text)
            v = rule.verify(f"So the value is $\\boxed{{{text}}}$.", gold, None)
            if _alike(x, value, digits, percent):
                assert v.correct or v.outcome is not Outcome.DIFFERENT, (text, x, gold)
            else:
                assert not v.correct and v.outcome is Outcome.DIFFERENT, (text, x, gold)
                decided += 1
    assert decided


def eval_constant(text: str) -> float:
    """The test's own value of the two constant shapes it writes."""
    m = re.fullmatch(r"\\frac\{(\d+)\}\{(\d+)\\pi\}", text)
    if m:
        return int(m.group(1)) / (int(m.group(2)) * math.pi)
    m = re.fullmatch(r"\\frac\{\\sqrt\{(\d+)\}\}\{(\d+)\}", text)
    return math.sqrt(int(m.group(1))) / int(m.group(2))


def test_an_unread_constant_stays_unsure(rule):
    v = rule.verify("So $\\boxed{\\text{erfc}(1)}$.", "P \\simeq 16\\%", None)
    assert v.outcome is not Outcome.DIFFERENT
