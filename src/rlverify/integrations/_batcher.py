"""Server-side micro-batching: concurrent requests are verified together.

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
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, Callable, Sequence

from ..verdict import Verdict

__all__ = ["MicroBatcher", "RunBatch"]

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
