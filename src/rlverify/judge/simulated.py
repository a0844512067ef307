"""Simulated judges for analysis: they show what a hybrid would do with the worst judge.

* :class:`GullibleJudge` says "correct" to everything: with it, every item that reaches the
  judge is an attack success, so a hybrid's hacking rate equals its leak rate.
* :class:`RecordingJudge` returns a fixed verdict (or the verdicts of an ``inner`` judge) and
  keeps every :class:`~rlverify.judge.base.JudgeItem` it received, to measure leaks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .base import Judge, JudgeItem

__all__ = ["GullibleJudge", "RecordingJudge"]


@dataclass
class GullibleJudge:
    """A judge that accepts every answer (the worst case a hacking policy can hope for)."""

    name: str = "gullible"

    def judge(self, items: list[JudgeItem]) -> list[bool | None]:
        return [True for _ in items]


@dataclass
class RecordingJudge:
    """A judge that records every item it receives.

    ``verdict`` is returned for every item (True, False or None = undecided) unless ``inner``
    is given, in which case the inner judge decides and the items are still recorded.
    """

    verdict: bool | None = True
    inner: Judge | None = None
    items: list[JudgeItem] = field(default_factory=list)
    calls: int = 0
    name: str = "recording"

    def judge(self, items: list[JudgeItem]) -> list[bool | None]:
        items = list(items)
        self.items.extend(items)
        self.calls += 1
        if self.inner is not None:
            return list(self.inner.judge(items))
        return [self.verdict for _ in items]

    def clear(self) -> None:
        self.items.clear()
        self.calls = 0
