"""Lists of solutions written under their variables' names (issue 29), restated as the bare lists of tuples they are,
for the sequence entry to compare.

Interface::

    grouped(r) -> Items | None        ``p=5,q=2;p=7,q=2``: assignments to the same variables, in the same order, once
                                      per solution: the list of tuples ``(5, 2), (7, 2)``
    named_first(r) -> Items | None    ``(x, y) = (5, 8) \\quad \\text{and} \\quad (8, 5)``: a list of tuples whose first
                                      names the coordinates (the name announces the list): the bare tuples

None where the reading is not written so (a name given once, names in another order in one group, tuples of
different lengths, a single solution).

May import: :mod:`rlverify.rule.read.types`.
"""

from __future__ import annotations

from ..read.types import Items, Labelled, Number, Reading, Relation, Tuple

__all__ = ["grouped", "named_first"]

_MAX_ITEMS = 24


def grouped(r: Reading) -> Items | None:
    """See the module doc."""
    if not isinstance(r, Items) or r.alternatives or not 4 <= len(r.items) <= _MAX_ITEMS \
            or not all(isinstance(x, Labelled) for x in r.items):
        return None
    names = [x.name for x in r.items]      # type: ignore[attr-defined]
    k = names.index(names[0], 1) if names[0] in names[1:] else 0
    if k < 2 or len(names) % k or len(set(names[:k])) != k \
            or any(names[i] != names[i % k] for i in range(len(names))):
        return None
    groups = [r.items[i:i + k] for i in range(0, len(r.items), k)]
    tuples = tuple(Tuple("(" + ", ".join(x.inner.text for x in grp) + ")",    # type: ignore[attr-defined]
                         tuple(x.inner for x in grp), "(") for grp in groups)     # type: ignore[attr-defined]
    return Items(", ".join(t.text for t in tuples), tuples)


def named_first(r: Reading) -> Items | None:
    """See the module doc."""
    if not isinstance(r, Items) or r.alternatives or not 2 <= len(r.items) <= _MAX_ITEMS:
        return None
    first, rest = r.items[0], r.items[1:]
    if not (isinstance(first, Relation) and first.op == "=" and isinstance(first.left, Tuple)
            and isinstance(first.right, Tuple)):
        return None
    k = len(first.right.items)
    if len(first.left.items) != k or k < 2 or not all(isinstance(t, Tuple) and len(t.items) == k for t in rest) \
            or any(isinstance(x, Number) for x in first.left.items):
        return None
    if any(isinstance(x, Relation) for x in rest):
        return None
    items = (first.right,) + tuple(rest)
    return Items(", ".join(t.text for t in items), items)
