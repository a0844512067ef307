"""A total time budget for one judge call, and which judge failures are outages.

A judge call (every connection, read and retry of one ``judge(items)``) gets one budget in
seconds. :class:`~rlverify.judge.openai_judge.OpenAIJudge` keeps to its own ``budget``;
:func:`call_with_budget` enforces one on any judge from the outside (the hybrid verifier
and the reward server use it): past the budget the caller gets :class:`JudgeTimeoutError`
and goes on, while the abandoned call finishes in a daemon thread.

A judge that does not answer in time is treated like one that refuses connections: the
hybrid answers with the rule verdict flagged ``judge_unavailable`` (see :func:`is_outage`),
never an undecided verdict, so an RL step is neither stalled nor handed a fake "unsure".

``DEFAULT_JUDGE_BUDGET`` (120 s) stays under OpenRLHF's 180 s reward-client timeout, so a
silent judge never makes the trainer re-send a request.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, TypeVar

from ..errors import JudgeUnavailableError

__all__ = ["DEFAULT_JUDGE_BUDGET", "JudgeTimeoutError", "call_with_budget", "is_outage"]

DEFAULT_JUDGE_BUDGET = 120.0  # seconds per judge call; OpenRLHF's reward client gives up at 180 s
_T = TypeVar("_T")


class JudgeTimeoutError(JudgeUnavailableError):
    """The judge did not answer within its time budget (an outage, like a refused connection)."""


def is_outage(error: str | None) -> bool:
    """True for per-item judge errors that mean the judge is not answering (the item's rule
    verdict stands) rather than a reply that could not be read (undecided)."""
    if not error:
        return False
    return (error in ("timeout", "budget", "unreachable") or error.startswith("transport_")
            or (error.startswith("http_5") and len(error) == 8))


def call_with_budget(fn: Callable[..., _T], *args: Any, budget: float | None) -> _T:
    """``fn(*args)``, or :class:`JudgeTimeoutError` once ``budget`` seconds have passed
    (``None``: no budget, ``fn`` runs in this thread). ``fn`` then runs on in a daemon thread
    and its result is dropped: a judge's own budget (OpenAIJudge's) ends it soon after."""
    if budget is None:
        return fn(*args)
    done = threading.Event()
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = fn(*args)
        except BaseException as e:  # noqa: BLE001 - re-raised in the caller's thread
            box["error"] = e
        finally:
            done.set()

    threading.Thread(target=target, name="rlverify-judge-call", daemon=True).start()
    if not done.wait(max(0.0, float(budget))):
        raise JudgeTimeoutError(f"judge did not answer within its {budget:.3g}s budget")
    if "error" in box:
        raise box["error"]
    return box["value"]
