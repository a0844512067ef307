"""The exact-value reader (issue 29): an approximation followed by the exact value it rounds
(``N \\approx 9.88\\times10^{7}\\ (\\text{exactly } 98{,}765{,}432)``, ``\\approx 1.75\\times10^{4} (\\text{exact: } 17500)``):
the exact value is what the text states, under the approximation's name where it has one.

Interface::

    exactly(text, again, depth) -> Reading | None     a reader (see :data:`rlverify.rule.read.READERS`)

Read only where the approximation is a written decimal (plain or scientific, :func:`rlverify.rule.answers.precision.written`)
that the exact value rounds or cuts to at its last digit (:func:`rlverify.rule.answers.views.approximation_contradicts`,
the exact value read by the bounded :func:`rlverify.rule.answers.surface.numeric_value`): two values that disagree
(``N \\approx 1.75\\times10^{4} (\\text{exactly } 17600)``) state no one value, and the text is left to the other readers.
``NAME \\approx A (\\text{exactly } X)`` is a :class:`~.types.Labelled` of ``X``'s reading; ``\\approx A (...)`` and
``A (...)`` are a :class:`~.types.Remarked` of it (the whole text kept).

May import: :mod:`.types`, the text helpers of :mod:`rlverify.rule.answers` (latex, precision, views, surface). Never
the comparison.
"""

from __future__ import annotations

import re

from ..answers.latex import clean, plain_key, split_top
from ..answers.precision import written
from ..answers.surface import numeric_value
from ..answers.views import approximation_contradicts, is_name
from .types import Labelled, Reading, Remarked

__all__ = ["exactly"]

_MAX_CHARS = 200
# '(\\text{exactly } X)', '\\text{ (exactly } X)', '(\\text{exact value: } X)' at the end of the text
_EXACT_TAIL = re.compile(r"(?:\(\s*\\text\s*\{\s*|\\text\s*\{\s*\(\s*)(?:exactly|exact(?:\s+value)?\s*:?)\s*\}\s*"
                         r"(?P<x>[^()]{1,80}?)\s*\)\s*\.?\s*$", re.I)


def exactly(s: str, again, depth: int) -> Reading | None:
    """See the module doc."""
    if len(s) > _MAX_CHARS or "exact" not in s:
        return None
    m = _EXACT_TAIL.search(s)
    if m is None or m.start() == 0:
        return None
    exact, head = clean(m.group("x")), s[:m.start()].strip().rstrip(",;").strip()
    parts = split_top(head, ("\\approx",))
    if len(parts) > 2 or not _rounds(exact, parts[-1].strip()):
        return None
    inner = again(exact, depth + 1)
    left = parts[0].strip() if len(parts) == 2 else ""
    if not left:
        return Remarked(s, inner)
    return Labelled(s, plain_key(left).lower(), inner) if is_name(left) else None


def _rounds(exact: str, approx: str) -> bool:
    """``approx`` is a written decimal that ``exact`` (a number or a constant, read bounded) rounds or cuts to."""
    w = written(clean(approx))
    if w is None or w.percent or numeric_value(exact) is None:
        return False
    return approximation_contradicts(f"{exact} \\approx {approx}") is None
