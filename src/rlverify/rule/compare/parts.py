"""Labelled quantities (issue 29): several quantities the answer names (``v = 3\\,\\mathrm{m/s},\\ a = 2\\,\\mathrm{m/s^2}``,
``t = 2\\,\\text{min} \\text{ and } F = 5.68\\ \\mathrm{N}``, also set apart by a wide space alone,
``v = 3\\,\\mathrm{m/s}\\quad a = 2\\,\\mathrm{m/s^2}``) against one reference quantity (the one part of its dimension)
or against as many (part by part, by name or in order).

Interface::

    quantity_parts(answer, gold, question, again) -> Match | None
        ``again(x, y)``: the whole typed comparison of two value texts; an equality, or None (never a rejection:
        a part that differs leaves the pair to the comparison's other entries)
    labelled_parts(answer, gold, question, again) -> Match | None
        both sides label every part with distinct labels, in any words for one label (``\\text{max } 3`` for
        ``\\max = 3``, ``\\text{the minimum is } -1`` for ``\\text{min} = -1``), or one side does and the
        question fixes their order: :func:`rlverify.rule.answers.forms.compare_labelled`; an equality, or None

The parts and the pairing are :func:`rlverify.rule.answers.quantity_parts.compare_quantity_parts`' (the part of the
reference's dimension where exactly one has it; names, then order, for several); each pair of values is compared by
``again``, so units convert and the reference's precision holds.

May import: the leaf helpers of :mod:`rlverify.rule.answers` (quantity_parts, match).
"""

from __future__ import annotations

from typing import Callable

from ..answers.forms import compare_labelled
from ..answers.match import Match
from ..answers.quantity_parts import compare_quantity_parts

__all__ = ["quantity_parts", "labelled_parts"]


def quantity_parts(answer: str, gold: str, question: str | None, again: Callable[[str, str], Match]) -> Match | None:
    """See the module doc."""
    m = compare_quantity_parts(answer, gold, question, again)
    return m if m is not None and m.equal else None


def labelled_parts(answer: str, gold: str, question: str | None, again: Callable[[str, str], Match]) -> Match | None:
    """See the module doc."""
    if "=" not in answer + gold and ":" not in answer + gold and "\\text" not in answer + gold:
        return None
    r = compare_labelled(answer, gold, lambda x, y: bool(again(x, y).equal), question)
    return Match(True, ("parts",)) if r is True else None
