"""Set-valued families of the metamorphic generator: a seeded grammar over the references that are sets of
real numbers (intervals, unions with singletons, inequality chains, ``m \\neq 1``, ``x \\le -2`` or
``x \\ge 3``) and over synthetic sets built from them (a singleton added, a point removed, the complement).

One set is written in two notations, one as the gold and one as the response: interval notation
(``\\left``/``\\right``, ``+\\infty``, ``\\cup``, singletons ``\\{1\\}``), inequality chains joined by "or"
(``\\text{ or }``, ``\\lor``, ``,``), set-builder (``\\{x \\mid ...\\}``, ``\\{x : ...\\}``,
``\\{x\\in\\mathbb R \\mid ...\\}``), complement and set difference (``\\mathbb{R}\\setminus\\{3\\}``,
``\\{x | x < \\frac32\\} - \\{-6\\}``, ``x \\neq 3``), unicode and ASCII (``(-∞,-3)∪(3,+∞)``,
``(-inf, -3] U [3, inf)``, ``x <= -2 or x >= 3``, ``x != 3``), with another variable name. The
near-misses change the set: one end open instead of closed (``near_sets_end``), a strict relation made
non-strict (``near_sets_strict``), a singleton dropped / a removed point restored / a point added
(``near_sets_point``), an endpoint moved (``near_sets_endpoint``), an intersection instead of the union
(``near_sets_cap``). A near-miss is kept only where it changes the set inside the question's domain.

:func:`register` adds the families to the generator's tables (called by :mod:`.families`).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Callable

from . import forms as F
from .refs import Reference, _is_interval, _scalar, _value, _var

__all__ = ["register", "reference_set", "SetC"]

_INF = F.Sym("inf")


@dataclass(frozen=True)
class Iv:
    lo: object | None            # None: -infinity
    hi: object | None            # None: +infinity
    lc: bool = False             # closed at lo
    hc: bool = False             # closed at hi


@dataclass(frozen=True)
class Pt:
    x: object


SetC = tuple   # sorted, disjoint components (Iv | Pt)


def _v(n: object | None, default: float) -> float:
    if n is None:
        return default
    z = _value(n)
    if z is None or abs(z.imag) > 1e-12:
        raise ValueError("not real")
    return float(z.real)


def _lo(c: object) -> float:
    return _v(c.lo, float("-inf")) if isinstance(c, Iv) else _v(c.x, 0.0)


def _hi(c: object) -> float:
    return _v(c.hi, float("inf")) if isinstance(c, Iv) else _v(c.x, 0.0)


def _const(n: object) -> bool:
    return n is not None and _scalar(n) and not F.has_symbols(n) and _value(n) is not None \
        and abs(_value(n).imag) < 1e-12


def _is_inf(n: object, neg: bool) -> bool:
    return (isinstance(n, F.Neg) and n.x == _INF) if neg else n == _INF


def _from_seq(n: F.Seq) -> list | None:
    if n.open == "{":
        return [Pt(i) for i in n.items] if all(_const(i) for i in n.items) else None
    if len(n.items) != 2:
        return None
    lo, hi = n.items
    lo = None if _is_inf(lo, True) else lo
    hi = None if _is_inf(hi, False) else hi
    if lo is not None and not _const(lo) or hi is not None and not _const(hi):
        return None
    return [Iv(lo, hi, n.open == "[" and lo is not None, n.close == "]" and hi is not None)]


_FLIP = {"<": ">", ">": "<", "le": "ge", "ge": "le", "ne": "ne", "=": "="}


def _from_rel(n: F.Rel) -> tuple[list, str] | None:
    p = n.parts
    syms = [i for i, x in enumerate(p[0::2]) if isinstance(x, F.Sym) and x.name not in ("pi", "e", "inf")]
    if len(syms) != 1:
        return None
    k = syms[0] * 2
    var = p[k].name
    others = [x for i, x in enumerate(p) if i % 2 == 0 and i != k]
    if not all(_const(x) for x in others):
        return None
    if len(p) == 5 and k == 2 and p[1] in ("<", "le") and p[3] in ("<", "le"):
        return [Iv(p[0], p[4], p[1] == "le", p[3] == "le")], var
    if len(p) == 5 and k == 2 and p[1] in (">", "ge") and p[3] in (">", "ge"):
        return [Iv(p[4], p[0], p[3] == "ge", p[1] == "ge")], var
    if len(p) != 3:
        return None
    op, c = (p[1], p[2]) if k == 0 else (_FLIP[p[1]], p[0])
    if op == "ne":
        return [Iv(None, c), Iv(c, None)], var
    if op == "=":
        return [Pt(c)], var
    return {"<": [Iv(None, c)], "le": [Iv(None, c, hc=True)], ">": [Iv(c, None)],
            "ge": [Iv(c, None, lc=True)]}[op], var


def _check(comps: list) -> SetC | None:
    try:
        comps = sorted(comps, key=lambda c: (_lo(c), _hi(c)))
        for c in comps:
            if isinstance(c, Iv) and not _lo(c) < _hi(c):
                return None
        for a, b in zip(comps, comps[1:]):
            if _hi(a) > _lo(b) or _hi(a) == _lo(b) and (isinstance(a, Pt) or isinstance(b, Pt) or a.hc or b.lc):
                return None       # overlapping or touching: not the canonical form
    except ValueError:
        return None
    return tuple(comps) if comps else None


def reference_set(ref: Reference) -> tuple[SetC, str] | None:
    """The reference as a set of reals (and its variable), or None when it is not one."""
    n, var = ref.node, _var(ref)
    comps: list | None = None
    if isinstance(n, F.Seq) and _is_interval(n, ref):
        comps = _from_seq(n)
    elif isinstance(n, F.Cup):
        comps = []
        for p in n.parts:
            got = _from_seq(p) if isinstance(p, F.Seq) else None
            if got is None:
                return None
            comps += got
    elif isinstance(n, F.Rel):
        got = _from_rel(n)
        if got is None:
            return None
        comps, var = got
    elif n is None and re.search(r"\bor\b", ref.gold):
        comps = []
        for piece in re.split(r"\$?\s*(?:\\text\{\s*or\s*\}|\bor\b)\s*\$?", ref.gold):
            piece = piece.strip().strip("$").replace("\\geqslant", "\\ge").replace("\\leqslant", "\\le")
            try:
                node = F.parse(piece)
            except (F.Unreadable, RecursionError):
                return None
            got = _from_rel(node) if isinstance(node, F.Rel) else None
            if got is None:
                return None
            comps += got[0]
            var = got[1]
    elif n is None and re.search(r"\\[lg]eqslant", ref.gold):
        try:
            node = F.parse(ref.gold.strip("$ ").replace("\\geqslant", "\\ge").replace("\\leqslant", "\\le"))
        except (F.Unreadable, RecursionError):
            return None
        got = _from_rel(node) if isinstance(node, F.Rel) else None
        comps, var = got if got else (None, var)
    if not comps or not any(isinstance(c, Iv) for c in comps):
        return None        # a value (x = 5) is not written as a set here
    got_set = _check(comps)
    return (got_set, var) if got_set else None


# ------------------------------------------------------------------ float model (validity of near-misses)

def _pieces(s: SetC) -> list[tuple[float, float, bool, bool]]:
    out = []
    for c in s:
        if isinstance(c, Pt):
            out.append((_lo(c), _lo(c), True, True))
        else:
            out.append((_lo(c), _hi(c), c.lc, c.hc))
    return out


def _contains(s: SetC, x: float) -> bool:
    for lo, hi, lc, hc in _pieces(s):
        if lo < x < hi or x == lo and lc or x == hi and hc:
            return True
    return False


def _probes(*sets: SetC) -> list[float]:
    ends = sorted({e for s in sets for p in _pieces(s) for e in p[:2] if abs(e) != float("inf")})
    pts = list(ends)
    for a, b in zip(ends, ends[1:]):
        pts.append((a + b) / 2)
    if ends:
        pts += [ends[0] - 1.0, ends[-1] + 1.0]
    else:
        pts.append(0.0)
    return pts


def _differ(a: SetC, b: SetC, question: str, var: str) -> bool:
    """``a`` and ``b`` differ at some point of the question's domain (positive / non-negative numbers)."""
    pos = re.search(rf"positive|non-?negative|{re.escape(var)}\s*(?:>|\\geq?|\\ge)\s*0", question)
    for x in _probes(a, b):
        if pos and x <= 0:
            continue
        if _contains(a, x) != _contains(b, x):
            return True
    return False


# ------------------------------------------------------------------ synthetic sets

def _num(v: int) -> object:
    return F.Num(str(v)) if v >= 0 else F.Neg(F.Num(str(-v)))


def _add_point(s: SetC, rng: random.Random) -> SetC | None:
    ends = [e for p in _pieces(s) for e in p[:2] if abs(e) != float("inf")]
    base = int(round(ends[0])) if ends else 0
    cands = [base + d for d in range(-6, 7) if not any(abs(base + d - e) < 1e-9 for e in ends)
             and not _contains(s, base + d)]
    cands = [x for x in cands if all(abs(x - e) > 1e-9 for e in ends)]
    if not cands:
        return None
    return _check(list(s) + [Pt(_num(rng.choice(cands)))])


def _remove_point(s: SetC, rng: random.Random) -> SetC | None:
    opts = []
    for i, c in enumerate(s):
        if isinstance(c, Iv):
            lo, hi = _lo(c), _hi(c)
            a = int(lo) + 1 if lo != float("-inf") else int(hi) - 6 if hi != float("inf") else -5
            b = int(hi) if hi != float("inf") else a + 6
            for x in range(max(a, -50), min(b, a + 12) + 1):
                if lo < x < hi:
                    opts.append((i, x))
    if not opts:
        return None
    i, x = rng.choice(opts)
    c = s[i]
    return _check(list(s[:i]) + [Iv(c.lo, _num(x), c.lc, False), Iv(_num(x), c.hi, False, c.hc)] + list(s[i + 1:]))


def _complement(s: SetC) -> SetC | None:
    out: list = []
    cur, cur_closed, tail = None, False, True       # the next gap starts at cur (None: -infinity)
    for c in s:
        a, ac, b, bc = (c.x, True, c.x, True) if isinstance(c, Pt) else (c.lo, c.lc, c.hi, c.hc)
        if a is not None:
            if cur is None or _v(cur, 0) < _v(a, 0):
                out.append(Iv(cur, a, cur_closed and cur is not None, not ac))
            elif cur_closed and not ac:
                out.append(Pt(a))
        if b is None:
            tail = False
            break
        cur, cur_closed = b, not bc
    if tail:
        out.append(Iv(cur, None, cur_closed, False))
    if not any(isinstance(c, Iv) for c in out):
        return None
    return _check(out)


def _synthetic(s: SetC, rng: random.Random) -> SetC:
    op = rng.choice(("none", "none", "add", "remove", "complement"))
    got = {"none": lambda: s, "add": lambda: _add_point(s, rng), "remove": lambda: _remove_point(s, rng),
           "complement": lambda: _complement(s)}[op]()
    return got or s


# ------------------------------------------------------------------ notations

_VARS = ("x", "x", "t", "a", "y", "\\lambda", "m")


def _latex_style(st: F.Style, rng: random.Random) -> F.Style:
    return F.Style(frac=st.frac if st.frac != "frac" else rng.choice(("frac", "frac", "dfrac")), lr=st.lr,
                   mul=st.mul, space=st.space, rel=rng.choice(("plain", "long")))


def _end(n: object | None, neg: bool, st: F.Style, rng: random.Random) -> str:
    if n is not None:
        return F.render(n, st)
    if st.script == "latex":
        return "-\\infty" if neg else rng.choice(("\\infty", "\\infty", "+\\infty"))
    if st.script == "unicode":
        return "-∞" if neg else rng.choice(("∞", "+∞"))
    return "-inf" if neg else rng.choice(("inf", "+inf", "infinity"))


def _interval_text(s: SetC, st: F.Style, rng: random.Random) -> str:
    latex = st.script == "latex"
    lr = latex and (st.lr or rng.random() < 0.2)
    comma = rng.choice((",", ", "))
    parts, pts = [], []
    for c in list(s) + [None]:
        if isinstance(c, Pt):
            pts.append(F.render(c.x, st))
            continue
        if pts:
            body = comma.join(pts)
            parts.append(f"\\{{{body}\\}}" if latex else f"{{{body}}}")
            pts = []
        if c is None:
            break
        o, cl = "[" if c.lc else "(", "]" if c.hc else ")"
        if lr:
            o, cl = "\\left" + o, "\\right" + cl
        parts.append(f"{o}{_end(c.lo, True, st, rng)}{comma}{_end(c.hi, False, st, rng)}{cl}")
    cup = rng.choice((" \\cup ", "\\cup ", " \\cup")) if latex else \
        rng.choice((" ∪ ", "∪")) if st.script == "unicode" else " U "
    return cup.join(parts)


def _rel(op: str, st: F.Style, rng: random.Random) -> str:
    if st.script == "latex" and op in ("le", "ge") and rng.random() < 0.25:
        return {"le": "\\leqslant", "ge": "\\geqslant"}[op]
    return F.rel_text(op, st)


def _atom(c: object, var: str, st: F.Style, rng: random.Random) -> str:
    r = lambda op: _rel(op, st, rng)  # noqa: E731
    if isinstance(c, Pt):
        return f"{var} = {F.render(c.x, st)}"
    lo = None if c.lo is None else F.render(c.lo, st)
    hi = None if c.hi is None else F.render(c.hi, st)
    if lo is None and hi is None:
        return f"{var} \\in \\mathbb{{R}}" if st.script == "latex" else f"{var} ∈ ℝ"
    if lo is None:
        return f"{var} {r('le' if c.hc else '<')} {hi}" if rng.random() < 0.85 else \
            f"{hi} {r('ge' if c.hc else '>')} {var}"
    if hi is None:
        return f"{var} {r('ge' if c.lc else '>')} {lo}" if rng.random() < 0.85 else \
            f"{lo} {r('le' if c.lc else '<')} {var}"
    if rng.random() < 0.1:
        return f"{hi} {r('ge' if c.hc else '>')} {var} {r('ge' if c.lc else '>')} {lo}"
    return f"{lo} {r('le' if c.lc else '<')} {var} {r('le' if c.hc else '<')} {hi}"


def _or(st: F.Style, rng: random.Random, comma: bool = True) -> str:
    if st.script != "latex":
        return rng.choice((" or ", ", ") if comma else (" or ",))
    opts = [" \\text{ or } ", "\\text{ or }", " \\text{or} ", " \\quad\\text{or}\\quad ", " \\lor ", " \\vee ",
            " or "]
    return rng.choice(opts + ([", "] if comma else []))


def _gaps(s: SetC) -> tuple[SetC, list] | None:
    """``s`` as (base, removed points) when it has gaps: (-oo,-6) U (-6,3/2) -> ((-oo,3/2), [-6])."""
    out, removed = [], []
    for c in s:
        if out and isinstance(c, Iv) and isinstance(out[-1], Iv) and c.lo is not None and out[-1].hi is not None \
                and not c.lc and not out[-1].hc and abs(_lo(c) - _hi(out[-1])) < 1e-12:
            removed.append(c.lo)
            out[-1] = Iv(out[-1].lo, c.hi, out[-1].lc, c.hc)
        else:
            out.append(c)
    return (tuple(out), removed) if removed else None


def _ineq_text(s: SetC, var: str, st: F.Style, rng: random.Random, comma: bool = True) -> str:
    g = _gaps(s)
    if g and len(g[0]) == 1 and g[0][0] == Iv(None, None) and rng.random() < 0.7:
        ne = F.rel_text("ne", replace_rel(st, rng))
        joiner = rng.choice((" \\text{ and } ", ", ", " \\land ")) if st.script == "latex" else rng.choice((" and ", ", "))
        return joiner.join(f"{var} {ne} {F.render(p, st)}" for p in g[1])
    sep = _or(st, rng, comma)
    return sep.join(_atom(c, var, st, rng) for c in s)


def replace_rel(st: F.Style, rng: random.Random) -> F.Style:
    return F.Style(frac=st.frac, lr=st.lr, mul=st.mul, script=st.script, space=st.space,
                   rel=rng.choice(("plain", "long")) if st.script == "latex" else st.rel)


def _builder_text(s: SetC, var: str, st: F.Style, rng: random.Random) -> str:
    body = _ineq_text(s, var, st, rng, comma=False)
    if st.script != "latex":
        head = rng.choice((var, f"{var} ∈ ℝ" if st.script == "unicode" else f"{var} in R"))
        return f"{{{head}{rng.choice((' | ', ' : ', '|'))}{body}}}"
    head = rng.choice((var, var, f"{var} \\in \\mathbb{{R}}", f"{var}\\in\\mathbb R"))
    bar = rng.choice((" \\mid ", " : ", " | ", "\\mid "))
    lo, hi = rng.choice((("\\{", "\\}"), ("\\{", "\\}"), ("\\left\\{", "\\right\\}"), ("\\lbrace ", "\\rbrace")))
    return f"{lo}{head}{bar}{body}{hi}"


def _difference_text(s: SetC, var: str, st: F.Style, rng: random.Random) -> str | None:
    g = _gaps(s)
    if g is None:
        return None
    base, removed = g
    minus = rng.choice((" \\setminus ", "\\setminus ", " - ", " \\backslash ", "\\backslash "))
    pts = "\\{" + ", ".join(F.render(p, st) for p in removed) + "\\}"
    if len(base) == 1 and base[0] == Iv(None, None):
        left = rng.choice(("\\mathbb{R}", "\\mathbb R", "\\mathbb{R}", "\\R"))
    elif rng.random() < 0.5:
        left = _builder_text(base, var, st, rng)
    else:
        left = _interval_text(base, st, rng)
        if len(base) > 1:
            left = f"\\left({left}\\right)" if rng.random() < 0.5 else f"({left})"
    return (f"{var} \\in " if rng.random() < 0.15 else "") + left + minus + pts


def _script_text(s: SetC, var: str, rng: random.Random) -> str:
    st = F.Style(script=rng.choice(("unicode", "ascii")), space=rng.random() < 0.5)
    # (no set-builder with plain braces here: inside a box they are a LaTeX group, not a set)
    return _interval_text(s, st, rng) if rng.random() < 0.5 else _ineq_text(s, var, st, rng)


def _any_latex(s: SetC, var: str, st: F.Style, rng: random.Random) -> str:
    kind = rng.choice(("interval", "interval", "ineq", "ineq", "builder", "in"))
    if kind == "interval":
        return _interval_text(s, st, rng)
    if kind == "ineq":
        return _ineq_text(s, var, st, rng)
    if kind == "in":
        return f"{var} \\in {_interval_text(s, st, rng)}"
    return _builder_text(s, var, st, rng)


# ------------------------------------------------------------------ families

Out = tuple  # (answer, gold, plain)


def _setup(ref: Reference, rng: random.Random, synth: bool = True) -> tuple[SetC, str, str, bool] | None:
    got = reference_set(ref)
    if got is None:
        return None
    s0, var = got
    s = _synthetic(s0, rng) if synth else s0
    var_a = rng.choice(_VARS) if rng.random() < 0.3 else var
    return s, var, var_a, s == s0


def _pair(ref: Reference, s: SetC, var: str, st: F.Style, rng: random.Random, gold_text: Callable[[], str],
          same: bool, answer: str, plain: bool = False) -> Out:
    gold = ref.gold if same and rng.random() < 0.3 else gold_text()
    if rng.random() < 0.5 and not plain:
        return gold, answer, False    # the two notations swapped: the reference written the new way
    return answer, gold, plain


def _eq_interval_ineq(ref: Reference, rng: random.Random, st: F.Style) -> Out | None:
    got = _setup(ref, rng)
    if got is None:
        return None
    s, var, var_a, same = got
    st = _latex_style(st, rng)
    if rng.random() < 0.5:
        return _pair(ref, s, var, st, rng, lambda: _interval_text(s, st, rng), same, _ineq_text(s, var_a, st, rng))
    return _pair(ref, s, var, st, rng, lambda: _ineq_text(s, var, st, rng), same, _interval_text(s, st, rng))


def _eq_builder(ref: Reference, rng: random.Random, st: F.Style) -> Out | None:
    got = _setup(ref, rng)
    if got is None:
        return None
    s, var, var_a, same = got
    st = _latex_style(st, rng)
    other = (lambda: _interval_text(s, st, rng)) if rng.random() < 0.5 else (lambda: _ineq_text(s, var, st, rng))
    return _pair(ref, s, var, st, rng, other, same, _builder_text(s, var_a, st, rng))


def _eq_difference(ref: Reference, rng: random.Random, st: F.Style) -> Out | None:
    got = _setup(ref, rng)
    if got is None:
        return None
    s, var, var_a, same = got
    if _gaps(s) is None:
        s2 = _remove_point(s, rng)
        if s2 is None:
            return None
        s, same = s2, False
    st = _latex_style(st, rng)
    diff = _difference_text(s, var_a, st, rng)
    if diff is None:
        return None
    if rng.random() < 0.3:   # the \ne form against the difference
        g = _gaps(s)
        if g and len(g[0]) == 1 and g[0][0] == Iv(None, None):
            return diff, _ineq_text(s, var, st, rng), False
    other = (lambda: _interval_text(s, st, rng)) if rng.random() < 0.5 else (lambda: _ineq_text(s, var, st, rng))
    return _pair(ref, s, var, st, rng, other, same, diff)


def _eq_script(ref: Reference, rng: random.Random, st: F.Style) -> Out | None:
    got = _setup(ref, rng)
    if got is None:
        return None
    s, var, var_a, same = got
    st = _latex_style(st, rng)
    return _pair(ref, s, var, st, rng, lambda: _any_latex(s, var, st, rng), same, _script_text(s, var_a, rng),
                 plain=True)


# near-misses ------------------------------------------------------------------

def _flip_end(s: SetC, rng: random.Random) -> SetC | None:
    ends = [(i, side) for i, c in enumerate(s) if isinstance(c, Iv)
            for side in ("lo", "hi") if getattr(c, side) is not None]
    if not ends:
        return None
    i, side = rng.choice(ends)
    c = s[i]
    new = Iv(c.lo, c.hi, not c.lc, c.hc) if side == "lo" else Iv(c.lo, c.hi, c.lc, not c.hc)
    comps = list(s[:i]) + [new] + list(s[i + 1:])
    try:
        return tuple(sorted(comps, key=lambda c: (_lo(c), _hi(c))))
    except ValueError:
        return None


def _point_change(s: SetC, rng: random.Random) -> SetC | None:
    pts = [i for i, c in enumerate(s) if isinstance(c, Pt)]
    if pts and rng.random() < 0.6 and len(s) > 1:
        i = rng.choice(pts)
        return s[:i] + s[i + 1:]
    g = _gaps(s)
    if g and rng.random() < 0.6:
        base, removed = g
        keep = removed[1:]
        out: SetC = base
        for p in keep:
            got = _remove_at(out, p)
            if got is None:
                return None
            out = got
        return out
    return _add_point(s, rng)


def _remove_at(s: SetC, p: object) -> SetC | None:
    x = _v(p, 0.0)
    for i, c in enumerate(s):
        if isinstance(c, Iv) and _lo(c) < x < _hi(c):
            return _check(list(s[:i]) + [Iv(c.lo, p, c.lc, False), Iv(p, c.hi, False, c.hc)] + list(s[i + 1:]))
    return None


def _move_end(s: SetC, rng: random.Random) -> SetC | None:
    ends = [(i, side) for i, c in enumerate(s) for side in (("lo", "hi") if isinstance(c, Iv) else ("x",))
            if getattr(c, side) is not None]
    if not ends:
        return None
    i, side = rng.choice(ends)
    c = s[i]
    old = getattr(c, side)
    d = rng.choice((1, 1, 2, -1))
    if isinstance(old, F.Num) and old.text.isdigit():
        new = _num(int(old.text) + d)
    elif isinstance(old, F.Neg) and isinstance(old.x, F.Num) and old.x.text.isdigit():
        new = _num(-int(old.x.text) + d)
    else:
        new = F.Add((old, F.Num(str(d)) if d > 0 else F.Neg(F.Num(str(-d)))))
    comps = list(s)
    comps[i] = Pt(new) if side == "x" else (Iv(new, c.hi, c.lc, c.hc) if side == "lo" else Iv(c.lo, new, c.lc, c.hc))
    return _check(comps)


def _near(ref: Reference, rng: random.Random, st: F.Style, mutate: Callable[[SetC, random.Random], SetC | None],
          notation: str = "any") -> Out | None:
    got = reference_set(ref)
    if got is None:
        return None
    s0, var = got
    s = _synthetic(s0, rng)
    bad = mutate(s, rng)
    if bad is None or not _differ(s, bad, ref.question, var):
        return None
    st = _latex_style(st, rng)
    var_a = rng.choice(_VARS) if rng.random() < 0.3 else var
    gold = ref.gold if s == s0 and rng.random() < 0.3 else _any_latex(s, var, st, rng)
    if notation == "ineq":
        return _ineq_text(bad, var_a, st, rng), gold, False
    k = rng.random()
    if k < 0.15:
        return _script_text(bad, var_a, rng), gold, True
    if k < 0.3 and _gaps(bad):
        return _difference_text(bad, var_a, st, rng), gold, False
    return _any_latex(bad, var_a, st, rng), gold, False


def _near_end(ref: Reference, rng: random.Random, st: F.Style) -> Out | None:
    return _near(ref, rng, st, _flip_end)


def _near_strict(ref: Reference, rng: random.Random, st: F.Style) -> Out | None:
    return _near(ref, rng, st, _flip_end, notation="ineq")


def _near_point(ref: Reference, rng: random.Random, st: F.Style) -> Out | None:
    return _near(ref, rng, st, _point_change)


def _near_endpoint(ref: Reference, rng: random.Random, st: F.Style) -> Out | None:
    return _near(ref, rng, st, _move_end)


def _near_cap(ref: Reference, rng: random.Random, st: F.Style) -> Out | None:
    got = reference_set(ref)
    if got is None:
        return None
    s0, var = got
    s = _synthetic(s0, rng)
    if len(s) < 2:
        return None
    st = _latex_style(st, rng)
    var_a = rng.choice(_VARS) if rng.random() < 0.3 else var
    gold = ref.gold if s == s0 and rng.random() < 0.3 else _any_latex(s, var, st, rng)
    if rng.random() < 0.5:
        pieces = [_interval_text((c,), st, rng) for c in s]
        return rng.choice((" \\cap ", "\\cap ")).join(pieces), gold, False
    # the logical "and" (the word "and" between ranges reads as a list of them: "x < 2 and x > 3")
    and_ = rng.choice((" \\land ", " \\wedge ", "\\land "))
    return and_.join(_atom(c, var_a, st, rng) for c in s), gold, False


EQ = {"sets_interval_ineq": _eq_interval_ineq, "sets_builder": _eq_builder, "sets_difference": _eq_difference,
      "sets_script": _eq_script}
NEAR = {"near_sets_end": _near_end, "near_sets_strict": _near_strict, "near_sets_point": _near_point,
        "near_sets_endpoint": _near_endpoint, "near_sets_cap": _near_cap}


def register(equivalent: dict, near_miss: dict, draft: type) -> None:
    """Add the set families to the generator's tables; ``draft`` is its Draft class."""
    def adapt(fn: Callable) -> Callable:
        def fam(ref: Reference, rng: random.Random, st: F.Style) -> object:
            out = fn(ref, rng, st)
            if out is None:
                return None
            answer, gold, plain = out
            return draft(answer, gold=gold, plain=plain)
        fam.__name__ = fn.__name__
        fam.__doc__ = fn.__doc__
        return fam
    for name, fn in EQ.items():
        equivalent[name] = adapt(fn)
    for name, fn in NEAR.items():
        near_miss[name] = adapt(fn)
