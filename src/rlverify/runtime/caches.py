"""Process-wide caches: ``memo_text`` for pure one-string readers, and ``clear_caches()``.

Every cache in rlverify registers its ``clear`` function here (``register_cache``), so one call
empties them all (tests, benchmarks measuring cold paths, long-lived servers). Thread-safe.

``memo_text``: an LRU memo for pure functions of one short answer string.

The comparison layers re-read the same spans many times per item (``clean`` ran ~15 times
per comparison on the dev corpora); the readers are pure and return immutable values
(str, tuples, frozen dataclasses), so their results are shared. Only texts up to
``MAX_MEMO_CHARS`` are kept, so the memo's memory stays bounded (entries x 2 kB).
"""

from __future__ import annotations

import functools
import logging
import threading
from typing import Any, Callable, TypeVar

__all__ = ["memo_text", "MAX_MEMO_CHARS", "register_cache", "clear_caches"]

_log = logging.getLogger(__name__)
_CLEARERS: list[Callable[[], Any]] = []
_LOCK = threading.Lock()


def register_cache(clear: Callable[[], Any]) -> Callable[[], Any]:
    """Register a cache's ``clear`` function with :func:`clear_caches`; returns it unchanged."""
    with _LOCK:
        _CLEARERS.append(clear)
    return clear


def clear_caches() -> int:
    """Empty every registered cache of this process; returns how many were cleared."""
    with _LOCK:
        clearers = list(_CLEARERS)
    for clear in clearers:
        clear()
    return len(clearers)

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

    register_cache(cached.cache_clear)
    wrapper.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
    wrapper.cache_info = cached.cache_info  # type: ignore[attr-defined]
    return wrapper
