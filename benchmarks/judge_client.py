"""Overhead of the judge client, measured against the loopback test server (no model).

    .venv/bin/python benchmarks/judge_client.py                 # defaults
    .venv/bin/python benchmarks/judge_client.py --items 2000 --delay 0.05 --json out.json

Reports, for OpenAIJudge at several max_concurrency values: items/s with an instant scripted server
(client + HTTP overhead; the server is one uvicorn worker in a child process) and with a
server that waits ``--delay`` seconds per request (how well concurrency hides judge latency; the
ideal is concurrency / delay); items/s on a warm cache; and the cost of rendering one prompt and
parsing one reply. Only loopback.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from dataclasses import asdict, dataclass

from rlverify.judge import JudgeItem, OpenAIJudge
from rlverify.judge.parsing import parse_decision
from rlverify.judge.prompts import load_template

_SERVER = """
import sys, time
from rlverify.judge.testing import Delay, Reply, Script, create_app, serve
script = Script(rules=[("DELAY", [Delay(float(sys.argv[1]), Reply("Final Decision: Yes"))])])
with serve(create_app(script=script, model_name="bench")) as url:
    print(url, flush=True)
    sys.stdin.read()
"""

__all__ = ["Row", "main"]


@dataclass(frozen=True)
class Row:
    case: str
    concurrency: int
    items: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.items / self.seconds if self.seconds else float("inf")


def _items(n: int, tag: str) -> list[JudgeItem]:
    return [JudgeItem("What is 6 times 7?", "42", f"{tag}-{i}") for i in range(n)]


def _timed(judge: OpenAIJudge, items: list[JudgeItem]) -> float:
    t0 = time.perf_counter()
    out = judge.judge(items)
    assert all(d is True for d in out), "the scripted server should accept everything"
    return time.perf_counter() - t0


def _client_rows(url: str, n: int, delay: float, levels: list[int]) -> list[Row]:
    rows = []
    for c in levels:
        judge = OpenAIJudge(url, "bench", max_concurrency=c, cache=False, timeout=30)
        rows.append(Row("instant server", c, n, _timed(judge, _items(n, f"i{c}"))))
        m = min(n, 20 * c)
        rows.append(Row(f"server delay {delay * 1000:.0f} ms", c, m, _timed(judge, _items(m, f"DELAY{c}"))))
    judge = OpenAIJudge(url, "bench", max_concurrency=max(levels), timeout=30)
    warm = _items(n, "warm")
    judge.judge(warm)
    rows.append(Row("warm cache", max(levels), n, _timed(judge, warm)))
    return rows


def _micro(n: int = 2000) -> dict[str, float]:
    tpl = load_template("study-question")
    item = JudgeItem("What is 6 times 7?", "42", "forty-two, i.e. 42")
    t0 = time.perf_counter()
    for _ in range(n):
        tpl.render(item)
    render = (time.perf_counter() - t0) / n
    reply = "<think>" + "compare the forms. " * 200 + "</think>\nThey agree.\nFinal Decision: Yes"
    t0 = time.perf_counter()
    for _ in range(n):
        parse_decision(reply, tpl)
    parse = (time.perf_counter() - t0) / n
    return {"render_us": render * 1e6, "parse_us": parse * 1e6}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--items", type=int, default=1000)
    ap.add_argument("--delay", type=float, default=0.05, help="seconds the slow server waits per request")
    ap.add_argument("--concurrency", type=int, nargs="+", default=[1, 8, 32, 64])
    ap.add_argument("--json", default=None, help="also write the results here")
    args = ap.parse_args(argv)
    server = subprocess.Popen([sys.executable, "-c", _SERVER, str(args.delay)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        url = server.stdout.readline().strip()
        rows = _client_rows(url, args.items, args.delay, args.concurrency)
    finally:
        server.stdin.close()
        server.wait(timeout=30)
    micro = _micro()
    print(f"{'case':22s} {'concurrency':>11s} {'items':>6s} {'seconds':>8s} {'items/s':>9s}")
    for r in rows:
        print(f"{r.case:22s} {r.concurrency:11d} {r.items:6d} {r.seconds:8.2f} {r.per_second:9.1f}")
    print(f"render one prompt: {micro['render_us']:.1f} us; parse one 4 kB reply: {micro['parse_us']:.1f} us")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"rows": [asdict(r) | {"per_second": r.per_second} for r in rows], **micro}, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
