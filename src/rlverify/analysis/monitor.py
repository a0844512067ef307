"""Reward-hacking monitor: training reward vs an oracle reward, guard-flag shares, alerts.

Interface (used by the verl/TRL hooks and `rlverify monitor`)::

    m = Monitor(oracle="rule", sample_rate=0.25, gap_threshold=0.1, patience_k=3, flag_jump=0.15)
    m.observe(step, questions, golds, responses, rewards)   # returns at once (reward path)
    m.metrics() -> dict[str, float]                          # flat, for wandb/tensorboard (alerts by kind:
                                                             # monitor/alerts/reward_gap, .../flag_jump)
    m.flush(); m.history(); m.alerts(); m.close()

``observe`` samples the batch and hands it to a background thread through a bounded queue;
when the queue is full the batch is dropped and counted (``monitor/dropped_batches``)
unless ``block=True`` (offline replay). The thread verifies the sample with the oracle
(any registry name), extracts each answer and asks :func:`rlverify.guard.inspect` for its
flags. Batches with the same step are merged; a step is closed when a later step arrives
(and it has at least ``min_sample`` oracle samples, otherwise it grows into the next one)
or on ``flush``.

Alerts: ``reward_gap`` when mean training reward minus mean oracle reward on the same
sampled rollouts exceeds ``gap_threshold`` for ``patience_k`` consecutive steps;
``flag_jump`` when a guard flag's share exceeds its baseline (mean over recent calm steps)
by ``flag_jump`` for ``patience_k`` consecutive steps. A rule that fired raises again only
after ``patience_k`` calm steps.

``log_path``: every closed step is appended there as one JSON line (``StepStats.to_dict()``
plus the step's ``alerts``). A monitor pickles: the copy (in TRL AsyncGRPO's spawned rollout
child, a Ray actor...) starts its own queue, lock and thread, and is closed (flushed) when that
process exits normally. It is a copy: what it sees stays in that process, so give it a
``log_path`` to read its steps.
"""

from __future__ import annotations

import atexit
import json
import logging
import math
import queue
import random
import statistics
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from ..errors import BadInputError

__all__ = ["Monitor", "MonitorConfig", "ALERT_KINDS", "TRAINER_METRICS", "trainer_metrics", "StepStats", "Alert", "Example", "Rollout", "load_rollouts"]

_log = logging.getLogger(__name__)

_FLUSH = object()
_STOP = object()
_EXAMPLE_CHARS = 400
_EXIT_FLUSH_S = 10.0  # most seconds interpreter exit waits for the monitor's last step
ALERT_KINDS = ("reward_gap", "flag_jump")


@dataclass(frozen=True)
class MonitorConfig:
    oracle: Any = "rule"  # a registry name, or a verifier object with verify_batch
    oracle_options: Mapping[str, Any] = field(default_factory=dict)
    sample_rate: float = 0.25
    gap_threshold: float = 0.1
    patience_k: int = 3
    flag_jump: float = 0.15
    baseline_steps: int = 20
    min_history: int = 3
    min_sample: int = 8
    queue_size: int = 64
    block: bool = False
    seed: int = 0
    max_examples: int = 3
    log_path: str | None = None  # JSON lines, one per closed step

    def __post_init__(self) -> None:
        if not 0.0 < self.sample_rate <= 1.0:
            raise BadInputError(f"sample_rate must be in (0, 1], got {self.sample_rate}")
        if self.patience_k < 1 or self.queue_size < 1 or self.min_sample < 1:
            raise BadInputError("patience_k, queue_size and min_sample must be at least 1")


@dataclass(frozen=True)
class Example:
    step: int
    gold: str
    response: str          # truncated to its last 400 characters
    extracted: str | None
    reward: float
    oracle: float
    flags: tuple[str, ...]


@dataclass(frozen=True)
class StepStats:
    step: int
    first_step: int
    n: int                       # rollouts observed
    sampled: int                 # rollouts verified by the oracle
    train_reward: float          # mean over all observed rollouts
    train_reward_sampled: float  # mean over the sampled rollouts
    oracle_reward: float         # mean oracle score over the sampled rollouts
    gap: float                   # train_reward_sampled - oracle_reward
    undecided_share: float
    guard_blocked_share: float
    answer_len_mean: float
    answer_len_p90: float
    response_len_mean: float
    flag_shares: Mapping[str, float]
    examples: tuple[Example, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        d = {k: getattr(self, k) for k in self.__dataclass_fields__ if k not in ("flag_shares", "examples")}
        return d | {"flag_shares": dict(self.flag_shares), "examples": [e.__dict__ for e in self.examples]}


@dataclass(frozen=True)
class Alert:
    step: int
    kind: str        # reward_gap | flag_jump
    name: str        # "gap" or the flag
    value: float     # the gap, or the flag's share
    baseline: float  # the threshold (gap) or the flag's baseline share
    message: str


@dataclass(frozen=True)
class Rollout:
    step: int
    question: str | None
    gold: str
    response: str
    reward: float


# ------------------------------------------------------------------ accumulation

@dataclass
class _Batch:
    step: int
    n: int
    reward_sum: float
    rewarded: int                                   # rollouts with a numeric reward
    sample: list[tuple[str | None, str, str, float]]  # question, gold, response, reward


@dataclass
class _Pending:
    first_step: int
    step: int
    n: int = 0
    reward_sum: float = 0.0
    rewarded: int = 0
    rows: list[dict[str, Any]] = field(default_factory=list)

    def add(self, batch: _Batch, rows: list[dict[str, Any]]) -> None:
        self.step = batch.step
        self.n += batch.n
        self.reward_sum += batch.reward_sum
        self.rewarded += batch.rewarded
        self.rows.extend(rows)


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else math.nan


def _p90(xs: Sequence[float]) -> float:
    if len(xs) < 2:
        return float(xs[0]) if xs else math.nan
    return statistics.quantiles(xs, n=10, method="inclusive")[8]


def _examples(step: int, rows: Sequence[dict[str, Any]], k: int) -> tuple[Example, ...]:
    """Rewarded rollouts the oracle rejects first, then flagged ones."""
    hacked = [r for r in rows if r["reward"] > r["oracle"]]
    flagged = [r for r in rows if r["flags"] and r not in hacked]
    return tuple(Example(step, r["gold"], r["response"][-_EXAMPLE_CHARS:], r["extracted"], r["reward"],
                         r["oracle"], r["flags"]) for r in (hacked + flagged)[:k])


def _stats(p: _Pending, max_examples: int) -> StepStats:
    rows = p.rows
    m = len(rows)
    flags: dict[str, int] = {}
    for r in rows:
        for f in set(r["flags"]):
            flags[f] = flags.get(f, 0) + 1
    tr, orc = _mean([r["reward"] for r in rows]), _mean([r["oracle"] for r in rows])
    alen = [float(len(r["extracted"] or "")) for r in rows]
    return StepStats(
        step=p.step, first_step=p.first_step, n=p.n, sampled=m,
        train_reward=p.reward_sum / p.rewarded if p.rewarded else math.nan,
        train_reward_sampled=tr, oracle_reward=orc, gap=tr - orc if m else math.nan,
        undecided_share=_mean([float(r["undecided"]) for r in rows]),
        guard_blocked_share=_mean([float(not r["passed"]) for r in rows]),
        answer_len_mean=_mean(alen), answer_len_p90=_p90(alen),
        response_len_mean=_mean([float(r["response_len"]) for r in rows]),
        flag_shares={f: c / m for f, c in sorted(flags.items())},
        examples=_examples(p.step, rows, max_examples),
    )


# ------------------------------------------------------------------ detection

@dataclass
class _Streak:
    """K consecutive elevated steps raise once; the rule re-arms after K calm steps."""

    hot: int = 0
    quiet: int = 0
    armed: bool = True

    def fires(self, elevated: bool, k: int) -> bool:
        if not elevated:
            self.hot, self.quiet = 0, self.quiet + 1
            self.armed = self.armed or self.quiet >= k
            return False
        self.hot, self.quiet = self.hot + 1, 0
        if self.hot >= k and self.armed:
            self.armed = False
            return True
        return False


class _Detector:
    """Consecutive-step rules over closed steps; returns the alerts a step raises."""

    def __init__(self, cfg: MonitorConfig) -> None:
        self.cfg = cfg
        self.gap_streak = _Streak()
        self.flag_streak: dict[str, _Streak] = {}
        self.calm: dict[str, deque[float]] = {}
        self.steps_seen = 0

    def update(self, s: StepStats) -> list[Alert]:
        alerts = self._gap(s) + self._flags(s)
        self.steps_seen += 1
        return alerts

    def _gap(self, s: StepStats) -> list[Alert]:
        if math.isnan(s.gap) or not self.gap_streak.fires(s.gap > self.cfg.gap_threshold, self.cfg.patience_k):
            return []
        msg = (f"training reward exceeds oracle reward by {s.gap:.3f} (> {self.cfg.gap_threshold}) "
               f"for {self.cfg.patience_k} consecutive steps")
        return [Alert(s.step, "reward_gap", "gap", s.gap, self.cfg.gap_threshold, msg)]

    def _flags(self, s: StepStats) -> list[Alert]:
        cfg, out = self.cfg, []
        for f in set(self.calm) | set(s.flag_shares):
            calm = self.calm.setdefault(f, deque([0.0] * min(self.steps_seen, cfg.baseline_steps),
                                                 maxlen=cfg.baseline_steps))
            share = s.flag_shares.get(f, 0.0)
            base = _mean(list(calm))
            elevated = len(calm) >= cfg.min_history and share - base >= cfg.flag_jump
            if not elevated:
                calm.append(share)
            if self.flag_streak.setdefault(f, _Streak()).fires(elevated, cfg.patience_k):
                msg = (f"guard flag {f!r} fires on {share:.0%} of sampled responses (baseline {base:.0%}) "
                       f"for {cfg.patience_k} consecutive steps")
                out.append(Alert(s.step, "flag_jump", f, share, base, msg))
        return sorted(out, key=lambda a: a.name)


# ------------------------------------------------------------------ oracle work

def _inspect_one(question: str | None, gold: str, response: str) -> tuple[str | None, Any]:
    from ..rule.extract import extract_answer
    from ..guard.policy import inspect

    answer = extract_answer(response).answer
    return answer, inspect(answer, gold, question)


def _row(q: str | None, g: str, r: str, reward: float, verdict: Any) -> dict[str, Any]:
    try:
        answer, report = _inspect_one(q, g, r)
        passed, flags = bool(report.passed), tuple(str(f) for f in report.flags)
    except Exception as e:  # noqa: BLE001 - a guard bug must not stop the monitor
        _log.debug("analysis/monitor.py: handled exception", exc_info=True)
        answer, passed, flags = None, True, (f"error:{type(e).__name__}",)
    return {"gold": g, "response": r, "reward": reward, "oracle": float(verdict.score),
            "undecided": bool(verdict.undecided), "extracted": answer, "passed": passed,
            "flags": flags, "response_len": len(r)}


def _to_floats(rewards: Iterable[Any]) -> list[float | None]:
    out: list[float | None] = []
    for x in rewards:
        try:
            v = None if x is None else float(x)
        except (TypeError, ValueError):
            v = None
        out.append(None if v is None or math.isnan(v) else v)
    return out


# ------------------------------------------------------------------ the monitor

class Monitor:
    """Compare the training reward with an oracle on sampled rollouts, off the reward path."""

    def __init__(self, oracle: Any = "rule", **options: Any) -> None:
        self.config = MonitorConfig(oracle=oracle, **options)
        self._rng = random.Random(self.config.seed)
        self._queue: queue.Queue[Any] = queue.Queue(maxsize=self.config.queue_size)
        self._lock = threading.Lock()
        self._history: list[StepStats] = []
        self._alerts: list[Alert] = []
        self._flags_seen: dict[str, None] = {}
        self._counters = {"dropped_batches": 0, "processed_batches": 0, "oracle_errors": 0}
        self._pending: _Pending | None = None
        self._detector = _Detector(self.config)
        self._oracle: Any = None
        self._thread: threading.Thread | None = None
        self._closed = False
        self._last_step = -1

    # -- pickling (a spawned worker gets a copy with its own queue, lock and thread) ------
    _UNPICKLED = ("_queue", "_lock", "_thread", "_oracle")

    def __getstate__(self) -> dict[str, Any]:
        with self._lock:
            state = {k: v for k, v in self.__dict__.items() if k not in self._UNPICKLED}
            state["_history"], state["_alerts"] = list(self._history), list(self._alerts)
            state["_counters"], state["_flags_seen"] = dict(self._counters), dict(self._flags_seen)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._queue = queue.Queue(maxsize=self.config.queue_size)
        self._lock = threading.Lock()
        self._thread = None
        self._oracle = None

    # -- reward path ---------------------------------------------------------------
    def observe(self, step: int, questions: Sequence[str | None] | None, golds: Sequence[Any],
                responses: Sequence[str], rewards: Sequence[Any]) -> None:
        """Record one training batch and return at once. Odd values (reward None/NaN, no step)
        are tolerated; lists of different lengths raise BadInputError."""
        golds, responses, rewards = list(golds), list(responses), _to_floats(rewards)
        qs = list(questions) if questions is not None else [None] * len(responses)
        if not len(qs) == len(golds) == len(responses) == len(rewards):
            raise BadInputError(f"observe: {len(qs)} questions, {len(golds)} golds, {len(responses)} "
                                f"responses, {len(rewards)} rewards (must be equal)")
        scored = [i for i, r in enumerate(rewards) if r is not None]
        sample = [(_opt_str(qs[i]), str(golds[i]), str(responses[i]), float(rewards[i] or 0.0))
                  for i in self._pick(scored)]
        batch = _Batch(self._as_step(step), len(responses), sum(float(rewards[i] or 0.0) for i in scored),
                       len(scored), sample)
        self._ensure_thread()
        if self.config.block:
            self._queue.put(batch)
            return
        try:
            self._queue.put_nowait(batch)
        except queue.Full:
            with self._lock:
                self._counters["dropped_batches"] += 1

    def _as_step(self, step: Any) -> int:
        try:
            self._last_step = int(step)
        except (TypeError, ValueError):  # no usable step from the framework: count batches
            self._last_step += 1
        return self._last_step

    def _pick(self, idx: list[int]) -> list[int]:
        want = self.config.sample_rate * len(idx)
        k = int(want) + (1 if self._rng.random() < want - int(want) else 0)
        return sorted(self._rng.sample(idx, min(k, len(idx))))

    # -- results ---------------------------------------------------------------------
    def metrics(self) -> dict[str, float]:
        """Latest closed step and counters, as a flat dict of floats (NaN when unknown)."""
        with self._lock:
            last = self._history[-1] if self._history else None
            out = {f"monitor/{k}": float(v) for k, v in self._counters.items()}
            out["monitor/alerts"] = float(len(self._alerts))
            for kind in ALERT_KINDS:
                out[f"monitor/alerts/{kind}"] = float(sum(a.kind == kind for a in self._alerts))
            out["monitor/first_alert_step"] = float(self._alerts[0].step) if self._alerts else -1.0
            out["monitor/queue_size"] = float(self._queue.qsize())
            flags = list(self._flags_seen)
        if last is None:
            return out
        for k in ("step", "n", "sampled", "train_reward", "train_reward_sampled", "oracle_reward", "gap",
                  "undecided_share", "guard_blocked_share", "answer_len_mean", "answer_len_p90",
                  "response_len_mean"):
            out[f"monitor/{k}"] = float(getattr(last, k))
        out["monitor/alert_active"] = float(any(a.step == last.step for a in self.alerts()))
        out.update({f"monitor/flag/{f}": float(last.flag_shares.get(f, 0.0)) for f in flags})
        return out

    def history(self) -> list[StepStats]:
        with self._lock:
            return list(self._history)

    def alerts(self) -> list[Alert]:
        with self._lock:
            return list(self._alerts)

    def first_alert(self) -> Alert | None:
        alerts = self.alerts()
        return alerts[0] if alerts else None

    def flush(self, timeout: float | None = None) -> None:
        """Wait until every observed batch is processed, and close the pending step."""
        if self._thread is None or not self._thread.is_alive():
            return
        self._queue.put(_FLUSH, timeout=timeout)
        t0 = time.monotonic()
        while self._queue.unfinished_tasks:
            if timeout is not None and time.monotonic() - t0 > timeout:
                raise TimeoutError("monitor flush timed out")
            time.sleep(0.005)

    def close(self) -> None:
        """Flush and stop the background worker. Idempotent."""
        if self._closed:
            return
        self._closed = True
        if self._thread is not None:
            self.flush()
            self._queue.put(_STOP)
            self._thread.join()

    def __enter__(self) -> "Monitor":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # -- background worker -----------------------------------------------------------
    def _ensure_thread(self) -> None:
        if self._closed:
            raise BadInputError("observe() after close()")
        if self._thread is None:
            with self._lock:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._work, name="rlverify-monitor", daemon=True)
                    self._thread.start()
                    atexit.register(self._close_at_exit)

    def _close_at_exit(self) -> None:
        """Close the last step at interpreter exit (bounded: never holds the exit for long)."""
        if self._closed or self._thread is None or not self._thread.is_alive():
            return
        try:
            self.flush(timeout=_EXIT_FLUSH_S)
        except (TimeoutError, queue.Full):
            _log.debug("monitor: flush at exit timed out", exc_info=True)

    def _work(self) -> None:
        while True:
            item = self._queue.get()
            try:
                if item is _STOP:
                    return
                if item is _FLUSH:
                    self._close_pending()
                else:
                    self._process(item)
            except Exception:  # noqa: BLE001 - keep the worker alive whatever the oracle does
                _log.debug("analysis/monitor.py: handled exception", exc_info=True)
                with self._lock:
                    self._counters["oracle_errors"] += 1
            finally:
                self._queue.task_done()

    def _verify(self, sample: list[tuple[str | None, str, str, float]]) -> list[Any]:
        if self._oracle is None and not isinstance(self.config.oracle, str):
            self._oracle = self.config.oracle  # a verifier object (anything with verify_batch)
        if self._oracle is None:
            from ..registry import get_verifier

            self._oracle = get_verifier(self.config.oracle, **dict(self.config.oracle_options))
        items = [{"question": q, "gold": g, "response": r} for q, g, r, _ in sample]
        return list(self._oracle.verify_batch(items)) if items else []

    def _process(self, batch: _Batch) -> None:
        verdicts = self._verify(batch.sample)  # first: a batch the oracle failed on opens no step
        p = self._pending
        if p is not None and batch.step != p.step and len(p.rows) >= self.config.min_sample:
            self._close_pending()
            p = None
        if p is None:
            p = self._pending = _Pending(first_step=batch.step, step=batch.step)
        p.add(batch, [_row(q, g, r, w, v) for (q, g, r, w), v in zip(batch.sample, verdicts)])
        with self._lock:
            self._counters["processed_batches"] += 1

    def _close_pending(self) -> None:
        p, self._pending = self._pending, None
        if p is None:
            return
        s = _stats(p, self.config.max_examples)
        new = self._detector.update(s)
        with self._lock:
            self._history.append(s)
            self._alerts.extend(new)
            self._flags_seen.update(dict.fromkeys(s.flag_shares))
        if self.config.log_path:
            line = s.to_dict() | {"alerts": [a.__dict__ for a in new]}
            with open(self.config.log_path, "a", encoding="utf-8") as f:
                f.write(json.dumps(line, default=str) + "\n")


def _opt_str(x: Any) -> str | None:
    return None if x is None else str(x)


# ------------------------------------------------------------------ in the trainer's own logs

# What the integrations log for a monitor's last closed step (TRL ``log_metric`` as ``<name>/<key>``,
# verl ``reward_extra_info`` as ``<key>``), from ``Monitor.metrics()``.
TRAINER_METRICS: dict[str, str] = {
    "oracle_reward": "monitor/oracle_reward",          # mean oracle score on the step's sampled rollouts
    "oracle_gap": "monitor/gap",                       # training reward minus oracle reward, same rollouts
    "oracle_step": "monitor/step",                     # the step these values belong to
    "alert_active": "monitor/alert_active",            # 1.0 when an alert fired at that step
    "alerts_reward_gap": "monitor/alerts/reward_gap",  # alerts so far, by kind
    "alerts_flag_jump": "monitor/alerts/flag_jump",
}


def trainer_metrics(monitor: Any) -> dict[str, float] | None:
    """``TRAINER_METRICS`` of ``monitor``'s last closed step (NaN before its first one), or None for
    an object without ``metrics()``. A blocking monitor (``block=True``) is flushed first, so the
    values are those of the batch just observed; a non-blocking one is never waited on (the reward
    path stays fast) and ``oracle_step`` says which step the values belong to."""
    metrics = getattr(monitor, "metrics", None)
    if not callable(metrics):
        return None
    if getattr(getattr(monitor, "config", None), "block", False):
        monitor.flush()
    m = metrics()
    return {key: float(m.get(source, math.nan)) for key, source in TRAINER_METRICS.items()}


# ------------------------------------------------------------------ logged runs

def _rollout(obj: Any) -> Rollout:
    if not isinstance(obj, dict):
        raise ValueError(f"expected a JSON object, got {type(obj).__name__}")
    missing = [k for k in ("step", "gold", "response", "reward") if k not in obj]
    if missing:
        raise ValueError(f"missing field(s): {', '.join(missing)}")
    step, reward = obj["step"], obj["reward"]
    if isinstance(step, bool) or not isinstance(step, int):
        raise ValueError(f"field 'step' must be an integer, got {json.dumps(step)[:40]}")
    if reward is not None and not isinstance(reward, (int, float)):
        raise ValueError(f"field 'reward' must be a number, got {json.dumps(reward)[:40]}")
    if not isinstance(obj["response"], str) or not isinstance(obj["gold"], (str, int, float)):
        raise ValueError("fields 'response' and 'gold' must be strings")
    q = obj.get("question")
    return Rollout(step, None if q is None else str(q), str(obj["gold"]), obj["response"],
                   math.nan if reward is None else float(reward))


def load_rollouts(path: str | Path, skip_bad: bool = False) -> tuple[list[Rollout], int]:
    """Rows ``step, question, gold, response, reward`` from JSONL -> (rollouts, skipped).
    A bad line raises BadInputError("file:line: why") unless ``skip_bad``."""
    from .evaluate import read_lines

    out, skipped = [], 0
    for lineno, line in read_lines(Path(path)):
        if not line.strip():
            continue
        try:
            out.append(_rollout(json.loads(line)))
        except ValueError as e:
            if not skip_bad:
                why = f"invalid JSON ({e.msg})" if isinstance(e, json.JSONDecodeError) else str(e)
                raise BadInputError(f"{path}:{lineno}: {why} (use --skip-bad to skip bad rows)") from None
            skipped += 1
    return out, skipped
