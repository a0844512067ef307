"""OpenRLHF's file-based reward function, loaded and called the way OpenRLHF does it."""

from __future__ import annotations

import asyncio
import importlib.util
from types import ModuleType

import pytest

import rlverify
import rlverify.integrations.openrlhf as openrlhf
from rlverify.verdict import BaseVerifier, Verdict

PROMPT = "<|im_start|>user\nWhat is 3 * 4?<|im_end|>\n<|im_start|>assistant\n"


class AlwaysJudged(BaseVerifier):
    name = "test_openrlhf_judged"

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict:
        return Verdict(True, 1.0, "judge", extracted=response)


rlverify.register("test_openrlhf_judged")(lambda **o: AlwaysJudged())


def load_like_openrlhf() -> ModuleType:
    """SingleTurnAgentExecutor: spec_from_file_location("reward_func", path), exec, .reward_func."""
    spec = importlib.util.spec_from_file_location("reward_func", openrlhf.__file__)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_file_loaded_reward_func_one_query_per_call() -> None:
    reward_func = load_like_openrlhf().reward_func

    async def fetch(query: str, label: str) -> dict:  # _fetch_rewards_via_func: batch size 1, in a thread
        return await asyncio.to_thread(reward_func, [query], [PROMPT], [label])

    async def rollouts() -> list[dict]:
        return await asyncio.gather(fetch(PROMPT + "3*4 = \\boxed{12}<|im_end|>", "12"),
                                    fetch(PROMPT + "I get \\boxed{7}<|im_end|><|endoftext|>", "12"))

    good, bad = asyncio.run(rollouts())
    assert good["rewards"] == good["scores"] == [1.0] and bad["rewards"] == [0.0]
    for out in (good, bad):
        assert set(out["extra_logs"]) == {"acc", "undecided", "judge", "guard"}
        assert all(isinstance(v, list) and len(v) == 1 and isinstance(v[0], float) for v in out["extra_logs"].values())


def test_verifier_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RLVERIFY_VERIFIER", "test_openrlhf_judged")
    out = load_like_openrlhf().reward_func([PROMPT + "anything"], [PROMPT], ["12"])
    assert out["rewards"] == [1.0] and out["extra_logs"]["judge"] == [1.0]


def test_response_from_query() -> None:
    assert openrlhf.response_from_query(PROMPT + "It is \\boxed{12}.<|im_end|>", PROMPT) == "It is \\boxed{12}."
    assert openrlhf.response_from_query("<s>" + PROMPT + "x</s>", PROMPT) == "x"
    assert openrlhf.response_from_query("no prompt \\boxed{1}", "other") == "no prompt \\boxed{1}"
    far = "y" * 100 + PROMPT + "z"  # the prompt deep inside the query is not a prefix: keep everything
    assert openrlhf.response_from_query(far, PROMPT) == far


def test_mismatched_lengths_raise() -> None:
    with pytest.raises(ValueError):
        openrlhf.reward_func(["a", "b"], ["p"], ["1", "2"])
