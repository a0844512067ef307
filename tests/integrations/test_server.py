"""The reward server on a loopback port, driven by concurrent httpx clients."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import httpx
import pytest

import rlverify
from conftest import serve_app
from conftest import read_jsonl
from rlverify.cli import main as cli_main
from rlverify.errors import JudgeUnavailableError
from rlverify.integrations.server import create_app, response_from_query
from rlverify.verdict import BaseVerifier

TOKEN = "s3cret"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
MAX_BODY = 64 * 1024
MAX_ITEMS = 100


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again when the block ends: nothing listens there


class ClosedPortJudge:
    """A judge whose server is down: every call fails to connect to a closed loopback port."""

    def __init__(self) -> None:
        self.url = f"http://127.0.0.1:{_closed_port()}/v1/chat/completions"
        self.calls = 0

    def judge(self, items: list[Any]) -> list[bool | None]:
        self.calls += 1
        httpx.post(self.url, json={"n": len(items)}, timeout=2.0).raise_for_status()
        return [True] * len(items)


class SlowVerifier(BaseVerifier):
    """The rule verifier, 50 ms per batch, recording batch sizes and concurrency."""

    name = "slow"

    def __init__(self) -> None:
        self.rule = rlverify.get_verifier("rule")
        self.batches: list[int] = []
        self.active = self.max_active = 0
        self._lock = threading.Lock()

    def verify_batch(self, items, workers=None):  # noqa: ANN001
        with self._lock:
            self.active += 1
            self.max_active = max(self.max_active, self.active)
            self.batches.append(len(items))
        time.sleep(0.05)
        with self._lock:
            self.active -= 1
        return self.rule.verify_batch(items)


class RaisingVerifier(BaseVerifier):
    """A judge-backed verifier whose backend is unreachable: verify_batch raises."""

    name = "down"

    def verify_batch(self, items, workers=None):  # noqa: ANN001
        raise JudgeUnavailableError("judge backend unreachable")


def serve(app: Any) -> Iterator[str]:
    return serve_app(app, log_level="warning")


@pytest.fixture(scope="module")
def slow() -> SlowVerifier:
    return SlowVerifier()


@pytest.fixture(scope="module")
def dead_judge() -> ClosedPortJudge:
    return ClosedPortJudge()


@pytest.fixture(scope="module")
def base_url(slow: SlowVerifier, dead_judge: ClosedPortJudge) -> Iterator[str]:
    verifiers = {
        "rule": rlverify.get_verifier("rule"),
        "slow": slow,
        "down": RaisingVerifier(),
        "hybrid": rlverify.get_verifier("hybrid", judge=dead_judge),
    }
    app = create_app(verifiers, token=TOKEN, max_body_bytes=MAX_BODY, max_items=MAX_ITEMS, judge_concurrency=2)
    with serve(app) as url:
        yield url


@pytest.fixture()
def client(base_url: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=base_url, headers=AUTH, timeout=30) as c:
        yield c


def test_response_from_query_strips_prompt_and_end_tokens() -> None:
    prompt = "<|im_start|>user\nWhat is 2+2?<|im_end|>\n<|im_start|>assistant\n"
    assert response_from_query(prompt + "It is \\boxed{4}.<|im_end|>", prompt) == "It is \\boxed{4}."
    assert response_from_query("<s>" + prompt + "x</s>", prompt) == "x"
    assert response_from_query("no prompt here \\boxed{1}", "other prompt") == "no prompt here \\boxed{1}"


def test_health_needs_no_token(base_url: str) -> None:
    r = httpx.get(f"{base_url}/health")
    assert r.status_code == 200
    body = r.json()
    assert body["status"] == "ok" and body["default"] == "rule"
    assert set(body["verifiers"]) == {"rule", "slow", "down", "hybrid"}


def test_openrlhf_reward_protocol(client: httpx.Client) -> None:
    prompt = "<|im_start|>user\nCompute 1/2 + 1/4.<|im_end|>\n<|im_start|>assistant\n"
    payload = {
        "query": [prompt + "So \\boxed{\\frac{3}{4}}<|im_end|>", prompt + "So \\boxed{\\frac{1}{4}}<|im_end|>"],
        "prompts": [prompt, prompt],
        "labels": ["\\frac{3}{4}", "\\frac{3}{4}"],
    }
    r = client.post("/reward", json=payload)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["rewards"] == [1.0, 0.0] and body["scores"] == [1.0, 0.0]
    assert body["extra_logs"]["acc"] == [1.0, 0.0]
    for values in body["extra_logs"].values():  # OpenRLHF turns each into a tensor
        assert len(values) == 2 and all(isinstance(x, float) for x in values)


@pytest.mark.parametrize("path", ["/reward", "/get_reward"])
def test_openrlhf_client_as_released(base_url: str, path: str) -> None:
    """OpenRLHF 0.11.2 `SingleTurnAgentExecutor._fetch_rewards_via_http`: one query per request,
    aiohttp `session.post(url, json=...)`, `raise_for_status()`, then `scores` (else `rewards`)
    and `extra_logs` read from the reply."""
    import aiohttp

    prompt = "<|im_start|>user\nWhat is 6*7?<|im_end|>\n<|im_start|>assistant\n"

    async def fetch(query: str, label: str) -> dict:
        payload = {"query": [query], "prompts": [prompt], "labels": [label]}
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=180)) as session:
            # no headers: the token rides in --remote_rm_url
            async with session.post(f"{base_url}{path}?token={TOKEN}", json=payload) as response:
                response.raise_for_status()
                return await response.json()

    async def rollouts() -> list[dict]:
        return await asyncio.gather(*(fetch(prompt + f"so \\boxed{{{a}}}<|im_end|>", "42") for a in (42, 41, 42)))

    infos = asyncio.run(rollouts())
    scores = [i.get("scores") if i.get("scores") is not None else i.get("rewards") for i in infos]
    assert scores == [[1.0], [0.0], [1.0]]
    assert all(set(i["extra_logs"]) >= {"acc"} and all(len(v) == 1 for v in i["extra_logs"].values()) for i in infos)
    body = {"query": ["\\boxed{1}"], "prompts": [""], "labels": ["1"]}
    assert httpx.post(f"{base_url}{path}?token=wrong", json=body).status_code == 401
    assert httpx.post(f"{base_url}{path}", json=body).status_code == 401


def test_verify_endpoint_agrees_with_library(client: httpx.Client, corpora_paths: list[Path]) -> None:
    rows = read_jsonl(corpora_paths[0])[:40]
    items = [{"response": r["response"], "gold": r["gold"], "question": r["question"]} for r in rows]
    r = client.post("/verify", json={"items": items})
    assert r.status_code == 200, r.text
    got = [v["status"] for v in r.json()["verdicts"]]
    want = [rlverify.verify(it["response"], it["gold"], it["question"]).status for it in items]
    assert got == want


def test_list_of_golds_is_any_of(client: httpx.Client) -> None:
    r = client.post("/verify", json={"items": [{"response": "\\boxed{7}", "gold": ["6", "7"]},
                                               {"response": "\\boxed{8}", "gold": ["6", "7"]}]})
    assert [v["correct"] for v in r.json()["verdicts"]] == [True, False]


async def _many_single_requests(base_url: str, n: int, verifier: str) -> list[httpx.Response]:
    async with httpx.AsyncClient(base_url=base_url, headers=AUTH, timeout=60,
                                 limits=httpx.Limits(max_connections=n)) as c:
        return await asyncio.gather(*[
            c.post(f"/reward?verifier={verifier}",
                   json={"query": [f"The answer is \\boxed{{{i}}}"], "prompts": [""], "labels": [str(i - i % 2)]})
            for i in range(n)])


def test_concurrent_single_requests_are_micro_batched(base_url: str, slow: SlowVerifier) -> None:
    n = 64
    responses = asyncio.run(_many_single_requests(base_url, n, "slow"))
    assert [r.status_code for r in responses] == [200] * n
    assert [r.json()["rewards"] for r in responses] == [[1.0 if i % 2 == 0 else 0.0] for i in range(n)]
    assert sum(slow.batches) == n
    assert len(slow.batches) < n // 4, slow.batches  # 50 ms batches: requests pile up and go together
    assert slow.max_active <= 2  # judge_concurrency bounds batches in flight


def test_concurrent_rule_requests_all_succeed(base_url: str) -> None:
    responses = asyncio.run(_many_single_requests(base_url, 64, "rule"))
    assert [r.json()["rewards"][0] for r in responses] == [1.0 if i % 2 == 0 else 0.0 for i in range(64)]


def test_dead_judge_degrades_to_rule_verdicts(client: httpx.Client, dead_judge: ClosedPortJudge) -> None:
    # the second item must go to the judge: the rules cannot tell whether y+1 renames x+1 (a plain number
    # against another would be a final 'different', and x+1 against 5 is kept from the judge by the guard's
    # free_variable detector: neither is ever judged)
    items = [{"response": "\\boxed{4}", "gold": "4"}, {"response": "The result is \\boxed{y+1}", "gold": "x+1"}]
    rule = [rlverify.verify(it["response"], it["gold"]) for it in items]
    for name in ("hybrid", "down"):
        r = client.post("/verify", json={"items": items, "verifier": name})
        assert r.status_code == 200, r.text
        verdicts = r.json()["verdicts"]
        assert [v["score"] for v in verdicts] == [v.score for v in rule]
        assert verdicts[0]["correct"] is True and verdicts[0]["source"] == "rule"
        assert "judge_unavailable" in verdicts[1]["flags"]
    assert dead_judge.calls >= 1  # the hybrid did try its (dead) judge


@pytest.mark.parametrize("body,needle", [
    (b"{not json", "not valid JSON"),
    (b"[1, 2]", "body"),
    (b'{"query": ["a"]}', "labels"),
    (b'{"query": [1], "labels": ["1"]}', "query.0"),
    (b'{"query": ["a", "b"], "labels": ["1"]}', "same length"),
])
def test_malformed_reward_bodies_get_one_line_422(client: httpx.Client, body: bytes, needle: str) -> None:
    r = client.post("/reward", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 422
    detail = r.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail and needle in detail


def test_unknown_verifier_is_422(client: httpx.Client) -> None:
    r = client.post("/reward?verifier=nope", json={"query": ["a"], "labels": ["1"]})
    assert r.status_code == 422 and "not served" in r.json()["detail"]


@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer wrong"}, {"Authorization": TOKEN}])
def test_bad_token_is_401(base_url: str, headers: dict[str, str]) -> None:
    for method, path in (("POST", "/reward"), ("POST", "/verify"), ("GET", "/metrics")):
        r = httpx.request(method, f"{base_url}{path}", headers=headers, json={"query": ["a"], "labels": ["1"]})
        assert r.status_code == 401, (path, r.text)


def test_oversize_requests_are_413(client: httpx.Client) -> None:
    big = {"query": ["x" * (MAX_BODY + 10)], "labels": ["1"]}
    assert client.post("/reward", json=big).status_code == 413

    def chunks() -> Iterator[bytes]:  # no Content-Length: the limit counts what arrives
        yield b'{"query": ["'
        for _ in range(MAX_BODY // 1024 + 2):
            yield b"y" * 1024
        yield b'"], "labels": ["1"]}'

    assert client.post("/reward", content=chunks(), headers={"content-type": "application/json"}).status_code == 413
    many = {"query": ["\\boxed{1}"] * (MAX_ITEMS + 1), "labels": ["1"] * (MAX_ITEMS + 1)}
    r = client.post("/reward", json=many)
    assert r.status_code == 413 and str(MAX_ITEMS) in r.json()["detail"]


def test_metrics_count_sources_flags_and_latency(client: httpx.Client) -> None:
    client.post("/reward", json={"query": ["\\boxed{3}"], "labels": ["3"]})
    client.post("/reward", content=b"{", headers={"content-type": "application/json"})
    client.post("/verify", json={"items": [{"response": "\\boxed{y+1}", "gold": "x+1"}], "verifier": "hybrid"})
    text = client.get("/metrics").text
    assert 'rlverify_verdicts_total{source="rule",status="correct",verifier="rule"}' in text
    assert 'rlverify_flags_total{flag="judge_unavailable",verifier="hybrid"}' in text
    assert 'rlverify_request_seconds_count{endpoint="/reward"}' in text
    assert 'rlverify_requests_total{code="422",endpoint="/reward"}' in text
    assert "rlverify_batch_items_bucket" in text


def test_cli_options_error_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["serve", "--options", "{bad"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("rlverify: error: --options") and "\n" not in err
    assert cli_main(["serve", "--http-workers", "0"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("rlverify: error: --http-workers") and "\n" not in err


def test_app_factory_reads_its_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from rlverify.integrations.server import APP_CONFIG_ENV, app_from_env

    monkeypatch.setenv(APP_CONFIG_ENV, '{"verifiers": ["rule"], "token": "t2", "workers": 0, "max_items": 7}')
    interval = sys.getswitchinterval()
    try:
        state = app_from_env().state.rlverify
    finally:
        sys.setswitchinterval(interval)
    assert state.settings.token == "t2" and state.settings.max_items == 7 and state.settings.pool_workers == 0


@pytest.mark.parametrize("http_workers", [1, 2])
def test_rlverify_serve_subprocess(tmp_path: Path, http_workers: int) -> None:
    port = _closed_port()
    # CLI wiring test: rules run inline (no sympy helper start-up to wait for on a busy machine)
    env = {**os.environ, "RLVERIFY_TOKEN": "", "RLVERIFY_BOUNDED_INLINE": "1"}
    cmd = [sys.executable, "-m", "rlverify.cli", "serve", "--port", str(port), "--token", "tk", "--workers", "0",
           "--http-workers", str(http_workers)]
    err_path = tmp_path / "stderr.txt"
    with open(err_path, "wb") as err:
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=err)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        while True:
            assert proc.poll() is None, err_path.read_text()
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                    break
            assert time.monotonic() < deadline, "rlverify serve did not come up"
            time.sleep(0.1)
        for _ in range(4):  # several connections: with http_workers=2 both processes serve
            r = httpx.post(f"{url}/reward", headers={"Authorization": "Bearer tk"},
                           json={"query": ["P: \\boxed{12}"], "prompts": ["P: "], "labels": ["12"]})
            assert r.json()["rewards"] == [1.0]
            assert httpx.post(f"{url}/reward", json={"query": [], "labels": []}).status_code == 401
    finally:
        proc.terminate()
        proc.wait(10)


def test_micro_batcher_orders_splits_and_propagates_errors() -> None:
    from rlverify.integrations._batcher import MicroBatcher
    from rlverify.verdict import Verdict

    seen: list[int] = []

    def run(items: list[dict]) -> list[Verdict]:
        seen.append(len(items))
        time.sleep(0.01)
        if any(it["response"] == "boom" for it in items):
            raise RuntimeError("backend down")
        return [Verdict(True, float(it["response"])) for it in items]

    async def go() -> tuple[list, list]:
        b = MicroBatcher(run, max_batch=8)
        groups = [[{"response": str(10 * g + k)} for k in range(g % 3 + 1)] for g in range(20)]
        ok = await asyncio.gather(*[b.submit(g) for g in groups])
        bad = await asyncio.gather(b.submit([{"response": "boom"}]), return_exceptions=True)
        await b.aclose()
        return [[v.score for v in r] for r in ok], bad

    ok, bad = asyncio.run(go())
    assert ok == [[float(10 * g + k) for k in range(g % 3 + 1)] for g in range(20)]
    assert max(seen[:-1]) <= 8 + 2 and len(seen) < 21  # batches formed, capped near max_batch
    assert isinstance(bad[0], RuntimeError)


def test_metrics_label_cardinality_is_capped() -> None:
    from rlverify.integrations._metrics import MAX_FLAG_LABELS, ServerMetrics
    from rlverify.verdict import Verdict

    m = ServerMetrics()
    m.record_verdicts("rule", [Verdict(False, 0.0, flags=(f"f{i}",)) for i in range(MAX_FLAG_LABELS + 5)])
    m.record_request("/attacker/chosen/path", 404)
    text = m.render().decode()
    assert 'flag="other"' in text and f'flag="f{MAX_FLAG_LABELS + 1}"' not in text
    assert 'endpoint="other"' in text and "attacker" not in text


def test_serve_arguments() -> None:
    from rlverify.cli import build_parser

    p = build_parser()
    a = p.parse_args(["serve", "--verifier", "rule", "hybrid", "--verifier", "math-verify"])
    assert a.verifier == ["rule", "hybrid", "math-verify"] and a.host == "127.0.0.1" and a.port == 8000
    assert p.parse_args(["serve"]).verifier is None  # run() serves ["rule"]


def test_pathological_responses_get_verdicts_not_hangs(client: httpx.Client) -> None:
    hostile = ["\\boxed{" * 3000, "{" * 30000, "\\boxed{" + "\\frac{1}{" * 1500 + "}" * 3000,
               "\\boxed{" + "(" * 10000 + "x" + ")" * 10000 + "}", "\\boxed{9^{9^{9^{9^{9}}}}}"]
    t0 = time.monotonic()
    for text in hostile:  # one per request: each body stays under the fixture's 64 KiB limit
        r = client.post("/reward", json={"query": [text], "labels": ["1"]})
        assert r.status_code == 200 and r.json()["rewards"] == [0.0]
    assert time.monotonic() - t0 < 30


def test_small_rule_batches_run_in_thread_big_ones_in_the_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    from rlverify.runtime import pool
    from rlverify.integrations.server import _runner

    pooled: list[int] = []

    def fake_pool(items: list[dict[str, Any]], **kw: Any) -> list[Any]:
        pooled.append(len(items))
        return [rlverify.verify(it["response"], it["gold"]) for it in items]

    monkeypatch.setattr(pool, "verify_batch", fake_pool)
    run = _runner("rule", rlverify.get_verifier("rule"), {}, workers=2, inline_max=3)
    items = [{"response": f"\\boxed{{{i}}}", "gold": str(i if i % 2 else i + 1), "question": None}
             for i in range(5)]
    small = run(items[:3])
    assert pooled == [] and [v.correct for v in small] == [False, True, False]
    big = run(items)
    assert pooled == [5] and [v.correct for v in big] == [False, True, False, True, False]
    _runner("rule", rlverify.get_verifier("rule"), {}, workers=2, inline_max=0)(items[:1])
    assert pooled == [5, 1]  # inline_batch=0: always the pool


def test_name_built_rule_server_verifies_small_batches_inline(corpora_paths: list[Path]) -> None:
    rows = [r for p in corpora_paths for r in read_jsonl(p)][:20]
    app = create_app(["rule"], workers=2, inline_batch=64, warm=False)
    with serve(app) as url, httpx.Client(base_url=url, timeout=60) as c:
        r = c.post("/verify", json={"items": [{"response": x["response"], "gold": str(x["gold"]),
                                               "question": x["question"]} for x in rows]})
    assert r.status_code == 200
    got = [v["correct"] for v in r.json()["verdicts"]]
    assert got == [rlverify.verify(x["response"], str(x["gold"]), x["question"]).correct for x in rows]


def test_micro_batcher_bounds_concurrency_survives_cancellation_and_closes_cleanly() -> None:
    from rlverify.integrations._batcher import MicroBatcher
    from rlverify.verdict import Verdict

    lock = threading.Lock()
    active = {"now": 0, "max": 0}
    sizes: list[int] = []

    def run(items: list[dict]) -> list[Verdict]:
        with lock:
            active["now"] += 1
            active["max"] = max(active["max"], active["now"])
            sizes.append(len(items))
        time.sleep(0.02)
        with lock:
            active["now"] -= 1
        if any(it["response"] == "short" for it in items):
            return []  # a wrong-length result fails that batch's requests only
        return [Verdict(True, float(it["response"])) for it in items]

    async def go() -> tuple[list, Any, list, Any]:
        b = MicroBatcher(run, max_batch=4, concurrency=2)
        tasks = [asyncio.ensure_future(b.submit([{"response": str(i)}])) for i in range(40)]
        await asyncio.sleep(0)
        tasks[25].cancel()  # a request that went away while waiting: the others keep their rows
        got = await asyncio.gather(*tasks, return_exceptions=True)
        short = await asyncio.gather(b.submit([{"response": "short"}]), return_exceptions=True)
        after = await b.submit([{"response": "7"}, {"response": "8"}])
        await b.aclose()
        one = MicroBatcher(run, max_batch=4, concurrency=1)
        slow = asyncio.ensure_future(one.submit([{"response": "9"}]))
        await asyncio.sleep(0.005)  # its batch is running
        waiting = [asyncio.ensure_future(one.submit([{"response": str(i)}])) for i in range(10, 14)]
        await asyncio.sleep(0)  # queued behind it
        await one.aclose()
        closed = await asyncio.gather(slow, *waiting, return_exceptions=True)
        return got, short[0], [v.score for v in after], closed

    got, short, after, closed = asyncio.run(go())
    assert isinstance(got[25], asyncio.CancelledError)
    assert [g[0].score for i, g in enumerate(got) if i != 25] == [float(i) for i in range(40) if i != 25]
    assert active["max"] <= 2 and max(sizes) <= 4 and len(sizes) < 40
    assert isinstance(short, RuntimeError) and "verdicts for 1 items" in str(short)
    assert after == [7.0, 8.0]
    assert closed[0][0].score == 9.0  # a batch in flight finishes on close, requests still waiting fail
    assert all(isinstance(c, RuntimeError) and "shutting down" in str(c) for c in closed[1:])


def test_serve_runs_uvicorn_with_uvloop_httptools_and_no_proxy_rewriting() -> None:
    from importlib.util import find_spec

    from rlverify.cli import build_parser
    from rlverify.cli.serve import _uvicorn_options

    opts = _uvicorn_options(build_parser().parse_args(["serve", "--port", "8123"]))
    assert opts["port"] == 8123 and opts["host"] == "127.0.0.1" and opts["proxy_headers"] is False
    assert opts.get("loop") == ("uvloop" if find_spec("uvloop") else None)
    want = "GuardedHttpToolsProtocol" if find_spec("httptools") else "GuardedH11Protocol"
    assert opts["http"].__name__ == want  # uvicorn's protocol plus the request-header deadline


def _server_load_module():
    from conftest import load_benchmark

    return load_benchmark("server_load")


def test_server_load_raw_client_counts_rewards_and_failures(monkeypatch) -> None:
    """The benchmark's cheap keep-alive client: every good request counts, a bad one fails."""
    sl = _server_load_module()
    monkeypatch.setattr(sl, "_CLIENT", "raw")
    items = [{"response": f"so \\boxed{{{k}}}", "gold": str(k), "question": "q"} for k in range(5)]
    with serve(create_app(("rule",), workers=0)) as url:
        lat, failed = asyncio.run(sl.drive(url, 3, 12, sl.payloads(items, 2)))
        assert len(lat) == 12 and failed == 0
        bad = iter([{"query": ["a"], "prompts": ["p"], "labels": []}] * 4)  # wrong lengths: 422
        lat, failed = asyncio.run(sl.drive(url, 2, 4, bad))
        assert len(lat) == 4 and failed == 4
