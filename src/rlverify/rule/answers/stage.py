"""The types of the comparison pipeline: a pair under comparison, and a stage with its role.

Interface::

    Pair(answer, gold, question, again)   ``again(answer, gold)``: the whole comparison of a rewritten
                                          pair under the same question (the only way a stage re-enters)
    Stage(name, role, run, context=True)  ``run(pair) -> Match | None``
    Role.DECIDE / Role.CORE / Role.RESCUE

A leaf module: the stage modules (context, core) and the pipeline import it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Callable

from .match import Match
from .question import Question

__all__ = ["Pair", "Role", "Stage"]


class Role(enum.Enum):
    DECIDE = "decide"   # a Match it returns is final (an acceptance or a veto); None passes on
    CORE = "core"       # the typed comparison: its Match stands unless a rescue finds the pair equal
    RESCUE = "rescue"   # tried only after the core decided "not equal" (no hedge, reference read);
    #                     an equal Match is final, an unequal one ends the rescues (the core's stands)


@dataclass(frozen=True)
class Pair:
    answer: str
    gold: str
    question: Question
    again: Callable[[str, str], Match]

    @property
    def text(self) -> str | None:
        """The question's text (None without a question)."""
        return self.question.text


@dataclass(frozen=True)
class Stage:
    name: str
    role: Role
    run: Callable[[Pair], "Match | None"]
    context: bool = True   # a context rule: ``RLVERIFY_CONTEXT=off`` skips it (ablations)
