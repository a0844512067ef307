"""Load-test the reward server against in-process verification.

Starts ``rlverify serve`` on 127.0.0.1 (a subprocess), then for 1, 8 and 64 concurrent
clients sends OpenRLHF-style ``POST /reward`` requests (prompt + response, label) built from
the labelled corpora, and reports rewards/s, p50/p99 latency and failed requests, next to
the in-process ``verify_batch`` throughput on the same items (ratio). Finally it sends
``--memory-requests`` more requests and reports the server's RSS before and after.

The load client runs in this process, on the same CPUs as the server (a trainer's clients
are other machines). So each level also reports the CPU time per request of the server
process and of this client, and the CPU time per item of in-process verification (one
thread); ``cpu bound`` is the rewards/s that the measured CPU time of the server's process
tree and the client allow on this machine's CPUs (what this server would reach here if
nothing else ran).

    .venv/bin/python benchmarks/server_load.py                       # defaults
    .venv/bin/python benchmarks/server_load.py --items-per-request 32 --requests 500
    .venv/bin/python benchmarks/server_load.py --memory-requests 100000 --json out.json
    .venv/bin/python benchmarks/server_load.py --session-per-request   # OpenRLHF 0.11's client shape

Only loopback, only bounded request loops.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import socket
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Iterator

import httpx

from rlverify.analysis.datasets import corpus_paths, data_root, read_jsonl
from rlverify.integrations.server import DEFAULT_POOL_WORKERS

from _procfs import children, cpu_seconds, descendants, rss_mib  # benchmarks/_procfs.py

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = data_root() / "corpora"


@dataclass(frozen=True)
class LevelResult:
    clients: int
    requests: int
    items: int
    failed: int
    seconds: float
    rewards_per_s: float
    p50_ms: float
    p99_ms: float
    ratio_to_in_process: float
    server_cpu_ms_per_request: float
    client_cpu_ms_per_request: float
    cpu_bound_rewards_per_s: float


def load_items(data_dir: Path, limit: int) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for path in corpus_paths(data_dir.parent):
        for r in read_jsonl(path):
            items.append({"response": r["response"], "gold": str(r["gold"]), "question": r["question"]})
    if not items:
        raise SystemExit(f"no corpus rows under {data_dir}")
    return items[:limit]


def payloads(items: list[dict[str, Any]], per_request: int) -> Iterator[dict[str, Any]]:
    """OpenRLHF bodies: query = prompt + response, cycling over the items forever."""
    i = 0
    while True:
        chunk = [items[(i + k) % len(items)] for k in range(per_request)]
        i += per_request
        prompts = [f"Question: {it['question']}\nAnswer: " for it in chunk]
        yield {"query": [p + it["response"] for p, it in zip(prompts, chunk)], "prompts": prompts,
               "labels": [it["gold"] for it in chunk]}


def in_process_rate(items: list[dict[str, Any]], workers: int, repeat: int) -> float:
    """Items/s of the same rule path the server uses: rlverify.runtime.pool with ``workers`` processes
    (0: the RuleVerifier in this thread)."""
    import rlverify
    from rlverify.runtime import pool
    v = rlverify.get_verifier("rule")

    def batch(xs: list[dict[str, Any]]) -> Any:
        return pool.verify_batch(xs, workers=workers) if workers else v.verify_batch(xs)

    batch(items[:50])  # warm up (helper processes, caches)
    t0 = time.perf_counter()
    for _ in range(repeat):
        batch(items)
    return repeat * len(items) / (time.perf_counter() - t0)  # wall clock, like the server numbers


def verify_cpu_ms_per_item(items: list[dict[str, Any]]) -> float:
    """CPU time per item of ``RuleVerifier.verify_batch`` in this thread (this process only:
    sympy helper processes are not counted), after a warm-up pass over the same items."""
    import rlverify

    v = rlverify.get_verifier("rule")
    v.verify_batch(items)
    c0 = time.thread_time()
    v.verify_batch(items)
    return (time.thread_time() - c0) / len(items) * 1000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int, workers: int, http_workers: int = 1, inline_batch: int | None = None
                 ) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "rlverify.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
           "--workers", str(workers), "--http-workers", str(http_workers)]
    if inline_batch is not None:
        cmd += ["--inline-batch", str(inline_batch)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"server exited: {proc.stderr.read().decode() if proc.stderr else ''}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                return proc
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("server did not come up within 60 s")


def tree_rss_mib(pid: int) -> float:
    """RSS of the server and every process under it (shared pages counted once per process)."""
    total = 0.0
    for p in [pid, *descendants(pid)]:
        try:
            total += rss_mib(p)
        except OSError:
            pass
    return total


async def drive(url: str, clients: int, n_requests: int, bodies: Iterator[dict[str, Any]],
                session_per_request: bool = False) -> tuple[list[float], int]:
    """``clients`` concurrent loops sending ``n_requests`` requests in all; latencies and failures.

    The client is aiohttp, as in OpenRLHF's remote reward client (and it costs the shared CPUs
    about a third of what httpx does, which matters when client and server share 2 cores).
    ``session_per_request``: a new ``ClientSession`` (so a new connection) per request, as
    OpenRLHF 0.11 does; else one session whose connections are kept alive."""
    import aiohttp

    latencies: list[float] = []
    failed = 0
    remaining = n_requests
    timeout = aiohttp.ClientTimeout(total=120)

    async def post(session: aiohttp.ClientSession, body: dict[str, Any]) -> bool:
        async with session.post(f"{url}/reward", json=body) as r:
            return r.status == 200 and len((await r.json())["rewards"]) == len(body["query"])

    async def worker(session: aiohttp.ClientSession | None) -> None:
        nonlocal remaining, failed
        while remaining > 0:
            remaining -= 1
            body = next(bodies)
            t0 = time.perf_counter()
            try:
                if session is None:
                    async with aiohttp.ClientSession(timeout=timeout) as own:
                        ok = await post(own, body)
                else:
                    ok = await post(session, body)
            except (aiohttp.ClientError, asyncio.TimeoutError):
                ok = False
            latencies.append(time.perf_counter() - t0)
            failed += not ok

    if _CLIENT == "raw":
        return await _drive_raw(url, clients, n_requests, bodies)
    if session_per_request:
        await asyncio.gather(*[worker(None) for _ in range(clients)])
        return latencies, failed
    connector = aiohttp.TCPConnector(limit=clients)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        await asyncio.gather(*[worker(session) for _ in range(clients)])
    return latencies, failed


_CLIENT = "aiohttp"  # --client


async def _drive_raw(url: str, clients: int, n_requests: int, bodies: Iterator[dict[str, Any]]
                     ) -> tuple[list[float], int]:
    """``--client raw``: HTTP/1.1 keep-alive over asyncio streams, one connection per client, the
    request bytes built by hand and only the status, Content-Length and ``rewards`` read back —
    a load generator that leaves the shared CPUs to the server (what a trainer's clients on
    other machines amount to). Same request bodies and the same per-request check."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    head = f"POST /reward HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
    latencies: list[float] = []
    failed = 0
    remaining = n_requests

    async def one(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, body: dict[str, Any]) -> bool:
        data = json.dumps(body).encode()
        writer.write(f"{head}Content-Length: {len(data)}\r\n\r\n".encode() + data)
        status_and_headers = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
        length = 0
        for line in status_and_headers.split("\r\n")[1:]:
            name, _, value = line.partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        reply = await reader.readexactly(length)
        ok_status = status_and_headers.startswith("HTTP/1.1 200")
        return ok_status and len(json.loads(reply)["rewards"]) == len(body["query"])

    async def worker() -> None:
        nonlocal remaining, failed
        reader, writer = await asyncio.open_connection(host, port)
        try:
            while remaining > 0:
                remaining -= 1
                body = next(bodies)
                t0 = time.perf_counter()
                try:
                    ok = await asyncio.wait_for(one(reader, writer, body), 120)
                except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, ValueError, KeyError):
                    ok = False
                    writer.close()
                    reader, writer = await asyncio.open_connection(host, port)
                latencies.append(time.perf_counter() - t0)
                failed += not ok
        finally:
            writer.close()

    await asyncio.gather(*[worker() for _ in range(clients)])
    return latencies, failed


def own_cpu_seconds() -> float:
    """User + system CPU time of this process (the load client) so far."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def server_cpu_seconds(pid: int) -> float:
    """User + system CPU time so far of a process and, with --http-workers, of its direct
    children (the uvicorn worker processes; rule pool processes are not counted) (Linux /proc)."""
    return sum(cpu_seconds(p) for p in [pid] + (children(pid) if _HTTP_WORKERS > 1 else []))


_HTTP_WORKERS = 1


def tree_cpu_seconds(pid: int) -> float:
    """CPU time so far of the server and every process under it (HTTP workers, the rule pool,
    sympy helpers), counting the children they have already reaped (Linux /proc)."""
    return sum(cpu_seconds(p, reaped=True) for p in [pid, *descendants(pid)])


def percentile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] if s else float("nan")


def run_level(url: str, pid: int, clients: int, n_requests: int, per_request: int,
              bodies: Iterator[dict[str, Any]], session_per_request: bool = False) -> LevelResult:
    """One concurrency level; ``ratio_to_in_process`` is filled in by the caller.

    ``cpu_bound_rewards_per_s``: the CPUs divided by the CPU time per reward of the server's
    whole process tree and this client together."""
    cpu0, tree0, own0, t0 = server_cpu_seconds(pid), tree_cpu_seconds(pid), own_cpu_seconds(), time.perf_counter()
    lat, failed = asyncio.run(drive(url, clients, n_requests, bodies, session_per_request))
    secs, cpu, own = time.perf_counter() - t0, server_cpu_seconds(pid) - cpu0, own_cpu_seconds() - own0
    tree = tree_cpu_seconds(pid) - tree0
    rate = n_requests * per_request / secs
    per_reward = (tree + own) / (n_requests * per_request)
    bound = (os.cpu_count() or 1) / per_reward if per_reward > 0 else float("inf")
    return LevelResult(clients, n_requests, n_requests * per_request, failed, round(secs, 3), round(rate, 1),
                       round(percentile(lat, 0.5) * 1000, 2), round(percentile(lat, 0.99) * 1000, 2),
                       0.0, round(cpu / n_requests * 1000, 3), round(own / n_requests * 1000, 3), round(bound, 1))


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--data", type=Path, default=DEFAULT_DATA, help="folder of corpus *.jsonl")
    p.add_argument("--items", type=int, default=2000, help="distinct corpus rows used (default 2000)")
    p.add_argument("--requests", type=int, default=2000, help="requests per concurrency level")
    p.add_argument("--clients", default="1,8,64", help="concurrency levels (default 1,8,64)")
    p.add_argument("--items-per-request", type=int, default=1, help="responses per /reward request")
    p.add_argument("--workers", type=int, default=DEFAULT_POOL_WORKERS,
                   help=f"rule processes, server and in-process (default {DEFAULT_POOL_WORKERS}; 0 = one thread)")
    p.add_argument("--http-workers", type=int, default=1, help="server HTTP processes (rlverify serve --http-workers)")
    p.add_argument("--inline-batch", type=int, default=None,
                   help="server rule batches up to N items run in a thread (rlverify serve --inline-batch; "
                        "default: the server's; 0 = always the process pool)")
    p.add_argument("--memory-requests", type=int, default=10000, help="requests between the RSS readings")
    p.add_argument("--session-per-request", action="store_true",
                   help="a new aiohttp session (connection) per request, as OpenRLHF 0.11's reward client")
    p.add_argument("--client", choices=("aiohttp", "raw"), default="aiohttp",
                   help="load client: aiohttp (as OpenRLHF) or raw keep-alive HTTP/1.1 over asyncio streams "
                        "(cheap: leaves the shared CPUs to the server)")
    p.add_argument("--json", type=Path, default=None, help="also write the results here")
    return p.parse_args(argv)


def print_table(levels: list[LevelResult], baseline: float, mem: dict[str, float], verify_ms: float) -> None:
    from rich.console import Console
    from rich.table import Table

    t = Table(title=f"reward server vs in-process verify_batch (best of before/after: {baseline:,.0f} items/s)")
    for col in ("clients", "requests", "failed", "rewards/s", "p50 ms", "p99 ms", "ratio", "server CPU ms/req",
                "client CPU ms/req", "cpu bound rewards/s (ratio)"):
        t.add_column(col, justify="right")
    for r in levels:
        t.add_row(str(r.clients), str(r.requests), str(r.failed), f"{r.rewards_per_s:,.0f}", f"{r.p50_ms:.1f}",
                  f"{r.p99_ms:.1f}", f"{r.ratio_to_in_process:.2f}", f"{r.server_cpu_ms_per_request:.3f}",
                  f"{r.client_cpu_ms_per_request:.3f}",
                  f"{r.cpu_bound_rewards_per_s:,.0f} ({r.cpu_bound_rewards_per_s / baseline:.2f})")
    console = Console(width=max(Console().width, 150))
    console.print(t)
    console.print(f"in-process rule verification, one thread: {verify_ms:.3f} ms CPU per item; "
                  f"{os.cpu_count()} CPUs shared by server, client and verification")
    top = levels[-1]
    per_reward = top.client_cpu_ms_per_request * top.requests / top.items + verify_ms
    if per_reward > 0:
        free = (os.cpu_count() or 1) * 1000 / per_reward
        console.print(f"at {top.clients} clients, even a server with no HTTP cost could reach at most {free:,.0f} "
                      f"rewards/s here (ratio {free / baseline:.2f}): CPUs / (client CPU + verification CPU)")
    console.print(f"server RSS: {mem['rss_before_mib']:.1f} MiB -> {mem['rss_after_mib']:.1f} MiB; with its "
                  f"worker processes {mem['tree_rss_before_mib']:.1f} -> {mem['tree_rss_after_mib']:.1f} MiB; "
                  f"after {mem['requests']} more requests ({mem['failed']} failed)")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    items = load_items(args.data, args.items)
    baseline_before = in_process_rate(items, args.workers, repeat=2)
    verify_ms = verify_cpu_ms_per_item(items)
    port = free_port()
    global _HTTP_WORKERS, _CLIENT
    _HTTP_WORKERS = args.http_workers
    _CLIENT = args.client
    proc = start_server(port, args.workers, args.http_workers, args.inline_batch)
    url = f"http://127.0.0.1:{port}"
    try:
        bodies = payloads(items, args.items_per_request)
        asyncio.run(drive(url, 8, min(200, args.requests), bodies))  # warm up
        levels = [run_level(url, proc.pid, int(c), args.requests, args.items_per_request, bodies,
                            args.session_per_request) for c in args.clients.split(",")]
        before, tree_before = rss_mib(proc.pid), tree_rss_mib(proc.pid)
        _, mem_failed = asyncio.run(drive(url, 64, args.memory_requests, bodies, args.session_per_request))
        mem = {"requests": args.memory_requests, "failed": mem_failed, "rss_before_mib": round(before, 1),
               "rss_after_mib": round(rss_mib(proc.pid), 1), "tree_rss_before_mib": round(tree_before, 1),
               "tree_rss_after_mib": round(tree_rss_mib(proc.pid), 1)}
    finally:
        proc.terminate()
        proc.wait(10)
    # The machine may be shared: measure in-process again and compare with the better of the two.
    baseline = max(baseline_before, in_process_rate(items, args.workers, repeat=2))
    levels = [replace(r, ratio_to_in_process=round(r.rewards_per_s / baseline, 3)) for r in levels]
    print_table(levels, baseline, mem, verify_ms)
    if args.json:
        args.json.write_text(json.dumps({"in_process_items_per_s": round(baseline, 1), "levels": [asdict(r) for r in levels],
                                         "memory": mem, "items_per_request": args.items_per_request,
                                         "workers": args.workers, "http_workers": args.http_workers,
                                         "session_per_request": args.session_per_request, "client": args.client,
                                         "verify_cpu_ms_per_item": round(verify_ms, 4),
                                         "cpus": os.cpu_count()}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
