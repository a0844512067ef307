"""Equations and chains the relation entry decides without the stage table (issue 29; the kinds of Math-Verify's suite
rows test_numina_cases[1, 8, 10, 21], test_open_thoughts[20, 21], test_relations_math[13, 16, 26, 27]):

* a reference equation that states the value of its left side (``|AB| = 1``, ``\\frac{NO}{BO} = \\frac{1}{\\sqrt{6}}``,
  ``(p, q) = (3, 2)``) is met by that value; an equation that is a condition on its variables (``a + 3z = 0``,
  ``2x = 6``) is not;
* a chain whose approximation contradicts its exact member (``x = \\frac{1}{3} \\approx 1.3``) states the exact member;
* a chain against a reference chain: the values they end on (``z = 3 + 3 = 2`` for ``z = 1 + 1 = 2``).

Seeded over names, values and fractions, on both paths (the stage table never consulted on the first), each with
near misses (another value, another fraction, another end) that stay rejected."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from both_paths import both

_SEGMENTS = ("AB", "CD", "BC", "NO", "PQ", "MN")


def _value(rng: random.Random) -> tuple[str, str]:
    """A value and a different one, as written."""
    kind = rng.randrange(3)
    if kind == 0:
        n = rng.randint(1, 40)
        return str(n), str(n + rng.randint(1, 5))
    if kind == 1:
        k = rng.choice((2, 3, 5, 6, 7))
        return f"\\frac{{1}}{{\\sqrt{{{k}}}}}", f"\\frac{{1}}{{\\sqrt{{{k + 1}}}}}"
    p, q = rng.choice(((1, 3), (2, 5), (3, 7), (5, 9)))
    return f"\\frac{{{p}}}{{{q}}}", f"\\frac{{{q}}}{{{p}}}"


def _equations(seed: int):
    rng = random.Random(seed)
    for _ in range(8):
        s, t = rng.sample(_SEGMENTS, 2)
        value, other = _value(rng)
        left = rng.choice((f"|{s}|", f"\\frac{{{s}}}{{{t}}}", f"{s}:{t}", s))
        yield f"{left} = {value}", value, other
        a, b, c = rng.sample(range(2, 12), 3)
        names = rng.choice((("p", "q"), ("x", "y"), ("m", "n")))
        if rng.random() < 0.5:
            yield f"({names[0]}, {names[1]}) = ({a}, {b})", f"({a}, {b})", f"({a}, {c})"
        else:
            yield f"({names[0]}, {names[1]}, r) = ({a}, {b}, {c})", f"({a}, {b}, {c})", f"({a}, {c}, {b})"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_reference_equation_states_its_left_side(monkeypatch, seed: int) -> None:
    for gold, same, near in _equations(seed):
        for d in both(monkeypatch, same, gold):
            assert d.match.equal, (same, gold, d)
        for d in both(monkeypatch, near, gold):
            assert not d.match.equal, (near, gold, d)


@pytest.mark.parametrize("seed", [0, 1])
def test_an_equation_that_is_a_condition_states_no_value(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(8):
        k, v = rng.randint(2, 9), rng.randint(0, 9)
        for gold in (f"a + {k}z = {v}", f"{k}x + z = {v}", f"{k}x = {v}", f"x^2 - {k}x = {v}"):
            for d in both(monkeypatch, str(v), gold):
                assert not d.match.equal, (v, gold, d)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_chains(monkeypatch, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(8):
        p, q = rng.choice(((1, 3), (2, 7), (5, 9), (4, 11), (7, 13)))
        slip = f"{float(Fraction(p, q)) * 4 + 1:.1f}"     # no rounding of p/q: a slip in the gloss
        name = rng.choice("xyzk")
        chain = f"{name} = \\frac{{{p}}}{{{q}}} \\approx {slip}"
        for gold in (f"\\frac{{{p}}}{{{q}}}", f"{name} = \\frac{{{p}}}{{{q}}}"):
            for d in both(monkeypatch, chain, gold):
                assert d.match.equal, (chain, gold, d)
            for d in both(monkeypatch, f"{name} = \\frac{{{p + 1}}}{{{q}}} \\approx {slip}", gold):
                assert not d.match.equal, (gold, d)
        a, b, c, e = (rng.randint(1, 9) for _ in range(4))
        gold = f"{name} = {a} + {b} = {a + b}"
        for d in both(monkeypatch, f"{name} = {c} + {e} = {a + b}", gold):      # the value they end on
            assert d.match.equal, (gold, d)
        for d in both(monkeypatch, f"{name} = {a} + {b} = {a + b + 1}", gold):
            assert not d.match.equal, (gold, d)
