"""Generator families for references written the way datasets write them and frontier answers meet them (issue 14,
round 4): a reference cut rather than rounded, and a reference that lists one value for several named unknowns.

``ref_truncated`` (EQUIVALENT): the exact reference (a fraction or a constant expression) as the answer, against a
reference decimal cut (not rounded) at 2-4 decimals with >= 3 significant digits, where cutting and rounding differ
(``6\\frac{1}{64}`` against ``6.01``). ``near_ref_truncated`` (NEAR_MISS): the same, against a reference one unit of
its last digit below the cut or two above it (neither the cut nor the rounding: ``6.00``, ``6.03``). Angles (a
multiple of pi in a trigonometry question) are left out: their decimal is a measured angle, rounded, never cut.

``repeated_pair`` (EQUIVALENT): a question that asks for two named unknowns that both take the reference's value
(``Determine $a$ and $b$``, reference ``v, v``) answered with both (``a = b = v``, ``a = v, b = v``, ``(v, v)``).
``near_repeated_pair`` (NEAR_MISS): the same question answered with one of the two (``a = v``): an answer that
gives one of the values asked for. Registered by :mod:`.families`.
"""

from __future__ import annotations

import random
import re
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from typing import Any

from . import forms as F
from .refs import Reference, _exact, _scalar, _value
from .table import Families

__all__ = ["register"]

_T = Families()
register = _T.register


def _exact_decimal(ref: Reference) -> Decimal | None:
    """The reference's value to 40 digits when it is a non-integer real constant, else None."""
    n = ref.node
    if n is None or not _scalar(n) or F.has_symbols(n) or isinstance(n, F.Num):
        return None              # a decimal reference is no exact value to cut
    with localcontext() as ctx:
        ctx.prec = 40
        ex = _exact(n)
        if ex is not None:
            if ex.denominator == 1:
                return None
            return Decimal(ex.numerator) / Decimal(ex.denominator)
        v = _value(n)
        if v is None or abs(v.imag) > 1e-12 or not 1e-3 < abs(v.real) < 1e6:
            return None
        return Decimal(repr(v.real))


# an angle: a multiple of pi in a question about trigonometric functions (its decimal is a measured angle in
# radians, which the verifier rounds and never cuts; left out here, see the module docstring)
_TRIG = re.compile(r"\\(?:sin|cos|tan|cot|sec|csc)|\\operatorname\{?Arc|\barc|\bangle|\bradians?\b|\bdegrees?\b", re.I)


def _angle(ref: Reference) -> bool:
    return "pi" in F.render(ref.node) and _TRIG.search(ref.question) is not None


def _cut(ref: Reference, rng: random.Random) -> tuple[Decimal, Decimal, Decimal] | None:
    """(cut, rounded, one unit of the last digit) at a drawn number of decimals where the two differ."""
    if ref.node is None or _angle(ref):
        return None
    d = _exact_decimal(ref)
    if d is None:
        return None
    places = rng.randint(2, 4)
    q = Decimal(1).scaleb(-places)
    cut, rounded = d.quantize(q, rounding=ROUND_DOWN), d.quantize(q, rounding=ROUND_HALF_UP)
    rest = abs(d - cut) / q                       # the cut-off part, in units of the last digit
    if cut == rounded or not Decimal("0.55") < rest < Decimal("0.95") or cut == 0:
        return None                               # no difference, or too close to a boundary for a float value
    if len(str(abs(cut)).replace(".", "").lstrip("0")) < 3:
        return None                               # fewer than three significant digits: no stated precision
    return cut, rounded, q


@_T.equivalent("ref_truncated")
def _ref_truncated(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    got = _cut(ref, rng)
    if got is None:
        return None
    return _T.draft(F.render(ref.node, st), gold=format(got[0], "f"))


@_T.near_miss("near_ref_truncated")
def _near_ref_truncated(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    got = _cut(ref, rng)
    if got is None:
        return None
    cut, rounded, q = got
    wrong = cut - q if rng.random() < 0.5 else cut + 2 * q
    if wrong in (cut, rounded) or wrong == 0:
        return None
    return _T.draft(F.render(ref.node, st), gold=format(wrong, "f"))


# ------------------------------------------------------------------ one value for two named unknowns

_PAIRS = (("a", "b"), ("x", "y"), ("p", "q"), ("m", "n"))


def _pair_question(ref: Reference, names: tuple[str, str], rng: random.Random) -> str:
    a, b = names
    lead = rng.choice(("Let ${a}$ and ${b}$ both equal the answer to the following problem.",
                       "Two unknowns ${a}$ and ${b}$ are each equal to the quantity asked for below."))
    ask = rng.choice(("Determine ${a}$ and ${b}$.", "Find ${a}$ and ${b}$.", "Find the ordered pair $({a}, {b})$."))
    return f"{lead.format(a=a, b=b)}\n\n{ref.question}\n\n{ask.format(a=a, b=b)}"


def _usable(ref: Reference) -> bool:
    n = ref.node
    return n is not None and _scalar(n) and not F.has_symbols(n) and len(ref.gold) <= 60


@_T.equivalent("repeated_pair")
def _repeated_pair(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    if not _usable(ref):
        return None
    a, b = names = rng.choice(_PAIRS)
    v = F.render(ref.node, st)
    answer = rng.choice((f"{a} = {b} = {v}", f"{a} = {v},\\ {b} = {v}", f"({v}, {v})", f"{a} = {v} \\text{{ and }} {b} = {v}"))
    g = F.render(ref.node)
    return _T.draft(answer, gold=f"{g}, {g}", question=_pair_question(ref, names, rng), box_only=True)


@_T.near_miss("near_repeated_pair")
def _near_repeated_pair(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    if not _usable(ref):
        return None
    a, b = names = rng.choice(_PAIRS)
    v = F.render(ref.node, st)
    g = F.render(ref.node)
    return _T.draft(f"{rng.choice((a, b))} = {v}", gold=f"{g}, {g}", question=_pair_question(ref, names, rng),
                    box_only=True)
