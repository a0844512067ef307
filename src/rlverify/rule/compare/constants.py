"""The number-against-expression cell of the typed comparison (issue 29): Number/Expr and Expr/Number, a sure
Quantity for the Number too.

Interface::

    pair(a, g) -> bool                                  one side a Number, the other an Expr
    number_and_expression(answer, gold, a, g, q) -> (Match, final)

In order, the first that decides:

1. what the number entry decides for two values (:func:`rlverify.rule.compare.numbers.numeric`): the same text, a
   percent, a decimal that rounds the expression's constant value at the decimal's own written digits (``1.155`` for
   ``\\frac{2\\sqrt{3}}{3}``: the quantity alignment), a number in words, the rounding the question asks, then the
   bounded expression comparison;
2. after a rejection, an expression in the one variable the question declares an integer, equal at its integers
   (:func:`rlverify.rule.answers.integer_points.same_on_integers`).

A rejection (not undecided, no timeout) is a typed fact where the expression is a constant (two constants that
differ), or where it holds a variable the question gives no value (``1`` for ``\\frac{x^2}{2} + 3x``: a constant is no
expression in a free variable); a variable the question sets (``x = 3``) leaves it to the caller.

May import: :mod:`rlverify.rule.read.types`, :mod:`.numbers` and the leaf comparisons of :mod:`rlverify.rule.answers`
named above.
"""

from __future__ import annotations

import re

from ...flags import Flag
from ..answers import integer_points
from ..answers.match import Match
from ..answers.question import Question
from ..read.types import Expr, Number, Quantity, Reading
from .numbers import numeric

__all__ = ["pair", "number_and_expression", "free_letters"]

_COMMAND = re.compile(r"\\[A-Za-z]+")
_LETTER = re.compile(r"[A-Za-z]")
# a Greek letter but pi (a constant) names a variable as a Latin one does: '\\sin \\theta'
_GREEK = re.compile(r"\\(?:var)?(?:alpha|beta|[Gg]amma|[Dd]elta|epsilon|zeta|eta|[Tt]heta|iota|kappa|[Ll]ambda|mu|nu|[Xx]i"
                    r"|rho|[Ss]igma|tau|[Uu]psilon|[Pp]hi|chi|[Pp]si|[Oo]mega)(?![A-Za-z])")


def pair(a: Reading, g: Reading) -> bool:
    """A number or a sure quantity against an expression, either way round (``\\Delta x = R\\omega\\theta`` where
    ``0.017\\,\\text{m}`` is asked: a formula for a value)."""
    return _value(a) and isinstance(g, Expr) or isinstance(a, Expr) and _value(g)


def _value(r: Reading) -> bool:
    return isinstance(r, Number) or isinstance(r, Quantity) and r.sure


def free_letters(text: str) -> set[str]:
    """The letters of a term outside its commands (``\\frac``, ``\\sqrt``, ``\\pi``), and its Greek letters but
    ``\\pi`` (``\\theta``): its variables' names."""
    return set(_LETTER.findall(_COMMAND.sub(" ", text))) | set(_GREEK.findall(text))


def _set_by(question: str | None, letters: set[str]) -> bool:
    """The question gives one of the letters a value (``x = 3``, ``$a=2$``, ``x \\approx 1.5``, ``x is 4``)."""
    if not question:
        return False
    return any(re.search(rf"(?<![A-Za-z\\]){re.escape(v)}(?![A-Za-z])\s*(?:=|\\approx|\bis\b)\s*\$?\s*[-+\d.\\(]", question)
               for v in letters)


def number_and_expression(answer: str, gold: str, a: Reading, g: Reading, q: Question) -> tuple[Match, bool]:
    """The verdict on a number against an expression, and whether a rejection is a typed fact (see the module)."""
    m = numeric(answer, gold, a, g, q)     # type: ignore[arg-type]
    if m.equal or m.undecided or Flag.HEDGE in m.flags or "timeout" in m.flags:
        return m, False
    if integer_points.same_on_integers(answer, gold, q.text):
        return Match(True, ("integer_points",)), False
    letters = free_letters(a.text if isinstance(a, Expr) else g.text)
    return m, not (letters and _set_by(q.text, letters))
