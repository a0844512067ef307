"""A bound whose value is restated (issue 29): ``n > \\sqrt{2} = 1.414``, ``v \\le \\frac{c}{3} \\approx 0.33c`` —
one inequality on a variable, then its bound written again as a decimal (``=`` or an approximation sign). The
restatement says nothing the bound does not: the set of reals is the one the inequality alone writes.

Interface::

    restated_bound(text, split, approximate) -> (str, str) | None   (``L op M``, the last ``V``) where ``text`` is
                                                ``L op M (= | \\approx) V ...`` and every ``V`` is ``M`` (the same
                                                value, or ``M`` rounded or cut at the decimal's last written digit);
                                                None for any other text

Only a single inequality (``<``, ``>``, ``\\le``, ``\\ge``) whose left side holds a letter and whose other members
are values (no letter; a bounded evaluation reads them): ``1 < x = 2`` or ``n > \\sqrt{2} = 1.5`` (a slip, two values)
are no restatement.

``split`` is :func:`.relations.split_relations` and ``approximate`` its approximation signs, handed in by the relation
reader (which imports this module). May import: the bounded value reader
:func:`rlverify.rule.answers.surface.numeric_value` and :func:`rlverify.rule.answers.precision.written`. Never the
comparison.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Callable, Collection

from ..answers.latex import clean

__all__ = ["restated_bound"]

_MAX_CHARS = 160
_ORDER = {"<": "<", ">": ">", "\\le": "\\le", "\\ge": "\\ge"}
_LETTER = re.compile(r"[A-Za-z]")
_COMMAND = re.compile(r"\\[A-Za-z]+")


def restated_bound(s: str, split: Callable[[str], tuple[list[str], list[str]] | None],
                   approximate: Collection[str]) -> tuple[str, str] | None:
    """See the module doc."""
    if len(s) > _MAX_CHARS or s.count("=") + s.count("\\approx") + s.count("≈") == 0:
        return None
    got = split(s)
    if got is None:
        return None
    parts, ops = got
    if len(ops) < 2 or ops[0] not in _ORDER or not all(op == "=" or op in approximate for op in ops[1:]):
        return None
    left, bound = parts[0], parts[1]
    from ..answers.surface import numeric_value

    if numeric_value(left) is not None:
        return None       # '2 < 3 = 3': values on both sides, no variable bounded
    if any(_LETTER.search(_COMMAND.sub(" ", p)) for p in parts[1:]):
        return None       # a member in a variable: no value restated
    if not all(_same_value(bound, p) for p in parts[2:]):
        return None
    return f"{left} {ops[0]} {bound}", parts[-1]


def _same_value(exact: str, decimal: str) -> bool:
    """``decimal`` is ``exact``'s value: equal, or a written decimal that rounds or cuts it at its last digit."""
    from ..answers.precision import written
    from ..answers.surface import numeric_value

    a, b = numeric_value(exact), numeric_value(decimal)
    if a is None or b is None:
        return False
    if abs(a - b) <= 1e-12 * max(1.0, abs(a)):
        return True
    w = written(clean(decimal))
    if w is None or w.percent:
        return False
    step = float(Fraction(10) ** w.last)
    value = float(w.value)
    return abs(a - value) <= step / 2 * (1 + 1e-9) or (abs(a) > abs(value) and abs(a - value) < step and a * value > 0)
