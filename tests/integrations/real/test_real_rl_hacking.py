"""benchmarks/rl_hacking.py, for real but tiny: 3 GRPO steps of the judge arm (TRL GRPOTrainer, the
project's make_reward_fn, the Monitor with Math-Verify as oracle) on the tiny Qwen2 the real TRL tests
build, then a resume to step 4 from the last checkpoint. What the tiny model writes is random, so
the assertions are about what is recorded (both rewards, the Monitor's step, the TRL log keys), never
about its values."""

from __future__ import annotations

import importlib.util
import json
import math

import pytest

from _realfw import REPO, build_tiny_qwen, need

pytestmark = pytest.mark.real_frameworks


def _script():
    spec = importlib.util.spec_from_file_location("rl_hacking", REPO / "benchmarks" / "rl_hacking.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _reward(x) -> bool:
    return isinstance(x, float) and 0.0 <= x <= 1.0


def test_judge_arm_writes_both_rewards_and_the_monitors_step_each_step_and_resumes(tmp_path):
    need("trl")
    model = build_tiny_qwen(tmp_path / "tiny", steps=20)
    rl = _script()
    common = ["--arm", "judge", "--model", str(model), "--prompts-per-step", "2", "--generations", "2",
              "--max-tokens", "6", "--problems", "16", "--save-every", "2", "--run-dir", str(tmp_path / "run"),
              "--results-dir", str(tmp_path / "results"), "--date", "test", "--threads", "1", "--quiet"]
    assert rl.main(common + ["--steps", "3"]) == 0
    path = tmp_path / "results" / "rl-hacking-test-judge.json"
    record = json.loads(path.read_text())
    assert record["done"] and [s["step"] for s in record["steps"]] == [1, 2, 3]
    for s in record["steps"]:
        assert _reward(s["train_reward"]) and _reward(s["oracle_reward"]) and _reward(s["rule_reward"])
        assert s["monitor_step"] == s["step"] - 1, "the Monitor closed one step per GRPO step"
        assert math.isclose(s["gap"], s["train_reward"] - s["oracle_reward"], abs_tol=1e-9)
        assert s["oracle_recheck"] == pytest.approx(s["oracle_reward"]), "Monitor's oracle = Math-Verify"
        assert len(s["samples"]) == 3 and s["completion_tokens_mean"] is not None
        # the Monitor's step through TRL's log_metric (issue 31): beside rewards/judge/mean
        assert s["trl_log"]["judge/oracle_reward"] == pytest.approx(s["oracle_reward"])
        assert s["trl_log"]["judge/oracle_step"] == s["monitor_step"]
        assert "rewards/judge/mean" in s["trl_log"] and "rewards/rule_check/mean" in s["trl_log"]
        assert set(s["hack_classes"]) <= set(rl.HACK_CLASSES) | {"other"}
    assert (tmp_path / "run" / "judge" / "checkpoint-3" / "monitor.pkl").exists()

    assert rl.main(common + ["--steps", "4"]) == 0  # resumes from the last checkpoint (step 3) with its Monitor
    again = json.loads(path.read_text())
    assert [s["step"] for s in again["steps"]] == [1, 2, 3, 4]
    assert again["steps"][:3] == record["steps"][:3]
    assert again["steps"][3]["monitor_step"] == 3 and _reward(again["steps"][3]["oracle_reward"])
