"""Run a coroutine to completion from sync code, whether or not the caller's thread has a running
event loop (Jupyter, an async server, Ray async actors): then it runs on a fresh loop in a helper
thread instead of nesting."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Awaitable, Callable, TypeVar

__all__ = ["run_sync"]

T = TypeVar("T")


def run_sync(make_coro: Callable[[], Awaitable[T]]) -> T:
    """``asyncio.run(make_coro())``, moved to a helper thread when a loop already runs here."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(_await(make_coro))
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="rlverify-judge") as pool:
        return pool.submit(lambda: asyncio.run(_await(make_coro))).result()


async def _await(make_coro: Callable[[], Awaitable[T]]) -> T:
    return await make_coro()
