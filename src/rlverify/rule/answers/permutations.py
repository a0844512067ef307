"""Tuples "and their permutations": a set of tuples written by representatives.

Interface::

    same_up_to_permutations(answer, gold) -> bool | None
        True when both sides, read as sets of tuples with every "and permutations" clause expanded,
        are the same set; None otherwise (never a rejection: the core has already said "not equal").

Olympiad answers to "find all triples" name one representative per orbit: ``(1,2,3) \\text{ and its
permutations}``, ``(1,2,3) up to permutation``, ``all permutations of (1,1,2)``, ``(1,2,3) and cyclic
permutations`` (rotations only). The other side may list every tuple or use the clause too. Tuples are
compared element by element: exact numbers by value, anything else by its cleaned text.
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

from .latex import clean, plain_key, split_top
from .surface import exact_number

__all__ = ["same_up_to_permutations"]

_MAX_LEN = 6          # 720 orderings of a 6-tuple at most
_MAX_TUPLES = 2000
_TEXT = re.compile(r"\\(?:text|textrm|mathrm|mbox|textnormal)\s*\{([^{}]*)\}")
_WORD = r"(?:permutations?|orderings?|rearrangements?|orders?)"
_END = re.compile(r"[,;]?\s*\(?\s*(?:(?:and|with|plus|together with|\+)\s+(?:all\s+)?(?:of\s+)?(?:its|their|the)?\s*"
                  r"(?:(cyclic)\s+)?(?:permutations?|rearrangements?)(?:\s+(?:thereof|of (?:it|them|these|each|this)))?"
                  r"|(?:up to|in any|modulo|under)\s+(?:(cyclic)\s+)?" + _WORD + r")\s*\)?\s*\.?\s*$", re.I)
_START = re.compile(r"^\s*(?:all\s+)?(?:the\s+)?(?:(cyclic)\s+)?(?:permutations?|rearrangements?)\s+of\s+", re.I)
_SEPARATORS = (",", ";", " and ", " or ")


def _plain(text: str) -> str:
    s = _TEXT.sub(lambda m: " " + m.group(1) + " ", clean(text))
    s = re.sub(r"\\[,;:! ]|\\q?quad(?![a-zA-Z])|~", " ", s)
    return re.sub(r"\s+", " ", s).strip().strip("$").strip()


def _clause(text: str) -> tuple[str, str | None]:
    """(the tuples, "all" / "cyclic" / None): the span without its permutation clause."""
    s = _plain(text)
    m = _END.search(s)
    if m:
        return s[:m.start()].strip(), "cyclic" if (m.group(1) or m.group(2)) else "all"
    m = _START.match(s)
    if m:
        return s[m.end():].strip(), "cyclic" if m.group(1) else "all"
    return s, None


def _key(element: str) -> object:
    c = clean(element)
    v = exact_number(c)
    return v if isinstance(v, Fraction) else plain_key(c)


def _tuples(text: str) -> list[tuple] | None:
    s = text.strip()
    if s.startswith("\\{") and s.endswith("\\}"):
        s = s[2:-2].strip()
    items = [i.strip() for i in split_top(s, _SEPARATORS) if i.strip()]
    if not items or len(items) > _MAX_TUPLES:
        return None
    out = []
    for item in items:
        if not (item.startswith("(") and item.endswith(")")):
            return None
        parts = [p.strip() for p in split_top(item[1:-1], (",",))]
        if len(parts) < 2 or len(parts) > _MAX_LEN or not all(parts):
            return None
        out.append(tuple(_key(p) for p in parts))
    return out if len({len(t) for t in out}) == 1 else None


def _orbit(t: tuple, how: str | None) -> set[tuple]:
    if how == "all":
        return set(itertools.permutations(t))
    if how == "cyclic":
        return {t[k:] + t[:k] for k in range(len(t))}
    return {t}


def _read(text: str) -> tuple[set[tuple], bool] | None:
    body, how = _clause(text)
    tuples = _tuples(body)
    if tuples is None:
        return None
    out: set[tuple] = set()
    for t in tuples:
        out |= _orbit(t, how)
        if len(out) > _MAX_TUPLES:
            return None
    return out, how is not None


def same_up_to_permutations(answer: str, gold: str) -> bool | None:
    if len(answer) > 2000 or len(gold) > 4000 or "(" not in answer or "(" not in gold:
        return None
    a, g = _read(answer), _read(gold)
    if a is None or g is None or not (a[1] or g[1]):
        return None
    return True if a[0] == g[0] else None
