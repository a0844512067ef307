"""References for the metamorphic generator: reading every problem set's reference answer (and its unit),
the unit table, and the value helpers that keep renderings equal and near-misses different."""

from __future__ import annotations

import ast
import cmath
import math
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Sequence

from . import forms as F

__all__ = ["Reference", "load_references", "UNITS"]


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
    from ..datasets import dataset_name, problem_paths, read_jsonl

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
