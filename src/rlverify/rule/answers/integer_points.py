"""Expressions in an integer variable, compared on the integers the question lets it take.

Interface::

    speaks_of_integers(question) -> bool               the question speaks of integers at all (a cheap gate)
    integer_range(question, var) -> int | str | None   the least integer ``var`` may take (``EVERY_INTEGER``: all)
    same_on_integers(answer, gold, question) -> bool | None

``(-1)^n`` and ``\\cos(n\\pi)``, ``\\lceil \\frac{n}{2} \\rceil`` and ``\\lfloor \\frac{n+1}{2} \\rfloor``,
``\\lfloor \\frac{n^2}{4} \\rfloor`` and ``\\frac{2n^2-1+(-1)^n}{8}``: different functions of a real ``n`` (the
core's points are real, where ``(-1)^n`` is not even real) and the same sequence. Where the question says that the
reference's one variable is an integer (``positive integer $n$``, ``Let $n$ be a natural number``, ``$n \\in
\\mathbb{Z}^+$``, ``for all integers $n \\ge 2$``), both sides are evaluated exactly at the integers from the least
one the question allows (and below zero where it allows every integer): the same value at every point is equal.

The points are the first twelve integers of the range and seven more up to a hundred above its start, so two
sequences that part only further out would pass (as two functions agreeing at the core's random points would);
a question that declares no integer, sides without a construct that the integers alone make equal ((-1)^n, floor,
ceiling, mod, factorials, binomials, a trigonometric function of a multiple of pi), a side in another variable or
in two, a value that is not a finite real number, or a side the core's readers cannot read: None (no claim). The
sympy work runs in the bounded helper.
"""

from __future__ import annotations

import functools
import re

from ...runtime.caches import lru

__all__ = ["integer_range", "same_on_integers", "speaks_of_integers", "EVERY_INTEGER"]

EVERY_INTEGER = "every"   # integer_range: the question allows every integer (negative ones included)

# the question speaks of integers at all (a C-speed gate before the per-variable patterns)
_INTEGER_WORDS = re.compile(r"integer|natural number|whole number|\\mathbb\s*\{?\s*[NZ](?![A-Za-z])|\bsequence", re.I)
_SIGN = r"(positive|nonnegative|non-negative|negative)?"
_VAR_MATH = r"\$\s*{v}\s*(?:(?:\\geq?|\\geqslant|>=|≥|>)\s*-?\d+\s*)?\$"
_MAX_QUESTION = 4000
_FIRST = 12                          # consecutive integers from the start of the range
_FURTHER = (14, 19, 24, 30, 47, 63, 99)   # and these offsets above it
_BELOW = (1, 2, 3, 4, 5, 6, 7, 8, 13, 30)   # below zero, for a range of every integer


def _patterns(v: str) -> list[tuple[re.Pattern, int]]:
    """(pattern, group of its sign word) for a declaration of ``v`` as an integer."""
    math_v = _VAR_MATH.format(v=re.escape(v))
    return [
        # 'positive integer $n$', 'for all integers $n \ge 2$', 'natural number $n$'
        (re.compile(rf"\b{_SIGN}\s*(?:integers?|natural numbers?|whole numbers?)\s+{math_v}", re.I), 1),
        # 'Let $n$ be a positive integer', '$n$ is a nonnegative integer', 'where $n$ is an integer'
        (re.compile(rf"{math_v}\s*(?:is|be|are)\s+(?:an?\s+)?(?:given\s+|fixed\s+|arbitrary\s+)?{_SIGN}\s*"
                    rf"(?:integers?|natural numbers?|whole numbers?)\b", re.I), 1),
    ]


def _set_start(text: str, v: str) -> int | str | None:
    """``n \\in \\mathbb{N}``, ``n \\in \\mathbb{Z}^+``, ``n \\in \\mathbb{Z}_{\\ge 0}``, ``n \\in \\mathbb{Z}``."""
    m = re.search(rf"(?<![A-Za-z\\]){re.escape(v)}\s*\\in\s*\\mathbb\s*\{{?\s*([NZ])\s*\}}?\s*((?:\^|_)\s*(?:\{{[^{{}}]{{0,12}}\}}|\S))?",
                  text)
    if m is None:
        return None
    sup = (m.group(2) or "").replace(" ", "")
    if m.group(1) == "N":
        return 1 if "+" in sup or "*" in sup or ">0" in sup else 0   # N may hold 0: its points then include 0
    if "+" in sup or ">0" in sup or "geq1" in sup or "ge1" in sup:
        return 1
    if "geq0" in sup or "ge0" in sup or "\\geqslant0" in sup:
        return 0
    return EVERY_INTEGER if not sup else None


def _bound(text: str, v: str) -> int | None:
    """The least value a stated lower bound ``n \\ge 2`` / ``n > 1`` leaves (of several, the lowest: more points)."""
    best = None
    for m in re.finditer(rf"(?<![A-Za-z\\_]){re.escape(v)}\s*(\\geq?|\\geqslant|>=|≥|>)\s*(-?\d{{1,6}})(?![\d.])", text):
        k = int(m.group(2)) + (1 if m.group(1) == ">" else 0)
        best = k if best is None else min(best, k)
    return best


@lru("rule.integer_points_declared")   # a function of the question: shared by its rollouts
def _declared(text: str, v: str) -> int | str | None:
    start: int | str | None = None
    for pat, sign in _patterns(v):
        m = pat.search(text)
        if m is None:
            continue
        word = (m.group(sign) or "").lower()
        if word == "negative":
            return None                    # negative integers: not a range from a start (no claim)
        got: int | str = 1 if word == "positive" else 0 if word else EVERY_INTEGER
        if word in ("nonnegative", "non-negative"):
            got = 0
        if "natural" in m.group(0).lower() and not word:
            got = 0                        # a natural number may be 0: its points then include 0
        start = got if start is None else _lower(start, got)
    in_set = _set_start(text, v)
    if in_set is not None:
        start = in_set if start is None else _lower(start, in_set)
    if start is None:
        return None
    bound = _bound(text, v)
    if bound is not None:
        return bound if start == EVERY_INTEGER else max(start, bound)   # type: ignore[call-overload]
    return start


def _lower(a: int | str, b: int | str) -> int | str:
    """The wider of two declared starts (more points: the safer claim)."""
    if a == EVERY_INTEGER or b == EVERY_INTEGER:
        return EVERY_INTEGER
    return min(a, b)   # type: ignore[type-var]


@lru("rule.integer_points_speaks")   # a function of the question: shared by its rollouts
def _speaks(text: str) -> bool:
    return _INTEGER_WORDS.search(text) is not None


def speaks_of_integers(question: str | None) -> bool:
    """The question names integers, natural numbers or a sequence at all (no variable read yet)."""
    return bool(question) and _speaks(question[-_MAX_QUESTION:])   # type: ignore[index]


def integer_range(question: str | None, var: str) -> int | str | None:
    """The least integer the question lets ``var`` take (``EVERY_INTEGER`` when it lets it take every integer),
    or None when the question does not say ``var`` is an integer."""
    if not speaks_of_integers(question):
        return None
    return _declared(question[-_MAX_QUESTION:], var)   # type: ignore[index]


def _points(start: int | str) -> list[int]:
    if start == EVERY_INTEGER:
        return list(range(0, _FIRST)) + [0 + k for k in _FURTHER] + [-k for k in _BELOW]
    s = int(start)
    return list(range(s, s + _FIRST)) + [s + k for k in _FURTHER]


_LETTER = re.compile(r"(?<![A-Za-z\\])([a-zA-Z])(?![A-Za-z])")
# what takes its values on the integers only, or changes at them: (-1)^n, floor and ceiling, mod, factorials and
# binomials, a trigonometric function of a multiple of pi
_INTEGER_ONLY = re.compile(r"\(\s*-\s*1\s*\)\s*\^|\\[lr](?:floor|ceil)|floor|ceil|\\b?mod(?![a-z])|\bmod\b|!|\\[dt]?binom"
                           r"|\\(?:cos|sin|tan|cot|sec|csc)(?![a-z])[^=]{0,40}\\pi")


def same_on_integers(answer: str, gold: str, question: str | None) -> bool | None:
    """True when both sides, expressions in the one variable the question declares an integer, take the same
    value at every point of its range (see the module doc); None otherwise (this rule makes no other claim).
    The readings and evaluations run in the bounded helper (None when they exceed its bound)."""
    if not question or len(answer) > 300 or len(gold) > 300 or "=" in answer or "=" in gold:
        return None
    if not (_INTEGER_ONLY.search(answer) or _INTEGER_ONLY.search(gold)):
        return None          # no construct that the integers alone make equal: the core's points decided
    letters = set(_LETTER.findall(re.sub(r"\\[A-Za-z]+", " ", gold)))
    if len(letters) != 1:
        return None
    var = letters.pop()
    start = integer_range(question, var)
    if start is None:
        return None
    from ...runtime.bounded import BoundExceeded, run_bounded

    from .latex import clean

    try:   # the spans as the core reads them (their parses are memoized from the core's comparison)
        return run_bounded(_same_at, clean(answer), clean(gold), var, _points(start), timeout=_TIMEOUT)
    except BoundExceeded:
        return None
    except Exception:  # noqa: BLE001 - a side the readers fail on: no claim
        return None


_TIMEOUT = 1.0


def _same_at(answer: str, gold: str, var: str, points: list[int]) -> bool | None:
    """Inside the helper: both sides read, in the one symbol ``var``, and equal at every point."""
    from .symbolic import parse_cached, too_big

    if too_big(answer) or too_big(gold):
        return None
    ea, eg = parse_cached(answer), parse_cached(gold)
    import sympy

    if not (isinstance(ea, sympy.Expr) and isinstance(eg, sympy.Expr)):
        return None
    sym = next(iter(eg.free_symbols), None)
    if eg.free_symbols != {sym} or ea.free_symbols != {sym} or getattr(sym, "name", None) != var:
        return None
    for k in points:
        va, vg = _value(ea, sym, k), _value(eg, sym, k)
        if va is None or vg is None or not _same(va, vg):
            return None
    return True


_DIGITS = 40
_REL_TOL = 1e-25   # of 40 evaluated digits


def _value(expr: object, sym: object, k: int) -> object:
    """``expr`` at ``sym = k``: an exact rational, else a 40-digit float (None when not a finite real number)."""
    import sympy

    try:
        v = expr.subs(sym, sympy.Integer(k))   # type: ignore[attr-defined]
        if v.is_Rational:
            return v
        f = v.evalf(_DIGITS)
        if not f.is_Number or not f.is_real or not f.is_finite:
            return None
        return f
    except (ArithmeticError, TypeError, ValueError, RecursionError):
        return None


def _same(a: object, b: object) -> bool:
    if a.is_Rational and b.is_Rational:   # type: ignore[attr-defined]
        return bool(a == b)
    scale = max(1, abs(b))                # type: ignore[arg-type]
    return bool(abs(a - b) <= _REL_TOL * scale)   # type: ignore[operator]


