"""Orderings (issue 29): a strict chain (``b < a < d < c``, ``c > d > a > b``) against the list it orders
(``b, a, d, c``) or another chain, where the question asks to order items in increasing or decreasing order.

Interface::

    ordering(answer, gold, question, item) -> Verdict | None
        ``item(x, y)``: the whole typed comparison of two item readings; None where the form does not apply

The question fixes how a bare list reads ("from least to greatest": smallest first;
:func:`rlverify.rule.answers.order.question_direction`); a ``<`` chain names the items smallest first, a ``>`` chain
largest first (:func:`rlverify.rule.answers.order.read_chain`: strict chains only, ``\\le`` claims no ranking). Both
sides are read in the question's direction and compared item by item, each item read (:func:`rlverify.rule.read.read`)
and compared through the typed comparison; two items that name letters must name the same ones (``a`` is no ``b``,
though a lone letter may be renamed elsewhere). ``equal`` when every item is; ``different`` (final) where every item on
both sides is a number read surely and the orderings differ (two swapped, one missing, the order reversed); anything
else None. Without a direction in the question, or without a chain on either side: None.

May import: :mod:`rlverify.rule.read`, :mod:`.sequences` (its sure-reading rule), the leaf helpers of
:mod:`rlverify.rule.answers` (order, renaming, surface, match, question).
"""

from __future__ import annotations

from ..answers.match import Match
from ..answers.order import question_direction, read_chain
from ..answers.renaming import symbols
from ..answers.surface import unwrap
from ..answers.question import Question
from ..read import read
from ..read.types import Items, Reading
from .sequences import Item, Verdict, _readable, _sure

__all__ = ["ordering"]


def ordering(a: Reading, g: Reading, q: Question, item: Item) -> Verdict | None:
    """See the module doc."""
    if not q.text or ("<" not in a.text + g.text and ">" not in a.text + g.text and "\\lt" not in a.text + g.text
                      and "\\gt" not in a.text + g.text):
        return None
    direction = question_direction(q.text)
    if direction is None:
        return None
    ca, cg = read_chain(a.text), read_chain(g.text)
    if ca is None and cg is None:
        return None
    xs, ys = _ordered(a, ca, direction), _ordered(g, cg, direction)
    if xs is None or ys is None:
        return None
    rx, ry = tuple(read(x) for x in xs), tuple(read(y) for y in ys)
    if not all(_readable(r) for r in rx + ry):
        return None
    if len(xs) != len(ys):
        return Verdict(Match(False), final=True) if all(_sure(r) for r in rx + ry) else None
    for x, y, u, v in zip(xs, ys, rx, ry):
        names = symbols(unwrap(x)), symbols(unwrap(y))
        if all(names) and names[0] != names[1]:
            return Verdict(Match(False), final=True)    # two items that name other letters: two things
        d = item(u, v)
        if not d.match.equal:
            return Verdict(Match(False), final=True) if d.final and _sure(u) and _sure(v) else None
    return Verdict(Match(True, ("order",)), final=False)


def _ordered(r: Reading, chain: tuple[str, list[str]] | None, direction: str) -> list[str] | None:
    """The items of a chain or of a list, in ``direction`` ("<": smallest first)."""
    if chain is not None:
        op, items = chain
        return items if op == direction else items[::-1]
    if not isinstance(r, Items) or r.alternatives:
        return None
    return [x.text for x in r.items]
