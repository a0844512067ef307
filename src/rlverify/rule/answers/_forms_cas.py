"""Symbolic checks behind :mod:`rlverify.rule.answers.forms`. Module-level functions with
picklable arguments and results, meant to be called only through ``run_bounded``.

    proportional_equations(a, g) -> bool | None   lhs-rhs of one is a nonzero constant times the other's
    solved_equation(expr, eq) -> bool | None   ``expr`` is the one solution of ``eq`` for the one variable it lacks
    same_families(a_parts, g_parts) -> bool | None   the same union of {base + period*k : k in Z}
    same_sets(a, g, var, domain) -> bool | None   the same subset of the domain ("pos", "nonneg", "neg", "real")
    same_real_sets(a_tree, g_tree, domain) -> bool | None   two readings of :mod:`.sets` as subsets of the domain
"""

from __future__ import annotations

import math
from typing import Any

__all__ = ["proportional_equations", "solved_equation", "same_families", "same_sets", "same_real_sets"]

_PARAMS = ("k", "n", "m", "j", "l")
_MAX_EXPAND = 12


def _parse(tex: str) -> Any:
    """The memoized reading of :mod:`.symbolic` (its fast arithmetic reader first, then the
    grammar: exact decimals, case-sensitive names, ``\\log`` = ln, ``x \\in S`` a ``Contains``);
    where that fails, latex2sympy with its own malformed-operator repair (``\\frac13``,
    ``\\sqrt2`` -> braced)."""
    from .symbolic import parse_cached

    got = parse_cached(tex)
    return got if got is not None else _parse_repaired(tex)


def _parse_repaired(tex: str) -> Any:
    from latex2sympy2_extended import NormalizationConfig

    from .symbolic import latex_to_sympy

    config = NormalizationConfig(basic_latex=True, units=False, malformed_operators=True, nits=False,
                                 boxed="none", equations=False)
    return latex_to_sympy(tex, normalization=config, exact_numbers=False)


def proportional_equations(a: str, g: str) -> bool | None:
    import sympy

    ea, eg = _parse(a), _parse(g)
    if not isinstance(ea, sympy.Equality) or not isinstance(eg, sympy.Equality):
        return None
    da, dg = sympy.expand(ea.lhs - ea.rhs), sympy.expand(eg.lhs - eg.rhs)
    if not da.free_symbols or da.free_symbols != dg.free_symbols or dg == 0:
        return None
    ratio = sympy.simplify(da / dg)
    return bool(not ratio.free_symbols and ratio != 0 and ratio.is_finite)


def solved_equation(expr: str, eq: str) -> bool | None:
    """True when ``eq`` (``y + 1 = -(2x-1)^2``) is linear in the one variable ``expr`` (``-4x^2+4x-2``) does
    not name and ``expr`` is its solution for it; None otherwise (never a rejection: another reading may hold).
    ``expr`` must name a variable itself (a number solving ``2a+3=7`` answers no question about a curve)."""
    import sympy

    e = _parse(expr)
    if not isinstance(e, sympy.Expr) or isinstance(e, sympy.Equality) or not e.free_symbols:
        return None  # decided before the equation is parsed (72 of 101 calls on the dev corpora: a number, a tuple)
    q = _parse(eq)
    if not isinstance(q, sympy.Equality):
        return None
    missing = q.free_symbols - e.free_symbols
    if len(missing) != 1 or not e.free_symbols or not e.free_symbols < q.free_symbols:
        return None
    var = missing.pop()
    d = sympy.expand(q.lhs - q.rhs)
    poly = d.as_poly(var)
    if poly is None or poly.degree() != 1:
        return None
    lead = poly.coeff_monomial(var)
    if lead.has(var) or sympy.simplify(lead) == 0:
        return None
    return True if sympy.simplify(d.subs(var, e)) == 0 else None


def _family(tex: str) -> tuple[Any, Any] | None:
    import sympy

    e = _parse(tex)
    if not isinstance(e, sympy.Expr):
        return None
    params = [s for s in e.free_symbols if s.name in _PARAMS]
    if len(params) != 1 or len(e.free_symbols) != 1:
        return None
    k = params[0]
    period = sympy.simplify(sympy.diff(e, k))
    if period.free_symbols or period == 0 or sympy.diff(e, k, 2) != 0:
        return None
    return sympy.simplify(e.subs(k, 0)), sympy.Abs(period)


def _expand(fams: list[tuple[Any, Any]], big: Any) -> list[Any] | None:
    import sympy

    out = []
    for base, p in fams:
        times = sympy.simplify(big / p)
        if not times.is_Integer or not 0 < int(times) <= _MAX_EXPAND:
            return None
        out += [base + i * p for i in range(int(times))]
    return out


def _common_period(periods: list[Any]) -> Any:
    import sympy

    first = periods[0]
    ratios = [sympy.nsimplify(sympy.simplify(p / first)) for p in periods]
    if not all(r.is_Rational for r in ratios):
        return None
    num = sympy.ilcm(*[r.p for r in ratios]) if len(ratios) > 1 else ratios[0].p
    den = sympy.igcd(*[r.q for r in ratios]) if len(ratios) > 1 else ratios[0].q
    return first * sympy.Rational(num, den)


def same_families(a_parts: tuple[str, ...], g_parts: tuple[str, ...]) -> bool | None:
    import sympy

    fa, fg = [_family(t) for t in a_parts], [_family(t) for t in g_parts]
    if any(f is None for f in fa + fg):
        return None
    big = _common_period([p for _, p in fa + fg])  # type: ignore[misc]
    if big is None:
        return None
    ea, eg = _expand(fa, big), _expand(fg, big)  # type: ignore[arg-type]
    if ea is None or eg is None or len(ea) != len(eg):
        return False if ea is not None and eg is not None else None
    left = list(eg)
    for x in ea:
        hit = next((i for i, y in enumerate(left) if sympy.simplify((x - y) / big).is_Integer), None)
        if hit is None:
            return False
        left.pop(hit)
    return True


def _rel_set(e: Any, var: str) -> Any:
    """A set for ``var < c``, ``c <= var``, and/or of those, built directly (no solver)."""
    import sympy
    from sympy.core import relational as rel

    if isinstance(e, (sympy.And, sympy.Or)):
        sets = [_rel_set(x, var) for x in e.args]
        if any(x is None for x in sets):
            return None
        return sympy.Intersection(*sets) if isinstance(e, sympy.And) else sympy.Union(*sets)
    if not isinstance(e, (rel.StrictLessThan, rel.LessThan, rel.StrictGreaterThan, rel.GreaterThan)):
        return None
    lo_side, hi_side = (e.lhs, e.rhs) if isinstance(e, (rel.StrictLessThan, rel.LessThan)) else (e.rhs, e.lhs)
    strict = isinstance(e, (rel.StrictLessThan, rel.StrictGreaterThan))
    if isinstance(lo_side, sympy.Symbol) and lo_side.name == var and not hi_side.free_symbols:
        return sympy.Interval(-sympy.oo, hi_side, right_open=strict)
    if isinstance(hi_side, sympy.Symbol) and hi_side.name == var and not lo_side.free_symbols:
        return sympy.Interval(lo_side, sympy.oo, left_open=strict)
    return None


def _as_set(tex: str, var: str) -> Any:
    import sympy

    e = _parse(tex)
    if isinstance(e, sympy.Equality) and isinstance(e.rhs, sympy.Set):
        e = e.rhs
    if isinstance(e, sympy.Contains) and isinstance(e.args[1], sympy.Set):
        e = e.args[1]  # x \in (0, 3)
    if isinstance(e, sympy.Set):
        return e
    return _rel_set(e, var)


def _piece(piece: str, var: str) -> Any:
    """One "or" piece: conditions joined by "and" (or a comma) are intersected."""
    import re

    import sympy

    conds = [c for c in re.split(r"\s+and\s+|\\land|\\wedge|,(?![^()\[\]]*[)\]])", piece) if c.strip()]
    sets = [_as_set(c.strip(), var) for c in conds]
    return None if not sets or any(x is None for x in sets) else sympy.Intersection(*sets)


def _union(pieces: tuple[str, ...], var: str) -> Any:
    import sympy

    sets = [_piece(p, var) for p in pieces]
    return None if any(x is None for x in sets) else sympy.Union(*sets)


def same_sets(a: tuple[str, ...], g: tuple[str, ...], var: str, domain: str) -> bool | None:
    """``a``/``g``: pieces joined by "or" (intervals, unions, inequalities in ``var``)."""
    import sympy

    sa, sg = _union(a, var), _union(g, var)
    if sa is None or sg is None:
        return None
    dom = {"pos": sympy.Interval.open(0, sympy.oo), "nonneg": sympy.Interval(0, sympy.oo),
           "neg": sympy.Interval.open(-sympy.oo, 0), "real": sympy.S.Reals}[domain]
    ia, ig = sa.intersect(dom), sg.intersect(dom)
    if ia == ig:
        return True
    empty = sympy.S.EmptySet
    return bool(sympy.Complement(ia, ig) == empty and sympy.Complement(ig, ia) == empty)


# sets of reals read by :mod:`.sets` ---------------------------------------------------------

_MAX_SET_ENDPOINTS = 24


class _NotReal(Exception):
    pass


def _endpoint(tex: str, cache: dict) -> Any:
    """A real constant (exact when the reader gives one); anything else is not a set endpoint."""
    import sympy

    if tex in cache:
        return cache[tex]
    if len(cache) >= _MAX_SET_ENDPOINTS:
        raise _NotReal("too many endpoints")
    try:
        e = _parse(tex)
    except Exception as exc:  # noqa: BLE001 - the grammar raises plain Exceptions on bad input
        raise _NotReal(tex) from exc
    if not isinstance(e, sympy.Expr) or e.free_symbols or e.has(sympy.oo, -sympy.oo, sympy.zoo, sympy.nan) \
            or e.is_real is not True:
        raise _NotReal(tex)
    cache[tex] = e
    return e


def _real_set(t: tuple, cache: dict) -> Any:
    import sympy

    kind = t[0]
    if kind == "R":
        return sympy.S.Reals
    if kind == "E":
        return sympy.S.EmptySet
    if kind == "pts":
        return sympy.FiniteSet(*[_endpoint(x, cache) for x in t[1]])
    if kind == "iv":
        lo = -sympy.oo if t[1] is None else _endpoint(t[1], cache)
        hi = sympy.oo if t[2] is None else _endpoint(t[2], cache)
        if t[1] is not None and t[2] is not None and (hi - lo).is_positive is not True:
            raise _NotReal("an interval whose ends are not in order")   # (2, 1): a pair, not an interval
        return sympy.Interval(lo, hi, left_open=not t[3], right_open=not t[4])
    if kind == "minus":
        return sympy.Complement(_real_set(t[1], cache), _real_set(t[2], cache))
    parts = [_real_set(x, cache) for x in t[1]]
    if kind == "cup":
        if not all(sympy.Intersection(a, b) == sympy.S.EmptySet for i, a in enumerate(parts) for b in parts[i + 1:]):
            raise _NotReal("overlapping pieces")   # x < 3 or x <= 3: two answers offered, not one set
        return sympy.Union(*parts)
    if kind == "cap":
        return sympy.Intersection(*parts)
    # "list": a comma / "and" list is the union of disjoint pieces (x < -1, x > 1), else their intersection
    disjoint = all(sympy.Intersection(a, b) == sympy.S.EmptySet for i, a in enumerate(parts) for b in parts[i + 1:])
    return sympy.Union(*parts) if disjoint else sympy.Intersection(*parts)


def _pieces(s: Any) -> list[tuple[float, float]]:
    """A concrete set (:func:`_concrete`) as (lo, hi) float pieces, a point as (p, p); ends open or closed
    alike (only points away from every end are looked at)."""
    import sympy

    if s == sympy.S.EmptySet:
        return []
    if s == sympy.S.Reals:
        return [(-math.inf, math.inf)]
    if isinstance(s, sympy.Interval):
        return [(_float(s.start), _float(s.end))]
    if isinstance(s, sympy.FiniteSet):
        return [(v, v) for v in map(_float, s.args)]
    return [p for part in s.args for p in _pieces(part)]   # a Union of concrete sets


def _float(x: Any) -> float:
    import sympy

    if x in (sympy.oo, -sympy.oo):
        return math.inf if x == sympy.oo else -math.inf
    v = float(sympy.Float(x.evalf(30), 30))
    if not math.isfinite(v):
        raise _NotReal("an end that is no finite real")
    return v


def _told_apart(ia: Any, ig: Any) -> bool:
    """Two concrete sets of reals that differ at a point well away (> 1e-9, relative) from every end of
    either: the point lies in one and not in the other, so the sets are not equal. False: no such point
    among the midpoints between neighbouring ends and one point beyond each side (sympy decides)."""
    try:
        pa, pg = _pieces(ia), _pieces(ig)
    except (_NotReal, TypeError, ValueError):
        return False
    return _apart(pa, pg)


def _apart(pa: list[tuple[float, float]], pg: list[tuple[float, float]]) -> bool:
    """A probe point (:func:`_told_apart`) inside a piece of one and of none of the other."""
    ends = sorted({e for lo, hi in pa + pg for e in (lo, hi) if math.isfinite(e)})
    probes = [ends[0] - 1.0, ends[-1] + 1.0] if ends else [0.0]
    probes += [(x + y) / 2 for x, y in zip(ends, ends[1:]) if y - x > 4e-9 * max(1.0, abs(x), abs(y))]
    for t in probes:
        if any(abs(t - e) <= 1e-9 * max(1.0, abs(e)) for e in ends):
            continue
        if any(lo < t < hi for lo, hi in pa) != any(lo < t < hi for lo, hi in pg):
            return True
    return False


def _concrete(s: Any) -> bool:
    import sympy

    if isinstance(s, (sympy.Interval, sympy.FiniteSet)) or s in (sympy.S.Reals, sympy.S.EmptySet):
        return True
    return isinstance(s, sympy.Union) and all(_concrete(a) for a in s.args)


def _float_pieces(t: tuple, cache: dict) -> list[tuple[float, float]] | None:
    """A tree of intervals, points and unions as (lo, hi) float pieces (a point as (p, p)), its endpoints read as
    :func:`_real_set` reads them; None for another node (a difference, an intersection, a list)."""
    kind = t[0]
    if kind == "R":
        return [(-math.inf, math.inf)]
    if kind == "E":
        return []
    if kind == "pts":
        return [(v, v) for v in (_float(_endpoint(x, cache)) for x in t[1])]
    if kind == "iv":
        lo = -math.inf if t[1] is None else _float(_endpoint(t[1], cache))
        hi = math.inf if t[2] is None else _float(_endpoint(t[2], cache))
        return [(lo, hi)]
    if kind == "cup":
        out: list[tuple[float, float]] = []
        for x in t[1]:
            got = _float_pieces(x, cache)
            if got is None:
                return None
            out += got
        return out
    return None


def _apart_by_value(a: tuple, g: tuple) -> bool:
    """Two trees of reals (the whole line for their domain) that a point well away from every end tells apart
    (:func:`_apart`), read from their endpoints' values alone: no sympy set is built. False: not shown so."""
    cache: dict = {}
    try:
        pa, pg = _float_pieces(a, cache), _float_pieces(g, cache)
    except (_NotReal, TypeError, ValueError):
        return False
    return pa is not None and pg is not None and _apart(pa, pg)


def _within(s: Any, dom: Any, domain: str) -> Any:
    """``s`` intersected with the domain; a concrete set of real constants (intervals, points and their unions, the
    line, the empty set) is its own intersection with the real line, as sympy writes it too (the same terms: seeded
    trees in tests/rule/test_reader_gates.py), so sympy's intersection (most of a comparison's cost) is skipped."""
    if domain == "real" and _concrete(s):
        return s
    return s.intersect(dom)


def same_real_sets(a: tuple, g: tuple, domain: str, only_equal: bool = False) -> bool | None:
    """Two trees of :mod:`.sets` as subsets of the domain ("pos", "nonneg", "neg", "real"): True when equal,
    False when a part of one is provably outside the other, None when an endpoint is not a real constant
    or sympy cannot decide. Sets that a point well away from every endpoint tells apart are False at once,
    without sympy's set differences (most of this check's cost); ``only_equal`` (the caller acts on True
    alone): None for them."""
    import sympy

    if only_equal and domain == "real" and _apart_by_value(a, g):
        return None          # sets that differ are not equal: read so before sympy builds them
    cache: dict = {}
    try:
        sa, sg = _real_set(a, cache), _real_set(g, cache)
    except _NotReal:
        return None
    dom = {"pos": sympy.Interval.open(0, sympy.oo), "nonneg": sympy.Interval(0, sympy.oo),
           "neg": sympy.Interval.open(-sympy.oo, 0), "real": sympy.S.Reals}[domain]
    ia, ig = _within(sa, dom, domain), _within(sg, dom, domain)
    if not (_concrete(ia) and _concrete(ig)):
        return None
    if ia == ig:
        return True
    if _told_apart(ia, ig):
        return None if only_equal else False   # a point in one and not the other: no set difference needed
    da, dg = sympy.Complement(ia, ig), sympy.Complement(ig, ia)
    if da == sympy.S.EmptySet and dg == sympy.S.EmptySet:
        return True
    if _concrete(da) and _concrete(dg):
        return False
    return None
