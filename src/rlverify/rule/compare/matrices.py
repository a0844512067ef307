"""The matrix cell of the typed comparison (issue 29): a matrix against a matrix, or a vector against a tuple.

Interface::

    applies(answer, gold) -> bool                   a :class:`~rlverify.rule.read.types.Matrix` on either side
    matrices(answer, gold, question, item) -> Verdict | None
        ``item(x, y)``: the whole typed comparison of two cells (each gets its fraction forms, constants,
        expressions); None where this entry does not decide (then no entry reads the pair: unsure)

* two matrices: the same number of rows and of columns, then cell by cell in order (``-\\frac{1}{3}`` for ``-1/3``,
  ``\\frac{\\sqrt{2}}{2}`` for ``1/\\sqrt{2}``); other dimensions are ``different``;
* a column or a row vector against a tuple in parentheses or brackets (``(-7, 16, 5)`` for a column of three): the
  cells in order against the items; another count is ``different``.

``different`` is final (a typed fact) only where every cell on both sides was read surely and each cell pair that
decided it was itself a final ``different`` (:mod:`.sequences`'s rule). A cell no reader knows (words, a relation) or
any other pair (a matrix against one value, a set, a list): None.

May import: :mod:`rlverify.rule.read.types`, :mod:`.sequences` (its item-by-item rule), the leaf helpers of
:mod:`rlverify.rule.answers` (match, question).
"""

from __future__ import annotations

from ..answers.match import Match
from ..answers.question import Question
from ..read.types import Matrix, Reading, Tuple
from .sequences import Item, Verdict, _consistent, _in_order, _readable, _sure

__all__ = ["applies", "matrices"]


def applies(a: Reading, g: Reading) -> bool:
    return isinstance(a, Matrix) or isinstance(g, Matrix)


def matrices(a: Reading, g: Reading, q: Question, item: Item) -> Verdict | None:
    """See the module doc."""
    ga, gg = _grid(a), _grid(g)
    if ga is None or gg is None or not all(_readable(c) for row in ga + gg for c in row):
        return None
    cells_a = tuple(c for row in ga for c in row)
    cells_g = tuple(c for row in gg for c in row)
    sure = all(_sure(c) for c in cells_a + cells_g)
    if isinstance(a, Matrix) and isinstance(g, Matrix):
        if (len(ga), len(ga[0])) != (len(gg), len(gg[0])):
            return Verdict(Match(False), final=sure)
    elif not (_vector(ga) and _vector(gg)):
        return None
    return _in_order(cells_a, cells_g, _consistent(item), sure)


def _grid(r: Reading) -> tuple[tuple[Reading, ...], ...] | None:
    """A matrix's rows; a tuple's items as one row; None for any other reading."""
    if isinstance(r, Matrix):
        return r.rows
    if isinstance(r, Tuple):
        return (r.items,)
    return None


def _vector(rows: tuple[tuple[Reading, ...], ...]) -> bool:
    """One row, or one column."""
    return len(rows) == 1 or all(len(row) == 1 for row in rows)
