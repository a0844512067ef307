"""``\\gamma`` in an answer is a variable (an adiabatic index, a Lorentz factor), read so before the grammar reads it.

The grammar reads a lower-case ``\\gamma`` as Euler's constant, and before a letter or a power as the gamma function
applied to what follows: ``\\gamma^2 x`` was gamma(x)**2, which undone after the parse is ``gamma**2 * x**2`` (so
``\\gamma^2 x^2`` was accepted for ``\\gamma^2 x``), and ``\\gamma r^{\\gamma-1}`` (physics-dev's diesel-cycle efficiency)
did not parse to a usable expression at all. Seeded over letters, powers and coefficients: each gold with an equal
rewriting (factors reordered, fractions combined) accepted and a near miss (another power) rejected.
"""

from __future__ import annotations

import random

import pytest

from rlverify import verify

_LETTERS = ("x", "r", "n", "T", "V", "\\beta", "\\alpha", "m")


def _rows(seed: int):
    rng = random.Random(seed)
    for _ in range(12):
        a, b = rng.sample(_LETTERS, 2)
        k, c = rng.randint(2, 4), rng.randint(2, 9)
        # gamma to a power before a letter
        yield f"{c}\\gamma^{{{k}}} {a}", f"{c} {a} \\gamma^{{{k}}}", f"{c}\\gamma^{{{k}}} {a}^{{{k}}}"
        # gamma before a letter to a power of gamma
        yield (f"\\frac{{{c}}}{{\\gamma {a}^{{\\gamma-1}}}}", f"\\frac{{{c} {a}^{{1-\\gamma}}}}{{\\gamma}}",
               f"\\frac{{{c}}}{{\\gamma {a}^{{\\gamma+1}}}}")
        # the efficiency's shape: a product of two fractions against one fraction
        yield (f"1 - \\frac{{1}}{{\\gamma {a}^{{\\gamma-1}}}} \\frac{{{b}^\\gamma - 1}}{{{b} - 1}}",
               f"1 - \\frac{{1}}{{\\gamma}} \\frac{{{b}^\\gamma - 1}}{{{a}^{{\\gamma-1}} ({b} - 1)}}",
               f"1 - \\frac{{1}}{{\\gamma {a}^{{\\gamma}}}} \\frac{{{b}^\\gamma - 1}}{{{b} - 1}}")


@pytest.mark.parametrize("seed", [0, 1])
def test_gamma_is_a_variable(seed):
    bad = []
    for gold, same, near in _rows(seed):
        if verify(same, gold).outcome.value != "equal":
            bad.append(("equal form rejected", same, gold))
        if verify(near, gold).outcome.value == "equal":
            bad.append(("near miss accepted", near, gold))
    assert not bad, bad[:6]


def test_euler_gamma_named_differently_stays_a_variable_on_both_sides():
    """Both sides read ``\\gamma`` the same way: ``2\\gamma`` is ``\\gamma + \\gamma``, not ``2\\beta``."""
    assert verify("\\gamma + \\gamma", "2\\gamma").outcome.value == "equal"
    assert verify("2\\beta", "2\\gamma").outcome.value != "equal"
    assert verify("\\gamma x + \\gamma", "\\gamma(x + 1)").outcome.value == "equal"      # a product, as before
    assert verify("\\gamma x + 1", "\\gamma(x + 1)").outcome.value != "equal"
