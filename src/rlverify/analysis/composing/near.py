"""Near-misses: for every correct row, a twin that keeps every form of it (reference, context, answer axes, the
same style draws) and changes what it states, wrong by construction:

``wrong_prefix`` (the same digits, the unit another SI prefix: 73.4 J for 73.4 kJ), ``wrong_digit`` (a value that
differs at the reference's stated precision, written the way the correct answer is: converted, finer, in
scientific notation...), ``wrong_option`` (another listed option: its letter, or its letter and value),
``wrong_label_value`` (the reference's label with a wrong value behind it), ``wrong_antiderivative`` (an
expression whose derivative is not the integrand).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from .values import UNITS, Item

__all__ = ["KINDS", "applicable", "wrong_value", "wrong_prefix", "wrong_antiderivative", "derivative_differs"]

KINDS = ("wrong_prefix", "wrong_digit", "wrong_option", "wrong_label_value", "wrong_antiderivative")


def applicable(item: Item, axes: frozenset[str], unit: str | None, labelled: bool) -> list[str]:
    """The near-miss kinds that this row's forms admit."""
    if item.kind == "expr":
        return ["wrong_antiderivative"]
    if "ans_letter" in axes or "ans_option" in axes:
        return ["wrong_option"]
    kinds = ["wrong_digit"]
    if unit is not None and UNITS[unit].siblings and UNITS[unit].sym:
        kinds.append("wrong_prefix")
    if "ctx_options" in axes:
        kinds.append("wrong_option")
    if labelled:
        kinds.append("wrong_label_value")
    return kinds


def choose(kinds: list[str], rng: random.Random) -> str:
    """A kind, the wrong prefix at least 40% of the time where it applies (it is the false accept to watch)."""
    if "wrong_prefix" in kinds and rng.random() < 0.4:
        return "wrong_prefix"
    return rng.choice(kinds)


def wrong_value(item: Item, rng: random.Random) -> Fraction:
    """A value that differs from the reference at its stated precision (a last stated digit moved by 1-3; an
    exact reference moved by 1-3 or its numerator moved)."""
    v = item.value
    k = rng.choice((1, 2, 3)) * rng.choice((1, -1))
    if item.places is None:
        w = v + k if v.denominator == 1 else Fraction(v.numerator + k, v.denominator)
    else:
        w = v + k * Fraction(10) ** item.places
    if w == 0 or (w > 0) != (v > 0):                  # never zero, never across zero: move away from it instead
        w = v + (abs(k) if v > 0 else -abs(k)) * (Fraction(10) ** item.places if item.places is not None else 1)
    return w


def wrong_prefix(unit: str, rng: random.Random) -> str:
    return rng.choice(UNITS[unit].siblings)


def derivative_differs(expr: Any, item: Item) -> bool:
    """``expr``'s derivative is not the integrand (at three sample points x > 0, where every ``|.|`` argument here is
    positive; 30 digits)."""
    import sympy as sp

    x = sp.Symbol("x")
    diff = sp.diff(expr.replace(sp.Abs, lambda a: a), x) - item.integrand   # |.| of a positive argument
    vals = [diff.subs(x, sp.Rational(p, 7)) for p in (3, 11, 20)]
    return any(abs(complex(sp.N(d, 30))) > 1e-9 for d in vals)


def wrong_antiderivative(item: Item, rng: random.Random) -> Any:
    """An expression whose derivative differs from the integrand: the antiderivative plus a term in x, scaled,
    sign-flipped, or (for a power) with the exponent's coefficient missed."""
    import sympy as sp

    x = sp.Symbol("x")
    F = item.antiderivative
    cands = [F + x, 2 * F, -F, F + x ** 2, sp.diff(item.integrand, x)]
    rng.shuffle(cands)
    for g in cands:
        if g != 0 and derivative_differs(g, item):
            return g
    raise AssertionError("no wrong antiderivative")
