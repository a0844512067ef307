"""Baselines reachable through the registry: ``math-verify`` (HuggingFace Math-Verify).

Math-Verify is a baseline to measure against, not a component: it bounds time with
SIGALRM, which only works in the main thread. Called from another thread it is run
without its timeouts (as Math-Verify itself requires), which is exactly the hazard
rlverify's own verifier avoids.
"""

from __future__ import annotations

import logging

import threading
import time
from typing import Any

from .errors import MissingDependencyError
from .registry import register
from .runtime.caches import LRU
from .verdict import BaseVerifier, Verdict

__all__ = ["MathVerifyVerifier"]

_log = logging.getLogger(__name__)


def _import_math_verify() -> Any:
    try:
        import math_verify  # type: ignore
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise MissingDependencyError(
            "the 'math-verify' baseline needs Math-Verify: pip install 'rlverify[baselines]'"
        ) from e
    return math_verify


class MathVerifyVerifier(BaseVerifier):
    """Math-Verify with its documented defaults: gold parsed as a boxed LaTeX answer."""

    name = "math-verify"

    def __init__(self, timeout_seconds: int = 5) -> None:
        self._mv = _import_math_verify()
        self.timeout_seconds = int(timeout_seconds)
        self._gold_cache = LRU("baselines.math_verify_gold")   # gold -> parsed

    def _timeouts(self) -> int | None:
        return self.timeout_seconds if threading.current_thread() is threading.main_thread() else None

    def _gold(self, gold: str) -> Any:
        g = self._gold_cache.get(gold)
        if g is None:
            text = gold if ("$" in gold or "\\boxed" in gold) else "$" + gold + "$"
            g = self._mv.parse(text, parsing_timeout=self._timeouts())
            self._gold_cache[gold] = g
        return g

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict:
        t0 = time.perf_counter()
        mv = self._mv
        try:
            g = self._gold(gold)
            p = mv.parse(response, parsing_timeout=self._timeouts())
            ok = bool(mv.verify(g, p, timeout_seconds=self._timeouts()))
            extracted = str(p[-1]) if p else None
            flags: tuple[str, ...] = () if p else ("no_answer",)
        except Exception as e:  # noqa: BLE001 - Math-Verify raises arbitrary errors (incl. its own timeouts)
            _log.debug("baselines.py: handled exception", exc_info=True)
            ok, extracted, flags = False, None, ("error", f"error:{type(e).__name__}")
        return Verdict(correct=ok, score=1.0 if ok else 0.0, source="rule", extracted=extracted,
                       flags=flags, seconds=time.perf_counter() - t0)


@register("math-verify")
def _make_math_verify(**options: Any) -> MathVerifyVerifier:
    return MathVerifyVerifier(**options)
