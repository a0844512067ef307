"""verl 0.9.1 driven as its trainer drives it (run in the side venv; prints one JSON line).

    python verl_scenarios.py TOKENIZER_DIR

* ``custom_pkg`` / ``custom_file``: ``get_custom_reward_fn`` on a config composed from verl's own
  ``ppo_trainer.yaml`` with the command-line overrides of docs/integrations.md, the module named
  ``pkg://rlverify.integrations.verl`` or by its file path;
* ``loop_naive`` / ``loop_dapo``: ``RewardLoopManager.compute_rm_score`` on a real ``DataProto``
  (Ray actors, the reward loop's naive and DAPO managers, DAPO with its overlong penalty);
* ``legacy_naive`` / ``legacy_batch``: the legacy ``verl.workers.reward_manager`` classes
  (``compute_score`` and ``compute_score_batch``).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import numpy as np
import torch

from _realfw import PROBLEMS

import rlverify.integrations.verl as rv_verl

CASES = [(p["question"], p["gold"], r) for p in PROBLEMS for r in p["responses"]]
PROMPT_LEN, RESPONSE_LEN = 24, 4
DAPO = {"max_resp_len": 4, "overlong_buffer_cfg": {"enable": True, "len": 3, "penalty_factor": 1.0, "log": True}}


# snippet (docs/integrations.md, verl): overrides of `python -m verl.trainer.main_ppo`
OVERRIDES = """
reward.custom_reward_function.path=pkg://rlverify.integrations.verl
reward.custom_reward_function.name=compute_score
+reward.custom_reward_function.reward_kwargs.verifier=rule
reward.reward_manager.name=naive
"""
# end snippet


def compose(tokenizer_dir: str, path: str, extra: tuple[str, ...] = ()):
    """verl's config with the overrides a user types after ``python -m verl.trainer.main_ppo``."""
    from hydra import compose as hydra_compose, initialize_config_dir
    import verl

    replaced = {e.split("=")[0].lstrip("+") for e in extra}  # e.g. reward.reward_manager.name=dapo
    overrides = [o.replace("pkg://rlverify.integrations.verl", path) for o in OVERRIDES.split()
                 if o.split("=")[0].lstrip("+") not in replaced]
    overrides += ["reward.num_workers=1", f"actor_rollout_ref.model.path={tokenizer_dir}", *extra]
    with initialize_config_dir(config_dir=str(Path(verl.__file__).parent / "trainer" / "config"), version_base=None):
        return hydra_compose(config_name="ppo_trainer", overrides=overrides)


def data_proto(tokenizer):
    """A rollout batch as verl's agent loop leaves it: left-padded prompts, right-padded responses."""
    from verl import DataProto

    pad, n = tokenizer.pad_token_id, len(CASES)
    prompts = torch.full((n, PROMPT_LEN), pad)
    responses = torch.full((n, RESPONSE_LEN), pad)
    mask = torch.zeros((n, PROMPT_LEN + RESPONSE_LEN), dtype=torch.long)
    for i, (question, _, response) in enumerate(CASES):
        p = tokenizer(question, add_special_tokens=False)["input_ids"][-PROMPT_LEN:]
        r = [tokenizer.convert_tokens_to_ids(response), tokenizer.eos_token_id]
        prompts[i, PROMPT_LEN - len(p):] = torch.tensor(p)
        responses[i, :len(r)] = torch.tensor(r)
        mask[i, PROMPT_LEN - len(p):PROMPT_LEN + len(r)] = 1
    return DataProto.from_dict(
        tensors={"prompts": prompts, "responses": responses, "attention_mask": mask,
                 "input_ids": torch.cat([prompts, responses], dim=1)},
        non_tensors={"data_source": np.array(["math"] * n, dtype=object),
                     "reward_model": np.array([{"ground_truth": g, "style": "rule"} for _, g, _ in CASES], dtype=object),
                     "extra_info": np.array([{"question": q, "index": i} for i, (q, _, _) in enumerate(CASES)],
                                            dtype=object)})


def custom(config) -> list[dict]:
    from verl.trainer.ppo.reward import get_custom_reward_fn

    fn = get_custom_reward_fn(config)
    return [fn(data_source="math", solution_str=r, ground_truth=g, extra_info={"question": q}) for q, g, r in CASES]


def _plain(value):
    return value.item() if hasattr(value, "item") else value


def loop(config, data) -> list[dict]:
    import ray
    from verl.experimental.reward_loop import RewardLoopManager

    manager = RewardLoopManager(config)
    try:
        out = manager.compute_rm_score(data)
    finally:
        for worker in manager.reward_loop_workers:
            ray.kill(worker)
    keys = out.meta_info["reward_extra_keys"]
    return [{"reward": float(out.batch["rm_scores"][i].sum()),
             "extra": {k: _plain(out.non_tensor_batch[k][i]) for k in keys}} for i in range(len(data))]


def legacy(tokenizer, data) -> tuple[list[dict], list[dict]]:
    from verl.workers.reward_manager import BatchRewardManager, NaiveRewardManager

    naive = NaiveRewardManager(tokenizer, num_examine=0, compute_score=rv_verl.compute_score)
    batch = BatchRewardManager(tokenizer, num_examine=0, compute_score=rv_verl.compute_score_batch, verifier="rule")
    out = []
    for manager in (naive, batch):
        res = manager(data, return_dict=True)
        extra = res["reward_extra_info"]
        out.append([{"reward": float(res["reward_tensor"][i].sum()),
                     "extra": {k: _plain(v[i]) for k, v in extra.items()}} for i in range(len(data))])
    return out[0], out[1]


def main(tokenizer_dir: str) -> None:
    import ray
    import transformers

    tokenizer = transformers.AutoTokenizer.from_pretrained(tokenizer_dir)
    data = data_proto(tokenizer)
    result = {"cases": CASES, "dapo": DAPO}
    result["custom_pkg"] = custom(compose(tokenizer_dir, "pkg://rlverify.integrations.verl"))
    result["custom_file"] = custom(compose(tokenizer_dir, rv_verl.__file__))
    result["legacy_naive"], result["legacy_batch"] = legacy(tokenizer, data)
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        result["loop_naive"] = loop(compose(tokenizer_dir, "pkg://rlverify.integrations.verl"), data)
        dapo = ("reward.reward_manager.name=dapo", f"+reward.reward_kwargs.max_resp_len={DAPO['max_resp_len']}",
                *(f"+reward.reward_kwargs.overlong_buffer_cfg.{k}={v}" for k, v in DAPO["overlong_buffer_cfg"].items()))
        result["loop_dapo"] = loop(compose(tokenizer_dir, rv_verl.__file__, extra=dapo), data)
    finally:
        ray.shutdown()
    sys.stdout.flush()
    print(json.dumps(result, default=str))


if __name__ == "__main__":
    os.environ.setdefault("VERL_LOGGING_LEVEL", "WARN")
    main(sys.argv[1])
