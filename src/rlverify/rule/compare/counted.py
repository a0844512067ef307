"""Lists of counted items (issue 29): ``40 \\text{ chocolate candies}, 60 \\text{ hard candies}`` against
``40 \\text{ chocolate candies}, 60 \\text{ lollipop candies}``, each item a number before a counted noun
(a :class:`~rlverify.rule.read.types.Text` whose ``states`` is a number).

Interface::

    counted(answer, gold) -> (answer values, gold values, by_name) | None
        both sides lists of counted items, of one length: the numbers paired as the nouns say (``by_name``: the
        nouns paired them, so counts that differ are a typed fact); None otherwise

The nouns pair the items where both sides name the same nouns (in any order: ``60 pears, 40 apples`` for
``40 apples, 60 pears``); else the items pair in order, unless a noun of one side names another item of the other
side (``40 pears, 60 apples`` for ``40 apples, 60 pears``: the counts swapped, None). The caller compares the values
pair by pair (the counts are what is asked; the nouns a writer's words for the kinds, ``lollipop`` for ``hard``).

May import: :mod:`rlverify.rule.read.types`.
"""

from __future__ import annotations

from ..read.types import Items, Number, Reading, Text

__all__ = ["counted"]


def _noun(r: Reading) -> str | None:
    """The counted noun of ``40 chocolate candy`` (the folded words after the number), or None."""
    if not isinstance(r, Text) or not isinstance(r.states, Number):
        return None
    head, _, rest = r.words.partition(" ")
    if not rest or not any(c.isdigit() for c in head):
        return None
    return rest.strip()


def counted(a: Reading, g: Reading) -> tuple[tuple[Reading, ...], tuple[Reading, ...], bool] | None:
    """See the module doc."""
    if not (isinstance(a, Items) and isinstance(g, Items)) or a.alternatives or g.alternatives \
            or len(a.items) != len(g.items):
        return None
    na, ng = [_noun(x) for x in a.items], [_noun(y) for y in g.items]
    if None in na or None in ng or len(set(na)) != len(na) or len(set(ng)) != len(ng):
        return None
    va = tuple(x.states for x in a.items)     # type: ignore[attr-defined]
    vg = tuple(y.states for y in g.items)     # type: ignore[attr-defined]
    if set(na) == set(ng):
        at = {n: k for k, n in enumerate(ng)}
        return va, tuple(vg[at[n]] for n in na), True
    if any(n in ng and ng.index(n) != k for k, n in enumerate(na)):
        return None
    return va, vg, False
