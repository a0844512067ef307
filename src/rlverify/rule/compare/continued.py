"""The continued-decimal cell of the typed comparison (issue 29): ``0.777\\ldots``, ``4.09523...``, ``3.14159…`` (a
decimal said to go on, :class:`~rlverify.rule.read.types.Continued`) against a reference that is one exact value.

Interface::

    continued(a, g) -> Verdict | None     None: no continued decimal against a value with a constant value

The decimal agrees with the value it begins where the value cut or rounded at its last written digit gives its
digits, with three significant digits or more written, and the value does not stop before them
(:func:`rlverify.rule.answers.precision.continued_decimal`: ``0.333\\ldots`` is no ``0.3337``); the reference's value
is read by the bounded reader (:func:`rlverify.rule.answers.surface.numeric_value`) or is its exact fraction. A
rejection is a typed fact where that value was read. An approximation sign before the decimal (``\\approx 1.765\\ldots``)
says no more than its dots.

May import: :mod:`rlverify.rule.read.types`, the leaf helpers of :mod:`rlverify.rule.answers` named above.
"""

from __future__ import annotations

from fractions import Fraction

from ..answers.match import Match
from ..answers.precision import continued_decimal
from ..answers.surface import numeric_value
from ..read.types import Approx, Continued, Expr, Labelled, Number, Reading
from .relations import Verdict

__all__ = ["continued"]


def _value(g: Reading) -> Fraction | float | None:
    while isinstance(g, Labelled):
        g = g.inner
    if isinstance(g, Number):
        return g.exact if g.exact is not None else numeric_value(g.text)
    if isinstance(g, Expr):
        return numeric_value(g.text)
    return None


def continued(a: Reading, g: Reading) -> Verdict | None:
    """See the module doc."""
    if isinstance(a, Approx) and isinstance(a.inner, Continued):
        a = a.inner
    if not isinstance(a, Continued) or isinstance(g, Continued):
        return None
    value = _value(g)
    if value is None:
        return None
    same = continued_decimal(a.text, value)
    return Verdict(Match(same), "typed:continued_decimal", final=not same)
