"""The Verdict and the Verifier protocol."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Iterable, Mapping, Protocol, Sequence, runtime_checkable

__all__ = ["Verdict", "Verifier", "BaseVerifier", "SOURCES", "Outcome"]

SOURCES = ("rule", "guard", "judge")


class Outcome(str, Enum):
    """What the rules concluded about an answer (a ``str``: ``Outcome.EQUAL == "equal"``).

    * ``equal``: the answer reads as the reference (the rules accept it).
    * ``different``: both sides were read into comparable typed values (numbers, tuples of the
      same arity, intervals, sets, matrices, option letters, quantities in compatible units,
      expressions in the same symbols) that differ beyond the rounding either side allows.
      Final: a hybrid never asks a judge to overturn it.
    * ``unsure``: the rules could not decide (a side unreadable, types not comparable, free
      text, values equal within rounding but refused, a bound hit). Only these rejections may
      go to a judge. See :mod:`rlverify.rule.outcome`.
    """

    EQUAL = "equal"
    DIFFERENT = "different"
    UNSURE = "unsure"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Verdict:
    """The outcome of verifying one response against one reference answer.

    ``correct`` is the decision, ``score`` the reward (1.0 / 0.0 by default).
    ``undecided`` marks verdicts that could not be decided (judge gave no grade,
    reference unparseable): ``correct`` is then False, and RL integrations may skip
    the sample instead of punishing it. ``status`` folds both into one word.
    ``outcome`` is what the rules concluded (:class:`Outcome`: equal / different / unsure),
    kept on guard and judge verdicts of a hybrid to show why a verdict was final; None for
    verifiers without rules (a judge alone, baselines).
    """

    correct: bool
    score: float
    source: str = "rule"
    extracted: str | None = None
    flags: tuple[str, ...] = ()
    seconds: float = 0.0
    undecided: bool = False
    outcome: Outcome | None = None

    @property
    def status(self) -> str:
        if self.undecided:
            return "undecided"
        return "correct" if self.correct else "incorrect"

    def to_dict(self) -> dict[str, Any]:
        return {
            "correct": self.correct,
            "score": self.score,
            "source": self.source,
            "extracted": self.extracted,
            "flags": list(self.flags),
            "seconds": self.seconds,
            "undecided": self.undecided,
            "status": self.status,
            "outcome": None if self.outcome is None else self.outcome.value,
        }

    def with_(self, **changes: Any) -> "Verdict":
        from dataclasses import replace

        return replace(self, **changes)


@runtime_checkable
class Verifier(Protocol):
    name: str

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict: ...

    def verify_batch(
        self, items: Sequence[Mapping[str, Any]], workers: int | None = None
    ) -> list[Verdict]: ...


class BaseVerifier:
    """Convenience base: ``verify_batch`` maps ``verify`` over dict items in order.

    Subclasses with a faster or parallel batch path override ``verify_batch``.
    """

    name: str = "base"

    def verify(self, response: str, gold: str, question: str | None = None) -> Verdict:
        raise NotImplementedError

    def verify_batch(
        self, items: Sequence[Mapping[str, Any]], workers: int | None = None
    ) -> list[Verdict]:
        return [
            self.verify(str(it.get("response", "")), str(it.get("gold", "")), it.get("question"))
            for it in items
        ]


def items_from(
    responses: Iterable[str], golds: Iterable[str], questions: Iterable[str | None] | None = None
) -> list[dict[str, Any]]:
    """Zip parallel lists into batch items."""
    rs, gs = list(responses), list(golds)
    qs = list(questions) if questions is not None else [None] * len(rs)
    return [{"response": r, "gold": g, "question": q} for r, g, q in zip(rs, gs, qs)]
