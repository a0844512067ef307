"""Lists of solutions written under their variables' names (issue 29), restated as the bare lists of tuples they are,
for the sequence entry to compare.

Interface::

    grouped(r) -> Items | None        ``p=5,q=2;p=7,q=2``: assignments to the same variables, in the same order, once
                                      per solution: the list of tuples ``(5, 2), (7, 2)``

None where the reading is not written so (a name given once, names in another order in one group, a single
solution). An answer whose first tuple names the coordinates (``(x, y) = (5, 8) \\quad \\text{and} \\quad (8, 5)``)
is read as its tuples by :mod:`rlverify.rule.compare.sequences`.

May import: :mod:`rlverify.rule.read.types`.
"""

from __future__ import annotations

from ..read.types import Items, Labelled, Reading, Tuple

__all__ = ["grouped"]

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
