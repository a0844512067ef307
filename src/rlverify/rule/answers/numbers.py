"""Exact numbers without a CAS: integers, decimals, fractions, mixed numbers, scientific
notation, digit grouping, percent and signs, parsed into :class:`fractions.Fraction`.

Interface::

    parse_number(text) -> Num | None      Num(value: Fraction, percent: bool, decimal: bool)
    numbers_equal(a, b) -> bool           exact; a percent on either side may also mean /100
    parse_based(text) -> (digits, base) | None   ``1604_8`` / ``1A_{16}``: a numeral in base 2..36
    decimal_comma(text) -> Num | None     ``2,74`` / ``1000,99`` / ``0,111``: a comma that cannot group
                                          thousands read as a decimal point (callers decide when)

The text should already be :func:`rlverify.rule.answers.latex.clean`-ed. Anything that is not
plainly a number returns None (the caller then tries the symbolic layer).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from ...runtime.caches import memo_text

__all__ = ["Num", "parse_number", "numbers_equal", "parse_based", "decimal_comma", "MAX_EXPONENT"]

MAX_EXPONENT = 400  # |power of ten| accepted by the fast path

_INT = r"\d+"
_DEC = r"(?:\d+\.\d*|\.\d+|\d+)"
# 1,000 / 1 000 (a whole span); a leading 0 is never a group (``0,111`` is a decimal comma, not 111)
_GROUPED = r"[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?|[1-9]\d{0,2}(?: \d{3})+(?:\.\d+)?"
_REAL = re.compile(rf"^(?:{_GROUPED}|{_DEC})$")
_SCI_E = re.compile(rf"^({_DEC})[eE]([+-]?\d+)$")
_SCI_TIMES = re.compile(rf"^(?:({_DEC})\s*(?:\\times|\\cdot|\*|x)\s*)?10\s*\^\s*(?:\{{\s*([+-]?\s*\d+)\s*\}}|([+-]?\d))$")
_FRAC = re.compile(r"^\\frac\s*\{\s*([^{}]+?)\s*\}\s*\{\s*([^{}]+?)\s*\}$")
_MIXED = re.compile(r"^(\d+)\s*\\frac\s*\{\s*(\d+)\s*\}\s*\{\s*(\d+)\s*\}$")
_SLASH = re.compile(rf"^({_DEC})\s*/\s*({_DEC})$")
_PERCENT = re.compile(r"\s*(?:\\%|%|\\text\{\s*%\s*\}|\\percent)\s*$")
_BASED = re.compile(r"^([0-9A-Za-z]*\d[0-9A-Za-z]*)\s*_\s*\{?\s*(?:\\text\{\s*)?(\d{1,2})\s*\}?\s*\}?$")
_REPEATING = re.compile(r"^(\d*)\.(\d*)\s*\\overline\s*\{\s*(\d{1,50})\s*\}$")
_CURRENCY = re.compile(r"^(?:\\\$|\$|\\text\{\s*\\?\$\s*\})\s*")


@dataclass(frozen=True)
class Num:
    value: Fraction
    percent: bool = False    # written with a percent sign (value is the number as written)
    decimal: bool = False    # written with a decimal point (possibly a rounded value)


def _real(text: str) -> tuple[Fraction, bool] | None:
    t = text.strip()
    if _REAL.match(t):
        return Fraction(t.replace(",", "").replace(" ", "")), "." in t
    m = _SCI_E.match(t)
    if m and abs(int(m.group(2))) <= MAX_EXPONENT:
        return Fraction(m.group(1)) * Fraction(10) ** int(m.group(2)), True
    m = _SCI_TIMES.match(t)
    if m:
        exp = int((m.group(2) or m.group(3)).replace(" ", ""))
        if abs(exp) <= MAX_EXPONENT:
            mant = Fraction(m.group(1)) if m.group(1) else Fraction(1)
            return mant * Fraction(10) ** exp, "." in (m.group(1) or "")
    return None


def _repeating(t: str) -> Fraction | None:
    """``0.1\\overline{6}`` -> 1/6."""
    m = _REPEATING.match(t)
    if not m:
        return None
    whole, fixed, rep = m.group(1) or "0", m.group(2), m.group(3)
    base = Fraction(int(whole + fixed), 10 ** len(fixed))
    return base + Fraction(int(rep), (10 ** len(rep) - 1) * 10 ** len(fixed))


def _unsigned(text: str) -> tuple[Fraction, bool] | None:
    t = text.strip()
    r = _real(t)
    if r is not None:
        return r
    rep = _repeating(t)
    if rep is not None:
        return rep, False
    m = _MIXED.match(t)
    if m and int(m.group(3)) != 0:
        return Fraction(int(m.group(1))) + Fraction(int(m.group(2)), int(m.group(3))), False
    m = _FRAC.match(t) or _SLASH.match(t)
    if m:
        num, den = _signed(m.group(1)), _signed(m.group(2))
        if num is not None and den is not None and den[0] != 0:
            return num[0] / den[0], num[1] or den[1]
    return None


def _signed(text: str) -> tuple[Fraction, bool] | None:
    t = text.strip()
    sign = 1
    while t[:1] in ("-", "+"):
        sign = -sign if t[0] == "-" else sign
        t = t[1:].strip()
    if t.startswith("(") and t.endswith(")") and "," not in t:
        t = t[1:-1]
    r = _unsigned(t)
    return None if r is None else (sign * r[0], r[1])


@memo_text("rule.parse_number")
def parse_number(text: str) -> Num | None:
    """The exact value of a plainly numeric span, or None."""
    t = text.strip()
    if not t or len(t) > 200:
        return None
    percent = False
    m = _PERCENT.search(t)
    if m:
        percent, t = True, t[: m.start()]
    t = _CURRENCY.sub("", t)
    if t.startswith("-") or t.startswith("+"):
        t = t[0] + _CURRENCY.sub("", t[1:])
    r = _signed(t)
    return None if r is None else Num(r[0], percent, r[1])


def numbers_equal(a: Num, b: Num) -> bool:
    """Exact equality; when exactly one side carries ``%``, ``50\\%`` also equals ``0.5``."""
    if a.value == b.value:
        return True
    if a.percent != b.percent:
        pct, other = (a, b) if a.percent else (b, a)
        return pct.value / 100 == other.value
    return False


def parse_based(text: str) -> tuple[str, int] | None:
    """A numeral with a base subscript, as (digits without leading zeros, base)."""
    m = _BASED.match(text.strip())
    if not m:
        return None
    digits, base = m.group(1).upper(), int(m.group(2))
    if not 2 <= base <= 36:
        return None
    try:
        int(digits, base)
    except ValueError:
        return None
    return digits.lstrip("0") or "0", base


_DECIMAL_COMMA = re.compile(r"^([-+]?)(\d+),(\d+)$")


def decimal_comma(text: str) -> Num | None:
    """``2,74`` -> 2.74: one comma between digits that cannot be a thousands separator (not exactly
    three digits after it, or a whole part that is no group: ``0,111``, ``1000,5``). ``1,000`` and
    ``2, 5`` (a list) are None. Only a reading: the caller offers it where a single number is compared."""
    t = _CURRENCY.sub("", text.strip())
    percent = False
    m = _PERCENT.search(t)
    if m:
        percent, t = True, t[: m.start()].strip()
    m = _DECIMAL_COMMA.match(t)
    if m is None or len(t) > 60:
        return None
    whole, frac = m.group(2), m.group(3)
    if len(frac) == 3 and len(whole) <= 3 and not whole.startswith("0"):
        return None   # 1,234 groups thousands
    value = Fraction(int(whole + frac), 10 ** len(frac))
    return Num(-value if m.group(1) == "-" else value, percent, True)
