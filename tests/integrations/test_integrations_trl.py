"""TRL reward functions, called the way GRPOTrainer._calculate_rewards calls them (TRL not installed)."""

from __future__ import annotations

import asyncio
import functools
import inspect
from dataclasses import dataclass
from typing import Any

import pytest

import rlverify
from rlverify.errors import BadInputError, UnknownVerifierError
from rlverify.integrations.trl import make_async_reward_fn, make_reward_fn
from rlverify.verdict import BaseVerifier, Verdict


@dataclass
class TrainerState:  # the part of transformers.TrainerState a reward function sees
    global_step: int = 0


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def observe(self, step, questions, golds, responses, rewards) -> None:  # noqa: ANN001
        self.calls.append((step, list(questions), list(golds), list(responses), list(rewards)))


class UndecidedOnQuestionMark(BaseVerifier):
    """Undecided whenever the reference is '?', else the rule verdict."""

    name = "test_trl_undecided"

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict:
        if gold == "?":
            return Verdict(False, 0.0, "judge", flags=("judge_undecided",), undecided=True)
        return rlverify.verify(response, gold, question)


rlverify.register("test_trl_undecided")(lambda **o: UndecidedOnQuestionMark())


def _trl_kwargs(inputs: list[dict[str, Any]], step: int = 3) -> tuple[dict[str, Any], dict[str, list]]:
    """Build the reward kwargs exactly as GRPOTrainer does from the input rows."""
    keys = [k for k in inputs[0] if k not in ("prompt", "completion", "completion_ids")]
    kwargs: dict[str, Any] = {k: [ex[k] for ex in inputs] for k in keys}
    logged: dict[str, list] = {"metric": [], "extra": []}
    kwargs["trainer_state"] = TrainerState(step)
    kwargs["log_extra"] = lambda column, values: logged["extra"].append((column, values))
    kwargs["log_metric"] = lambda name, value: logged["metric"].append((name, value))
    return kwargs, logged


def _call(fn, prompts, completions, inputs, step=3):  # noqa: ANN001, ANN202
    kwargs, logged = _trl_kwargs(inputs, step)
    ids = [[1, 2, 3] for _ in completions]
    out = fn(prompts=prompts, completions=completions, completion_ids=ids, **kwargs)
    return out, logged


def test_plain_grpo_group_shape() -> None:
    # 2 prompts x 3 generations: TRL repeats every column per generation
    prompts = ["What is 6*7?"] * 3 + ["What is 1/2 + 1/2?"] * 3
    completions = ["6*7 = \\boxed{42}", "I think \\boxed{41}", "no idea",
                   "It is \\boxed{1}", "Total: \\boxed{1.0}", "\\boxed{\\frac{1}{2}}"]
    inputs = [{"prompt": p, "answer": a, "id": i}
              for i, (p, a) in enumerate(zip(prompts, ["42"] * 3 + ["1"] * 3))]
    fn = make_reward_fn()
    rewards, logged = _call(fn, prompts, completions, inputs)
    assert rewards == [1.0, 0.0, 0.0, 1.0, 1.0, 0.0]
    assert all(isinstance(r, float) for r in rewards)
    assert fn.__name__ == display_name(fn) == "rlverify_rule"
    assert dict(logged["metric"])["rlverify_rule/undecided"] == 0.0


def test_conversational_prompts_and_completions() -> None:
    prompt = [{"role": "system", "content": "Reason, then box the answer."},
              {"role": "user", "content": "How many legs do 3 spiders have?"}]
    completions = [[{"role": "assistant", "content": "3 * 8 = \\boxed{24}"}],
                   [{"role": "assistant", "content": [{"type": "text", "text": "So \\boxed{18}"}]}],
                   [{"role": "assistant", "content": "\\boxed{3}"}, {"role": "tool", "content": "ok"},
                    {"role": "assistant", "content": "Final: \\boxed{24}"}]]
    inputs = [{"prompt": prompt, "solution": "24"} for _ in completions]
    fn = make_reward_fn(answer_column="solution", name="math_reward")
    rewards, _ = _call(fn, [prompt] * 3, completions, inputs)
    assert rewards == [1.0, 0.0, 1.0]
    assert fn.__name__ == "math_reward"


def test_question_comes_from_the_last_user_message() -> None:
    rec = Recorder()
    prompt = [{"role": "system", "content": "sys"}, {"role": "user", "content": "Q: area?"}]
    fn = make_reward_fn(monitor=rec)
    _call(fn, [prompt, "plain question"], ["\\boxed{2}", "\\boxed{3}"],
          [{"prompt": prompt, "answer": "2"}, {"prompt": "plain question", "answer": "4"}], step=11)
    assert rec.calls == [(11, ["Q: area?", "plain question"], ["2", "4"], ["\\boxed{2}", "\\boxed{3}"], [1.0, 0.0])]


def test_undecided_is_none_so_trl_skips_it() -> None:
    fn = make_reward_fn("test_trl_undecided")
    rewards, logged = _call(fn, ["p", "p"], ["\\boxed{5}", "\\boxed{5}"],
                            [{"prompt": "p", "answer": "?"}, {"prompt": "p", "answer": "5"}])
    assert rewards == [None, 1.0]
    assert dict(logged["metric"])["rlverify_test_trl_undecided/undecided"] == 0.5


def test_positional_call_and_list_gold() -> None:
    fn = make_reward_fn()
    assert fn(["p", "p"], ["\\boxed{8}", "\\boxed{9}"], answer=[["7", "8"], ["7", "8"]]) == [1.0, 0.0]


def is_async_callable(func: Any) -> bool:
    """TRL's test (trainer/utils.py): partials unwrapped, then the callable or its __call__."""
    while isinstance(func, functools.partial):
        func = func.func
    return inspect.iscoroutinefunction(func) or inspect.iscoroutinefunction(func.__call__)


def display_name(func: Any) -> str:
    """TRL's get_callable_name: what the reward is logged as."""
    while isinstance(func, functools.partial):
        func = func.func
    return getattr(func, "__name__", type(func).__name__)


def test_async_variant_is_async_callable_and_agrees() -> None:
    afn = make_async_reward_fn(name="rlv_async")
    assert is_async_callable(afn) and is_async_callable(functools.partial(afn))
    assert not is_async_callable(make_reward_fn())
    assert display_name(functools.partial(afn)) == "rlv_async"
    prompts = [f"q{i}" for i in range(10)]
    completions = [f"\\boxed{{{i}}}" for i in range(10)]
    inputs = [{"prompt": p, "answer": str(i - i % 2)} for i, p in enumerate(prompts)]
    kwargs, _ = _trl_kwargs(inputs)

    async def gather() -> list[list[float | None]]:  # TRL gathers async reward functions
        return await asyncio.gather(afn(prompts=prompts, completions=completions, **kwargs),
                                    afn(prompts=prompts, completions=completions, **kwargs))

    a, b = asyncio.run(gather())
    sync, _ = _call(make_reward_fn(), prompts, completions, inputs)
    assert a == b == sync == [1.0 if i % 2 == 0 else 0.0 for i in range(10)]


def test_missing_answer_column_names_the_columns() -> None:
    fn = make_reward_fn(answer_column="answer")
    with pytest.raises(BadInputError, match="no column 'answer'.*solution"):
        _call(fn, ["p"], ["\\boxed{1}"], [{"prompt": "p", "solution": "1"}])


def test_monitor_step_without_trainer_state_counts_calls() -> None:
    rec = Recorder()
    fn = make_reward_fn(monitor=rec)
    fn(prompts=["p"], completions=["\\boxed{1}"], answer=["1"])
    fn(prompts=["p"], completions=["\\boxed{1}"], answer=["2"])
    assert [c[0] for c in rec.calls] == [0, 1] and [c[4] for c in rec.calls] == [[1.0], [0.0]]


def test_unknown_verifier_fails_when_made() -> None:
    with pytest.raises(UnknownVerifierError):
        make_reward_fn("no_such_verifier")


def test_reward_functions_pickle_for_spawned_rollout_workers() -> None:
    """TRL's async GRPO rollout worker sends reward functions to a spawned child process."""
    import multiprocessing
    import pickle
    from concurrent.futures import ProcessPoolExecutor

    fn = pickle.loads(pickle.dumps(make_reward_fn(name="pickled")))
    assert fn.__name__ == "pickled" and fn(["p"], ["\\boxed{2}"], answer=["2"]) == [1.0]
    afn = pickle.loads(pickle.dumps(make_async_reward_fn()))
    assert asyncio.run(afn(["p"], ["\\boxed{2}"], answer=["3"])) == [0.0]
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as ex:
        out = ex.submit(make_reward_fn(), ["p", "p"], ["\\boxed{7}", "\\boxed{8}"], answer=["7", "7"]).result(60)
    assert out == [1.0, 0.0]
