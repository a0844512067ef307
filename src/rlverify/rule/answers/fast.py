"""The cheap comparison: decisions without any CAS work (:func:`rlverify.rule.compare.cheap`).

Interface::

    fast_compare(answer, gold, question=None) -> Match | None    None: no cheap decision

The fast path is deliberately conservative so it never disagrees with the typed
comparison of :mod:`rlverify.rule.compare`:

* *accept* when the two spans are identical after removing whitespace, ``$`` and a
  trailing period, or when both are plain decimal numerals (``-12``, ``0.50``) of equal
  value;
* *reject* only when both are plain integers (``^[+-]?\\d+$``, at most 40 digits) of
  different value.

Everything else (fractions, percents, units, text, expressions) goes to the full comparison.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from .latex import digits_apart
from .match import Match

__all__ = ["fast_compare", "normalize"]

_INT = re.compile(r"[+-]?\d{1,40}")
_DEC = re.compile(r"[+-]?(?:\d{1,40}(?:\.\d{1,40})?|\.\d{1,40})")


def normalize(text: str) -> str:
    """Whitespace removed (not between two numbers side by side), surrounding ``$`` and a trailing period stripped."""
    text = digits_apart(text)
    t = "".join(text.split()).strip("$")    # (str.split's blanks are the regex's \s: no regex pass needed)
    if t.endswith(".") and not t.endswith(".."):
        t = t[:-1].strip("$")
    return t


def _decimal(text: str) -> Decimal | None:
    if not _DEC.fullmatch(text):
        return None
    try:
        return Decimal(text)
    except InvalidOperation:  # pragma: no cover - the regex admits only valid numerals
        return None


def fast_compare(answer: str, gold: str, question: str | None = None) -> Match | None:
    """A Match when the answer is trivially right or plainly a different integer, else None."""
    a, g = normalize(answer), normalize(gold)
    if not a or not g:
        return None
    if a == g:
        return Match(True)
    if _INT.fullmatch(a) and _INT.fullmatch(g):     # two integers: int() reads them as Decimal() did
        return Match(int(a) == int(g))
    da, dg = _decimal(a), _decimal(g)
    if da is None or dg is None:
        return None
    if da == dg:
        return Match(True)
    if _INT.fullmatch(a) and _INT.fullmatch(g):
        return Match(False)
    return None
