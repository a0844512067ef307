"""A value, then where it is attained (rlverify.rule.read, the 'attained' reader, issue 29), with the table off and on
the default path: ``12 \\text{ (at } (1, 2))``, ``\\frac{3}{2} \\text{ at } (x, y) = (1, 1)``, ``5 \\text{ at } x = 2``
against the value asked (tests/rule/test_answers_integers.py). Twins: the point's coordinate is the reference but the
value is not; a bound (``5 \\text{ at least}``) is no value.
"""

from __future__ import annotations

import random

import pytest

from both_paths import both

QUESTION = "Find the maximum value of $f$ on the interval."


def _both(monkeypatch, answer: str, gold: str):
    return both(monkeypatch, answer, gold, QUESTION)


@pytest.mark.parametrize("seed", range(3))
def test_the_value_before_where_it_is_attained(seed: int, monkeypatch) -> None:
    rng = random.Random(seed)
    for _ in range(8):
        v, x, y = rng.randint(2, 40), rng.randint(-9, 9), rng.randint(-9, 9)
        value = rng.choice((str(v), f"\\frac{{{2 * v}}}{{2}}"))
        point = rng.choice((f"\\text{{ at }} x = {x}", f"\\text{{ (at }} ({x}, {y}))", f"\\text{{ at }} (x, y) = ({x}, {y})"))
        for d in _both(monkeypatch, f"{value} {point}", str(v)):
            assert d.match.equal, (value, point, d)
        for d in _both(monkeypatch, f"{v + 1} \\text{{ at }} x = {v}", str(v)):
            assert not d.match.equal, d
        for d in _both(monkeypatch, f"{v} \\text{{ at least}}", str(v)):
            assert not d.match.equal, d
