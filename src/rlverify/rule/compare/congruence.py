"""A congruence where the question asks for a remainder (issue 29): ``N \\equiv 113 \\pmod{1000}`` for "Find the
remainder when $N$ is divided by $1000$" states the residue ``113``.

Interface::

    residue(answer, gold, question) -> str | None     the residue the answer's congruence states, where the question
                                                      asks for a remainder, the residue is reduced (0 <= r < m) and
                                                      the reference is no congruence itself; else None

The caller compares the residue with the reference through the whole comparison (a residue that differs is
``different`` as two numbers are). A residue not reduced (``N \\equiv 1113 \\pmod{1000}``) or a congruence where no
remainder is asked ("Find N.") is no value here (None: no entry decides it).

May import: :func:`rlverify.rule.answers.forms.congruence_residue`, the question.
"""

from __future__ import annotations

from ..answers.forms import congruence_residue
from ..answers.question import Question

__all__ = ["residue"]


def residue(answer: str, gold: str, q: Question) -> str | None:
    """See the module doc."""
    if not q.text or "equiv" not in answer:
        return None
    got = congruence_residue(answer, q.text)
    if got is None or congruence_residue(gold, q.text) is not None:
        return None
    return got
