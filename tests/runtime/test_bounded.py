"""Hard deadlines without signals: rlverify.runtime.bounded."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time

import pytest

from rlverify.runtime import bounded
from rlverify.errors import BoundExceeded

SLACK = 1.0  # seconds of scheduling noise allowed on a busy 2-core machine


def _add(a: int, b: int) -> int:
    return a + b


def _pid() -> int:
    return os.getpid()


def _slow(seconds: float) -> str:
    time.sleep(seconds)
    return "finished"


def _spin() -> None:
    while True:
        pass


def _raise() -> None:
    raise ValueError("bad input 42")


def _hog_memory() -> int:
    return len(bytearray(3 * 1024**3))


def _die() -> None:
    os._exit(7)


def _nested() -> int:
    return bounded.run_bounded(_pid)


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    bounded.warm_up(3)


def test_result_comes_back_from_another_process() -> None:
    assert bounded.run_bounded(_add, 2, 3, timeout=5) == 5
    assert bounded.run_bounded(_pid, timeout=5) != os.getpid()


def test_helpers_collect_garbage_at_their_own_threshold() -> None:
    import gc

    assert bounded.run_bounded(gc.get_threshold, timeout=30) == bounded.HELPER_GC_THRESHOLD
    assert os.getpid() != bounded.run_bounded(os.getpid, timeout=30)  # measured in a helper, not here


def test_exception_of_fn_propagates_unchanged() -> None:
    with pytest.raises(ValueError, match="bad input 42"):
        bounded.run_bounded(_raise, timeout=5)
    assert bounded.run_bounded(_add, 1, 1, timeout=5) == 2


def test_busy_loop_is_killed_within_bound_and_helper_replaced() -> None:
    t0 = time.monotonic()
    with pytest.raises(BoundExceeded):
        bounded.run_bounded(_spin, timeout=0.3)
    assert time.monotonic() - t0 < 0.3 + SLACK
    assert bounded.run_bounded(_add, 4, 5, timeout=5) == 9


def _call_in_thread(results: list, timeout: float) -> None:
    t0 = time.monotonic()
    try:
        results.append(bounded.run_bounded(_slow, 30.0, timeout=timeout))
    except BoundExceeded:
        results.append(time.monotonic() - t0)


def test_killed_within_bound_from_non_main_thread() -> None:
    results: list = []
    t = threading.Thread(target=_call_in_thread, args=(results, 0.3))
    t.start()
    t.join(10)
    assert not t.is_alive()
    assert len(results) == 1 and isinstance(results[0], float)
    assert results[0] < 0.3 + SLACK


def test_several_threads_at_once_each_bounded() -> None:
    results: list = []
    threads = [threading.Thread(target=_call_in_thread, args=(results, 0.4)) for _ in range(3)]
    t0 = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join(15)
    assert len(results) == 3 and all(isinstance(r, float) for r in results)
    assert time.monotonic() - t0 < 0.4 + 2 * SLACK
    assert bounded.run_bounded(_add, 1, 2, timeout=5) == 3


def test_helper_crash_is_bound_exceeded_not_hang() -> None:
    t0 = time.monotonic()
    with pytest.raises(BoundExceeded, match="died"):
        bounded.run_bounded(_die, timeout=10)
    assert time.monotonic() - t0 < 5
    assert bounded.run_bounded(_add, 1, 2, timeout=5) == 3


def test_memory_blowup_is_refused_by_rlimit() -> None:
    with pytest.raises(BoundExceeded, match="memory"):
        bounded.run_bounded(_hog_memory, timeout=20)


def test_nested_call_inside_helper_runs_inline() -> None:
    outer = bounded.run_bounded(_pid, timeout=5)
    assert bounded.run_bounded(_nested, timeout=5) == outer


def test_item_deadline_caps_every_call() -> None:
    t0 = time.monotonic()
    with bounded.item_deadline(0.3):
        with pytest.raises(BoundExceeded):
            bounded.run_bounded(_slow, 30.0, timeout=60)
        with pytest.raises(BoundExceeded, match="deadline passed"):
            bounded.run_bounded(_add, 1, 2, timeout=60)
    assert time.monotonic() - t0 < 0.3 + SLACK
    assert bounded.remaining() is None


def test_inline_mode_runs_in_this_process() -> None:
    bounded.set_inline(True)
    try:
        assert bounded.run_bounded(_pid) == os.getpid()
    finally:
        bounded.set_inline(False)
    assert not bounded.is_inline()


def _daemon_child(q: "multiprocessing.Queue") -> None:
    try:
        bounded.run_bounded(_slow, 30.0, timeout=0.3)
        q.put("not bounded")
    except BoundExceeded:
        q.put(bounded.run_bounded(_add, 20, 22, timeout=30))


def test_works_inside_a_daemonic_process(monkeypatch) -> None:
    monkeypatch.setenv(bounded.PRELOAD_ENV, "")  # a bare helper is enough here, and starts fast
    ctx = multiprocessing.get_context("spawn")
    q = ctx.Queue()
    p = ctx.Process(target=_daemon_child, args=(q,), daemon=True)
    p.start()
    try:
        assert q.get(timeout=60) == 42
    finally:
        p.join(10)


_CHILD = """
import sys, threading, time
sys.path.insert(0, {tmp!r})
from rlverify.runtime import bounded
import stuckmod
print(bounded.run_bounded(stuckmod.pid), flush=True)            # an idle helper
threading.Thread(target=bounded.run_bounded, args=(stuckmod.stuck, {flag!r}),
                 kwargs={{"timeout": 300}}, daemon=True).start()  # a helper stuck mid-call
while not __import__("os").path.exists({flag!r}):
    time.sleep(0.05)
print(open({flag!r}).read(), flush=True)
"""

_STUCK = """
import os, time
def pid():
    return os.getpid()
def stuck(flag):
    with open(flag, "w") as f:
        f.write(str(os.getpid()))
    time.sleep(300)
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_helpers_die_when_the_parent_exits(tmp_path) -> None:
    import subprocess
    import sys

    (tmp_path / "stuckmod.py").write_text(_STUCK)
    flag = str(tmp_path / "flag")
    script = _CHILD.format(tmp=str(tmp_path), flag=flag)
    env = dict(os.environ, **{bounded.PRELOAD_ENV: ""})
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    pids = [int(x) for x in out.stdout.split()]
    assert len(pids) == 2
    deadline = time.monotonic() + 10
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(p) for p in pids)


_IDLE_MOD = """
import time
DONE = 0
def steps():
    global DONE
    for _ in range(20):
        time.sleep(0.05)
        DONE += 1
        yield
def done():
    return DONE
def spin():
    while True:
        pass
"""

_IDLE_CHILD = """
import sys, time
sys.path.insert(0, {tmp!r})
from rlverify.runtime import bounded
from rlverify.errors import BoundExceeded
import idlemod
t0 = time.monotonic()
first = bounded.run_bounded(idlemod.done, timeout=30)   # forked at once: idle work barely begun
took = time.monotonic() - t0
time.sleep(2.0)                                          # the zygote finishes its 20 steps (1 s)
try:
    bounded.run_bounded(idlemod.spin, timeout=0.2)       # kills that helper: the next one is new
except BoundExceeded:
    pass
print(first, bounded.run_bounded(idlemod.done, timeout=30), round(took, 2), flush=True)
"""


def _run_with_idle_module(tmp_path, name: str, source: str, script: str) -> list[str]:
    """Run ``script`` in a fresh interpreter whose zygote preloads ``name:steps`` as idle work."""
    import subprocess
    import sys

    (tmp_path / f"{name}.py").write_text(source)
    env = dict(os.environ, **{bounded.PRELOAD_ENV: f"{name}:steps"})
    out = subprocess.run([sys.executable, "-c", script.format(tmp=str(tmp_path))],
                         capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout.split()


def test_zygote_does_idle_work_between_forks_and_helpers_inherit_it(tmp_path) -> None:
    first, later, took = _run_with_idle_module(tmp_path, "idlemod", _IDLE_MOD, _IDLE_CHILD)
    assert int(first) < 20          # the first helper did not wait for the idle work
    assert int(later) == 20         # a helper forked after it inherits all of it
    assert float(took) < 10


def test_preload_collects_iterators_and_idle_steps_drop_finished_ones() -> None:
    import types

    mod = types.ModuleType("rlv_idle_probe")
    mod.gen = lambda: iter([1, 2])  # type: ignore[attr-defined]
    mod.plain = lambda: None  # type: ignore[attr-defined]
    import sys

    sys.modules["rlv_idle_probe"] = mod
    try:
        was = bounded.is_inline()
        idle = bounded._preload(["rlv_idle_probe:gen", "rlv_idle_probe:plain", "no_such_module_xyz"])
        bounded.set_inline(was)
    finally:
        del sys.modules["rlv_idle_probe"]
    assert len(idle) == 1
    bounded._idle_step(idle)
    bounded._idle_step(idle)
    assert len(idle) == 1
    bounded._idle_step(idle)  # exhausted: dropped
    assert idle == []


_DRAIN_CHILD = """
import sys
sys.path.insert(0, {tmp!r})
from rlverify.runtime import bounded
import idlemod
bounded.warm_up(1)                                # waits for the zygote's idle work first
print(bounded.run_bounded(idlemod.done, timeout=30), flush=True)
"""


def test_warm_up_forks_helpers_after_the_zygote_idle_work(tmp_path) -> None:
    assert _run_with_idle_module(tmp_path, "idlemod", _IDLE_MOD, _DRAIN_CHILD) == ["20"]


_SLOW_IDLE_MOD = """
import os, time
def steps():
    while True:
        time.sleep(0.5)
        yield
def pid():
    return os.getppid()
"""

_SLOW_DRAIN_CHILD = """
import sys
sys.path.insert(0, {tmp!r})
from rlverify.runtime import bounded
from rlverify.errors import BoundExceeded
import idleslow
first = bounded.run_bounded(idleslow.pid, timeout=30)      # the zygote's pid (a helper's parent)
try:
    bounded._zygote().drain(timeout=1.0)                    # idle work that never ends
    print("drained")
except BoundExceeded:
    print("timeout")
bounded.shutdown()
print(bounded.run_bounded(idleslow.pid, timeout=30) != first, flush=True)  # a fresh zygote serves
"""


def test_a_drain_that_does_not_finish_times_out_and_the_zygote_is_replaced(tmp_path) -> None:
    got = _run_with_idle_module(tmp_path, "idleslow", _SLOW_IDLE_MOD, _SLOW_DRAIN_CHILD)
    assert got == ["timeout", "True"]


def test_a_free_helper_goes_to_the_tenant_holding_the_fewest(monkeypatch) -> None:
    """Issue 18: one request full of CAS bombs must not keep every helper while another waits."""
    import threading
    import time

    from rlverify.runtime import bounded

    class FakeHelper:
        def __init__(self, memory=None) -> None:  # noqa: ANN001
            self.alive, self.tenant, self.since, self.preempted, self.pid = True, None, 0.0, False, None

        def wait_ready(self) -> None:
            pass

        def gone(self) -> bool:
            return False

    monkeypatch.setattr(bounded, "Helper", FakeHelper)
    helpers = bounded._HelperSet(2)
    with bounded.tenant("A"):
        held = [helpers.acquire(5), helpers.acquire(5)]
    got: list[str] = []

    def wait_for_one(who: str) -> None:
        with bounded.tenant(who):
            h = helpers.acquire(5)
        got.append(who)
        helpers.release(h)

    a = threading.Thread(target=wait_for_one, args=("A",))
    a.start()
    time.sleep(0.1)  # A's third call waits first ...
    b = threading.Thread(target=wait_for_one, args=("B",))
    b.start()
    time.sleep(0.1)
    helpers.release(held[0])  # ... but A still holds one and B none: B is next in line
    b.join(5)
    helpers.release(held[1])
    a.join(5)
    assert got == ["B", "A"]
    with pytest.raises(bounded.BoundExceeded):  # and a wait is bounded by the caller's timeout
        with bounded.tenant("C"):
            [helpers.acquire(0.05) for _ in range(3)]


def test_a_tenant_holding_no_helper_ends_the_longest_call_under_contention() -> None:
    """Every helper busy with one tenant's long call, another tenant's call waiting: the long
    call is ended once it has run PREEMPT_AFTER seconds (its caller gets BoundExceeded)."""
    import threading
    import time

    from rlverify.runtime import bounded

    helpers = bounded._HelperSet(1)
    with bounded.tenant("bombs"):
        h = helpers.acquire(None)  # started (and the zygote up) before anything is timed
    outcome: dict[str, object] = {}

    def long_call() -> None:
        t0 = time.monotonic()
        try:
            h.call(time.sleep, (20,), 60)
            outcome["bombs"] = "finished"
        except bounded.BoundExceeded:
            outcome["bombs"] = time.monotonic() - t0
        finally:
            helpers.release(h)

    t = threading.Thread(target=long_call)
    t.start()
    time.sleep(0.1)
    t0 = time.monotonic()
    with bounded.tenant("normal"):
        mine = helpers.acquire(30)
    waited = time.monotonic() - t0
    t.join(30)
    try:
        assert mine.call(pow, (2, 10), 30) == 1024
    finally:
        helpers.release(mine)
        helpers.close()
    assert isinstance(outcome["bombs"], float) and outcome["bombs"] < 5, outcome
    assert bounded.PREEMPT_AFTER - 0.2 < waited < 10, waited
