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
from ..runtime.limits import MEMO_MAX_CHARS, MEMO_QUESTION_CHARS
from ..flags import Flag

__all__ = ["fast_compare", "memo_compare", "clear_memo", "normalize"]


_MEMO = LRU("rule.memo_compare")   # (answer, gold, question) -> Match


def memo_compare(answer: str, gold: str, question: str | None,
                 compare: Callable[[str, str, str | None], Match]) -> Match:
    """``compare(answer, gold, question)``, memoized; timeouts (exceptions) are not cached."""
    if len(answer) + len(gold) > MEMO_MAX_CHARS or len(question or "") > MEMO_QUESTION_CHARS:
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
