"""Server-side scheduling of concurrent requests: micro-batches for judges, fair turns for rules.

:class:`FairScheduler` (the rule verifier's): items of all requests verified one at a time by
a few threads, requests taking turns, so a slow request never holds up another (see its
docstring). :class:`MicroBatcher` (judge-backed verifiers'): concurrent requests verified
together in batches:

Each request appends its items to a queue and awaits a future. When a batch slot is free
(at most ``concurrency`` batches run at once: this bounds judge concurrency), one flush,
scheduled with ``call_soon`` (so after the requests that arrived in the same event-loop
pass), takes the waiting requests, up to ``max_batch`` items, and runs them in a worker
thread; when a batch ends, the next flush takes what queued meanwhile. Under light load a
request runs alone at once; under heavy load batches grow by themselves, no timer. No task
per batch and no collector task: the loop does a few callbacks per batch.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, Callable, ContextManager, Sequence

from ..verdict import Verdict

__all__ = ["MicroBatcher", "RunBatch", "FairScheduler"]

RunBatch = Callable[[list[dict[str, Any]]], Sequence[Verdict]]
_Entry = tuple[list[dict[str, Any]], "asyncio.Future[list[Verdict]]"]


class MicroBatcher:
    """Collects items from concurrent callers and runs them in batches through ``run``."""

    def __init__(self, run: RunBatch, *, max_batch: int = 256, concurrency: int = 1,
                 on_batch: Callable[[int], None] | None = None) -> None:
        self._run = run
        self.max_batch = max(1, int(max_batch))
        self.concurrency = max(1, int(concurrency))
        self._on_batch = on_batch
        self._executor = ThreadPoolExecutor(self.concurrency, thread_name_prefix="rlverify-batch")
        self._pending: deque[_Entry] = deque()
        self._running: set[asyncio.Future[Sequence[Verdict]]] = set()
        self._flush_scheduled = False
        self._closed = False

    async def submit(self, items: Sequence[dict[str, Any]]) -> list[Verdict]:
        """Verify ``items`` (in order) as part of the next batch."""
        if not items:
            return []
        if self._closed:
            raise RuntimeError("the server is shutting down")
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[list[Verdict]] = loop.create_future()
        self._pending.append((list(items), fut))
        if not self._flush_scheduled and len(self._running) < self.concurrency:
            self._flush_scheduled = True
            loop.call_soon(self._flush, loop)
        return await fut

    def _flush(self, loop: asyncio.AbstractEventLoop) -> None:
        """Start batches from the waiting requests while a slot is free."""
        self._flush_scheduled = False
        pending = self._pending
        while pending and len(self._running) < self.concurrency:
            batch: list[_Entry] = []
            size = 0
            while pending and (not batch or size < self.max_batch):
                entry = pending.popleft()
                if entry[1].done():  # its request was cancelled while waiting
                    continue
                batch.append(entry)
                size += len(entry[0])
            if batch:
                self._start(loop, batch)

    def _start(self, loop: asyncio.AbstractEventLoop, batch: list[_Entry]) -> None:
        flat = [it for items, _ in batch for it in items]
        try:
            if self._on_batch is not None:
                self._on_batch(len(flat))
            done = asyncio.wrap_future(self._executor.submit(self._run, flat), loop=loop)
        except Exception as e:  # noqa: BLE001 - e.g. the executor is shut down: each request answers 500
            self._fail(batch, e)
            return
        self._running.add(done)
        done.add_done_callback(partial(self._finished, loop, batch, len(flat)))

    def _finished(self, loop: asyncio.AbstractEventLoop, batch: list[_Entry], n_items: int,
                  done: asyncio.Future[Sequence[Verdict]]) -> None:
        self._running.discard(done)
        try:
            if done.cancelled():
                raise RuntimeError("batch cancelled")
            verdicts = done.result()
            if len(verdicts) != n_items:
                raise RuntimeError(f"batch returned {len(verdicts)} verdicts for {n_items} items")
            start = 0
            for items, fut in batch:
                if not fut.done():
                    fut.set_result(list(verdicts[start:start + len(items)]))
                start += len(items)
        except Exception as e:  # noqa: BLE001 - handed to each waiting request, which answers 500
            self._fail(batch, e)
        if self._pending and not self._flush_scheduled and not self._closed:
            self._flush(loop)

    @staticmethod
    def _fail(batch: list[_Entry], error: BaseException) -> None:
        for _, fut in batch:
            if not fut.done():
                fut.set_exception(error)

    async def aclose(self) -> None:
        """Finish the batches in flight, fail requests still waiting, release the worker threads."""
        self._closed = True
        if self._running:
            await asyncio.gather(*self._running, return_exceptions=True)
        waiting = list(self._pending)
        self._pending.clear()
        self._fail(waiting, RuntimeError("the server is shutting down"))
        self._executor.shutdown(wait=False, cancel_futures=True)



class _Request:
    """One request's items in a :class:`FairScheduler`: claimed one at a time."""

    __slots__ = ("items", "fut", "loop", "verdicts", "next", "left", "inflight", "failed")

    def __init__(self, items: list[dict[str, Any]], fut: "asyncio.Future[list[Verdict]]",
                 loop: asyncio.AbstractEventLoop) -> None:
        self.items, self.fut, self.loop = items, fut, loop
        self.verdicts: list[Verdict | None] = [None] * len(items)
        self.next = 0              # first item not claimed yet
        self.left = len(items)     # items not finished yet
        self.inflight = 0          # items being verified now
        self.failed: BaseException | None = None


def _settle(done: list[_Request]) -> None:
    """Runs on the event loop: hand each finished request its verdicts (or its error)."""
    for req in done:
        if req.fut.done():  # cancelled: the client went away
            continue
        if req.failed is not None:
            req.fut.set_exception(req.failed)
        else:
            req.fut.set_result(list(req.verdicts))  # type: ignore[arg-type]


class FairScheduler:
    """Items of concurrent requests verified one at a time by up to ``threads`` worker threads,
    the requests taking turns (round robin), so a slow request never holds up another one.

    Every item is claimed on its own: a thread takes the first item of a new request, else the
    next item of the request with the fewest items in flight (the first in turn among equals,
    which then goes last), so requests share the threads evenly, a slow request's items cannot
    crowd out another's, and one request's items run on several threads at once.
    ``verify_one(item)`` must return within its own item deadline (the rule verifier does:
    its slow stage runs in killable helper processes). One request has at most
    ``per_request`` items in flight (default: as many as there are CAS helper processes), so
    a single slow request leaves threads free for the others; a new request's first item
    waits at most about one item deadline (when several slow requests hold every thread),
    never for the rest of another request.

    Threads are woken sparingly: one per new request, and two more whenever an item took
    ``slow`` seconds or longer while others wait (fast items then stay on few threads, with
    no contention for the interpreter lock; slow ones spread over more threads). A finished
    request goes back to the event loop at once; those finishing before the loop has taken
    it go along (one loop wake-up for many requests under load). Threads start on demand and
    end on ``aclose``.
    """

    def __init__(self, verify_one: Callable[[dict[str, Any]], Verdict], *, threads: int = 8,
                 per_request: int | None = None, slow: float = 0.02,
                 on_batch: Callable[[int], None] | None = None,
                 tenant: Callable[[Any], ContextManager[Any]] | None = None) -> None:
        self._verify_one = verify_one
        self._tenant = tenant  # ``tenant(request)``: a context the item is verified in (fair helper shares)
        self.threads = max(1, int(threads))
        self.per_request = max(1, int(per_request or max(1, self.threads // 2)))
        self.slow = float(slow)
        self._on_batch = on_batch
        self._fresh: deque[_Request] = deque()  # requests none of whose items has started
        self._queue: deque[_Request] = deque()  # requests served already, taking turns
        self._fresh_run = 0                      # fresh claims in a row while _queue waited
        self._finished: dict[asyncio.AbstractEventLoop, list[_Request]] = {}  # not yet handed back
        self._cv = threading.Condition()
        self._workers: list[threading.Thread] = []
        self._idle = 0
        self._closed = False

    async def submit(self, items: Sequence[dict[str, Any]]) -> list[Verdict]:
        """Verify ``items`` (in order); their turn comes with every other waiting request's."""
        if not items:
            return []
        if self._closed:
            raise RuntimeError("the server is shutting down")
        loop = asyncio.get_running_loop()
        req = _Request(list(items), loop.create_future(), loop)
        if self._on_batch is not None:
            self._on_batch(len(req.items))
        with self._cv:
            self._fresh.append(req)
            self._wake(1)
        return await req.fut

    def _wake(self, n: int) -> None:
        """Get ``n`` more threads working (lock held): idle ones first, then new ones."""
        woken = min(n, self._idle)
        if woken:
            self._cv.notify(woken)
        for _ in range(min(n - woken, self.threads - len(self._workers))):
            t = threading.Thread(target=self._work, name=f"rlverify-item-{len(self._workers)}", daemon=True)
            self._workers.append(t)
            t.start()

    def _claim(self) -> tuple[_Request, int] | None:
        """The next item to verify (lock held), or None when there is none: a fresh request's
        first item before the others' next ones (a new request waits for one free thread, not
        for a turn after every request already served), but after ``threads`` fresh claims in a
        row one served request gets its turn (neither side starves)."""
        if self._fresh and (not self._queue or self._fresh_run < self.threads):
            while self._fresh:
                req = self._fresh.popleft()
                if req.fut.done():
                    continue
                self._fresh_run = self._fresh_run + 1 if self._queue else 0
                return self._take(req)
        self._fresh_run = 0
        return self._turn()

    def _take(self, req: _Request) -> tuple[_Request, int]:
        i = req.next
        req.next += 1
        req.inflight += 1
        if req.next < len(req.items):
            self._queue.append(req)  # its next item waits for its next turn
        return req, i

    def _turn(self) -> tuple[_Request, int] | None:
        """The next item of the served requests (lock held): of the request with the fewest items
        in flight (below ``per_request``), the first in turn among equals; it then goes last."""
        queue = self._queue
        best: _Request | None = None
        for req in list(queue):
            if req.fut.done():  # cancelled while waiting: its other items are not verified
                queue.remove(req)
            elif req.inflight < self.per_request and (best is None or req.inflight < best.inflight):
                best = req
        if best is not None:
            queue.remove(best)
            return self._take(best)
        if self._fresh:  # only fresh requests are claimable now
            return self._claim()
        return None

    def _next(self) -> tuple[_Request, int]:
        """The next claim, waiting for one; StopIteration when closed and idle."""
        with self._cv:
            claim = self._claim()
            while claim is None:
                if self._closed:
                    raise StopIteration
                self._idle += 1
                self._cv.wait()
                self._idle -= 1
                claim = self._claim()
            return claim

    def _work(self) -> None:
        while True:
            try:
                req, i = self._next()
            except StopIteration:
                return
            verdict, error = None, None
            started = time.monotonic()
            try:
                if self._tenant is None:
                    verdict = self._verify_one(req.items[i])
                else:
                    with self._tenant(req):
                        verdict = self._verify_one(req.items[i])
            except Exception as e:  # noqa: BLE001 - that request answers 500, the thread lives on
                error = e
            with self._cv:
                self._record(req, i, verdict, error)
                if (self._queue or self._fresh) and time.monotonic() - started >= self.slow:
                    self._wake(2)  # slow items (CAS): more threads, so the queue does not wait on them
                if req.left == 0:
                    self._finish(req)

    def _finish(self, req: _Request) -> None:
        """Hand a finished request back to its event loop (lock held). Requests that finish
        before the loop has run the last hand-back go with it: one wake-up for many."""
        waiting = self._finished.setdefault(req.loop, [])
        waiting.append(req)
        if len(waiting) == 1:
            try:
                req.loop.call_soon_threadsafe(self._settle_finished, req.loop)
            except RuntimeError:  # the loop is closed: nobody waits for these any more
                self._finished.pop(req.loop, None)

    def _settle_finished(self, loop: asyncio.AbstractEventLoop) -> None:
        with self._cv:
            done = self._finished.pop(loop, [])
        _settle(done)

    def _record(self, req: _Request, i: int, verdict: Verdict | None, error: Exception | None) -> None:
        """One item finished (lock held); a failed item fails its request and drops its other items."""
        req.left -= 1
        req.inflight -= 1
        if error is None:
            req.verdicts[i] = verdict
        elif req.failed is None:
            req.failed = error
            req.left -= len(req.items) - req.next
            req.next = len(req.items)
            if req in self._queue:
                self._queue.remove(req)

    async def aclose(self) -> None:
        """Stop taking items: requests still waiting fail, threads end after their current item."""
        with self._cv:
            self._closed = True
            waiting = [r for r in (*self._fresh, *self._queue) if not r.fut.done()]
            self._fresh.clear()
            self._queue.clear()
            self._cv.notify_all()
        for req in waiting:
            req.fut.set_exception(RuntimeError("the server is shutting down"))
