"""The judge protocol shared by every backend, the hybrid verifier and the probe.

A judge is any object with ``judge(items: list[JudgeItem]) -> list[bool | None]`` (None = undecided:
unparseable output, timeout, server error). The built-in backends also offer
``judge_detailed(items) -> list[JudgeResult]`` with the raw output, the parse outcome and timing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

__all__ = ["JudgeItem", "Judge", "JudgeResult"]


@dataclass(frozen=True)
class JudgeItem:
    question: str | None
    gold: str
    answer: str


@runtime_checkable
class Judge(Protocol):
    """Anything with ``judge(items) -> list[bool | None]`` (None = undecided)."""

    def judge(self, items: list[JudgeItem]) -> list[bool | None]: ...


@dataclass(frozen=True)
class JudgeResult:
    """One judged item. ``error`` names why ``decision`` is None (``timeout``, ``http_500``,
    ``malformed_response``, ``missing``, ``contradictory``, ``unterminated_think``, ...)."""

    decision: bool | None
    label: str | None = None       # the template outcome: correct | incorrect | invalid
    output: str | None = None      # the judge's raw reply
    error: str | None = None
    seconds: float = 0.0
    cached: bool = False
