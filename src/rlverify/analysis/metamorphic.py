"""Metamorphic test pairs for answer verifiers: equivalent renderings and value-changing near-misses
of every reference answer in the problem sets.

For each reference answer (``problems/*.jsonl``: ``gold``, ``answer`` (GSM8K: after ``####``),
``final_answer`` or the last ``\\boxed{}`` of ``solution``) the generator writes responses that look
like model output (a box, ``**Answer:**``, ``# Answer``, a last line, a "Final Answer" line, boxes
for every step, a think block) holding the answer transformed by one *family* — a rendering that
keeps the value (label true: digit grouping, ``\\dfrac``/``a/b``, ``\\left``/``\\right``, product
signs, unicode and ASCII math, long decimals, interval/inequality/set-builder, ``x =`` prefixes,
equation chains, units, prose boxes, reordered sets, degree signs, the gold written as a whole
solution, ...) or one that changes it (label false: a digit changed, the sign flipped, a tuple
swapped, an element dropped or added, an interval bracket flipped, a unit scaled, rounding to the
wrong place, a chain ending in a wrong value, a bound instead of the value) — composed with
0-2 value-preserving background styles. A family is applied only where it is valid (a set is
reordered only when the question asks for an unordered collection, a tuple swapped only when its
elements differ, a near-miss kept only when the value really changed).

Seeded and deterministic: ``generate(n, seed)`` returns the same rows for the same data.

    python -m rlverify.analysis.metamorphic --out pairs.jsonl --n 20000 --seed 0
    rlverify eval pairs.jsonl --verifier rule --by family

Each row: ``id, question, gold, response, label, family, transforms, position, source, dataset,
generator``.
"""

from __future__ import annotations

import argparse
import ast
import cmath
import functools
import json
import math
import random
import re
import sys
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Callable, Iterator, Sequence

from . import _forms as F

__all__ = ["Reference", "load_references", "generate", "iter_rows", "EQUIVALENT", "NEAR_MISS", "FAMILIES",
           "POSITIONS", "main"]


# ------------------------------------------------------------------ references

@dataclass(frozen=True)
class Reference:
    source: str                  # "math500:test/precalculus/807.json"
    dataset: str
    question: str
    gold: str                    # as the dataset writes it
    value_text: str              # the gold without a trailing unit
    unit: str | None             # a unit key of UNITS, when known
    node: object | None          # the parsed value (None: opaque text)
    unordered: bool              # the answer is a collection whose order does not matter
    solution: str | None         # the dataset's worked solution holding the boxed answer
    unit_in_gold: bool = False   # the gold text itself names the unit


def _last_boxed(text: str) -> str | None:
    i = text.rfind("\\boxed{")
    if i < 0:
        return None
    j = k = i + 7
    depth = 1
    while k < len(text) and depth:
        depth += {"{": 1, "}": -1}.get(text[k], 0)
        k += 1
    return text[j:k - 1] if depth == 0 else None


def _gold_of(row: dict) -> tuple[str | None, str | None]:
    """(gold, worked solution holding it) of a problem row in any of the sets' formats."""
    if "gold" in row:
        return str(row["gold"]), None
    if "final_answer" in row:
        fa = row["final_answer"]
        if isinstance(fa, str):
            try:
                fa = ast.literal_eval(fa)
            except (ValueError, SyntaxError):
                pass
        return (", ".join(map(str, fa)) if isinstance(fa, list) else str(fa)), None
    if "answer" in row:
        ans = str(row["answer"])
        if "####" in ans:
            return ans.split("####")[-1].strip().replace(",", ""), ans
        sol = row.get("solution")
        return ans, sol if isinstance(sol, str) and "\\boxed{" in sol else None
    sol = row.get("solution")
    if isinstance(sol, str):
        return _last_boxed(sol), sol
    return None, None


_UNIT_TAIL = re.compile(r"^(?P<v>.*?)\s*(?:\\(?:text|mathrm|mbox)\s*\{\s*~?\s*(?P<u>[A-Za-z/ ]+?)\s*\}"
                        r"(?P<p>\^\{?\d\}?)?)\s*$")


def _split_unit(gold: str, row: dict) -> tuple[str, str | None]:
    text = gold.strip().strip("$").strip()
    m = _UNIT_TAIL.match(text)
    if m and m.group("v").strip() and not re.search(r"[a-df-zA-Z]", re.sub(r"\\[a-zA-Z]+", "", m.group("v"))):
        key = _unit_key(m.group("u") + (m.group("p") or "").replace("{", "").replace("}", ""))
        if key:
            return m.group("v").strip(), key
    unit = row.get("unit")
    if isinstance(unit, str) and unit not in ("", "None"):
        return text, _unit_key(unit.strip("$"))
    return text, None


_UNORDERED_CUES = re.compile(r"\b(?:find|determine|enter|list|give) all\b|separated by commas|"
                             r"\ball (?:the )?(?:real |possible |integer |positive |complex )*(?:solutions|roots|"
                             r"values of [a-z]\b|numbers|integers|pairs|triples)", re.I)
_INTERVAL_CUES = re.compile(r"interval|inequalit|domain|range|\bsolve\b|values of", re.I)


def load_references(paths: Sequence[str | Path] | None = None) -> list[Reference]:
    """Every reference answer of the problem sets (default: the project's problems/ folder)."""
    from .datasets import dataset_name, problem_paths, read_jsonl

    refs: list[Reference] = []
    for path in paths or problem_paths():
        ds = dataset_name(path)
        for i, row in enumerate(read_jsonl(path)):
            gold, solution = _gold_of(row)
            question = row.get("question") or row.get("problem")
            if not gold or not isinstance(question, str) or len(gold) > 300:
                continue
            rid = row.get("id", row.get("unique_id", row.get("idx", i)))
            value_text, unit = _split_unit(gold, row)
            try:
                node = F.parse(value_text)
            except (F.Unreadable, RecursionError):
                node = None
            unordered = bool(_UNORDERED_CUES.search(question))   # is_multiple_answer rows are often ordered
            refs.append(Reference(f"{ds}:{rid}", ds, question, gold, value_text, unit, node, unordered, solution,
                                  unit is not None and value_text != gold.strip().strip("$").strip()))
    return refs


# ------------------------------------------------------------------ units

# key: (kind, factor to the kind's base unit or None, written forms)
UNITS: dict[str, tuple[str, Fraction | None, tuple[str, ...]]] = {
    "m": ("length", Fraction(1), ("\\text{m}", "\\mathrm{m}", "\\text{ meters}", "\\,\\mathrm{m}", "\\ \\text{m}")),
    "cm": ("length", Fraction(1, 100), ("\\text{cm}", "\\mathrm{cm}", "\\text{ centimeters}", "\\,\\mathrm{cm}")),
    "mm": ("length", Fraction(1, 1000), ("\\text{mm}", "\\mathrm{mm}", "\\text{ millimeters}")),
    "um": ("length", Fraction(1, 10**6), ("\\mu\\text{m}", "\\,\\mu\\mathrm{m}", "\\text{ μm}",
                                        "\\text{ micrometers}")),
    "km": ("length", Fraction(1000), ("\\text{km}", "\\mathrm{km}", "\\text{ kilometers}", "\\,\\mathrm{km}")),
    "s": ("time", Fraction(1), ("\\text{s}", "\\mathrm{s}", "\\text{ sec}", "\\text{ seconds}")),
    "min": ("time", Fraction(60), ("\\text{ min}", "\\text{ minutes}", "\\,\\mathrm{min}")),
    "h": ("time", Fraction(3600), ("\\text{ h}", "\\text{ hours}", "\\text{ hr}", "\\,\\mathrm{h}")),
    "g": ("mass", Fraction(1, 1000), ("\\text{g}", "\\mathrm{g}", "\\text{ grams}")),
    "kg": ("mass", Fraction(1), ("\\text{kg}", "\\mathrm{kg}", "\\text{ kilograms}")),
    "km/h": ("speed", None, ("\\text{km/h}", "\\frac{\\text{km}}{\\text{h}}", "\\text{km}\\cdot\\text{h}^{-1}",
                             "\\mathrm{km\\,h^{-1}}", "\\text{ km per hour}")),
    "m/s": ("speed2", None, ("\\text{m/s}", "\\frac{\\text{m}}{\\text{s}}", "\\text{m}\\cdot\\text{s}^{-1}",
                             "\\mathrm{m\\,s^{-1}}", "\\text{ meters per second}")),
    "cm^2": ("area", None, ("\\text{cm}^2", "\\mathrm{cm}^{2}", "\\text{ cm}^2", "\\text{ square centimeters}")),
    "cm^3": ("volume", None, ("\\text{cm}^3", "\\mathrm{cm}^{3}", "\\text{ cm}^3", "\\text{ cubic centimeters}")),
    "erg": ("energy", None, ("\\text{erg}", "\\text{ ergs}", "\\mathrm{erg}")),
    "mol": ("amount", None, ("\\text{mol}", "\\text{ mole}", "\\text{ moles}", "\\mathrm{mol}")),
    "miles": ("miles", None, ("\\text{ miles}", "\\text{ mi}", "\\ \\text{miles}")),
    "dollars": ("money", None, ("\\text{ dollars}", "\\ \\text{dollars}")),
    "cents": ("cents", None, ("\\text{ cents}", "\\text{ ¢}")),
    "days": ("days", None, ("\\text{ days}", "\\ \\text{days}")),
    "years": ("years", None, ("\\text{ years}", "\\text{ yr}")),
    "deg": ("angle", None, ("^\\circ", "^{\\circ}", "°", "\\text{ degrees}", "\\degree")),
    "degC": ("temperature", None, ("^\\circ\\mathrm{C}", "^{\\circ}\\text{C}", "\\text{ °C}", "°C")),
}
_UNIT_WORDS = {"meter": "m", "meters": "m", "m": "m", "centimeters": "cm", "centimeter": "cm", "cm": "cm",
               "millimeters": "mm", "mm": "mm", "micrometers": "um", "microns": "um", "\\mu m": "um",
               "kilometers": "km", "km": "km", "seconds": "s", "second": "s",
               "s": "s", "sec": "s", "minutes": "min", "minute": "min", "min": "min", "hours": "h", "hour": "h",
               "h": "h", "grams": "g", "g": "g", "kilograms": "kg", "kg": "kg", "km/h": "km/h", "m/s": "m/s",
               "cm^2": "cm^2", "cm^3": "cm^3", "erg": "erg", "ergs": "erg", "mol": "mol", "mole": "mol",
               "moles": "mol", "miles": "miles", "mile": "miles", "dollars": "dollars", "cents": "cents",
               "days": "days", "years": "years", "degrees": "deg", "^{\\circ}": "deg", "^\\circ": "deg"}
_COUNT_NOUNS = re.compile(r"[Hh]ow many (hours|miles|dollars|days|minutes|pounds|years|gallons|feet|cups|"
                          r"kilometers|inches|kilograms|meters|centimeters|seconds|weeks|calories|degrees)\b")


def _unit_key(raw: str) -> str | None:
    t = raw.strip().strip("$").replace("\\mathrm", "").replace("{", "").replace("}", "").replace("~", "").strip()
    return _UNIT_WORDS.get(t) or _UNIT_WORDS.get(t.lower())


def _question_unit(q: str) -> str | None:
    m = _COUNT_NOUNS.search(q)
    if m:
        return _UNIT_WORDS.get(m.group(1), None) or m.group(1)
    m = re.search(r"\bin (?:units of )?(meters|centimeters|kilometers|seconds|minutes|hours)\s*[?.)]", q)
    return _UNIT_WORDS.get(m.group(1)) if m else None


# ------------------------------------------------------------------ values

def _exact(n: object) -> Fraction | None:
    """Exact rational value of a number / fraction / negation, else None."""
    if isinstance(n, F.Num) and "e" not in n.text:
        return Fraction(n.text)
    if isinstance(n, F.Neg):
        v = _exact(n.x)
        return -v if v is not None else None
    if isinstance(n, F.Frac):
        a, b = _exact(n.n), _exact(n.d)
        return a / b if a is not None and b not in (None, 0) else None
    if isinstance(n, F.Paren):
        return _exact(n.x)
    return None


def _scalar(n: object) -> bool:
    return isinstance(n, (F.Num, F.Sym, F.Neg, F.Add, F.Mul, F.Frac, F.Pow, F.Sqrt, F.Paren, F.Func))


def _value(n: object) -> complex | None:
    try:
        v = F.evaluate(n)
    except (F.Unreadable, ZeroDivisionError, OverflowError, ValueError, TypeError):
        return None
    return v if cmath.isfinite(v) else None


def _same(a: object, b: object) -> bool:
    """Structural-numeric equality used to keep near-misses honest."""
    if _scalar(a) and _scalar(b):
        va, vb = _value(a), _value(b)
        if va is None or vb is None:
            return F.render(a) == F.render(b)
        return cmath.isclose(va, vb, rel_tol=1e-9, abs_tol=1e-12)
    if type(a) is not type(b):
        return False
    ca, cb = F.children(a), F.children(b)
    if len(ca) != len(cb):
        return False
    if isinstance(a, F.Seq) and (a.open, a.close) != (b.open, b.close):
        return False
    if isinstance(a, F.Rel) and a.parts[1::2] != b.parts[1::2]:
        return False
    return all(_same(x, y) for x, y in zip(ca, cb))


def _decimal(v: float, sig: int) -> str | None:
    """``v`` rounded to ``sig`` significant digits, in positional notation; None near a tie."""
    if v == 0 or not (1e-6 < abs(v) < 1e12):
        return None
    places = sig - 1 - math.floor(math.log10(abs(v)))
    s = f"{v:.{sig}g}"
    if "e" in s:
        s = f"{v:.{max(0, places)}f}"
    scaled = abs(v) * 10 ** places
    if abs(scaled - int(scaled) - 0.5) < 1e-6:
        return None
    return s


def _is_interval(n: object, ref: Reference) -> bool:
    if isinstance(n, F.Cup):
        return True
    if not isinstance(n, F.Seq) or len(n.items) != 2 or n.open == "{":
        return False
    if (n.open, n.close) in (("(", "]"), ("[", ")")) or any(isinstance(i, F.Sym) and i.name == "inf" or
                                                           isinstance(i, F.Neg) and i.x == F.Sym("inf")
                                                           for i in n.items):
        return True
    return bool(_INTERVAL_CUES.search(ref.question))


def _is_tuple(n: object, ref: Reference) -> bool:
    return isinstance(n, F.Seq) and n.open == "(" and len(n.items) >= 2 and not _is_interval(n, ref)


def _collection(n: object, ref: Reference) -> bool:
    """An unordered collection: a comma list or a set, in a question that asks for all of them."""
    return (isinstance(n, F.Lst) or isinstance(n, F.Seq) and n.open == "{") and ref.unordered


def _var(ref: Reference) -> str:
    m = re.search(r"\$([a-zA-Z])\$", ref.question)
    return m.group(1) if m and m.group(1) not in ("A", "a", "I") else "x"


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


Family = Callable[[Reference, random.Random, F.Style], "Draft | None"]
EQUIVALENT: dict[str, Family] = {}
NEAR_MISS: dict[str, Family] = {}


def _family(table: dict[str, Family], name: str) -> Callable[[Family], Family]:
    def deco(fn: Family) -> Family:
        table[name] = fn
        return fn
    return deco


@functools.lru_cache(maxsize=1 << 16)
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
_style_family("unicode", lambda ref: [F.Style(script="unicode"), F.Style(script="unicode", space=True)])
_style_family("ascii", lambda ref: [F.Style(script="ascii"), F.Style(script="ascii", space=True)])

BACKGROUND = ("grouping", "frac_style", "left_right", "mul_style", "spacing")


@_family(EQUIVALENT, "decimal")
def _decimal_family(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    n = ref.node
    if n is None or not _scalar(n) or F.has_symbols(n) or isinstance(n, F.Num):
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
    """A decimal the reference rounds (\\frac{340}{7} -> 48.57), for applied questions only."""
    n = ref.node
    if ref.dataset != "minerva_math" and ref.unit is None or n is None or not _scalar(n) or F.has_symbols(n):
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


_WORD_SENTENCES = ("The answer is {w}.", "So there are {w} {noun}.", "Therefore the answer is {w}.",
                   "The final answer is {w}.", "We find {w} {noun} in total.", "In all, {w} {noun} work.",
                   "That makes {w}.", "Hence the count is {w}.", "So {w} is the answer.", "Exactly {w} {noun} remain.")


@_family(EQUIVALENT, "number_words")
def _number_words(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """A whole number below 100 in words, in a closing sentence: 'So there are twelve ways.'"""
    ex = _exact(ref.node) if ref.node is not None else None
    if ex is None or ex.denominator != 1 or not 0 <= ex < 100:
        return None
    word = _in_words(int(ex))
    text = rng.choice(_WORD_SENTENCES).format(w=word, noun=rng.choice(_NOUNS))
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

def _replace_leaf(n: object, target: object, new: object) -> object:
    """``n`` with the (identity-)first occurrence of ``target`` replaced by ``new``."""
    if n is target:
        return new
    if isinstance(n, (F.Num, F.Sym)):
        return n
    if isinstance(n, F.Mat):
        return F.Mat(tuple(tuple(_replace_leaf(c, target, new) for c in r) for r in n.rows))
    fields = {}
    for k in n.__dataclass_fields__:
        v = getattr(n, k)
        if isinstance(v, tuple):
            fields[k] = tuple(_replace_leaf(x, target, new) if not isinstance(x, str) else x for x in v)
        elif v is not None and not isinstance(v, str):
            fields[k] = _replace_leaf(v, target, new)
    return replace(n, **fields)


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
    pos = [i for i, c in enumerate(leaf.text) if c.isdigit()]
    i = rng.choice(pos)
    choices = [d for d in "0123456789" if d != leaf.text[i] and not (d == "0" and i == 0 and len(leaf.text) > 1
                                                                       and leaf.text[1] != ".")]
    text = leaf.text[:i] + rng.choice(choices) + leaf.text[i + 1:]
    return _near(ref, _replace_leaf(ref.node, leaf, F.Num(text)), st)


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


@_family(NEAR_MISS, "near_qualifier")
def _near_qualifier(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """A bound instead of the value: \\text{at least }12."""
    if ref.node is None or not _scalar(ref.node):
        return None
    q = rng.choice(("\\text{at least }", "\\text{at most }", "\\text{more than }", "\\text{less than }"))
    return Draft(q + _r(ref.node, st), box_only=True)


FAMILIES = tuple(EQUIVALENT) + tuple(NEAR_MISS)


# ------------------------------------------------------------------ responses

# The working before the answer, from pieces: an opener naming the question's numbers, a middle, and
# sometimes a display equation between those numbers (a distractor a last-number reader would take).
_OPENERS = ("We use the information given: {nums}.", "Let me set up the problem. The quantities involved are {nums}.",
            "First, note the given values {nums}.", "Start from the data ({nums}).", "Let's think step by step.",
            "Step 1: write down what we know ({nums}).")
_MIDDLES = ("Working through the computation step by step and simplifying.",
            "After substituting and simplifying, everything reduces to a single value.",
            "Combining them as described gives the result below.", "We compute each part in turn and check it.",
            "Step 2: compute the requested quantity.\nStep 3: check it.", "Now we put the pieces together.")
_STEP_BOXES = ("\\boxed{{\\text{{Let }}N\\text{{ be the count}}}}", "\\boxed{{N = {k}}}", "\\boxed{{a_1 = {k}}}",
               "\\boxed{{\\text{{Case 1}}}}", "\\boxed{{{k}}}", "\\boxed{{S_1 = {k}}}")

POSITIONS = ("box_sentence", "box_display", "bold_answer", "heading", "final_answer_line", "last_line",
             "step_boxes", "think", "final_answer_bold", "bold_sentence", "answer_colon", "display_dollars")
_BOX_POSITIONS = ("box_sentence", "box_display", "step_boxes", "think", "final_answer_bold", "display_dollars")


def _preamble(ref: Reference, rng: random.Random) -> str:
    found = re.findall(r"(?<![\d.])\d{1,4}(?![\d.])", ref.question)[:3]
    nums = ", ".join(f"${x}$" for x in found)
    opener = rng.choice(_OPENERS if nums else [o for o in _OPENERS if "{nums}" not in o])
    text = opener.format(nums=nums) + rng.choice((" ", "\n")) + rng.choice(_MIDDLES)
    if len(found) >= 2 and rng.random() < 0.4:
        x, y = int(found[0]), int(found[1])
        text += f"\n\n$$ {x} + {y} = {x + y} $$"
    return text


def place(answer: str, position: str, ref: Reference, rng: random.Random, plain: bool = False) -> str:
    """Put the answer where model output puts it."""
    pre = _preamble(ref, rng)
    inline = answer if plain else f"${answer}$"
    if position == "box_sentence":
        return f"{pre}\n\nTherefore, the answer is $\\boxed{{{answer}}}$."
    if position == "box_display":
        return f"{pre}\n\nThus\n\\[\n\\boxed{{{answer}}}\n\\]"
    if position == "bold_answer":
        return f"{pre}\n\n**Answer:** {inline}"
    if position == "heading":
        return f"{pre}\n\n# Answer\n\n{inline}"
    if position == "final_answer_line":
        return f"{pre}\n\nFinal Answer: The final answer is {inline}. I hope it is correct."
    if position == "last_line":
        return f"{pre}\n\nSo the answer is\n\n{inline}"
    if position == "step_boxes":
        first, second = rng.sample(_STEP_BOXES, 2)
        k1, k2 = rng.randint(2, 60), rng.randint(2, 60)
        return (f"{pre}\n\nFirst we count the cases: ${first.format(k=k1)}$, "
                f"which gives ${second.format(k=k2)}$.\n\nFinally, $\\boxed{{{answer}}}$.")
    if position == "final_answer_bold":
        return f"{pre}\n\n**Final Answer**\n\\[\n\\boxed{{{answer}}}\n\\]"
    if position == "display_dollars":
        return f"{pre}\n\nHence the result:\n$$\\boxed{{{answer}}}$$"
    if position == "bold_sentence":
        return f"{pre}\n\n**The answer is {inline}.**"
    if position == "answer_colon":
        return f"{pre}\n\nAnswer: {inline}"
    if position == "think":
        return f"<think>\n{pre}\nHmm, let me double-check the arithmetic. Yes, that works.\n</think>\n\n" \
               f"The answer is $\\boxed{{{answer}}}$."
    raise ValueError(position)


# ------------------------------------------------------------------ generation

def _background(ref: Reference, rng: random.Random, primary: str) -> tuple[F.Style, list[str]]:
    st, names = F.CANONICAL, []
    if ref.node is None:
        return st, names
    for name in rng.sample(BACKGROUND, rng.choice((0, 1, 1, 2))):
        if name == primary:
            continue
        d = EQUIVALENT[name](ref, rng, st)
        if d is None:
            continue
        opts = {"grouping": _grouping_opts(ref), "frac_style": [F.Style(frac="dfrac"), F.Style(frac="slash")],
                "left_right": [F.Style(lr=True)], "mul_style": [F.Style(mul="cdot"), F.Style(mul="times")],
                "spacing": [F.Style(space=True)]}[name]
        opts = [o for o in opts if _changes(ref, o)]
        if opts:
            o = rng.choice(opts)
            st = replace(st, **{k: getattr(o, k) for k in F.Style.__dataclass_fields__
                                if getattr(o, k) != getattr(F.CANONICAL, k)})
            names.append(name)
    return st, names


def _row(ref: Reference, family: str, rng: random.Random, probe: random.Random, idx: int, seed: int) -> dict | None:
    near = family in NEAR_MISS
    fn = NEAR_MISS[family] if near else EQUIVALENT[family]
    if fn(ref, probe, F.CANONICAL) is None:   # not applicable to this reference (the probe's draft is dropped)
        return None
    st, bg = _background(ref, rng, family)
    if family in ("unicode", "ascii", "gold_side", "gold_solution", "matrix_style", "sci_notation"):
        st, bg = F.CANONICAL, []
    draft = fn(ref, rng, st)
    if draft is None:
        return None
    answer, names = draft.answer, [family] + bg
    scalar = ref.node is not None and (_scalar(ref.node) or isinstance(ref.node, (F.Pct, F.Deg))) \
        and not F.has_symbols(ref.node)
    if family in _PREFIXABLE and scalar and not draft.box_only and not draft.sentence and rng.random() < 0.25:
        answer = f"{_var(ref)} = {answer}"   # composed with an 'x =' prefix
        names.append("var_prefix")
    if draft.sentence:
        position = "sentence"
        response = f"{_preamble(ref, rng)}\n\n{answer}"
    else:
        position = rng.choice(_BOX_POSITIONS if draft.box_only else POSITIONS)
        response = place(answer, position, ref, rng, plain=draft.plain)
    return {"id": f"mm{seed}-{idx}", "question": ref.question, "gold": draft.gold or ref.gold,
            "response": response, "label": not near, "family": family, "transforms": names,
            "position": position, "source": ref.source, "dataset": ref.dataset, "generator": "metamorphic"}


# families whose answer is one scalar value, so that 'x = ' can be put before it
_PREFIXABLE = frozenset(("grouping", "frac_style", "left_right", "mul_style", "unicode", "ascii", "decimal",
                         "decimal_rounded", "sci_notation", "text_wrap", "percent", "degree", "unit_response",
                         "unit_convert", "near_digit", "near_sign", "near_rounding", "near_unit_scale"))


def iter_rows(n: int, seed: int = 0, refs: Sequence[Reference] | None = None,
              families: Sequence[str] = FAMILIES) -> Iterator[dict]:
    """``n`` rows, the families balanced over the references each one applies to."""
    refs = list(refs if refs is not None else load_references())
    rng, probe = random.Random(seed), random.Random(seed + 1)
    counts = {f: 0 for f in families}
    made = 0
    while made < n:
        # one pass over the references; a family is used at most once per reference per pass, so the
        # rare families (few references qualify) do not repeat one reference over and over
        before = made
        order = list(range(len(refs)))
        rng.shuffle(order)
        for ri in order:
            ref = refs[ri]
            for fam in sorted(families, key=lambda f: (counts[f], rng.random())):
                row = _row(ref, fam, rng, probe, made, seed)
                if row is None:
                    continue
                counts[fam] += 1
                made += 1
                yield row
                break
            if made >= n:
                return
        if made == before:
            return


def generate(n: int, seed: int = 0, refs: Sequence[Reference] | None = None,
             families: Sequence[str] = FAMILIES) -> list[dict]:
    return list(iter_rows(n, seed, refs, families))


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m rlverify.analysis.metamorphic", description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True, help="JSONL file to write ('-' for stdout)")
    p.add_argument("--n", type=int, default=20000, help="rows to write")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--problems", nargs="*", help="problem JSONL files (default: the project's problems/)")
    p.add_argument("--family", action="append", choices=FAMILIES, help="only these families (repeatable)")
    args = p.parse_args(argv)
    refs = load_references(args.problems or None)
    out = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")
    try:
        k = 0
        for row in iter_rows(args.n, args.seed, refs, tuple(args.family or FAMILIES)):
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
            k += 1
    finally:
        if out is not sys.stdout:
            out.close()
    print(f"wrote {k} rows from {len(refs)} references", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
