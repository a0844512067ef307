"""Sets of integers in any notation: a range, a list with an ellipsis, the list itself.

Interface::

    read_integers(text, floor=None) -> IntegerSet | None
    same_integers(answer, gold, question) -> bool | None

Where a question asks for integers ("Find all positive integers n such that ..."), answers write one set
in many ways: ``1 \\le n \\le 5``, ``n \\in \\{1, \\ldots, 5\\}``, ``n = 1, 2, \\ldots, 5``, ``1, 2, 3, 4, 5``;
``n \\geq 3``, ``n > 2``, ``\\{3, 4, 5, \\ldots\\}``, ``\\text{all integers } n \\ge 3``; ``n < 10`` for positive
integers is ``1, ..., 9``. A set is read as arithmetic progressions (start, step, end or no end) and compared
by the integers it holds. Read: integer literals, ``\\ldots``/``\\cdots``/``...`` between or after them,
braces, ``n =`` / ``n \\in`` before them, one- or two-sided bounds with ``\\le``, ``\\ge``, ``<``, ``>`` (and
their unicode and ``\\leqslant`` spellings) on one letter, a leading "all"/"every" phrase. Anything else
(a tuple, an expression, another letter, words) is not read.

``same_integers`` is True only for two equal sets of which at least one is written as a range (a bound
or an ellipsis): two plain lists are left to the core, which knows when order matters. Nothing else is
decided here (None), so a misreading can only cost recall, never turn a right answer wrong.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass
from fractions import Fraction

from .latex import clean
from .surface import split_top, unwrap
from ...runtime.caches import lru

__all__ = ["IntegerSet", "read_integers", "same_integers"]

_MAX_CHARS = 300
_MAX_EXPANDED = 10_000   # a finite progression longer than this is compared by its ends, not expanded

_INTEGERS_Q = re.compile(r"integer|natural number|whole number|\\mathbb\s*\{?\s*[ZN](?![A-Za-z])", re.I)
_POSITIVE_Q = re.compile(r"positive integer|natural number|\\mathbb\s*\{?\s*N(?![A-Za-z])|\\mathbb\s*\{?\s*Z\s*\}?\s*(?:\^|_)\s*\{?\s*\+", re.I)
_NONNEGATIVE_Q = re.compile(r"non-?negative integer|whole number", re.I)
_LEAD = re.compile(r"^(?:(?:all|every|any|the)\s+)?(?:(?:positive|nonnegative|non-negative|odd|even)\s+)?"
                   r"(?:integers?|numbers?|natural numbers?|values?)?\s*(?:of\s+)?(?:such that|with|for which)?\s*", re.I)
_ELLIPSIS = re.compile(r"\\l?dots|\\cdots|\\ldots|\.\.\.|…")
_LE = r"(?:\\leq?(?:slant)?|\\le|<=|≤|\\lt|<)"
_GE = r"(?:\\geq?(?:slant)?|\\ge|>=|≥|\\gt|>)"
_NUM = r"(-?\s*\d+(?:\s*/\s*\d+)?)"
_VAR = r"([a-zA-Z])"
_TWO_SIDED = re.compile(rf"^{_NUM}\s*({_LE})\s*{_VAR}\s*({_LE})\s*{_NUM}$")
_TWO_SIDED_DOWN = re.compile(rf"^{_NUM}\s*({_GE})\s*{_VAR}\s*({_GE})\s*{_NUM}$")
_VAR_FIRST = re.compile(rf"^{_VAR}\s*({_LE}|{_GE})\s*{_NUM}$")
_NUM_FIRST = re.compile(rf"^{_NUM}\s*({_LE}|{_GE})\s*{_VAR}$")
_PREFIX = re.compile(r"^([a-zA-Z])\s*(?:=|\\in)\s*(.+)$")
_WHOLE = re.compile(r"^(?:[a-zA-Z]\s*\\in\s*)?(?:(?:all|every|any)\s+)?(?:the\s+)?(?:(?:(positive|nonnegative|non-negative)\s+)?integers?"
                    r"|(natural)\s+numbers?|\\mathbb\s*\{?\s*Z\s*\}?|\\mathbb\s*\{?\s*Z\s*\}?\s*(?:\^|_)\s*\{?\s*(\+)\s*\}?"
                    r"|\\mathbb\s*\{?\s*(N)\s*\}?)\s*(?:[a-zA-Z])?$", re.I)


# compiled once (re's cache lookup per call cost as much as these short searches)
_LETTER_NOT_DOTS = re.compile(r"[A-Za-z](?<!\\ldots)")
_DOTS = re.compile(r"\\(?:l?dots|cdots|ldots)")
_SPACING_COMMANDS = re.compile(r"\\[,;:! ]|\\q?quad(?![A-Za-z])")


@dataclass(frozen=True)
class IntegerSet:
    """A union of arithmetic progressions ``(start, step, end)`` (``end`` None: no end), and whether the text
    wrote a range (a bound or an ellipsis) rather than listing every member."""
    progressions: tuple[tuple[int, int, int | None], ...]
    ranged: bool
    whole: bool = False   # every integer (no least member)

    def canonical(self) -> tuple:
        """(the members outside every endless progression, the endless progressions as (first member, step)),
        each endless progression extended down through the listed members it continues (1, 2, n >= 3 is
        n >= 1; 2, 4, 6, ... is 2, 4, ...); ("big", ...) for a finite progression too long to list."""
        if self.whole:
            return ("whole",)
        finite: set[int] = set()
        endless = []
        for start, step, end in self.progressions:
            if end is None:
                endless.append([start, step])
            elif (end - start) // step > _MAX_EXPANDED:
                return ("big", self.progressions)
            else:
                finite.update(range(start, end + 1, step))
        for prog in endless:
            while prog[0] - prog[1] in finite:
                prog[0] -= prog[1]
        rest = frozenset(x for x in finite if not any(x >= a and (x - a) % d == 0 for a, d in endless))
        return ("sets", rest, frozenset((a, d) for a, d in endless))


def _integer(text: str) -> int | None:
    t = re.sub(r"\s+", "", text)
    try:
        v = Fraction(t)
    except (ValueError, ZeroDivisionError):
        return None
    return int(v) if v.denominator == 1 and abs(v) < 10 ** 12 else None


def _bound(text: str) -> Fraction | None:
    try:
        v = Fraction(re.sub(r"\s+", "", text))
    except (ValueError, ZeroDivisionError):
        return None
    return v if abs(v) < 10 ** 12 else None


def _range(lo: Fraction | None, lo_strict: bool, hi: Fraction | None, hi_strict: bool, floor: int | None) -> IntegerSet | None:
    start = None if lo is None else (math.floor(lo) + 1 if lo_strict and lo.denominator == 1 else math.ceil(lo))
    end = None if hi is None else (math.ceil(hi) - 1 if hi_strict and hi.denominator == 1 else math.floor(hi))
    if floor is not None:
        start = floor if start is None else max(start, floor)
    if start is None:
        return None                          # no lowest member: not read (n < 5 over all integers)
    if end is not None and end < start:
        return IntegerSet((), True)
    return IntegerSet(((start, 1, end),), True)


def _strict(op: str) -> bool:
    return op in ("<", ">", "\\lt", "\\gt")


def _relation(s: str, floor: int | None) -> IntegerSet | None:
    """A bound on both sides (``1 \\le n \\le 5``, ``5 \\ge n \\ge 1``) or on one (``n > 2``, ``3 \\le n``, ``n < 10``)."""
    up, down, var_first, num_first = (rx.match(s) for rx in (_TWO_SIDED, _TWO_SIDED_DOWN, _VAR_FIRST, _NUM_FIRST))
    if up or down:   # (lower, its sign, upper, its sign), read in either direction
        lo_t, lo_op, hi_t, hi_op = (up.group(1), up.group(2), up.group(5), up.group(4)) if up else \
            (down.group(5), down.group(4), down.group(1), down.group(2))
        lo, hi = _bound(lo_t), _bound(hi_t)
        return None if lo is None or hi is None else _range(lo, _strict(lo_op), hi, _strict(hi_op), floor)
    if var_first or num_first:
        op, value = (var_first.group(2), var_first.group(3)) if var_first else (num_first.group(2), num_first.group(1))
        v = _bound(value)
        if v is None:
            return None
        # n >= v and v <= n bound from below; n <= v and v >= n from above
        from_below = re.fullmatch(_GE if var_first else _LE, op) is not None
        return _range(v, _strict(op), None, False, floor) if from_below else _range(None, False, v, _strict(op), floor)
    return None


def _listed(s: str) -> IntegerSet | None:
    if s.startswith("\\{") and s.endswith("\\}"):
        s = s[2:-2]
    items = [x.strip() for x in split_top(s, (",", ";"))]
    if len(items) < 2 and not _ELLIPSIS.search(s):
        return None
    progressions: list[tuple[int, int, int | None]] = []
    values: list[int] = []
    ranged = False
    k = 0
    while k < len(items):
        item = items[k]
        if _ELLIPSIS.fullmatch(item):
            ranged = True
            if not values:
                return None
            step = values[-1] - values[-2] if len(values) >= 2 else 1
            if step <= 0:
                return None
            start = values[-1]
            if k + 1 < len(items):             # ..., b: the progression ends at b
                end = _integer(items[k + 1])
                if end is None or end < start or (end - start) % step:
                    return None
                progressions.append((start, step, end))
                values.append(end)
                k += 2
            else:                              # ..., : no end
                progressions.append((start, step, None))
                k += 1
            continue
        v = _integer(item)
        if v is None:
            return None
        values.append(v)
        progressions.append((v, 1, v))
        k += 1
    return IntegerSet(tuple(progressions), ranged)


def read_integers(text: str, floor: int | None = None) -> IntegerSet | None:
    """``text`` as a set of integers (``floor``: the least integer the question allows), or None."""
    if not text or len(text) > _MAX_CHARS:
        return None
    s = unwrap(clean(text)).strip().rstrip(".")
    whole = _WHOLE.match(s)
    if whole is not None:                     # 'all integers', '\\mathbb{Z}', 'all positive integers', '\\mathbb{N}'
        sign, natural, plus, n = whole.groups()
        least = (0 if "non" in sign.lower() else 1) if sign else 1 if plus else \
            (floor if floor is not None else 1) if natural or n else floor
        return IntegerSet(((least, 1, None),), True) if least is not None else IntegerSet((), True, whole=True)
    s = _LEAD.sub("", s, count=1).strip() if s[:1].isalpha() and len(s) > 1 and s[1].isalpha() else s
    s = _SPACING_COMMANDS.sub(" ", s).strip()
    got = _relation(s, floor)
    if got is not None:
        return got
    m = _PREFIX.match(s)
    if m:
        s = m.group(2).strip()
    if _LETTER_NOT_DOTS.search(_DOTS.sub("", s)):
        return None                            # letters left: not a list of integers
    return _listed(s)


@lru("rule.asks_integers")   # a function of the question: shared by its rollouts
def _asks_integers(question: str) -> bool:
    """_INTEGERS_Q occurs in the question; an ASCII question lower-cased (re.I there is lower-casing) without one of the
    words every match holds is not searched."""
    if question.isascii():
        low = question.lower()
        if not any(map(low.__contains__, ("integer", "natural number", "whole number", "\\mathbb"))):
            return False
    return _INTEGERS_Q.search(question) is not None


def same_integers(answer: str, gold: str, question: str | None) -> bool | None:
    """True when the question asks for integers and both sides are the same set of them, one written as a
    range (a bound or an ellipsis); None otherwise."""
    if not question or not _asks_integers(question):
        return None
    floor = 1 if _POSITIVE_Q.search(question) else 0 if _NONNEGATIVE_Q.search(question) else None
    a, g = read_integers(answer, floor), read_integers(gold, floor)
    if a is None or g is None or not (a.ranged or g.ranged):
        return None
    if floor is not None:
        a, g = _above(a, floor), _above(g, floor)
    ca, cg = a.canonical(), g.canonical()
    return True if ca[0] != "big" and ca == cg else None


def _above(s: IntegerSet, floor: int) -> IntegerSet:
    """The members the question allows (a listed 0 for positive integers is not one of them)."""
    out = []
    for start, step, end in s.progressions:
        if end is not None and end < floor:
            continue
        if start < floor:
            start += -(-(floor - start) // step) * step
        out.append((start, step, end))
    return IntegerSet(tuple(out), s.ranged)


