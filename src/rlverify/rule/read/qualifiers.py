"""The qualifier reader (issue 29): a value and a trailing qualifier that says where it holds without restricting it
(``a_n = 3n \\quad (n \\ge 1)``, ``f(n) = \\frac{1}{2n+2}\\ \\text{for all } n \\ge 1``, ``a_n = 2n,\\ n \\in \\mathbb{N}``,
``x_n = n^2 \\text{ for every positive integer } n``): a :class:`~.types.Remarked` holding the value's reading.

Interface::

    qualified(text, again, depth) -> Remarked | None     a reader (see :data:`rlverify.rule.read.READERS`)

Which tails qualify without restricting is the views' reading (:func:`rlverify.rule.answers.views.strip_qualifier`: a
membership in the naturals, a lower bound on the index in parentheses or after a comma, ``for all
...``, ``for every ...``, ``\\forall``); never a case (``for n = 1``), nor words that bound, doubt or offer another
value (``for n at least 3``, ``or``), nor a tail that says something else than where the value holds (``\\text{with the
vertical}`` gives an angle's direction, ``\\text{where } ...`` defines a symbol: views strips those too, this reader
does not), nor a membership in the integers (``5 + 7k, k \\in \\mathbb{Z}``: a family of values, read whole), nor a condition
after a set of reals or a relation (``2 \\le k < 3, k > 3``: the condition is part of the
set). A lower bound counts only where its variable is in the value. The whole text is
kept (:attr:`~.types.Reading.text`), so a comparison that reads it whole still can.

May import: :mod:`.types`, the text helpers of :mod:`rlverify.rule.answers` (views). Never the comparison.
"""

from __future__ import annotations

import re

from ..answers.views import strip_qualifier
from .types import Interval, Reading, Relation, Remarked

__all__ = ["qualified"]

_MAX_CHARS = 300
# where a formula holds: for all (every, each, any) n, \\forall, a membership in a number set, a lower bound on the index
# (never 'with ...' or 'where ...': '30^\\circ (\\text{with the vertical})' gives a direction, no range)
_HOLDS = re.compile(r"\bfor\s+(?:all|every|each|any)\b|\\forall(?![A-Za-z])|\\in\s*\\mathbb\s*\{?\s*[Nn]"
                    r"|[(,]\s*[a-zA-Z]\s*(?:\\geq?|>)(?![A-Za-z])", re.I)

# '5 + 7k, k \\in \\mathbb{Z}': an integer parameter makes the value a family (a residue class, a general solution),
# which the comparison reads whole
_INTEGER_PARAMETER = re.compile(r"\\in\s*\\mathbb\s*\{?\s*[Zz]")


def qualified(s: str, again, depth: int) -> Reading | None:
    """See the module doc."""
    if len(s) > _MAX_CHARS or not _HOLDS.search(s) or _INTEGER_PARAMETER.search(s):
        return None
    head = strip_qualifier(s)
    if head is None or not head.strip() or head.strip() == s.strip():
        return None
    inner = again(head.strip(), depth + 1)
    if isinstance(inner, Interval | Relation):
        return None     # '2 \\le k < 3, k > 3': a condition on k is part of a set of reals, no range of a formula
    return Remarked(s, inner)
