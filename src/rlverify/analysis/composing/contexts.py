"""Question contexts: none, a unit asked (``in kJ``), options listed ``(a) ... (b) ...``, an indefinite integral
asked, a rounding asked.

Axes: ``ctx_none``, ``ctx_unit``, ``ctx_options``, ``ctx_integral``, ``ctx_round``.
"""

from __future__ import annotations

import random
from fractions import Fraction

from .references import number_text, pick, unit_text
from .values import UNITS, Item, differs, lead, rounds_to

__all__ = ["AXES", "LETTERS", "option_values", "question_text"]

AXES: dict[str, tuple[str, frozenset[str]]] = {
    "ctx_none": ("ctx_none", frozenset({"decimal", "exact", "expr"})),
    "ctx_unit": ("ctx_unit", frozenset({"decimal", "exact"})),
    "ctx_options": ("ctx_options", frozenset({"decimal", "exact"})),
    "ctx_integral": ("ctx_integral", frozenset({"expr"})),
    "ctx_round": ("ctx_round", frozenset({"decimal"})),
}

LETTERS = "abcd"


def option_values(item: Item, rng: random.Random) -> tuple[list[tuple[Fraction, int | None]], int]:
    """Four options (value, places to write it at), the reference's among them at a random index: the others are
    the reference scaled by ten (a wrong prefix's shape) or moved at its stated precision, each differing from it
    and from one another at that precision, none a rounding of it (or it of them)."""
    v, p = item.value, item.places
    if p is None:
        cands = [(v + k, None) for k in (1, 2, -1, 3)] + [(v * 10, None), (v * 2, None)]
        if v.denominator > 1:
            cands += [(Fraction(v.numerator + 1, v.denominator), None), (1 / v, None)]
    else:
        ulp = Fraction(10) ** p
        cands = [(v * 10, p + 1), (v / 10, p - 1)] + [(v + k * ulp, p) for k in (1, 2, 3, -1, -2, 5)]
    rng.shuffle(cands)
    chosen: list[tuple[Fraction, int | None]] = []
    for c, cp in cands:
        if c > 0 and not rounds_to(c, v) and \
                all(differs(c, o, p if p is None else min(p, p if cp is None else cp)) for o, _ in chosen + [(v, p)]):
            chosen.append((c, cp))
        if len(chosen) == 3:
            break
    idx = rng.randrange(4)
    chosen.insert(idx, (v, p))
    return chosen, idx


def _round_words(item: Item, st: dict, rng: random.Random) -> str:
    p = item.places
    if pick(st, "ctx_round_kind", ("places", "sig"), rng) == "sig" or p > 0:
        sig = lead(item.value) - p + 1
        return pick(st, "ctx_round_text", (f"Round your answer to {sig} significant figures.",
                                           f"Give the answer to {sig} significant figures."), rng)
    if p == 0:
        return pick(st, "ctx_round_text", ("Round your answer to the nearest integer.",
                                           "Give your answer rounded to the nearest whole number."), rng)
    k = -p
    s = "s" if k > 1 else ""
    return pick(st, "ctx_round_text", (f"Round your answer to {k} decimal place{s}.",
                                       f"Express your answer as a decimal rounded to {k} decimal place{s}."), rng)


def question_text(item: Item, axes: frozenset[str], st: dict, rng: random.Random,
                  options: list[tuple[Fraction, int | None]] | None) -> str:
    """The question as asked for this row's axes (the item's own question plus what the context adds)."""
    if item.kind == "expr":
        import sympy as sp

        f = sp.latex(item.integrand)
        if "ctx_integral" in axes:
            q = pick(st, "ctx_int_text", (f"Evaluate the indefinite integral $\\int {f}\\,dx$.",
                                          f"Find $\\int {f}\\, dx$.",
                                          f"Compute the indefinite integral of $f(x) = {f}$ with respect to $x$."), rng)
        else:
            q = f"Find a function $F$ whose derivative is $F'(x) = {f}$."
        return q
    q = item.question
    if "ctx_unit" in axes:
        u = UNITS[item.unit]
        unit = unit_text(item.unit, st, rng, key="ctx_unit_style")
        unit = unit[len(st.get("ctx_unit_style:sep", "")):]            # the unit without its separator
        q += " " + pick(st, "ctx_unit_text", (f"Give your answer in ${unit}$.", f"Express your answer in {u.words[1]}.",
                                               f"(Answer in ${unit}$.)"), rng)
    if "ctx_round" in axes:
        q += " " + _round_words(item, st, rng)
    if options is not None:
        sep = pick(st, "ctx_opt_sep", ("\n", "  ", "\\quad "), rng)
        parts = []
        for letter, (v, p) in zip(LETTERS, options):
            text = number_text(item, "ref_sci" in axes, st, rng, value=v, places=p)
            if item.unit is not None and UNITS[item.unit].sym:
                text += unit_text(item.unit, st, rng, key="ctx_opt_unit")
            parts.append(f"({letter}) ${text}$")
        q += "\n\n" + sep.join(parts)
    return q
