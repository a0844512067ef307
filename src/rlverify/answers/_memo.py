"""``memo_text``: an LRU memo for pure functions of one short answer string.

The comparison layers re-read the same spans many times per item (``clean`` ran ~15 times
per comparison on the dev corpora); the readers are pure and return immutable values
(str, tuples, frozen dataclasses), so their results are shared. Only texts up to
``MAX_MEMO_CHARS`` are kept, so the memo's memory stays bounded (entries x 2 kB).
"""

from __future__ import annotations

import functools
from typing import Any, Callable, TypeVar

__all__ = ["memo_text", "MAX_MEMO_CHARS"]

MAX_MEMO_CHARS = 2000
_T = TypeVar("_T")


def memo_text(fn: Callable[[str], _T] | None = None, *, maxsize: int = 8192,
              max_chars: int = MAX_MEMO_CHARS) -> Any:
    """``@memo_text`` or ``@memo_text(maxsize=..., max_chars=...)`` on ``fn(text)``; other
    argument types and longer texts are passed through uncached."""
    if fn is None:
        return lambda f: memo_text(f, maxsize=maxsize, max_chars=max_chars)
    cached = functools.lru_cache(maxsize=maxsize)(fn)

    @functools.wraps(fn)
    def wrapper(text: str) -> _T:
        if type(text) is str and len(text) <= max_chars:
            return cached(text)
        return fn(text)

    wrapper.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
    wrapper.cache_info = cached.cache_info  # type: ignore[attr-defined]
    return wrapper
