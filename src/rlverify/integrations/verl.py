"""verl reward functions: ``compute_score`` (verl's reward loop: the naive and DAPO managers;
also the legacy naive/prime/dapo managers) and ``compute_score_batch`` (only verl's legacy
``BatchRewardManager``).

verl calls a custom reward function with keywords (``data_source=``, ``solution_str=``,
``ground_truth=``, ``extra_info=``) and merges ``custom_reward_function.reward_kwargs``
from the config into every call. rlverify reads from those kwargs:

* ``verifier``: registry name (default ``"rule"``);
* ``verifier_options``: a mapping of options for that verifier;
* ``workers``: processes for the batch path (``compute_score_batch`` only);
* ``monitor``: a ``Monitor`` object or ``"module:attribute"`` naming one.

Any other keyword (verl adds e.g. ``reward_router_address``) is ignored. The question is
read from ``extra_info["question"]`` when present. The returned dict always has the same
keys (verl stacks them per key): ``score``, ``acc``, ``undecided``, ``source``, ``flags``
(comma-joined), ``pred`` (the extracted answer; verl's validation uses it for maj@N); with a
``monitor``, also its last closed step (``oracle_reward``, ``oracle_gap``, ``oracle_step``,
``alert_active``, ``alerts_reward_gap``, ``alerts_flag_jump``: NaN before its first step), which verl
keeps in ``reward_extra_info`` beside the score.

Config (verl 0.9.1, the reward loop; tested in tests/integrations/real/test_real_verl.py), as
overrides of ``python -m verl.trainer.main_ppo``::

    reward.custom_reward_function.path=pkg://rlverify.integrations.verl   # or this module's file path
    reward.custom_reward_function.name=compute_score
    +reward.custom_reward_function.reward_kwargs.verifier=rule             # '+': not in verl's schema
    reward.reward_manager.name=naive                                       # or dapo (adds its overlong penalty)

The reward loop's managers are naive, dapo, gdpo, rate_limited and remote: there is no ``batch``
manager any more (``reward_manager.name=batch`` fails with "Unknown reward manager: batch"). The
loop scores samples concurrently in its Ray workers, each with its own cached verifier.
``compute_score_batch`` remains for the legacy ``verl.workers.reward_manager.BatchRewardManager``.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

# Absolute imports: verl may load this file by its path (custom_reward_function.path=/.../verl.py),
# with no parent package.
from rlverify.errors import BadInputError
from rlverify.integrations._common import (StepCounter, cached_verifier, flags_text, golds_of, plain,
                                           resolve_monitor, verify_items)
from rlverify.verdict import Verdict

__all__ = ["compute_score", "compute_score_batch", "score_dict"]

_STEPS = StepCounter()


def score_dict(verdict: Verdict) -> dict[str, Any]:
    """A verdict as the flat dict verl logs (same keys for every sample)."""
    return {
        "score": float(verdict.score),
        "acc": float(verdict.correct),
        "undecided": float(verdict.undecided),
        "source": verdict.source,
        "flags": flags_text(verdict.flags),
        "pred": verdict.extracted if verdict.extracted is not None else "",
    }


def _question(extra_info: Any) -> str | None:
    if isinstance(extra_info, Mapping):
        q = extra_info.get("question")
        return q if isinstance(q, str) and q else None
    return None


def _settings(kwargs: Mapping[str, Any]) -> tuple[Any, Any]:
    name = kwargs.get("verifier") or "rule"
    options = plain(kwargs.get("verifier_options") or {})  # may be an omegaconf DictConfig
    if not isinstance(options, dict):
        raise BadInputError(f"reward_kwargs.verifier_options must be a mapping, got {type(options).__name__}")
    return cached_verifier(str(name), options), resolve_monitor(kwargs.get("monitor"))


def _observe(monitor: Any, items: Sequence[Mapping[str, Any]], verdicts: Sequence[Verdict]) -> dict[str, float]:
    """Hand the batch to the monitor; its last closed step as ``reward_extra_info`` fields
    (``rlverify.analysis.monitor.TRAINER_METRICS``, NaN before its first step; none without a monitor)."""
    if monitor is None:
        return {}
    monitor.observe(
        _STEPS.next(monitor),
        [it["question"] for it in items],
        [golds_of(it["gold"])[0] for it in items],
        [it["response"] for it in items],
        [float(v.score) for v in verdicts],
    )
    from rlverify.analysis.monitor import trainer_metrics

    return trainer_metrics(monitor) or {}


def compute_score(data_source: Any = None, solution_str: str = "", ground_truth: Any = None,
                  extra_info: Any = None, **kwargs: Any) -> dict[str, Any]:
    """Score one response (verl's per-sample reward function signature)."""
    verifier, monitor = _settings(kwargs)
    items = [{"response": solution_str, "gold": ground_truth, "question": _question(extra_info)}]
    verdicts = verify_items(verifier, items)
    return score_dict(verdicts[0]) | _observe(monitor, items, verdicts)


def compute_score_batch(data_sources: Sequence[Any] = (), solution_strs: Sequence[str] = (),
                        ground_truths: Sequence[Any] = (), extra_infos: Sequence[Any] | None = None,
                        **kwargs: Any) -> list[dict[str, Any]]:
    """Score a batch (verl's ``batch`` reward manager signature); one dict per response."""
    verifier, monitor = _settings(kwargs)
    n = len(solution_strs)
    infos = list(extra_infos) if extra_infos is not None else [None] * n
    golds = list(ground_truths)
    if len(golds) != n or len(infos) != n:
        raise BadInputError(f"compute_score_batch: {n} solutions, {len(golds)} ground truths, "
                         f"{len(infos)} extra_infos; they must be the same length")
    items = [{"response": s, "gold": g, "question": _question(e)}
             for s, g, e in zip(solution_strs, golds, infos)]
    verdicts = verify_items(verifier, items, workers=kwargs.get("workers"))
    extra = _observe(monitor, items, verdicts)
    return [score_dict(v) | extra for v in verdicts]
