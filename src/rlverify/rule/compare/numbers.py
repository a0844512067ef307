"""The number and quantity cells of the typed comparison (issue 29): Number/Number, Quantity/Quantity, Quantity/Number.

Interface::

    constant_against_approximate(answer, g) -> Match | None   a constant expression against an approximate number
    numeric(answer, gold, a, g, question) -> Match     two readings of :data:`rlverify.rule.read.types.NUMERIC` (``a``,
                                                       ``g``) and the texts they stand for (an approximation sign or
                                                       the raw span around them: what the unit alignment reads)

In order, the first that decides:

1. the same text, or two different integers (:func:`rlverify.rule.answers.fast.fast_compare`);
2. ``x\\%`` against a bare reference in [-1, 1] where no percent is asked: x/100 (``0.5\\%`` is no 0.5);
3. the units aligned (:func:`rlverify.rule.answers.quantity.align`): two units converted through pint (a prefix is a
   factor of the unit, so it never silently disappears: ``73.4 J`` is no ``73.4 kJ``), another dimension is
   ``different``, a bare number takes the unit the question asks (``3.47`` "in kJ" for ``3470 J``), else the one the
   reference carries; then the magnitudes at
   the rounding the question asks, else at the reference's written digits (:func:`rlverify.rule.answers.magnitudes.decide`);
4. a number in words against a number;
5. the rounding the question asks for, on two bare numbers;
6. two exact numbers: equal values (in the form the question asks), or agreement at the precision the reference
   states in its written digits (or the answer's own, where the question expects an approximation); else ``different``;
7. anything else (a constant such as ``2\\pi``, a unit the alignment left undecided): the bounded expression comparison
   (:func:`rlverify.rule.answers.core.compare_core`).

A rejection by any of them is a typed fact (two sure readings that differ), unless it is undecided or timed out.

May import: :mod:`rlverify.rule.read.types` and the leaf comparisons of :mod:`rlverify.rule.answers` (fast, magnitudes,
numbers, precision, quantity, simplest, surface, core, question).
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from fractions import Fraction

from ...flags import Flag
from ..answers.core import compare_core
from ..answers.fast import fast_compare
from ..answers.magnitudes import asked_rounding, decide, in_words, percent_of
from ..answers.match import Match
from ..answers.numbers import Num, numbers_equal, parse_number
from ..answers.precision import constant_rounds_to, finer_rounds_to, rounded_from_reference, within_reference
from ..answers.quantity import Aligned, align, bare_in_asked_unit
from ..answers.quantity import Quantity as QuantityText
from ..answers.question import Question
from ..answers.simplest import form_violation
from ..answers.surface import numeric_value
from ..read.types import Number, Quantity

__all__ = ["numeric"]


def numeric(answer: str, gold: str, a: Number | Quantity, g: Number | Quantity, q: Question,
            approximate: bool = False) -> Match:
    """The verdict on two numbers or quantities (see the module's steps). ``approximate``: the reference carries an
    approximation sign, so it is a rounded value: an answer written more finely that rounds to it at its last written
    digit agrees (``3.47`` for ``x \\approx 3.5``, ``15.7\\%`` or ``0.157`` for ``P \\simeq 16\\%``), one that
    rounds elsewhere does not."""
    m = fast_compare(answer, gold) or percent_of(answer, gold, q)
    if m is not None:
        return m
    if approximate and _finer_than_approximate(a, g):
        return Match(True, (Flag.ROUNDING,))
    got = _in_asked_unit(a, g, q) or align(answer, gold, q.text)
    if isinstance(got, Match):
        return got
    if got is not None:
        m = decide(got, answer, gold, q)
        if m is not None:
            return m
    m = in_words(answer, gold) or asked_rounding(answer, gold, q)
    if m is not None:
        return m
    if isinstance(a, Number) and isinstance(g, Number) and a.exact is not None and g.exact is not None:
        return _exact(a, g, q)
    return compare_core(answer, gold, q)


def _finer_than_approximate(a: Number | Quantity, g: Number | Quantity) -> bool:
    """Two numbers, the answer written more finely than an approximate reference and rounding to it (a fraction
    against a percent as its percent: ``0.157`` is ``15.7\\%``)."""
    if not (isinstance(a, Number) and isinstance(g, Number)) or g.exact is None:
        return False
    if a.exact is None:     # a constant ('\\sqrt{2}', '2\\pi'): its value, which states every digit
        value = None if a.percent else numeric_value(a.text)
        return value is not None and constant_rounds_to(value, g.text)
    text = a.text
    if g.percent and not a.percent:
        try:
            text = format(Decimal(a.text.strip()).scaleb(2), "f") + "\\%"
        except (InvalidOperation, ValueError):
            return False
    return finer_rounds_to(text, g.text)


def constant_against_approximate(answer: str, g: Number) -> Match | None:
    """An expression with a constant value (``\\operatorname{erfc}(1)``, ``\\frac{\\sqrt{3}}{2}``) against a reference
    written with an approximation sign (``P \\simeq 16\\%``): equal when its value rounds to the reference at the
    reference's last written digit, else ``different`` (both values are sure); None where the expression has no
    constant value (a free variable, a text the bounded reader cannot take)."""
    if g.exact is None:
        return None
    value = numeric_value(answer)
    if value is None:
        return None
    return Match(True, (Flag.ROUNDING,)) if constant_rounds_to(value, g.text) else Match(False)


def _in_asked_unit(a: Number | Quantity, g: Number | Quantity, q: Question) -> Aligned | None:
    """A bare number against a quantity, in the unit the question asks (``3.47`` "in kJ" for ``3470 J``)."""
    if not (isinstance(a, Number) and isinstance(g, Quantity)) or a.exact is None or a.percent or not q.text:
        return None
    return bare_in_asked_unit(a.text, QuantityText(g.magnitude, g.unit), q.text)


def _exact(a: Number, g: Number, q: Question) -> Match:
    """Two numbers with exact written values: equal, or equal at the precision a side states, or ``different``."""
    if numbers_equal(Num(a.exact, a.percent), Num(g.exact, g.percent)):
        why = form_violation(a.text, g.text, q.text)
        return Match(False, (why,)) if why else Match(True)
    if within_reference(a.text, g.text, _exact_value) or \
            q.expects_approximation and rounded_from_reference(a.text, g.text):
        return Match(True, (Flag.ROUNDING,))
    return Match(False)


def _exact_value(text: str) -> Fraction | None:
    n = parse_number(text)
    return n.value if n is not None and not n.percent else None
