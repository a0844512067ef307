"""A bound on a variable, restated as a decimal or not, where the question asks for the extreme it bounds (issue 29;
rlverify.rule.read.bounds, rlverify.rule.compare.bounds). The kind of physics-dev optics/1-27: "What is the minimum
index of refraction ...", reference ``n > \\sqrt{2} = 1.414``.

Seeded over the bound (a root, a fraction), its variable, the direction and the question's wording, on both paths
(the stage table never consulted on the first): the same relation with its bound restated another way, the bound and
its decimal alone are accepted where the question asks for that extreme; near misses stay rejected: another decimal,
the other direction, a bare bound where the question asks for no extreme or for the other one."""

from __future__ import annotations

import math
import random

import pytest

from both_paths import both

_LOWER = ("What is the minimum {name} for which every ray is reflected?", "Find the least {name} such that it holds.",
          "Determine the smallest {name} that allows the motion.")
_UPPER = ("What is the maximum {name} for which the block stays at rest?", "Find the greatest {name} such that it holds.",
          "Determine the largest {name} that allows the motion.")
_NAMES = (("n", "index of refraction"), ("v", "speed"), ("\\theta", "angle"), ("k", "constant"))


def _bound(rng: random.Random) -> tuple[str, float]:
    if rng.random() < 0.5:
        k = rng.choice((2, 3, 5, 6, 7, 10))
        return f"\\sqrt{{{k}}}", math.sqrt(k)
    p, q = rng.choice(((1, 3), (2, 3), (5, 7), (4, 9), (7, 11)))
    return f"\\frac{{{p}}}{{{q}}}", p / q


def _rows(seed: int):
    rng = random.Random(seed)
    for _ in range(10):
        var, name = rng.choice(_NAMES)
        exact, value = _bound(rng)
        lower = rng.random() < 0.5
        op = rng.choice((">", "\\geq")) if lower else rng.choice(("<", "\\leq"))
        question = rng.choice(_LOWER if lower else _UPPER).format(name=name)
        other = rng.choice(_UPPER if lower else _LOWER).format(name=name)
        decimal = f"{value:.3f}"
        gold = f"{var} {op} {exact} = {decimal}"
        same = [f"{var} {op} {exact} \\approx {decimal}", exact, decimal, f"{var} {op} {exact}"]
        flipped = {">": "<", "\\geq": "\\leq", "<": ">", "\\leq": "\\geq"}[op]
        near = [f"{value + 0.01:.3f}", f"{var} {flipped} {exact}", f"{2 * value:.3f}"]
        yield question, other, gold, same, near, exact


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_bound_is_the_asked_extreme(monkeypatch, seed: int) -> None:
    for question, other, gold, same, near, exact in _rows(seed):
        for answer in same:
            for d in both(monkeypatch, answer, gold, question):
                assert d.match.equal, (answer, gold, question, d)
        for answer in near:
            for d in both(monkeypatch, answer, gold, question):
                assert not d.match.equal, (answer, gold, question, d)
        for q in (other, "Describe the rod.", None):     # the other extreme, or none, asked: a bound is no value
            for d in both(monkeypatch, exact, gold, q):
                assert not d.match.equal, (exact, gold, q, d)


def test_a_restatement_that_is_no_rounding_is_no_bound(monkeypatch) -> None:
    """``n > \\sqrt{2} = 1.5``: two values, not one bound restated; read whole, never equal to the bound."""
    q = "What is the minimum index of refraction?"
    for d in both(monkeypatch, "1.5", "n > \\sqrt{2} = 1.5", q):
        assert d.stage != "typed:asked_bound", d
