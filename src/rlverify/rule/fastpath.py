"""Cheap decisions before any CAS work, and a memo of full comparisons.

Interface::

    fast_compare(answer, gold, question=None) -> Match | None    None: no cheap decision
    memo_compare(answer, gold, question, compare) -> Match        bounded LRU around ``compare``
    clear_memo()

The fast path is deliberately conservative so it never disagrees with the typed
comparison in :mod:`rlverify.rule.answers`:

* *accept* when the two spans are identical after removing whitespace, ``$`` and a
  trailing period, or when both are plain decimal numerals (``-12``, ``0.50``) of equal
  value;
* *reject* only when both are plain integers (``^[+-]?\\d+$``, at most 40 digits) of
  different value.

Everything else (fractions, percents, units, text, expressions) goes to the full comparison.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from decimal import Decimal, InvalidOperation
from typing import Callable

from .answers import Match
from ..runtime.caches import register_cache
from ..runtime.limits import MEMO_MAX_CHARS, MEMO_SIZE
from ..flags import Flag

__all__ = ["fast_compare", "memo_compare", "clear_memo", "normalize"]

_INT = re.compile(r"[+-]?\d{1,40}")
_DEC = re.compile(r"[+-]?(?:\d{1,40}(?:\.\d{1,40})?|\.\d{1,40})")
_WS = re.compile(r"\s+")


def normalize(text: str) -> str:
    """Whitespace removed, surrounding ``$`` and a trailing period stripped."""
    t = _WS.sub("", text).strip("$")
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
    da, dg = _decimal(a), _decimal(g)
    if da is None or dg is None:
        return None
    if da == dg:
        return Match(True)
    if _INT.fullmatch(a) and _INT.fullmatch(g):
        return Match(False)
    return None


class _LRU:
    def __init__(self, size: int) -> None:
        self.size = size
        self._data: OrderedDict[tuple, Match] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple) -> Match | None:
        with self._lock:
            m = self._data.get(key)
            if m is not None:
                self._data.move_to_end(key)
            return m

    def put(self, key: tuple, value: Match) -> None:
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.size:
                self._data.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()


_MEMO = _LRU(MEMO_SIZE)
register_cache(_MEMO.clear)


def memo_compare(answer: str, gold: str, question: str | None,
                 compare: Callable[[str, str, str | None], Match]) -> Match:
    """``compare(answer, gold, question)``, memoized; timeouts (exceptions) are not cached."""
    if len(answer) + len(gold) > MEMO_MAX_CHARS:
        return compare(answer, gold, question)
    key = (answer, gold, question)
    m = _MEMO.get(key)
    if m is None:
        m = compare(answer, gold, question)
        if Flag.TIMEOUT not in m.flags:
            _MEMO.put(key, m)
    return m


def clear_memo() -> None:
    _MEMO.clear()
