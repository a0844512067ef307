import asyncio
import threading

import pytest

from rlverify.judge.aio import run_sync


async def _whoami():
    await asyncio.sleep(0)
    return threading.get_ident()


def test_without_a_running_loop_runs_here():
    assert run_sync(_whoami) == threading.get_ident()


def test_inside_a_running_loop_uses_a_helper_thread():
    async def caller():
        return run_sync(_whoami)

    assert asyncio.run(caller()) != threading.get_ident()


def test_errors_propagate():
    async def boom():
        raise KeyError("x")

    async def caller():
        return run_sync(boom)

    with pytest.raises(KeyError):
        run_sync(boom)
    with pytest.raises(KeyError):
        asyncio.run(caller())
