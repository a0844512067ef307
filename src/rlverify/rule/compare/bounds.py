"""The asked-bound cell of the typed comparison (issue 29): one bound on a variable against a value, where the question
asks for that bound.

Interface::

    asked_bound(a, g, q, again) -> Verdict | None

A reference ``n > \\sqrt{2}`` (an :class:`~rlverify.rule.read.types.Interval` of one inequality) and an answer
``\\sqrt{2}`` or ``1.414``, where the question asks for the extreme the inequality bounds: a minimum, the least or the
smallest or lowest value for a lower bound (``n > c``, ``n \\ge c``, ``c < n``), a maximum, the greatest or the largest
or highest for an upper one, and not the other extreme too. Then the bound is the asked value (the minimum index of
refraction of a rod that reflects every ray is :math:`\\sqrt{2}`: the index must exceed it), and the bound's value is
compared with the value through the comparison itself (units, precision, approximations); a bound restated as a
decimal (``n > \\sqrt{2} = 1.414``) is compared as ``\\sqrt{2} \\approx 1.414`` (the decimal meets a value written at
its precision). Anything else is None:
where no such extreme is asked, a bound is no value (:mod:`.relations` says ``different``).

May import: :mod:`rlverify.rule.read` (types, :func:`~rlverify.rule.read.relations.split_relations`), the bounded
value reader :func:`rlverify.rule.answers.surface.numeric_value`, :mod:`.constants` (free letters).
"""

from __future__ import annotations

import re
from typing import Any, Callable

from ..answers.match import Match
from ..answers.question import Question
from ..read import read
from ..read.relations import split_relations
from ..read.types import Approx, Expr, Interval, Number, Quantity, Reading

__all__ = ["asked_bound"]

_LOWER = re.compile(r"\b(?<!at )(?:minimum|minimal|smallest|least|lowest)\b", re.I)
_UPPER = re.compile(r"\b(?<!at )(?:maximum|maximal|largest|greatest|highest)\b", re.I)
_LOWER_OPS, _UPPER_OPS = (">", "\\ge"), ("<", "\\le")
_MAX_QUESTION = 4000


def asked_bound(a: Reading, g: Reading, q: Question, again: Callable[[Reading, Reading], Any]):
    """See the module doc: a :class:`~.relations.Verdict`, or None."""
    from .verdict import Verdict

    if not isinstance(g, Interval) or isinstance(a, Interval) or not q.text or len(q.text) > _MAX_QUESTION:
        return None     # an answer that states a range ('x > 5' for "the smallest x") names no extreme: not read here
    bounded, value = g, a
    if not _value(value):
        return None
    bound = _asked(bounded.text, q.text)
    if bound is None:
        return None
    b = read(bound if bounded.restated is None else f"{bound} \\approx {bounded.restated}")    # its decimal too
    d = again(a, b)
    flags = d.match.flags + ("bound",)
    return Verdict(Match(d.match.equal, flags, d.match.undecided), "typed:asked_bound",
                   final=d.final and not d.match.equal)


def _value(r: Reading) -> bool:
    """A number, a quantity, an approximation of one, or a term without a variable (``\\sqrt{2}``)."""
    from .constants import free_letters

    leaf = r.inner if isinstance(r, Approx) else r
    return isinstance(leaf, Number | Quantity) or isinstance(leaf, Expr) and not free_letters(leaf.text)


def _asked(text: str, question: str) -> str | None:
    """The bound of one inequality on a variable (``n > c``, ``c \\ge x``) where the question asks for the extreme it
    bounds and not the other one; None otherwise."""
    from ..answers.surface import numeric_value

    got = split_relations(text)
    if got is None or len(got[1]) != 1 or got[1][0] not in _LOWER_OPS + _UPPER_OPS:
        return None
    (left, right), op = got[0], got[1][0]
    left_value, right_value = numeric_value(left) is not None, numeric_value(right) is not None
    if left_value == right_value:
        return None
    lower = (op in _LOWER_OPS) == right_value     # 'n > c' or 'c < n': c is a lower bound
    asked, other = (_LOWER, _UPPER) if lower else (_UPPER, _LOWER)
    if not asked.search(question) or other.search(question):
        return None
    return right if right_value else left
