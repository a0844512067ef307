"""A memo of full comparisons, and the cheap stage run before any CAS work.

Interface::

    fast_compare(answer, gold, question=None) -> Match | None    the pipeline's first stage
        (:func:`rlverify.rule.answers.fast.fast_compare`), run in-process before the bounded helper
    memo_compare(answer, gold, question, compare) -> Match        bounded LRU around ``compare``
    clear_memo()
"""

from __future__ import annotations

from typing import Callable

from .answers import Match
from .answers.fast import fast_compare, normalize
from ..runtime.caches import LRU
from ..runtime.limits import MEMO_MAX_CHARS
from ..flags import Flag

__all__ = ["fast_compare", "memo_compare", "clear_memo", "normalize"]


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


_MEMO = LRU("rule.memo_compare")   # (answer, gold, question) -> Match


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
            _MEMO[key] = m
    return m


def clear_memo() -> None:
    _MEMO.clear()
