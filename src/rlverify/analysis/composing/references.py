"""Reference forms (the gold side): a bare value, ``SYMBOL = quantity``, ``SYMBOL \\approx quantity``, with or
without its unit, in scientific notation, or an exact reference (an integer, a fraction, an expression).

Axes: ``ref_bare``, ``ref_label``, ``ref_approx`` (one wrapper), ``ref_unit`` (the unit written), ``ref_sci`` (a
decimal in scientific notation), ``ref_exact`` (an integer/fraction/expression reference).
"""

from __future__ import annotations

import random
from typing import Any

from .values import UNITS, Item, exact_text, plain, sci

__all__ = ["AXES", "number_text", "unit_text", "gold_text", "expr_tex"]

# name: (slot, item kinds it applies to)
AXES: dict[str, tuple[str, frozenset[str]]] = {
    "ref_bare": ("ref_wrap", frozenset({"decimal", "exact", "expr"})),
    "ref_label": ("ref_wrap", frozenset({"decimal", "exact", "expr"})),
    "ref_approx": ("ref_wrap", frozenset({"decimal"})),
    "ref_unit": ("ref_unit", frozenset({"decimal", "exact"})),
    "ref_sci": ("ref_num", frozenset({"decimal"})),
    "ref_exact": ("ref_num", frozenset({"exact", "expr"})),
}


def pick(st: dict, key: str, options: Any, rng: random.Random) -> Any:
    """A style choice drawn once per pair of rows (the correct row and its near-miss share it)."""
    if key not in st:
        st[key] = rng.choice(list(options))
    return st[key]


def number_text(item: Item, sci_form: bool, st: dict, rng: random.Random, value: Any = None,
                places: int | None = None) -> str:
    """The reference's number as written (its stated digits), plain or in scientific notation."""
    v = item.value if value is None else value
    p = item.places if places is None else places
    if p is None:
        return exact_text(v)
    if sci_form:
        return sci(v, p, pick(st, "ref_sci_style", ("times", "times", "cdot", "tight"), rng))
    return plain(v, p)


def unit_text(unit: str, st: dict, rng: random.Random, key: str = "ref_unit_style") -> str:
    """A TeX writing of ``unit`` after a number (separator included; '' for a pure number)."""
    u = UNITS[unit]
    if not u.sym:
        return ""
    if u.sym in ("\\%",) or u.sym.startswith("^"):
        return pick(st, key + ":" + unit, (u.sym,) + u.tex, rng)
    sep = pick(st, key + ":sep", ("\\,", "\\ ", " ", "~"), rng)
    if "\\" in u.sym:
        forms: tuple[str, ...] = (u.sym,)
    elif "^" in u.sym:                                 # g/cm^3: the power outside \text, or braced in \mathrm
        base, _, power = u.sym.partition("^")
        forms = (f"\\text{{{base}}}^{power}", f"\\mathrm{{{base}^{{{power}}}}}")
    else:
        forms = (f"\\text{{{u.sym}}}", f"\\mathrm{{{u.sym}}}")
    return sep + pick(st, key + ":" + unit, forms + u.tex, rng)


def expr_tex(expr: Any, style: str) -> str:
    import sympy as sp

    if style == "slash":
        return sp.latex(expr, ln_notation=True, fold_short_frac=True)
    if style == "log":
        return sp.latex(expr)
    return sp.latex(expr, ln_notation=True)


def gold_text(item: Item, axes: frozenset[str], st: dict, rng: random.Random) -> str:
    """The reference as written for this row's axes."""
    if item.kind == "expr":
        body = expr_tex(item.antiderivative, pick(st, "gold_expr_style", ("latex", "latex", "log"), rng))
    else:
        body = number_text(item, "ref_sci" in axes, st, rng)
        if "ref_unit" in axes:
            body += unit_text(item.unit, st, rng)
    if "ref_label" in axes:
        return f"{item.symbol} = {body}"
    if "ref_approx" in axes:
        return f"{item.symbol} \\approx {body}"
    return body
