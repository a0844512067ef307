"""Context rules (units, angles, rounding, everyday forms). NOTE: placeholder."""

from __future__ import annotations

from . import Match

__all__ = ["pre", "post"]


def pre(answer: str, gold: str, question: str | None = None) -> Match | None:
    return None


def post(answer: str, gold: str, question: str | None, core_match: Match) -> Match | None:
    return None
