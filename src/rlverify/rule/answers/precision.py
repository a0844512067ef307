"""The precision a written number carries, and agreement within it.

A decimal literal states its value only to its last digit: ``48.57`` is the reference
rounded to hundredths when the exact answer is ``\\frac{340}{7}``; ``73.4\\times10^3`` is
three significant figures of ``73,384``; ``0.142857`` is six significant figures of
``\\frac{1}{7}``. This module reads that precision and decides agreement; it never widens
a comparison between two numbers written to the same precision (``48.58`` stays wrong
against ``48.57``) and accepts an answer less precise than the reference (``48.6``) only through
:func:`rounded_from_reference`, which the caller asks for where an approximation is expected.

Interface::

    written(text) -> Written | None       value, exponent of the last written digit, significant digits
    within_reference(answer, gold, value=None, answer_digits=MIN_ANSWER_DIGITS) -> bool
        the answer agrees with the reference at the precision one of them was rounded to:
        * the reference looks rounded (a decimal with >= 2 decimals and >= 3 significant digits,
          or a x 10^n with a decimal mantissa of >= 3 digits) and the answer, exact or written
          more finely, rounds (half up) to it, or, exact and no literal, is cut to it (``6\\frac{1}{64}`` for
          a reference ``6.01``);
        * the answer is a decimal of >= 5 significant digits (six with a final zero dropped:
          ``0.49505`` for ``\\frac{50}{101}``) and the exact reference rounds to it (or, from six
          digits, is cut to it: ``1.414213`` for ``\\sqrt{2}``).
        ``value(text) -> Fraction | float | None`` evaluates a non-literal side (bounded; the
        caller supplies it, e.g. a CAS-backed evaluator); without it only literals and fractions
        are read.
    rounded_from_reference(answer, gold) -> bool
        the answer is the reference rounded (half up) at the answer's own last digit, written with
        >= 3 significant digits (``2.65`` or ``2.7`` for ``2.653``: only the first);
        for callers that know an approximation is expected (a measured quantity, "approximately").
    constant_rounds_to(value, gold) -> bool
        an exact constant's value (``\\sqrt{2}``, ``\\operatorname{erfc}(1)``, evaluated by the caller) rounds (half
        up) to a reference stated to >= 2 significant digits, at its last written digit: for an approximate reference
    converted_as_written(gold, answer_value, gold_value, answer_ulp, answer_digits) -> bool
        an answer converted from another unit agrees at the coarser of the two written precisions;
        an exact reference that is no literal needs >= 3 answer digits, a one-digit one >= 4
        (``101.3 kPa`` for ``1 atm``, never ``101 kPa``).

Pure text and exact arithmetic (``Fraction``/``Decimal``); no evaluation of untrusted text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal, InvalidOperation, localcontext
from fractions import Fraction
from typing import Callable

from ...runtime.caches import memo_text

__all__ = ["Written", "written", "within_reference", "rounded_from_reference", "converted_as_written",
           "continued_decimal", "finer_than_two_digits", "finer_rounds_to", "MIN_ANSWER_DIGITS", "MIN_ROUNDED_DIGITS"]

MIN_ANSWER_DIGITS = 5        # an answer decimal this precise stands for the exact value (0.49505: 6 digits, the 0 dropped)
_CUT_DIGITS = 6              # from this many digits a decimal cut (not rounded) at its last digit agrees
_MIN_GOLD_DIGITS = 3         # a reference decimal this precise (and with >= 2 decimals) may be rounded
MIN_ROUNDED_DIGITS = 3       # an approximate answer coarser than the reference needs this many significant digits
_MIN_CUT_MEASURED_DIGITS = 4  # a measured reference this precise may be cut (not rounded) from an exact answer
_MAX_DIGITS = 30

_PERCENT = re.compile(r"\s*(?:\\%|%|\\text\{\s*%\s*\}|\\percent)\s*$")
_GROUPING = re.compile(r"(?<=\d)(?:\{,\}|,(?=\d{3}(?!\d)))")
_PLAIN = re.compile(r"^([+-]?)(\d*)(?:\.(\d+))?$")
_SCI = re.compile(r"^([+-]?)(\d+)(?:\.(\d+))?(?:\\times|\\cdot|\*|x|×)10\^(?:\{([+-]?\d{1,3})\}|([+-]?\d))$")
_E = re.compile(r"^([+-]?)(\d+)(?:\.(\d+))?[eE]([+-]?\d{1,3})$")


# compiled once (re's cache lookup per call cost as much as these short searches)
_SPACES = re.compile(r"\s+|\\[,!; ]")


@dataclass(frozen=True)
class Written:
    value: Fraction
    last: int          # exponent of the last written digit (48.57 -> -2, 73.4x10^3 -> 2, 12 -> 0)
    digits: int        # significant digits written
    decimal: bool      # written with a decimal point (a literal that may be rounded)
    percent: bool
    sci: bool


@memo_text("rule.precision_written")   # pure; the precision rules read both spans several times per comparison
def written(text: str) -> Written | None:
    """A plain or scientific decimal literal with its written precision, else None."""
    t = _SPACES.sub("", text.strip().strip("$"))
    if len(t) > 60:
        return None
    pct = _PERCENT.search(t)
    if pct:
        t = t[:pct.start()]
    t = _GROUPING.sub("", t)
    m = _PLAIN.match(t)
    exp, sci = 0, False
    if m is None or not (m.group(2) or m.group(3)):
        m = _SCI.match(t) or _E.match(t)
        if m is None:
            return None
        exp, sci = int(m.group(4) or m.group(5) or 0) if m.re is _SCI else int(m.group(4)), True
    sign, whole, frac = m.group(1), m.group(2) or "", m.group(3) or ""
    digits = (whole + frac).lstrip("0") or "0"
    if len(digits) > _MAX_DIGITS or abs(exp) > 300:
        return None
    value = Fraction(int(whole + frac or "0"), 10 ** len(frac)) * Fraction(10) ** exp
    return Written(-value if sign == "-" else value, exp - len(frac), len(digits),
                   bool(frac), bool(pct), sci)


def _looks_rounded(g: Written, measured: bool = False) -> bool:
    if g.sci or measured:
        # 73.4x10^3, not 1.0x10^3 (950 is no 1.0x10^3); a measured 13.1 m is three significant figures
        return g.decimal and g.digits >= _MIN_GOLD_DIGITS
    return g.decimal and g.last <= -2 and g.digits >= _MIN_GOLD_DIGITS


def _round(value: Fraction | float, last: int, mode: str = ROUND_HALF_UP) -> Decimal | None:
    try:
        with localcontext() as ctx:
            ctx.prec = 60
            d = (Decimal(value.numerator) / Decimal(value.denominator)) if isinstance(value, Fraction) \
                else Decimal(repr(float(value)))
            return d.quantize(Decimal(1).scaleb(last), rounding=mode)
    except (InvalidOperation, OverflowError, ValueError, ZeroDivisionError):
        return None


def _as_decimal(w: Written) -> Decimal:
    with localcontext() as ctx:
        ctx.prec = 60
        return (Decimal(w.value.numerator) / Decimal(w.value.denominator)).quantize(Decimal(1).scaleb(w.last))


def _scaled(value: Fraction | float, answer_pct: bool, gold_pct: bool) -> Fraction | float:
    """Values on the reference's scale when exactly one side is a percent."""
    if answer_pct == gold_pct:
        return value
    return value * 100 if gold_pct else value / 100


def within_reference(answer: str, gold: str, value: Callable[[str], Fraction | float | None] | None = None,
                     answer_digits: int = MIN_ANSWER_DIGITS) -> bool:
    """True when the answer and the reference agree at the precision one of them was rounded to.
    ``answer_digits``: the significant digits an answer decimal needs to stand for an exact
    reference (a caller that knows the answer is a measured quantity may ask for fewer, and
    then only rounding, not truncation, agrees; a measured reference decimal with >= 3
    significant digits then reads as rounded at its last digit: 13.07 m agrees with 13.1 m)."""
    wa, wg = written(answer), written(gold)
    if wg is not None and _looks_rounded(wg, measured=answer_digits < MIN_ANSWER_DIGITS):
        # an exact answer may be cut to the reference, for a measured one only when it states >= 4 digits (a
        # three-digit measurement is rounded: 13.19 is no 13.1 m; 3\\pi/4 rad is 2.3561)
        cut = answer_digits >= MIN_ANSWER_DIGITS or wg.digits >= _MIN_CUT_MEASURED_DIGITS
        return _rounds_to(answer, wa, wg, value, cut=cut)
    measured_integer = answer_digits < MIN_ANSWER_DIGITS and wa is not None and not wa.sci and wa.last == 0
    if wa is not None and (wa.decimal or measured_integer) and wa.digits >= answer_digits and wg is None \
            and value is not None:
        exact = value(gold)
        if exact is None:
            return False
        exact = _scaled(exact, _PERCENT.search(gold) is not None, wa.percent)
        target = _as_decimal(wa)
        modes = (ROUND_HALF_UP, ROUND_DOWN) if wa.digits >= _CUT_DIGITS else (ROUND_HALF_UP,)
        return any(_round(exact, wa.last, mode) == target for mode in modes)
    return False


def _rounds_to(answer: str, wa: Written | None, wg: Written, value: Callable | None, cut: bool = False) -> bool:
    """The answer, exact or written more finely, rounds (half up) to the reference; with ``cut``, an exact answer that
    is no literal (``6\\frac{1}{64}``, ``\\frac{385}{64}``) may also be cut at the reference's last digit (datasets
    truncate: ``6.01``). A finer decimal answer is only rounded (``6.0156`` is no ``6.01``)."""
    if wa is not None:
        if wa.last >= wg.last:        # written no more finely than the reference: no rounding to read
            return False
        exact: Fraction | float | None = wa.value
        pct = wa.percent
    else:
        exact = value(answer) if value is not None else None
        pct = _PERCENT.search(answer) is not None
    if exact is None:
        return False
    exact = _scaled(exact, pct, wg.percent)
    modes = (ROUND_HALF_UP, ROUND_DOWN) if cut and wa is None else (ROUND_HALF_UP,)
    return any(_round(exact, wg.last, mode) == _as_decimal(wg) for mode in modes)


def rounded_from_reference(answer: str, gold: str) -> bool:
    """The answer is the reference rounded (half up) at the answer's own last written digit, and the
    answer keeps >= ``MIN_ROUNDED_DIGITS`` significant digits: ``165.5`` or ``165`` for ``165.47``,
    ``118\\%`` for ``117.95\\%``, ``6650`` for ``6651.69``; never ``2.2`` for ``2.24`` (two digits), ``300`` for
    ``299.94`` (an integer's trailing zeros are no significant digits) nor ``166`` for ``165.47`` (a wrong digit
    at the answer's precision). Both sides plain or scientific literals, both percents or neither.
    Whether an approximation is expected at all is the caller's decision."""
    wa, wg = written(answer), written(gold)
    if wa is None or wg is None or wa.percent != wg.percent or wa.value == wg.value or not wg.decimal:
        return False
    last, digits = wa.last, wa.digits
    if not wa.decimal and not wa.sci:     # an integer's trailing zeros state no precision: 590 is 59 tens
        zeros = len(str(abs(wa.value.numerator))) - len(str(abs(wa.value.numerator)).rstrip("0"))
        last, digits = last + zeros, digits - zeros
    if digits < MIN_ROUNDED_DIGITS or last <= wg.last:
        return False
    return _round(wg.value, last) == _as_decimal(wa)


# ------------------------------------------------------------------ measured quantities (physics answers with units)

_MEASURED_MIN_DIGITS = 2     # a measured value stated to fewer significant digits says nothing checkable (1 atm, 4 cm)
_EXACT_ANSWER_DIGITS = 3     # an answer standing for an exact reference (600/7 km/h, 25 min): 85.7, 0.417 h
_ONE_DIGIT_ANSWER_DIGITS = 4  # against an exact one-digit reference in another unit: 101.3 kPa for 1 atm, not 101


def converted_as_written(gold: str, answer_value: float, gold_value: float, answer_ulp: float,
                         answer_digits: int) -> bool:
    """A converted answer (its value and one unit of its last digit, in the reference's unit) agrees with the
    reference at the coarser of their written precisions: 1.5 eV for 2.4x10^-19 J, 298 K for 25 °C (the
    constants of a conversion are rounded too). The answer may be the coarser side with >= ``MIN_ROUNDED_DIGITS``
    significant digits (123 kJ or 0.123 MJ for 1.234x10^5 J, 44.9 mm for 4.487 cm; never 1.2x10^5 J or 45 mm
    for 4.49 cm: as in one unit, :func:`rounded_from_reference`). An exact reference that is no literal
    (600/7 km/h) is met at the answer's precision with >= 3 significant digits; a one-digit one (1 atm) with
    >= 4 (101.3 kPa; 101 kPa is not it: hard case hc-037)."""
    diff = abs(answer_value - gold_value)
    wg = written(gold)
    if wg is None or wg.digits < _MEASURED_MIN_DIGITS:
        need = _EXACT_ANSWER_DIGITS if wg is None else _ONE_DIGIT_ANSWER_DIGITS
        return answer_digits >= need and diff <= 0.5 * answer_ulp * (1 + 1e-9)
    if answer_digits < _MEASURED_MIN_DIGITS:
        return False
    ulps = [10.0 ** wg.last]
    if answer_digits >= min(wg.digits, MIN_ROUNDED_DIGITS):    # two digits coarser than the reference: too far
        ulps.append(answer_ulp)
    return diff <= 0.5 * max(ulps) * (1 + 1e-9)


_CONTINUED = re.compile(r"^\s*([+-]?\d+\.\d+)\s*(?:\\[lc]?dots|\.\.\.|\u2026)\s*$")


def continued_decimal(answer: str, exact: "Fraction | float | None | Callable[[], Fraction | float | None]") -> bool:
    """``0.333\\ldots`` / ``3.14159...``: a decimal said to go on, against the exact value it begins. It
    agrees when the value cut or rounded at the last written digit gives those digits, with >= 3 significant
    digits written, and the value does not stop before them (0.333... is not 0.3337, which stops). ``exact`` may be
    a callable that reads the value (called only when the span is such a decimal)."""
    m = _CONTINUED.match(answer)
    if m is None:
        return False
    if callable(exact):
        exact = exact()          # the reference's value is read only for a span that is such a decimal
    if exact is None:
        return False
    w = written(m.group(1))
    if w is None or w.digits < MIN_ROUNDED_DIGITS:
        return False
    if isinstance(exact, Fraction):
        d = exact.denominator
        for p in (2, 5):
            while d % p == 0:
                d //= p
        if d == 1 and exact != w.value:
            return False                      # a value that stops: only itself (0.125... for 1/8)
    target = _as_decimal(w)
    return any(_round(exact, w.last, mode) == target for mode in (ROUND_HALF_UP, ROUND_DOWN))


def finer_than_two_digits(answer: str, gold: str) -> bool:
    """A measured reference stated to two significant digits with a decimal point (``6.3\\times10^{-3}``, ``2.0``)
    and an answer written more finely, with >= ``MIN_ROUNDED_DIGITS`` significant digits, that rounds (half up)
    to it at the reference's last digit: ``6.27\\times10^{-3}`` (a neighbour's rounding, ``6.37\\times10^{-3}``, is
    another value). For callers that know the reference is a measured quantity (it names a unit)."""
    wa, wg = written(answer), written(gold)
    if wa is None or wg is None or not wg.decimal or wg.digits != 2 or wa.percent != wg.percent:
        return False
    last, digits = wa.last, wa.digits
    if not wa.decimal and not wa.sci:     # an integer's trailing zeros state no precision: 950 is 95 tens
        zeros = len(str(abs(wa.value.numerator))) - len(str(abs(wa.value.numerator)).rstrip("0"))
        last, digits = last + zeros, digits - zeros
    if digits < MIN_ROUNDED_DIGITS or last >= wg.last:
        return False
    return _round(wa.value, wg.last) == _as_decimal(wg)


def finer_rounds_to(answer: str, gold: str) -> bool:
    """A measured reference stated to >= 2 significant digits and an answer written more finely that rounds (half
    up) to it at the reference's last written digit: ``10.57`` or ``10.6``'s ``10.55`` for ``10.6``, ``101.1`` for
    ``101``, ``6.51`` for ``6.5``, ``3.21`` for ``3.2``. The precision is the reference's written digits: an integer's
    trailing zeros count (``320`` may be three figures: ``324`` is another value), a one-digit reference (``2``,
    ``0.5``) states too little to round to, the answer must state more significant digits (``950`` is 95 tens, no
    finer ``1.0\\times10^3``), and a neighbour's rounding (``10.67``) is another value. For callers that
    know the reference is a measured quantity (a unit on either side, a unit asked, an approximation asked); an
    exact reference is never met this way."""
    wa, wg = written(answer), written(gold)
    if wa is None or wg is None or wa.percent != wg.percent or wg.digits < _MEASURED_MIN_DIGITS or wa.last >= wg.last:
        return False
    digits = wa.digits
    if not wa.decimal and not wa.sci:     # the answer's trailing zeros state no digit: 950 is 95 tens, no finer 1.0e3
        digits -= len(str(abs(wa.value.numerator))) - len(str(abs(wa.value.numerator)).rstrip("0"))
    return digits > wg.digits and _round(wa.value, wg.last) == _as_decimal(wg)


def constant_rounds_to(value: float, gold: str) -> bool:
    """An exact constant whose value (``value``, a percent reference's value in percent) rounds half up to ``gold``, a
    reference stated to >= 2 significant digits, at the reference's last written digit: ``\\sqrt{2}`` for ``\\approx 1.4``,
    ``\\operatorname{erfc}(1)`` (0.1573) for ``\\simeq 16\\%``, never for ``\\approx 1.5`` or a one-digit ``\\approx 2``.
    For callers that know the reference is rounded (written with an approximation sign)."""
    wg = written(gold)
    if wg is None or wg.digits < _MEASURED_MIN_DIGITS or value != value or value in (float("inf"), float("-inf")):
        return False
    return _round(Fraction(value) * (100 if wg.percent else 1), wg.last) == _as_decimal(wg)
