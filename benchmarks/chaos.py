"""Chaos run against a loopback reward server: a hostile client and a busy trainer at once.

Starts ``rlverify serve`` on 127.0.0.1 (subprocesses; only loopback, only bounded request
loops) and prints one table row per case: requests sent, failures (a wrong status, a wrong
reward, a missing flag), latency p50/p99/max and stuck requests (no answer within the
client timeout, or a connection the server never closed).

Cases (issue 18):

* ``poisoned request``: 30 answers ``\\boxed{((90!)!)!}`` ... (each runs the CAS to its 1 s
  deadline); ``normal during poisoned``: one-answer requests sent while it runs (the
  head-of-line blocking check: they must not wait for the poisoned request).
* ``mixed load``: several clients, every other request carries CAS bombs; the normal
  requests' latency is reported on its own row.
* ``cold start``: a fresh server gets CAS requests the moment /health answers; an item over
  its deadline + 0.5 s without a ``timeout`` flag is a failure.
* ``silent judge``: ``--verifier hybrid`` with an OpenAI judge on a loopback port that accepts
  connections and never answers, ``--judge-budget`` seconds; each request must come back
  within the budget (+2 s) with the rule verdict flagged ``judge_unavailable``.
* ``no token, 30 MB declared``: raw sockets announce a 30 MB body and send none; the 401
  must come without the body.
* ``silent / slow-header connections``: raw sockets that send nothing or trickle a header
  byte by byte; each must be closed within ``--header-timeout`` (+3 s).
* ``bad input``: malformed JSON, wrong types, a 10 MB body, 100k items, deep nesting, lone
  surrogates, chunked and pipelined requests; no 5xx, the expected 4xx, and a correct
  answer right after each.

Cases (issue 28, item 9), Linux only (they read /proc):

* ``kill9``: a fresh server; while a request runs in a CAS helper process (a child of the
  server's zygote, the busy one found by its CPU time), ``kill -9`` that helper. The request
  must still get a verdict, flagged (``timeout``); the helper must be replaced (a new pid, as
  many helpers as before); the next ``--kill9-after`` requests that need the CAS must be right
  and as fast as before the kill. Then the same with an idle helper killed between requests.
* ``soak``: a fresh server (default settings) gets ``--soak-n`` distinct one-answer requests
  (half polynomials and expressions that need the CAS, half numbers) from ``--soak-clients``
  threads, within ``--soak-max-seconds``; every 10,000 requests it prints the RSS (and PSS) of
  the server, the zygote and each helper, errors, wrong verdicts and timeouts; at the end the
  entries and limit of every cache in the server and in its helpers
  (``rlverify.runtime.caches.cache_sizes``).
* ``cache-bytes`` (in-process, no server): one process verifies the corpora and
  ``--cache-bytes-n`` soak items with the CAS inline and ``tracemalloc`` on, then empties each
  cache and prints the bytes that freed per entry and at its limit (docs/reliability.md's table).

    .venv/bin/python benchmarks/chaos.py                      # all but cache-bytes and soak, a few minutes
    .venv/bin/python benchmarks/chaos.py --normal 40 --mixed-clients 8 --json out.json
    nice -n 10 .venv/bin/python benchmarks/chaos.py --only kill9,soak --soak-n 100000 \\
        --out benchmarks/results/chaos-kill9-soak.txt --json benchmarks/results/chaos-kill9-soak.json
    nice -n 10 .venv/bin/python benchmarks/chaos.py --only cache-bytes --out benchmarks/results/chaos-cache-bytes.txt
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable

import httpx

TOKEN = "chaos-token"
BOMBS = [f"\\boxed{{(({n}!)!)!}}" for n in range(90, 120)]
CLIENT_TIMEOUT = 60.0  # seconds; a request without an answer by then is stuck
DEADLINE = 1.0         # the rule verifier's default item deadline


@dataclass
class Row:
    case: str
    latencies: list[float] = field(default_factory=list)  # seconds, one per answered request
    failures: int = 0
    stuck: int = 0
    note: str = ""

    @property
    def requests(self) -> int:
        return len(self.latencies) + self.stuck

    def quantile(self, q: float) -> float | None:
        if not self.latencies:
            return None
        xs = sorted(self.latencies)
        return xs[min(len(xs) - 1, max(0, int(round(q * (len(xs) - 1)))))]

    def summary(self) -> dict[str, Any]:
        ms = lambda x: None if x is None else round(x * 1000, 1)  # noqa: E731
        return {"case": self.case, "requests": self.requests, "failures": self.failures,
                "p50_ms": ms(self.quantile(0.5)), "p99_ms": ms(self.quantile(0.99)),
                "max_ms": ms(max(self.latencies) if self.latencies else None), "stuck": self.stuck,
                "note": self.note}


# ---------------------------------------------------------------- servers

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ``rlverify serve`` run by this wrapper answers a probe: when the file argv[1] appears it writes
# argv[1] + ".out" with the cache sizes of the server process and of its helpers (run in them).
_PROBED_SERVE = r"""
import json, os, sys, threading, time
from pathlib import Path

probe = Path(sys.argv[1])

def answer():
    from rlverify.runtime import bounded
    from rlverify.runtime.caches import process_caches
    got, lock = [], threading.Lock()
    def one():
        try:
            r = bounded.run_bounded(process_caches, 1.0, timeout=10.0)  # each call holds its helper 1 s
        except Exception as e:  # noqa: BLE001
            r = {"error": repr(e)}
        with lock:
            got.append(r)
    threads = [threading.Thread(target=one) for _ in range(bounded.MAX_HELPERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    helpers = {r["pid"]: r for r in got if "pid" in r}
    out = {"server": process_caches(), "helpers": list(helpers.values()),
           "errors": [r for r in got if "pid" not in r]}
    Path(str(probe) + ".tmp").write_text(json.dumps(out))
    os.replace(str(probe) + ".tmp", str(probe) + ".out")

def watch():
    while True:
        time.sleep(0.2)
        if probe.exists():
            probe.unlink()
            answer()

threading.Thread(target=watch, daemon=True).start()
from rlverify.cli import main
sys.exit(main(sys.argv[2:]))
"""


def start_server(args: list[str], ready_timeout: float = 120.0,
                 probe: str | None = None) -> tuple[subprocess.Popen, str, float]:
    """``rlverify serve`` on a free loopback port: (process, base URL, seconds until /health).
    ``probe``: run it through :data:`_PROBED_SERVE` with this probe file (see :func:`probe_caches`)."""
    port = free_port()
    serve = ["serve", "--host", "127.0.0.1", "--port", str(port), "--token", TOKEN, *args]
    cmd = ([sys.executable, "-c", _PROBED_SERVE, probe, *serve] if probe
           else [sys.executable, "-m", "rlverify.cli", *serve])
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    while time.monotonic() - t0 < ready_timeout:
        if proc.poll() is not None:
            raise SystemExit(f"server exited: {proc.stderr.read().decode() if proc.stderr else ''}")
        try:
            if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                return proc, url, time.monotonic() - t0
        except httpx.TransportError:
            pass
        time.sleep(0.05)
    proc.kill()
    raise SystemExit(f"server did not come up within {ready_timeout:.0f} s")


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


class SilentServer:
    """Loopback TCP server that accepts connections and never answers (a hung judge)."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(128)
        self.conns: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.sock.getsockname()[1]}/v1"

    def _accept(self) -> None:
        while True:
            try:
                self.conns.append(self.sock.accept()[0])
            except OSError:
                return

    def close(self) -> None:
        self.sock.close()
        for c in self.conns:
            c.close()


# ---------------------------------------------------------------- clients

def reward(client: httpx.Client, query: list[str], labels: list[str]) -> tuple[float | None, Any]:
    """(seconds, JSON) of one POST /reward; (None, error) when it got no answer in time."""
    t0 = time.monotonic()
    try:
        r = client.post(f"/reward?token={TOKEN}", json={"query": query, "labels": labels})
    except httpx.TimeoutException as e:
        return None, e
    return time.monotonic() - t0, r


def record(row: Row, seconds: float | None, r: Any, ok: Callable[[httpx.Response], bool]) -> None:
    if seconds is None:
        row.stuck += 1
        return
    row.latencies.append(seconds)
    if not isinstance(r, httpx.Response) or r.status_code != 200 or not ok(r):
        row.failures += 1


def rewards_are(values: list[float]) -> Callable[[httpx.Response], bool]:
    return lambda r: r.json().get("rewards") == values


def case_poisoned(url: str, n_normal: int) -> list[Row]:
    """The poisoned request, and one-answer requests sent one after another while it runs."""
    poisoned, normal = Row("poisoned request (30 CAS bombs)"), Row("normal during poisoned (1 answer)")

    def send_poison() -> None:
        with httpx.Client(base_url=url, timeout=CLIENT_TIMEOUT * 3) as c:
            s, r = reward(c, BOMBS, ["2"] * len(BOMBS))
            record(poisoned, s, r, rewards_are([0.0] * len(BOMBS)))

    t = threading.Thread(target=send_poison)
    t.start()
    time.sleep(0.5)
    with httpx.Client(base_url=url, timeout=CLIENT_TIMEOUT) as c:
        for i in range(n_normal):
            if not t.is_alive() and i >= 1:
                break
            s, r = reward(c, [f"so \\boxed{{{i}}}"], [str(i)])
            record(normal, s, r, rewards_are([1.0]))
            time.sleep(0.05)
    t.join()
    normal.note = "sent while the poisoned request ran"
    return [poisoned, normal]


def case_mixed(url: str, clients: int, per_client: int, bombs: int) -> list[Row]:
    """``clients`` trainers; every other request of each carries ``bombs`` CAS bombs."""
    poisoned = Row(f"mixed: poisoned ({bombs} bombs), {clients} clients")
    normal = Row(f"mixed: normal (1 answer), {clients} clients")
    lock = threading.Lock()
    timeouts = [0]

    def trainer(k: int) -> None:
        with httpx.Client(base_url=url, timeout=CLIENT_TIMEOUT) as c:
            for i in range(per_client):
                if (i + k) % 2:
                    s, r = reward(c, BOMBS[(k + i) % 20:(k + i) % 20 + bombs], ["2"] * bombs)
                    with lock:
                        record(poisoned, s, r, rewards_are([0.0] * bombs))
                else:  # needs the CAS too (fraction forms), through /verify to see the flags
                    item = {"response": f"\\boxed{{\\frac{{{k}}}{{{i + 2}}}}}", "gold": f"{k}/{i + 2}"}
                    t0 = time.monotonic()
                    try:
                        r = c.post(f"/verify?token={TOKEN}", json={"items": [item]})
                        s = time.monotonic() - t0
                    except httpx.TimeoutException as e:
                        s, r = None, e
                    with lock:
                        record(normal, s, r, lambda r: r.json()["verdicts"][0]["correct"] is True)
                        if isinstance(r, httpx.Response) and r.status_code == 200:
                            flags = r.json()["verdicts"][0]["flags"]
                            timeouts[0] += "timeout" in flags


    threads = [threading.Thread(target=trainer, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    normal.note = f"answers that need the CAS; {timeouts[0]} timed out (helpers busy with bombs)"
    return [poisoned, normal]


def case_cold_start(n: int) -> Row:
    """A fresh server: CAS requests the moment /health answers."""
    proc, url, ready = start_server([])
    row = Row("cold start: CAS items right after /health")
    late = 0
    try:
        items = [{"response": f"\\boxed{{x^2+{2 * k}x+{k * k}}}", "gold": f"(x+{k})^2"} for k in range(1, n + 1)]
        with httpx.Client(base_url=url, timeout=CLIENT_TIMEOUT) as c:
            for it in items:
                t0 = time.monotonic()
                try:
                    r = c.post(f"/verify?token={TOKEN}", json={"items": [it]})
                except httpx.TimeoutException:
                    row.stuck += 1
                    continue
                s = time.monotonic() - t0
                row.latencies.append(s)
                v = r.json()["verdicts"][0] if r.status_code == 200 else None
                if v is None or (s > DEADLINE + 0.5 and "timeout" not in v["flags"]):
                    late += 1
                    row.failures += 1
                elif not v["correct"]:
                    row.failures += 1
    finally:
        stop(proc)
    row.note = f"healthy after {ready:.1f} s (warm-up included); {late} over deadline+0.5 s unflagged"
    return row


def case_silent_judge(n: int, budget: float) -> Row:
    silent = SilentServer()
    options = {"hybrid": {"judge": "openai", "judge_options": {"base_url": silent.url, "model": "m", "retries": 2}}}
    proc, url, _ = start_server(["--verifier", "hybrid", "--options", json.dumps(options),
                                 "--judge-budget", str(budget), "--workers", "0"])
    row = Row(f"silent judge (hybrid, budget {budget:g} s)")
    item = {"response": "The answer is \\boxed{the area of the circle}", "gold": "\\pi r^2"}
    try:
        def one(k: int) -> None:
            with httpx.Client(base_url=url, timeout=CLIENT_TIMEOUT) as c:
                t0 = time.monotonic()
                try:
                    r = c.post(f"/verify?token={TOKEN}", json={"items": [{**item, "question": f"q{k}"}]})
                except httpx.TimeoutException:
                    row.stuck += 1
                    return
                s = time.monotonic() - t0
                row.latencies.append(s)
                v = r.json()["verdicts"][0] if r.status_code == 200 else {}
                if "judge_unavailable" not in v.get("flags", ()) or v.get("source") != "rule" or s > budget + 2:
                    row.failures += 1

        threads = [threading.Thread(target=one, args=(k,)) for k in range(n)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        stop(proc)
        silent.close()
    row.note = "rule verdict + judge_unavailable expected"
    return row


def _addr(url: str) -> tuple[str, int]:
    host, port = url.split("//")[1].rsplit(":", 1)
    return host, int(port)


def case_no_token(url: str, n: int) -> Row:
    row = Row("no token, 30 MB declared, no body")
    head = (f"POST /reward HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {30 * 1024 * 1024}\r\n\r\n").encode()
    for _ in range(n):
        with socket.create_connection(_addr(url), timeout=5) as s:
            t0 = time.monotonic()
            s.sendall(head)
            try:
                reply = s.recv(4096)
            except socket.timeout:
                row.stuck += 1
                continue
            row.latencies.append(time.monotonic() - t0)
            row.failures += not reply.startswith(b"HTTP/1.1 401")
    row.note = "401 before the body"
    return row


def case_idle_connections(url: str, n: int, header_timeout: float) -> Row:
    """``n`` sockets: half send nothing, half trickle a request head that never ends."""
    row = Row(f"silent/slow-header connections (timeout {header_timeout:g} s)")
    limit = header_timeout + 3.0
    lock = threading.Lock()

    def one(k: int) -> None:
        with socket.create_connection(_addr(url), timeout=limit) as s:
            t0 = time.monotonic()
            s.settimeout(0.2)
            trickle = b"" if k % 2 else b"POST /reward HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 200
            sent = 0
            while time.monotonic() - t0 < limit:
                try:
                    if sent < len(trickle):
                        s.sendall(trickle[sent:sent + 1])
                        sent += 1
                    if s.recv(4096) == b"":
                        with lock:
                            row.latencies.append(time.monotonic() - t0)
                        return
                except socket.timeout:
                    continue
                except OSError:
                    with lock:
                        row.latencies.append(time.monotonic() - t0)
                    return
            with lock:
                row.stuck += 1

    threads = [threading.Thread(target=one, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    row.note = "latency = time until the server closed the connection"
    return row


def _raw(url: str, data: bytes, timeout: float = 30.0) -> bytes:
    """Send ``data`` on one connection and read until the server stops sending (or closes)."""
    with socket.create_connection(_addr(url), timeout=timeout) as s:
        s.sendall(data)
        out = b""
        s.settimeout(2.0)
        try:
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                out += chunk
        except socket.timeout:
            pass
        return out


def _post_head(path: str, body: bytes, extra: str = "") -> bytes:
    return (f"POST {path}?token={TOKEN} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n{extra}\r\n").encode() + body


def bad_inputs() -> list[tuple[str, Callable[[str], list[int]], set[int], int]]:
    """(name, send(url) -> the status codes received, the acceptable codes, how many answers)
    for the bad-input list of issue 18."""
    def http(body: Any = None, content: bytes | None = None, path: str = "/reward") -> Callable[[str], list[int]]:
        def send(url: str) -> list[int]:
            with httpx.Client(base_url=url, timeout=CLIENT_TIMEOUT) as c:
                kw = {"json": body} if content is None else {"content": content}
                return [c.post(f"{path}?token={TOKEN}", headers={"content-type": "application/json"}, **kw).status_code]
        return send

    def raw(data_fn: Callable[[], bytes]) -> Callable[[str], list[int]]:
        def send(url: str) -> list[int]:
            reply = _raw(url, data_fn())
            return [int(code) for code in re.findall(rb"HTTP/1\.1 (\d{3}) ", reply)]  # responses run together
        return send

    deep = b'{"query": ' + b"[" * 100_000 + b"]" * 100_000 + b', "labels": []}'
    chunked = lambda: (f"POST /reward?token={TOKEN} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"  # noqa: E731
                       "Transfer-Encoding: chunked\r\n\r\n").encode() + b"".join(
        f"{len(p):x}\r\n".encode() + p + b"\r\n" for p in (b'{"query": ["\\\\boxed{2}"], ', b'"labels": ["2"]}')) + b"0\r\n\r\n"
    one = json.dumps({"query": ["\\boxed{5}"], "labels": ["5"]}).encode()
    return [
        ("malformed JSON", http(content=b'{"query": ['), {422}, 1),
        ("wrong types", http({"query": [1, {"a": 2}], "labels": [None, [3]]}), {422}, 1),
        ("10 MB body", http({"query": ["x" * (10 * 1024 * 1024)], "labels": ["1"]}), {200}, 1),
        ("100k items", http({"query": ["\\boxed{1}"] * 100_000, "labels": ["1"] * 100_000}), {413}, 1),
        ("deep nesting", http(content=deep), {422}, 1),
        ("lone surrogates", http(content=b'{"query": ["\\ud800\\boxed{1}\\udfff"], "labels": ["\\udc00"]}'),
         {200, 422}, 1),
        ("chunked body", raw(chunked), {200}, 1),
        ("pipelined x3", raw(lambda: _post_head("/reward", one) * 3), {200}, 3),
    ]


def case_bad_input(url: str) -> Row:
    row = Row("bad input list, each followed by a normal request")
    failed: list[str] = []
    with httpx.Client(base_url=url, timeout=CLIENT_TIMEOUT) as c:
        for name, send, expected, answers in bad_inputs():
            t0 = time.monotonic()
            try:
                codes = send(url)
            except (httpx.TimeoutException, socket.timeout):
                row.stuck += 1
                failed.append(name)
                continue
            row.latencies.append(time.monotonic() - t0)
            s, r = reward(c, ["\\boxed{\\frac{3}{4}}"], ["0.75"])
            if len(codes) != answers or not set(codes) <= expected or s is None or r.json().get("rewards") != [1.0]:
                row.failures += 1
                failed.append(f"{name} {codes}")
    row.note = ("no 5xx, the expected 4xx, a correct answer after each (raw-socket cases include 2 s of read "
                "silence)" + (f"; failed: {', '.join(failed)}" if failed else ""))
    return row


# ---------------------------------------------------------------- processes (Linux /proc)

def _stat(pid: int) -> list[str] | None:
    """Fields of /proc/<pid>/stat after the command name (state first), or None."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            s = f.read()
    except OSError:
        return None
    return s[s.rindex(")") + 2:].split()


def _children_map() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            st = _stat(int(d))
            if st is not None:
                kids.setdefault(int(st[1]), []).append(int(d))
    return kids


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def server_processes(server: int) -> dict[str, list[int]]:
    """The server's processes: ``zygote`` (its child running ``_zygote_main``), ``helpers`` (the
    zygote's live children), ``zombies`` (dead children not yet reaped), ``other`` descendants."""
    kids = _children_map()
    zygote = [p for p in kids.get(server, []) if "_zygote_main" in _cmdline(p)]
    helpers, zombies = [], []
    for z in zygote:
        for h in kids.get(z, []):
            (zombies if (_stat(h) or ["Z"])[0] in "ZX" else helpers).append(h)
    other, todo = [], [p for p in kids.get(server, []) if p not in zygote]
    while todo:
        p = todo.pop()
        other.append(p)
        todo += kids.get(p, [])
    return {"zygote": zygote, "helpers": sorted(helpers), "zombies": zombies, "other": other}


def memory_kb(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of a process in kB; (0, 0) when it is gone."""
    rss = pss = 0
    try:
        with open(f"/proc/{pid}/status") as f:
            rss = next((int(line.split()[1]) for line in f if line.startswith("VmRSS:")), 0)
        with open(f"/proc/{pid}/smaps_rollup") as f:
            pss = next((int(line.split()[1]) for line in f if line.startswith("Pss:")), 0)
    except OSError:
        pass
    return rss, pss


def cpu_ticks(pid: int) -> int:
    st = _stat(pid)
    return int(st[11]) + int(st[12]) if st else -1


def probe_caches(probe: str, timeout: float = 60.0) -> dict[str, Any] | None:
    """Ask a server started with ``probe`` for its caches and its helpers' caches."""
    out = Path(probe + ".out")
    out.unlink(missing_ok=True)
    Path(probe).write_text("?")
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if out.exists():
            return json.loads(out.read_text())
        time.sleep(0.1)
    return None


# ---------------------------------------------------------------- kill -9 of a helper

class Conn:
    """One keep-alive loopback HTTP connection (http.client: less client CPU than httpx)."""

    def __init__(self, url: str, timeout: float = CLIENT_TIMEOUT) -> None:
        self.addr, self.timeout = _addr(url), timeout
        self.c: http.client.HTTPConnection | None = None

    def verify(self, items: list[dict[str, str]]) -> tuple[float | None, int, list[dict] | None]:
        """(seconds or None when it got no answer, status, verdicts)."""
        body = json.dumps({"items": items})
        t0 = time.monotonic()
        for attempt in (0, 1):
            try:
                if self.c is None:
                    self.c = http.client.HTTPConnection(*self.addr, timeout=self.timeout)
                self.c.request("POST", f"/verify?token={TOKEN}", body, {"Content-Type": "application/json"})
                r = self.c.getresponse()
                data = r.read()
                s = time.monotonic() - t0
                return s, r.status, (json.loads(data).get("verdicts") if r.status == 200 else None)
            except socket.timeout:
                self.close()
                return None, 0, None
            except (http.client.HTTPException, OSError):
                self.close()  # a keep-alive connection the server closed: once more on a new one
                if attempt:
                    return time.monotonic() - t0, 0, None
        return None, 0, None

    def close(self) -> None:
        if self.c is not None:
            self.c.close()
            self.c = None


def cas_item(k: int) -> dict[str, str]:
    """A right answer that needs the CAS (expanding a square), distinct for each k."""
    return {"response": f"The answer is \\boxed{{x^2+{2 * k}x+{k * k}}}", "gold": f"(x+{k})^2"}


def _cas_requests(conn: Conn, row: Row, ks: range) -> None:
    for k in ks:
        s, status, verdicts = conn.verify([cas_item(k)])
        if s is None:
            row.stuck += 1
            continue
        row.latencies.append(s)
        v = verdicts[0] if verdicts else None
        if v is None or v.get("correct") is not True:
            row.failures += 1
            row.note += f"; k={k}: {status} {v and v.get('flags')}"


def _wait_helpers(server: int, n: int, gone: int | None, timeout: float) -> tuple[float | None, list[int]]:
    """Seconds until ``n`` live helpers exist and ``gone`` is not one of them (None: not by ``timeout``)."""
    t0 = time.monotonic()
    while True:
        hs = server_processes(server)["helpers"]
        if len(hs) >= n and gone not in hs:
            return time.monotonic() - t0, hs
        if time.monotonic() - t0 > timeout:
            return None, hs
        time.sleep(0.02)


def _bomb(url: str, j: int, answer: dict[str, Any]) -> None:
    """One request of one CAS bomb (it runs the CAS to its deadline); its answer into ``answer``."""
    c = Conn(url)
    answer["sent"] = time.monotonic()
    s, status, verdicts = c.verify([{"response": BOMBS[j % len(BOMBS)], "gold": "2"}])
    answer.update(done=time.monotonic(), seconds=s, status=status, verdict=verdicts[0] if verdicts else None)
    c.close()


def _demand(url: str, n: int, j: int) -> list[dict[str, Any]]:
    """``n`` bomb requests at once: each needs a helper of its own, so the server must have ``n``."""
    answers: list[dict[str, Any]] = [{} for _ in range(n)]
    threads = [threading.Thread(target=_bomb, args=(url, j + i, answers[i])) for i in range(n)]
    for t in threads:
        t.start()
    time.sleep(0.5)  # all of them running in helpers now
    return answers, threads


def case_kill9(trials: int, after: int) -> tuple[list[Row], list[dict[str, Any]]]:
    """``kill -9`` a CAS helper while it serves a request, ``trials`` times; then an idle one as often."""
    proc, url, _ = start_server(["--workers", "0"])
    server = proc.pid
    base = Row(f"kill -9: {after} CAS requests before (baseline)")
    mid = Row(f"kill -9 of the busy helper mid-request (x{trials})")
    nxt = Row(f"kill -9: next {after} CAS requests after each kill")
    idle = Row(f"kill -9 of an idle helper, next {after} CAS requests (x{trials})")
    log: list[dict[str, Any]] = []
    k = 100_000  # CAS items never seen before, so nothing comes from a memo
    try:
        conn = Conn(url)
        _cas_requests(conn, Row("warm"), range(k, k + 8))
        k += 8
        _cas_requests(conn, base, range(k, k + after))
        k += after
        answers, threads = _demand(url, 4, 0)
        n_helpers = len(server_processes(server)["helpers"])  # every helper up (4 unless RLVERIFY_MAX_HELPERS)
        for t in threads:
            t.join()
        for t in range(trials):
            ticks = {p: cpu_ticks(p) for p in server_processes(server)["helpers"]}
            answer: dict[str, Any] = {}
            th = threading.Thread(target=_bomb, args=(url, t, answer))
            th.start()
            victim, t_kill = None, None
            t0 = time.monotonic()
            while victim is None and time.monotonic() - t0 < 0.9:  # the helper burning CPU on the bomb
                time.sleep(0.05)
                for p in server_processes(server)["helpers"]:  # one may have started for this request
                    ticks.setdefault(p, cpu_ticks(p))
                grown = {p: cpu_ticks(p) - t0_ticks for p, t0_ticks in ticks.items()}
                busy = max(grown, key=grown.get) if grown else None
                if busy is not None and grown[busy] >= 3 and time.monotonic() - t0 >= 0.2:
                    victim = busy
            if victim is not None:
                os.kill(victim, signal.SIGKILL)
                t_kill = time.monotonic()
            th.join(CLIENT_TIMEOUT + 5)
            v = answer.get("verdict") or {}
            entry = {"trial": t, "killed": victim, "status": answer.get("status"), "flags": v.get("flags"),
                     "correct": v.get("correct"), "request_s": answer.get("seconds"),
                     "kill_to_answer_s": (answer["done"] - t_kill) if t_kill and "done" in answer else None}
            failed = nxt.failures
            _cas_requests(conn, nxt, range(k, k + after))
            k += after
            entry["next_failures"] = nxt.failures - failed
            # the replacement: helpers start on demand, so ask for all of them at once
            answers, threads = _demand(url, n_helpers, 10 + t)
            now = server_processes(server)["helpers"]
            for th in threads:
                th.join()
            entry["helpers_under_demand"] = now
            entry["replaced"] = victim not in now and len(now) >= n_helpers
            entry["zombies"] = server_processes(server)["zombies"]
            if answer.get("seconds") is None:
                mid.stuck += 1
            else:
                mid.latencies.append(answer["seconds"])
                mid.failures += not (victim is not None and answer.get("status") == 200 and v.get("correct") is False
                                     and v.get("flags") and entry["replaced"])
            log.append(entry)
        for t in range(trials):  # an idle helper, killed between requests
            _cas_requests(conn, Row("refill"), range(k, k + after))  # the bombs' helpers were ended: use live ones
            k += after
            helpers = server_processes(server)["helpers"]
            victim = helpers[t % len(helpers)] if helpers else None
            if victim is not None:
                os.kill(victim, signal.SIGKILL)
                time.sleep(0.05)
            failed = idle.failures
            _cas_requests(conn, idle, range(k, k + after))
            k += after
            answers, threads = _demand(url, n_helpers, 20 + t)
            now = server_processes(server)["helpers"]
            for th in threads:
                th.join()
            log.append({"trial": t, "idle_killed": victim, "live_before": helpers, "failures": idle.failures - failed,
                        "helpers_under_demand": now, "replaced": victim not in now and len(now) >= n_helpers,
                        "bomb_flags": sorted({",".join((a.get("verdict") or {}).get("flags") or ["none"]) for a in answers}),
                        "zombies": server_processes(server)["zombies"]})
        conn.close()
    finally:
        stop(proc)
    kills = [e for e in log if "killed" in e]
    mid.note = (f"{sum(bool(e['replaced']) for e in kills)}/{len(kills)} replaced (under demand for {n_helpers}); "
                "flags: " + ", ".join(sorted({",".join(e["flags"] or ["none"]) for e in kills}))
                + "; kill to answer ms: " + ", ".join(f"{1000 * e['kill_to_answer_s']:.0f}" for e in kills
                                                      if e["kill_to_answer_s"] is not None))
    nxt.note = (nxt.note.lstrip("; ") or "all right") + f" (baseline p50 {1000 * (base.quantile(0.5) or 0):.1f} ms)"
    idles = [e for e in log if "idle_killed" in e]
    idle.note = (f"{sum(bool(e['replaced']) for e in idles)}/{len(idles)} replaced; "
                 + (idle.note.lstrip("; ")[:400] or "all right"))
    return [base, mid, nxt, idle], log


# ---------------------------------------------------------------- soak

def soak_item(i: int) -> tuple[dict[str, str], bool]:
    """Request ``i`` of the soak: (item, expected verdict); distinct for every i; even kinds need the CAS."""
    a = i // 8 + 2
    kind = i % 8
    if kind == 0:
        return {"response": f"so \\boxed{{x^2+{2 * a}x+{a * a}}}", "gold": f"(x+{a})^2"}, True
    if kind == 2:
        return {"response": f"so \\boxed{{x^2+{2 * a}x+{a * a + 1}}}", "gold": f"(x+{a})^2"}, False
    if kind == 4:
        return {"response": f"We get \\boxed{{(x+{a})(x-1)}}.", "gold": f"x^2+{a - 1}x-{a}"}, True
    if kind == 6:
        return {"response": f"Thus \\boxed{{{a}x+{a}y}}", "gold": f"{a}(x+y)"}, True
    if kind == 1:
        return {"response": f"The answer is \\boxed{{{i}}}.", "gold": str(i)}, True
    if kind == 3:
        return {"response": f"The answer is \\boxed{{{i + 1}}}.", "gold": str(i)}, False
    if kind == 5:
        return {"response": f"So it is \\boxed{{\\frac{{{i}}}{{7}}}}", "gold": f"{i}/7"}, True
    return {"response": f"Final answer: {i}.5", "gold": f"\\frac{{{2 * i + 1}}}{{2}}"}, True


def case_soak(n: int, clients: int, every: int, max_seconds: float, probe: str) -> tuple[Row, list[dict], Any]:
    """``n`` distinct requests to a fresh server; memory of its processes every ``every`` requests."""
    proc, url, _ = start_server([], probe=probe)
    server = proc.pid
    row = Row(f"soak: {n:,} distinct requests, {clients} clients")
    samples: list[dict[str, Any]] = []
    lock = threading.Lock()
    counts = {"next": 0, "done": 0, "errors": 0, "wrong": 0, "timeouts": 0, "stuck": 0}
    t0 = time.monotonic()

    def sample() -> None:
        ps = server_processes(server)
        mem = {p: memory_kb(p) for p in [server, *ps["zygote"], *ps["helpers"], *ps["other"]]}
        samples.append({"requests": counts["done"], "seconds": round(time.monotonic() - t0, 1),
                        "server_rss_mb": mem[server][0] / 1024, "zygote_rss_mb": [mem[p][0] / 1024 for p in ps["zygote"]],
                        "helpers": {p: mem[p][0] / 1024 for p in ps["helpers"]},
                        "other_rss_mb": [mem[p][0] / 1024 for p in ps["other"]],
                        "total_rss_mb": sum(m[0] for m in mem.values()) / 1024,
                        "total_pss_mb": sum(m[1] for m in mem.values()) / 1024,
                        "zombies": len(ps["zombies"]),
                        **{k: counts[k] for k in ("errors", "wrong", "timeouts", "stuck")}})
        print(soak_line(samples[-1]), flush=True)

    def client() -> None:
        conn = Conn(url)
        while True:
            with lock:
                i = counts["next"]
                if i >= n or time.monotonic() - t0 > max_seconds:
                    break
                counts["next"] += 1
            item, expected = soak_item(i)
            s, status, verdicts = conn.verify([item])
            v = verdicts[0] if verdicts else None
            with lock:
                if s is None:
                    counts["stuck"] += 1
                else:
                    row.latencies.append(s)
                if v is None:
                    counts["errors"] += s is not None
                else:
                    counts["wrong"] += v.get("correct") is not expected
                    counts["timeouts"] += "timeout" in (v.get("flags") or ())
                counts["done"] += 1
                if counts["done"] % every == 0:
                    sample()
        conn.close()

    try:
        print(soak_header(), flush=True)
        sample()
        threads = [threading.Thread(target=client) for _ in range(clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if counts["done"] % every:
            sample()
        caches = probe_caches(probe)
    finally:
        stop(proc)
        for f in (probe, probe + ".out"):
            Path(f).unlink(missing_ok=True)
    row.failures = counts["errors"] + counts["wrong"]
    row.stuck = counts["stuck"]
    elapsed = time.monotonic() - t0
    row.note = (f"{counts['done']:,} answered in {elapsed:.0f} s ({counts['done'] / elapsed:.0f}/s); "
                f"{counts['errors']} errors, {counts['wrong']} wrong, {counts['timeouts']} timeouts")
    return row, samples, caches


def soak_header() -> str:
    return ("| requests | seconds | server RSS MB | zygote RSS MB | helpers RSS MB (each) | all RSS MB | all PSS MB "
            "| errors | wrong | timeouts |\n|---|---|---|---|---|---|---|---|---|---|")


def soak_line(s: dict[str, Any]) -> str:
    zy = ", ".join(f"{x:.0f}" for x in s["zygote_rss_mb"]) or "-"
    hs = ", ".join(f"{x:.0f}" for x in s["helpers"].values()) or "-"
    return (f"| {s['requests']:,} | {s['seconds']:.0f} | {s['server_rss_mb']:.0f} | {zy} | {hs} | "
            f"{s['total_rss_mb']:.0f} | {s['total_pss_mb']:.0f} | {s['errors']} | {s['wrong']} | {s['timeouts']} |")


def cache_table(caches: dict[str, Any] | None) -> str:
    """Entries / limit of every cache in the server and in each helper it reached."""
    if not caches:
        return "(no cache report from the server)"
    procs = [("server", caches["server"])] + [(f"helper {h['pid']}", h) for h in caches["helpers"]]
    names = sorted({c["name"] for _, p in procs for c in p["caches"]})
    by = [{c["name"]: c for c in p["caches"]} for _, p in procs]
    lines = ["| cache | limit | " + " | ".join(n for n, _ in procs) + " |",
             "|---|---|" + "---|" * len(procs)]
    for name in names:
        limit = next(b[name]["limit"] for b in by if name in b)
        lines.append(f"| {name} | {limit:,} | " + " | ".join(f"{b[name]['entries']:,}" if name in b else "-" for b in by) + " |")
    if caches.get("errors"):
        lines.append(f"(helper probes that failed: {caches['errors']})")
    return "\n".join(lines)


# ---------------------------------------------------------------- bytes per cache entry

_CACHE_BYTES = r"""
import glob, json, sys, tracemalloc
tracemalloc.start()
import rlverify
from rlverify.analysis.evaluate import load_rows
from rlverify.runtime.caches import cache_sizes, measure_cache_bytes
sys.path.insert(0, sys.argv[2])
from chaos import soak_item

v = rlverify.get_verifier("rule")
for f in sorted(glob.glob(sys.argv[1] + "/*.jsonl.gz")):
    for r in load_rows([f]).rows:
        v.verify(r.response, r.gold, r.question)
for i in range(int(sys.argv[3])):
    item, _ = soak_item(i)
    v.verify(item["response"], item["gold"])
# the caches the rule verifier does not use: a judge's cache keyed like a judge backend's, the
# verifiers of rlverify.verify() by options, math-verify's parsed golds
from rlverify.judge.cache import JudgeCache
from rlverify.judge.base import JudgeResult
judge_cache = JudgeCache()
rows = [r for f in sorted(glob.glob(sys.argv[1] + "/*.jsonl.gz")) for r in load_rows([f]).rows]
for r in rows:  # the judge sees the extracted answer: the response's last 200 characters stand in for it
    judge_cache.put(("fingerprint", "model", r.question, r.gold, r.response[-200:]), JudgeResult(True))
for k in range(20):
    rlverify.verify("\\boxed{1}", "1", timeout=1.0 + k / 100)
try:
    mv = rlverify.get_verifier("math-verify")
    for g in sorted({r.gold for r in rows})[:2000]:
        mv._gold(g)
except Exception as e:  # noqa: BLE001 - math-verify not installed
    print("math-verify:", e, file=sys.stderr)
del rows
sizes = {d["name"]: d for d in cache_sizes()}
freed = measure_cache_bytes()
print(json.dumps([sizes[n] | {"bytes": freed.get(n, 0)} for n in sorted(sizes)]))
"""


def case_cache_bytes(n_soak: int) -> list[dict[str, Any]]:
    """Bytes per entry of every cache: one process (CAS inline, so the helpers' caches fill in it
    too) verifies the corpora under data/corpora and ``n_soak`` soak items with ``tracemalloc``
    on, then empties each cache and counts the bytes that freed."""
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "RLVERIFY_BOUNDED_INLINE": "1"}
    out = subprocess.run([sys.executable, "-c", _CACHE_BYTES, str(root / "data" / "corpora"),
                          str(Path(__file__).resolve().parent), str(n_soak)],
                         env=env, capture_output=True, text=True, timeout=3600)
    if out.returncode:
        raise SystemExit(out.stderr[-2000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def cache_bytes_table(rows: list[dict[str, Any]]) -> str:
    lines = ["| cache | entries | limit | bytes/entry | MB at the limit |", "|---|---|---|---|---|"]
    total = 0.0
    for d in rows:
        per = d["bytes"] / d["entries"] if d["entries"] else None
        at = per * d["limit"] / 2**20 if per is not None else None
        total += at or 0
        lines.append(f"| {d['name']} | {d['entries']:,} | {d['limit']:,} | {'-' if per is None else f'{per:,.0f}'} | "
                     f"{'-' if at is None else f'{at:,.1f}'} |")
    lines.append(f"| all (measured ones) | | | | {total:,.0f} |")
    return "\n".join(lines)


# ---------------------------------------------------------------- report

CASES = ("poisoned", "mixed", "no-token", "idle", "bad-input", "cold-start", "silent-judge", "kill9", "cache-bytes", "soak")

def table(rows: list[Row]) -> str:
    head = f"| {'case':<52} | requests | failures | p50 ms | p99 ms | max ms | stuck |"
    lines = [head, "|" + "|".join("-" * (len(c)) for c in head.split("|")[1:-1]) + "|"]
    fmt = lambda x: "-" if x is None else f"{x:,.0f}" if x >= 100 else f"{x:.1f}"  # noqa: E731
    for row in rows:
        s = row.summary()
        lines.append(f"| {s['case']:<52} | {s['requests']:>8} | {s['failures']:>8} | {fmt(s['p50_ms']):>6} | "
                     f"{fmt(s['p99_ms']):>6} | {fmt(s['max_ms']):>6} | {s['stuck']:>5} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--normal", type=int, default=40, help="normal requests during the poisoned one")
    ap.add_argument("--mixed-clients", type=int, default=8)
    ap.add_argument("--mixed-requests", type=int, default=10, help="requests per mixed-load client")
    ap.add_argument("--mixed-bombs", type=int, default=2, help="CAS bombs per poisoned mixed-load request")
    ap.add_argument("--judge-budget", type=float, default=3.0)
    ap.add_argument("--header-timeout", type=float, default=2.0)
    ap.add_argument("--json", default=None, help="also write the rows as JSON here")
    ap.add_argument("--only", default=None, metavar="CASES",
                    help=f"comma-separated cases to run, of {', '.join(CASES)} or all (default: all but cache-bytes and soak)")
    ap.add_argument("--kill9-trials", type=int, default=5, help="helpers killed mid-request (and idle ones)")
    ap.add_argument("--kill9-after", type=int, default=30, help="CAS requests checked after each kill")
    ap.add_argument("--soak-n", type=int, default=100_000, help="distinct requests of the soak")
    ap.add_argument("--soak-clients", type=int, default=8, help="client threads of the soak")
    ap.add_argument("--soak-every", type=int, default=10_000, help="report memory every this many requests")
    ap.add_argument("--soak-max-seconds", type=float, default=3600.0, help="the soak stops sending after this")
    ap.add_argument("--cache-bytes-n", type=int, default=40_000, help="soak items the cache-bytes case verifies")
    ap.add_argument("--out", default=None, help="also write everything printed here (raw output)")
    args = ap.parse_args(argv)
    if args.only is None:
        only = set(CASES) - {"cache-bytes", "soak"}
    else:
        only = set(CASES) if args.only == "all" else set(args.only.split(","))
    if only - set(CASES):
        ap.error(f"unknown cases: {', '.join(sorted(only - set(CASES)))}")
    out = open(args.out, "w") if args.out else None  # noqa: SIM115
    if out:
        real = sys.stdout

        class Tee:
            def write(self, s: str) -> int:
                out.write(s)
                return real.write(s)

            def flush(self) -> None:
                out.flush()
                real.flush()

        sys.stdout = Tee()  # type: ignore[assignment]

    settings = " ".join(f"{k}={v}" for k, v in sorted(os.environ.items()) if k.startswith("RLVERIFY_"))
    print(f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: chaos.py {' '.join(argv or sys.argv[1:])}"
          f"{'; ' + settings if settings else ''}; load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores")
    t0 = time.monotonic()
    rows: list[Row] = []
    extra: dict[str, Any] = {}
    ready = None
    shared = {"poisoned", "mixed", "no-token", "idle", "bad-input"} & only
    if shared:
        proc, url, ready = start_server(["--header-timeout", str(args.header_timeout), "--workers", "0"])
        try:
            if "poisoned" in only:
                rows += case_poisoned(url, args.normal)
            if "mixed" in only:
                rows += case_mixed(url, args.mixed_clients, args.mixed_requests, args.mixed_bombs)
            if "no-token" in only:
                rows.append(case_no_token(url, 20))
            if "idle" in only:
                rows.append(case_idle_connections(url, 40, args.header_timeout))
            if "bad-input" in only:
                rows.append(case_bad_input(url))
        finally:
            stop(proc)
    if "cold-start" in only:
        rows.append(case_cold_start(8))
    if "silent-judge" in only:
        rows.append(case_silent_judge(8, args.judge_budget))
    if "kill9" in only:
        kill_rows, extra["kill9"] = case_kill9(args.kill9_trials, args.kill9_after)
        rows += kill_rows
        print("kill -9 log:")
        for e in extra["kill9"]:
            print(" ", json.dumps(e))
    if "cache-bytes" in only:
        extra["cache_bytes"] = case_cache_bytes(args.cache_bytes_n)
        print(f"bytes per cache entry (corpora + {args.cache_bytes_n:,} soak items, one process, tracemalloc):")
        print(cache_bytes_table(extra["cache_bytes"]))
    if "soak" in only:
        probe = f"/tmp/rlverify-chaos-probe-{os.getpid()}"
        print(f"soak: {args.soak_n:,} requests, {args.soak_clients} clients, memory every {args.soak_every:,}:")
        soak_row, extra["soak"], extra["caches"] = case_soak(args.soak_n, args.soak_clients, args.soak_every,
                                                            args.soak_max_seconds, probe)
        rows.append(soak_row)
        print("caches at the end of the soak (entries):")
        print(cache_table(extra["caches"]))
    print(table(rows))
    for row in rows:
        if row.note:
            print(f"- {row.case}: {row.note}")
    print((f"(server healthy {ready:.1f} s after start; " if ready is not None else "(")
          + f"whole run {time.monotonic() - t0:.0f} s)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rows": [r.summary() | ({"latencies_s": r.latencies} if len(r.latencies) <= 1000 else {})
                                for r in rows], **extra}, f, indent=1)  # not the soak's 100,000 latencies
    if out:
        sys.stdout = real
        out.close()
    return 0 if all(r.failures == 0 and r.stuck == 0 for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
