"""Two sequence cells of the typed comparison (rlverify.rule.compare.sequences, issue 29), with the table off and on
the default path.

* a list whose first item carries the name of all (olympiadbench-748: ``\\theta = \\frac{\\pi}{6}, \\frac{\\pi}{4},
  \\frac{3\\pi}{4}, \\frac{5\\pi}{6}`` for ``\\frac{1}{6} \\pi, \\frac{5}{6} \\pi, \\frac{1}{4} \\pi, \\frac{3}{4} \\pi``,
  "Determine all θ"): the list of the values, in any order where a set is asked. Twins: a value off, one missing.
* two pairs in the same brackets where the question fixes a domain, so that each may be an interval
  (processbench-math-842: ``(\\frac{\\sqrt{2}}{2}, \\frac{\\sqrt{2}}{2})`` for ``(\\frac{1}{\\sqrt{2}}, \\frac{1}{\\sqrt{2}})``,
  "positive real numbers"): equal item by item is equal either way. Twins: an item off, the items swapped.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from both_paths import both

ANGLES = "Determine all $\\theta$ with $0 \\leq \\theta \\leq 2\\pi$ for which $f(\\theta)=0$."
PAIR = "There exist positive real numbers $x$ and $y$ such that this holds. Enter the ordered pair $(x,y).$"


def _both(monkeypatch, answer: str, gold: str, question: str):
    return both(monkeypatch, answer, gold, question)


def _pi(v: Fraction, rng: random.Random) -> tuple[str, str]:
    """Two spellings of v·π."""
    n, d = v.numerator, v.denominator
    first = f"\\frac{{{'' if n == 1 else n}\\pi}}{{{d}}}" if d > 1 else f"{n}\\pi"
    second = f"\\frac{{{n}}}{{{d}}} \\pi" if d > 1 else f"{n} \\pi"
    return first, second


@pytest.mark.parametrize("seed", range(4))
def test_a_list_named_by_its_first_item(seed: int, monkeypatch) -> None:
    rng = random.Random(seed)
    for _ in range(8):
        values = sorted(rng.sample([Fraction(k, d) for d in (2, 3, 4, 6) for k in range(1, 2 * d) if Fraction(k, d).denominator == d], 4))
        forms = [_pi(v, rng) for v in values]
        name = rng.choice(("\\theta", "x", "t"))
        answer = f"{name} = " + ", ".join(f for f, _ in forms)
        shuffled = [s for _, s in forms]
        rng.shuffle(shuffled)
        gold = ", ".join(shuffled)
        for d in _both(monkeypatch, answer, gold, ANGLES):
            assert d.match.equal, (answer, gold, d)
        off = f"{name} = " + ", ".join(f for f, _ in forms[:-1]) + ", " + _pi(values[-1] + 2, rng)[0]
        for bad in (off, f"{name} = " + ", ".join(f for f, _ in forms[:-1])):
            for d in _both(monkeypatch, bad, gold, ANGLES):
                assert not d.match.equal, (bad, gold, d)


@pytest.mark.parametrize("seed", range(3))
def test_two_pairs_under_a_domain(seed: int, monkeypatch) -> None:
    rng = random.Random(seed)
    for _ in range(8):
        a, b = rng.sample((2, 3, 5, 6, 7), 2)
        answer = f"\\left(\\frac{{\\sqrt{{{a}}}}}{{{a}}}, \\frac{{\\sqrt{{{b}}}}}{{{b}}}\\right)"
        gold = f"\\left( \\frac{{1}}{{\\sqrt{{{a}}}}}, \\frac{{1}}{{\\sqrt{{{b}}}}} \\right)"
        for d in _both(monkeypatch, answer, gold, PAIR):
            assert d.match.equal, (answer, gold, d)
        swapped = f"\\left(\\frac{{\\sqrt{{{b}}}}}{{{b}}}, \\frac{{\\sqrt{{{a}}}}}{{{a}}}\\right)"
        off = f"\\left(\\frac{{\\sqrt{{{a}}}}}{{{a}}}, \\frac{{\\sqrt{{{b}}}}}{{{a}}}\\right)"
        for bad in (swapped, off):
            for d in _both(monkeypatch, bad, gold, PAIR):
                assert not d.match.equal, (bad, gold, d)
