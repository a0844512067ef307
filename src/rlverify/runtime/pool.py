"""Parallel verification with a hard per-item deadline enforced from the parent.

Interface::

    verify_batch(items, workers=None, timeout=1.0, verifier="rule", **options) -> list[Verdict]
    VerifierPool(workers=2)            reusable workers; .verify_batch(...) / .close() / with-block
    shutdown()                         close the shared pools (also at interpreter exit)

``items`` are dicts with ``response``, ``gold`` and optional ``question``. Each of the N
workers is a :class:`rlverify.runtime.bounded.Helper` process (forked from the sympy-preloaded
zygote) that verifies a chunk of items and streams one Verdict per item back. The parent
waits on all workers at once with the earliest per-item deadline; a worker that overruns
is SIGKILLed and replaced, its item gets ``Verdict(correct=False, flags=("timeout",))``
and the rest of its chunk is handed out again. Order is preserved and no row is lost.

Workers send verdicts in small groups: a group is flushed once ``_FLUSH`` seconds of work
have gone by, so fast items cost the parent one message per chunk instead of one per item.
The parent's clock for an item therefore starts at most ``_FLUSH`` early, which the
``_SLACK`` it adds covers. When a worker has to be killed its last group may be unsent, so
the parent cannot tell which item overran: the unfinished items go out again one verdict
per message (``strict``), and there the item that overruns again is the one timed out.

Items are grouped by gold text before chunking, so each reference is parsed once per
worker (the parsers' caches are keyed by gold text and live as long as the worker).
Inside a worker, :func:`rlverify.runtime.bounded.run_bounded` runs inline: the parent's deadline
is the bound. Works from any thread (one batch at a time per pool; concurrent callers
queue) and inside Ray tasks (no signals, no multiprocessing daemons).
"""

from __future__ import annotations

import atexit
import os
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from typing import Any, Iterator, Mapping, Sequence

from .bounded import STARTUP_TIMEOUT, Helper, HelperGone
from .caches import LRU
from ..errors import BoundExceeded
from .limits import DEFAULT_ITEM_TIMEOUT
from ..verdict import Verdict

__all__ = ["VerifierPool", "verify_batch", "shutdown", "MAX_CHUNK"]

MAX_CHUNK = 32           # items sent to a worker at once
_SLACK = 0.05            # seconds added to the per-item deadline for the round trip
_FLUSH = 0.02            # seconds of work a worker's verdict group may cover (< _SLACK)
_WORKER_MEMORY = 2 * 1024**3

_VERIFIERS = LRU("pool.worker_verifiers")   # (name, options) -> verifier


def _worker_verifier(name: str, options: dict[str, Any]) -> Any:
    from ..registry import get_verifier

    try:
        key: tuple | None = (name, tuple(sorted(options.items())))
        hash(key)
    except TypeError:
        key = None
    v = _VERIFIERS.get(key) if key is not None else None
    if v is None:
        v = get_verifier(name, **options)
        if key is not None:
            _VERIFIERS[key] = v
    return v


def _verify_items(name: str, options: dict[str, Any], rows: list[tuple],
                  context: tuple[list[str], str | None], flush: float = _FLUSH) -> Iterator[list[Verdict] | None]:
    """Runs inside a worker: ``None`` once the verifier is built, then the rows' Verdicts in
    order, in groups flushed after ``flush`` seconds of work (``flush=0``: one per group).

    ``context`` is the parent's ``sys.path`` and the module that registered ``name``, so
    verifiers registered outside rlverify exist in the worker too.
    """
    import importlib
    import sys

    path, module = context
    sys.path.extend(p for p in path if p not in sys.path)
    if module and module not in sys.modules:
        importlib.import_module(module)
    v = _worker_verifier(name, options)
    yield None
    group: list[Verdict] = []
    last = time.monotonic()
    for response, gold, question in rows:
        try:
            group.append(v.verify(response, gold, question))
        except BaseException:
            if group:  # the finished ones first: the error is then the parent's current item
                yield group
            raise
        now = time.monotonic()
        if now - last >= flush:
            yield group
            group, last = [], now
    if group:
        yield group


def _registering_module(name: str) -> str | None:
    from .. import registry

    factory = getattr(registry, "_FACTORIES", {}).get(name)
    module = getattr(factory, "__module__", None)
    return module if module and module != "__main__" else None


def _timeout_verdict(seconds: float, score: float, *flags: str) -> Verdict:
    return Verdict(correct=False, score=score, source="rule", extracted=None,
                   flags=("timeout",) + flags, seconds=seconds)


@dataclass
class _Job:
    indices: list[int]
    strict: bool = False        # one verdict per message: the current item is known exactly
    pos: int = 0                # next item of ``indices`` the worker is verifying
    started: float = field(default_factory=time.monotonic)
    deadline: float = 0.0


class _Batch:
    """One verify_batch call driven over the pool's workers from a single thread."""

    def __init__(self, pool: "VerifierPool", rows: list[tuple], timeout: float, name: str,
                 options: dict[str, Any]) -> None:
        self.pool, self.rows, self.timeout = pool, rows, float(timeout)
        self.name, self.options = name, options
        self.context = (list(sys.path), _registering_module(name))
        self.score = float(options.get("score_incorrect", 0.0))
        self.results: list[Verdict | None] = [None] * len(rows)
        self.left = len(rows)
        self.jobs: dict[Helper, _Job] = {}
        self.queue: deque[tuple[list[int], bool]] = deque((c, False) for c in self._chunks())

    def _chunks(self) -> Iterator[list[int]]:
        """Guided chunks: at most ``MAX_CHUNK``, shrinking to single items as the batch runs out
        (a quarter of the remainder per worker), so no worker is left finishing a long chunk
        while the others idle at the end of the batch."""
        order = sorted(range(len(self.rows)), key=lambda i: str(self.rows[i][1]))
        k, n = 0, len(order)
        while k < n:
            size = max(1, min(MAX_CHUNK, (n - k) // (4 * self.pool.size)))
            yield order[k:k + size]
            k += size

    def _dispatch(self) -> None:
        for w in list(self.pool.workers):
            if w.ready and w not in self.jobs and self.queue:
                idx, strict = self.queue.popleft()
                job = _Job(idx, strict)
                job.deadline = job.started + STARTUP_TIMEOUT  # until the worker has its verifier
                self.jobs[w] = job
                rows = [self.rows[i] for i in idx]
                flush = 0.0 if strict else _FLUSH
                try:
                    w.send("stream", _verify_items, (self.name, self.options, rows, self.context, flush))
                except HelperGone:  # died while idle: its job goes out again, a new worker starts
                    self._fail(w, time.monotonic(), "worker_died")

    def _finish(self, i: int, v: Verdict) -> None:
        if self.results[i] is None:
            self.left -= 1
        self.results[i] = v

    def _fail(self, w: Helper, now: float, *flags: str) -> None:
        """Worker ``w`` overran or died: time out its current item, hand out the rest, replace it.

        A grouped job's current item is not known (its last group may be unsent): all its
        unfinished items go out again as a strict job, which finds the one that overruns."""
        job = self.jobs.pop(w, None)
        w.kill()
        if job is not None and job.pos < len(job.indices):
            if not job.strict:
                self.queue.appendleft((job.indices[job.pos:], True))
            else:
                self._finish(job.indices[job.pos], _timeout_verdict(now - job.started, self.score, *flags))
                if job.pos + 1 < len(job.indices):
                    self.queue.appendleft((job.indices[job.pos + 1:], True))
        self.pool.replace(w)

    def _on_message(self, w: Helper, kind: str, value: Any, now: float) -> None:
        if kind == "ready":
            w.ready = True
            return
        job = self.jobs[w]
        if kind == "item" and value is None:  # verifier built: the per-item clock starts now
            job.started, job.deadline = now, now + self.timeout + _SLACK
        elif kind == "item":
            for v in value:
                self._finish(job.indices[job.pos], v)
                job.pos += 1
            job.started, job.deadline = now, now + self.timeout + _SLACK
        elif kind == "done":
            del self.jobs[w]
        else:  # "err": the verifier raised; that item is an error verdict, the rest go out again
            flags = ("error", f"error:{type(value).__name__}")
            self._finish(job.indices[job.pos], Verdict(False, self.score, "rule", None, flags, now - job.started))
            del self.jobs[w]
            if job.pos + 1 < len(job.indices):
                self.queue.appendleft((job.indices[job.pos + 1:], job.strict))

    def _drain(self, w: Helper) -> None:
        try:
            while w.alive and w.conn.poll(0):
                kind, value = w.conn.recv()
                self._on_message(w, kind, value, time.monotonic())
        except (EOFError, OSError):
            self._fail(w, time.monotonic(), "worker_died")

    def _expire(self, now: float) -> None:
        for w, job in list(self.jobs.items()):
            if now > job.deadline:
                self._fail(w, now)
        for w in list(self.pool.workers):
            if not w.ready and now > w.born + STARTUP_TIMEOUT:
                self._fail(w, now, "worker_start")
                raise BoundExceeded("pool worker did not start")

    def _waiting(self) -> tuple[dict[Any, Helper], float]:
        """Connections to watch (busy or starting workers) and the earliest deadline among them."""
        starting = [w for w in self.pool.workers if not w.ready]
        ends = [j.deadline for j in self.jobs.values()] + [w.born + STARTUP_TIMEOUT for w in starting]
        conns = {w.conn: w for w in list(self.jobs) + starting}
        return conns, min(ends, default=time.monotonic() + 1.0)

    def run(self) -> list[Verdict]:
        while self.left:
            self._dispatch()
            conns, end = self._waiting()
            for c in wait(list(conns), timeout=max(0.0, end - time.monotonic())):
                self._drain(conns[c])
            self._expire(time.monotonic())
        self._settle()
        return [v for v in self.results if v is not None]

    def _settle(self) -> None:
        """Every item is in: collect the workers' end-of-chunk messages (or kill them)."""
        while self.jobs:
            now = time.monotonic()
            conns = {w.conn: w for w in self.jobs}
            end = min(j.deadline for j in self.jobs.values())
            for c in wait(list(conns), timeout=max(0.0, end - now)):
                self._drain(conns[c])
            self._expire(time.monotonic())


class VerifierPool:
    """N reusable worker processes; ``verify_batch`` with a hard per-item deadline."""

    def __init__(self, workers: int | None = None, memory: int | None = _WORKER_MEMORY) -> None:
        self.size = max(1, int(workers or os.cpu_count() or 1))
        self.memory = memory
        self.workers: list[Helper] = []
        self._lock = threading.Lock()
        self._pid = os.getpid()
        self.closed = False

    def _start_one(self) -> Helper:
        return Helper(self.memory)

    def replace(self, w: Helper) -> None:
        self.workers[self.workers.index(w)] = self._start_one()

    def _ensure(self) -> None:
        if self.closed:
            raise RuntimeError("VerifierPool is closed")
        if self._pid != os.getpid():  # a forked child must not share its parent's workers
            self.workers, self._pid = [], os.getpid()
        self.workers = [w for w in self.workers if w.alive]
        while len(self.workers) < self.size:
            self.workers.append(self._start_one())

    def verify_batch(self, items: Sequence[Mapping[str, Any]], timeout: float = DEFAULT_ITEM_TIMEOUT,
                     verifier: str = "rule", **options: Any) -> list[Verdict]:
        """One Verdict per item, in order; an item over ``timeout`` s gets a ``timeout`` verdict."""
        from ..registry import get_verifier

        get_verifier(verifier, **options)  # a bad name or missing extra fails here, once
        rows = [(it.get("response", ""), it.get("gold", ""), it.get("question")) for it in items]
        if not rows:
            return []
        with self._lock:
            self._ensure()
            return _Batch(self, rows, timeout, verifier, dict(options)).run()

    def close(self) -> None:
        with self._lock:
            self.closed = True
            for w in self.workers:
                w.close()
            self.workers = []

    def __enter__(self) -> "VerifierPool":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


_SHARED: dict[tuple[int, int], VerifierPool] = {}
_SHARED_LOCK = threading.Lock()


def verify_batch(items: Sequence[Mapping[str, Any]], workers: int | None = None,
                 timeout: float = DEFAULT_ITEM_TIMEOUT, verifier: str = "rule",
                 **options: Any) -> list[Verdict]:
    """Verify ``items`` on a shared, lazily created pool of ``workers`` processes."""
    n = max(1, int(workers or os.cpu_count() or 1))
    with _SHARED_LOCK:
        pool = _SHARED.get((os.getpid(), n))
        if pool is None:
            pool = _SHARED[(os.getpid(), n)] = VerifierPool(n)
    return pool.verify_batch(items, timeout=timeout, verifier=verifier, **options)


def shutdown() -> None:
    """Close the shared pools of this process."""
    with _SHARED_LOCK:
        mine = [k for k in _SHARED if k[0] == os.getpid()]
        pools = [_SHARED.pop(k) for k in mine]
    for p in pools:
        p.close()


atexit.register(shutdown)
