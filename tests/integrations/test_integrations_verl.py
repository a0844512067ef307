"""verl reward functions, called the way verl's reward managers call them (verl not installed)."""

from __future__ import annotations

import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial
from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest

import rlverify
from conftest import read_jsonl
from rlverify.errors import BadInputError, UnknownVerifierError
from rlverify.integrations._common import cached_verifier
from rlverify.integrations.verl import compute_score, compute_score_batch
from rlverify.verdict import BaseVerifier, Verdict

KEYS = {"score": float, "acc": float, "undecided": float, "source": str, "flags": str, "pred": str}


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def observe(self, step, questions, golds, responses, rewards) -> None:  # noqa: ANN001
        self.calls.append((step, list(questions), list(golds), list(responses), list(rewards)))


MONITOR = Recorder()  # named by "test_integrations_verl:MONITOR" in a reward_kwargs-style config


class QuestionEcho(BaseVerifier):
    """Correct iff the question reached the verifier; records the options it was built with."""

    name = "test_verl_echo"

    def __init__(self, marker: str = "") -> None:
        self.marker = marker

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict:
        ok = question is not None and self.marker in question
        return Verdict(ok, float(ok), "rule", extracted=question, flags=("echo",))


rlverify.register("test_verl_echo")(lambda **o: QuestionEcho(**o))


def _call_with_kwargs(raw_fn, extra_kwargs, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003
    """What verl's get_custom_reward_fn wraps the function in: reward_kwargs win over call kwargs."""
    return raw_fn(*args, **{**kwargs, **extra_kwargs})


def _check_shape(d: dict[str, Any]) -> None:
    assert set(d) == set(KEYS)
    for k, t in KEYS.items():
        assert isinstance(d[k], t), (k, d[k])


def test_naive_manager_keyword_call() -> None:
    d = compute_score(data_source="openai/gsm8k", solution_str="Adding up: #### 18\nSo \\boxed{18}.",
                      ground_truth="18", extra_info={"question": "How many?", "num_turns": None,
                                                     "rollout_reward_scores": {}})
    _check_shape(d)
    assert d["score"] == 1.0 and d["acc"] == 1.0 and d["pred"] == "18" and d["source"] == "rule"


def test_positional_call_and_wrong_answer() -> None:
    d = compute_score("lighteval/MATH", "so the answer is \\boxed{\\frac{1}{3}}", "\\frac{1}{2}", None)
    _check_shape(d)
    assert d["score"] == 0.0 and d["acc"] == 0.0 and d["pred"] == "\\frac{1}{3}"


def test_no_answer_sets_flags_string() -> None:
    d = compute_score("x", "I am not sure.", "7")
    assert d["score"] == 0.0 and d["pred"] == "" and "no_answer" in d["flags"].split(",")


def test_reward_kwargs_choose_verifier_and_options_and_question() -> None:
    fn = partial(_call_with_kwargs, compute_score,
                 {"verifier": "test_verl_echo", "verifier_options": {"marker": "apples"}})
    # the reward loop adds its own keywords; they must be ignored
    d = fn(data_source="s", solution_str="r", ground_truth="g", extra_info={"question": "how many apples?"},
           reward_router_address=None, reward_model_tokenizer=None)
    assert d["score"] == 1.0 and d["flags"] == "echo"
    assert fn(data_source="s", solution_str="r", ground_truth="g", extra_info={"question": "pears"})["score"] == 0.0
    assert fn(data_source="s", solution_str="r", ground_truth="g", extra_info={})["score"] == 0.0


class ConfigNode(Mapping):
    """A read-only mapping that is not a dict, like omegaconf's DictConfig from a Hydra config."""

    def __init__(self, data: dict) -> None:
        self._data = data

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self):  # noqa: ANN204
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


def test_config_container_options_are_cached_like_dicts() -> None:
    opts = ConfigNode({"marker": "x"})
    fn = partial(_call_with_kwargs, compute_score, {"verifier": "test_verl_echo", "verifier_options": opts})
    assert fn(data_source="s", solution_str="r", ground_truth="g", extra_info={"question": "x?"})["score"] == 1.0
    assert cached_verifier("test_verl_echo", {"marker": "x"}) is cached_verifier("test_verl_echo", {"marker": "x"})
    with pytest.raises(BadInputError, match="verifier_options"):
        compute_score("s", "r", "g", verifier_options=["not", "a", "mapping"])


def test_list_of_ground_truths_is_any_of() -> None:
    assert compute_score("s", "\\boxed{9}", np.array(["8", "9"], dtype=object))["score"] == 1.0
    assert compute_score("s", "\\boxed{7}", ["8", "9"])["score"] == 0.0


def _batch_args(rows: list[dict]) -> dict[str, Any]:
    """The arguments of verl's BatchRewardManager.verify: numpy arrays from the DataProto."""
    extras = np.array([{"question": r["question"], "index": i} for i, r in enumerate(rows)], dtype=object)
    for e in extras:
        e["rollout_reward_scores"] = {}
    return {"data_sources": np.array([r["dataset"] for r in rows], dtype=object),
            "solution_strs": [r["response"] for r in rows],
            "ground_truths": [r["gold"] for r in rows], "extra_infos": extras}


def test_batch_manager_call_matches_single_calls(corpora_paths) -> None:  # noqa: ANN001
    rows = read_jsonl(corpora_paths[0])[:30]
    batch = compute_score_batch(**_batch_args(rows), verifier="rule")
    assert len(batch) == len(rows)
    single = [compute_score(r["dataset"], r["response"], r["gold"], {"question": r["question"]}) for r in rows]
    assert batch == single
    for d in batch:
        _check_shape(d)
    want = [rlverify.verify(r["response"], r["gold"], r["question"]).correct for r in rows]
    assert [d["acc"] == 1.0 for d in batch] == want


def test_batch_positional_and_length_mismatch() -> None:
    out = compute_score_batch(["a", "b"], ["\\boxed{1}", "\\boxed{3}"], ["1", "2"], [None, {}])
    assert [d["score"] for d in out] == [1.0, 0.0]
    with pytest.raises(BadInputError, match="same length"):
        compute_score_batch(["a"], ["\\boxed{1}", "\\boxed{2}"], ["1"], [None])


def test_thread_safety_matches_sequential() -> None:
    args = [("s", f"\\boxed{{{i}}}", str(i - i % 3), {"question": f"q{i}"}) for i in range(120)]
    sequential = [compute_score(*a) for a in args]
    with ThreadPoolExecutor(8) as ex:
        threaded = list(ex.map(lambda a: compute_score(*a), args))
    assert threaded == sequential
    assert [d["score"] for d in sequential] == [1.0 if i % 3 == 0 else 0.0 for i in range(120)]


def test_runs_in_a_fresh_worker_process() -> None:
    """What a Ray worker does: unpickle the function by reference and call it."""
    fn = pickle.loads(pickle.dumps(compute_score))
    assert fn is compute_score
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as ex:
        d = ex.submit(compute_score, data_source="s", solution_str="\\boxed{5}", ground_truth="5").result(60)
    assert d["score"] == 1.0


def test_verifiers_are_cached_per_name_and_options() -> None:
    a = cached_verifier("rule", {"timeout": 2.0})
    assert cached_verifier("rule", {"timeout": 2.0}) is a
    assert cached_verifier("rule", {"timeout": 3.0}) is not a


def test_unknown_verifier_is_a_clear_error() -> None:
    with pytest.raises(UnknownVerifierError, match="no_such_verifier"):
        compute_score("s", "\\boxed{1}", "1", verifier="no_such_verifier")


def test_monitor_hook_object_and_config_string() -> None:
    rec = Recorder()
    compute_score_batch(["s", "s"], ["\\boxed{1}", "\\boxed{3}"], [["1"], "2"], [{"question": "q"}, None],
                        monitor=rec)
    compute_score("s", "\\boxed{4}", "4", monitor=rec)
    assert rec.calls[0] == (0, ["q", None], ["1", "2"], ["\\boxed{1}", "\\boxed{3}"], [1.0, 0.0])
    assert rec.calls[1][0] == 1 and rec.calls[1][4] == [1.0]
    n = len(MONITOR.calls)
    compute_score("s", "\\boxed{4}", "5", monitor="test_integrations_verl:MONITOR")
    assert len(MONITOR.calls) == n + 1 and MONITOR.calls[-1][4] == [0.0]
    with pytest.raises(BadInputError, match="monitor"):
        compute_score("s", "\\boxed{4}", "5", monitor=42)
