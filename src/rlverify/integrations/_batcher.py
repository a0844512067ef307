"""Server-side micro-batching: concurrent requests are verified together.

Each request submits its items and awaits a future. One collector task takes the first
waiting request, waits for a free batch slot (at most ``concurrency`` batches run at
once: this bounds judge concurrency), then drains whatever else queued meanwhile, up
to ``max_batch`` items, and runs the batch in a worker thread. Under light load a
request runs alone at once; under heavy load batches grow by themselves, no timer.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
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
        self._queue: asyncio.Queue[_Entry] | None = None
        self._slots: asyncio.Semaphore | None = None
        self._collector: asyncio.Task[None] | None = None
        self._running: set[asyncio.Task[None]] = set()

    async def submit(self, items: Sequence[dict[str, Any]]) -> list[Verdict]:
        """Verify ``items`` (in order) as part of the next batch."""
        if not items:
            return []
        self._ensure_started()
        assert self._queue is not None
        fut: asyncio.Future[list[Verdict]] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((list(items), fut))
        return await fut

    def _ensure_started(self) -> None:
        if self._collector is None or self._collector.done():
            self._queue = asyncio.Queue()
            self._slots = asyncio.Semaphore(self.concurrency)
            self._collector = asyncio.get_running_loop().create_task(self._collect())

    async def _collect(self) -> None:
        assert self._queue is not None and self._slots is not None
        while True:
            batch = [await self._queue.get()]
            await self._slots.acquire()
            size = len(batch[0][0])
            while size < self.max_batch and not self._queue.empty():
                entry = self._queue.get_nowait()
                batch.append(entry)
                size += len(entry[0])
            task = asyncio.get_running_loop().create_task(self._dispatch(batch))
            self._running.add(task)
            task.add_done_callback(self._running.discard)

    async def _dispatch(self, batch: list[_Entry]) -> None:
        assert self._slots is not None
        try:
            flat = [it for items, _ in batch for it in items]
            if self._on_batch is not None:
                self._on_batch(len(flat))
            verdicts = await asyncio.get_running_loop().run_in_executor(self._executor, self._run, flat)
            if len(verdicts) != len(flat):
                raise RuntimeError(f"batch returned {len(verdicts)} verdicts for {len(flat)} items")
            start = 0
            for items, fut in batch:
                if not fut.done():
                    fut.set_result(list(verdicts[start:start + len(items)]))
                start += len(items)
        except Exception as e:  # noqa: BLE001 - handed to each waiting request, which answers 500
            for _, fut in batch:
                if not fut.done():
                    fut.set_exception(e)
        finally:
            self._slots.release()

    async def aclose(self) -> None:
        """Stop collecting, fail nothing that already finished, release the worker threads."""
        if self._collector is not None:
            self._collector.cancel()
            await asyncio.gather(self._collector, return_exceptions=True)
        if self._running:
            await asyncio.gather(*self._running, return_exceptions=True)
        self._executor.shutdown(wait=False, cancel_futures=True)
