"""The matrix reader (issue 29): ``\\begin{pmatrix} ... \\end{pmatrix}`` (and ``bmatrix``, ``vmatrix``, ``array``...), a
column vector, and a sum or product of numeric matrices left unevaluated (``A + B``, ``A \\cdot B``: read as the
matrix it denotes, :func:`rlverify.rule.answers.shapes.matrix_arithmetic`).

Interface::

    matrix(text, again, depth) -> Matrix | None      a reader (see :data:`rlverify.rule.read.READERS`)

Each cell is read with ``again`` (the whole reader), so a cell is whatever any other reader makes of it (a number in
any fraction form, an expression, a quantity). Not read here (None): rows of different lengths, more than
:data:`MAX_CELLS` cells, a text with anything outside the matrix (one pair of parentheses around it is allowed), an
``array`` of one column whose rows are equations (``\\begin{array}{l} x = 23 + 9 \\\\ x = 32 \\end{array}``: a derivation
or named values, one per line, which :func:`rlverify.rule.read.prose.sentence` reads).

May import: :mod:`.types` and the text helpers of :mod:`rlverify.rule.answers` (shapes, latex). Never the comparison.
"""

from __future__ import annotations

import re

from ..answers.latex import split_top
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
    if _equation_lines(s, shape.items):
        return None
    rows = tuple(tuple(again(c, depth + 1) for c in row) for row in shape.items)
    return Matrix(s, rows)


_ARRAY = re.compile(r"\\begin\s*\{array\}")


def _equation_lines(s: str, rows) -> bool:
    """An ``array`` of one column, every row an equation (a top-level ``=``): lines of a derivation or of named
    values, no matrix."""
    return _ARRAY.search(s) is not None and all(len(r) == 1 and len(split_top(r[0], ("=",))) > 1 for r in rows)
