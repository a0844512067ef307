"""TRL reward functions (``GRPOTrainer(reward_funcs=[...])``, RLOO and friends).

TRL calls ``reward_fn(prompts=..., completions=..., completion_ids=..., **columns)`` where
``columns`` holds every extra dataset column (one value per completion) plus
``trainer_state``, ``log_metric`` and ``log_extra``. Completions are strings, or, for
conversational datasets, lists of message dicts (the last assistant message is scored).
The reward list may contain ``None``: TRL then leaves this function out for that sample,
which is what rlverify returns for an *undecided* verdict (the judge gave no decision, or the
dataset's reference is missing or blank: flag ``invalid_gold``). TRL logs the function by its
``__name__`` (default ``rlverify_<verifier>``); through ``log_extra`` each completion's
verdict source, flags and extracted answer go to TRL's completions table as the columns
``<name>/source``, ``<name>/flags`` and ``<name>/extracted`` (``log_completions=True``), and
through ``log_metric`` the batch's ``<name>/undecided`` and ``<name>/judge_share``, and, with a
``monitor``, its last closed step: ``<name>/oracle_reward``, ``<name>/oracle_gap``, ``<name>/oracle_step``,
``<name>/alert_active`` and the alert counts ``<name>/alerts_reward_gap`` / ``<name>/alerts_flag_jump``
(``rlverify.analysis.monitor.TRAINER_METRICS``; a blocking monitor is flushed first, so
they are this batch's step), so the oracle curve sits beside ``rewards/<name>/mean`` in W&B or TensorBoard.

The reward functions pickle (TRL's AsyncGRPO sends them to a spawned rollout process): a
``monitor`` given as ``"module:attribute"`` is looked up again in that process; a ``Monitor``
object travels as a copy with its own thread there (give it a ``log_path`` to read its steps).

    from rlverify.integrations.trl import make_reward_fn
    trainer = GRPOTrainer(model, reward_funcs=[make_reward_fn("rule", answer_column="answer")], ...)
"""

from __future__ import annotations

import asyncio
import math
from typing import Any, Mapping, Sequence

from ..errors import BadInputError
from ..verdict import Verdict
from ._common import (StepCounter, cached_verifier, flags_text, golds_of, last_text, question_of, resolve_monitor,
                      verify_items)

__all__ = ["make_reward_fn", "make_async_reward_fn", "RewardFunction", "AsyncRewardFunction"]

_STEPS = StepCounter()


class _Scorer:
    """The work behind both the sync and the async reward function."""

    def __init__(self, verifier: str, answer_column: str, monitor: Any, workers: int | None,
                 name: str, options: Mapping[str, Any]) -> None:
        self.verifier_name = verifier
        self.answer_column = answer_column
        self.monitor_spec = monitor if isinstance(monitor, str) else None
        self.monitor = resolve_monitor(monitor)
        self.workers = workers
        self.name = name
        self.options = dict(options)
        cached_verifier(verifier, self.options)  # fail fast on an unknown name or bad options

    def _golds(self, n: int, kwargs: Mapping[str, Any]) -> list[Any]:
        if self.answer_column not in kwargs:
            cols = ", ".join(sorted(k for k in kwargs if k not in ("trainer_state", "log_metric", "log_extra")))
            raise BadInputError(f"reward function {self.name}: dataset has no column {self.answer_column!r} "
                                f"(columns: {cols or 'none'}); pass answer_column=")
        golds = list(kwargs[self.answer_column])
        if len(golds) != n:
            raise BadInputError(f"reward function {self.name}: {n} completions but {len(golds)} answers")
        return golds

    def score(self, prompts: Sequence[Any] | None, completions: Sequence[Any],
              kwargs: Mapping[str, Any]) -> list[float | None]:
        n = len(completions)
        golds = self._golds(n, kwargs)
        prompts = list(prompts) if prompts is not None else [None] * n
        items = [{"response": last_text(c, role="assistant" if not isinstance(c, str) else None),
                  "gold": g, "question": question_of(p)}
                 for p, c, g in zip(prompts, completions, golds)]
        verdicts = verify_items(cached_verifier(self.verifier_name, self.options), items, workers=self.workers)
        rewards = [None if v.undecided else float(v.score) for v in verdicts]
        self._log(verdicts, kwargs)
        self._observe(items, verdicts, kwargs)
        return rewards

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        if self.monitor_spec is not None:
            state["monitor"] = None  # looked up again by name where it is unpickled
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        if self.monitor_spec is not None:
            self.monitor = resolve_monitor(self.monitor_spec)

    def _log(self, verdicts: Sequence[Verdict], kwargs: Mapping[str, Any]) -> None:
        log_metric, log_extra = kwargs.get("log_metric"), kwargs.get("log_extra")
        if callable(log_metric) and verdicts:
            n = len(verdicts)
            log_metric(f"{self.name}/undecided", sum(v.undecided for v in verdicts) / n)
            log_metric(f"{self.name}/judge_share", sum(v.source == "judge" for v in verdicts) / n)
        if callable(log_extra) and verdicts:
            log_extra(f"{self.name}/source", [v.source for v in verdicts])
            log_extra(f"{self.name}/flags", [flags_text(v.flags) for v in verdicts])
            log_extra(f"{self.name}/extracted", [v.extracted or "" for v in verdicts])

    def _observe(self, items: Sequence[Mapping[str, Any]], verdicts: Sequence[Verdict],
                 kwargs: Mapping[str, Any]) -> None:
        if self.monitor is None:
            return
        state = kwargs.get("trainer_state")
        step = getattr(state, "global_step", None)
        step = int(step) if step is not None else _STEPS.next(self.monitor)
        self.monitor.observe(step, [it["question"] for it in items], [golds_of(it["gold"])[0] for it in items],
                             [it["response"] for it in items], [float(v.score) for v in verdicts])
        self._log_monitor(kwargs.get("log_metric"))

    def _log_monitor(self, log_metric: Any) -> None:
        """The monitor's last closed step through ``log_metric`` (nothing before its first one)."""
        if not callable(log_metric):
            return
        from ..analysis.monitor import trainer_metrics

        values = trainer_metrics(self.monitor)
        if values is None or math.isnan(values["oracle_step"]):
            return
        for key, value in values.items():
            log_metric(f"{self.name}/{key}", value)


class RewardFunction(_Scorer):
    """A TRL reward function. A callable object rather than a closure so that it pickles:
    TRL's async GRPO rollout worker sends reward functions to a spawned process."""

    def __init__(self, verifier: str = "rule", answer_column: str = "answer", monitor: Any = None,
                 workers: int | None = None, name: str | None = None, **options: Any) -> None:
        super().__init__(verifier, answer_column, monitor, workers, name or f"rlverify_{verifier}", options)
        self.__name__ = self.__qualname__ = self.name

    def __call__(self, prompts: Sequence[Any] | None = None, completions: Sequence[Any] = (),
                 **kwargs: Any) -> list[float | None]:
        return self.score(prompts, completions, kwargs)


class AsyncRewardFunction(RewardFunction):
    """The coroutine twin of :class:`RewardFunction` (TRL gathers async reward functions
    concurrently); the verification runs in a worker thread so the event loop stays free."""

    async def __call__(self, prompts: Sequence[Any] | None = None, completions: Sequence[Any] = (),
                       **kwargs: Any) -> list[float | None]:
        return await asyncio.to_thread(self.score, prompts, completions, kwargs)


def make_reward_fn(verifier: str = "rule", answer_column: str = "answer", *, monitor: Any = None,
                   workers: int | None = None, name: str | None = None, **options: Any) -> RewardFunction:
    """A TRL reward function scoring completions against ``kwargs[answer_column]``.

    ``monitor``: an object with ``observe(step, questions, golds, responses, rewards)``,
    called once per batch with ``trainer_state.global_step`` as the step.
    ``workers``: processes for the batch (rlverify.runtime.pool); ``options`` go to the verifier.
    ``name``: what TRL logs the reward under (default ``rlverify_<verifier>``).
    """
    return RewardFunction(verifier, answer_column, monitor, workers, name, **options)


def make_async_reward_fn(verifier: str = "rule", answer_column: str = "answer", *, monitor: Any = None,
                         workers: int | None = None, name: str | None = None,
                         **options: Any) -> AsyncRewardFunction:
    """Like :func:`make_reward_fn`, as an async callable (``async def __call__``)."""
    return AsyncRewardFunction(verifier, answer_column, monitor, workers, name, **options)
