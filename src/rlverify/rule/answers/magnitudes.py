"""Magnitudes compared as numbers: two values a unit alignment left in one unit, a rounding the question asks for,
a percent against a fraction, a number in words (issue 29: the number and quantity cells of the typed comparison).

Interface::

    decide(aligned, answer, gold, question) -> Match | None     two magnitudes in one unit (:func:`.quantity.align`):
                                                                 equal at the asked rounding or the written precision
    asked_rounding(answer, gold, question) -> Match | None       the rounding the question asks for
    percent_of(answer, gold, question) -> Match | None           ``x\\%`` against a bare reference in [-1, 1]
    in_words(answer, gold) -> Match | None                       "seventeen", "5^{th}", "18 million" against a number

A leaf comparison: the typed comparison (:mod:`rlverify.rule.compare`) and the stage table's context rules call it.
May import the leaf modules of this package (core, numbers, precision, quantity, rounding, surface, words); never the
table or the comparison.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal, localcontext
from fractions import Fraction

from . import quantity, rounding, words
from .core import compare_core
from .match import Match
from .precision import converted_as_written, finer_rounds_to, finer_than_two_digits, rounded_from_reference, within_reference
from .quantity import Aligned
from .question import Question
from .surface import exact_number, numeric_value, strip_approx, unwrap

__all__ = ["decide", "asked_rounding", "percent_of", "in_words"]

_CONVERTED_REL_TOL = 1e-6   # unit definitions differ below this (760 mmHg vs 1 atm: 1.4e-7)


def _magnitudes_equal(al: Aligned, q: Question, approximate: bool = False, measured_gold: bool = False) -> bool:
    """``measured_gold``: the reference is a measured quantity (it names a physical unit, or is a power of ten in a
    question asking for one): stated to two significant digits, a finer answer rounding to it agrees."""
    if al.converted:
        a, g = al.answer_value, al.gold_value
        # relative only: 4.6e-24 cm is no 4.6e-24 m (an absolute tolerance would pass any tiny quantity)
        if a is None or g is None:
            return False
        # a converted value agrees with a reference rounded to its stated digits (1 ly against 9.46e15 m)
        return math.isclose(a, g, rel_tol=_CONVERTED_REL_TOL, abs_tol=1e-12 if g == 0 else 0.0) or \
            within_reference(repr(a), al.gold, None, _MEASURED_DIGITS) or _agree_as_written(al)
    ea, eg = exact_number(al.answer), exact_number(al.gold)
    if ea is not None and eg is not None:
        return ea == eg or within_reference(al.answer, al.gold, _magnitude, _MEASURED_DIGITS) or \
            (approximate or al.measured) and rounded_from_reference(al.answer, al.gold) or \
            measured_gold and finer_than_two_digits(al.answer, al.gold) or \
            (approximate or al.measured or measured_gold) and finer_rounds_to(al.answer, al.gold)
    if (ea is None) != (eg is None) and within_reference(al.answer, al.gold, _magnitude, _MEASURED_DIGITS):
        return True
    return compare_core(al.answer, al.gold, q).equal


_MEASURED_DIGITS = 3   # a measured quantity's decimal (85.7 m for 600/7 m) stands for the exact value


def _agree_as_written(al: Aligned) -> bool:
    """A converted answer and the reference agree as they would in one unit, at the precisions they were
    written to (precision.converted_as_written: 1.5 eV for 2.4x10^-19 J, 123 kJ for 1.234x10^5 J, 101.3 kPa
    for 1 atm; never 101 kPa, hard case hc-037)."""
    if al.answer_ulp is None or al.answer_value is None or al.gold_value is None:
        return False
    return converted_as_written(al.gold, al.answer_value, al.gold_value, al.answer_ulp, al.answer_digits)


def _physical(side: str) -> bool:
    """The side carries a physical unit (a measured quantity: its decimals are approximations)."""
    got = quantity.parse_quantity(side)
    return got is not None and got.unit is not None and got.unit.kind in quantity.MEASURED_KINDS


def _magnitude(tex: str) -> Fraction | float | None:
    exact = exact_number(tex)
    return exact if exact is not None else numeric_value(tex)


def _literal(tex: str) -> bool:
    """A written-out decimal, integer or a x 10^n (what a rounded value looks like), not a fraction."""
    s = tex.replace(" ", "").replace("{,}", "")
    return exact_number(s) is not None and "/" not in s and "\\frac" not in s


def _rounded(al: Aligned, spec: rounding.RoundSpec) -> bool | None:
    if not (al.converted or _literal(al.answer) or _literal(al.gold)):
        return None
    a = al.answer_value if al.converted else _value(al.answer)
    g = al.gold_value if al.converted else _value(al.gold)
    if a is None or g is None:
        return None
    return rounding.agree(a, g, spec)


def _value(tex: str) -> float | Decimal | None:
    if _literal(tex):
        exact = exact_number(tex.replace(" ", "").replace("{,}", ""))
        if exact is None:
            return None
        with localcontext() as ctx:
            ctx.prec = 60
            return Decimal(exact.numerator) / Decimal(exact.denominator)   # exact: a power-of-ten denominator
    return numeric_value(tex)


def decide(al: Aligned, answer: str, gold: str, q: Question) -> Match | None:
    """Two aligned magnitudes (:func:`.quantity.align`): equal at the precision the question asks, or the reference's
    written digits; None where one side's unit was only assumed and they differ (nothing sure to say)."""
    spec = q.rounding
    if spec is not None:
        r = _rounded(al, spec)
        if r is False and al.converted and _magnitudes_equal(al, q):
            r = True        # the answer in another unit than asked: its own precision, not the asked one, is met
        if r or (r is not None and not (al.one_sided and not al.decisive)):
            return Match(r, ("rounding", "unit") if al.one_sided or al.converted else ("rounding",))
    # a reference measured to two digits: it names a physical unit, or the question asks one and the reference is a
    # power of ten or a decimal ('1.6' in cm, '4.0': a physics reference states its significant digits; 1.56 cm rounds
    # to it, 1.66 cm does not)
    measured_gold = _physical(gold) or al.measured and ("10^" in al.gold.replace(" ", "")
                                                          or re.fullmatch(r"-?\d*\.\d+", al.gold.strip()) is not None)
    equal = _magnitudes_equal(al, q, q.expects_approximation or _physical(answer) or _physical(gold), measured_gold)
    if not equal and al.one_sided and not al.decisive:
        return None
    return Match(equal, ("unit_converted",) if al.converted else ("unit",))


# 'x \\approx 3.464', 'L = 3.464': one name, then the value it is approximately or exactly
_NAMED_VALUE = re.compile(r"^\s*[A-Za-z](?:_\{?[A-Za-z0-9]{1,4}\}?)?\s*(?:=|\\approx(?![A-Za-z])|\u2248)\s*(?=\S)")


# a closing remark that only says the value is rounded, as the question asks: '(approx.)', '(rounded)', '(approximately)',
# '(to the nearest hundredth)', '(rounded to 3 decimal places)', '(to 3 significant figures)'
_ROUNDED_REMARK = re.compile(r"\s*\(\s*(?:approx\.?|approximately|rounded|rounded\s+to\s+[\w\s.-]{1,40}?|(?:correct\s+)?to\s+"
                             r"(?:the\s+nearest\s+[\w-]{1,20}|\d{1,2}\s+(?:decimal\s+places?|d\.\s?p\.|significant\s+"
                             r"(?:figures?|digits?)|s\.\s?f\.)))\s*\)\s*\.?\s*$", re.I)


def _named_value(answer: str) -> str:
    """The value after one name and an ``=`` or ``\\approx`` (``x \\approx 3.464`` -> ``3.464``: the rounding asked
    for reads it as it reads ``\\approx 3.464``); the answer itself otherwise."""
    if "=" not in answer and "approx" not in answer and "\u2248" not in answer:
        return answer
    m = _NAMED_VALUE.match(answer)
    rest = answer[m.end():] if m else ""
    return rest if rest and "=" not in rest and "approx" not in rest and "\u2248" not in rest else answer


def asked_rounding(answer: str, gold: str, q: Question) -> Match | None:
    """A rounding the question asks for: the answer agrees with the reference rounded so."""
    spec = q.rounding
    if spec is None:
        return None
    ua, ug = strip_approx(unwrap(_named_value(answer))), strip_approx(unwrap(gold))
    if "(" in ua:                     # '3.46 (to the nearest hundredth)', '(approx.)': the rounding asked, said again
        ua = _ROUNDED_REMARK.sub("", ua)
    if not (_literal(ua) or _literal(ug)):
        return None
    a, g = _value(ua), _value(ug)
    if a is None or g is None:
        return None
    return Match(rounding.agree(a, g, spec), ("rounding",))


def in_words(answer: str, gold: str) -> Match | None:
    """"seventeen", "5^{th}", "18 million" against a number (or words against words)."""
    na, ng = words.words_to_number(answer), words.words_to_number(gold)
    if na is None and ng is None:
        na = words.sentence_number(answer)
    if na is None and ng is None:
        return None
    va = na if na is not None else exact_number(unwrap(answer))
    vg = ng if ng is not None else exact_number(unwrap(gold))
    if va is None or vg is None:
        return None
    return Match(va == vg, ("words",))


_PERCENT_TAIL = re.compile(r"^(.{1,60}?)\s*(?:\\%|%|\\text\s*\{\s*\\?%\s*\}|\\percent)$")
_PERCENT_Q = re.compile(r"percent|%", re.I)


def percent_of(answer: str, gold: str, q: Question) -> Match | None:
    """``x\\%`` against a bare gold in [-1, 1] when nothing asks for a percent: the answer means
    x/100, never x ("0.5%" is not 0.5; "50%" is). No blind x = 100x rule."""
    if q.asks_percent or _PERCENT_Q.search(gold):
        return None
    m = _PERCENT_TAIL.match(unwrap(answer))
    x = exact_number(m.group(1)) if m else None
    g = exact_number(unwrap(gold)) if x is not None else None
    if g is None or not -1 <= g <= 1:
        return None
    return Match(x / 100 == g, ("percent",))
