"""A maximum and a minimum labelled in words or symbols ('max 3, min -1', 'maximum: 3; minimum: -1', '\\max = 3,
\\min = -1', 'largest value 3 and smallest -1'), in either order: the labels pair the values, seeded; swapped or
changed values are not equal."""

from __future__ import annotations

import random

from rlverify.rule.answers.forms import parse_parts
from rlverify.rule.compare import compare

_Q = "Find the maximum and minimum values of $f(x)$ on the interval."
_MAX = ["\\text{max } {v}", "\\text{maximum } {v}", "\\text{Maximum: } {v}", "\\max = {v}", "\\text{max} = {v}",
        "\\text{largest value } {v}", "\\text{the maximum is } {v}", "\\text{greatest value: } {v}"]
_MIN = ["\\text{min } {v}", "\\text{minimum } {v}", "\\text{minimum: } {v}", "\\min = {v}", "\\text{min} = {v}",
        "\\text{smallest value } {v}", "\\text{the minimum is } {v}", "\\text{least value: } {v}"]
_JOIN = [", ", ",\\ ", "; ", " \\text{ and } ", ",\\quad "]


def _write(hi: str, lo: str, rng: random.Random) -> str:
    a, b = rng.choice(_MAX).replace("{v}", hi), rng.choice(_MIN).replace("{v}", lo)
    return (a + rng.choice(_JOIN) + b) if rng.random() < 0.5 else (b + rng.choice(_JOIN) + a)


def test_labelled_extrema_pair_by_label():
    rng = random.Random(17)
    for _ in range(120):
        hi, lo = rng.randint(1, 30), rng.randint(-30, 0)
        hs = rng.choice([str(hi), f"\\frac{{{2 * hi}}}{{2}}", f"{hi}.0"])
        a, g = _write(hs, str(lo), rng), _write(str(hi), str(lo), rng)
        assert compare(a, g, _Q).equal, (a, g)
        assert not compare(_write(str(lo), str(hi), rng), g, _Q).equal, g      # the values swapped
        assert not compare(_write(str(hi + 1), str(lo), rng), g, _Q).equal, g  # the maximum changed


def test_what_is_not_two_labelled_extrema():
    assert parse_parts("\\min_{x} f = 3, \\max f = 5").items[0].label is None   # a named quantity, not a label
    assert parse_parts("\\text{max } 3, \\text{ max } 4").items[0].label is None   # one label twice
    assert parse_parts("3, -1").items[0].label is None
