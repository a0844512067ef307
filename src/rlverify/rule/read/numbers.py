"""The number and quantity reader (issue 29): ``3.20``, ``1.5\\times10^{-3}``, ``12\\%``, ``seventeen`` (a
:class:`~.types.Number`) and ``73.4\\,\\text{kJ}``, ``3.2\\ \\mathrm{m/s}``, ``5 eV`` (a :class:`~.types.Quantity`).

Interface::

    number_or_quantity(text, again, depth) -> Number | Quantity | None     a reader (see :data:`rlverify.rule.read.READERS`)

It reads with the leaf parsers the comparison has always used, so that a text reads one way everywhere:
:func:`rlverify.rule.answers.numbers.parse_number` (the exact value), :func:`rlverify.rule.answers.precision.written`
(the stated precision), :func:`rlverify.rule.answers.quantity.parse_quantity` (magnitude and unit, pint's factors,
prefix included) and :func:`rlverify.rule.answers.words.words_to_number` (a number in words). Every parser is bounded
in length and none evaluates the text. A one-letter symbol after a sum or a product sign (``12 + 10t``,
``12+10\\times t``) is a variable, not a unit: no quantity (the expression reader reads it).

May import: :mod:`.types` and those leaf parsers of :mod:`rlverify.rule.answers`. Never the comparison.
"""

from __future__ import annotations

import re

from ..answers.numbers import parse_number
from ..answers.precision import written
from ..answers.quantity import parse_quantity
from ..answers.words import words_to_number
from .types import Number, Quantity, Reading

__all__ = ["number_or_quantity"]

_MAX_CHARS = 120          # parse_quantity's own bound; a longer text is no single number or quantity
_DECIMAL_MARK = re.compile(r"[.,]")
# a magnitude that is a sum (a sign after a term) or ends on a multiplication sign
_TERMS = re.compile(r"(?<=[\w})])\s*[-+]\s*\S|(?:\\times|\\cdot|\*)\s*$")


def number_or_quantity(s: str, again, depth: int) -> Reading | None:
    """A number, or a number with a unit; None where the text is neither (an expression, a set, a sentence)."""
    if not s or len(s) > _MAX_CHARS:
        return None
    n = parse_number(s)
    if n is not None:
        return _number(s, s, n)
    qty = parse_quantity(s)
    if qty is None:
        w = words_to_number(s)
        return Number(s, w) if w is not None else None
    m = parse_number(qty.magnitude)
    if m is None and "," in qty.magnitude:
        return None         # '26, 26', '(1, 2)\\,\\text{m}': several values (a tuple, a list), or a decimal comma
    if qty.unit is None:    # '\\textbf{5}', '2\\pi', '\\sqrt{2}': a number, exact where it can be
        return _number(s, qty.magnitude, m) if m is not None else Number(s, None)
    # '11t', '10k', '71 W': a one-letter symbol after an integer may be a variable (11 times t): not sure
    sure = not (qty.unit.short and not qty.wrapped and not _DECIMAL_MARK.search(qty.magnitude))
    if not sure and _TERMS.search(qty.magnitude.strip()):
        return None         # '12 + 10t', '12+10\\times t': a sum or a product ending on the letter, a term in a variable
    return Quantity(s, qty.magnitude, qty.unit, sure)


def _number(s: str, digits: str, n) -> Number:
    w = written(digits)
    return Number(s, n.value, w.last if w is not None else None, n.percent)
