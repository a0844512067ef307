"""The expression cell of the typed comparison (issue 29): Expr/Expr.

Interface::

    expressions(answer, gold, question) -> Match     two texts read as :class:`~rlverify.rule.read.types.Expr`

An expression is one mathematical term and nothing else (:func:`rlverify.rule.read.expressions.is_expression`), so of
what the stage table knew only these can apply, called here directly, in this order, the first that decides:

1. the same text, or two different integers (:func:`rlverify.rule.answers.fast.fast_compare`);
2. residue classes in any notation (``3k+1`` and ``3m+1``: :func:`rlverify.rule.answers.residues.same_classes`);
3. general solutions with a free integer where the question asks to solve
   (:func:`rlverify.rule.answers.forms.same_solution_family`);
4. a free parameter renamed consistently (``t^2`` for ``k^2`` where the question names neither:
   :func:`rlverify.rule.answers.renaming.same_up_to_renaming`);
5. the bounded expression comparison (:func:`rlverify.rule.answers.core.compare_core`: exact numbers, then the CAS);
6. after a rejection by 5, expressions in the one variable the question declares an integer, equal at its integers
   (``(-1)^n`` and ``\\cos(n\\pi)``: :func:`rlverify.rule.answers.integer_points.same_on_integers`).

A relation, a separator, words, a set, a hedge, a unit, presentation or an ellipsis makes a text no expression, so the
table's other stages (clauses, quantities, labelled parts, domains, bounds, trailing words, ...) have nothing to read in
it: their cells are other entries.

May import: the leaf comparisons of :mod:`rlverify.rule.answers` named above.
"""

from __future__ import annotations

from ...flags import Flag
from ..answers import forms, integer_points, renaming, residues
from ..answers.core import compare_core
from ..answers.fast import fast_compare
from ..answers.match import Match
from ..answers.question import Question

__all__ = ["expressions"]


def expressions(answer: str, gold: str, q: Question) -> Match:
    """The verdict on two expressions: see the module's steps."""
    m = fast_compare(answer, gold)
    if m is not None:
        return m
    for decide, flag in ((residues.same_classes, "residue"), (forms.same_solution_family, "general_solution"),
                         (renaming.same_up_to_renaming, "renamed")):
        r = decide(answer, gold, q.text)
        if r is not None:
            return Match(r, (flag,))
    m = compare_core(answer, gold, q)
    if m.equal or m.undecided or Flag.HEDGE in m.flags:
        return m
    if integer_points.same_on_integers(answer, gold, q.text):
        return Match(True, ("integer_points",))
    return m
