"""The Monitor's per-step oracle reward, gap and alerts in the trainer's own logs: TRL's
``log_metric`` (``<name>/oracle_reward``...) and verl's ``reward_extra_info`` (the score dict's
extra keys). The training reward is a judge that accepts everything; the oracle is the rule
verifier, so wrong answers open a gap of 1 and a ``reward_gap`` alert (patience 1)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pytest

from rlverify.analysis.monitor import TRAINER_METRICS, Monitor, trainer_metrics
from rlverify.integrations.trl import make_reward_fn
from rlverify.integrations.verl import compute_score, compute_score_batch

WRONG = [r"The answer is \boxed{5}", r"The answer is \boxed{7}"]
RIGHT = [r"The answer is \boxed{4}", r"The answer is \boxed{4}"]


@dataclass
class TrainerState:
    global_step: int = 0


def _monitor(**options) -> Monitor:
    return Monitor(oracle="rule", sample_rate=1.0, min_sample=1, patience_k=1, gap_threshold=0.1, **options)


def _call(fn, step: int, completions: list[str]) -> dict[str, list[float]]:
    logged: dict[str, list[float]] = {}
    fn(prompts=["What is 2+2?"] * len(completions), completions=completions, answer=["4"] * len(completions),
       trainer_state=TrainerState(step), log_metric=lambda k, v: logged.setdefault(k, []).append(v),
       log_extra=lambda k, v: None)
    return logged


def test_trl_logs_the_blocking_monitors_step_as_it_happens() -> None:
    monitor = _monitor(block=True)
    fn = make_reward_fn("judge", judge="gullible", name="judge", monitor=monitor)
    first = _call(fn, 0, RIGHT)
    assert first["judge/oracle_reward"] == [1.0] and first["judge/oracle_gap"] == [0.0]
    assert first["judge/oracle_step"] == [0.0] and first["judge/alerts_reward_gap"] == [0.0]
    second = _call(fn, 1, WRONG)
    assert second["judge/oracle_reward"] == [0.0] and second["judge/oracle_gap"] == [1.0]
    assert second["judge/oracle_step"] == [1.0]
    assert second["judge/alert_active"] == [1.0] and second["judge/alerts_reward_gap"] == [1.0]
    assert second["judge/alerts_flag_jump"] == [0.0]
    assert set(second) >= {f"judge/{k}" for k in TRAINER_METRICS} | {"judge/undecided", "judge/judge_share"}
    monitor.close()


def test_trl_logs_a_non_blocking_monitors_last_closed_step_without_waiting() -> None:
    monitor = _monitor()
    fn = make_reward_fn("judge", judge="gullible", name="judge", monitor=monitor)
    first = _call(fn, 0, WRONG)
    assert not any("oracle" in k for k in first), "no closed step yet: nothing logged, nothing awaited"
    monitor.flush()  # closes step 0 (a step stays open until a later step or a flush closes it)
    second = _call(fn, 1, RIGHT)
    assert second["judge/oracle_step"] == [0.0] and second["judge/oracle_reward"] == [0.0]
    assert second["judge/oracle_gap"] == [1.0]
    monitor.flush()
    third = _call(fn, 2, RIGHT)
    assert third["judge/oracle_step"] == [1.0] and third["judge/oracle_reward"] == [1.0]
    monitor.close()


def test_trl_without_monitor_or_with_a_bare_observer_logs_no_oracle() -> None:
    class Observer:
        def observe(self, *args) -> None:  # noqa: ANN002
            pass

    for monitor in (None, Observer()):
        logged = _call(make_reward_fn("rule", name="rule", monitor=monitor), 0, WRONG)
        assert "rule/undecided" in logged and not any("oracle" in k for k in logged)


def test_verl_score_dicts_carry_the_monitors_step() -> None:
    monitor = _monitor(block=True)
    rows = compute_score_batch(["s", "s"], WRONG, ["4", "4"], [{"question": "What is 2+2?"}] * 2,
                               verifier="judge", verifier_options={"judge": "gullible"}, monitor=monitor)
    for row in rows:
        assert row["score"] == 1.0
        assert row["oracle_reward"] == 0.0 and row["oracle_gap"] == 1.0
        assert row["alert_active"] == 1.0 and row["alerts_reward_gap"] == 1.0
    one = compute_score("s", RIGHT[0], "4", verifier="judge", verifier_options={"judge": "gullible"}, monitor=monitor)
    assert one["oracle_reward"] == 1.0 and one["oracle_gap"] == 0.0 and one["oracle_step"] == 1.0
    assert set(one) == set(rows[0]), "verl stacks the keys: every dict has the same ones"
    monitor.close()


def test_verl_without_monitor_keeps_its_keys() -> None:
    assert set(compute_score("s", RIGHT[0], "4")) == {"score", "acc", "undecided", "source", "flags", "pred"}


def test_trainer_metrics_are_nan_before_the_first_step() -> None:
    monitor = _monitor()
    values = trainer_metrics(monitor)
    assert set(values) == set(TRAINER_METRICS)
    assert math.isnan(values["oracle_reward"]) and math.isnan(values["oracle_step"])
    assert trainer_metrics(object()) is None
    monitor.close()


@pytest.mark.parametrize("kind", ["reward_gap", "flag_jump"])
def test_monitor_metrics_count_alerts_by_kind(kind: str) -> None:
    monitor = _monitor(block=True)
    monitor.observe(0, ["q"], ["4"], [WRONG[0]], [1.0])
    monitor.flush()
    met = monitor.metrics()
    assert met[f"monitor/alerts/{kind}"] == (1.0 if kind == "reward_gap" else 0.0)
    monitor.close()
