"""Generator families for answers coarser than the reference where an approximation is expected.

``ref_coarsened`` (EQUIVALENT): the reference, a decimal with >= 4 significant digits in a question
that asks for a physical quantity in a unit, carries a unit, or says "approximately", rounded half up
to 3 or more (but fewer) significant digits (``2.65`` for ``2.653\\ \\mathrm{m}``), with its unit
half of the time. ``near_coarsened`` (NEAR_MISS): the same rounding with a wrong last digit, or a
rounding to two significant digits (``2.7``). An integer ending in 0 is never drawn: its zeros state
no precision (``300`` for ``299.94`` is one digit). Registered by :mod:`.families`.
"""

from __future__ import annotations

import random
import re
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from typing import Any

from . import forms as F
from .table import Families
from .refs import Reference
from .units import _digits_of, _number, _quantity, question_unit, unit_forms

__all__ = ["register"]

_T = Families()
register = _T.register

# the generator's own reading of "an approximation is expected" (not the verifier's)
_APPROX_WORDS = re.compile(r"\bapproximately\b|\bapproximate\b|\bestimate\b|\broughly\b|\\approx\b", re.I)
_ROUNDING_ASKED = re.compile(r"\bround|\bdecimal places?\b|\bsignificant\b|\bnearest\b", re.I)   # the question fixes it


def _coarsenable(ref: Reference) -> tuple[Decimal, int, Any] | None:
    """(value, significant digits, unit or None) of a decimal reference in an approximate context."""
    n = ref.node
    dig = _digits_of(ref)
    v = _number(ref)
    if not isinstance(n, F.Num) or dig is None or v is None or v == 0 or dig[0] < 4 or dig[1] > -1:
        return None
    q = _quantity(ref)
    if q is None and question_unit(ref) is None and not _APPROX_WORDS.search(ref.question) \
            or _ROUNDING_ASKED.search(ref.question):
        return None
    with localcontext() as ctx:
        ctx.prec = 60
        d = Decimal(v.numerator) / Decimal(v.denominator)
    return d, dig[0], (q[1] if q is not None else None)


def _round(d: Decimal, sig: int) -> Decimal:
    return d.quantize(Decimal(1).scaleb(d.adjusted() - sig + 1), rounding=ROUND_HALF_UP)


def _zeros_ambiguous(d: Decimal) -> bool:
    return d.as_tuple().exponent >= 0 and format(d, "f").endswith("0")


def _with_unit(text: str, unit: Any, rng: random.Random) -> Any:
    if unit is not None and rng.random() < 0.5:
        return _T.draft(text + rng.choice(unit_forms(unit, rng)))
    return _T.draft(text)


@_T.equivalent("ref_coarsened")
def _ref_coarsened(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    got = _coarsenable(ref)
    if got is None:
        return None
    d, sig, unit = got
    r = _round(d, rng.randint(3, sig - 1))
    if r == d or _zeros_ambiguous(r) or Fraction(r) == 0:
        return None
    return _with_unit(format(r, "f"), unit, rng)


@_T.near_miss("near_coarsened")
def _near_coarsened(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    got = _coarsenable(ref)
    if got is None:
        return None
    d, sig, unit = got
    if rng.random() < 0.6:
        r = _round(d, rng.randint(3, sig - 1))
        wrong = r + Decimal(1).scaleb(r.as_tuple().exponent) * rng.choice((-1, 1))
    else:
        wrong = _round(d, 2)
    if wrong == d or _zeros_ambiguous(wrong) or wrong == 0:
        return None
    return _with_unit(format(wrong, "f"), unit, rng)
