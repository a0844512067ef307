"""Guard: is an extracted answer a plausible answer worth showing to a judge?

Interface::

    inspect(answer: str | None, gold: str, question: str | None = None) -> GuardReport
    GuardReport(passed: bool, flags: tuple[str, ...])

NOTE: placeholder (rejects only empty answers); the hybrid/guard issue replaces it.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["GuardReport", "inspect"]


@dataclass(frozen=True)
class GuardReport:
    passed: bool
    flags: tuple[str, ...] = ()


def inspect(answer: str | None, gold: str, question: str | None = None) -> GuardReport:
    if answer is None:
        return GuardReport(False, ("no_answer",))
    if not answer.strip():
        return GuardReport(False, ("empty",))
    return GuardReport(True)
