"""The judge protocol shared by every backend, the hybrid verifier and the probe."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

__all__ = ["JudgeItem", "Judge"]


@dataclass(frozen=True)
class JudgeItem:
    question: str | None
    gold: str
    answer: str


@runtime_checkable
class Judge(Protocol):
    """Anything with ``judge(items) -> list[bool | None]`` (None = undecided)."""

    def judge(self, items: list[JudgeItem]) -> list[bool | None]: ...
