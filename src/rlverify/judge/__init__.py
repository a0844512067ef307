"""LLM judges behind one interface. See :mod:`rlverify.judge.base` for the protocol."""

from __future__ import annotations

from .base import Judge, JudgeItem

__all__ = ["Judge", "JudgeItem"]
