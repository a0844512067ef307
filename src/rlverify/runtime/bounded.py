"""Run a function with a hard deadline that works from any thread (no SIGALRM).

Interface used by the rest of the package::

    run_bounded(fn, *args, timeout=DEFAULT_CAS_TIMEOUT) -> fn(*args)
        raises BoundExceeded when the deadline passes (or the helper dies / runs out of memory).
    item_deadline(seconds)   context manager: caps every run_bounded inside it (this thread)
    remaining()              seconds left of the current item deadline (None when none is set)

``fn`` must be a picklable module-level function of an importable module, and its
arguments and result picklable: it runs in a persistent helper process. The parent
waits on a pipe with a deadline; on overrun it SIGKILLs the helper, starts a fresh one
and raises :class:`BoundExceeded`. This works in any thread, any process and inside
Ray tasks, because nothing relies on signals in the caller.

Helpers are started lazily (one set per parent process, thread-safe: several threads
may call at once, each borrowing an idle helper), in background threads: a caller waits
for a helper only within its own ``timeout``, which counts that wait and any start-up except
the process's first (see :func:`run_bounded`). They are forked from a *zygote*: a
fresh single-threaded interpreter (started with ``subprocess``, like the ``spawn``
method, so it is safe from threaded parents and from daemonic or Ray workers, and the
caller's ``__main__`` is never re-imported) that has imported sympy and
latex2sympy2_extended once, so a replacement helper is ready in milliseconds.
Each helper caps its address space
(``RLIMIT_AS`` at its start-up size plus :data:`HELPER_MEMORY_BYTES`) so a blow-up dies
instead of eating the machine, and dies with its parent (``PR_SET_PDEATHSIG`` on Linux).

A process whose parent already enforces a deadline (the helpers themselves, the
:mod:`rlverify.runtime.pool` workers, or any process with ``RLVERIFY_BOUNDED_INLINE=1``) runs
``fn`` inline, with no extra hop.
"""

from __future__ import annotations

import atexit
import os
import pickle
import signal
import struct
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from ..errors import BoundExceeded
from .limits import DEFAULT_CAS_TIMEOUT

__all__ = [
    "run_bounded",
    "BoundExceeded",
    "item_deadline",
    "tenant",
    "remaining",
    "set_inline",
    "is_inline",
    "warm_up",
    "retire_helpers",
    "helper_pids",
    "shutdown",
    "Helper",
    "HELPER_MEMORY_BYTES",
    "HelperGone",
    "MAX_HELPERS",
    "INLINE_ENV",
    "PRELOAD_ENV",
]

INLINE_ENV = "RLVERIFY_BOUNDED_INLINE"
HELPER_MEMORY_BYTES = 2 * 1024**3   # address space a helper may add to what it maps at start (RLIMIT_AS)
MAX_HELPERS = int(os.environ.get("RLVERIFY_MAX_HELPERS", "4"))  # concurrent helpers per parent process
PREEMPT_AFTER = 0.5                 # seconds a call runs before a tenant holding no helper may end it
PREEMPT_POLL = 0.02                 # seconds between looks for such a call while waiting
STARTUP_TIMEOUT = 120.0             # seconds a fresh helper may take to come up (else the start is abandoned)
# imported by the zygote, so every helper starts warm; "module:function" also calls it, and
# when that returns an iterator the zygote advances it one step at a time whenever no fork
# request is waiting (idle work: helpers forked later inherit what it built).
# $RLVERIFY_HELPER_PRELOAD (comma-separated, may be empty) replaces the list.
PRELOAD_ENV = "RLVERIFY_HELPER_PRELOAD"
_PRELOAD = ["sympy", "latex2sympy2_extended", "rlverify.runtime.bounded", "rlverify.registry:available_verifiers",
            "rlverify.rule.verifier:warm_up", "rlverify.rule.answers.symbolic:warm_up", "rlverify.rule.answers.warm:idle_steps"]

_inline = os.environ.get(INLINE_ENV, "") not in ("", "0")
_local = threading.local()


# ---------------------------------------------------------------- item deadline

@contextmanager
def item_deadline(seconds: float | None) -> Iterator[None]:
    """Cap every ``run_bounded`` call in this block (this thread) to a shared budget."""
    prev = getattr(_local, "deadline", None)
    credit = getattr(_local, "credit", 0.0)
    if seconds is not None:
        new = time.monotonic() + float(seconds)
        _local.deadline = new if prev is None else min(prev, new)
    try:
        yield
    finally:
        # time granted inside the block (a process's first helper start-up, :func:`_grant`) moves the
        # outer deadlines too
        granted = getattr(_local, "credit", 0.0) - credit
        _local.deadline = None if prev is None else prev + granted


def _grant(seconds: float) -> None:
    """Move this thread's deadlines ``seconds`` later: time that is not the item's own (the first
    helper start-up of a process) is not counted against it."""
    if seconds > 0 and getattr(_local, "deadline", None) is not None:
        _local.deadline += seconds
        _local.credit = getattr(_local, "credit", 0.0) + seconds


@contextmanager
def tenant(key: Any) -> Iterator[None]:
    """Calls in this block (this thread) borrow helpers on behalf of ``key`` (e.g. a server
    request): a free helper goes to the tenant holding the fewest, see :class:`_HelperSet`."""
    prev = getattr(_local, "tenant", None)
    _local.tenant = key
    try:
        yield
    finally:
        _local.tenant = prev


def remaining() -> float | None:
    """Seconds left of the innermost :func:`item_deadline` of this thread, or None."""
    d = getattr(_local, "deadline", None)
    return None if d is None else d - time.monotonic()


def set_inline(flag: bool = True) -> None:
    """Run ``fn`` inline in this process (its parent enforces the deadline)."""
    global _inline
    _inline = bool(flag)


def is_inline() -> bool:
    return _inline


# ---------------------------------------------------------------- helper side

def _address_space() -> int:
    """Bytes of address space this process already maps (0 when unknown)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _limit_memory(limit: int | None) -> None:
    """Cap the address space at what is mapped now plus ``limit`` bytes (RLIMIT_AS)."""
    try:
        import resource

        if limit:
            soft, hard = resource.getrlimit(resource.RLIMIT_AS)
            cap = _address_space() + limit
            cap = cap if hard == resource.RLIM_INFINITY else min(cap, hard)
            resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (ImportError, ValueError, OSError):  # pragma: no cover - platform without rlimits
        pass


def _die_with_parent() -> None:
    try:
        import ctypes
        import signal

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - not Linux/glibc
        pass


def _portable_error(exc: BaseException) -> BaseException:
    if isinstance(exc, MemoryError):
        return BoundExceeded("memory limit exceeded")
    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:  # noqa: BLE001 - any unpicklable exception becomes a plain one
        return RuntimeError(f"{type(exc).__name__}: {exc}"[:500])


def _reply(conn: Any, kind: str, value: Any) -> None:
    try:
        conn.send((kind, value))
    except Exception as e:  # noqa: BLE001 - result could not be pickled
        conn.send(("err", _portable_error(e)))


def _serve(conn: Any, request: tuple) -> None:
    kind, fn, args = request
    if kind == "call":
        _reply(conn, "ok", fn(*args))
        return
    for value in fn(*args):  # "stream": one message per yielded value
        _reply(conn, "item", value)
    conn.send(("done", None))


# gc.set_threshold of helpers (and pool workers): sympy and the grammar allocate many short-lived
# containers, and at CPython's default (700, 10, 10) a cold helper ran ~300 collections per 6k dev items
# (0.14 s, 3.6% of the run); at this threshold 7 (0.04 s). Garbage in cycles waits for at most 20k new
# container objects (a few MB); the zygote's own objects are frozen (:func:`_settle`).
HELPER_GC_THRESHOLD = (20_000, 20, 20)


def _helper_loop(conn: Any, memory: int | None) -> None:
    """Body of a helper process: serve requests until the parent closes the pipe."""
    import gc

    set_inline(True)
    _die_with_parent()
    _limit_memory(memory)
    gc.set_threshold(*HELPER_GC_THRESHOLD)
    conn.send(("ready", os.getpid()))
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            _serve(conn, pickle.loads(data))
        except BaseException as e:  # noqa: BLE001 - report everything to the parent
            if isinstance(e, (KeyboardInterrupt, SystemExit)):
                raise
            conn.send(("err", _portable_error(e)))


# ---------------------------------------------------------------- zygote

def _recv_exactly(sock: Any, n: int) -> bytes:
    buf = b""
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise EOFError("zygote socket closed")
        buf += chunk
    return buf


def _fork_helper(sock: Any, fd: int, memory: int) -> None:
    from multiprocessing.connection import Connection

    pid = os.fork()
    if pid == 0:  # the helper: a fresh copy of the single-threaded zygote
        try:
            sock.close()
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            _helper_loop(Connection(fd), memory or None)
        finally:
            os._exit(0)
    os.close(fd)
    sock.sendall(struct.pack("q", pid))


def _preload(modules: list[str]) -> list[Iterator[Any]]:
    """Import (and warm) what helpers and pool workers need, once, in the zygote (best effort).
    Returns the iterators that preload functions returned: the zygote's idle work."""
    import importlib
    from collections.abc import Iterator as _Iterator

    set_inline(True)  # warm-up code that calls run_bounded must not start a zygote of its own
    idle: list[Iterator[Any]] = []
    for spec in modules:
        mod, _, func = spec.partition(":")
        try:
            m = importlib.import_module(mod)
            out = getattr(m, func)() if func else None
            if isinstance(out, _Iterator):
                idle.append(out)
        except Exception:  # noqa: BLE001 - a broken optional module must not kill the zygote
            pass
    return idle


def _idle_step(idle: list[Iterator[Any]]) -> None:
    """Advance the first idle task by one step; drop it when it ends or fails (after the last
    one, :func:`_settle` what the warm-up built)."""
    try:
        next(idle[0])
    except Exception:  # noqa: BLE001 - StopIteration, or a failing warm-up: either way it is done
        idle.pop(0)
        if not idle:
            _settle()


def _settle() -> None:
    """In the zygote: collect garbage, then move every object that is left (modules, sympy's and the
    parser's caches, the warm-up's results: ~160k objects) out of the collector's sight
    (``gc.freeze``). Helpers forked afterwards inherit them frozen, so their full collections scan
    only what they create themselves (on the dev corpora 0.31 -> 0.10 s of collection per 6k
    items in one helper) and do not write to the pages they share with the zygote."""
    import gc

    gc.collect()
    gc.freeze()


def _zygote_main(fd: int) -> None:
    """A single-threaded interpreter that has imported sympy and forks helpers on request.

    Each request carries the helper's end of a socketpair (SCM_RIGHTS); the zygote
    answers with the helper's pid. It exits when the parent closes the socket (also
    when the parent dies); its helpers then die too (PR_SET_PDEATHSIG).
    """
    # Ctrl-C in a terminal reaches the whole process group: the parent decides, the zygote and its
    # helpers (which inherit this) end when their sockets close, without a traceback
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        _zygote_loop(fd)
    except (OSError, EOFError):  # the parent went away (closed socket, broken pipe): nothing to report
        pass
    os._exit(0)


def _zygote_loop(fd: int) -> None:
    import select
    import socket
    import sys

    sock = socket.socket(fileno=fd)
    size = struct.unpack("q", _recv_exactly(sock, 8))[0]
    sys_path, preload = pickle.loads(_recv_exactly(sock, size))
    sys.path[:0] = [p for p in sys_path if p not in sys.path]
    idle = _preload(preload)
    _settle()  # helpers forked during the idle warm-up already start with the imports frozen
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped automatically
    while True:
        if idle and not select.select([sock], [], [], 0)[0]:
            _idle_step(idle)  # nothing to fork right now: a step of warm-up (tens of ms)
            continue
        try:
            msg, fds, _, _ = socket.recv_fds(sock, 8, 1)
        except OSError:
            os._exit(0)
        if len(msg) < 8 or not fds:
            os._exit(0)
        memory = struct.unpack("q", msg)[0]
        if memory == _DRAIN:  # finish the idle work first, then say so (no helper forked)
            while idle:
                _idle_step(idle)
            os.close(fds[0])
            sock.sendall(struct.pack("q", 0))
            continue
        _fork_helper(sock, fds[0], memory)


class _Zygote:
    """Parent side of the zygote: ``spawn(memory) -> (pid, Connection)``."""

    def __init__(self) -> None:
        import socket
        import subprocess
        import sys
        from pathlib import Path

        mine, theirs = socket.socketpair()
        env = dict(os.environ)
        root = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = os.pathsep.join([root] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
        code = "import sys; from rlverify.runtime.bounded import _zygote_main; _zygote_main(int(sys.argv[1]))"
        self.proc = subprocess.Popen([sys.executable, "-c", code, str(theirs.fileno())],
                                     pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, env=env)
        theirs.close()
        self.sock = mine
        self.lock = threading.Lock()
        env_preload = os.environ.get(PRELOAD_ENV)
        preload = _PRELOAD if env_preload is None else [m for m in env_preload.split(",") if m.strip()]
        init = pickle.dumps((list(sys.path), preload))
        mine.sendall(struct.pack("q", len(init)) + init)

    def spawn(self, memory: int | None) -> tuple[int, Any]:
        import socket
        from multiprocessing.connection import Connection

        mine, theirs = socket.socketpair()
        try:
            with self.lock:
                socket.send_fds(self.sock, [struct.pack("q", memory or 0)], [theirs.fileno()])
                pid = struct.unpack("q", _recv_exactly(self.sock, 8))[0]
        except BaseException:
            mine.close()
            raise
        finally:
            theirs.close()
        return pid, Connection(mine.detach())

    def drain(self, timeout: float = STARTUP_TIMEOUT) -> None:
        """Wait until the zygote has finished its idle work (helpers forked later inherit it).
        Past ``timeout`` the zygote is killed (the next helper starts a fresh one) and
        :class:`BoundExceeded` is raised."""
        import socket

        mine, theirs = socket.socketpair()
        try:
            with self.lock:
                socket.send_fds(self.sock, [struct.pack("q", _DRAIN)], [theirs.fileno()])
                self.sock.settimeout(timeout)
                try:
                    _recv_exactly(self.sock, 8)
                except (socket.timeout, OSError, EOFError):
                    self.proc.kill()  # its reply could still come and be misread: replace it
                    self.proc.wait(10)
                    raise BoundExceeded("zygote warm-up did not finish") from None
                finally:
                    self.sock.settimeout(None)
        finally:
            mine.close()
            theirs.close()

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


_DRAIN = -1  # a zygote request that is not a fork: finish the idle work, then reply
_ZYGOTE: _Zygote | None = None
_ZYGOTE_PID = -1
_ZYGOTE_LOCK = threading.Lock()


def _zygote() -> _Zygote:
    """This process's zygote (started on first use, restarted if it died)."""
    global _ZYGOTE, _ZYGOTE_PID
    with _ZYGOTE_LOCK:
        if _ZYGOTE is None or _ZYGOTE_PID != os.getpid() or _ZYGOTE.proc.poll() is not None:
            _ZYGOTE, _ZYGOTE_PID = _Zygote(), os.getpid()
        return _ZYGOTE


def _spawn(memory: int | None) -> tuple[int, Any]:
    """Fork a helper from this process's zygote."""
    for attempt in (0, 1):
        z = _zygote()
        try:
            return z.spawn(memory)
        except (OSError, EOFError):
            z.proc.kill()
            if attempt:
                raise BoundExceeded("cannot start a helper process") from None
    raise AssertionError("unreachable")


# ---------------------------------------------------------------- parent side

class HelperGone(BoundExceeded):
    """The helper had died before the request reached it (killed while idle): the request did not
    run, so it may be sent again to another helper."""


class Helper:
    """Parent side of one helper process: a duplex pipe to a loop that runs functions.

    ``call`` runs one function with a deadline; ``send`` + ``recv`` drive a generator
    function that yields one message per item (used by :mod:`rlverify.runtime.pool`).
    Any failure between a request and its reply kills the helper (``alive`` turns False).
    """

    def __init__(self, memory: int | None = HELPER_MEMORY_BYTES) -> None:
        self.pid, self.conn = _spawn(memory)
        self.born = time.monotonic()
        self.ready = False
        self.alive = True
        self.tenant: Any = None  # who borrowed it from the helper set (see tenant())
        self.since = 0.0         # when it was borrowed
        self.preempted = False   # killed to free it for another tenant

    def wait_ready(self, timeout: float = STARTUP_TIMEOUT) -> None:
        if self.ready:
            return
        kind, _ = self.recv(timeout, what="start")
        if kind != "ready":
            self.kill()
            raise BoundExceeded(f"helper sent {kind!r} before starting")
        self.ready = True

    def send(self, kind: str, fn: Callable[..., Any], args: tuple) -> None:
        """Send a request: kind ``call`` (one reply) or ``stream`` (fn yields replies).
        :class:`HelperGone` (and the helper is dropped) when it died before it could be sent."""
        data = pickle.dumps((kind, fn, args), protocol=pickle.HIGHEST_PROTOCOL)
        try:
            self.conn.send_bytes(data)
        except (OSError, EOFError):
            self.kill()
            raise HelperGone("helper process died while idle") from None

    def gone(self) -> bool:
        """An idle, ready helper whose pipe is readable has died (closed) or broken the protocol
        (it sends nothing unasked): either way it must not be handed out."""
        try:
            return self.ready and self.conn.poll(0)
        except (OSError, EOFError, ValueError):
            return True

    def recv(self, timeout: float, what: str = "call") -> tuple[str, Any]:
        """Next message, or kill the helper and raise BoundExceeded after ``timeout`` s."""
        try:
            if not self.conn.poll(max(0.0, timeout)):
                self.kill()
                raise BoundExceeded(f"{what} exceeded {timeout:.3g}s")
            return self.conn.recv()
        except (EOFError, OSError):
            self.kill()
            raise BoundExceeded(f"helper process died during {what}") from None
        except BaseException:
            self.kill()  # interrupted mid-request: the helper's state is unknown
            raise

    def call(self, fn: Callable[..., Any], args: tuple, timeout: float) -> Any:
        self.wait_ready()
        self.send("call", fn, args)
        kind, value = self.recv(timeout)
        if kind == "ok":
            return value
        if kind == "err":
            raise value
        self.kill()
        raise BoundExceeded(f"helper protocol error: {kind!r}")

    def kill(self) -> None:
        if self.alive:
            self.alive = False
            try:
                os.kill(self.pid, signal.SIGKILL)
            except OSError:
                pass
        self.close()

    def close(self) -> None:
        """Drop the pipe; an idle helper then exits by itself."""
        self.alive = False
        try:
            self.conn.close()
        except OSError:
            pass


class _HelperSet:
    """Idle helpers of this process; at most ``size`` exist at once.

    A free helper goes to the waiting caller whose :func:`tenant` holds the fewest helpers
    (first come first served among equals), so one tenant's slow calls (a server request full
    of CAS bombs) cannot keep every helper while another tenant's call waits. When every
    helper is busy and the next in line is a tenant holding none, the call that has run
    longest is ended once it has run :data:`PREEMPT_AFTER` seconds (see ``_preempt_for``)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._idle: list[Helper] = []
        self._count = 0          # helpers that exist or are starting
        self._starting = 0       # helpers being started in the background
        self._waiters: list[list[Any]] = []  # [tenant, arrival number] of the callers waiting
        self._arrivals = 0
        self._held: dict[Any, int] = {}      # helpers in use, by tenant
        self._busy: list[Helper] = []        # helpers in use
        self._failures = 0       # starts that failed so far
        self.started = False     # a helper of this set has been ready once (its start-up was paid)
        self._last_error = ""
        self._cv = threading.Condition()

    def _preempt_for(self, me: list[Any]) -> bool:
        """Under contention, a tenant holding no helper that is next in line may end the call that
        has run longest, once it has run :data:`PREEMPT_AFTER` seconds (that call gets
        BoundExceeded: a ``timeout`` verdict, which a CAS bomb gets anyway). True while such a
        victim may still appear (poll again soon). Lock held."""
        if (me[0] is None or self._held.get(me[0], 0) or self._idle or self._count < self.size
                or self._next_in_line() is not me):
            return False
        now = time.monotonic()
        running = [h for h in self._busy if h.alive and not h.preempted and h.tenant != me[0]]
        victim = max(running, key=lambda h: now - h.since, default=None)
        if victim is not None and now - victim.since >= PREEMPT_AFTER:
            victim.preempted = True
            pid = getattr(victim, "pid", None)
            if isinstance(pid, int) and pid > 1:  # never 0 or -1: those would signal whole groups
                try:
                    os.kill(pid, signal.SIGKILL)  # its caller sees the pipe close and releases it
                except OSError:
                    pass
        return True

    def _next_in_line(self) -> list[Any]:
        return min(self._waiters, key=lambda w: (self._held.get(w[0], 0), w[1]))

    def acquire(self, timeout: float | None = None) -> Helper:
        """An idle, ready helper. While callers wait and fewer than ``size`` helpers exist, one
        more starts in a background thread. :class:`BoundExceeded` when none is ready within
        ``timeout`` seconds (a start carries on, and its helper waits for the next caller) or
        when a start fails meanwhile."""
        end = None if timeout is None else time.monotonic() + max(0.0, timeout)
        owner = getattr(_local, "tenant", None)
        with self._cv:
            failures = self._failures
            self._arrivals += 1
            me = [owner, self._arrivals]
            self._waiters.append(me)
            try:
                while True:
                    while self._idle and self._idle[-1].gone():  # died while idle (killed, OOM): drop it
                        self._idle.pop().kill()
                        self._count -= 1
                    if self._idle and self._next_in_line() is me:
                        break
                    if self._starting < len(self._waiters) and self._count < self.size:
                        self._count += 1
                        self._starting += 1
                        threading.Thread(target=self._start, name="rlverify-helper-start", daemon=True).start()
                    if self._failures != failures:
                        raise BoundExceeded(f"cannot start a helper process ({self._last_error})")
                    left = None if end is None else end - time.monotonic()
                    if left is not None and left <= 0:
                        raise BoundExceeded("no helper process ready within the deadline")
                    if self._preempt_for(me):
                        left = PREEMPT_POLL if left is None else min(left, PREEMPT_POLL)
                    self._cv.wait(left)
                h = self._idle.pop()
                h.tenant = owner
                h.since = time.monotonic()
                self._held[owner] = self._held.get(owner, 0) + 1
                self._busy.append(h)
                return h
            finally:
                self._waiters.remove(me)
                self._cv.notify_all()  # the next in line may be someone else now

    def _start(self) -> None:
        """Background thread: start one helper, wait until it is ready, make it idle."""
        try:
            h = Helper()
            h.wait_ready()
        except BaseException as e:  # noqa: BLE001 - told to the waiting callers
            with self._cv:
                self._count -= 1
                self._starting -= 1
                self._failures += 1
                self._last_error = f"{type(e).__name__}: {e}"[:200]
                self._cv.notify_all()
            return
        with self._cv:
            self._starting -= 1
            self.started = True
            self._idle.append(h)
            self._cv.notify_all()

    def release(self, h: Helper) -> None:
        with self._cv:
            owner = getattr(h, "tenant", None)
            if h in self._busy:
                self._busy.remove(h)
            held = self._held.get(owner, 0) - 1
            if held > 0:
                self._held[owner] = held
            else:
                self._held.pop(owner, None)
            if h.alive:
                self._idle.append(h)
            else:
                self._count -= 1
            self._cv.notify_all()

    def close(self) -> None:
        with self._cv:
            idle, self._idle = self._idle, []
            self._count -= len(idle)
        for h in idle:
            h.close()


_SET: _HelperSet | None = None
_SET_PID = -1
_SET_LOCK = threading.Lock()


def _helpers() -> _HelperSet:
    global _SET, _SET_PID
    with _SET_LOCK:
        if _SET is None or _SET_PID != os.getpid():  # first use, or a forked child: start afresh
            _SET, _SET_PID = _HelperSet(MAX_HELPERS), os.getpid()
        return _SET


def run_bounded(fn: Callable[..., Any], *args: Any, timeout: float = DEFAULT_CAS_TIMEOUT) -> Any:
    """``fn(*args)`` in a helper process; BoundExceeded after ``timeout`` seconds.

    Exceptions raised by ``fn`` propagate unchanged (a MemoryError becomes BoundExceeded).
    Inside an :func:`item_deadline` the bound covers waiting for a free helper, starting one and
    the call itself, except the start-up of the process's first helper (the zygote imports sympy
    and the parser, seconds once per process): the item's clock waits for that, bounded by
    :data:`STARTUP_TIMEOUT`, so the first items of a fresh process get the verdicts warm use gives
    (:func:`warm_up` only moves that wait earlier). Outside one, ``timeout`` bounds the call only.
    """
    left = remaining()
    if left is not None:
        if left <= 0:
            raise BoundExceeded("item deadline passed")
        timeout = min(timeout, left)
    if _inline:
        return fn(*args)
    pool = _helpers()
    start = time.monotonic()
    if left is not None and not pool.started:
        # the first helper of this process: its start-up (the zygote imports sympy and the parser,
        # seconds) is not the item's time, so the item's clock waits for it (bounded by STARTUP_TIMEOUT)
        h = pool.acquire(STARTUP_TIMEOUT)
        _grant(time.monotonic() - start)
        start = time.monotonic()
    else:
        h = pool.acquire(timeout if left is not None else None)
    for retry in (False, True):
        try:
            if left is not None:
                timeout -= time.monotonic() - start
                if timeout <= 0:
                    raise BoundExceeded("item deadline passed while waiting for a helper process")
            try:
                return h.call(fn, args, timeout)
            except HelperGone:  # it died idle after the check in acquire: the call never ran, send it once more
                if retry:
                    raise
        finally:
            pool.release(h)
        start = time.monotonic()
        h = pool.acquire(timeout if left is not None else None)
    raise AssertionError("unreachable")


def warm_up(n: int = 1, parser: bool = True) -> None:
    """Start ``n`` helpers now (and wait until they are ready) instead of on first use.

    ``parser``: first let the zygote finish its idle warm-up (the ANTLR prediction cache,
    :mod:`rlverify.rule.answers.warm`, a few seconds once per process), so these helpers start
    with it instead of learning it item by item."""
    if _inline:
        return
    if parser:
        try:
            _zygote().drain()
        except (OSError, EOFError, BoundExceeded):
            pass  # the zygote died or hung: the helpers below start a new one
    pool = _helpers()
    got = [pool.acquire() for _ in range(min(n, pool.size))]
    try:
        for h in got:
            h.wait_ready()
    finally:
        for h in got:
            pool.release(h)


def helper_pids() -> list[int]:
    """Process ids of this process's helpers that exist now (idle or busy; benchmarks read their CPU time)."""
    if _SET is None or _SET_PID != os.getpid():
        return []
    with _SET._cv:
        return [h.pid for h in _SET._idle + _SET._busy]


def retire_helpers() -> None:
    """Close this process's idle helpers (the zygote stays): the next call forks fresh ones from
    the zygote, without what earlier calls left in their caches (benchmarks measuring cold runs)."""
    if _SET is not None and _SET_PID == os.getpid():
        _SET.close()


def shutdown() -> None:
    """Stop this process's idle helpers and its zygote (also run at interpreter exit); a later bounded call starts
    them again."""
    global _SET, _ZYGOTE
    if _SET is not None and _SET_PID == os.getpid():
        _SET.close()
        _SET = None
    if _ZYGOTE is not None and _ZYGOTE_PID == os.getpid():
        _ZYGOTE.close()
        _ZYGOTE = None


atexit.register(shutdown)
