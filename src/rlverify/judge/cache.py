"""A bounded, thread-safe LRU cache of judge decisions with hit/miss counters.

Keys are ``(template fingerprint, model, question, gold, answer)``. Only decided results are stored,
so a timeout or an unparseable reply is retried next time instead of being remembered.
"""

from __future__ import annotations

import threading
from typing import Hashable

from ..runtime.caches import LRU
from ..runtime.settings import cache_limit

__all__ = ["JudgeCache", "DEFAULT_CACHE_SIZE"]

DEFAULT_CACHE_SIZE = cache_limit("judge.cache")


class JudgeCache:
    def __init__(self, maxsize: int = DEFAULT_CACHE_SIZE) -> None:
        if maxsize < 1:
            raise ValueError("JudgeCache maxsize must be at least 1")
        self.maxsize = maxsize
        self.hits = 0
        self.misses = 0
        self._data = LRU("judge.cache", maxsize)   # listed by runtime.caches.cache_sizes()
        self._lock = threading.Lock()              # of the counters

    def get(self, key: Hashable) -> object | None:
        """The stored value, or None (counted as a miss)."""
        value = self._data.get(key)
        with self._lock:
            if value is None:
                self.misses += 1
            else:
                self.hits += 1
        return value

    def put(self, key: Hashable, value: object) -> None:
        self._data[key] = value

    def __len__(self) -> int:
        return len(self._data)

    def clear(self) -> None:
        self._data.clear()
        with self._lock:
            self.hits = self.misses = 0

    def stats(self) -> dict[str, int]:
        return {"hits": self.hits, "misses": self.misses, "size": len(self._data), "maxsize": self.maxsize}
