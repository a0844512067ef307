"""TRL reward functions pickle with a monitor (TRL's AsyncGRPO sends them to a spawned process)."""

from __future__ import annotations

import json
import multiprocessing as mp
import pickle
import sys
import types

from rlverify.analysis.monitor import Monitor
from rlverify.integrations.trl import make_async_reward_fn, make_reward_fn

COMPLETIONS = [r"\boxed{4}", r"\boxed{5}"]


def _score_in_child(fn, n_calls: int) -> None:
    for _ in range(n_calls):
        assert fn(prompts=["2+2?"] * 2, completions=COMPLETIONS, answer=["4", "4"]) == [1.0, 0.0]
    fn.monitor.flush(timeout=60)  # a long-running worker's monitor thread keeps up on its own


def test_reward_function_with_a_monitor_object_scores_in_a_spawned_process(tmp_path) -> None:
    log = tmp_path / "steps.jsonl"
    fn = make_reward_fn("rule", monitor=Monitor(oracle="rule", sample_rate=1.0, min_sample=1, log_path=str(log)))
    child = mp.get_context("spawn").Process(target=_score_in_child, args=(fn, 3))
    child.start()
    child.join(180)
    assert child.exitcode == 0
    steps = [json.loads(line) for line in log.read_text().splitlines()]
    assert [s["step"] for s in steps] == [0, 1, 2]
    assert all(s["n"] == 2 and s["train_reward_sampled"] == 0.5 and s["oracle_reward"] == 0.5 for s in steps)
    assert fn.monitor.history() == []  # the parent's monitor is not the child's copy


def test_a_monitor_named_module_attribute_is_looked_up_again(monkeypatch) -> None:
    module = types.ModuleType("rv_monitor_home")
    module.MONITOR = Monitor(oracle="rule", sample_rate=1.0, min_sample=1)
    monkeypatch.setitem(sys.modules, "rv_monitor_home", module)
    for make in (make_reward_fn, make_async_reward_fn):
        fn = pickle.loads(pickle.dumps(make("rule", monitor="rv_monitor_home:MONITOR")))
        assert fn.monitor is module.MONITOR
    state = make_reward_fn("rule", monitor="rv_monitor_home:MONITOR").__getstate__()
    assert state["monitor"] is None and state["monitor_spec"] == "rv_monitor_home:MONITOR"


def test_log_extra_gets_source_flags_and_extracted() -> None:
    extra: dict[str, list] = {}
    fn = make_reward_fn("rule", name="rv")
    fn(prompts=["q", "q"], completions=COMPLETIONS + [], answer=["4", "4"],
       log_extra=lambda column, values: extra.setdefault(column, []).extend(values))
    assert extra == {"rv/source": ["rule", "rule"], "rv/flags": ["", ""], "rv/extracted": ["4", "5"]}
