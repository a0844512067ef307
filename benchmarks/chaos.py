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

    .venv/bin/python benchmarks/chaos.py                      # all cases, a few minutes
    .venv/bin/python benchmarks/chaos.py --normal 40 --mixed-clients 8 --json out.json
"""

from __future__ import annotations

import argparse
import json
import re
import socket
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass, field
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


def start_server(args: list[str], ready_timeout: float = 120.0) -> tuple[subprocess.Popen, str, float]:
    """``rlverify serve`` on a free loopback port: (process, base URL, seconds until /health)."""
    port = free_port()
    cmd = [sys.executable, "-m", "rlverify.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
           "--token", TOKEN, *args]
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


# ---------------------------------------------------------------- report

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
    args = ap.parse_args(argv)

    t0 = time.monotonic()
    rows: list[Row] = []
    proc, url, ready = start_server(["--header-timeout", str(args.header_timeout), "--workers", "0"])
    try:
        rows += case_poisoned(url, args.normal)
        rows += case_mixed(url, args.mixed_clients, args.mixed_requests, args.mixed_bombs)
        rows.append(case_no_token(url, 20))
        rows.append(case_idle_connections(url, 40, args.header_timeout))
        rows.append(case_bad_input(url))
    finally:
        stop(proc)
    rows.append(case_cold_start(8))
    rows.append(case_silent_judge(8, args.judge_budget))
    print(table(rows))
    for row in rows:
        if row.note:
            print(f"- {row.case}: {row.note}")
    print(f"(server healthy {ready:.1f} s after start; whole run {time.monotonic() - t0:.0f} s)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump([r.summary() | {"latencies_s": r.latencies} for r in rows], f, indent=1)
    return 0 if all(r.failures == 0 and r.stuck == 0 for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
