"""NeMo Gym's /verify shape: real rollouts of NeMo Gym's math_with_judge server, the library
function and the reward server's POST /nemo_gym/verify."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from conftest import BoxedOrUnsureRules, serve_app
from rlverify.errors import BadInputError
from rlverify.hybrid import HybridVerifier
from rlverify.integrations import nemo_gym
from rlverify.judge.simulated import RecordingJudge

CASES = Path(__file__).resolve().parents[1] / "cases" / "nemo_gym_rollouts.jsonl"
REQUEST_KEYS = ("responses_create_params", "response", "question", "expected_answer")




def _hybrid(judge) -> HybridVerifier:
    hybrid = HybridVerifier(judge=judge)
    hybrid.rule = BoxedOrUnsureRules()
    return hybrid


def _rollouts() -> list[dict]:
    return [json.loads(line) for line in CASES.read_text().splitlines() if line.strip()]


def _request(rollout: dict) -> dict:
    return {k: rollout[k] for k in REQUEST_KEYS if k in rollout}


def _body(text: str, gold: str = "8", question: str | None = "What is 3 + 5?") -> dict:
    body = {"responses_create_params": {"input": [{"role": "user", "content": "Solve: what is 3 + 5?"}]},
            "response": {"output": [{"type": "reasoning", "summary": [{"text": "\\boxed{99}"}]},
                                    {"type": "message", "role": "assistant",
                                     "content": [{"type": "output_text", "text": text}]}]},
            "expected_answer": gold}
    if question is not None:
        body["question"] = question
    return body


@pytest.mark.parametrize("rollout", _rollouts(), ids=lambda r: r["expected_answer"][:24])
def test_rewards_match_nemo_gym_on_its_own_rollouts(rollout):
    out = nemo_gym.verify(_request(rollout), options={"timeout": 30.0})  # a deadline no loaded CI machine hits
    assert out["reward"] == rollout["nemo_gym_reward"]
    assert out["mask_sample"] is False and out["extracted_answer"]
    for key in REQUEST_KEYS:  # the request is echoed back, as NeMo Gym's servers do
        if key in rollout:
            assert out[key] == rollout[key]


def test_reads_only_message_output_text_and_the_question_fallback():
    body = _body("So the sum is \\boxed{8}.", question=None)
    item = nemo_gym.verify_item(body)
    assert item["response"] == "So the sum is \\boxed{8}."  # the reasoning item's \boxed{99} is skipped
    assert item["question"] == "Solve: what is 3 + 5?"
    parts = {"input": [{"role": "user", "type": "message",
                        "content": [{"type": "input_text", "text": "Part one. "}, {"type": "input_text", "text": "Two."}]}]}
    assert nemo_gym.question_text({"responses_create_params": parts}) == "Part one. Two."
    assert nemo_gym.verify(body)["reward"] == 1.0
    assert nemo_gym.verify(_body("\\boxed{9}"))["reward"] == 0.0


def test_gold_delimiters_and_lists():
    assert nemo_gym.verify(_body("\\boxed{\\frac{1}{2}}", gold="\\(\\frac{1}{2}\\)"))["reward"] == 1.0
    assert nemo_gym.verify(_body("\\boxed{0.5}", gold="$\\frac12$"))["reward"] == 1.0
    assert nemo_gym.verify(_body("\\boxed{3}", gold=["2", "3"]))["reward"] == 1.0


def test_undecided_judge_masks_the_sample():
    judge = RecordingJudge(verdict=None)
    out = nemo_gym.verify(_body("\\boxed{9}"), verifier=_hybrid(judge))
    assert judge.calls == 1
    assert out["mask_sample"] is True and out["reward"] == 0.0
    assert out["verdict_source"] == "judge" and "judge_undecided" in out["verdict_flags"]
    decided = nemo_gym.verify(_body("\\boxed{9}"), verifier=_hybrid(RecordingJudge(verdict=False)))
    assert decided["mask_sample"] is False


def test_verify_many_batches_one_judge_call():
    judge = RecordingJudge(verdict=True)
    outs = nemo_gym.verify_many([_body("\\boxed{9}"), _body("\\boxed{8}"), _body("\\boxed{10}")],
                                verifier=_hybrid(judge))
    assert [o["reward"] for o in outs] == [1.0, 1.0, 1.0]
    assert judge.calls == 1 and len(judge.items) == 2  # the rule-accepted item never reaches it


@pytest.mark.parametrize("body, message", [
    ({"response": {"output": []}}, "expected_answer"),
    ({"expected_answer": "1", "response": "text"}, "Responses API"),
    ({"expected_answer": "1", "response": {"output": "x"}}, "output"),
    ([1, 2], "JSON object"),
])
def test_malformed_requests_are_bad_input(body, message):
    with pytest.raises(BadInputError, match=message):
        nemo_gym.verify(body)


def test_parse_body_rejects_non_objects_and_nan():
    assert nemo_gym.parse_body(b'{"a": 1}') == {"a": 1}
    for raw in (b"[1]", b"{", b'{"a": NaN}', b"[" * 100_000):
        with pytest.raises(BadInputError):
            nemo_gym.parse_body(raw)


def test_server_route():
    from rlverify.integrations.server import create_app

    rollout = _rollouts()[3]
    app = create_app(("rule",), token="t0k", warm=False)
    with serve_app(app) as url, httpx.Client(base_url=url, timeout=30) as client:
        auth = {"Authorization": "Bearer t0k"}
        r = client.post("/nemo_gym/verify", json=_request(rollout), headers=auth)
        assert r.status_code == 200, r.text
        out = r.json()
        assert out["reward"] == rollout["nemo_gym_reward"] == 1.0 and out["mask_sample"] is False
        assert out["response"] == rollout["response"]
        assert client.post("/nemo_gym/verify", json=_request(rollout)).status_code == 401
        bad = client.post("/nemo_gym/verify", json={"response": {"output": []}}, headers=auth)
        assert bad.status_code == 422 and "expected_answer" in bad.json()["detail"]
        junk = client.post("/nemo_gym/verify", content=b"{not json", headers=auth)
        assert junk.status_code == 422
