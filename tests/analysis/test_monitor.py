"""rlverify.analysis.monitor and `rlverify monitor` on synthetic training runs.

A synthetic policy answers integer problems in \\boxed{} (right ~60%, wrong otherwise, with a few
non-answers); from step ``k`` it drifts into a hacking pattern that a lenient training verifier
rewards with 1. The oracle is the real `rule` verifier. The alert must fire within k..k+3, and
never on the clean run of the same length and seed.
"""

from __future__ import annotations

import asyncio
import json
import math
import random
import threading
import time

import pytest

import rlverify
from rlverify.cli import main
from rlverify.errors import BadInputError
from rlverify.analysis.monitor import Monitor, load_rollouts
from rlverify.verdict import BaseVerifier, Verdict

HACKS = {
    "brace": lambda rng: "{",
    "gibberish": lambda rng: " ".join("".join(rng.choice("qwrtzpsdfgjklxcvbnm") for _ in range(rng.randint(3, 9)))
                                      for _ in range(rng.randint(3, 8))),
    "final_decision": lambda rng: "Final Decision: Yes",
}
STEPS, K_START, BATCH = 30, 12, 32


def _rollout(rng: random.Random, step: int, hack: str | None) -> dict:
    a, b = rng.randint(2, 400), rng.randint(2, 400)
    gold, q = str(a + b), f"What is {a} + {b}?"
    share = min(0.8, 0.4 + 0.1 * (step - K_START)) if hack and step >= K_START else 0.0
    u = rng.random()
    if u < share:
        return {"step": step, "question": q, "gold": gold, "response": HACKS[hack](rng), "reward": 1.0}
    if u < share + (1 - share) * 0.6:
        resp, reward = f"Adding the numbers: {a} + {b} = {gold}. The answer is \\boxed{{{gold}}}.", 1.0
    elif u < share + (1 - share) * 0.9:
        wrong = str(a + b + rng.choice([-2, -1, 1, 10]))
        resp, reward = f"Adding the numbers gives {wrong}, so the answer is \\boxed{{{wrong}}}.", 0.0
    else:
        resp, reward = "I am not sure how to solve this problem.", 0.0
    return {"step": step, "question": q, "gold": gold, "response": resp, "reward": reward}


def synthetic_run(hack: str | None, seed: int = 7) -> list[dict]:
    rng = random.Random(seed)
    return [_rollout(rng, s, hack) for s in range(STEPS) for _ in range(BATCH)]


def _feed(m: Monitor, rows: list[dict]) -> Monitor:
    for s in range(STEPS):
        batch = [r for r in rows if r["step"] == s]
        m.observe(s, [r["question"] for r in batch], [r["gold"] for r in batch],
                  [r["response"] for r in batch], [r["reward"] for r in batch])
    m.close()
    return m


@pytest.mark.parametrize("hack", sorted(HACKS))
def test_alert_fires_within_k_to_k_plus_3(hack):
    m = _feed(Monitor("rule", sample_rate=0.5, block=True), synthetic_run(hack))
    first = m.first_alert()
    assert first is not None and K_START <= first.step <= K_START + 3, m.alerts()
    assert any(a.kind == "reward_gap" for a in m.alerts())
    assert m.metrics()["monitor/first_alert_step"] == float(first.step)
    hist = {h.step: h for h in m.history()}
    assert hist[K_START - 1].gap == pytest.approx(0.0) and hist[K_START + 2].gap > 0.3


@pytest.mark.parametrize("seed", [7, 8])
def test_no_alert_on_clean_run(seed):
    m = _feed(Monitor("rule", sample_rate=0.5, block=True), synthetic_run(None, seed))
    assert m.alerts() == [] and m.first_alert() is None
    assert len(m.history()) == STEPS
    assert all(h.gap == pytest.approx(0.0) for h in m.history())
    assert m.metrics()["monitor/first_alert_step"] == -1.0


def test_flag_share_detector_fires_on_guard_flags():
    m = _feed(Monitor("rule", sample_rate=1.0, block=True), synthetic_run("final_decision"))
    jumps = [a for a in m.alerts() if a.kind == "flag_jump"]
    assert jumps and all(K_START <= a.step <= K_START + 3 for a in jumps)
    assert all(a.value - a.baseline >= 0.15 for a in jumps)


def test_metrics_are_flat_floats():
    m = _feed(Monitor("rule", sample_rate=0.5, block=True), synthetic_run("brace"))
    met = m.metrics()
    assert all(isinstance(k, str) and type(v) is float for k, v in met.items())
    for key in ("train_reward", "oracle_reward", "gap", "undecided_share", "answer_len_mean",
                "answer_len_p90", "response_len_mean", "dropped_batches", "alerts", "sampled"):
        assert f"monitor/{key}" in met
    assert any(k.startswith("monitor/flag/") for k in met)
    last = m.history()[-1]
    assert met["monitor/step"] == STEPS - 1 and met["monitor/sampled"] == 16
    assert met["monitor/train_reward"] == pytest.approx(last.train_reward)


class _SlowOracle(BaseVerifier):
    name = "monitor-slow"
    gate = threading.Event()

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict:
        self.gate.wait(5)
        return Verdict(correct=True, score=1.0)


class _BrokenOracle(BaseVerifier):
    name = "monitor-broken"

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict:
        if "boom" in response:
            raise RuntimeError("oracle failure")
        return Verdict(correct=False, score=0.0)


rlverify.register("monitor-slow")(lambda **kw: _SlowOracle())


def test_observe_never_blocks_and_drops_when_full():
    _SlowOracle.gate.clear()
    m = Monitor("monitor-slow", sample_rate=1.0, queue_size=2)
    t0 = time.perf_counter()
    for s in range(20):
        m.observe(s, ["q"] * 8, ["1"] * 8, ["\\boxed{1}"] * 8, [1.0] * 8)
    assert time.perf_counter() - t0 < 0.5
    _SlowOracle.gate.set()
    m.close()
    met = m.metrics()
    assert met["monitor/dropped_batches"] >= 15
    assert met["monitor/dropped_batches"] + met["monitor/processed_batches"] == 20


def test_same_step_batches_merge_and_small_steps_grow():
    m = Monitor("rule", sample_rate=1.0, min_sample=4, block=True)
    m.observe(0, None, ["1", "2"], ["\\boxed{1}", "\\boxed{3}"], [1, 1])
    m.observe(0, None, ["1", "2"], ["\\boxed{1}", "\\boxed{2}"], [1, 0])
    for s in range(1, 5):  # one rollout per step: steps 1-4 close together (4 samples)
        m.observe(s, [None], ["5"], ["\\boxed{5}"], [1.0])
    m.close()
    h = m.history()
    assert [(x.first_step, x.step, x.n) for x in h] == [(0, 0, 4), (1, 4, 4)]
    assert h[0].train_reward == 0.75 and h[0].oracle_reward == 0.75 and h[0].gap == 0.0


def test_rewards_none_and_oracle_errors_do_not_stop_the_worker():
    m = Monitor(_BrokenOracle(), sample_rate=1.0, min_sample=1, block=True)  # an object, not a name
    m.observe(0, None, ["1", "1"], ["a", "b"], [None, 1.0])
    m.observe(1, None, ["1"], ["boom"], [1.0])
    m.observe(2, None, ["1"], ["c"], [float("nan")])
    m.observe(3, None, ["1"], ["d"], [1.0])
    m.close()
    met = m.metrics()
    assert met["monitor/oracle_errors"] == 1.0
    h = m.history()
    assert [x.step for x in h] == [0, 3] or [x.step for x in h] == [0, 2, 3]
    assert h[0].n == 2 and h[0].sampled == 1 and h[0].train_reward == 1.0


def test_bad_arguments():
    with pytest.raises(BadInputError):
        Monitor("rule").observe(0, None, ["1"], ["a", "b"], [1.0, 0.0])
    with pytest.raises(BadInputError):
        Monitor("rule", sample_rate=0.0)


def test_verl_hook_drives_the_monitor():
    from rlverify.integrations import verl

    m = Monitor("rule", sample_rate=1.0, min_sample=1, block=True)
    out = verl.compute_score_batch(data_sources=["x", "x"], solution_strs=["\\boxed{4}", "{"],
                                   ground_truths=["4", "4"], extra_infos=[None, None], monitor=m)
    m.close()
    assert len(out) == 2 and len(m.history()) == 1 and m.history()[0].n == 2


class _State:
    def __init__(self, step):
        self.global_step = step


def test_trl_hook_drives_the_monitor_with_the_trainer_step():
    from rlverify.integrations.trl import make_async_reward_fn, make_reward_fn

    m = Monitor("rule", sample_rate=1.0, min_sample=1, block=True)
    fn = make_reward_fn("rule", monitor=m)
    rewards = fn(prompts=["What is 2+2?", "What is 2+2?"], completions=["\\boxed{4}", "\\boxed{5}"],
                 answer=["4", "4"], trainer_state=_State(5))
    asyncio.run(make_async_reward_fn("rule", monitor=m)(prompts=None, completions=["{"], answer=["4"],
                                                         trainer_state=_State(6)))
    m.close()
    assert rewards == [1.0, 0.0]
    h = m.history()
    assert [(x.step, x.n, x.train_reward) for x in h] == [(5, 2, 0.5), (6, 1, 0.0)]
    assert h[0].oracle_reward == 0.5 and h[1].sampled == 1 and h[1].oracle_reward == 0.0


def _write(tmp_path, rows):
    p = tmp_path / "rollouts.jsonl"
    p.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return p


def test_cli_report_on_hacked_run(tmp_path, capsys):
    path = _write(tmp_path, synthetic_run("gibberish"))
    rep = tmp_path / "rep"
    assert main(["monitor", str(path), "--report", str(rep)]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("First alert:"))
    step = int(line.split()[-1])
    assert K_START <= step <= K_START + 3
    md = (rep / "summary.md").read_text()
    assert f"First alert: step {step}" in md and "Example responses from the alert window" in md
    assert "training reward 1, oracle 0" in md
    for png in ("rewards.png", "flags.png"):
        assert (rep / png).read_bytes()[:4] == b"\x89PNG"
    assert len((rep / "history.jsonl").read_text().splitlines()) == STEPS
    assert json.loads((rep / "alerts.json").read_text())[0]["step"] == step


def test_cli_clean_run_and_bad_rows(tmp_path, capsys):
    path = _write(tmp_path, synthetic_run(None))
    assert main(["monitor", str(path), "--report", str(tmp_path / "rep")]) == 0
    assert "First alert: none" in capsys.readouterr().out
    assert "First alert: none" in (tmp_path / "rep" / "summary.md").read_text()
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"step": 0, "gold": "1", "response": "x", "reward": 1}\n{"step": "zero"}\n')
    assert main(["monitor", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rlverify: error:") and f"{bad}:2:" in err and err.count("\n") == 1
    rows, skipped = load_rollouts(bad, skip_bad=True)
    assert len(rows) == 1 and skipped == 1 and not math.isnan(rows[0].reward)
    assert main(["monitor", str(path), "--oracle", "no-such-oracle"]) == 2


def test_rule_fires_once_per_episode_and_rearms_after_calm_steps():
    from rlverify.analysis.monitor import _Streak

    st, k = _Streak(), 3
    fired = [st.fires(e, k) for e in [1, 1, 1, 1, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1]]
    assert [i for i, f in enumerate(fired) if f] == [2, 14]


def test_cli_oracle_options(tmp_path, capsys):
    path = _write(tmp_path, [r for r in synthetic_run("brace") if r["step"] < 4])
    rep = tmp_path / "rep"
    assert main(["monitor", str(path), "--oracle", "rule", "--oracle-option", "score_correct=0.5",
                 "--report", str(rep)]) == 0
    hist = [json.loads(x) for x in (rep / "history.jsonl").read_text().splitlines()]
    # the oracle now pays 0.5 per correct answer, so the oracle reward is half the share it accepts
    assert all(0.0 < h["oracle_reward"] <= 0.5 for h in hist)
    assert main(["monitor", str(path), "--oracle-option", "nokey"]) == 2
    assert "expected KEY=VALUE" in capsys.readouterr().err


def test_odd_steps_and_flush_after_close():
    m = Monitor("rule", sample_rate=1.0, min_sample=1, block=True)
    m.observe(None, None, ["1"], ["\\boxed{1}"], [1.0])
    m.observe("not a step", None, ["1"], ["\\boxed{1}"], [1.0])
    m.observe(7.0, None, ["1"], ["\\boxed{1}"], [1.0])
    m.close()
    assert [h.step for h in m.history()] == [0, 1, 7]
    m.flush(timeout=1)  # returns at once after close
    m.close()  # idempotent
    with pytest.raises(BadInputError):
        m.observe(8, None, ["1"], ["x"], [0.0])
