"""The qualifier reader (issue 29): a value and a trailing qualifier that says where it holds without restricting it
(``a_n = 3n \\quad (n \\ge 1)``, ``f(n) = \\frac{1}{2n+2}\\ \\text{for all } n \\ge 1``, ``a_n = 2n,\\ n \\in \\mathbb{N}``,
``x_n = n^2 \\text{ for every positive integer } n``): a :class:`~.types.Remarked` holding the value's reading.

Interface::

    qualified(text, again, depth) -> Remarked | None     a reader (see :data:`rlverify.rule.read.READERS`)

Which tails qualify without restricting is the views' reading (:func:`rlverify.rule.answers.views.strip_qualifier`: a
membership in the integers or the naturals, a lower bound on the index in parentheses or after a comma, ``for all
...``, ``for every ...``, ``\\forall``); never a case (``for n = 1``), nor words that bound, doubt or offer another
value (``for n at least 3``, ``or``). A lower bound counts only where its variable is in the value. The whole text is
kept (:attr:`~.types.Reading.text`), so a comparison that reads it whole still can.

May import: :mod:`.types`, the text helpers of :mod:`rlverify.rule.answers` (views). Never the comparison.
"""

from __future__ import annotations

from ..answers.views import strip_qualifier
from .types import Reading, Remarked

__all__ = ["qualified"]

_MAX_CHARS = 300


def qualified(s: str, again, depth: int) -> Reading | None:
    """See the module doc."""
    if len(s) > _MAX_CHARS or not any(c in s for c in ("\\", "(", ",", "for")):
        return None
    head = strip_qualifier(s)
    if head is None or not head.strip() or head.strip() == s.strip():
        return None
    return Remarked(s, again(head.strip(), depth + 1))
