"""OpenRLHF 0.11.2, for real (side venv): its single-turn agent executor scores rollouts through
its own remote-reward client against a loopback ``rlverify serve`` app, and through its
file-based ``reward_func`` loader with ``rlverify/integrations/openrlhf.py``."""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from _realfw import build_tiny_qwen, expected, run_side
from conftest import serve_app

pytestmark = pytest.mark.real_frameworks


@contextlib.contextmanager
def rlverify_serve(*args: str):
    """`rlverify serve --port PORT ARGS...` in a subprocess; yields its base URL once /health answers."""
    import httpx

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cli = str(Path(sys.executable).parent / "rlverify")
    proc = subprocess.Popen([cli, "serve", "--port", str(port), *args], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert proc.poll() is None, proc.stderr.read()[-3000:]
            assert time.monotonic() < deadline, "rlverify serve did not become healthy"
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                    break
            time.sleep(0.3)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


@pytest.fixture(scope="module")
def tokenizer_dir(tmp_path_factory):
    return build_tiny_qwen(tmp_path_factory.mktemp("tiny_qwen"), steps=0)


def _check(cases, results, verifier: str = "rule", **options) -> None:
    from rlverify.integrations.openrlhf import response_from_query

    scores = []
    for (question, gold, response), got in zip(cases, results, strict=True):
        assert response_from_query(got["query"], None).endswith(response)  # the query ends in <|im_end|>
        want = expected(response, gold, question, verifier=verifier, **options)
        # one query per request: the reply's lists have one value each
        assert got["reward"] == [want["score"]] and got["scores"] == [want["score"]], (response, got, want)
        assert got["extra_logs"]["acc"] == [float(want["score"] == 1.0)]
        assert got["extra_logs"]["judge"] == [float(want["source"] == "judge")]
        scores.append(want["score"])
    assert set(scores) == {0.0, 1.0}


@pytest.fixture(scope="module")
def runs(tokenizer_dir):
    """One OpenRLHF process: the HTTP client against `rlverify serve` (rule, and ?verifier=hybrid),
    and the file-based reward_func."""
    import rlverify.integrations.openrlhf as module

    with rlverify_serve("--verifier", "rule", "hybrid", "--options", '{"hybrid": {"judge": "gullible"}}') as base_url:
        urls = {"rule": f"{base_url}/reward", "hybrid": f"{base_url}/reward?verifier=hybrid", "file": module.__file__}
        out = run_side("openrlhf_scenarios.py", str(tokenizer_dir), *urls.values())
    return {name: (out["cases"], out["runs"][url]) for name, url in urls.items()}


def test_remote_reward_client_against_rlverify_serve(runs):
    """`rlverify serve`, then --remote_rm_url http://host:port/reward (rule; ?verifier=hybrid too)."""
    _check(*runs["rule"])
    _check(*runs["hybrid"], verifier="hybrid", judge="gullible")


def test_file_based_reward_func(runs):
    """--remote_rm_url /path/to/rlverify/integrations/openrlhf.py (OpenRLHF loads it by path)."""
    _check(*runs["file"])


def test_a_slow_judge_is_answered_within_the_server_budget(tokenizer_dir):
    """A judge slower than OpenRLHF's 180 s client timeout must not make it re-send: the server
    answers within its judge budget (--judge-budget, default 120 s; here 3 s) with the rule
    verdicts, flagged judge_unavailable."""
    from rlverify.judge.testing import Delay, Reply, Script, create_app as judge_app

    with serve_app(judge_app(script=Script(default=[Delay(30, Reply("Final Decision: Yes"))]))) as judge_url:
        options = {"hybrid": {"judge": "openai", "judge_options": {"base_url": f"{judge_url}/v1", "model": "slow"}}}
        with rlverify_serve("--verifier", "hybrid", "--options", json.dumps(options), "--judge-budget", "3") as base_url:
            run = run_side("openrlhf_scenarios.py", str(tokenizer_dir), f"{base_url}/reward")
    for (question, gold, response), got in zip(run["cases"], run["runs"][f"{base_url}/reward"], strict=True):
        assert got["seconds"] < 30, got  # one answer per request, no client retry
        assert got["reward"] == [expected(response, gold, question)["score"]]
