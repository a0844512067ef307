"""Parametric families read whole (issue 29): a pair no typed entry decided, whose texts write residue classes, general
solutions, a tuple in a free parameter or a range of integers, in a shape the readers keep whole (a list of families with one qualifier at
its end, ``\\frac{\\pi}{6} + k\\pi, \\frac{5\\pi}{6} + k\\pi \\text{ for } k \\in \\mathbb{Z}``; a tuple with its
parameter's qualifier, ``(-32 + 3t, 64 - 5t) \\text{ for some integer } t``; a class under a name, ``n = 7t + 5``).

Interface::

    families(answer, gold, question) -> Match | None     equal where one of the deciders below finds the two texts
                                                          the same family; None otherwise (never a rejection)

The deciders, in the table's order (the last one first: it reads no CAS), the first that says equal decides:

1. residue classes in any notation (:func:`rlverify.rule.answers.residues.same_classes`);
2. general solutions with a free integer (:func:`rlverify.rule.answers.forms.same_solution_family`: unions of
   families, a qualifier on either side);
3. a free parameter renamed consistently across a tuple (:func:`rlverify.rule.answers.renaming.same_up_to_renaming`:
   never a letter the question names);
4. one set of integers written as a range on at least one side (``\\text{every integer } k \\ge 19`` for
   ``\\text{all } k \\ge 19``, ``n = 1, 2, \\ldots, 5`` for ``1 \\le n \\le 5``:
   :func:`rlverify.rule.answers.integers.same_integers`);
5. two expressions in the one variable the question declares an integer, equal at its integers (``m - 5\\lfloor
   m/5 \\rfloor`` for ``m \\mod 5``: :func:`rlverify.rule.answers.integer_points.same_on_integers`);
6. a set of tuples written by representatives "and their permutations" (``(1, 2, 3) \\text{ and cyclic
   permutations}``, ``\\text{all permutations of } (1, 1, 2)``, ``(4, -2, 10) \\text{ (in any order)}``) against the
   tuples listed or named so too: the same orbits (:func:`rlverify.rule.answers.permutations.same_up_to_permutations`).

Only an equality is taken: a rejection by one of them says no more than that this reading of the texts fails (the
comparison goes on as before). Each decider is bounded (its CAS step in the bounded helper).

May import: the leaf helpers of :mod:`rlverify.rule.answers` named above, match, question.
"""

from __future__ import annotations

from ..answers import forms, integer_points, integers, permutations, renaming, residues
from ..answers.match import Match
from ..answers.question import Question

__all__ = ["families"]

_MAX_CHARS = 600


def families(answer: str, gold: str, q: Question) -> Match | None:
    """See the module doc."""
    if permutations.same_up_to_permutations(answer, gold) is True:     # bounded by its own caps on tuples
        return Match(True, ("permutations",))
    if len(answer) > _MAX_CHARS or len(gold) > _MAX_CHARS:
        return None
    for decide, flag in ((residues.same_classes, "residue"), (forms.same_solution_family, "general_solution"),
                         (renaming.same_up_to_renaming, "renamed"), (integers.same_integers, "integers"),
                         (integer_points.same_on_integers, "integer_points")):
        if decide(answer, gold, q.text) is True:
            return Match(True, (flag,))
    return None
