"""PrimeIntellect ``verifiers`` v1 rewards: ``async (task, trace, runtime) -> float`` by import path.

verifiers v1 (``verifiers.v1``, package 0.4.0) plugs a reward into a task by import path
(``TaskConfig.rewards``: ``pkg.module:function`` or ``path/to/file.py:function``) and calls it
with keywords picked by parameter name: ``task`` (the task's ``TaskData``), ``trace`` (the
rollout's ``Trace``) and ``runtime`` (a defaulted ``runtime`` lets it also score offline).
rlverify reads:

* the reference answer from ``task.answer`` (verifiers' ``ReferenceJudge`` default field; a
  list means several acceptable answers), or another field with ``answer_field``;
* the response from ``trace.last_reply`` (the root agent's final reply);
* the question from ``task.question`` when present, else ``task.prompt_text``.

The verdict's details go to ``trace.info["rlverify"]`` (source, flags, extracted answer,
undecided). An *undecided* verdict (the judge gave no decision, or the reference is missing or
blank: flag ``invalid_gold``) raises
:class:`UndecidedRewardError` by default, as verifiers' own judges do ("a judge failure must error
the rollout, not score the model 0"); ``on_undecided="zero"`` scores it 0.0 instead.

Use::

    # TOML: [env.taskset.task.rewards.correct]  fn = "rlverify.integrations.prime_verifiers:reward"
    # (the rule verifier). For another verifier or options, make one in your own module:
    from rlverify.integrations.prime_verifiers import make_reward
    correct = make_reward("hybrid", judge="openai",
                          judge_options={"base_url": "http://localhost:8000/v1", "model": "TIGER-Lab/general-verifier"})
    # fn = "my_rewards.py:correct"
"""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable, Mapping

from ..errors import BadInputError, RLVerifyError
from ..verdict import Verdict
from ._common import cached_verifier, last_text, verify_items

__all__ = ["reward", "make_reward", "UndecidedRewardError", "item_of"]

_UNDECIDED = ("raise", "zero")


class UndecidedRewardError(RLVerifyError):
    """The verifier could not decide (judge gave no decision): the rollout errors, not scores 0."""


def item_of(task: Any, trace: Any, answer_field: str = "answer") -> dict[str, Any]:
    """The rlverify item (response, gold, question) of a verifiers v1 task and trace."""
    gold = getattr(task, answer_field, None)
    if gold is None and isinstance(task, Mapping):
        gold = task.get(answer_field)
    if gold is None:
        raise BadInputError(f"the task has no {answer_field!r} field (the reference answer); "
                            f"set answer_field= to the task's reference-answer field")
    question = getattr(task, "question", None)
    if not isinstance(question, str) or not question:
        question = getattr(task, "prompt_text", None)
    response = getattr(trace, "last_reply", None)
    if response is None:  # a plain dict or message list (offline use)
        response = last_text(trace, role="assistant")
    return {"response": response if isinstance(response, str) else str(response),
            "gold": list(gold) if isinstance(gold, (list, tuple)) else gold,
            "question": question if isinstance(question, str) and question else None}


def _record(trace: Any, verdict: Verdict) -> None:
    info = getattr(trace, "info", None)
    if isinstance(info, dict):
        info["rlverify"] = {"source": verdict.source, "flags": list(verdict.flags),
                            "extracted": verdict.extracted, "undecided": verdict.undecided}


def make_reward(verifier: str | Any = "rule", *, answer_field: str = "answer", on_undecided: str = "raise",
                **options: Any) -> Callable[..., Awaitable[float]]:
    """An ``async (task, trace, runtime=None) -> float`` reward with ``verifier`` (a registry name
    built with ``options``, or a verifier object). Verification runs in a worker thread, so the
    rollout's event loop is not blocked."""
    if on_undecided not in _UNDECIDED:
        raise BadInputError(f"on_undecided must be one of {', '.join(_UNDECIDED)}, not {on_undecided!r}")
    if not isinstance(verifier, str) and options:
        raise BadInputError("options are given with a verifier object; pass them to its constructor")

    async def rlverify_reward(task: Any, trace: Any, runtime: Any = None) -> float:
        item = item_of(task, trace, answer_field)
        v = cached_verifier(verifier, options) if isinstance(verifier, str) else verifier
        verdict = (await asyncio.to_thread(verify_items, v, [item]))[0]
        _record(trace, verdict)
        if verdict.undecided and on_undecided == "raise":
            raise UndecidedRewardError(f"{verdict.source} verdict undecided ({', '.join(verdict.flags) or 'no flags'})")
        return float(verdict.score)

    return rlverify_reward


reward = make_reward("rule")
reward.__name__ = reward.__qualname__ = "reward"
