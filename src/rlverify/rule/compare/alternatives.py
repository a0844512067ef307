"""Alternatives offered where one value is asked (issue 29): ``either x+1=3 or x=1``, ``1 \\text{ or } 2`` against
``x = 1``.

Interface::

    alternatives(a, g, again) -> Verdict | None     None: the pair is no list of alternatives against one value

A list joined by "or" (:attr:`~rlverify.rule.read.types.Items.alternatives`) against a reference that is one value (a
number, a quantity, a term, under a name or an approximation sign): ``equal`` where every alternative is equal to the
reference (``\\frac{1}{2} \\text{ or } 0.5``: one value said twice); else a hedge (``different``, final: two values
offered for one). A sign choice the reference lacks is a hedge whatever its values (``\\pm 0`` for ``0``: the probe's
``several_values`` placement writes ``\\pm`` before the reference). A reference with a sign choice (``\\pm 1``: two
values in one) is not one value; neither is a relation, a sequence or a text no reader knows (None: the sequence
entry reads them).

May import: :mod:`rlverify.rule.read.types`, :class:`rlverify.rule.answers.match.Match`,
:func:`rlverify.rule.answers.views.offers_sign_choice`, :class:`.relations.Verdict`.
"""

from __future__ import annotations

from typing import Any, Callable

from ..answers.match import Match
from ..answers.views import offers_sign_choice
from ..read.types import Approx, Expr, Items, Labelled, Number, Quantity, Reading
from .relations import Verdict

__all__ = ["alternatives"]

Again = Callable[[Reading, Reading], Any]


def _one_value(r: Reading) -> bool:
    while isinstance(r, Labelled | Approx):
        r = r.inner
    return isinstance(r, Number | Quantity | Expr) and "\\pm" not in r.text and "\\mp" not in r.text


def alternatives(a: Reading, g: Reading, again: Again) -> Verdict | None:
    """See the module doc."""
    if not (isinstance(a, Items) and a.alternatives and _one_value(g)):
        return None
    if offers_sign_choice(a.text):
        return Verdict(Match(False, ("hedge",)), "typed:alternatives", final=True)
    decisions = [again(x, g) for x in a.items]
    if all(d.match.equal for d in decisions):
        return Verdict(Match(True), "typed:alternatives")
    return Verdict(Match(False, ("hedge",)), "typed:alternatives", final=True)
