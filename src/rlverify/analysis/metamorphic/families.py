"""The families of the metamorphic generator: value-preserving renderings (EQUIVALENT) and value-changing
near-misses (NEAR_MISS), each a function (reference, rng, style) -> Draft | None (None: not valid here)."""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import Callable, Iterator

from ...runtime.caches import lru
from . import forms as F
from .forms import replace_leaf as _replace_leaf
from .refs import (
    UNITS,
    Reference,
    _collection,
    _decimal,
    _exact,
    _is_interval,
    _is_tuple,
    _question_unit,
    _same,
    _scalar,
    _value,
    _var,
)

__all__ = ["Draft", "EQUIVALENT", "NEAR_MISS", "FAMILIES", "BACKGROUND"]


# ------------------------------------------------------------------ families

@dataclass(frozen=True)
class Draft:
    """One transformed answer: the text to place in the response (None: use ``node`` rendered),
    the gold to use (None: the reference's), and whether the answer must sit in a box."""
    answer: str
    gold: str | None = None
    box_only: bool = False
    plain: bool = False          # answer is not LaTeX (unicode/ASCII): no $...$ around it outside a box
    sentence: bool = False       # answer is a whole closing sentence: it ends the response as written
    question: str | None = None  # the question to ask instead of the reference's (a family that writes its own)


Family = Callable[[Reference, random.Random, F.Style], "Draft | None"]
EQUIVALENT: dict[str, Family] = {}
NEAR_MISS: dict[str, Family] = {}


def _family(table: dict[str, Family], name: str) -> Callable[[Family], Family]:
    def deco(fn: Family) -> Family:
        table[name] = fn
        return fn
    return deco


@lru("analysis.family_render")
def _r(n: object, st: F.Style) -> str:
    return F.render(n, st)   # nodes and styles are frozen: renderings are cached


def _walk(n: object) -> Iterator[object]:
    yield n
    for c in F.children(n):
        yield from _walk(c)


def _changes(ref: Reference, st: F.Style) -> bool:
    return ref.node is not None and _r(ref.node, st) != _r(ref.node, F.CANONICAL)


# equivalents: styles --------------------------------------------------------------

def _style_family(name: str, choices: Callable[[Reference], list[F.Style]], plain: bool = False) -> None:
    def fam(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
        if ref.node is None:
            return None
        opts = [s for s in choices(ref) if _changes(ref, s)]
        if not opts:
            return None
        chosen = rng.choice(opts)
        merged = replace(st, **{k: getattr(chosen, k) for k in F.Style.__dataclass_fields__
                                if getattr(chosen, k) != getattr(F.CANONICAL, k)})
        return Draft(_r(ref.node, merged), plain=merged.script != "latex")
    EQUIVALENT[name] = fam


def _grouping_opts(ref: Reference) -> list[F.Style]:
    # a plain comma or space between digit groups is unambiguous only in a bare number (not in 505/1,011,
    # a list, or 2 021\times 505)
    bare = isinstance(ref.node, F.Num) or isinstance(ref.node, F.Neg) and isinstance(ref.node.x, F.Num)
    seps = [s for s in F.GROUPINGS if bare or s not in (",", " ", "\u2009", "\\ ")]
    return [F.Style(group=s) for s in seps]


_style_family("grouping", _grouping_opts)
_style_family("frac_style", lambda ref: [F.Style(frac=f) for f in ("dfrac", "tfrac", "slash", "bare")])
_style_family("left_right", lambda ref: [F.Style(lr=True), F.Style(lr=True, space=True)])
_style_family("mul_style", lambda ref: [F.Style(mul=m) for m in ("cdot", "times")])
_style_family("spacing", lambda ref: [F.Style(space=True), F.Style(rel="long"), F.Style(space=True, rel="long")])
_style_family("unicode", lambda ref: [F.Style(script="unicode"), F.Style(script="unicode", space=True),
                                      F.Style(script="unicode", mul="dot"), F.Style(script="unicode", frac="bare")])
_style_family("ascii", lambda ref: [F.Style(script="ascii"), F.Style(script="ascii", space=True)])

BACKGROUND = ("grouping", "frac_style", "left_right", "mul_style", "spacing")


_EXACT_FORM = re.compile(r"common fraction|in terms of|simplest (?:radical )?form|exact(?:ly)? (?:value|form|answer)|"
                         r"as a fraction|radical form|express .{0,40}fraction", re.I)
# a question that asks for a physical quantity in a named unit ("in $\mathrm{km} / \mathrm{h}$", "in meters")
_APPLIED = re.compile(r"\bin (?:units of )?\$?\\mathrm\{|\bin (?:meters|seconds|kilometers|centimeters|km/h|m/s|"
                      r"grams|kilograms|joules|newtons|watts|kelvin)\b")


def _applied(ref: Reference) -> bool:
    return ref.dataset == "minerva_math" or ref.unit is not None or bool(_APPLIED.search(ref.question))


@_family(EQUIVALENT, "decimal")
def _decimal_family(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """A long decimal (6+ significant digits) of an exact value, unless the question asks for an exact form."""
    n = ref.node
    if n is None or not _scalar(n) or F.has_symbols(n) or isinstance(n, F.Num) or _EXACT_FORM.search(ref.question):
        return None
    v = _value(n)
    if v is None or abs(v.imag) > 1e-12 or float(v.real).is_integer():
        return None
    ex = _exact(n)
    if ex is not None and (ex.denominator & (ex.denominator - 1)) == 0 or ex is not None and \
            all(p in (2, 5) for p in _small_factors(ex.denominator)):
        s = _terminating(ex)
        return Draft(s) if s else None
    s = _decimal(v.real, rng.choice((6, 7, 8, 10)))
    return Draft(s) if s else None


def _small_factors(d: int) -> list[int]:
    out, p = [], 2
    while d > 1 and p < 50:
        while d % p == 0:
            out.append(p)
            d //= p
        p += 1
    return out + ([d] if d > 1 else [])


def _terminating(x: Fraction) -> str | None:
    for places in range(0, 13):
        if (x * 10 ** places).denominator == 1:
            q = x * 10 ** places
            s = str(abs(q.numerator)).rjust(places + 1, "0")
            body = s[:-places] + "." + s[-places:] if places else s
            return ("-" if x < 0 else "") + body
    return None


@_family(EQUIVALENT, "decimal_rounded")
def _decimal_rounded(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """A decimal the reference rounds (\\frac{340}{7} -> 48.57), for questions that ask for a measured quantity
    in a unit ('in $\\mathrm{km} / \\mathrm{h}$', 'in meters'; the policy: four significant digits stand for the
    exact value only there) and do not ask for an exact form."""
    from .units import question_unit

    n = ref.node
    if question_unit(ref) is None or _EXACT_FORM.search(ref.question) or n is None or not _scalar(n) \
            or F.has_symbols(n):
        return None
    if isinstance(n, F.Num):
        return None
    v = _value(n)
    if v is None or abs(v.imag) > 1e-12 or float(v.real).is_integer():
        return None
    s = _decimal(v.real, 4)
    return Draft(s) if s else None


@_family(EQUIVALENT, "sci_notation")
def _sci(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    n = ref.node
    if not (isinstance(n, F.Num) and "e" in n.text):
        return None
    mant, _, exp = n.text.partition("e")
    form = rng.choice(("{m} \\times 10^{{{e}}}", "{m}\\cdot 10^{{{e}}}", "{m}\\times10^{{{e}}}"))
    return Draft(form.format(m=mant, e=int(exp)))


def _interval_to_ineq(s: F.Seq, var: str, st: F.Style) -> str | None:
    lo, hi = s.items
    inf_lo = isinstance(lo, F.Neg) and lo.x == F.Sym("inf")
    inf_hi = hi == F.Sym("inf")
    if isinstance(hi, F.Add):
        return None
    lop = "le" if s.open == "[" else "<"
    hop = "le" if s.close == "]" else "<"
    if inf_lo and inf_hi:
        return None
    if inf_lo:
        return f"{var} {F.rel_text(hop, st)} {_r(hi, st)}"
    if inf_hi:
        return f"{var} {F.rel_text({'le': 'ge', '<': '>'}[lop], st)} {_r(lo, st)}"
    return f"{_r(lo, st)} {F.rel_text(lop, st)} {var} {F.rel_text(hop, st)} {_r(hi, st)}"


def _ineq_to_interval(n: F.Rel, st: F.Style) -> str | None:
    p = n.parts
    inf = F.render(F.Sym("inf"), st)
    if len(p) == 5 and isinstance(p[2], F.Sym) and p[1] in ("<", "le") and p[3] in ("<", "le"):
        return f"{'[' if p[1] == 'le' else '('}{_r(p[0], st)}, {_r(p[4], st)}{']' if p[3] == 'le' else ')'}"
    if len(p) == 3 and isinstance(p[0], F.Sym) and p[0].name not in ("pi", "e", "inf") and _scalar(p[2]) \
            and not F.has_symbols(p[2]):
        b = _r(p[2], st)
        return {"<": f"(-{inf}, {b})", "le": f"(-{inf}, {b}]", ">": f"({b}, {inf})", "ge": f"[{b}, {inf})"}.get(p[1])
    return None


@_family(EQUIVALENT, "interval_ineq")
def _interval_ineq(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    n = ref.node
    if isinstance(n, F.Rel):
        s = _ineq_to_interval(n, st)
        return Draft(s) if s else None
    if isinstance(n, F.Seq) and _is_interval(n, ref):
        s = _interval_to_ineq(n, _var(ref), st)
        return Draft(s) if s else None
    if isinstance(n, F.Cup) and all(isinstance(p, F.Seq) and len(p.items) == 2 for p in n.parts):
        pieces = [_interval_to_ineq(p, _var(ref), st) for p in n.parts]
        if all(pieces):
            return Draft(rng.choice((" \\text{ or } ", " \\quad\\text{or}\\quad ")).join(pieces))
    return None


@_family(EQUIVALENT, "set_builder")
def _set_builder(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    n, var = ref.node, _var(ref)
    if isinstance(n, F.Seq) and _is_interval(n, ref):
        ineq = _interval_to_ineq(n, var, st)
        if ineq:
            bar = rng.choice((" \\mid ", " : ", " | "))
            return Draft(f"\\{{{var}{bar}{ineq}\\}}" if rng.random() < 0.5 else f"{var} \\in {_r(n, st)}")
    return None


@_family(EQUIVALENT, "var_prefix")
def _var_prefix(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    n, var = ref.node, _var(ref)
    if n is None or isinstance(n, (F.Rel, F.Cup)):
        return None
    if _scalar(n) or isinstance(n, (F.Pct, F.Deg)):
        lhs = rng.choice((var, var, "N", f"{var}_0", "S", "\\text{answer}", "\\max_{x} f(x)"))
        return Draft(f"{lhs} = {_r(n, st)}")
    if _is_tuple(n, ref) and len(n.items) in (2, 3):
        names = ("x", "y", "z") if var == "x" else ("a", "b", "c")
        return Draft(f"({', '.join(names[:len(n.items)])}) = {_r(n, st)}")
    if isinstance(n, F.Seq) and _is_interval(n, ref):
        return Draft(f"{var} \\in {_r(n, st)}")
    if isinstance(n, F.Lst) and ref.unordered and all(_scalar(i) for i in n.items):
        return Draft(", ".join(f"{var} = {_r(i, st)}" for i in n.items))
    if isinstance(n, F.Mat):
        return Draft(f"M = {_r(n, st)}")
    return None


@_family(EQUIVALENT, "reorder_terms")
def _reorder_terms(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """The terms of a sum in another order (3 - 2\\sqrt{2} as -2\\sqrt{2} + 3)."""
    n = ref.node
    if not isinstance(n, F.Add) or len(n.terms) < 2:
        return None
    terms = list(n.terms)
    for _ in range(4):
        rng.shuffle(terms)
        if terms != list(n.terms):
            return Draft(_r(F.Add(tuple(terms)), st))
    return None


@_family(EQUIVALENT, "aligned_box")
def _aligned_box(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """A derivation inside the box, the result on its last line (aligned or array)."""
    ex = _exact(ref.node) if ref.node is not None else None
    if ex is None or ex.denominator != 1 or abs(ex) < 2:
        return None
    v, var = int(ex), _var(ref)
    k = rng.randint(1, abs(v) - 1)
    first = f"{var} &= {v - k} + {k}" if v > 0 else f"{var} &= -{abs(v) - k} - {k}"
    env = rng.choice(("aligned", "array"))
    if env == "array":
        body = f"\\begin{{array}}{{l}}{first.replace('&', '')}\\\\ {var} = {_r(ref.node, st)}\\end{{array}}"
    else:
        body = f"\\begin{{aligned}}{first}\\\\ {var} &= {_r(ref.node, st)}\\end{{aligned}}"
    return Draft(body, box_only=True)


@_family(EQUIVALENT, "qualifier")
def _qualifier(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """An assignment with a qualifier that does not restrict it: a_n = ... \\ \\text{for all } n \\ge 1."""
    n = ref.node
    if n is None or not _scalar(n) or Sym_n not in set(_walk(n)):
        return None
    lhs = rng.choice(("a_n", "f(n)", "x_n"))
    tail = rng.choice(("\\ \\text{for all } n\\ge 1", "\\quad (n \\ge 1)", ",\\ n\\in\\mathbb{N}",
                       "\\text{ for every positive integer } n"))
    return Draft(f"{lhs} = {_r(n, st)}{tail}")


Sym_n = F.Sym("n")


@_family(EQUIVALENT, "chain")
def _chain(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    n = ref.node
    ex = _exact(n) if n is not None else None
    if ex is None:
        return None
    var = rng.choice(("", f"{_var(ref)} = ", "S = "))
    if ex.denominator == 1 and abs(ex) >= 2:
        v = int(ex)
        k = rng.randint(1, abs(v) - 1)
        steps = f"{v - k} + {k}" if v > 0 else f"-{abs(v) - k} - {k}"
        return Draft(f"{var}{steps} = {_r(n, st)}")
    if ex.denominator > 1:
        m = rng.randint(2, 5)
        return Draft(f"{var}\\frac{{{ex.numerator * m}}}{{{ex.denominator * m}}} = {_r(n, st)}")
    return None


@_family(EQUIVALENT, "step_in_box")
def _step_in_box(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """The box holds the whole last step, the value at its end: \\boxed{x + 4 = 9,\\ \\text{so } x = 5}."""
    ex = _exact(ref.node) if ref.node is not None else None
    if ex is None or ex.denominator != 1:
        return None
    var, k = _var(ref), rng.randint(1, 9)
    link = rng.choice((",\\ \\text{so }", "\\Rightarrow ", "\\implies "))
    return Draft(f"{var} + {k} = {int(ex) + k}{link}{var} = {_r(ref.node, st)}", box_only=True)


@_family(EQUIVALENT, "approx_exact")
def _approx_exact(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """Approximate and exact together: N \\approx 9.88\\times10^{7}\\ (\\text{exactly } 98{,}765{,}432)."""
    ex = _exact(ref.node) if ref.node is not None else None
    if ex is None or ex.denominator != 1 or abs(ex) < 10_000:
        return None
    exact = F.group_digits(str(abs(int(ex))), rng.choice(("{,}", ",", "\\,")))
    return Draft(f"N \\approx {_sci_text(int(ex))}\\ (\\text{{exactly }} {'-' if ex < 0 else ''}{exact})")


def _sci_text(v: int) -> str:
    e = len(str(abs(v))) - 1
    return f"{'-' if v < 0 else ''}{abs(v) / 10 ** e:.2f}\\times10^{{{e}}}"


_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
          "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def _in_words(k: int) -> str:
    if k < 20:
        return _WORDS[k]
    tens, unit = divmod(k, 10)
    return _TENS[tens] + ("-" + _WORDS[unit] if unit else "")


# Closing sentences stating the number in words, from a small grammar: [lead] claim [tail]. The claim names
# the number once, with no digits, qualifiers or alternatives (those are other families).
_WORD_LEADS = ("", "", "So ", "Hence ", "Therefore, ", "Thus ", "In all, ", "Altogether, ", "Finally, ", "This means ",
               "Putting it together, ", "In the end, ")
_WORD_CLAIMS = ("the answer is {w}", "there are {w} {noun}", "we find {w} {noun}", "{w} is the answer",
                "{w} is our answer", "the count is {w}", "{w} {noun} remain", "exactly {w} {noun} work",
                "that makes {w}", "the total comes to {w}", "we end up with {w} {noun}", "the number of {noun} is {w}",
                "the final answer is {w}", "we get {w} {noun}", "the {thing} we want is {w}", "it equals {w}",
                "we are left with {w} {noun}", "the {thing} is {w}")
_WORD_TAILS = ("", "", "", " in total", " altogether", " in all", ", as required", " after all the cases")


@_family(EQUIVALENT, "number_words")
def _number_words(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """A whole number below 100 in words, in a closing sentence: 'So there are twelve ways.'"""
    ex = _exact(ref.node) if ref.node is not None else None
    if ex is None or ex.denominator != 1 or not 0 <= ex < 100:
        return None
    word = _in_words(int(ex))
    claim = rng.choice(_WORD_CLAIMS).format(w=word, noun=rng.choice(_NOUNS), thing=rng.choice(_THINGS))
    text = rng.choice(_WORD_LEADS) + claim + rng.choice(_WORD_TAILS) + "."
    return Draft(text[0].upper() + text[1:], plain=True, sentence=True)


@_family(EQUIVALENT, "prose_box")
def _prose_box(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    if ref.node is None or not (_scalar(ref.node) or isinstance(ref.node, (F.Pct, F.Deg))):
        return None
    val = _r(ref.node, st)
    others = [x for x in dict.fromkeys(re.findall(r"(?<![\d.])\d{1,4}(?![\d.])", ref.question)) if x != val][:4]
    if len(others) < 2:
        others = ["2", "10"] if val not in ("2", "10") else ["3", "11"]
    a, b = rng.sample(others, 2)
    return Draft(_prose_sentence(rng, val, a, b), box_only=True)


# A small grammar of answer sentences that name other numbers, so that a rule cannot learn the sentences:
# [lead] + (claim + context | context + claim), each piece drawn at random; {v} the value, {a} {b} others.
_LEADS = ("", "So ", "Hence ", "Therefore ", "Thus ", "In total, ", "Altogether, ", "Finally, ")
_CLAIMS = ("there are {v} {noun}", "we get {v} {noun}", "the {adj} {thing} is {v}", "{v} {noun} satisfy the condition",
           "the count comes to {v}", "the required {thing} equals {v}", "the answer is {v}", "exactly {v} {noun} work")
_CONTEXTS = ("between {a} and {b}", "from {a} to {b}", "using the {a} and {b} given", "after {a} steps of size {b}",
             "for n = {a} (not {b})", "out of {a}, with {b} excluded", "counting all {a} rows of {b}",
             "with {a} choices for the first and {b} for the second", "once the {a} and the {b} are combined")
_NOUNS = ("integers", "ways", "solutions", "numbers", "pairs", "points", "cases", "arrangements")
_THINGS = ("value", "number", "total", "product", "sum", "count")
_ADJS = ("largest possible", "smallest possible", "final", "total", "resulting")


def _prose_sentence(rng: random.Random, val: str, a: str, b: str) -> str:
    claim = rng.choice(_CLAIMS).format(v="{v}", noun=rng.choice(_NOUNS), adj=rng.choice(_ADJS),
                                       thing=rng.choice(_THINGS))
    context = rng.choice(_CONTEXTS)
    body = f"{claim} {context}" if rng.random() < 0.6 else f"{context[0].upper()}{context[1:]}, {claim}"
    lead = rng.choice(_LEADS) if body[0].islower() else ""
    text = lead + body
    text = text[0].upper() + text[1:] + rng.choice((".", "", "."))
    gap = rng.choice(("", " "))
    pieces = []
    for i, part in enumerate(re.split(r"(\{[vab]\})", text)):
        if part in ("{v}", "{a}", "{b}"):
            pieces.append(gap + {"{v}": val, "{a}": a, "{b}": b}[part] + gap)
        elif part:
            pieces.append("\\text{" + part.replace("n = ", "") + "}" if "n = " not in part else
                          "\\text{" + part.split("n = ")[0] + "}n=")
            if "n = " in part and part.split("n = ")[1]:
                pieces.append("\\text{" + part.split("n = ")[1] + "}")
    return "".join(pieces)


@_family(EQUIVALENT, "set_reorder")
def _set_reorder(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    n = ref.node
    if not _collection(n, ref):
        return None
    items = list(n.items)
    if len({_r(i, F.CANONICAL) for i in items}) < 2:
        return None
    for _ in range(5):
        rng.shuffle(items)
        if [_r(i, F.CANONICAL) for i in items] != [_r(i, F.CANONICAL) for i in n.items]:
            new = F.Lst(tuple(items)) if isinstance(n, F.Lst) else replace(n, items=tuple(items))
            return Draft(_r(new, st))
    return None


@_family(EQUIVALENT, "text_wrap")
def _text_wrap(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    n = ref.node
    if not isinstance(n, (F.Num, F.Neg)) or not _scalar(n):
        return None
    cmd = rng.choice(("\\text", "\\mathbf", "\\textbf", "\\mathrm"))
    return Draft(f"{cmd}{{{_r(n, st)}}}")


@_family(EQUIVALENT, "degree")
def _degree(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    n = ref.node
    if isinstance(n, F.Deg):
        form = rng.choice(UNITS["deg"][2] + ("",))
        return Draft(_r(n.x, st) + form)
    if isinstance(n, F.Num) and re.search(r"\bdegrees\b|degree measure|in degrees", ref.question) \
            and not re.search(r"radian|polynomial|degree of", ref.question):
        return Draft(_r(n, st) + rng.choice(UNITS["deg"][2]))
    return None


@_family(EQUIVALENT, "percent")
def _percent(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    n = ref.node
    if not isinstance(n, F.Pct):
        return None
    return Draft(_r(n.x, st) + rng.choice(("\\%", "\\ \\%", "\\text{ percent}", "\\text{\\%}")))


def _unit_value(ref: Reference) -> tuple[object, str] | None:
    if ref.node is None or not _scalar(ref.node):
        return None
    unit = ref.unit or _question_unit(ref.question)
    return (ref.node, unit) if unit in UNITS else None


@_family(EQUIVALENT, "unit_response")
def _unit_response(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """The response names the unit (in another writing than the reference, or where it has none)."""
    uv = _unit_value(ref)
    if uv is None:
        return None
    n, unit = uv
    return Draft(_r(n, st) + rng.choice(UNITS[unit][2]), gold=_gold_with_unit(ref, unit))


@_family(EQUIVALENT, "unit_gold")
def _unit_gold(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """The reference carries the unit, the response is the bare value."""
    uv = _unit_value(ref)
    if uv is None:
        return None
    n, unit = uv
    return Draft(_r(n, st), gold=ref.value_text + rng.choice(UNITS[unit][2]))


@_family(EQUIVALENT, "unit_convert")
def _unit_convert(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """The same quantity in another unit of its kind (1.5 m for 150 cm; 298.15 K for 25 degC), against a
    reference that names its unit (when only the question names it, the unit is written into the gold)."""
    uv = _unit_value(ref)
    if uv is None:
        return None
    n, unit = uv
    ex = _exact(n)
    kind, factor, _ = UNITS[unit]
    if ex is None:
        return None
    gold = _gold_with_unit(ref, unit) if ref.unit else ref.value_text + UNITS[unit][2][0]
    if unit == "degC":
        s = _terminating(ex + Fraction(27315, 100))
        return Draft(f"{s}\\,\\mathrm{{K}}", gold=gold) if s else None
    others = [u for u, (k, f, _) in UNITS.items() if k == kind and u != unit and f is not None
              and factor is not None and Fraction(1, 1000) <= f / factor <= 1000]   # 1.5 m, not 1500000 um
    if factor is None or not others:
        return None
    to = rng.choice(others)
    s = _terminating(ex * factor / UNITS[to][1])
    if s is None or len(s) > 14:
        return None
    return Draft(s + rng.choice(UNITS[to][2]), gold=gold)


def _gold_with_unit(ref: Reference, unit: str) -> str | None:
    """The gold naming its unit: unchanged when it does, or when the question names it; else value + unit."""
    if ref.unit_in_gold or (ref.unit is None and _question_unit(ref.question)):
        return None
    return ref.value_text + UNITS[unit][2][0]


@_family(EQUIVALENT, "option_label")
def _option_label(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """An option label before a quantity, as physics answers write it: (b)\\ 0.44\\,\\text{mm}."""
    uv = _unit_value(ref)
    if uv is None or not re.search(r"\([a-dA-D]\)|\(i+\)", ref.question):
        return None
    n, unit = uv
    return Draft(f"({rng.choice('abcd')})\\ {_r(n, st)}{rng.choice(UNITS[unit][2])}")


@_family(EQUIVALENT, "matrix_style")
def _matrix_style(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    n = ref.node
    if not isinstance(n, F.Mat):
        return None
    env = rng.choice(("pmatrix", "bmatrix"))
    sep = rng.choice((" \\\\ ", "\\\\[6pt]", " \\\\[2pt] "))
    fst = replace(st, frac=rng.choice(("dfrac", "frac", "tfrac")))
    rows = sep.join(" & ".join(_r(c, fst) for c in r) for r in n.rows)
    text = f"\\begin{{{env}}}{rows}\\end{{{env}}}"
    return Draft(text)


@_family(EQUIVALENT, "gold_solution")
def _gold_solution(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """The reference is the dataset's whole worked solution (its answer boxed or after ####)."""
    if not ref.solution or len(ref.solution) > 4000 or "$" in ref.value_text:
        return None
    return Draft(_r(ref.node, st) if ref.node is not None else ref.value_text, gold=ref.solution)


@_family(EQUIVALENT, "gold_side")
def _gold_side(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """A restyled reference against the response written as the dataset writes the reference."""
    if ref.node is None:
        return None
    opts = [F.Style(frac="dfrac"), F.Style(lr=True), F.Style(group="{,}"), F.Style(mul="cdot"),
            F.Style(space=True, rel="long"), F.Style(frac="slash")]
    opts = [s for s in opts if _changes(ref, s)]
    if not opts:
        return None
    return Draft(ref.value_text, gold=_r(ref.node, rng.choice(opts)))


# near-misses ---------------------------------------------------------------------

def _near(ref: Reference, new: object, st: F.Style) -> Draft | None:
    if ref.node is None or _same(ref.node, new):
        return None
    return Draft(_r(new, st), plain=st.script != "latex")


def _digit_leaves(n: object) -> list[F.Num]:
    out = [x for x in _walk(n) if isinstance(x, F.Num) and "e" not in x.text]
    return out


@_family(NEAR_MISS, "near_digit")
def _near_digit(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    leaves = _digit_leaves(ref.node) if ref.node is not None else []
    if not leaves:
        return None
    leaf = rng.choice(leaves)
    return _near(ref, _replace_leaf(ref.node, leaf, F.Num(F.changed_digit(leaf.text, rng))), st)


@_family(NEAR_MISS, "near_sign")
def _near_sign(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    n = ref.node
    if n is None:
        return None
    if _scalar(n) or isinstance(n, (F.Pct, F.Deg)):
        return _near(ref, n.x if isinstance(n, F.Neg) else F.Neg(n), st)
    if isinstance(n, (F.Seq, F.Lst)) and not _is_interval(n, ref):
        i = rng.randrange(len(n.items))
        it = n.items[i]
        if not _scalar(it):
            return None
        flipped = it.x if isinstance(it, F.Neg) else F.Neg(it)
        if any(_same(flipped, o) for o in n.items):
            return None
        return _near(ref, replace(n, items=n.items[:i] + (flipped,) + n.items[i + 1:]), st)
    return None


@_family(NEAR_MISS, "near_swap")
def _near_swap(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    n = ref.node
    if _is_tuple(n, ref):
        pairs = [(i, j) for i in range(len(n.items)) for j in range(i + 1, len(n.items))
                 if not _same(n.items[i], n.items[j])]
        if not pairs:
            return None
        i, j = rng.choice(pairs)
        items = list(n.items)
        items[i], items[j] = items[j], items[i]
        return _near(ref, replace(n, items=tuple(items)), st)
    if isinstance(n, F.Mat):
        cells = [(r, c) for r in range(len(n.rows)) for c in range(len(n.rows[r]))]
        pairs = [(a, b) for a in cells for b in cells if a < b and not _same(n.rows[a[0]][a[1]], n.rows[b[0]][b[1]])]
        if not pairs:
            return None
        (r1, c1), (r2, c2) = rng.choice(pairs)
        rows = [list(r) for r in n.rows]
        rows[r1][c1], rows[r2][c2] = rows[r2][c2], rows[r1][c1]
        return _near(ref, F.Mat(tuple(tuple(r) for r in rows)), st)
    return None


@_family(NEAR_MISS, "near_drop")
def _near_drop(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    n = ref.node
    if not (isinstance(n, (F.Lst, F.Seq)) and len(n.items) >= 2 and not _is_interval(n, ref)):
        return None
    i = rng.randrange(len(n.items))
    rest = n.items[:i] + n.items[i + 1:]
    if any(_same(n.items[i], o) for o in rest):
        return None
    new = (rest[0] if len(rest) == 1 and isinstance(n, F.Lst) else
           F.Lst(rest) if isinstance(n, F.Lst) else replace(n, items=rest))
    return _near(ref, new, st)


@_family(NEAR_MISS, "near_add")
def _near_add(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    n = ref.node
    if not (isinstance(n, F.Lst) or isinstance(n, F.Seq) and n.open == "{") or not all(_scalar(i) for i in n.items):
        return None
    vals = [_value(i) for i in n.items]
    if any(v is None for v in vals):
        return None
    new = F.Num(str(int(max(v.real for v in vals)) + rng.randint(1, 3)))
    if any(_same(new, i) for i in n.items):
        return None
    items = list(n.items)
    items.insert(rng.randrange(len(items) + 1), new)
    return _near(ref, replace(n, items=tuple(items)), st)


@_family(NEAR_MISS, "near_bracket")
def _near_bracket(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    n = ref.node
    if not (isinstance(n, F.Seq) and _is_interval(n, ref)):
        return None
    lo_inf = isinstance(n.items[0], F.Neg) and n.items[0].x == F.Sym("inf")
    hi_inf = n.items[1] == F.Sym("inf")
    sides = [s for s, inf in (("lo", lo_inf), ("hi", hi_inf)) if not inf]
    if not sides:
        return None
    side = rng.choice(sides)
    if side == "lo":
        new = replace(n, open={"(": "[", "[": "("}[n.open])
    else:
        new = replace(n, close={")": "]", "]": ")"}[n.close])
    return _near(ref, new, st)


@_family(NEAR_MISS, "near_unit_scale")
def _near_unit_scale(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    uv = _unit_value(ref)
    if uv is None:
        return None
    n, unit = uv
    ex = _exact(n)
    if ex is None or ex == 0:
        return None
    kind, factor, forms = UNITS[unit]
    others = [u for u, (k, f, _) in UNITS.items() if k == kind and u != unit and f is not None]
    gold = _gold_with_unit(ref, unit)
    if factor is not None and others and rng.random() < 0.5:   # the number kept, the unit changed
        return Draft(_r(n, st) + rng.choice(UNITS[rng.choice(others)][2]), gold=gold)
    s = _terminating(ex * rng.choice((Fraction(10), Fraction(100), Fraction(1000), Fraction(1, 10), Fraction(1, 1000))))
    return Draft(s + rng.choice(forms), gold=gold) if s else None


@_family(NEAR_MISS, "near_rounding")
def _near_rounding(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    n = ref.node
    if isinstance(n, F.Num) and "." in n.text and "e" not in n.text:
        places = len(n.text.split(".")[1])
        if places >= 2 and n.text[-1] != "0":
            wrong = f"{float(n.text):.{places - 1}f}"
            return Draft(wrong) if Fraction(wrong) != Fraction(n.text) else None
        return None
    if n is None or not _scalar(n) or F.has_symbols(n):
        return None
    v = _value(n)
    if v is None or abs(v.imag) > 1e-12 or float(v.real).is_integer():
        return None
    ex = _exact(n)
    if ex is not None and _terminating(ex) and len(_terminating(ex)) < 9:
        return None
    s = _decimal(v.real, 6)
    if s is None:
        return None
    # two units in the last place away from the correct rounding: neither the rounding nor the truncation
    ulp = Decimal(1).scaleb(Decimal(s).as_tuple().exponent)
    wrong = Decimal(s) + ulp * 2 * rng.choice((-1, 1))
    return Draft(str(wrong)) if wrong != 0 and "E" not in str(wrong) else None


@_family(NEAR_MISS, "near_chain")
def _near_chain(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """A chain whose first member equals the reference but whose last (the answer) does not."""
    ex = _exact(ref.node) if ref.node is not None else None
    if ex is None or ex.denominator != 1 or abs(ex) < 2:
        return None
    v = int(ex)
    k = rng.randint(1, abs(v) - 1)
    wrong = v + rng.choice((-2, -1, 1, 2))
    steps = f"{v - k} + {k}" if v > 0 else f"-{abs(v) - k} - {k}"
    return Draft(f"{steps} = {wrong}")


@_family(NEAR_MISS, "near_approx_only")
def _near_approx_only(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """Only the approximation of an exact integer: N \\approx 9.88\\times10^{7}."""
    ex = _exact(ref.node) if ref.node is not None else None
    if ex is None or ex.denominator != 1 or abs(ex) < 10_000:
        return None
    text = _sci_text(int(ex))
    mant, _, e = text.partition("\\times10^")
    if Fraction(mant) * 10 ** int(e.strip("{}")) == ex:
        return None
    return Draft(f"N \\approx {text}")


@_family(NEAR_MISS, "near_hedge")
def _near_hedge(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """Several candidates offered as the answer, the right one among them: 'either 12 or 13'."""
    ex = _exact(ref.node) if ref.node is not None else None
    if ex is None or ex.denominator != 1 or not (_scalar(ref.node) and not isinstance(ref.node, F.Frac)):
        return None
    v = int(ex)
    other = v + rng.choice((-1, 1, 2))
    a, b = (v, other) if rng.random() < 0.5 else (other, v)
    form = rng.choice(("The answer is either ${a}$ or ${b}$.", "The answer is one of: ${a}$, ${b}$.",
                       "So the answer is $\\boxed{{{a}}}$ or $\\boxed{{{b}}}$.",
                       "It could be ${a}$ or ${b}$, depending on the case; the answer is ${a}$ or ${b}$."))
    return Draft(form.format(a=a, b=b), plain=True, sentence=True)


@_family(NEAR_MISS, "near_term_sign")
def _near_term_sign(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """One term of a sum with its sign flipped (3 + 2\\sqrt{2} for 3 - 2\\sqrt{2})."""
    n = ref.node
    if not isinstance(n, F.Add):
        return None
    i = rng.randrange(len(n.terms))
    t = n.terms[i]
    flipped = t.x if isinstance(t, F.Neg) else F.Neg(t)
    return _near(ref, F.Add(n.terms[:i] + (flipped,) + n.terms[i + 1:]), st)


@_family(NEAR_MISS, "near_restricted")
def _near_restricted(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """The right formula claimed only for one case: a_n = ... \\text{ for } n = 1."""
    n = ref.node
    if n is None or not _scalar(n) or Sym_n not in set(_walk(n)):
        return None
    return Draft(f"a_n = {_r(n, st)}\\text{{ for }} n = {rng.choice((1, 2))}" + rng.choice(("", "\\text{ only}")))


def _int_gold(ref: Reference) -> int | None:
    ex = _exact(ref.node) if ref.node is not None and _scalar(ref.node) else None
    return int(ex) if ex is not None and ex.denominator == 1 else None


@_family(NEAR_MISS, "near_retracted")
def _near_retracted(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """The right value declared, then withdrawn for another: 'The answer is 5. Actually, wait: it is 6.'"""
    v = _int_gold(ref)
    if v is None:
        return None
    w = v + rng.choice((-2, -1, 1, 2, 10))
    form = rng.choice(("The answer is ${v}$. Actually, wait: I made an arithmetic slip, so the right value is ${w}$.",
                       "So we get ${v}$. Hmm, no, that double counts; correcting it gives ${w}$.",
                       "The answer is $\\boxed{{{v}}}$. Wait, that is wrong: the last step should give ${w}$."))
    return Draft(form.format(v=v, w=w), plain=True, sentence=True)


@_family(NEAR_MISS, "near_truncated")
def _near_truncated(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """Output cut off mid-calculation: the gold appears only as an operand of an unfinished step."""
    v = _int_gold(ref)
    if v is None or v < 2:
        return None
    a = rng.randint(2, 12)
    form = rng.choice(("So far it looks like it should be ${w}$. But, let's calculate ${a} \\cdot {v}",
                       "Next we need ${v} \\times {a} = ",
                       "Let me recompute: ${w} + {v}"))
    return Draft(form.format(v=v, a=a, w=v + a), plain=True, sentence=True)


@_family(NEAR_MISS, "near_score_line")
def _near_score_line(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """No answer, only a grade, rating, step count or verdict line holding the gold's number."""
    v = _int_gold(ref)
    if v is None or not 0 <= v <= 10:
        return None
    form = rng.choice(("Judgement: Correct\nScore: {v}/10", "Rating: {v}", "Confidence: {v}/10",
                       "Step {v} completed.", "Verdict: correct (score {v})", "I used {v} steps. Thought process:"))
    return Draft(form.format(v=v), plain=True, sentence=True)


@_family(NEAR_MISS, "near_prose")
def _near_prose(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """A prose box that states another value and names the reference's number only as context:
    '\\text{There are }13\\text{ ways between }12\\text{ and }40' for 12."""
    v = _int_gold(ref)
    if v is None:
        return None
    wrong = v + rng.choice((-3, -1, 1, 2, 7))
    other = str(rng.choice([k for k in (2, 3, 10, 40, 100) if k not in (v, wrong)]))
    a, b = (str(v), other) if rng.random() < 0.5 else (other, str(v))
    return Draft(_prose_sentence(rng, str(wrong), a, b), box_only=True)


@_family(NEAR_MISS, "near_pm")
def _near_pm(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """Two values offered with \\pm where the reference has one: \\pm 2 (or n = \\pm 2, 5) for 2 (or 2, 5)."""
    n = ref.node
    if n is None or "\\pm" in ref.gold:
        return None
    if _scalar(n):
        v = _value(n)
        if v is None or abs(v) < 1e-12:
            return None
        body = _r(n.x if isinstance(n, F.Neg) else n, st)
    elif isinstance(n, F.Lst) and all(_scalar(i) for i in n.items):
        body = _r(n, st)
    else:
        return None
    return Draft(rng.choice(("\\pm ", f"{_var(ref)} = \\pm ", "\\pm\\,")) + body)


@_family(NEAR_MISS, "near_qualifier")
def _near_qualifier(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """A bound instead of the value: \\text{at least }12."""
    if ref.node is None or not _scalar(ref.node):
        return None
    q = rng.choice(("\\text{at least }", "\\text{at most }", "\\text{more than }", "\\text{less than }"))
    return Draft(q + _r(ref.node, st), box_only=True)


from .units import register as _register_units  # noqa: E402  (physics quantities with units)

_register_units(EQUIVALENT, NEAR_MISS, Draft)
from .sets import register as _register_sets  # noqa: E402  (sets of reals in every notation)

_register_sets(EQUIVALENT, NEAR_MISS, Draft)
from .cas import register as _register_cas  # noqa: E402  (sympy's printers: renderings nobody here chose)

_register_cas(EQUIVALENT, NEAR_MISS, Draft)
from .approx import register as _register_approx  # noqa: E402  (coarser answers where approximations are expected)

_register_approx(EQUIVALENT, NEAR_MISS, Draft)
from .web import register as _register_web  # noqa: E402  (scraped pages and CJK typesetting)

_register_web(EQUIVALENT, NEAR_MISS, Draft)
from .named import register as _register_named  # noqa: E402  (labelled values, order chains, renamed parameters)

_register_named(EQUIVALENT, NEAR_MISS, Draft)
from .implicit import register as _register_implicit  # noqa: E402  (a reference as an implicit equation)

_register_implicit(EQUIVALENT, NEAR_MISS, Draft)
from .counting import register as _register_counting  # noqa: E402  (binomials and permutations as textbooks write them)

_register_counting(EQUIVALENT, NEAR_MISS, Draft)
from .perm import register as _register_perm  # noqa: E402  (tuples named by representatives "and permutations")

_register_perm(EQUIVALENT, NEAR_MISS, Draft)
from .frontier import register as _register_frontier  # noqa: E402  (how frontier models end a solution)

_register_frontier(EQUIVALENT, NEAR_MISS, Draft)
from .closing import register as _register_closing  # noqa: E402  (what frontier models write after the value)

_register_closing(EQUIVALENT, NEAR_MISS, Draft)
from .goldforms import register as _register_goldforms  # noqa: E402  (references cut, one value for two unknowns)

_register_goldforms(EQUIVALENT, NEAR_MISS, Draft)
from .physics import register as _register_physics  # noqa: E402  (units after the box, symbols, powers of ten)

_register_physics(EQUIVALENT, NEAR_MISS, Draft)
from .physics_text import register as _register_physics_text  # noqa: E402  (angles in prose, lead-ins, pairs, unit abbreviations)

_register_physics_text(EQUIVALENT, NEAR_MISS, Draft)
from .remarks import register as _register_remarks  # noqa: E402  (remarks beside the value: restated, approximate, notes)

_register_remarks(EQUIVALENT, NEAR_MISS, Draft)

FAMILIES = tuple(EQUIVALENT) + tuple(NEAR_MISS)
