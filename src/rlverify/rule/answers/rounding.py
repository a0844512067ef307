"""Rounding the question asks for ("to the nearest tenth", "two decimal places", "3 significant figures").

Interface::

    requested(question) -> RoundSpec | None
    agree(answer_value, gold_value, spec) -> bool
        both values rounded (half away from zero) at the requested precision are equal.

The caller accepts an exact form whose value rounds to the gold (and the reverse) through
``agree``; nothing is accepted when the question asks for no rounding.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from ...runtime.caches import memo_text

__all__ = ["RoundSpec", "requested", "agree", "round_value"]

_NUM_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
              "nine": 9, "ten": 10, "a single": 1, "a": 1}
_PLACES = {"tenth": 1, "hundredth": 2, "thousandth": 3, "ten-thousandth": 4, "ten thousandth": 4,
           "whole number": 0, "whole": 0, "integer": 0, "unit": 0, "one": 0, "cent": 2, "penny": 2,
           "dollar": 0, "percent": 0, "whole percent": 0, "percentage point": 0, "degree": 0,
           "minute": 0, "second": 0, "meter": 0, "foot": 0, "inch": 0, "mile": 0, "hour": 0,
           "ten": -1, "hundred": -2, "thousand": -3}


@dataclass(frozen=True)
class RoundSpec:
    kind: str        # "places" (digits after the point; negative: tens, hundreds) | "sig" (significant figures)
    digits: int


def _count(word: str) -> int | None:
    word = word.strip().lower()
    if word.isdigit():
        return int(word)
    return _NUM_WORDS.get(word)


_NEAREST = re.compile(r"nearest\s+(?:whole\s+)?(" + "|".join(sorted(map(re.escape, _PLACES), key=len, reverse=True))
                      + r")s?\b", re.I)
_NEAREST_LIT = re.compile(r"nearest\s+(0\.0*1)\b", re.I)
_DECIMALS = re.compile(r"\b(\d+|one|two|three|four|five|six|a single)\s+decimal\s+(?:places?|digits?)", re.I)
_DP = re.compile(r"\b(\d+)\s*(?:d\.\s?p\.?|dp\b)", re.I)
_SIG = re.compile(r"\b(\d+|one|two|three|four|five|six|seven)\s+significant\s+(?:figures?|digits?)|"
                  r"\b(\d+)\s+sig\.?\s*figs?\b|\b(\d+)\s*s\.\s?f\.", re.I)
# the decimal places of a mantissa: n \times 10^x "where n is to 2 decimal places" is 3 significant figures
_MANTISSA = re.compile(r"\b[a-z]\s*(?:\\times|\\cdot|x|\*|×)\s*10\s*\^\s*\{?\s*[a-z]\s*\}?\$?[^.;]{0,40}?"
                       r"\b[a-z]\$?\s+(?:is|be|should be|rounded)\s+(?:to|with)\s+(\d+|one|two|three|four|five|six)\s+"
                       r"decimal\s+(?:places?|digits?)", re.I)
_ROUND_CONTEXT = re.compile(r"round|nearest|decimal|significant|sig\.? ?fig|s\.\s?f\.|d\.\s?p\.|accurate|correct to|approximat|express", re.I)
# what every match of _ROUND_CONTEXT holds in an ASCII question lower-cased (where re.I is plain lower-casing): the
# literal words, or an abbreviation; a question with none of them asks for no rounding (C-speed tests before the search)
_ROUND_WORDS = ("round", "nearest", "decimal", "significant", "sig", "accurate", "correct to", "approximat", "express")
_ROUND_ABBREVIATION = re.compile(r"s\.\s?f\.|d\.\s?p\.")


def _round_context(question: str) -> bool:
    if question.isascii():
        low = question.lower()
        if not any(map(low.__contains__, _ROUND_WORDS)) and not _ROUND_ABBREVIATION.search(low):
            return False
    return _ROUND_CONTEXT.search(question) is not None


_INSTRUCTION = re.compile(r"^(?:round|express|give|write|answer|report|compute|find|estimate|calculate|state|what)\b"
                          r"|\b(?:your|the|final) answer\b", re.I)


_SOLVED = re.compile(r"(?:^|\n)\s*(?:Final answer:|Solution:)", re.I)


def _instruction(q: str) -> str:
    """The sentences that instruct how to answer: the last one, and any that starts with an
    imperative or speaks of "your answer" (a rounding that describes the problem is not one).
    A question that restates solved sub-questions ('Solution: ... Final answer: ...') is read
    after the last of them: their instructions are not this question's."""
    solved = list(_SOLVED.finditer(q))
    if solved:
        q = q[solved[-1].end():]
        nxt = q.find("\n")
        q = q[nxt:] if nxt >= 0 else ""
    parts = [p.strip() for p in re.split(r"(?<=[.?!])\s+", q.strip()) if p.strip()]
    keep = [p for i, p in enumerate(parts) if i == len(parts) - 1 or _INSTRUCTION.search(p.lstrip("($ "))]
    return " ".join(keep)


@memo_text("rule.rounding_requested", max_chars=20_000)  # a function of the question: shared by its rollouts
def requested(question: str | None) -> RoundSpec | None:
    """The precision a question asks for, if it asks for one."""
    if not question or not _round_context(question):
        return None
    q = _instruction(question[-3000:])
    m = _MANTISSA.search(q)
    if m:                                   # 'format your answer as n x 10^x where n is to 2 decimal places'
        n = _count(m.group(1))
        return RoundSpec("sig", n + 1) if n is not None else None
    m = _SIG.search(q)
    if m:
        n = _count(m.group(1) or m.group(2) or m.group(3))
        return RoundSpec("sig", n) if n else None
    m = _DECIMALS.search(q) or _DP.search(q)
    if m:
        n = _count(m.group(1))
        return RoundSpec("places", n) if n is not None else None
    m = _NEAREST_LIT.search(q)
    if m:
        return RoundSpec("places", len(m.group(1)) - 2)
    m = _NEAREST.search(q)
    if m:
        return RoundSpec("places", _PLACES[m.group(1).lower()])
    return None


def round_value(value: Decimal, spec: RoundSpec) -> Decimal | None:
    try:
        if spec.kind == "sig":
            if value == 0:
                return Decimal(0)
            places = spec.digits - 1 - value.adjusted()
        else:
            places = spec.digits
        return value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    except (InvalidOperation, OverflowError):
        return None


def _dec(value: float | str | Decimal) -> Decimal | None:
    try:
        d = value if isinstance(value, Decimal) else Decimal(value if isinstance(value, str) else f"{float(value):.12g}")
    except (InvalidOperation, ValueError):
        return None
    return d if d.is_finite() and abs(d.adjusted()) < 60 else None


def agree(answer_value: float | str | Decimal, gold_value: float | str | Decimal, spec: RoundSpec) -> bool:
    """True when both values round to the same number at the requested precision."""
    a, g = _dec(answer_value), _dec(gold_value)
    if a is None or g is None:
        return False
    if spec.kind == "places" and g != 0 and round_value(g, spec) == 0:
        spec = RoundSpec("sig", max(spec.digits, 1) + 1)   # 2 places of 1.45e-5 would erase it: read a mantissa
    ra, rg = round_value(a, spec), round_value(g, spec)
    return ra is not None and ra == rg
