"""The identity cell of the typed comparison (issue 29): an expression against a reference identity ``L = R`` whose
left side it writes (the kind of hardverify-146: "insert operation signs and parentheses in the left part so that the
equation holds", the reference ``\\left( \\frac{1}{a} : \\left( \\frac{1}{a} \\cdot \\frac{1}{a} \\right) - \\frac{1}{a}
\\right) : \\frac{1}{a} = (a+1)(a-1)``, the answer a nest of ``\\div`` over the same five operands).

Interface::

    identity_side(a, g, q) -> Verdict | None

Where the reference's two sides are terms in a variable that are one expression (an identity: the bounded expression
comparison says so), and the answer is a term written with the same operands as the left side (the same multiset of
numbers, letters and fractions, whatever the operations and brackets), the answer meets the reference where it equals
the left side. ``:`` between two operands of the left side is a division (``a : b``). The right side alone
(``(a+1)(a-1)``, other operands) or an arrangement of the operands of another value is no such answer: None (the other
cells decide; no typed rejection is made here).

May import: :mod:`rlverify.rule.read` (types, the expression reader), :mod:`.expressions`, :mod:`.constants` (free
letters).
"""

from __future__ import annotations

import re
from collections import Counter

from ..answers.question import Question
from ..read.expressions import is_expression
from ..read.types import Expr, Quantity, Reading, Relation

__all__ = ["identity_side"]

_MAX_CHARS = 200
_RATIO_DIVISION = re.compile(r"(?<=[\w})\]])\s*:\s*(?=[\w\\({\[])")
_LAYOUT = re.compile(r"\\(?:left|right|div|cdot|times)(?![A-Za-z])|[-+*/()\[\]\s]")
_OPERAND = re.compile(r"\\[dt]?frac\s*\{[^{}]*\}\s*\{[^{}]*\}|\d+(?:\.\d+)?|\\[A-Za-z]+|[A-Za-z]")


def identity_side(a: Reading, g: Reading, q: Question):
    """See the module doc: a :class:`~.relations.Verdict` (an equality), or None."""
    from .constants import free_letters
    from .expressions import expressions
    from .verdict import Verdict

    if not isinstance(a, Expr) or not isinstance(g, Relation) or g.op != "=" or not _term(g.right):
        return None
    left = _RATIO_DIVISION.sub(r" \\div ", g.left.text)
    if len(left) > _MAX_CHARS or not is_expression(left) or not free_letters(left) or not free_letters(g.right.text):
        return None
    if _operands(a.text) != _operands(left):
        return None
    if not expressions(left, g.right.text, q).equal:
        return None      # no identity: an equation to solve, whose left side is no answer
    m = expressions(a.text, left, q)
    return Verdict(m, "typed:identity_side") if m.equal else None


def _term(r: Reading) -> bool:
    """A term, or a number times a letter that may be a unit (``2 t``: not :attr:`~.types.Quantity.sure`)."""
    return isinstance(r, Expr) or isinstance(r, Quantity) and not r.sure


def _operands(text: str) -> Counter:
    """The operands of a term, whatever its operations and brackets (``\\frac{1}{a}`` five times)."""
    return Counter(t.replace(" ", "") for t in _OPERAND.findall(_LAYOUT.sub(" ", text.replace("\\dfrac", "\\frac"))))
