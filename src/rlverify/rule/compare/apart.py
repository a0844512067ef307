"""Values apart: the typed fact that makes a rejection final for the hybrid (issue 30), from two sure readings.

Interface::

    apart(answer, gold, question) -> bool     both sides read (:func:`rlverify.rule.read.read`) as values with a sure
                                              number, their wrappers taken off, and the two are another value

The hybrid asks its judge only where the rules are ``unsure``; a wrong value reaching the judge is a reward a gullible
judge hands out. This entry states ``different`` only from two sure readings, never from a failed read:

* each side, once its wrappers are off (a label ``W = ...``, an approximation sign, a remark restating the value, a
  chain's last value, the value side of ``\\frac{I_r}{I_i} \\approx 0.0155``, the value a sentence states), must read as
  a :class:`~.types.Number` or a :class:`~.types.Quantity` whose unit is sure (a one-letter symbol that may be a
  variable's name is not); anything else is no fact (``False``);
* two quantities of dimensions apart even in natural units are two quantities
  (:func:`rlverify.rule.answers.quantity.other_dimension`: a force for a power stays for the judge, a wavelength for
  a frequency does not);
* else the values are compared in one unit, every way the pair may be read: two quantities converted through pint; a
  bare number in the reference's unit, and in the unit the question asks where it asks one of that dimension; a
  quantity against a bare reference in the unit the question asks (none asked: no fact, the reference's unit is
  unknown); a percent against a bare number as written and over 100. The pair is apart only when it is apart in
  *every* reading.
* Two values are apart when they are more than two units of the coarser side's last written digit away (an exact
  constant states every digit; a bare power of ten, ``10^{-5}``, one digit), or three times apart or more (a hundred
  times where a side is a bare power of ten: an order of magnitude). Angles and percent quantities are left out. The slack is wide on purpose: the physics
  references are read leniently (``4286`` for ``4285``, ``4.55`` for ``4.5``, ``784`` for ``785.12`` are correct
  there), so a value near the reference stays for the judge; a value no rounding can reach does not.

:func:`marked` carries the final rejections of the entries that read both sides surely (an equation's or a chain's
value, a number against an expression in free names, a constant against an approximation, a bound where a value is
asked, two matrices, two order chains) to the outcome as :attr:`~rlverify.flags.Flag.TYPED_DIFFERENT`, except where
both sides are values near each other by the rule above, or a number against a magnitude and one name (``1.53\\times
10^{11} m_s``: a unit the readers do not know) or an expression in names the question gives values.

A rejection that stands only because one side was computed with rounded numbers (\\pi taken as 22/7) is the outcome
reader's own (:mod:`rlverify.rule.unwrapped`): it demotes such a ``different`` before this entry is asked.

May import: :mod:`rlverify.rule.read`, the leaf parsers of :mod:`rlverify.rule.answers` (quantity, units,
surface, question), :mod:`rlverify.flags`, and :mod:`rlverify.rule.formula_outcome`'s name readers (the names a question
fixes). Every reader it uses is bounded (the constant reader runs in the bounded
helper); nothing from a text is evaluated.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from ...flags import Flag
from ..answers.match import Match
from ..answers.question import Question, as_question
from ..read import read
from ..read.types import Approx, Chain, Labelled, Number, Option, Quantity, Reading, Relation, Remarked, Text

__all__ = ["apart", "marked"]

_MAX_CHARS = 200          # a longer side is not read for this fact
_MAX_DEPTH = 6
_SLACK = 2.0              # units of the coarser side's last written digit a value may be off and stay near
_FACTOR = 3.0             # values this many times apart are apart whatever their digits...
_DECADES = 100.0          # ...or this many, where a side is a bare power of ten (an order of magnitude)
# '10^{-2}', '10^{ -7 }', '{10}^{5}': an order of magnitude, written to one significant digit
_POWER_OF_TEN = re.compile(r"[-+]?\s*\{?\s*10\s*\}?\s*\^\s*\{?\s*[-+−]?\s*\d+\s*\}?")
_VALUE_OPS = ("=", "\\approx", "\\sim", "\\simeq")
# entries whose final rejection is a typed fact of two sure readings the outcome readers may not reach: an equation's
# or a chain's value, a number against an expression, a constant against an approximation, a bound where a value is
# asked, two matrices, two order chains (the number, sequence and expression entries are left out: their exact
# comparisons reject values the lenient references accept, and the outcome readers read those pairs themselves)
_STATED = frozenset(("typed:equation", "typed:chain", "typed:number_expression", "typed:approximated",
                     "typed:constant_approximated", "typed:bound_for_value", "typed:matrix", "typed:order_chain"))


@dataclass(frozen=True)
class _Side:
    value: float
    ulp: float            # one unit of the last written digit (0: exact)
    unit: Any             # UnitSpec or None
    percent: bool
    text: str             # the value's text (magnitude and unit)
    orders: bool = False  # written as a bare power of ten (``10^{-5}``): an order of magnitude


def apart(answer: str, gold: str, question: Question | str | None = None) -> bool:
    """See the module doc."""
    return _verdict(answer, gold, question) is True


def marked(d: Any, answer: str, gold: str, question: Question | str | None = None) -> Match:
    """The comparison's Match, with :attr:`~rlverify.flags.Flag.TYPED_DIFFERENT` where its rejection is the typed fact
    of an entry that reads both sides surely (``d`` a :class:`rlverify.rule.compare.Decision`: ``final``, an entry of
    ``_STATED``), unless both sides read as values that are near each other (see :func:`apart`: such an entry's
    exact comparison is stricter than the references are read)."""
    m = d.match
    if m.equal or m.undecided or not d.final or d.stage not in _STATED or Flag.HEDGE in m.flags:
        return m
    if isinstance(read(answer), Option) or len(answer.strip("(){} ")) <= 1:
        return m            # an option letter: the listed option's own comparison, or the guard's
    if _verdict(answer, gold, question) is False:
        return m            # two values near each other: the judge's
    if d.stage == "typed:number_expression" and not _free_expression(answer, gold, question):
        return m
    return Match(False, tuple(m.flags) + (Flag.TYPED_DIFFERENT,), m.undecided)


# '1.53 \\times 10^{11} m_s', '2 M_\\odot': a magnitude and one name, which may be a unit the readers do not know
_MAGNITUDE_AND_NAME = re.compile(r"\s*[-+]?\s*[\d.]+(?:\s*\\times\s*10\s*\^\s*\{?\s*-?\d+\s*\}?)?\s*(?:\\[,;! ]\s*)*"
                                 r"\\?[A-Za-z]+(?:_\{?\\?\w+\}?)?\s*")


def _free_expression(answer: str, gold: str, question: Question | str | None) -> bool:
    """Neither side is a magnitude and one name (a unit the readers do not know: ``1.53\\times10^{11} m_s``) nor a lone
    name, a side writes a name, and no name is one the question gives a value (``AB = 9``): the
    number-against-expression entry's rejection is then a typed fact (two constants, ``0.000`` for ``1/2004!``, are
    the outcome readers' to compare at their digits)."""
    from ..formula_outcome import _LONE_NAME, _fixed_names, _names

    if _MAGNITUDE_AND_NAME.fullmatch(answer) or _MAGNITUDE_AND_NAME.fullmatch(gold):
        return False
    if _LONE_NAME.fullmatch(answer.strip("(){} ")):
        return False        # 'a', '(b)': an option letter or a name, the guard's
    names = _names(answer) | _names(gold)
    text = question.text if isinstance(question, Question) else question
    return bool(names) and not (_fixed_names(text) & names)     # no name at all: two constants, compared by value


def _verdict(answer: str, gold: str, question: Question | str | None) -> bool | None:
    """True: two sure values apart; False: two sure values of one dimension near each other; None: not two sure
    values (no fact either way)."""
    if not answer or not gold or len(answer) > _MAX_CHARS or len(gold) > _MAX_CHARS:
        return None
    q = as_question(question)
    a, g = _value(read(answer), answer=True), _value(read(gold))
    if a is None or g is None:
        return None
    sa, sg = _side(a), _side(g)
    if sa is None or sg is None:
        return None
    if sa.unit is not None and sg.unit is not None and not _same_dimension(sa.unit, sg.unit):
        from ..answers.quantity import other_dimension

        return True if other_dimension(sa.text, sg.text, q.text) else None
    pairs = _readings(sa, sg, q)
    if not pairs:
        return None
    orders = sa.orders or sg.orders
    return all(_far(x, ux, y, uy, orders) for x, ux, y, uy in pairs)


def _value(r: Reading, depth: int = 0, answer: bool = False) -> Reading | None:
    """The value a reading states, its wrappers off; None where it states no single value. Only an answer's relation
    states its value side (``\\frac{I_r}{I_i} \\approx 0.0155``: the value it gives); a reference's relation
    (``x^2 + y^2 = 13``) is an equation, no value."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(r, (Number, Quantity)):
        return r
    if isinstance(r, (Labelled, Approx, Remarked)):
        return _value(r.inner, depth + 1, answer)
    if isinstance(r, Chain):
        return _value(r.last, depth + 1, answer)
    if answer and isinstance(r, Relation) and r.op in _VALUE_OPS and not isinstance(r.left, (Number, Quantity)):
        return _value(r.right, depth + 1) if isinstance(_unwrapped(r.right), (Number, Quantity)) else None
    if isinstance(r, Text) and r.states is not None:
        return _value(r.states, depth + 1, answer)
    return None


def _unwrapped(r: Reading) -> Reading:
    while isinstance(r, (Labelled, Approx, Remarked)):
        r = r.inner
    return r


def _side(r: Reading) -> _Side | None:
    """The reading's value and precision; None where either is unsure (a unit that may be a variable, a magnitude
    that reads as no number)."""
    if isinstance(r, Number):
        v = _number_value(r)
        return None if v is None else _Side(v, _ulp(r, v), None, r.percent, r.text, _orders(r))
    assert isinstance(r, Quantity)
    if not r.sure or r.unit is None or getattr(r.unit, "kind", "") in ("percent", "angle"):
        return None
    m = read(r.magnitude)
    if not isinstance(m, Number) or m.percent:
        return None
    v = _number_value(m)
    return None if v is None else _Side(v, _ulp(m, v), r.unit, False, r.text, _orders(m))


def _number_value(n: Number) -> float | None:
    if n.exact is not None:
        try:
            return float(n.exact)
        except OverflowError:
            return None
    from ..answers.surface import numeric_value

    v = numeric_value(n.text)
    return v if v is not None and math.isfinite(v) else None


def _orders(n: Number) -> bool:
    return _POWER_OF_TEN.fullmatch(n.text.strip()) is not None


def _ulp(n: Number, value: float) -> float:
    if n.last is None:      # a fraction, a constant: every digit stated; a bare power of ten (``10^{-2}``): one digit
        return abs(value) if _orders(n) else 0.0
    try:
        return 10.0 ** n.last
    except OverflowError:
        return math.inf


def _same_dimension(u: Any, v: Any) -> bool:
    try:
        return u.kind == v.kind and u.dimensionality() == v.dimensionality()
    except Exception:  # noqa: BLE001 - a unit pint cannot build has no dimension to compare
        return True         # (not apart: no fact)


def _readings(a: _Side, g: _Side, q: Question) -> list[tuple[float, float, float, float]]:
    """(answer value, its ulp, reference value, its ulp) in one unit, for every way the pair may be read; an empty
    list where a conversion fails (no fact)."""
    if a.unit is not None and g.unit is not None:
        got = _converted(a, g.unit)
        return [] if got is None else [(got[0], got[1], g.value, g.ulp)]
    if a.unit is None and g.unit is None:
        out = [(a.value, a.ulp, g.value, g.ulp)]
        if a.percent != g.percent:
            out.append((a.value / 100, a.ulp / 100, g.value, g.ulp) if a.percent else
                       (a.value, a.ulp, g.value / 100, g.ulp / 100))
        return out
    if a.percent or g.percent:
        return []
    if a.unit is None:
        out = [(a.value, a.ulp, g.value, g.ulp)]        # the bare answer in the reference's unit...
        asked = _asked(q, g.unit)
        if asked is not None:                           # ...and in the unit the question asks, converted
            got = _converted(_Side(a.value, a.ulp, asked, False, a.text, a.orders), g.unit)
            if got is None:
                return []
            out.append((got[0], got[1], g.value, g.ulp))
        return out
    asked = _asked(q, a.unit)       # a bare reference is in the unit the question asks; asked none, no fact
    got = None if asked is None else _converted(a, asked)
    return [] if got is None else [(got[0], got[1], g.value, g.ulp)]


def _asked(q: Question, like: Any) -> Any:
    if not q.text:
        return None
    from ..answers.quantity import asked_unit

    return asked_unit(q.text, like)


def _converted(s: _Side, to: Any) -> tuple[float, float] | None:
    """The side's value and ulp in the unit ``to`` (the ulp as a difference: right for offset scales too)."""
    from ..answers.units import convert

    v = convert(s.value, s.unit, to)
    if v is None or not math.isfinite(v):
        return None
    if s.ulp == 0:
        return v, 0.0
    w = convert(s.value + s.ulp, s.unit, to)
    if w is None or not math.isfinite(w):
        return None
    return v, abs(w - v)


def _far(x: float, ux: float, y: float, uy: float, orders: bool = False) -> bool:
    """More than ``_SLACK`` units of the coarser last digit apart, or ``_FACTOR`` times apart (``_DECADES`` times
    where a side is ``orders``: an order of magnitude written as a bare power of ten)."""
    if not (math.isfinite(x) and math.isfinite(y)) or x == y:
        return False
    if x != 0 and y != 0 and (x > 0) == (y > 0):
        ratio = max(abs(x), abs(y)) / min(abs(x), abs(y))
        if ratio >= _DECADES or ratio >= _FACTOR and not orders:
            return True
    unit = max(ux, uy)
    return abs(x - y) > _SLACK * unit * (1 + 1e-9) + 1e-12 * max(abs(x), abs(y))
