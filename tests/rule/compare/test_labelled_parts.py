"""Both sides label every part, one label in other words on each side (rlverify.rule.compare.parts.labelled_parts,
issue 29), with the table off and on the default path: a maximum and a minimum (``\\text{max } 3, \\text{min } -1``
for ``\\max = 3, \\min = -1``, tests/rule/test_extremum_labels.py's notations), in either order. Twins: the values
swapped, the maximum changed.
"""

from __future__ import annotations

import random

import pytest

from rlverify.rule.compare import explain

QUESTION = "Find the maximum and minimum values of $f(x)$ on the interval."
MAX = ("\\text{max } {v}", "\\text{Maximum: } {v}", "\\max = {v}", "\\text{largest value } {v}", "\\text{the maximum is } {v}")
MIN = ("\\text{min } {v}", "\\text{minimum: } {v}", "\\min = {v}", "\\text{smallest value } {v}", "\\text{least value: } {v}")
JOIN = (", ", "; ", " \\text{ and } ", ",\\quad ")


def _write(hi: str, lo: str, rng: random.Random) -> str:
    a, b = rng.choice(MAX).replace("{v}", hi), rng.choice(MIN).replace("{v}", lo)
    return (a + rng.choice(JOIN) + b) if rng.random() < 0.5 else (b + rng.choice(JOIN) + a)


@pytest.mark.parametrize("seed", range(3))
def test_extrema_paired_by_label(seed: int, monkeypatch) -> None:
    rng = random.Random(seed)
    for _ in range(8):
        hi, lo = rng.randint(1, 30), rng.randint(-30, 0)
        gold = _write(str(hi), str(lo), rng)
        for path in ("typed",):
            answer = _write(rng.choice((str(hi), f"\\frac{{{2 * hi}}}{{2}}", f"{hi}.0")), str(lo), rng)
            assert explain(answer, gold, QUESTION).match.equal, (path, answer, gold)
            for bad in (_write(str(lo), str(hi), rng), _write(str(hi + 1), str(lo), rng)):
                assert not explain(bad, gold, QUESTION).match.equal, (path, bad, gold)
