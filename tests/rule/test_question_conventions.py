"""Conventions a question fixes: a (minimum, maximum) pair is told apart by size, so its order says nothing;
where a function increases or decreases, an interval's ends may be written open or closed. Seeded; near-
misses change a value, and other questions keep order and ends strict."""

from __future__ import annotations

import random

from rlverify.rule.compare import compare
from rlverify.rule.answers import read_question

_EXTREMA = ("What are the minimum and maximum values of $f(x)$?", "Find the largest and smallest values of $g$.",
            "Determine the max and min of the expression.")
_MONOTONE = ("Find the monotonically increasing interval of $f(x)$.", "On which intervals is $f$ decreasing? Find the "
             "decreasing intervals.", "Find the intervals on which the function is increasing.")


def test_a_pair_of_extrema_in_either_order(inline):
    rng = random.Random(8)
    for _ in range(60):
        lo = rng.randint(-20, 20)
        hi = lo + rng.randint(1, 20)
        q = rng.choice(_EXTREMA)
        assert read_question(q).asks_extrema
        assert compare(f"{lo}, {hi}", f"{hi}, {lo}", q).equal and compare(f"{hi}, {lo}", f"{lo}, {hi}", q).equal
        assert not compare(f"{lo}, {hi + 1}", f"{hi}, {lo}", q).equal
        assert not compare(f"{lo}, {hi}", f"{hi}, {lo}", "Find $a$ and $b$, respectively.").equal


def test_interval_ends_where_a_function_is_monotone(inline):
    rng = random.Random(9)
    for _ in range(60):
        a = rng.randint(-9, 5)
        b = a + rng.randint(1, 9)
        q = rng.choice(_MONOTONE)
        assert read_question(q).asks_monotone_intervals
        left, right = rng.choice("(["), rng.choice(")]")
        other_left, other_right = rng.choice("(["), rng.choice(")]")
        assert compare(f"{left}{a}, {b}{right}", f"{other_left}{a}, {b}{other_right}", q).equal
        assert not compare(f"{left}{a}, {b + 1}{right}", f"{other_left}{a}, {b}{other_right}", q).equal
        if (left, right) != (other_left, other_right):
            assert not compare(f"{left}{a}, {b}{right}", f"{other_left}{a}, {b}{other_right}", "Solve the inequality.").equal
