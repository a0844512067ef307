"""Throughput and latency of ``rule`` vs ``math-verify``: dev corpora and a pathological corpus.

Usage::

    python benchmarks/throughput.py [--corpora DIR] [--limit N] [--workers 2]
                                    [--copies 4] [--mv-budget 180] [--json OUT]

One run measures, on every ``*.jsonl`` under ``--corpora`` (default: ../shared/data/corpora,
or $RLVERIFY_SHARED_DATA/corpora) and on the generated pathological corpus
(:mod:`rlverify.analysis.pathological`):

* ``rule``, in-process (``verify`` in a loop; CAS work in the bounded helper);
* ``rule``, :class:`rlverify.runtime.pool.VerifierPool` with 1 and with ``--workers`` processes;
* ``math-verify``, in-process (main thread, its SIGALRM timeouts active) and over a
  ``--workers`` process pool;
* the machine itself: a pure-Python loop in 1 and in ``--workers`` processes, the scaling
  ceiling any CPU-bound Python code has here in this run (shared or throttled cores show).

The three rule modes are measured ``--repeat`` times, alternately (in-process, x1, xN,
in-process, ...), each run cold (in-process: a fresh helper forked from the warm zygote and this
process's caches emptied; pools: a fresh pool), and the run with the median items/s of each
mode is reported: a single run of any can be 20% off on a shared 2-core machine. Math-Verify
in-process runs once, in ``--repeat`` slices of its budget placed right after each rule
in-process run (so both meet the same load); its pool mode runs once. The in-process ratio is
also printed per CPU second (rule: this process plus its helper), which other jobs on the
machine disturb far less than items per wall second.

Items/s is items / wall time; latency is per item (in-process: timed around ``verify``;
pool: the verdict's ``seconds`` measured in the worker, or by the parent for a timeout).
Start-up (zygote, workers, imports) is excluded: every mode is warmed on a few items
first. Math-Verify runs that exceed ``--mv-budget`` seconds stop early and report the items
they finished. Numbers depend on the machine and its load: report them with that caveat.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable

from _procfs import cpu_seconds  # benchmarks/_procfs.py

from rlverify.analysis.datasets import corpus_paths, data_root, read_jsonl

__all__ = ["Run", "main"]

DEADLINE = 1.0


@dataclass(frozen=True)
class Run:
    corpus: str
    verifier: str
    mode: str
    items: int
    wall: float
    p50_ms: float
    p99_ms: float
    max_ms: float
    over_deadline: int
    timeouts: int

    @property
    def rate(self) -> float:
        return self.items / self.wall if self.wall > 0 else 0.0


def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def _summarize(corpus: str, verifier: str, mode: str, lat: list[float], wall: float,
               timeouts: int) -> Run:
    return Run(corpus, verifier, mode, len(lat), wall, 1000 * statistics.median(lat) if lat else 0.0,
               1000 * _pct(lat, 0.99), 1000 * max(lat, default=0.0),
               sum(x > DEADLINE for x in lat), timeouts)


def _default_corpora() -> Path:
    return data_root() / "corpora"


def load_corpora(directory: Path, limit: int | None) -> list[dict]:
    rows: list[dict] = []
    for path in corpus_paths(directory.parent):
        got = read_jsonl(path)
        rows.extend(got[:limit] if limit else got)
    return [{"response": r["response"], "gold": r["gold"], "question": r.get("question")} for r in rows]


# ---------------------------------------------------------------- measurements

def _in_process(verifier: Any, items: list[dict], budget: float | None = None) -> tuple[list[float], float, int]:
    lat, timeouts = [], 0
    t0 = time.perf_counter()
    for it in items:
        t = time.perf_counter()
        v = verifier.verify(it["response"], it["gold"], it["question"])
        lat.append(time.perf_counter() - t)
        timeouts += "timeout" in v.flags
        if budget is not None and time.perf_counter() - t0 > budget:
            break
    return lat, time.perf_counter() - t0, timeouts


# (corpus, verifier) -> [(items, wall s, CPU s), ...] of the in-process runs; rule: this process plus
# its helper processes (a helper killed for a timeout takes its CPU time with it)
_CPU: dict[tuple[str, str], list[tuple[int, float, float]]] = {}


def _rule_in_process(items: list[dict], corpus: str = "") -> tuple[list[float], float, int]:
    """One cold in-process run: a fresh helper forked from the warm zygote, this process's caches
    emptied (so a repeat does not find the previous run's comparisons remembered)."""
    from rlverify import get_verifier
    from rlverify.runtime import bounded
    from rlverify.runtime.caches import clear_caches

    bounded.retire_helpers()
    bounded.warm_up(1)
    v = get_verifier("rule", timeout=DEADLINE)
    _in_process(v, items[:5])
    clear_caches()
    helpers0 = {p: cpu_seconds(p) for p in bounded.helper_pids()}
    cpu0 = time.process_time()
    lat, wall, timeouts = _in_process(v, items)
    cpu = time.process_time() - cpu0
    cpu += sum(cpu_seconds(p) - helpers0.get(p, 0.0) for p in set(bounded.helper_pids()) | set(helpers0))
    _CPU.setdefault((corpus, "rule"), []).append((len(lat), wall, cpu))
    return lat, wall, timeouts


# (corpus, workers) -> [(wall, worker CPU s, parent CPU s), ...] of the rule pool runs
_POOL_CPU: dict[tuple[str, int], list[tuple[float, float, float]]] = {}


def _rule_pool(items: list[dict], workers: int, corpus: str = "") -> tuple[list[float], float, int]:
    from rlverify.runtime.pool import VerifierPool

    with VerifierPool(workers) as pool:
        pool.verify_batch(items[: 4 * workers], timeout=DEADLINE)  # start-up excluded
        pids = [w.pid for w in pool.workers]
        cpu0, parent0 = [cpu_seconds(p) for p in pids], time.process_time()
        t0 = time.perf_counter()
        out = pool.verify_batch(items, timeout=DEADLINE)
        wall = time.perf_counter() - t0
        alive = {w.pid for w in pool.workers}  # a replaced worker's CPU is gone with it
        used = sum(cpu_seconds(p) - c for p, c in zip(pids, cpu0) if p in alive)
        _POOL_CPU.setdefault((corpus, workers), []).append((wall, used, time.process_time() - parent0))
    return [v.seconds for v in out], wall, sum("timeout" in v.flags for v in out)


def print_pool_cpu(workers: int) -> None:
    """CPU seconds behind the dev-corpora pool runs: with every core busy, the same items cost
    the workers more CPU time on a shared or throttled machine (the scaling ceiling)."""
    for n in (1, workers):
        runs = _POOL_CPU.get(("dev corpora", n), [])
        if runs:
            walls, used, parent = zip(*runs)
            print(f"  pool x{n} (dev corpora, {len(runs)} runs): wall {min(walls):.2f}-{max(walls):.2f} s, "
                  f"worker CPU {min(used):.2f}-{max(used):.2f} s, parent CPU {min(parent):.2f}-{max(parent):.2f} s")


_MV: Any = None


def _mv_chunk(chunk: list[dict]) -> list[tuple[float, bool]]:
    global _MV
    if _MV is None:
        from rlverify import get_verifier

        _MV = get_verifier("math-verify")
    res = []
    for it in chunk:
        t = time.perf_counter()
        v = _MV.verify(it["response"], it["gold"], it["question"])
        res.append((time.perf_counter() - t, "error" in v.flags))
    return res


class _MVInProcess:
    """Math-Verify in-process over ``items`` within ``budget`` seconds, run in ``slices`` parts
    between the rule runs (each part carries on where the last stopped), so both verifiers are
    measured under the same load of a shared machine; ``finish`` spends what is left."""

    def __init__(self, items: list[dict], budget: float, slices: int) -> None:
        from rlverify import get_verifier

        self.v = get_verifier("math-verify")
        _in_process(self.v, items[:5])  # start-up excluded
        self.items, self.budget, self.slice = items, budget, budget / max(1, slices)
        self.lat: list[float] = []
        self.wall = self.cpu = 0.0

    def done(self) -> bool:
        return len(self.lat) >= len(self.items) or self.wall >= self.budget

    def step(self, seconds: float | None = None) -> None:
        if self.done():
            return
        cpu0 = time.process_time()
        left = self.budget - self.wall
        lat, wall, _ = _in_process(self.v, self.items[len(self.lat):], min(left, seconds or self.slice))
        self.lat += lat
        self.wall += wall
        self.cpu += time.process_time() - cpu0

    def finish(self) -> tuple[list[float], float, int]:
        while not self.done():
            self.step(self.budget)
        return self.lat, self.wall, 0


def _mv_in_process(items: list[dict], budget: float) -> tuple[list[float], float, int]:
    return _MVInProcess(items, budget, 1).finish()


def _mv_pool(items: list[dict], workers: int, budget: float) -> tuple[list[float], float, int]:
    import multiprocessing as mp

    size = max(1, min(64, len(items) // (8 * workers) or 1))
    chunks = [items[k:k + size] for k in range(0, len(items), size)]
    lat: list[float] = []
    with ProcessPoolExecutor(workers, mp_context=mp.get_context("fork")) as ex:
        list(ex.map(_mv_chunk, [items[:2]] * workers))  # start-up excluded
        t0 = time.perf_counter()
        futures = [ex.submit(_mv_chunk, c) for c in chunks]
        for f in futures:
            remaining = budget - (time.perf_counter() - t0)
            try:
                lat.extend(x for x, _ in f.result(timeout=max(0.1, remaining)))
            except Exception:  # noqa: BLE001 - budget exhausted: report what finished
                break
        wall = time.perf_counter() - t0
        if len(lat) < len(items):  # budget exhausted: stop the stragglers instead of waiting
            for proc in list((getattr(ex, "_processes", None) or {}).values()):
                proc.kill()  # pending futures then fail with BrokenProcessPool; nobody reads them
    return lat, min(wall, budget) if len(lat) < len(items) else wall, 0


def _median_run(runs: list[Run]) -> Run:
    return sorted(runs, key=lambda r: r.rate)[(len(runs) - 1) // 2]


# corpus -> items/s of every rule in-process run (the table shows the median run)
_IN_PROCESS_RATES: dict[str, list[float]] = {}


def _rule_runs(corpus: str, items: list[dict], workers: int, repeat: int,
               progress: Callable[[str], None], in_process: bool = True,
               between: Callable[[int], None] | None = None) -> list[Run]:
    """Rule in-process, pool x1 and pool x``workers``, ``repeat`` times alternately (in-process,
    x1, xN, in-process, ...), each run cold; the median run of each mode (in-process first).
    ``between(k)`` runs after the k-th in-process run (a slice of the Math-Verify run)."""
    modes = (["in-process"] if in_process else []) + ["pool x1", f"pool x{workers}"]
    got: dict[str, list[Run]] = {m: [] for m in modes}
    lats: dict[int, list[float]] = {}
    for k in range(max(1, repeat)):
        for mode in modes:
            progress(f"{corpus}: rule {mode} ({len(items)} items, run {k + 1}/{repeat})")
            if mode == "in-process":
                lat, wall, timeouts = _rule_in_process(items, corpus)
            else:
                lat, wall, timeouts = _rule_pool(items, 1 if mode == "pool x1" else workers, corpus)
            run = _summarize(corpus, "rule", mode, lat, wall, timeouts)
            lats[id(run)] = lat
            got[mode].append(run)
            if mode == "in-process" and between is not None:
                between(k)
    medians = [_median_run(got[m]) for m in modes]
    if in_process:
        _LATENCIES[corpus] = lats[id(medians[0])]
        _IN_PROCESS_RATES[corpus] = [r.rate for r in got["in-process"]]
    return medians


def _rule_pools(corpus: str, items: list[dict], workers: int, repeat: int,
                progress: Callable[[str], None]) -> list[Run]:
    """Pool x1 and pool x``workers``, ``repeat`` times alternately; the median run of each."""
    return _rule_runs(corpus, items, workers, repeat, progress, in_process=False)


def measure(corpus: str, items: list[dict], workers: int, mv_budget: float,
            progress: Callable[[str], None], repeat: int = 3) -> list[Run]:
    progress(f"{corpus}: math-verify in-process start-up")
    mv = _MVInProcess(items, mv_budget, repeat)

    def mv_slice(k: int) -> None:
        if not mv.done():
            progress(f"{corpus}: math-verify in-process ({len(items)} items, part {k + 1}/{repeat}, "
                     f"{len(mv.lat)} done)")
            mv.step()

    runs = _rule_runs(corpus, items, workers, repeat, progress, between=mv_slice)
    lat, wall, timeouts = mv.finish()
    _CPU[(corpus, "math-verify")] = [(len(lat), wall, mv.cpu)]
    runs.append(_summarize(corpus, "math-verify", "in-process", lat, wall, timeouts))
    progress(f"{corpus}: math-verify pool x{workers} ({len(items)} items)")
    lat, wall, timeouts = _mv_pool(items, workers, mv_budget)
    runs.append(_summarize(corpus, "math-verify", f"pool x{workers}", lat, wall, timeouts))
    return runs


def _spin(n: int) -> int:
    s = 0
    for i in range(n):
        s += i * i % 7
    return s


def machine_scaling(workers: int, repeat: int = 3, n: int = 6_000_000) -> float:
    """Median over ``repeat`` of: time of ``n`` loop steps in 1 process / time of n/workers
    steps in each of ``workers`` processes at once (2.0 = perfect for 2)."""
    import multiprocessing as mp

    ratios = []
    with mp.get_context("fork").Pool(workers) as p:
        for _ in range(max(1, repeat)):
            t0 = time.perf_counter()
            _spin(n)
            one = time.perf_counter() - t0
            t0 = time.perf_counter()
            p.map(_spin, [n // workers] * workers)
            ratios.append(one / (time.perf_counter() - t0))
    return statistics.median(ratios)


_LATENCIES: dict[str, list[float]] = {}


# ---------------------------------------------------------------- report

def _ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}x" if b > 0 else "-"


def _ratios(run: Run, runs: list[Run], workers: int) -> tuple[str, str]:
    same = {(r.corpus, r.verifier, r.mode): r for r in runs}
    mv = same.get((run.corpus, "math-verify", run.mode))
    vs_mv = _ratio(run.rate, mv.rate) if run.verifier == "rule" and mv else ""
    one = same.get((run.corpus, run.verifier, "pool x1" if run.verifier == "rule" else "in-process"))
    vs_one = _ratio(run.rate, one.rate) if run.mode == f"pool x{workers}" and one else ""
    return vs_mv, vs_one


def print_table(runs: list[Run], workers: int) -> None:
    from rich.console import Console
    from rich.table import Table

    t = Table(title=f"rule vs math-verify: throughput and latency (deadline {DEADLINE:g} s)")
    for col in ("corpus", "verifier", "mode", "items", "items/s", "p50 ms", "p99 ms", "max ms",
                f"> {DEADLINE:g} s", "timeouts", "rule/MV", f"{workers}proc/1proc"):
        t.add_column(col, justify="left" if col in ("corpus", "verifier", "mode") else "right")
    for r in runs:
        vs_mv, vs_one = _ratios(r, runs, workers)
        t.add_row(r.corpus, r.verifier, r.mode, str(r.items), f"{r.rate:,.1f}", f"{r.p50_ms:.2f}",
                  f"{r.p99_ms:.2f}", f"{r.max_ms:.1f}", str(r.over_deadline), str(r.timeouts), vs_mv, vs_one)
    Console(width=max(150, Console().width)).print(t)


def print_kinds(items: list[dict], lat: list[float]) -> None:
    from collections import defaultdict

    from rich.console import Console
    from rich.table import Table

    per: dict[str, list[float]] = defaultdict(list)
    for it, x in zip(items, lat):
        per[it["kind"]].append(x)
    t = Table(title="pathological corpus, rule in-process: latency per family")
    for col in ("family", "items", "mean ms", "max ms"):
        t.add_column(col, justify="left" if col == "family" else "right")
    for kind, xs in sorted(per.items(), key=lambda kv: -max(kv[1])):
        t.add_row(kind, str(len(xs)), f"{1000 * statistics.mean(xs):.1f}", f"{1000 * max(xs):.1f}")
    Console(width=max(150, Console().width)).print(t)


def print_targets(runs: list[Run], workers: int, machine: float | None = None) -> None:
    """The issue's targets next to what this run measured."""
    get = {(r.corpus, r.verifier, r.mode): r for r in runs}
    rule1, mv1 = get[("dev corpora", "rule", "in-process")], get[("dev corpora", "math-verify", "in-process")]
    p1, pn = get[("dev corpora", "rule", "pool x1")], get[("dev corpora", "rule", f"pool x{workers}")]
    rule_runs = [r for r in runs if r.verifier == "rule"]
    patho = [r for r in rule_runs if r.corpus == "pathological"]
    each = ", ".join(f"{r / mv1.rate:.2f}x" for r in _IN_PROCESS_RATES.get("dev corpora", [])) if mv1.rate else ""
    lines = [
        ("single process >= 8x Math-Verify items/s (median run)",
         (f"{rule1.rate / mv1.rate:.2f}x" + (f" (runs: {each})" if each else "")) if mv1.rate else "-"),
        ("p99 <= 20 ms (rule, dev, in-process / pool x1)", f"{rule1.p99_ms:.1f} / {p1.p99_ms:.1f} ms"),
        ("no item over the 1 s deadline (rule, all runs)", f"{sum(r.over_deadline for r in rule_runs)} over"),
        ("pathological >= 100 items/s (rule, slowest mode)", f"{min(r.rate for r in patho):.1f} items/s"),
        (f"{workers} processes >= 1.8x of 1 (rule pool)", f"{pn.rate / p1.rate:.2f}x" if p1.rate else "-"),
    ]
    rule_cpu, mv_cpu = _CPU.get(("dev corpora", "rule"), []), _CPU.get(("dev corpora", "math-verify"), [])
    if rule_cpu and mv_cpu and mv_cpu[0][2] > 0:
        rate = statistics.median(n / c for n, _, c in rule_cpu if c > 0)
        mv_rate = mv_cpu[0][0] / mv_cpu[0][2]
        lines.append(("(same, per CPU second: rule process + its helper)",
                      f"{rate / mv_rate:.2f}x (rule {rate:,.0f} items/CPU s, Math-Verify {mv_rate:,.0f})"))
    if machine is not None:
        lines.append((f"(machine: a pure-Python loop, {workers} processes / 1)", f"{machine:.2f}x"))
    for target, got in lines:
        print(f"  target: {target:<58} measured: {got}")


def _args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--corpora", type=Path, default=_default_corpora(), help="directory of *.jsonl corpora")
    p.add_argument("--limit", type=int, default=None, help="at most N rows per corpus file")
    p.add_argument("--workers", type=int, default=2, help="processes of the parallel modes")
    p.add_argument("--copies", type=int, default=4, help="variants per pathological family")
    p.add_argument("--mv-budget", type=float, default=180.0, help="seconds per Math-Verify measurement")
    p.add_argument("--repeat", type=int, default=3, help="alternating runs of the rule modes (median reported)")
    p.add_argument("--json", type=Path, default=None, help="also write the runs here")
    return p.parse_args(argv)


def _quiet_math_verify() -> None:
    import logging

    for name in ("math_verify", "latex2sympy2_extended"):  # they log every timeout with the whole input
        logging.getLogger(name).setLevel(logging.CRITICAL)


def main(argv: list[str] | None = None) -> int:
    from rlverify.analysis.pathological import pathological_items

    args = _args(argv)
    _quiet_math_verify()
    items = load_corpora(args.corpora, args.limit)
    if not items:
        print(f"no corpora under {args.corpora}", file=sys.stderr)
        return 2
    path_items = pathological_items(copies=args.copies)
    say = lambda msg: print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)  # noqa: E731
    runs = measure("dev corpora", items, args.workers, args.mv_budget, say, args.repeat)
    runs += measure("pathological", path_items, args.workers, args.mv_budget, say, args.repeat)
    say(f"machine: pure-Python loop in 1 and {args.workers} processes")
    machine = machine_scaling(args.workers, args.repeat)
    print_table(runs, args.workers)
    print_kinds(path_items, _LATENCIES.get("pathological", []))
    print_targets(runs, args.workers, machine)
    print_pool_cpu(args.workers)
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end of the run")
    if args.json:
        args.json.write_text(json.dumps({"runs": [asdict(r) | {"items_per_s": r.rate} for r in runs],
                                         "machine_scaling": machine}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
