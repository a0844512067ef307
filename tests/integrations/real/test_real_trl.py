"""TRL, for real: a GRPOTrainer run of 2 steps on a tiny Qwen2 with rlverify's reward functions
(sync rule, async hybrid with a simulated judge; plain and chat prompts), and TRL's AsyncGRPO
scoring path (reward functions pickled into a spawned child, a monitor attached)."""

from __future__ import annotations

import json
import math
import pickle

import pytest

from _realfw import PROBLEMS, build_tiny_qwen, expected, need

pytestmark = pytest.mark.real_frameworks

GOLD = {p["question"]: p["gold"] for p in PROBLEMS}


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory):
    need("trl")
    from trl.chat_template_utils import qwen2_5_chat_template

    return build_tiny_qwen(tmp_path_factory.mktemp("tiny_qwen"), chat_template=qwen2_5_chat_template)


# a model whose weights answer every prompt with one reply, right for the first question only (every
# other token has probability 0): every completion is that reply, so right and wrong answers both occur
# whichever questions a step draws
FIXED = PROBLEMS[0]["responses"][0]


@pytest.fixture(scope="module")
def fixed_model(tmp_path_factory):
    need("trl")
    from trl.chat_template_utils import qwen2_5_chat_template

    return build_tiny_qwen(tmp_path_factory.mktemp("tiny_qwen_fixed"),
                           chat_template=qwen2_5_chat_template, answer=FIXED)


def _question(prompt) -> str:
    return prompt if isinstance(prompt, str) else [m for m in prompt if m["role"] == "user"][-1]["content"]


def _text(completion) -> str:
    return completion if isinstance(completion, str) else completion[-1]["content"]


def _same(logged: float, want: float | None) -> bool:
    return math.isnan(logged) if want is None else logged == want


@pytest.mark.parametrize("chat", [False, True], ids=["plain", "chat"])
def test_grpo_trainer_logs_the_rewards_verify_gives(fixed_model, tmp_path, chat):
    """The snippet of docs/integrations.md (TRL), run for 2 steps. The model answers every question
    with one scripted reply, the only token sequence it can sample (issue 28: with a model that
    mixed replies, whether both right and wrong answers occurred in 2 steps was chance, and the test
    failed on 1 of 2 fresh runs)."""
    need("trl")
    import pandas as pd
    from datasets import Dataset

    rows = [{"prompt": [{"role": "user", "content": p["question"]}] if chat else p["question"],
             "answer": p["gold"]} for p in PROBLEMS]
    model, dataset, output_dir = str(fixed_model), Dataset.from_list(rows), str(tmp_path)
    # snippet (docs/integrations.md, TRL)
    from trl import GRPOConfig, GRPOTrainer

    from rlverify.integrations.trl import make_async_reward_fn, make_reward_fn

    reward_funcs = [
        make_reward_fn("rule", answer_column="answer"),  # logged as rewards/rlverify_rule
        make_async_reward_fn("hybrid", answer_column="answer", judge="gullible", name="rlverify_hybrid"),
    ]
    args = GRPOConfig(output_dir=output_dir, max_steps=2, per_device_train_batch_size=8, num_generations=4,
                      max_completion_length=8, logging_steps=1, log_completions=True, report_to="none",
                      use_cpu=True, save_strategy="no", seed=0)
    trainer = GRPOTrainer(model=model, reward_funcs=reward_funcs, args=args, train_dataset=dataset)
    trainer.train()
    # end snippet
    tables = sorted((tmp_path / "completions").glob("completions_*.parquet"))
    assert len(tables) == 2
    table = pd.concat([pd.read_parquet(t) for t in tables], ignore_index=True)
    assert len(table) == 16
    seen = set()
    for row in table.to_dict("records"):
        question, text = _question(row["prompt"]), _text(row["completion"])
        assert text.strip() == FIXED, (question, text)  # the only reply with a probability above 0
        rule = expected(text, GOLD[question], question)
        hybrid = expected(text, GOLD[question], question, verifier="hybrid", judge="gullible")
        assert _same(row["rlverify_rule"], rule["score"]), (text, row["rlverify_rule"], rule)
        assert _same(row["rlverify_hybrid"], hybrid["score"]), (text, row["rlverify_hybrid"], hybrid)
        # log_extra: the verdict's source, flags and extracted answer, per completion
        assert row["rlverify_rule/source"] == rule["source"]
        assert row["rlverify_rule/extracted"] == (rule["extracted"] or "")
        assert row["rlverify_rule/flags"] == ",".join(rule["flags"])
        assert row["rlverify_hybrid/source"] == hybrid["source"]
        seen.add((rule["score"], hybrid["source"]))
    questions = {_question(p) for p in table["prompt"]}
    want = {1.0 if GOLD[q] == PROBLEMS[0]["gold"] else 0.0 for q in questions}
    assert {s for s, _ in seen} == want and len(questions) >= 2, (seen, questions)
    logs = [h for h in trainer.state.log_history if "rewards/rlverify_rule/mean" in h]
    assert len(logs) == 2
    for step_log, part in zip(logs, [table.iloc[:8], table.iloc[8:]]):
        assert step_log["rewards/rlverify_rule/mean"] == pytest.approx(part["rlverify_rule"].mean(skipna=True))
        assert "rlverify_rule/undecided" in step_log and "rlverify_hybrid/judge_share" in step_log


def test_async_grpo_scores_in_a_spawned_child_with_a_monitor(tiny_model, tmp_path, monkeypatch):
    """AsyncGRPO pickles the reward functions into a spawned child (its own check first); the
    monitor travels with them and writes its steps from the child."""
    need("trl")
    import transformers
    from datasets import Dataset
    from trl.experimental.async_grpo import async_rollout_worker

    from accelerate.state import PartialState

    PartialState()  # what AsyncGRPOTrainer's Accelerator has done before it starts the worker
    monkeypatch.setattr(async_rollout_worker, "is_vllm_available", lambda: True)  # generation is scripted
    from _async_grpo_loop import ScriptedWorker

    tokenizer = transformers.AutoTokenizer.from_pretrained(tiny_model)
    log = tmp_path / "monitor.jsonl"
    # snippet (docs/integrations.md, TRL AsyncGRPO)
    from rlverify.analysis.monitor import Monitor
    from rlverify.integrations.trl import make_async_reward_fn, make_reward_fn

    monitor = Monitor(oracle="rule", sample_rate=1.0, min_sample=1, log_path=str(log))
    reward_funcs = [make_reward_fn("rule", monitor=monitor),
                    make_async_reward_fn("hybrid", judge="gullible", name="rlverify_hybrid")]
    # end snippet
    pickle.loads(pickle.dumps(reward_funcs))  # what AsyncRolloutWorker.start() checks
    rows = [{"prompt": [{"role": "user", "content": p["question"]}], "answer": p["gold"]} for p in PROBLEMS]
    worker = ScriptedWorker(model_name="tiny", dataset=Dataset.from_list(rows), reward_funcs=reward_funcs,
                            processing_class=tokenizer, eos_token_ids=[tokenizer.eos_token_id],
                            num_generations=2, max_inflight_tasks=2, queue_maxsize=4, child_ready_timeout=180)
    try:
        worker.start()
        samples = [worker.rollout_buffer.get(timeout=120) for _ in range(16)]
    finally:
        worker.stop()
    for s in samples:
        question, text = _question(s.prompt), _text(s.completion)
        rule = expected(text, GOLD[question], question)
        hybrid = expected(text, GOLD[question], question, verifier="hybrid", judge="gullible")
        assert _same(s.metrics["rewards/rlverify_rule"], rule["score"]), (text, s.metrics, rule)
        assert _same(s.metrics["rewards/rlverify_hybrid"], hybrid["score"]), (text, s.metrics, hybrid)
    steps = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(steps) >= 8, "the child's monitor wrote one line per closed step (one reward call each)"
    assert all(s["n"] == 2 and s["sampled"] == 2 for s in steps)
    assert all(s["oracle_reward"] == pytest.approx(s["train_reward_sampled"]) for s in steps)
    assert monitor.history() == [], "the parent's monitor saw nothing: the child has its own copy"
