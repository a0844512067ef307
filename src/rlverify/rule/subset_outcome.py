"""An expression that drops a name the reference depends on (issue 30, judge calls): ``4\\pi a^2`` against
``4\\pi a^2 \\left[\\frac{\\tan(k_0 a)}{k_0 a} - 1\\right]^2`` is a typed ``different``: the answer's names are some of
the reference's, the reference still varies with the others (``k_0``), so the two are compared as functions of all
the reference's names -- at the same sample points -- and they differ there. Before, expressions in other sets of
free symbols were never compared, and such answers went to the judge.

Interface::

    dropped_name(answer, gold, question, cas) -> Outcome   DIFFERENT or UNSURE
    against_equation(answer, gold, question, cas) -> Outcome   the same against an equation that defines the name
                                                               the answer leaves out (``y + 1 = -(2x-1)^2``)

``different`` only when (all read by the rules' CAS parser, in one bounded job): both sides are expressions (no
relation, no words or units), the answer's free names are a proper subset of the reference's (it introduces no name
of its own, so no renamed variable is read as another quantity), at most :data:`MAX_NAMES` names, none of the names
it drops is one the question gives a value or a physical constant (``\\hbar = c = 1`` in natural units), both are real at most sample points and differ at most of them. A
constant answer against an expression is :mod:`rlverify.rule.outcome`'s own case and also decided here when it holds.

Imports the rule's CAS reader (:func:`rlverify.rule.answers.symbolic.parse_cached`) inside the bounded helper; nothing
is evaluated from raw text.
"""

from __future__ import annotations

import re
from typing import Any

from ..verdict import Outcome
from .formula_outcome import CONSTANT_NAMES, _fixed_names, _names
from .outcome import within_budget

__all__ = ["dropped_name", "against_equation", "MAX_NAMES"]

MAX_NAMES = 4
_TIMEOUT = 1.0
_MAX_CHARS = 200
_REL_DIFF = 1e-6
_RELATION = re.compile(r"=|<|>|\\(?:le|ge|leq|geq|neq|ne|lt|gt|approx|sim|simeq|in|to|pm|mp)(?![a-zA-Z])|,|;")
# sample values: distinct, above 1, integers and non-integers (as rule.outcome's points)
_POINTS = (("2", "1"), ("13/10", "37/100"), ("3", "1"), ("27/10", "37/100"), ("5", "1"))


def dropped_name(answer: str, gold: str, question: str | None, cas: bool) -> Outcome:
    """See the module doc."""
    if not cas or len(answer) > _MAX_CHARS or len(gold) > _MAX_CHARS:
        return Outcome.UNSURE
    from .outcome import texty
    from .sides import side as _side

    a, g = _side(answer), _side(gold)
    if a is None or g is None:
        return Outcome.UNSURE
    ta, tg = a[0].strip(), g[0].strip()
    if not ta or not tg or texty(ta) or texty(tg) or _RELATION.search(ta) or _RELATION.search(tg) \
            or not _names(ta) < _names(tg):
        return Outcome.UNSURE
    fixed = _fixed_names(question)
    got = within_budget(_apart_job, ta, tg, tuple(sorted(fixed)), limit=_TIMEOUT)
    return Outcome.DIFFERENT if got else Outcome.UNSURE


def _apart_job(a: str, g: str, fixed: tuple[str, ...]) -> bool:
    """Runs in a bounded helper: whether the two expressions differ as functions of the reference's names."""
    import sympy

    from .answers.symbolic import parse_cached

    ea, eg = parse_cached(a), parse_cached(g)
    if not isinstance(ea, sympy.Expr) or not isinstance(eg, sympy.Expr):
        return False
    fa, fg = ea.free_symbols, eg.free_symbols
    if not fa < fg or len(fg) > MAX_NAMES or any(not isinstance(s, sympy.Symbol) for s in fg):
        return False
    if any(str(s) in fixed or str(s) in CONSTANT_NAMES for s in fg - fa):
        return False               # a name the question gives a value, or a constant set to 1 (natural units)
    symbols = sorted(fg, key=str)
    pairs = []
    for k in range(len(_POINTS)):
        at = _point(symbols, k)
        x, y = _real(ea, at), _real(eg, at)
        if x is not None and y is not None:
            pairs.append((x, y))
    if len(pairs) * 2 <= len(_POINTS):
        return False
    differ = sum(bool(abs(x - y) > _REL_DIFF * max(abs(x), abs(y))) for x, y in pairs)
    return differ * 2 > len(_POINTS)


def _point(symbols: list[Any], k: int) -> dict[Any, Any]:
    import sympy

    base, step = (sympy.Rational(x) for x in _POINTS[k])
    return {s: base + step * j for j, s in enumerate(symbols)}


def _real(expr: Any, at: dict[Any, Any]) -> Any:
    import sympy

    v = sympy.N(expr.subs(at), 30)
    re_part, im_part = v.as_real_imag()
    if not (re_part.is_number and im_part.is_number) or not re_part.is_finite or abs(im_part) > 1e-20 * (1 + abs(re_part)):
        return None
    return sympy.Float(re_part, 30)


def against_equation(answer: str, gold: str, question: str | None, cas: bool) -> Outcome:
    """An expression against a reference equation that defines the one name the answer leaves out
    (``-4x^2 + 4x - 1`` for ``y + 1 = -(2x - 1)^2``): the equation solved for that name (one solution, by the bounded
    CAS), compared as :func:`dropped_name` compares; ``different`` when they differ at most sample points. An equation
    with several solutions for the name, one the CAS cannot solve, and an answer in no name (a number against
    ``R = 0.02``: the number readers', which know its rounding) stay ``unsure``."""
    if not cas or len(answer) > _MAX_CHARS or len(gold) > _MAX_CHARS or gold.count("=") != 1:
        return Outcome.UNSURE
    from .outcome import texty
    from .sides import side as _side

    a = _side(answer)
    if a is None:
        return Outcome.UNSURE
    from .answers.latex import clean

    ta, tg = a[0].strip(), clean(gold.replace("$", " ")).strip().rstrip(".").strip()
    left, _, right = tg.partition("=")
    if not ta or texty(ta) or texty(tg) or _RELATION.search(ta) or _RELATION.search(left) or _RELATION.search(right) \
            or not _names(ta) or not _names(ta) < _names(tg):
        return Outcome.UNSURE      # a constant against 'R = 0.02' is the number readers' (they know its rounding)
    got = within_budget(_solved_job, ta, left, right, limit=_TIMEOUT)
    return Outcome.DIFFERENT if got else Outcome.UNSURE


def _solved_job(a: str, left: str, right: str) -> bool:
    """Runs in a bounded helper: whether ``a`` differs from the equation ``left = right`` solved for its one name
    the answer lacks."""
    import sympy

    from .answers.symbolic import parse_cached

    ea, el, er = parse_cached(a), parse_cached(left), parse_cached(right)
    if not all(isinstance(e, sympy.Expr) for e in (ea, el, er)):
        return False
    eq = el - er
    names = eq.free_symbols
    missing = names - ea.free_symbols
    if len(missing) != 1 or not ea.free_symbols or not ea.free_symbols < names or len(names) > MAX_NAMES:
        return False
    (y,) = missing
    if sympy.degree(eq, y) != 1 if eq.is_polynomial(y) else True:
        return False               # solved only where the equation is linear in the name: one solution
    solutions = sympy.solve(eq, y)
    if len(solutions) != 1:
        return False
    symbols = sorted(names - {y}, key=str)
    pairs = []
    for k in range(len(_POINTS)):
        at = _point(symbols, k)
        x, v = _real(ea, at), _real(solutions[0], at)
        if x is not None and v is not None:
            pairs.append((x, v))
    if len(pairs) * 2 <= len(_POINTS):
        return False
    differ = sum(bool(abs(x - v) > _REL_DIFF * max(abs(x), abs(v))) for x, v in pairs)
    return differ * 2 > len(_POINTS)
