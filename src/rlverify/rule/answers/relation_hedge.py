"""Several one-sided bounds offered where one relation is asked: a hedge.

    offers_several_bounds(answer, gold) -> bool
        the gold is one relation; the answer lists (commas, "or", "and") two or more different
        one-sided bounds on the same side of the same variable (``c<\\sqrt{2}+2, c<\\sqrt{2}``):
        only one of them can be the answer, so the list is a hedge. Bounds on opposite sides
        (``x>0, x<3`` for ``0<x<3``) describe one set and are not.

Text only (no CAS): every check is a regular expression over a length-capped span.
"""

from __future__ import annotations

import re

from .surface import MAX_PARTS, split_top, unwrap

__all__ = ["offers_several_bounds"]

_MAX_CHARS = 300
_SEPS = (",", ";", " or ", " and ", "\\text{or}", "\\text{ or }", "\\text{and}", "\\text{ and }", "\\lor",
         "\\vee", "\\land", "\\wedge", "\\quad", "\\qquad")
_OP = r"(?:<=?|>=?|\\l[et]q?(?:slant)?|\\g[et]q?(?:slant)?)"
_OP_RE = re.compile(_OP + r"(?![a-zA-Z])")
_VAR = r"[A-Za-z](?:_\{?[A-Za-z0-9]+\}?)?"
_BOUND = re.compile(rf"^\s*(?:({_VAR})\s*({_OP})(?![a-zA-Z])\s*(.+?)|(.+?)\s*({_OP})(?![a-zA-Z])\s*({_VAR}))\s*$", re.S)


def _upper(op: str) -> bool:
    """``var OP bound`` bounds the variable from above."""
    return op.startswith("<") or op.startswith("\\l")


def _side(part: str) -> tuple[str, str, str] | None:
    """``c < \\sqrt{2}`` -> ("c", "upper", "\\sqrt{2}"); None for anything but one bound."""
    if len(_OP_RE.findall(part)) != 1:
        return None
    m = _BOUND.match(part)
    if m is None:
        return None
    if m.group(1):
        var, op, bound = m.group(1), m.group(2), m.group(3)
        upper = _upper(op)
    else:
        var, op, bound = m.group(6), m.group(5), m.group(4)
        upper = not _upper(op)
    return var.replace("{", "").replace("}", ""), "upper" if upper else "lower", bound.replace(" ", "")


def _parts(text: str) -> list[str]:
    return [p for p in split_top(unwrap(text), _SEPS) if p.strip()]


def offers_several_bounds(answer: str, gold: str) -> bool:
    if len(answer) > _MAX_CHARS or len(gold) > _MAX_CHARS:
        return False
    if not _OP_RE.search(unwrap(gold)):
        return False          # no relation anywhere in the reference (its one part would need one): no split
    gparts = _parts(gold)
    if len(gparts) != 1 or not _OP_RE.search(gparts[0]):
        return False
    parts = _parts(answer)
    if not 1 < len(parts) <= MAX_PARTS:
        return False
    seen: dict[tuple[str, str], set[str]] = {}
    for p in parts:
        side = _side(p)
        if side is not None:
            seen.setdefault(side[:2], set()).add(side[2])
    return any(len(bounds) > 1 for bounds in seen.values())
