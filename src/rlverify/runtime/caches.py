"""Process-wide caches: every one named and bounded, listed by ``cache_sizes()``, emptied by ``clear_caches()``.

Every cache in rlverify has a name and a limit (entries, least recently used dropped first) that is
a setting: :data:`rlverify.runtime.settings.CACHE_LIMITS` gives the defaults, the environment
(``RLVERIFY_CACHE_SCALE``, ``RLVERIFY_CACHE_LIMITS``) changes them before import. A cache is made
with one of

* ``@lru("name")``: ``functools.lru_cache`` sized by the setting (any hashable arguments);
* ``@memo_text("name")``: an LRU memo for a pure function of one short answer string (texts up to
  ``MAX_MEMO_CHARS``, or ``max_chars``, are kept, so an entry's memory is bounded too);
* ``LRU("name")``: a thread-safe mapping (``get``, ``[]``, ``in``, ``pop``, ``len``) for dict
  memos and per-object caches;

and registers itself here, so one call empties them all (tests, benchmarks measuring cold paths,
long-lived servers) and :func:`cache_sizes` lists each with its entries and limit. Thread-safe.

The comparison layers re-read the same spans many times per item (``clean`` ran ~15 times
per comparison on the dev corpora); the readers are pure and return immutable values
(str, tuples, frozen dataclasses), so their results are shared.
"""

from __future__ import annotations

import functools
import gc
import logging
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterator, TypeVar

from .settings import cache_limit

__all__ = ["memo_text", "lru", "LRU", "MAX_MEMO_CHARS", "register_cache", "register_instance", "clear_caches",
           "cache_sizes", "process_caches", "measure_cache_bytes"]

_log = logging.getLogger(__name__)
_LOCK = threading.Lock()
MAX_MEMO_CHARS = 2000
_T = TypeVar("_T")


@dataclass
class _Entry:
    name: str
    clear: Callable[[], Any]
    entries: Callable[[], int] | None
    limit: int | None


_ENTRIES: dict[int, _Entry] = {}                 # by id of the cache object (its clear's __self__)
_INSTANCES: dict[str, weakref.WeakSet] = {}      # LRU objects by name (per-object caches live here)
_INSTANCE_LIMITS: dict[str, int] = {}


def _identity(clear: Callable[[], Any]) -> int:
    return id(getattr(clear, "__self__", None) or clear)


def register_cache(clear: Callable[[], Any], name: str | None = None, limit: int | None = None,
                   entries: Callable[[], int] | None = None) -> Callable[[], Any]:
    """Register a cache's ``clear`` function with :func:`clear_caches` and :func:`cache_sizes`;
    returns it unchanged. A ``functools.lru_cache``'s ``cache_clear`` brings its own entries and
    limit; registering the same cache again changes nothing."""
    owner = getattr(clear, "__self__", None)
    info = getattr(owner, "cache_info", None)
    if callable(info):
        if name is None:
            name = f"{owner.__module__}.{owner.__qualname__}"
        entries = entries or (lambda: info().currsize)
        limit = limit if limit is not None else info().maxsize
    with _LOCK:
        _ENTRIES.setdefault(_identity(clear), _Entry(name or repr(clear), clear, entries, limit))
    return clear


def register_instance(cache: Any, name: str, limit: int) -> Any:
    """List a per-object cache (anything with ``len()`` and ``clear()``) under ``name`` while it
    lives (held weakly): :func:`cache_sizes` sums the entries of the live ones."""
    with _LOCK:
        _INSTANCES.setdefault(name, weakref.WeakSet()).add(cache)
        _INSTANCE_LIMITS[name] = limit
    return cache


def clear_caches() -> int:
    """Empty every registered cache of this process; returns how many were cleared."""
    with _LOCK:
        clearers = [e.clear for e in _ENTRIES.values()]
        objects = [c for ws in _INSTANCES.values() for c in list(ws)]
    for clear in clearers:
        clear()
    for c in objects:
        c.clear()
    return len(clearers) + len(objects)


def cache_sizes() -> list[dict[str, Any]]:
    """Every cache of this process: ``{"name", "entries", "limit", "instances"}`` (``limit`` is
    per instance; ``entries`` sums the live instances of a per-object cache), sorted by name."""
    with _LOCK:
        fixed = list(_ENTRIES.values())
        per_object = {name: list(ws) for name, ws in _INSTANCES.items()}
    out = [{"name": e.name, "entries": e.entries() if e.entries else None, "limit": e.limit, "instances": 1}
           for e in fixed]
    out += [{"name": name, "entries": sum(len(c) for c in objs), "limit": _INSTANCE_LIMITS[name],
             "instances": len(objs)} for name, objs in per_object.items()]
    return sorted(out, key=lambda d: d["name"])


def process_caches(hold: float = 0.0) -> dict[str, Any]:
    """``{"pid": this process, "caches": cache_sizes()}`` (module level, so a bounded helper can
    run it: ``run_bounded(process_caches, 0.5)`` reports a helper's caches; ``hold`` seconds of
    sleep first keep that helper busy, so calls made at once reach different helpers)."""
    import os
    import time

    time.sleep(hold)
    return {"pid": os.getpid(), "caches": cache_sizes()}


def measure_cache_bytes() -> dict[str, int]:
    """Bytes each cache held, measured by emptying it: traced memory before minus after
    (``tracemalloc`` must be tracing since before the caches filled). Empties every cache."""
    import tracemalloc

    if not tracemalloc.is_tracing():
        raise RuntimeError("measure_cache_bytes needs tracemalloc tracing since the caches were filled")
    with _LOCK:
        groups: list[tuple[str, list[Callable[[], Any]]]] = [(e.name, [e.clear]) for e in _ENTRIES.values()]
        groups += [(name, [c.clear for c in ws]) for name, ws in _INSTANCES.items()]
    out: dict[str, int] = {}
    gc.collect()
    for name, clears in groups:
        before = tracemalloc.get_traced_memory()[0]
        for clear in clears:
            clear()
        gc.collect()
        out[name] = out.get(name, 0) + before - tracemalloc.get_traced_memory()[0]
    return out


def lru(name: str) -> Callable[[Callable[..., _T]], Callable[..., _T]]:
    """``functools.lru_cache`` holding at most ``cache_limit(name)`` entries, registered."""
    def wrap(fn: Callable[..., _T]) -> Callable[..., _T]:
        cached = functools.lru_cache(maxsize=cache_limit(name))(fn)
        register_cache(cached.cache_clear, name=name)
        return cached
    return wrap


def memo_text(fn: Callable[[str], _T] | str | None = None, *, name: str | None = None, maxsize: int = 8192,
              max_chars: int = MAX_MEMO_CHARS) -> Any:
    """``@memo_text("name")`` or ``@memo_text("name", max_chars=...)`` on ``fn(text)``: an LRU of
    ``cache_limit(name)`` entries; other argument types and longer texts are passed through
    uncached. (``@memo_text`` without a name is named after the function, ``maxsize`` entries,
    and fails the test that every cache is listed in the settings.)"""
    if isinstance(fn, str):
        name, fn = fn, None
    if fn is None:
        return lambda f: memo_text(f, name=name, maxsize=maxsize, max_chars=max_chars)
    name = name or f"{fn.__module__}.{fn.__qualname__}"
    cached = functools.lru_cache(maxsize=cache_limit(name, default=maxsize))(fn)

    @functools.wraps(fn)
    def wrapper(text: str) -> _T:
        if type(text) is str and len(text) <= max_chars:
            return cached(text)
        return fn(text)

    register_cache(cached.cache_clear, name=name)
    wrapper.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
    wrapper.cache_info = cached.cache_info  # type: ignore[attr-defined]
    return wrapper


class LRU:
    """A thread-safe mapping keeping the ``cache_limit(name)`` (or ``limit``) most recently used
    entries; each instance is listed by :func:`cache_sizes` under ``name`` while it lives."""

    def __init__(self, name: str, limit: int | None = None) -> None:
        self.name = name
        self.limit = limit if limit is not None else cache_limit(name)
        self._data: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()
        register_instance(self, name, self.limit)

    def get(self, key: Hashable, default: Any = None) -> Any:
        with self._lock:
            try:
                self._data.move_to_end(key)
            except KeyError:
                return default
            return self._data[key]

    def __getitem__(self, key: Hashable) -> Any:
        with self._lock:
            self._data.move_to_end(key)
            return self._data[key]

    def __setitem__(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.limit:
                self._data.popitem(last=False)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __len__(self) -> int:
        return len(self._data)

    def __iter__(self) -> Iterator[Hashable]:
        with self._lock:
            return iter(list(self._data))

    def pop(self, key: Hashable, *default: Any) -> Any:
        with self._lock:
            return self._data.pop(key, *default)

    def update(self, items: Any) -> None:
        for k, v in (items.items() if hasattr(items, "items") else items):
            self[k] = v

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
