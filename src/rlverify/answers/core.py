"""Core typed comparison. NOTE: placeholder (normalized string equality)."""

from __future__ import annotations

from . import Match

__all__ = ["compare_core"]


def _norm(s: str) -> str:
    return "".join(s.split()).strip("$.")


def compare_core(answer: str, gold: str, question: str | None = None) -> Match:
    return Match(_norm(answer) == _norm(gold))
