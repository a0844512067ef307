"""Answer forms (the response side): the value restated, converted to another unit or SI prefix (pint), one digit
finer than the reference's stated precision, in scientific notation, its unit spelled as a word, the option letter
alone, ``(b) value``, the value in a sentence of prose after working, an antiderivative with its ``+ C``.

Axes: ``ans_same``, ``ans_convert``, ``ans_finer``, ``ans_antideriv`` (one value form), ``ans_sci``,
``ans_unit_word``, ``ans_letter``, ``ans_option``, ``ans_prose`` (one position).

``ans_finer`` is correct for a *measured* value only, so it implies a unit (``ref_unit``, or ``ctx_unit`` asking
one): a finer answer rounds to a reference whose written digits are its precision (issue 29), which a bare number
in a question that names no unit and no approximation does not say. The evidence (counted at 22776db with
rlverify's extractor, labels with tests/cases/label_corrections.json): the decimal references of data/problems
that the unitless rows use are exact results in 29 of 37 (1.7 a limit, 0.5 a probability, 89.5 a mean, 4.5 for
9/2: 89.52 is wrong there), the other 8 a rounding the question asks (``ctx_round`` is excluded with
``ans_finer``); the vendored math corpora hold 131 answers finer than a unitless reference of >= 2 significant
digits, all labelled wrong, and none that rounds to it; physics-dev's finer answers that round (half up) to a
reference with a unit (on either side) are labelled correct in 34 of 59 rows (16 of the 25 others are one
problem whose reference ``0.37 Q`` answers a second question too, 4 a wrong unit), and its unitless references
hold none. Angles and percents are no measured kind (``_EXACT_GROUPS``): the math corpora's degree and percent
references are exact values (``45^\\circ``, ``68^\\circ``, ``62.5\\%``), the corpora hold no finer answer rounding to
one, and the rule reads them as possibly exact (``quantity.MEASURED_KINDS``; rad/s is measured and stays). A plain
integer reference with trailing zeros (``820 kN``) is read at its units (:func:`written_last`),
as the rule reads it (on gsm8k-gpt3 reading such zeros as insignificant accepts 7 wrong answers: bf40d46).

:func:`written_number` returns the number it wrote with its unit, so that a row's label is checked on what was
written (the generator's construction check), never on a verifier.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .references import expr_tex, pick, unit_text
from .values import GROUPS, UNITS, Item, agrees, convert, exact_text, lead, plain, round_at, sci, terminating

__all__ = ["AXES", "Written", "target_unit", "written_number", "written_last", "response_text", "working"]

AXES: dict[str, tuple[str, frozenset[str]]] = {
    "ans_same": ("ans_val", frozenset({"decimal", "exact", "expr"})),
    "ans_convert": ("ans_val", frozenset({"decimal", "exact"})),
    "ans_finer": ("ans_val", frozenset({"decimal"})),
    "ans_antideriv": ("ans_val", frozenset({"expr"})),
    "ans_sci": ("ans_sci", frozenset({"decimal", "exact"})),
    "ans_unit_word": ("ans_word", frozenset({"decimal", "exact"})),
    "ans_letter": ("ans_pos", frozenset({"decimal", "exact"})),
    "ans_option": ("ans_pos", frozenset({"decimal", "exact"})),
    "ans_prose": ("ans_pos", frozenset({"decimal", "exact", "expr"})),
}


@dataclass(frozen=True)
class Written:
    number: str            # the number as written ('' for a letter alone)
    value: Fraction | None  # what it states, in ``unit``
    places: int | None     # the place of its last digit (None: exact)
    unit: str | None       # the unit it is written in (a key of UNITS)


def written_last(item: Item, axes: frozenset[str]) -> int:
    """The place of the reference's last *written* digit: its stated precision, but for a plain integer with
    trailing zeros (``820`` stated to tens) the units, since its zeros may be digits: a finer answer is finer than
    what is written (``820.3``, which rounds to ``820`` at tens and at units; ``816`` may be another value)."""
    return item.places if "ref_sci" in axes else min(item.places, 0)


def _plain_ok(x: Fraction) -> bool:
    return x == 0 or Fraction(1, 10**4) <= abs(x) < 10**7


def target_unit(item: Item, axes: frozenset[str], st: dict, rng: random.Random) -> str | None:
    """The unit the answer is written in: the reference's, or (``ans_convert``) another unit of its group that the
    other axes can write (a word for ``ans_unit_word``, plain digits unless ``ans_sci``, a written symbol where the
    question asks a unit: a bare 0.68 for 68 % asked in percent states 0.68 %, as issue 29's table reads a bare
    number, in the Context's asked unit)."""
    if item.unit is None or "ans_convert" not in axes:
        return item.unit
    if "ans_convert:unit" in st:
        return st["ans_convert:unit"]
    opts = []
    for u in GROUPS[UNITS[item.unit].group]:
        if u == item.unit or ("ans_unit_word" in axes and not UNITS[u].words[0]):
            continue
        if "ctx_unit" in axes and not UNITS[u].sym:
            continue     # a number with no unit, in a question that asks one, is in the asked unit: 0.68 is 0.68 %
        x = convert(item.value, item.unit, u)
        if item.places is None:
            if "ans_sci" in axes and terminating(x, 10) is None:
                continue
        elif "ans_sci" not in axes and not _plain_ok(x):
            continue
        opts.append(u)
    st["ans_convert:unit"] = rng.choice(opts) if opts else None
    return st["ans_convert:unit"]


def written_number(item: Item, axes: frozenset[str], st: dict, rng: random.Random, v: Fraction,
                   unit: str | None) -> Written | None:
    """The number an answer writes for the value ``v`` (in the reference's unit), in ``unit``."""
    x = v if unit is None or unit == item.unit else convert(v, item.unit, unit)
    style = pick(st, "ans_sci_style", ("times", "times", "cdot", "tight"), rng)
    if item.places is None:                                   # exact: every digit, or the fraction
        if "ans_sci" in axes:
            t = terminating(x, 10)
            return None if t is None or x == 0 else Written(sci(x, t, style), x, None, unit)
        return Written(exact_text(x), x, None, unit)
    if "ans_finer" in axes:                                   # one digit finer, rounding to the stated value
        d = pick(st, "ans_finer_d", (-4, -3, -2, -1, 1, 2, 3, 4), rng)
        last = written_last(item, axes)
        xw, p = x + d * Fraction(10) ** (last - 1), last - 1
    elif unit != item.unit:                                   # converted: one significant digit more, or more
        last = written_last(item, axes)                       # agreeing at the written last digit (690: units)
        sig = lead(v) - last + 1
        p = lead(x) - sig
        while not agrees(convert(round_at(x, p), unit, item.unit), v, last):
            p -= 1
            if p < lead(x) - sig - 6:
                return None
        xw = round_at(x, p)
    else:
        xw, p = x, item.places
    if xw == 0 or round_at(xw, p) == 0:
        return None
    if "ans_sci" in axes:
        return Written(sci(xw, p, style), xw, p, unit)
    if not _plain_ok(xw):
        return None
    return Written(plain(xw, p), xw, p, unit)


def _unit_part(w: Written, axes: frozenset[str], st: dict, rng: random.Random, in_math: bool) -> str:
    if w.unit is None or not UNITS[w.unit].sym:
        return ""
    if "ans_unit_word" in axes:
        one, many = UNITS[w.unit].words
        word = one if w.value == 1 else many
        return f" \\text{{ {word}}}" if in_math else f" {word}"
    return unit_text(w.unit, st, rng, key="ans_unit_style")


def working(item: Item, st: dict, rng: random.Random) -> str:
    """A short derivation before the answer, with intermediate numbers (never the answer's)."""
    if item.kind == "expr":
        return pick(st, "work", ("We integrate term by term.", "Use the standard antiderivatives and check by "
                                 "differentiating.", "Substituting and integrating:"), rng)
    a, b = pick(st, "work_a", range(3, 10), rng), pick(st, "work_b", range(11, 30), rng)
    return pick(st, "work", (f"From the given data, ${a} \\times {b} = {a * b}$, which we substitute into the relation.",
                             f"First we find the intermediate quantity: ${b} - {a} = {b - a}$. Then we use it in "
                             "the formula.",
                             f"Step 1: ${a} + {b} = {a + b}$.\nStep 2: substitute this into the expression and "
                             "simplify."), rng)


def response_text(item: Item, axes: frozenset[str], st: dict, rng: random.Random, w: Written | None,
                  letter: str | None, expr: Any = None) -> str:
    """The whole response: working, then the answer boxed, or (``ans_prose``) stated in a sentence."""
    prose = "ans_prose" in axes
    label = ""
    if ("ref_label" in axes or "ref_approx" in axes) and not {"ans_letter", "ans_option"} & axes \
            and pick(st, "ans_label", (True, False), rng):
        rel = pick(st, "ans_label_rel", ("=", "=", "\\approx"), rng) if "ref_approx" in axes else "="
        label = f"{item.symbol} {rel} "
    if "ans_letter" in axes:
        core = pick(st, "ans_letter_form", ("upper", "paren", "text", "option"), rng)
        L = letter
        math = {"upper": L.upper(), "paren": f"({L})", "text": f"\\text{{({L.upper()})}}",
                "option": f"\\text{{option ({L})}}"}[core]
        if prose:
            txt = {"upper": L.upper(), "paren": f"({L})", "text": f"({L.upper()})", "option": f"option ({L})"}[core]
            final = pick(st, "prose_lead", ("so the correct option is", "Therefore the answer is", "Hence we choose"),
                         rng) + f" {txt}."
        else:
            final = f"{pick(st, 'box_lead', ('The answer is', 'Therefore,', 'Final answer:'), rng)} $\\boxed{{{math}}}$."
        return f"{working(item, st, rng)}\n\n{final}"
    if item.kind == "expr":
        style = pick(st, "ans_expr_style", ("latex", "slash", "log"), rng)
        body = expr_tex(expr, style)
        if "ans_antideriv" in axes:
            body += pick(st, "ans_const", (" + C", " + c", " + \\text{const}", " + C_1", " + \\text{constant}"), rng)
        value_math = label + body
        value_text = f"${value_math}$"
    else:
        unit_m = _unit_part(w, axes, st, rng, in_math=True)
        value_math = label + w.number + unit_m
        if "ans_unit_word" in axes and w.unit is not None and UNITS[w.unit].sym and not label and \
                "\\" not in w.number and pick(st, "word_plain", (True, False), rng):
            value_text = w.number + _unit_part(w, axes, st, rng, in_math=False)
        else:
            value_text = f"${value_math}$"
        if "ans_option" in axes:
            value_math = f"({letter})\\ {w.number}{unit_m}"
            value_text = f"({letter}) ${w.number}{unit_m}$"
    if prose:
        final = pick(st, "prose_lead", ("so the answer is", "Putting it together, the result is",
                                        "Therefore the value we are looking for is", "Thus we get"), rng) \
            + f" {value_text}."
        final = final[0].upper() + final[1:]
    else:
        final = f"{pick(st, 'box_lead', ('The answer is', 'Therefore,', 'Final answer:'), rng)} $\\boxed{{{value_math}}}$."
    return f"{working(item, st, rng)}\n\n{final}"
