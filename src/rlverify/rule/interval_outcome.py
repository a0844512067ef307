"""Two unions of intervals that are other sets (issue 30, judge calls): ``(-\\infty, -5) \\cup (5, \\infty)`` against
``(-\\infty, -3) \\cup (3, +\\infty)`` is a typed ``different``, read by the rules' set reader
(:func:`rlverify.rule.answers.sets.read_set`) and compared by its bounded CAS comparison; before, two sides both in
interval notation were left to the core comparison, whose rejection said nothing, so the pair went to the judge.

Interface::

    interval_unions(answer, gold, question) -> Outcome   DIFFERENT or UNSURE

``different`` only when the two sets differ *beyond their endpoints*: their closures (every finite end closed)
differ too (``(-\\infty, -2] \\cup \\{2\\}`` against ``a \\le -2 \\text{ or } a = 1`` does). The same ends in other
brackets (``(-\\infty, 0]`` for ``(-\\infty, 0)``) stay ``unsure``, as the outcome reader keeps them (open or closed
may not matter to the question); so do sides that are not unions of intervals and points (a set-builder with a
condition, a lone pair ``(2, 5)`` that may be a point), a question about integers (different sets of reals may hold
the same integers: the set reader's own rule), and anything the reader or the CAS cannot decide. ``\\cupdot`` (the
disjoint union ``⊍``) is a union.

Imports the rule's set readers only; nothing is evaluated from raw text.
"""

from __future__ import annotations

import re

from ..verdict import Outcome

__all__ = ["interval_unions"]

_MAX_CHARS = 200
_MAX_PIECES = 6
_DISJOINT = re.compile(r"\\cupdot(?![a-zA-Z])|⊍")


def interval_unions(answer: str, gold: str, question: str | None) -> Outcome:
    """See the module doc."""
    if len(answer) > _MAX_CHARS or len(gold) > _MAX_CHARS:
        return Outcome.UNSURE
    from .answers.forms import _real_sets
    from .answers.sets import read_set

    a, g = _DISJOINT.sub(r"\\cup ", answer), _DISJOINT.sub(r"\\cup ", gold)
    ra, rg = read_set(a), read_set(g)
    if ra is None or rg is None or ra.pair_like or rg.pair_like:
        return Outcome.UNSURE      # '(2, 5)': a point, or a pair of values in either order, as much as an interval
    pa, pg = _pieces(ra.tree), _pieces(rg.tree)
    if pa is None or pg is None:
        return Outcome.UNSURE
    try:
        if _real_sets(a, g, question, False) is not False:
            return Outcome.UNSURE
        closed = _real_sets(_closure(pa), _closure(pg), question, False)
    except Exception:  # noqa: BLE001 - a bound hit or a reader failing leaves the outcome unsure
        return Outcome.UNSURE
    return Outcome.DIFFERENT if closed is False else Outcome.UNSURE


def _pieces(tree: object) -> list[tuple[str | None, str | None]] | None:
    """The (low, high) ends of a union of intervals and points (None: an infinite end; a point is its own two ends);
    None for any other set."""
    if not isinstance(tree, tuple) or not tree:
        return None
    if tree[0] == "iv" and len(tree) == 5:
        return [(tree[1], tree[2])]
    if tree[0] == "pts" and len(tree) == 2 and isinstance(tree[1], tuple) and 0 < len(tree[1]) <= _MAX_PIECES:
        return [(p, p) for p in tree[1]]
    if tree[0] != "cup" or len(tree) != 2 or not isinstance(tree[1], tuple) or len(tree[1]) > _MAX_PIECES:
        return None
    out: list[tuple[str | None, str | None]] = []
    for part in tree[1]:
        got = _pieces(part)
        if got is None or len(got) != 1:
            return None
        out.extend(got)
    return out


def _closure(pieces: list[tuple[str | None, str | None]]) -> str:
    """The union with every finite end closed, in interval notation (a point as ``\\{p\\}``)."""
    parts = []
    for lo, hi in pieces:
        if lo is not None and lo == hi:
            parts.append(f"\\{{{lo}\\}}")
            continue
        left = "(-\\infty" if lo is None else f"[{lo}"
        right = "\\infty)" if hi is None else f"{hi}]"
        parts.append(f"{left}, {right}")
    return " \\cup ".join(parts)
