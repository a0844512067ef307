"""Several one-sided bounds of one variable listed for a one-bound reference (``c < \\sqrt{2}, c < \\sqrt{11}`` for
``c < \\sqrt{2}``) offer several answers: a hedge, never equal, although their conjunction is the reference's set (the
probe's several_values placement found the typed set reading accepting it). Seeded over real bound references of the
problem sets and made-up bounds; the reference's bound alone, and a two-sided interval written as two bounds of opposite
directions, stay equal."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from rlverify.analysis.attacks import load_problems
from rlverify.rule import RuleVerifier

ROOT = Path(__file__).resolve().parents[3]
_BOUND = re.compile(r"\s*([a-z])\s*(<|>|\\le|\\ge|\\leq|\\geq)\s*([-\d\\{}a-z ]{1,20})\s*")


def _bounds(rng: random.Random) -> list[tuple[str, str, str]]:
    out = set()
    for name in ("deepscaler-1209", "math500", "olympiadbench"):
        for p in load_problems(ROOT / "data" / "problems" / f"{name}.jsonl.gz"):
            m = _BOUND.fullmatch(p.gold.strip().strip("$"))
            if m and re.search(r"\d", m.group(3)):
                out.add((m.group(1), m.group(2), m.group(3).strip()))
    made = [(rng.choice("xykc"), rng.choice(["<", ">", "\\le"]), rng.choice([f"{rng.randint(2, 40)}",
             f"\\sqrt{{{rng.randint(2, 30)}}}", f"\\frac{{{rng.randint(1, 9)}}}{{{rng.randint(2, 9)}}}"]))
            for _ in range(20)]
    return sorted(out) + made


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_several_bounds_are_a_hedge(seed):
    rng = random.Random(seed)
    v = RuleVerifier()
    for var, op, value in _bounds(rng):
        gold = f"{var} {op} {value}"
        assert v.verify(f"$\\boxed{{{gold}}}$", gold).correct, gold
        others = [f"{var} {op} {k}" for k in rng.sample([f"\\sqrt{{{n}}}" for n in range(3, 15)] + ["100", "-7"], 2)]
        parts = [gold] + others[:rng.randint(1, 2)]
        rng.shuffle(parts)
        hedge = ", ".join(parts)
        assert not v.verify(f"The final answer is $\\boxed{{{hedge}}}$.", gold).correct, (hedge, gold)


def test_two_bounds_of_opposite_directions_are_one_interval():
    v = RuleVerifier()
    assert v.verify("$\\boxed{x > 1, x < 3}$", "1 < x < 3").correct
