"""Renderings by an independent writer: sympy's printers (issue 14, differential testing of notation).

The generator's own writer (:mod:`rlverify.analysis.metamorphic.forms`) knows the notations this project thought of.
These families turn a reference's tree into a sympy expression (built node by node from the trusted
reference, never by parsing text) and write it the ways sympy writes it, which nobody here chose:
``latex`` with its own term order and fraction layout (``- \\frac{\\sqrt{3}}{2}``, ``2 \\sqrt{3} x``), its
options (``\\cdot``/``\\times`` products, ``\\sqrt{3} / 2`` folded fractions, ``3^{\\frac{1}{2}}`` powers,
``\\operatorname{asin}`` / ``\\arcsin`` / ``\\sin^{-1}``, ``\\log`` vs ``\\ln``), algebraic rewrites
(``expand``, ``factor``, ``together``, ``radsimp``, ``cancel``) and the plain-text printers (``sqrt(3)/2``,
``x**2 + 1``, ``x^2 + 1``, one-line unicode ``√3⋅x``).

equivalent: ``cas_render``; near-miss: ``near_cas_render`` (the same writers applied to a value moved by a
small rational step, a doubled value or an integer leaf changed by one).
"""

from __future__ import annotations

import functools
import random
import re
from fractions import Fraction
from typing import Any

from ...runtime.caches import lru
from . import forms as F
from .refs import Reference

__all__ = ["to_sympy", "cas_renderings", "register"]

# Filled by register() with the generator's Draft class (this module does not import families: no cycle)
Draft: Any = None


def register(equivalent: dict, near_miss: dict, draft: type) -> None:
    """Add ``cas_render`` / ``near_cas_render`` to the generator's tables; ``draft`` is its Draft class."""
    global Draft
    Draft = draft
    equivalent["cas_render"] = _cas_render
    near_miss["near_cas_render"] = _near_cas_render

_MAX_EXPONENT = 400       # a literal power larger than this is not expanded (2^{2024} stays a power)
_MAX_NODES = 40


class _Skip(Exception):
    pass


def _size(n: object) -> int:
    return 1 + sum(_size(c) for c in F.children(n))


def to_sympy(n: object) -> Any:
    """A scalar reference tree as a sympy expression (exact numbers); raises _Skip outside the subset."""
    import sympy as sp

    if isinstance(n, F.Num):
        if "e" in n.text:
            raise _Skip(n.text)
        return sp.Rational(Fraction(n.text))
    if isinstance(n, F.Sym):
        special = {"pi": sp.pi, "e": sp.E, "i": sp.I}
        if n.name in special:
            return special[n.name]
        if n.name == "inf":
            raise _Skip(n.name)
        return sp.Symbol(n.name, real=True)
    if isinstance(n, F.Neg):
        return -to_sympy(n.x)
    if isinstance(n, F.Paren):
        return to_sympy(n.x)
    if isinstance(n, F.Add):
        return sp.Add(*[to_sympy(t) for t in n.terms])
    if isinstance(n, F.Mul):
        return sp.Mul(*[to_sympy(f) for f in n.factors])
    if isinstance(n, F.Frac):
        d = to_sympy(n.d)
        if d == 0:
            raise _Skip("0 denominator")
        return to_sympy(n.n) / d
    if isinstance(n, F.Pow):
        e = to_sympy(n.e)
        if e.is_number and abs(e) > _MAX_EXPONENT:
            raise _Skip("large exponent")
        return sp.Pow(to_sympy(n.b), e)
    if isinstance(n, F.Sqrt):
        x = to_sympy(n.x)
        return sp.sqrt(x) if n.idx is None else sp.root(x, to_sympy(n.idx))
    if isinstance(n, F.Func):
        fn = {"sin": sp.sin, "cos": sp.cos, "tan": sp.tan, "cot": sp.cot, "sec": sp.sec, "csc": sp.csc,
              "ln": sp.log, "exp": sp.exp, "arcsin": sp.asin, "arccos": sp.acos, "arctan": sp.atan}.get(n.name)
        if fn is None:
            raise _Skip(n.name)     # ``\\log`` may mean base 10 or e: not written by sympy's ``\\log``
        return fn(to_sympy(n.arg))
    raise _Skip(type(n).__name__)


def _one_line(text: str) -> bool:
    return "\n" not in text and len(text) <= 200


def _writers(e: Any) -> list[tuple[str, str, bool]]:
    """(name, text, plain) for every way sympy writes ``e``."""
    import sympy as sp

    out: list[tuple[str, str, bool]] = []
    latex_opts = {
        "latex": {},
        "latex_cdot": {"mul_symbol": "dot"},
        "latex_times": {"mul_symbol": "times"},
        "latex_folded": {"fold_short_frac": True},
        "latex_powers": {"root_notation": False},
        "latex_inv_full": {"inv_trig_style": "full"},
        "latex_inv_power": {"inv_trig_style": "power"},
        "latex_ln": {"ln_notation": True},
    }
    for name, opts in latex_opts.items():
        out.append((name, sp.latex(e, **opts), False))
    rewrites = {"expand": sp.expand, "factor": sp.factor, "together": sp.together, "radsimp": sp.radsimp,
                "cancel": sp.cancel}
    for name, fn in rewrites.items():
        try:
            r = fn(e)
        except (TypeError, ValueError, NotImplementedError, sp.PolynomialError):
            continue
        out.append((name, sp.latex(r), False))
    plain = sp.sstr(e)
    if e.has(sp.I):
        plain = re.sub(r"\bI\b", "i", plain)     # sympy's imaginary unit and Euler's number as people write them
    if e.has(sp.E):
        plain = re.sub(r"\bE\b", "e", plain)
    out.append(("sstr", plain, True))
    out.append(("sstr_caret", plain.replace("**", "^"), True))
    pretty = sp.pretty(e, use_unicode=True)
    if _one_line(pretty):
        out.append(("pretty", pretty, True))
    return [(n, t, p) for n, t, p in out if _one_line(t)]


@lru("analysis.cas_renderings")
def cas_renderings(node: object) -> tuple[tuple[str, str, bool], ...]:
    """Every sympy writing of a scalar reference that differs from the generator's canonical one."""
    if node is None or _size(node) > _MAX_NODES or isinstance(node, (F.Rel, F.Cup, F.Mat, F.Pct, F.Deg)):
        return ()
    if isinstance(node, (F.Seq, F.Lst)):
        return _collection_renderings(node)
    try:
        e = to_sympy(node)
    except (_Skip, ValueError, TypeError, ZeroDivisionError, OverflowError):
        return ()
    if e.has(*_nan_like()):
        return ()
    return _distinct(node, _writers(e))


def _collection_renderings(node: Any) -> tuple[tuple[str, str, bool], ...]:
    """A tuple, interval, set or list whose every item sympy writes the same way (``(\\frac{\\sqrt{2}}{2}, 1)``,
    ``\\{-1, \\frac{1}{2}\\}``); the brackets are the reference's, the items sympy's."""
    items = node.items
    if not 2 <= len(items) <= 8:
        return ()
    per_item = []
    for it in items:
        if isinstance(it, (F.Seq, F.Lst, F.Rel, F.Cup, F.Mat, F.Pct, F.Deg)):
            return ()
        try:
            e = to_sympy(it)
        except (_Skip, ValueError, TypeError, ZeroDivisionError, OverflowError):
            return ()
        if e.has(*_nan_like()) or (isinstance(it, F.Sym) and it.name == "inf"):
            return ()
        per_item.append({name: (text, plain) for name, text, plain in _writers(e)})
    names = [n for n in per_item[0] if all(n in d for d in per_item)]
    written = []
    for name in names:
        plain = per_item[0][name][1]
        body = ", ".join(d[name][0] for d in per_item)
        if isinstance(node, F.Lst):
            text = body
        elif node.open == "{":
            text = "{" + body + "}" if plain else "\\{" + body + "\\}"
        else:
            text = node.open + body + node.close
        written.append((name, text, plain))
    return _distinct(node, written)


def _distinct(node: Any, written: list[tuple[str, str, bool]]) -> tuple[tuple[str, str, bool], ...]:
    """The writings that differ (up to blanks) from each other and from the generator's canonical one."""
    canon = F.render(node).replace(" ", "")
    seen, out = set(), []
    for name, text, plain in written:
        key = text.replace(" ", "")
        if key != canon and key not in seen:
            seen.add(key)
            out.append((name, text, plain))
    return tuple(out)


@functools.lru_cache(maxsize=1)
def _nan_like() -> tuple:
    import sympy as sp

    return (sp.nan, sp.zoo, sp.oo, -sp.oo)


def _cas_render(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """The reference as sympy writes it (LaTeX printer options, algebraic rewrites, plain-text printers)."""
    opts = cas_renderings(ref.node)
    if not opts:
        return None
    name, text, plain = rng.choice(opts)
    return Draft(text, plain=plain)


def _moved(e: Any, rng: random.Random) -> Any:
    import sympy as sp

    ints = sorted({a for a in e.atoms(sp.Integer) if 1 < abs(a) < 10**6}, key=str)
    choice = rng.randrange(3) if ints else rng.randrange(2)
    if choice == 0:
        return e + sp.Rational(rng.choice((1, -1, 2)), rng.choice((1, 2, 3)))
    if choice == 1:
        return 2 * e
    a = rng.choice(ints)
    return e.xreplace({a: a + rng.choice((1, -1))})


def _differs(a: Any, b: Any) -> bool:
    """``a`` and ``b`` differ at a generic point (relative 1e-6): a near-miss a reader must reject."""
    import sympy as sp

    names = sorted(a.free_symbols | b.free_symbols, key=str)
    pts = {s: sp.Rational(7, 3) + k for k, s in enumerate(names)}
    try:
        va, vb = complex(sp.N(a.subs(pts), 30)), complex(sp.N(b.subs(pts), 30))
    except (TypeError, ValueError, ZeroDivisionError):
        return False
    return abs(va - vb) > 1e-6 * max(1.0, abs(vb))


def _near_cas_render(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """A different value written by sympy's printers."""
    if isinstance(ref.node, (F.Seq, F.Lst)) or not cas_renderings(ref.node):
        return None     # collections: near_swap / near_drop / near_digit move their items
    import sympy as sp

    e = to_sympy(ref.node)
    moved = _moved(e, rng)
    if moved.has(*_nan_like()) or not _differs(moved, e):
        return None
    opts = _writers(moved)
    if not opts:
        return None
    name, text, plain = rng.choice(opts)
    del sp
    return Draft(text, plain=plain)
