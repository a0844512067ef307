"""A missing or blank reference in an RL integration: an undecided verdict flagged ``invalid_gold``
(TRL gets None and skips the sample; verl and NeMo Gym see ``undecided``/``mask_sample``; OpenRLHF,
which cannot skip, gets the rejection score with ``undecided`` logged), a warning in the log, no
crash; and a list of references keeps its valid members."""

from __future__ import annotations

import logging

import numpy as np
import pytest

import rlverify.integrations.openrlhf as openrlhf
from rlverify.integrations import nemo_gym
from rlverify.integrations._common import golds_of, verify_items, cached_verifier
from rlverify.integrations.trl import make_reward_fn
from rlverify.integrations.verl import compute_score, compute_score_batch

BLANK = [None, "", "   ", ["", " "], np.array(["", "  "])]
BLANK_IDS = ["None", "empty", "spaces", "list-of-blanks", "array-of-blanks"]


@pytest.mark.parametrize("gold", BLANK, ids=BLANK_IDS)
def test_trl_reward_is_none_so_trl_skips_it(gold) -> None:  # noqa: ANN001
    fn = make_reward_fn()
    logged: list[tuple[str, object]] = []
    extra: dict[str, list] = {}
    rewards = fn(prompts=["What is 1 + 1?"] * 2, completions=["\\boxed{2}", "\\boxed{2}"],
                 answer=[gold, "2"], log_metric=lambda k, v: logged.append((k, v)),
                 log_extra=lambda k, v: extra.setdefault(k, v))
    assert rewards == [None, 1.0]
    assert dict(logged)["rlverify_rule/undecided"] == 0.5
    assert extra["rlverify_rule/flags"][0] == "invalid_gold"


def test_trl_hybrid_reward_is_none_too() -> None:
    fn = make_reward_fn("hybrid", judge="gullible")  # a judge that accepts anything is never asked
    assert fn(prompts=["p"], completions=["The answer is blue."], answer=["  "]) == [None]


def test_trl_list_with_a_blank_member_is_decided_by_the_others() -> None:
    """The blank member must not decide: against it the rules are unsure and a gullible judge
    would accept the wrong 3; against "2" the rules say 'different', which is final."""
    fn = make_reward_fn("hybrid", judge="gullible")
    assert fn(prompts=["p", "p"], completions=["\\boxed{2}", "\\boxed{3}"],
              answer=[["", "2"], [" ", "2"]]) == [1.0, 0.0]


@pytest.mark.parametrize("gold", BLANK, ids=BLANK_IDS)
def test_verl_compute_score_is_undecided(gold) -> None:  # noqa: ANN001
    out = compute_score("openai/gsm8k", "so \\boxed{2}", gold)
    assert out["undecided"] == 1.0 and out["acc"] == 0.0 and out["score"] == 0.0
    assert out["flags"] == "invalid_gold"


def test_verl_compute_score_batch_marks_only_the_blank_rows() -> None:
    out = compute_score_batch(["d"] * 3, ["\\boxed{2}"] * 3, ["2", "", np.array(["", "2"])],
                              [None, None, None])
    assert [o["undecided"] for o in out] == [0.0, 1.0, 0.0]
    assert [o["score"] for o in out] == [1.0, 0.0, 1.0]
    assert out[1]["flags"] == "invalid_gold"


def test_openrlhf_logs_undecided_for_a_blank_label() -> None:
    """OpenRLHF cannot skip a sample: the rejection score, with ``undecided`` logged beside it."""
    prompt = "<|im_start|>user\nWhat is 1 + 1?<|im_end|>\n<|im_start|>assistant\n"
    out = openrlhf.reward_func([prompt + "\\boxed{2}<|im_end|>"] * 2, [prompt] * 2, ["  ", "2"])
    assert out["rewards"] == [0.0, 1.0]
    assert out["extra_logs"]["undecided"] == [1.0, 0.0]


def test_nemo_gym_masks_the_sample() -> None:
    body = {"responses_create_params": {"input": [{"role": "user", "content": "What is 1 + 1?"}]},
            "response": {"output": [{"type": "message", "content": [{"type": "output_text", "text": "\\boxed{2}"}]}]},
            "expected_answer": "  "}
    out = nemo_gym.verify(body)
    assert out["mask_sample"] is True and out["verdict_flags"] == ["invalid_gold"]


def test_golds_of_drops_blank_members() -> None:
    assert golds_of(None) == ("",)
    assert golds_of(float("nan")) == ("",)
    assert golds_of(["", " ", None]) == ("",)
    assert golds_of(["", "2", " 3"]) == ("2", " 3")
    assert golds_of(np.array(["", "4"])) == ("4",)
    assert golds_of(0) == ("0",)


def test_a_warning_is_logged_at_the_first_and_tenth_item(caplog: pytest.LogCaptureFixture,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from rlverify.integrations import _common

    monkeypatch.setattr(_common, "_INVALID_SEEN", 0)  # a fresh process: earlier tests saw blank golds too
    item = {"response": "\\boxed{1}", "gold": " "}
    with caplog.at_level(logging.WARNING, logger="rlverify.integrations._common"):
        verify_items(cached_verifier("rule"), [item])
        verify_items(cached_verifier("rule"), [item] * 8)
        verify_items(cached_verifier("rule"), [item, {"response": "\\boxed{1}", "gold": "1"}])
    warned = [r.getMessage() for r in caplog.records if "invalid_gold" in r.getMessage()]
    assert len(warned) == 2 and "1 item(s)" in warned[0] and "10 item(s)" in warned[1]


def test_reward_server_answers_undecided() -> None:
    """POST /verify (rlverify serve): a blank, null or all-blank-list gold is undecided, in place."""
    import httpx

    from conftest import serve_app
    from rlverify.integrations.server import create_app

    items = [{"response": "\\boxed{2}", "gold": g} for g in ("2", "", None, "   ", [" ", ""], ["", "2"])]
    with serve_app(create_app(("rule",))) as url:
        reply = httpx.post(f"{url}/verify", json={"items": items}, timeout=60)
    assert reply.status_code == 200, reply.text
    verdicts = reply.json()["verdicts"]
    assert [v["status"] for v in verdicts] == ["correct"] + ["undecided"] * 4 + ["correct"]
    assert [v["flags"] for v in verdicts[1:5]] == [["invalid_gold"]] * 4


def test_prime_verifiers_errors_the_rollout_or_scores_zero() -> None:
    """verifiers v1: an undecided verdict errors the rollout by default (a blank answer field is a
    data bug), or scores 0.0 with on_undecided="zero"; trace.info records the flag either way."""
    import asyncio
    from types import SimpleNamespace

    from rlverify.integrations.prime_verifiers import UndecidedRewardError, make_reward, reward

    task, trace = SimpleNamespace(answer="  ", prompt_text="What is 1 + 1?"), SimpleNamespace(last_reply="\\boxed{2}", info={})
    with pytest.raises(UndecidedRewardError, match="invalid_gold"):
        asyncio.run(reward(task, trace))
    assert trace.info["rlverify"]["flags"] == ["invalid_gold"] and trace.info["rlverify"]["undecided"] is True
    assert asyncio.run(make_reward(on_undecided="zero")(task, trace)) == 0.0
