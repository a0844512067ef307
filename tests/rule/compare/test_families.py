"""Parametric families the readers keep whole (rlverify.rule.compare.families, issue 29), with the table off and on
the default path.

* a list of general solutions with one qualifier at its end (olympiadbench-888: ``\\frac{\\pi}{6} + k\\pi, ...,
  \\frac{5\\pi}{6} + k\\pi \\text{ for } k \\in \\mathbb{Z}`` for ``x=\\frac{1}{6} \\pi+\\pi k, ...``; olympiadbench-562:
  ``-\\frac{\\pi}{6} + k\\pi`` is ``\\frac{5}{6}\\pi + \\pi k``), in any order. Twins: one family moved off, one missing.
* a tuple in a renamed parameter with its qualifier (hardverify-236: ``(-32 + 3t, 64 - 5t) \\text{ for some integer } t``
  for ``(k, \\, \\ell) = (-32 + 3x, \\; 64 - 5x)``). Twins: one coefficient off, the parameter renamed in one item only.
* a residue class under a name (``n = 7t + 5`` for ``n = 7m - 2``), tests/rule/test_residue_classes.py.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from both_paths import both

SOLVE = "If $k=-0.7$, determine all solutions to the equation $f(x)=0$."
PAIRS = "Find the pairs of integers $(k, \\ell)$ such that $5k + 3\\ell = 32$."
QUALIFIERS = (" \\text{ for } k \\in \\mathbb{Z}", ", k \\in \\mathbb{Z}", " \\text{ for some integer } k", "")


def _both(monkeypatch, answer: str, gold: str, question: str):
    return both(monkeypatch, answer, gold, question)


def _angle(v: Fraction) -> str:
    sign, n, d = ("-" if v < 0 else ""), abs(v.numerator), v.denominator
    top = "\\pi" if n == 1 else f"{n}\\pi"
    return f"{sign}\\frac{{{top}}}{{{d}}}" if d > 1 else f"{sign}{top}"


@pytest.mark.parametrize("seed", range(4))
def test_lists_of_general_solutions(seed: int, monkeypatch) -> None:
    rng = random.Random(seed)
    for _ in range(5):
        d = rng.choice((5, 8, 12))   # denominators with three or more proper fractions in lowest terms
        values = sorted(rng.sample([Fraction(k, d) for k in range(1, d) if Fraction(k, d).denominator == d], 3))
        gold = "$x=" + ", ".join(f"\\frac{{{v.numerator}}}{{{v.denominator}}} \\pi+\\pi k" for v in values) + "$"
        shifted = [v - 1 if rng.random() < 0.5 else v for v in values]      # -\frac{\pi}{6} is \frac{5\pi}{6} mod \pi
        rng.shuffle(shifted)
        answer = ", ".join(f"{_angle(v)} + k\\pi" for v in shifted) + rng.choice(QUALIFIERS)
        for dec in _both(monkeypatch, answer, gold, SOLVE):
            assert dec.match.equal, (answer, gold, dec)
        moved = [shifted[0] + Fraction(1, 2 * d)] + shifted[1:]
        for bad in (moved, shifted[:-1]):
            text = ", ".join(f"{_angle(v)} + k\\pi" for v in bad) + rng.choice(QUALIFIERS)
            for dec in _both(monkeypatch, text, gold, SOLVE):
                assert not dec.match.equal, (text, gold, dec)


@pytest.mark.parametrize("seed", range(3))
def test_tuples_in_a_renamed_parameter(seed: int, monkeypatch) -> None:
    rng = random.Random(seed)
    for _ in range(5):
        a, b, c = rng.randint(2, 9), rng.randint(2, 9), rng.randint(-40, 40)
        gold = f"(k, \\, \\ell) = ({c} + {a}x, \\; {2 * c} - {b}x)"
        p = rng.choice("tsu")
        answer = f"({c} + {a}{p}, {2 * c} - {b}{p}) \\text{{ for some integer }} {p}"
        for dec in _both(monkeypatch, answer, gold, PAIRS):
            assert dec.match.equal, (answer, gold, dec)
        for bad in (f"({c} + {a + 1}{p}, {2 * c} - {b}{p}) \\text{{ for some integer }} {p}",
                    f"({c} + {a}{p}, {2 * c} - {b}q) \\text{{ for some integer }} {p}"):
            for dec in _both(monkeypatch, bad, gold, PAIRS):
                assert not dec.match.equal, (bad, gold, dec)


@pytest.mark.parametrize("seed", range(3))
def test_integer_ranges_in_words_and_symbols(seed: int, monkeypatch) -> None:
    """One set of integers written as a range (tests/rule/test_answers_integers.py's notations). Twins: another end."""
    rng = random.Random(seed)
    question = "Find all positive integers $k$ such that the statement holds."
    for _ in range(6):
        n = rng.randint(2, 40)
        forms = (f"\\text{{every integer }} k \\ge {n}", f"\\text{{all }} k \\geq {n}", f"k > {n - 1}",
                 f"k = {n}, {n + 1}, {n + 2}, \\ldots")
        answer, gold = rng.sample(forms, 2)
        for dec in _both(monkeypatch, answer, gold, question):
            assert dec.match.equal, (answer, gold, dec)
        for dec in _both(monkeypatch, answer.replace(str(n), str(n + 1)).replace(str(n - 1), str(n)), gold, question):
            assert not dec.match.equal, (answer, gold, dec)
