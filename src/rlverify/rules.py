"""RuleVerifier: extract -> parse -> compare, every step bounded.

Registered as ``rule``. ``verify`` never raises: a bound hit is
``Verdict(correct=False, flags=("timeout",))``, an internal error ``flags=("error",)``.
"""

from __future__ import annotations

import time
from typing import Any, Mapping, Sequence

from .answers import compare
from .errors import BoundExceeded
from .extract import extract_answer
from .limits import DEFAULT_ITEM_TIMEOUT
from .registry import register
from .verdict import BaseVerifier, Verdict

__all__ = ["RuleVerifier"]


class RuleVerifier(BaseVerifier):
    name = "rule"

    def __init__(self, timeout: float = DEFAULT_ITEM_TIMEOUT, score_correct: float = 1.0,
                 score_incorrect: float = 0.0) -> None:
        self.timeout = float(timeout)
        self.score_correct = float(score_correct)
        self.score_incorrect = float(score_incorrect)

    def _verdict(self, correct: bool, t0: float, extracted: str | None,
                 flags: tuple[str, ...] = (), undecided: bool = False) -> Verdict:
        return Verdict(
            correct=correct,
            score=self.score_correct if correct else self.score_incorrect,
            source="rule",
            extracted=extracted,
            flags=tuple(dict.fromkeys(flags)),
            seconds=time.perf_counter() - t0,
            undecided=undecided,
        )

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict:
        t0 = time.perf_counter()
        extracted: str | None = None
        try:
            response = response if isinstance(response, str) else str(response)
            gold = gold if isinstance(gold, str) else str(gold)
            ex = extract_answer(response)
            extracted = ex.answer
            if ex.answer is None:
                return self._verdict(False, t0, None, ex.flags + ("no_answer",))
            if ex.hedge:
                return self._verdict(False, t0, extracted, ex.flags)
            m = compare(ex.answer, gold, question)
            correct = m.equal and "hedge" not in m.flags
            return self._verdict(correct, t0, extracted, ex.flags + m.flags, m.undecided)
        except BoundExceeded:
            return self._verdict(False, t0, extracted, ("timeout",))
        except RecursionError:
            return self._verdict(False, t0, extracted, ("timeout", "too_deep"))
        except Exception as e:  # noqa: BLE001 - a verifier must never crash a training step
            return self._verdict(False, t0, extracted, ("error", f"error:{type(e).__name__}"))

    def verify_batch(self, items: Sequence[Mapping[str, Any]], workers: int | None = None) -> list[Verdict]:
        if workers and workers > 1:
            try:
                from .pool import verify_batch as pool_batch
            except ModuleNotFoundError:
                pool_batch = None
            if pool_batch is not None:
                return pool_batch(items, workers=workers, timeout=self.timeout, verifier="rule")
        return super().verify_batch(items)


@register("rule")
def _make_rule(**options: Any) -> RuleVerifier:
    return RuleVerifier(**options)
