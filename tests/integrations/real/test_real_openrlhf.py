"""OpenRLHF 0.11.2, for real (side venv): its single-turn agent executor scores rollouts through
its own remote-reward client against a loopback ``rlverify serve`` app, and through its
file-based ``reward_func`` loader with ``rlverify/integrations/openrlhf.py``."""

from __future__ import annotations

import pytest

from _realfw import build_tiny_qwen, expected, run_side
from conftest import serve_app

pytestmark = pytest.mark.real_frameworks


@pytest.fixture(scope="module")
def tokenizer_dir(tmp_path_factory):
    return build_tiny_qwen(tmp_path_factory.mktemp("tiny_qwen"), steps=0)


def _check(run, verifier: str = "rule", **options) -> None:
    from rlverify.integrations.openrlhf import response_from_query

    scores = []
    for (question, gold, response), got in zip(run["cases"], run["results"], strict=True):
        assert response_from_query(got["query"], None).endswith(response)  # the query ends in <|im_end|>
        want = expected(response, gold, question, verifier=verifier, **options)
        # one query per request: the reply's lists have one value each
        assert got["reward"] == [want["score"]] and got["scores"] == [want["score"]], (response, got, want)
        assert got["extra_logs"]["acc"] == [float(want["score"] == 1.0)]
        assert got["extra_logs"]["judge"] == [float(want["source"] == "judge")]
        scores.append(want["score"])
    assert set(scores) == {0.0, 1.0}


def test_remote_reward_client_against_rlverify_serve(tokenizer_dir):
    """--remote_rm_url http://host:port/reward (rule and, with ?verifier=, a hybrid)."""
    from rlverify.integrations.server import create_app

    app = create_app(["rule", "hybrid"], options={"hybrid": {"judge": "gullible"}})
    with serve_app(app) as base_url:
        _check(run_side("openrlhf_scenarios.py", str(tokenizer_dir), f"{base_url}/reward"))
        _check(run_side("openrlhf_scenarios.py", str(tokenizer_dir), f"{base_url}/reward?verifier=hybrid"),
               verifier="hybrid", judge="gullible")


def test_file_based_reward_func(tokenizer_dir):
    """--remote_rm_url /path/to/rlverify/integrations/openrlhf.py (OpenRLHF loads it by path)."""
    import rlverify.integrations.openrlhf as module

    _check(run_side("openrlhf_scenarios.py", str(tokenizer_dir), module.__file__))


def test_a_slow_judge_is_answered_within_the_server_budget(tokenizer_dir):
    """A judge slower than OpenRLHF's 180 s client timeout must not make it re-send: the server
    answers within its judge budget (here 3 s) with the rule verdicts, flagged judge_unavailable."""
    from rlverify.integrations.server import create_app
    from rlverify.judge.testing import Delay, Reply, Script, create_app as judge_app

    with serve_app(judge_app(script=Script(default=[Delay(30, Reply("Final Decision: Yes"))]))) as judge_url:
        options = {"hybrid": {"judge": "openai", "judge_options": {"base_url": f"{judge_url}/v1", "model": "slow"}}}
        app = create_app(["hybrid"], options=options, judge_budget=3.0)
        with serve_app(app) as base_url:
            run = run_side("openrlhf_scenarios.py", str(tokenizer_dir), f"{base_url}/reward")
    for (question, gold, response), got in zip(run["cases"], run["results"], strict=True):
        assert got["seconds"] < 30, got  # one answer per request, no client retry
        assert got["reward"] == [expected(response, gold, question)["score"]]
