"""The remark reader (issue 29): a value and a parenthetical after it that restates or computes it
(``42\\text{ (i.e., } 6 \\times 7)``, ``64\\ (= 8 \\cdot 8)``, ``12 \\text{ (because there are 3 rows of 4)}``,
``2\\sqrt{3}\\ (\\approx 3.464)``), or the same value written twice (``\\frac{1}{2} \\text{ (or } 0.5)``): a
:class:`~.types.Remarked` holding the value's reading.

Interface::

    remark(text, again, depth) -> Remarked | None     a reader (see :data:`rlverify.rule.read.READERS`)

Whether a remark restates its value is the views' reading (:func:`rlverify.rule.answers.views.remark_restated`,
:func:`~rlverify.rule.answers.views.or_restated`: every value the remark names is the value itself, its decimal a
rounding of it; no remark that bounds, doubts or offers another value, ``(or 13)``, ``(at least)``); bounded there
(short texts, a bounded evaluation); a parenthetical of words that says the value again or describes it
(``24\\ (\\text{twenty-four})``, ``414\\ (\\text{minimal})``: :func:`rlverify.rule.answers.words.strip_trailing_words`)
is a remark too, and so are steps that restate one quantity before its value (``T = a + b, T = 5 + 4 = 9``). A decimal and an approximation word alone in parentheses (``3.46 \\text{ (approx.)}``, ``(rounded)``) is an
:class:`~.types.Approx` of the decimal; after an integer (``48\\ (\\text{approximately})``) the word doubts a count
(None: the text stays whole). Anything else is None: the text is read by the other readers (a Value where
none applies).

May import: :mod:`.types`, the text helpers of :mod:`rlverify.rule.answers` (views, words, latex, the bounded
surface.numeric_value). Never the comparison.
"""

from __future__ import annotations

import re

from ..answers.latex import clean, plain_key, split_top, unwrap_text
from ..answers.views import last_member, or_restated, remark_restated
from ..answers.surface import numeric_value
from ..answers.words import strip_trailing_words
from .types import Approx, Number, Reading, Remarked

__all__ = ["remark"]

_MAX_CHARS = 240


def remark(s: str, again, depth: int) -> Reading | None:
    """See the module doc."""
    if "(" not in s and " or" not in s and "," not in s or len(s) > _MAX_CHARS:
        return None
    m = _APPROX_REMARK.match(unwrap_text(s).strip())
    if m is not None and m.group(1).strip():      # '3.46 \\text{ (approx.)}': the value, stated as an approximation
        inner = again(clean(m.group(1)), depth + 1)
        return Approx(s, inner) if isinstance(inner, Number) and inner.last is not None and inner.last < 0 else None
    head = remark_restated(s) or or_restated(s) or _steps(s)
    if head is None:
        head = _said_again(s)
        inner = again(head, depth + 1) if head is not None else None
        if not isinstance(inner, Number):     # '12 m/s (toward the center)': a direction is part of a vector
            return None
    if head is None or head.strip() == s.strip():
        return None
    return Remarked(s, again(head, depth + 1))


# a value, then an approximation word alone in parentheses
_APPROX_REMARK = re.compile(r"^([^()]{1,80}?)(?:\s|\\[,;: ]|\\q?quad|~)*\(\s*(?:approx\.?|approximately|about|roughly|rounded"
                            r"|(?:rounded\s+)?to\s+the\s+nearest\s+[a-z]+(?:-[a-z]+)?|(?:rounded\s+)?to\s+\d+\s+(?:decimal\s+places?|significant\s+(?:figures|digits)))\s*\)"
                            r"\s*\.?$", re.I)


def _steps(s: str) -> str | None:
    """``T = a + b, T = 5 + 4 = 9``: steps separated by commas that all restate one quantity, every value they
    end on the same (one value among them, read by the bounded reader; :func:`rlverify.rule.answers.views.last_member`):
    the value they end on. ``T = 5, T = 9`` offers
    two values (None)."""
    steps = split_top(s) if "," in s and "=" in s else []
    if len(steps) < 2 or len({plain_key(split_top(step, ("=",))[0]) for step in steps}) != 1 \
            or not all(len(split_top(step, ("=",))) > 1 for step in steps):
        return None       # '\\min = -6, \\text{Maximum: } 26': two quantities, no steps
    values = {_value(split_top(step, ("=",))[-1]) for step in steps} - {None}
    return last_member(s) if len(values) == 1 else None    # 'x = a = 2, x = a = -6-4\\sqrt{2}': two values


def _value(text: str) -> float | None:
    """The value a step ends on where it is a number or a constant (bounded), rounded to compare; None otherwise."""
    v = numeric_value(clean(text))
    return None if v is None else round(v, 9)


def _said_again(s: str) -> str | None:
    """``24\\ (\\text{twenty-four})``, ``414\\ (\\text{minimal})``: a number and a parenthetical of words that say it again
    or describe it (never after a quantity: ``12\\,\\mathrm{m/s}\\ (\\text{toward the center})`` names a direction) (:func:`rlverify.rule.answers.words.strip_trailing_words`: never words that bound, doubt, scale or
    name another value); only a remark in parentheses at the end."""
    if not unwrap_text(s).rstrip(" .").endswith(")"):
        return None
    head = strip_trailing_words(s)
    return clean(head) if head else None
