"""A bounded, thread-safe LRU cache of judge decisions with hit/miss counters.

Keys are ``(template fingerprint, model, question, gold, answer)``. Only decided results are stored,
so a timeout or an unparseable reply is retried next time instead of being remembered.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Hashable

from ..runtime.caches import register_instance
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
        self._data: OrderedDict[Hashable, object] = OrderedDict()
        self._lock = threading.Lock()
        register_instance(self, "judge.cache", maxsize)

    def get(self, key: Hashable) -> object | None:
        """The stored value, or None (counted as a miss)."""
        with self._lock:
            value = self._data.get(key)
            if value is None:
                self.misses += 1
                return None
            self._data.move_to_end(key)
            self.hits += 1
            return value

    def put(self, key: Hashable, value: object) -> None:
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.maxsize:
                self._data.popitem(last=False)

    def __len__(self) -> int:
        return len(self._data)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
            self.hits = self.misses = 0

    def stats(self) -> dict[str, int]:
        return {"hits": self.hits, "misses": self.misses, "size": len(self._data), "maxsize": self.maxsize}
