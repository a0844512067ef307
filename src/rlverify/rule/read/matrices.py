"""The matrix reader (issue 29): ``\\begin{pmatrix} ... \\end{pmatrix}`` (and ``bmatrix``, ``vmatrix``, ``array``...), a
column vector, and a sum or product of numeric matrices left unevaluated (``A + B``, ``A \\cdot B``: read as the
matrix it denotes, :func:`rlverify.rule.answers.shapes.matrix_arithmetic`).

Interface::

    matrix(text, again, depth) -> Matrix | None      a reader (see :data:`rlverify.rule.read.READERS`)

Each cell is read with ``again`` (the whole reader), so a cell is whatever any other reader makes of it (a number in
any fraction form, an expression, a quantity). Not read here (None): rows of different lengths, more than
:data:`MAX_CELLS` cells, a text with anything outside the matrix (one pair of parentheses around it is allowed).

May import: :mod:`.types` and the text helpers of :mod:`rlverify.rule.answers` (shapes). Never the comparison.
"""

from __future__ import annotations

from ..answers.shapes import parse_shape
from .types import Matrix, Reading

__all__ = ["matrix", "MAX_CELLS"]

MAX_CELLS = 64


def matrix(s: str, again, depth: int) -> Reading | None:
    """The matrix the whole text writes (see the module doc); None for any other text."""
    if "\\begin" not in s or "matrix}" not in s and "array}" not in s:
        return None
    shape = parse_shape(s)
    if shape.kind != "matrix" or not shape.items or sum(len(r) for r in shape.items) > MAX_CELLS:
        return None
    rows = tuple(tuple(again(c, depth + 1) for c in row) for row in shape.items)
    return Matrix(s, rows)
