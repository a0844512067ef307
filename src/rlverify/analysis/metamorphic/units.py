"""Physics-style quantity families of the metamorphic generator (issue 14: physics final answers with units).

The unit of a reference comes from its gold (``4.49\\,\\mathrm{cm}``, olympiadbench's ``unit`` column) or from
the question (``in $\\mathrm{~cm}^2/\\mathrm{sec}$``, ``(in centimeters)``, ``in units of J``), resolved by
pint (the dataset's own text, never a response). Renderings are built from pint's unit names, symbols,
aliases and formats (``~L``, ``~P``, ``~C``), not from a hand-written table:

equivalent: ``unit_symbol`` (``\\frac{\\text{cm}}{\\text{sec}}``, ``cm\\cdot s^{-1}``, ``\\mathrm{m\\,s^{-1}}``, ``cm/sec``,
``mole``/``mol``, ``ergs``), ``unit_word`` (meters, electron-volts, light years, square centimeters, meters per
second), ``unit_prefix`` (the same quantity with another SI prefix: ``1\\times10^{-5}\\,\\text{m}`` for
``10\\,\\mu m``), ``temperature_scale`` (``48.57\\text{ °C}`` for ``321.72 K``), ``sci_forms`` (``3.0e8``,
``3\\times 10^{8}``, ``3 \\cdot 10^8``, ``10^{-13}``), ``option_label_unit`` (``(b)\\ 0.44\\,\\text{mm}``),
``ref_rounded`` (a reference rounded to >= 3 significant digits, the response finer: ``73,384\\,\\text{J}`` for
``73.4\\times10^3\\,\\text{J}``);
near-misses: ``near_unit_prefix`` (the number kept, the prefix changed: x 10^3), ``near_exponent`` (a wrong
power of ten), ``near_dimension`` (a unit of another dimension), ``near_sig_digit`` (a wrong digit at the
reference's stated precision), ``near_temperature`` (a Celsius value labelled kelvin, or the reverse).
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
import re
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from typing import Any

from ...runtime.caches import lru
from . import forms as F
from .refs import Reference, _exact

# Filled by register() with the generator's tables and Draft class (this module does not import families:
# no import cycle); families are collected here first.
EQUIVALENT: dict = {}
NEAR_MISS: dict = {}
Draft: Any = None


def _family(table: dict, name: str) -> Any:
    def deco(fn: Any) -> Any:
        table[name] = fn
        return fn
    return deco


def register(equivalent: dict, near_miss: dict, draft: type) -> None:
    """Add the quantity families to the generator's tables; ``draft`` is its Draft class."""
    global Draft
    Draft = draft
    equivalent.update({k: _plain_sometimes(f) for k, f in EQUIVALENT.items()})
    near_miss.update({k: _plain_sometimes(f) for k, f in NEAR_MISS.items()})


def _plain_sometimes(fn: Any) -> Any:
    """Half of the answers with no LaTeX in them (4.49 mm, 3.0e8 m/s, 12 meters) go into the response as plain
    text, outside math: a unit after the value in prose must be read with it."""
    def fam(ref: Reference, rng: random.Random, st: F.Style) -> Any:
        d = fn(ref, rng, st)
        if d is not None and not d.plain and not d.box_only and not re.search(r"[\\${}^]", d.answer) \
                and rng.random() < 0.5:
            d = dataclasses.replace(d, plain=True)
        return d
    fam.__name__, fam.__doc__ = fn.__name__, fn.__doc__
    return fam


_APPLIED = re.compile(r"\bin (?:units of )?\$?\\mathrm\{|\bin (?:meters|seconds|kilometers|centimeters|km/h|m/s|"
                      r"grams|kilograms|joules|newtons|watts|kelvin)\b")


def _applied(ref: Reference) -> bool:
    """A physics/applied reference: minerva, a unit in the dataset, or a question asking for one."""
    return ref.dataset == "minerva_math" or ref.unit is not None or bool(_APPLIED.search(ref.question))

__all__ = ["reference_unit", "question_unit", "unit_forms", "word_forms", "register"]


@functools.lru_cache(maxsize=1)
def _ureg() -> Any:
    import pint

    ureg = pint.UnitRegistry()
    ureg.define("solar_mass = 1.98847e30 * kilogram = M_sun")   # astronomy units pint 0.25 lacks
    return ureg


# ------------------------------------------------------------------ the unit of a reference

_ASK = re.compile(r"(?:\bin\s+(?:units\s+of\s+)?|\bunits?\s+of\s+|\bAnswer\s+in\s+)"
                  r"(\$[^$]{1,60}\$|degrees (?:Celsius|Fahrenheit)|(?:square |cubic |inverse )?[A-Za-z][A-Za-z\-]+(?:\s*(?:/|per)\s*[A-Za-z]+(?: squared| cubed)?)?)")
_PRODUCT_AFTER = re.compile(r"\s+[A-Za-z]+\s*(?:/|per\b)")    # after an ask: another unit word, then 'per'
_STOP = {"the", "a", "an", "this", "that", "terms", "total", "which", "order", "each", "it", "its", "one", "their",
         "his", "her", "these", "those", "case", "general", "fact", "part", "front", "addition", "all", "any", "your",
         "simplest", "lowest", "form", "interval", "radians", "degrees", "percent", "radian", "degree", "number",
         "words", "decimal", "scientific", "time", "dollars", "cents", "some", "both", "such", "place", "our"}
_TEMPERATURE = {"kelvin", "degree_Celsius"}


def _clean_unit_text(s: str) -> str:
    s = s.strip().strip("$").strip()
    s = re.sub(r"\\(?:mathrm|text|rm|mathit|operatorname)\s*", "", s)
    s = s.replace("~", " ").replace("\\AA", "angstrom").replace("\\mu ", "u").replace("\\mu", "u")
    s = re.sub(r"\^\s*\{?\s*\\circ\s*\}?\s*\{?\s*C\b\}?", "degC", s)
    s = re.sub(r"\\(?:cdot|times|,|;|!)", " ", s)
    s = s.replace("{", "(").replace("}", ")").replace("^", "**")
    s = re.sub(r"\(\s*([^()]*?)\s*\)", r"\1", s)
    s = re.sub(r"\bdegrees (Celsius|Fahrenheit)", lambda m: "deg" + m.group(1)[0], s)
    s = re.sub(r"\binverse\s+(\w+)", r"1/\1", s)
    s = re.sub(r"\bsquare\s+(\w+)", r"\1**2", s)
    s = re.sub(r"\bcubic\s+(\w+)", r"\1**3", s)
    s = re.sub(r"(\w+) squared\b", r"\1**2", s)
    s = re.sub(r"(\w+) cubed\b", r"\1**3", s)
    s = re.sub(r"\s+per\s+", "/", s)
    return re.sub(r"\s+", " ", s).strip()


_ENGLISH = {"as", "at", "is", "in", "am", "pm", "an", "or", "on", "of", "to", "by", "we", "it", "us", "do", "go", "no",
            "so", "up", "he", "me", "my", "be", "if", "units", "unit", "point", "points", "bag", "bags"}


def _token_ok(tok: str, in_math: bool) -> bool:
    """A token names its pint unit as written: the name (or plural), the symbol, or an alias; 'units'
    (pint reads micro-nit) or a prose 'as' (attosecond) does not."""
    if tok.lower() in _ENGLISH or (len(tok) == 1 and not in_math):
        return False
    ureg = _ureg()
    try:
        u = ureg.parse_units(tok)
    except Exception:  # noqa: BLE001
        return False
    if len(u._units) != 1:
        return False
    name = next(iter(u._units))
    prefix = re.match(r"(yotta|zetta|exa|peta|tera|giga|mega|kilo|hecto|deca|deci|centi|milli|micro|nano|pico|femto|"
                      r"atto|zepto|yocto|kibi|mebi|gibi|tebi|pebi|exbi)(?=.)", name)
    if prefix and (prefix.group(1) not in ("kilo", "centi", "milli", "micro", "nano", "mega",
                                                                         "giga") or not in_math and len(tok) <= 3
                                                and prefix.group(1) in ("mega", "giga") and tok[1:] not in ("eV", "Hz", "pc", "yr", "W", "J")):
        return False                   # 'Tim' (tebimeter), 'Ms' (megasecond), 'Mb per hour' in prose
    forms = {name, _plural(name), name.replace("_", "-"), _plural(name.replace("_", "-")), ureg.get_symbol(name)}
    try:
        forms |= set(ureg._units[name].aliases)
    except KeyError:
        pass
    forms |= {f + "s" for f in list(forms) if len(f) >= 2}
    return tok in forms or tok.lower() in {f.lower() for f in forms if len(f) > 3}


@lru("analysis.units_parse")
def _parse(text: str) -> Any:
    """A pint unit of a dimensioned physical quantity written in ``text`` (dataset text), else None."""
    t = _clean_unit_text(text)
    if not t or len(t) > 40 or t.lower() in _STOP or re.search(r"[^A-Za-z0-9*/ ._\-]", t):
        return None
    in_math = bool(re.search(r"\\(?:mathrm|text|rm|mbox)\s*\{", text))   # $t$, $S$, $T$ are variables
    toks = [x for x in re.split(r"[\s*/()0-9._]+", t) if x and x != "-"]
    if not toks or not all(_token_ok(x.replace("-", "_") if len(x) > 3 else x, in_math) for x in toks):
        return None
    try:
        u = _ureg().parse_units(t.replace("-", "_"))
    except Exception:  # noqa: BLE001 - pint raises many types on text that is no unit
        return None
    if u.dimensionless or len(u._units) > 3:
        return None
    if "micron" in u._units:                 # pint's symbol for a micron is a bare µ: write it as a micrometer
        u = _ureg().parse_units(t.replace("-", "_").replace("microns", "micrometer").replace("micron", "micrometer"))
    return u


def reference_unit(ref: Reference) -> Any:
    """The pint unit the reference's quantity is in (gold tail, dataset column, or the question), else None."""
    return _reference_unit(ref.source, ref.gold, ref.unit or "", ref.question)


@lru("analysis.units_reference")
def _reference_unit(source: str, gold: str, unit_key: str, question: str) -> Any:
    m = re.search(r"(?:\\(?:text|mathrm)\s*\{\s*~?\s*([^{}]+)\}(\^\{?-?\d\}?)?)\s*\$?$", gold)
    if m:
        u = _parse(m.group(1) + ("**" + m.group(2).strip("^{}") if m.group(2) else ""))
        if u is not None:
            return u
    if unit_key and unit_key not in ("deg", "dollars", "cents"):
        u = _parse({"um": "micrometer"}.get(unit_key, unit_key))
        if u is not None:
            return u
    found = []
    question = re.split(r"\bSubproblem \d+\s*:", question)[-1]     # minerva: earlier sub-questions ask their own
    tail = question[-600:]
    for m in _ASK.finditer(tail):
        if _PRODUCT_AFTER.match(tail, m.end()):
            continue         # 'in kilogram meters per second': a product of units, which _ASK reads as its first
        if not _asking(tail, m.start()):
            continue         # 'A company produces chocolate in bars.': a statement names no unit of the answer
        u = _parse(m.group(1))
        if u is not None:
            found.append(u)
    return found[-1] if len(set(map(str, found))) == 1 or (found and len(found) <= 3) and found else None


_SENTENCE_END = re.compile(r"[.?!](?=\s|$)")
_FORMAT_ONLY = re.compile(r"^(?:\s*[^.?!]*\b(?:format|decimal places?|significant|nearest|integer|round)\b[^.?!]*[.?!]?[)\s]*)*\s*$",
                          re.I)
_ASKING = re.compile(r"\?|\b(?:express|give|answer|find|calculate|compute|determine|estimate|what|how|round|write|state"
                     r"|evaluate|obtain|derive|show|enter|report|convert)\b", re.I)


def _asking(text: str, pos: int) -> bool:
    """The sentence around ``pos`` asks for something (a question mark, an asking verb, or it is the last one): a
    unit named there is the answer's ('Express your answer in meters.', 'What is the speed in m/s?'); one in a statement is the data's or
    no unit at all ('A company produces chocolate in bars.', gsm8k: pint's bar is a pressure)."""
    starts = [m.end() for m in _SENTENCE_END.finditer(text, 0, pos)]
    start = starts[-1] if starts else 0
    end_m = _SENTENCE_END.search(text, pos)
    end = end_m.end() if end_m else len(text)
    # the question's last sentence (formatting instructions aside) is its request, verb or not ('Subproblem 2: the
    # wavelength in nm, to 2 decimal places.')
    return bool(_ASKING.search(text[start:end])) or bool(_FORMAT_ONLY.match(text[end:]))


def question_unit(ref: Reference) -> Any:
    """The unit the question itself asks the answer in ('in $\\mathrm{km} / \\mathrm{h}$', 'in meters'), else None
    (a unit only in the dataset's metadata or the gold is not one a verifier can read from the question)."""
    return _reference_unit(ref.source, "", "", ref.question)


def _number(ref: Reference) -> Fraction | None:
    """The exact value of a numeric reference (a literal, fraction, or scientific literal)."""
    n = ref.node
    if isinstance(n, F.Num) and "e" in n.text:
        mant, _, exp = n.text.partition("e")
        try:
            return Fraction(mant) * Fraction(10) ** int(exp)
        except (ValueError, ZeroDivisionError):
            return None
    return _exact(n) if n is not None else None


def _quantity(ref: Reference) -> tuple[Fraction, Any] | None:
    v = _number(ref)
    if v is None or v == 0 or re.search(r"[a-df-zA-Z]", re.sub(r"\\(?:frac|dfrac|times|cdot)", "", ref.value_text)):
        return None
    u = reference_unit(ref)
    return (v, u) if u is not None else None


# ------------------------------------------------------------------ writing numbers

def _digits_of(ref: Reference) -> tuple[int, int] | None:
    """(significant digits, exponent of the last digit) of a literal reference, None for an exact fraction."""
    n = ref.node
    if not isinstance(n, F.Num):
        return None
    mant, _, exp = n.text.partition("e")
    mant = mant.lstrip("+-")
    whole, _, frac = mant.partition(".")
    digits = (whole + frac).lstrip("0") or "0"
    return len(digits), int(exp or 0) - len(frac)


def _sci_parts(v: Fraction, sig: int) -> tuple[str, int]:
    """Mantissa text with ``sig`` significant digits and the exponent of ``v``."""
    with localcontext() as ctx:
        ctx.prec = 60
        d = Decimal(v.numerator) / Decimal(v.denominator)
        e = d.adjusted()
        m = (d.scaleb(-e)).quantize(Decimal(1).scaleb(-(sig - 1)), rounding=ROUND_HALF_UP)
        if abs(m) >= 10:
            e += 1
            m = (d.scaleb(-e)).quantize(Decimal(1).scaleb(-(sig - 1)), rounding=ROUND_HALF_UP)
    return format(m, "f"), e


def _plain(v: Fraction, last: int) -> str | None:
    """``v`` (exactly representable at ``last``) in positional notation."""
    with localcontext() as ctx:
        ctx.prec = 60
        d = (Decimal(v.numerator) / Decimal(v.denominator)).quantize(Decimal(1).scaleb(min(last, 0)))
    if Fraction(d) != v and last >= 0:
        return None
    s = format(d, "f")
    return s if len(s.replace("-", "").replace(".", "").lstrip("0")) <= 16 else None


def _exact_text(v: Fraction) -> str | None:
    """A terminating decimal of ``v`` in positional notation, else None."""
    for places in range(0, 25):
        if (v * 10 ** places).denominator == 1:
            return _plain(v, -places)
    return None


_SCI_TEX = ("{m}\\times 10^{{{e}}}", "{m} \\times 10^{{{e}}}", "{m}\\cdot 10^{{{e}}}", "{m} \\cdot 10^{{{e}}}",
            "{m}\\times10^{{{e}}}", "{m}\\,\\times\\,10^{{{e}}}")
_SCI_PLAIN = ("{m}e{e}", "{m}E{e:+03d}", "{m} x 10^{e}", "{m}*10^{e}", "{m} × 10^{e}")
_SCI_FORMS = _SCI_TEX + _SCI_PLAIN


def _sci_text(v: Fraction, sig: int, rng: random.Random) -> str:
    """``v`` in scientific notation with ``sig`` significant digits, in one of many writings."""
    m, e = _sci_parts(v, sig)
    if m.lstrip("-") == "1" and rng.random() < 0.4:
        return ("-" if m.startswith("-") else "") + f"10^{{{e}}}"
    form = rng.choice(_SCI_FORMS)
    if 0 <= e <= 9 and form in _SCI_TEX and rng.random() < 0.5:
        form = form.replace("{{{e}}}", "{e}")          # 3 \\cdot 10^8
    return form.format(m=m, e=e)


def _number_text(v: Fraction, sig: int | None, rng: random.Random, sci: float = 0.5) -> str | None:
    """``v`` written to ``sig`` significant digits (None: exactly), in positional or scientific notation
    (always scientific below 10^-4 or from 10^7, as a physics answer writes it)."""
    if sig is None:
        with localcontext() as ctx:
            ctx.prec = 60
            d = Decimal(v.numerator) / Decimal(v.denominator)
        if Fraction(d) != v:
            return None                                  # not a terminating decimal
        sig = max(1, len(d.normalize().as_tuple().digits))
    m, e = _sci_parts(v, sig)
    if e != 0 and (rng.random() < sci or e < -4 or e >= 7):
        return _sci_text(v, sig, rng)
    return _plain(Fraction(Decimal(m)) * Fraction(10) ** e, e - (sig - 1))


# ------------------------------------------------------------------ writing units

def _factors(u: Any) -> list[tuple[str, int]]:
    return [(str(k), int(v)) for k, v in u._units.items()]


@lru("analysis.units_symbols")
def _symbols(name: str) -> tuple[str, ...]:
    """Symbols of a pint unit name: its symbol and short aliases (sec, hr, yr; \\mu for µ; \\AA for Å)."""
    ureg = _ureg()
    out: list[str] = []
    sym = ureg.get_symbol(name)
    if not (name == "year" and sym == "a"):      # pint's annum: written 'yr' in physics answers
        out.append(sym)
    try:
        base = ureg._units[name]
        out += [a for a in base.aliases if len(a) <= 4 and re.fullmatch(r"[A-Za-z]+", a) and not a.startswith("deg")]
    except KeyError:
        pass
    for pre in ("micro", "kilo", "milli", "centi", "mega", "nano", "giga"):
        if name.startswith(pre) and name[len(pre):] in ureg._units:
            inner = ureg._units[name[len(pre):]]
            psym = ureg.get_symbol(name)[: -len(inner.symbol or "")] if inner.symbol else None
            if psym:
                out += [psym + a for a in inner.aliases if len(a) <= 4 and re.fullmatch(r"[A-Za-z]+", a)]
    more = []
    for s in out:
        if s.startswith("µ"):
            more += ["\\mu " + s[1:], "\\mu\\text{" + s[1:] + "}"]
        if s in ("mol",):
            more.append("mole")
        if s == "erg":
            more.append("ergs")
        if s == "Å":
            more += ["\\AA", "\\mathring{A}"]
    return tuple(dict.fromkeys(o for o in out + more if o))


def _plural(word: str) -> str:
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es" if not word.endswith(("hertz", "siemens", "lux")) else word
    return "feet" if word == "foot" else word + "s"


def _word(name: str, plural: bool, rng: random.Random) -> str:
    """A pint unit name as words: electron_volt -> 'electron volts' / 'electron-volts'; degree_Celsius -> 'degrees Celsius'."""
    parts = name.split("_")
    head = 0 if name == "degree_Celsius" else len(parts) - 1      # the noun that takes the plural
    if plural:
        parts[head] = _plural(parts[head])
    sep = rng.choice((" ", "-")) if len(parts) > 1 and name != "degree_Celsius" else " "
    text = sep.join(parts)
    if name in ("angstrom", "kelvin") and rng.random() < 0.5:
        text = text.capitalize()
    return text


def word_forms(u: Any, plural: bool, rng: random.Random) -> str:
    """``u`` spelled out: 'meters per second', 'square centimeters', 'electron-volts', 'joules per mole'."""
    num = [(n, e) for n, e in _factors(u) if e > 0]
    den = [(n, -e) for n, e in _factors(u) if e < 0]

    def one(n: str, e: int, pl: bool, after_per: bool) -> str:
        w = _word(n, pl, rng)
        if e in (2, 3):
            power = ("squared", "cubed")[e - 2]
            return f"{w} {power}" if after_per and rng.random() < 0.5 else ("square " if e == 2 else "cubic ") + w
        return w if e == 1 else f"{w}^{e}"

    top = " ".join(one(n, e, plural and i == len(num) - 1, False) for i, (n, e) in enumerate(num))
    if not den:
        return top
    bottom = " ".join(one(n, e, False, True) for n, e in den)
    return f"{top} per {bottom}" if top else f"per {bottom}"


def _pow(sym: str, e: int, style: str) -> str:
    if e == 1:
        return sym
    return f"{sym}^{e}" if style == "plain" and 0 < e < 10 else f"{sym}^{{{e}}}"


def _tex_symbol(sym: str, cmd: str) -> str:
    """A symbol in \\text/\\mathrm, a \\mu or \\AA prefix kept outside: \\mu\\text{m}."""
    if sym.startswith("\\mu"):
        return "\\mu" + cmd + "{" + re.sub(r"^\\text\{(.*)\}$", r"\1", sym[3:].strip()) + "}"
    if sym.startswith("\\"):
        return sym
    return cmd + "{" + sym + "}"


def unit_forms(u: Any, rng: random.Random) -> list[str]:
    """LaTeX and plain writings of ``u`` in symbols (each with its leading separator): cm/sec,
    \\frac{\\text{cm}}{\\text{s}}, cm\\cdot s^{-1}, \\mathrm{m\\,s^{-1}}, \\mathrm{~cm} / \\mathrm{s}, pint's ~L and ~P."""
    fs = _factors(u)
    syms = {n: rng.choice(_symbols(n)) for n, _ in fs}
    num = [(syms[n], e) for n, e in fs if e > 0]
    den = [(syms[n], -e) for n, e in fs if e < 0]
    neg = [(s, -e) for s, e in den]
    every = num + neg

    def tex(parts: list[tuple[str, int]], cmd: str, sep: str) -> str:
        return sep.join(_tex_symbol(s, cmd) + (f"^{{{e}}}" if e != 1 else "") for s, e in parts)

    def inner(parts: list[tuple[str, int]], sep: str) -> str:
        return sep.join(_pow(s, e, "tex") for s, e in parts)

    plain_ok = all("\\" not in s for s in syms.values())
    out = [" " + " ".join(_pow(s, e, "plain") for s, e in every) if not den or not plain_ok else "",
           "\\," + tex(every, "\\text", "\\,"), "\\ " + tex(every, "\\mathrm", "\\cdot "),
           " " + tex(every, "\\mathrm", "~")]
    if plain_ok:
        out += ["\\ \\mathrm{" + inner(every, "\\,") + "}", "\\,\\text{" + inner(every, " ") + "}"
                if all(e == 1 for _, e in every) else "\\,\\mathrm{" + inner(every, "\\;") + "}",
                "\\mathrm{~" + inner(every, "~") + "}"]
    if den:
        top = " ".join(_pow(s, e, "plain") for s, e in num) if num else "1"
        bot = " ".join(_pow(s, e, "plain") for s, e in den)
        bot = bot if len(den) == 1 else f"({bot})"
        out += ["\\,\\frac{" + (tex(num, "\\text", "\\,") if num else "1") + "}{" + tex(den, "\\text", "\\,") + "}",
                "\\ \\frac{" + (tex(num, "\\mathrm", "\\,") if num else "1") + "}{" + tex(den, "\\mathrm", "\\,") + "}",
                "\\," + (tex(num, "\\mathrm", "\\,") if num else "1") + " / " + tex(den, "\\mathrm", "\\,")]
        if plain_ok:
            out += [f" {top}/{bot}", f"\\ \\text{{{top}/{bot}}}", "\\,\\mathrm{" + inner(num, "\\,") + "/" + inner(den, "\\,")
                    + "}" if num and len(den) == 1 else f" {top}/{bot}",
                    " " + "\\cdot ".join(_pow(s, e, "tex") for s, e in every)]
    if plain_ok and all(n not in ("year", "micron") for n, _ in fs):     # pint writes a year 'a', a micron 'µ'
        out.append(" " + format(u, "~P"))
        out.append("\\," + format(u, "~L"))
    return [o for o in out if o]


# ------------------------------------------------------------------ equivalent families

def _gold_with(ref: Reference, v: Fraction, u: Any, rng: random.Random | None = None) -> str:
    """The gold naming its unit: as written when it does, else its value text + the unit (\\mathrm symbols, or
    half the time any of the writings a response may use: a reference written by another hand)."""
    if ref.unit_in_gold:
        return ref.gold
    if rng is not None and rng.random() < 0.5:
        return ref.value_text + rng.choice(unit_forms(u, rng))
    syms = [(_symbols(n)[0], e) for n, e in _factors(u)]
    if any(not re.fullmatch(r"[A-Za-z]+", s) for s, _ in syms):
        return ref.value_text + " " + format(u, "~P")
    return ref.value_text + "\\ \\mathrm{" + "\\,".join(_pow(s, e, "tex") for s, e in syms) + "}"


def _value_text(ref: Reference, rng: random.Random) -> str:
    """The reference's own value, sometimes with its unit's sci/plain writing switched."""
    return ref.value_text if not ref.unit_in_gold else F.render(ref.node, F.CANONICAL)


@_family(EQUIVALENT, "unit_symbol")
def _unit_symbol(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """The value with its unit in symbols, written every way (cm/sec, \\frac{\\text{cm}}{\\text{s}}, cm\\cdot s^{-1})."""
    q = _quantity(ref)
    if q is None:
        return None
    v, u = q
    forms = unit_forms(u, rng)
    gold = _gold_with(ref, v, u, rng) if rng.random() < 0.5 else None
    return Draft(_value_text(ref, rng) + rng.choice(forms), gold=gold)


@_family(EQUIVALENT, "unit_word")
def _unit_word(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """The unit spelled out: 4.49 centimeters, 2 electron-volts, 3 light years, 5 square meters."""
    q = _quantity(ref)
    if q is None or any(n == "degree_Celsius" for n, _ in _factors(q[1])):
        return None
    v, u = q
    words = word_forms(u, v != 1, rng)
    wrap = rng.choice(("\\text{{ {w}}}", " \\text{{{w}}}", "\\ \\text{{{w}}}", "\\,\\mathrm{{{w}}}", " {w}"))
    text = wrap.format(w=words)
    if "^" in words and wrap.startswith("\\text"):
        text = " " + words
    gold = _gold_with(ref, v, u, rng) if rng.random() < 0.5 else None
    value = _value_text(ref, rng)
    if wrap == " {w}" and "\\" in value:
        text = "\\ \\text{" + words + "}"
    return Draft(value + text, gold=gold, plain=wrap == " {w}" and "\\" not in value)


_PREFIX_OK = {"meter": ("", "kilo", "centi", "milli", "micro", "nano"), "gram": ("", "kilo", "milli", "micro"),
              "second": ("", "milli", "micro", "nano"), "joule": ("", "kilo", "mega"), "watt": ("", "kilo", "mega"),
              "liter": ("", "milli"), "electron_volt": ("", "kilo", "mega", "giga", "milli"), "newton": ("", "kilo"),
              "pascal": ("", "kilo", "mega"), "volt": ("", "kilo", "milli"), "ampere": ("", "milli"),
              "hertz": ("", "kilo", "mega", "giga"), "mole": ("", "milli"), "calorie": ("", "kilo"),
              "parsec": ("", "kilo", "mega"), "byte": ("", "kilo", "mega", "giga")}
_PREFIX_RE = re.compile(r"^(kilo|centi|milli|micro|nano|mega|giga)(?=.)")


def _prefixed(u: Any) -> list[tuple[Any, Fraction]]:
    """(unit, factor): ``u`` with its first factor under another usual prefix (cm -> mm, m, km, \\mu m;
    kJ/mol -> J/mol), and the factor the number is multiplied by."""
    ureg = _ureg()
    fs = _factors(u)
    i = next((k for k, (_, e) in enumerate(fs) if e > 0), None)
    if i is None:
        return []
    name, e = fs[i]
    base = _PREFIX_RE.sub("", name)
    out = []
    for pre in _PREFIX_OK.get(base, ()):
        cand = pre + base
        if cand == name:
            continue
        ratio = Fraction((1 * ureg.Unit(name)).to(ureg.Unit(cand)).magnitude).limit_denominator(10 ** 12)
        k = round(math.log10(ratio))
        if Fraction(10) ** k != ratio or abs(k * e) > 6:
            continue
        new = ureg.Unit("")
        for j, (n2, e2) in enumerate(fs):
            new = new * ureg.Unit(cand if j == i else n2) ** e2
        out.append((new, Fraction(10) ** (k * e)))
    return out


@_family(EQUIVALENT, "unit_prefix")
def _unit_prefix(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """The same quantity with another prefix: 1\\times10^{-5}\\,\\text{m} for 10\\,\\mu m; 44.9 mm for 4.49 cm."""
    q = _quantity(ref)
    if q is None:
        return None
    v, u = q
    opts = _prefixed(u)
    if not opts:
        return None
    new, factor = rng.choice(opts)
    nv = v * factor
    dig = _digits_of(ref)
    text = _number_text(nv, dig[0] if dig else None, rng, sci=0.6 if abs(nv) >= 10**5 or abs(nv) < 10**-3 else 0.3)
    if text is None:
        return None
    return Draft(text + rng.choice(unit_forms(new, rng)), gold=_gold_with(ref, v, u, rng))


@_family(EQUIVALENT, "temperature_scale")
def _temperature_scale(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """A temperature in the other scale: 48.57\\text{ °C} for 321.72 K (and K for a Celsius reference)."""
    q = _quantity(ref)
    if q is None or len(_factors(q[1])) != 1 or _factors(q[1])[0][0] not in _TEMPERATURE:
        return None
    v, u = q
    to_c = _factors(u)[0][0] == "kelvin"
    nv = v - Fraction(27315, 100) if to_c else v + Fraction(27315, 100)
    dig = _digits_of(ref)
    text = _exact_text(nv) if dig is None or dig[1] <= -2 else _plain(nv, min(dig[1], -2))
    if text is None:
        return None
    unit = rng.choice(("^\\circ C", "^{\\circ}\\mathrm{C}", "\\text{ °C}", "\\,^\\circ\\text{C}", "°C", " \\degree C",
                       "\\ ^{\\circ}C", " degrees Celsius")) if to_c else \
        rng.choice(("\\text{ K}", "\\,\\mathrm{K}", " K", " kelvin", "\\ \\text{K}"))
    return Draft(text + unit, gold=_gold_with(ref, v, u, rng))


@_family(EQUIVALENT, "sci_forms")
def _sci_forms(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """A numeric reference in scientific notation every way (3.0e8, 3\\times 10^{8}, 3 \\cdot 10^8, 10^{-13}),
    with its unit when it has one; a scientific reference written out positionally."""
    v = _number(ref)
    n = ref.node
    if v is None or v == 0 or not isinstance(n, F.Num) or not (
            "e" in n.text or _applied(ref) and (abs(v) >= 1000 or abs(v) < Fraction(1, 100))):
        return None
    dig = _digits_of(ref) if "." in n.text or "e" in n.text else None
    sig = dig[0] if dig else None
    if isinstance(n, F.Num) and "e" in n.text and rng.random() < 0.3:
        text = _exact_text(v)
    else:
        s = _exact_text(v)
        sig = sig if sig is not None else (len(s.replace("-", "").replace(".", "").strip("0")) if s else None)
        if sig is None:
            return None
        sig = sig + rng.choice((0, 0, 1)) if "." in (_sci_parts(v, sig)[0] + ".") else sig
        if Fraction(Decimal(_sci_parts(v, sig)[0])) * Fraction(10) ** _sci_parts(v, sig)[1] != v:
            sig = max(1, sig - 1)
            if Fraction(Decimal(_sci_parts(v, sig)[0])) * Fraction(10) ** _sci_parts(v, sig)[1] != v:
                return None
        text = _sci_text(v, sig, rng)
    if text is None:
        return None
    q = _quantity(ref)
    if q is not None and rng.random() < 0.6:
        return Draft(text + rng.choice(unit_forms(q[1], rng)), gold=_gold_with(ref, *q, rng) if rng.random() < 0.5 else None)
    return Draft(text, plain=not text.startswith("\\") and "\\" not in text)


@_family(EQUIVALENT, "option_label_unit")
def _option_label_unit(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """An option (or part) label before a quantity: (b)\\ 0.44\\,\\text{mm}, \\text{(b) } 10^{-13}\\,\\text{cm}."""
    q = _quantity(ref)
    if q is None:
        return None
    v, u = q
    label = rng.choice("abcd")
    form = rng.choice(("({l})\\ ", "({l}) ", "\\text{{({l}) }}", "({L})~", "\\textbf{{({l})}} ", "({l})\\quad "))
    return Draft(form.format(l=label, L=label.upper()) + _value_text(ref, rng) + rng.choice(unit_forms(u, rng)),
                 gold=_gold_with(ref, v, u, rng) if rng.random() < 0.5 else None)


def _rounded_ref(ref: Reference) -> tuple[Fraction, int, int] | None:
    """(value, significant digits, exponent of the last digit) of a reference that states a rounded value:
    a decimal literal with >= 3 significant digits (4.49, 13.1, 1.77e-6, 7.353e14), not an integer."""
    v = _number(ref)
    dig = _digits_of(ref)
    if v is None or v == 0 or dig is None or dig[0] < 3 or not _applied(ref):
        return None
    n = ref.node
    if "." not in n.text and "e" not in n.text:
        return None
    return v, dig[0], dig[1]


@_family(EQUIVALENT, "ref_rounded")
def _ref_rounded(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """A finer value that rounds to the reference at its stated precision: 73,384\\,\\text{J} for
    73.4\\times10^3\\,\\text{J}, 4.4874 for 4.49 (two or three more digits, not at a rounding tie)."""
    got = _rounded_ref(ref)
    if got is None:
        return None
    v, sig, last = got
    extra = rng.choice((1, 2, 3))
    step = Fraction(10) ** last
    off = Fraction(rng.randint(-499, 499), 1000)
    if abs(off) > Fraction(45, 100) or off == 0:
        off = Fraction(rng.choice((-3, -1, 1, 2, 4)), 10)
    fine = v + off * step
    fine_last = last - extra
    fine = Fraction(round(fine / Fraction(10) ** fine_last)) * Fraction(10) ** fine_last
    text = _number_text(fine, sig + extra, rng, sci=0.4)
    if text is None:
        return None
    if "e" not in text.lower() and "10^" not in text and abs(fine) >= 10000 and "." not in text and rng.random() < 0.5:
        text = F.group_digits(text.lstrip("-"), rng.choice((",", "{,}", "\\,"))) if not text.startswith("-") else text
    q = _quantity(ref)
    if q is not None and rng.random() < 0.6:
        return Draft(text + rng.choice(unit_forms(q[1], rng)), gold=_gold_with(ref, *q, rng) if rng.random() < 0.5 else None)
    return Draft(text)


# ------------------------------------------------------------------ near-misses

@_family(NEAR_MISS, "near_unit_prefix")
def _near_unit_prefix(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """The number kept with another prefix (4.49 mm for 4.49 cm), or the value scaled by 10^3 in its unit."""
    q = _quantity(ref)
    if q is None:
        return None
    v, u = q
    opts = [(w, f) for w, f in _prefixed(u) if f != 1]
    gold = _gold_with(ref, v, u, rng)
    if opts and rng.random() < 0.6:
        new, _ = rng.choice(opts)
        return Draft(_value_text(ref, rng) + rng.choice(unit_forms(new, rng)), gold=gold)
    dig = _digits_of(ref)
    nv = v * rng.choice((Fraction(1000), Fraction(1, 1000), Fraction(100), Fraction(1, 10)))
    text = _number_text(nv, dig[0] if dig else None, rng, sci=0.5)
    return Draft(text + rng.choice(unit_forms(u, rng)), gold=gold) if text else None


@_family(NEAR_MISS, "near_exponent")
def _near_exponent(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """The mantissa right, the power of ten wrong (3\\times10^{7} for 3\\times10^{8}; 10^{13} for 10^{-13})."""
    v = _number(ref)
    n = ref.node
    if v is None or v == 0 or not isinstance(n, F.Num) or not (
            "e" in n.text or _applied(ref) and (abs(v) >= 1000 or abs(v) < Fraction(1, 100))):
        return None
    dig = _digits_of(ref)
    m, e = _sci_parts(v, dig[0])
    e2 = rng.choice((e + 1, e - 1, e + 2, e - 3, -e)) if e != 0 else e + 1
    if e2 == e:
        e2 = e + 1
    text = rng.choice(_SCI_FORMS[:5]).format(m=m, e=e2)
    q = _quantity(ref)
    if q is not None and rng.random() < 0.5:
        return Draft(text + rng.choice(unit_forms(q[1], rng)), gold=_gold_with(ref, *q, rng))
    return Draft(text)


def _other_dimension(u: Any, rng: random.Random) -> Any:
    ureg = _ureg()
    fs = _factors(u)
    n, e = rng.choice(fs)
    choice = rng.random()
    if choice < 0.35 and len(fs) > 1:                 # a factor dropped: m/s -> m
        new = ureg.Unit("")
        for n2, e2 in fs:
            if n2 != n:
                new = new * ureg.Unit(n2) ** e2
    elif choice < 0.7:                                # a power changed: cm -> cm^2, s^-1 -> s^-2
        new = u * ureg.Unit(n) ** (1 if e > 0 else -1)
    else:                                             # another base quantity
        other = rng.choice([b for b in ("meter", "second", "gram", "joule", "kelvin", "watt", "mole")
                            if ureg.Unit(b).dimensionality != ureg.Unit(n).dimensionality])
        new = u / ureg.Unit(n) ** e * ureg.Unit(other) ** e
    if new.dimensionless or new.dimensionality == u.dimensionality:
        return None
    return new


@_family(NEAR_MISS, "near_dimension")
def _near_dimension(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """The right number with a unit of another dimension (5 m for 5 m/s, 4.49 cm^2 for 4.49 cm, 3 W for 3 J)."""
    q = _quantity(ref)
    if q is None:
        return None
    v, u = q
    new = _other_dimension(u, rng)
    if new is None:
        return None
    return Draft(_value_text(ref, rng) + rng.choice(unit_forms(new, rng)), gold=_gold_with(ref, v, u, rng))


@_family(NEAR_MISS, "near_sig_digit")
def _near_sig_digit(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """A wrong digit at the reference's stated precision: 73.5\\times10^3 or 73,484 for 73.4\\times10^3; a finer
    value that rounds to a neighbour (4.4962 for 4.49)."""
    got = _rounded_ref(ref)
    if got is None:
        return None
    v, sig, last = got
    step = Fraction(10) ** last
    k = rng.choice((-2, -1, 1, 1, 2))
    if rng.random() < 0.5:
        wrong = v + k * step
        text = _number_text(wrong, sig, rng, sci=0.4) if wrong != 0 else None
    else:
        extra = rng.choice((1, 2))
        off = Fraction(rng.randint(-30, 30), 100)
        wrong = v + (k + off) * step
        wrong = Fraction(round(wrong / Fraction(10) ** (last - extra))) * Fraction(10) ** (last - extra)
        text = _number_text(wrong, sig + extra, rng, sci=0.4) if wrong != 0 else None
    if text is None:
        return None
    with localcontext() as ctx:
        ctx.prec = 60
        d = Decimal(wrong.numerator) / Decimal(wrong.denominator)
        if Fraction(d.quantize(Decimal(1).scaleb(last), rounding=ROUND_HALF_UP)) == v:
            return None
    q = _quantity(ref)
    if q is not None and rng.random() < 0.5:
        return Draft(text + rng.choice(unit_forms(q[1], rng)), gold=_gold_with(ref, *q, rng))
    return Draft(text)


@_family(NEAR_MISS, "near_temperature")
def _near_temperature(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """A temperature's number with the other scale's unit, unconverted (48.57 K for 48.57 °C)."""
    q = _quantity(ref)
    if q is None or len(_factors(q[1])) != 1 or _factors(q[1])[0][0] not in _TEMPERATURE:
        return None
    v, u = q
    unit = rng.choice(("^\\circ C", "\\text{ °C}", "^{\\circ}\\mathrm{C}")) if _factors(u)[0][0] == "kelvin" else \
        rng.choice(("\\text{ K}", "\\,\\mathrm{K}"))
    return Draft(_value_text(ref, rng) + unit, gold=_gold_with(ref, v, u, rng))


# ------------------------------------------------------------------ the unit the question asks, a bare reference

# other units a physics answer uses for the dimension of an asked unit (pint names; converted by pint)
_OTHER_UNITS = {"meter": ("centimeter", "millimeter", "kilometer", "micrometer", "nanometer", "angstrom"),
                "second": ("millisecond", "microsecond", "minute", "hour"),
                "gram": ("kilogram", "milligram"), "joule": ("kilojoule", "electron_volt", "erg", "megajoule"),
                "electron_volt": ("joule", "kiloelectron_volt", "megaelectron_volt", "millielectron_volt"),
                "kelvin": ("degree_Celsius",), "degree_Celsius": ("kelvin",), "erg": ("joule",),
                "pascal": ("kilopascal", "atmosphere", "bar"), "watt": ("kilowatt", "megawatt", "erg / second"),
                "hertz": ("kilohertz", "megahertz", "1 / second"), "newton": ("kilonewton", "dyne"),
                "mole": ("millimole",), "liter": ("milliliter", "centimeter ** 3"), "volt": ("millivolt", "kilovolt"),
                "angstrom": ("nanometer", "meter", "picometer"), "year": ("second",),
                "parsec": ("light_year", "kiloparsec"), "calorie": ("joule", "kilocalorie"),
                "minute": ("second", "hour"), "hour": ("minute", "second")}


def _asked_base(u: Any) -> tuple[str, Any] | None:
    """(the first factor of ``u``, with its prefix taken off) when ``u`` has a table of other units."""
    fs = _factors(u)
    if not fs:
        return None
    name, e = fs[0]
    base = name if name in _OTHER_UNITS else _PREFIX_RE.sub("", name)
    if base not in _OTHER_UNITS and name not in _OTHER_UNITS:
        return None
    return name, e


def _other_units(u: Any) -> list[Any]:
    """Units of ``u``'s dimension a response may answer in: another prefix, or another unit of its first
    factor (cm -> mm, m, Å; eV -> J; K -> °C; kJ/mol -> J/mol, eV/mol), the rest of ``u`` kept."""
    ureg = _ureg()
    got = _asked_base(u)
    out = [w for w, _ in _prefixed(u)]
    if got is None:
        return out
    name, e = got
    fs = _factors(u)
    base = name if name in _OTHER_UNITS else _PREFIX_RE.sub("", name)
    for alt in (base,) + _OTHER_UNITS.get(base, ()):
        if alt == name or alt in ("degree_Celsius", "kelvin") and len(fs) > 1:
            continue
        try:
            new = ureg.Unit("")
            for j, (n2, e2) in enumerate(fs):
                new = new * (ureg.parse_units(alt) if j == 0 else ureg.Unit(n2)) ** (e if j == 0 else e2)
        except Exception:  # noqa: BLE001, S112 - a table unit pint cannot combine: not offered
            continue
        if new.dimensionality == u.dimensionality and str(new) != str(u):
            out.append(new)
    return list({str(w): w for w in out}.values())


def _convert(v: Fraction, u: Any, new: Any) -> Fraction | None:
    """``v`` in ``u`` expressed in ``new`` (pint's factor read as the decimal it prints; offsets for K and °C)."""
    ureg = _ureg()
    try:
        if len(_factors(u)) == 1 and _factors(u)[0][0] in _TEMPERATURE:
            zero = Fraction(Decimal(repr(float(ureg.Quantity(0, u).to(new).magnitude))))
            one = Fraction(Decimal(repr(float(ureg.Quantity(1, u).to(new).magnitude))))
            return zero + (one - zero) * v
        factor = Fraction(Decimal(repr(float(ureg.Quantity(1, u).to(new).magnitude))))
    except Exception:  # noqa: BLE001 - pint raises several types on units it cannot convert
        return None
    return factor * v if factor else None


def _asked(ref: Reference) -> tuple[Fraction, Any] | None:
    """(value, unit) of a bare reference whose question asks for the unit (minerva: 'in $\\mathrm{cm}$')."""
    if ref.unit_in_gold:
        return None
    q = _quantity(ref)
    asks = list(_ASK.finditer(ref.question[-300:]))                    # the question's own (last) ask names it
    if asks and _PRODUCT_AFTER.match(ref.question[-300:], asks[-1].end()):
        return None          # 'in kilogram meters per second': a product of units, which _ASK reads as its first
    qu = _parse(asks[-1].group(1)) if asks else None
    if q is None or qu is None or str(qu) != str(q[1]):
        return None
    return q


def _exactish(v: Fraction, sig: int | None, rng: random.Random) -> str | None:
    """``v`` exactly when it is a short terminating decimal, else to ``sig`` significant digits: at least 3
    (a converted value stands for an exact reference from 3 digits), 4 for a one-digit reference (1 atm is
    101.3 kPa, not 101)."""
    text = _exact_text(v)
    digits = len(text.replace("-", "").replace(".", "").strip("0")) if text is not None else 0
    if text is not None and digits <= max(sig or 0, 6):
        _, e = _sci_parts(v, max(1, digits))
        if e != 0 and (e < -4 or e >= 7 or rng.random() < 0.3):
            return _sci_text(v, max(1, digits), rng)
        return text
    return _k_digits(v, 4 if sig == 1 else max(sig or 3, 3), rng)


@_family(EQUIVALENT, "unit_asked")
def _unit_asked(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """A bare reference, its unit asked by the question (in $\\mathrm{cm}$, in eV, in kelvin), answered in
    another unit of the dimension: 16 mm for 1.6 (cm), 3.0\\times10^{-19} J for 1.9 (eV), 298 K for 25 (°C)."""
    q = _asked(ref)
    if q is None:
        return None
    v, u = q
    opts = _other_units(u)
    if not opts:
        return None
    new = rng.choice(opts)
    nv = _convert(v, u, new)
    if nv is None or nv == 0:
        return None
    dig = _digits_of(ref)
    text = _exactish(nv, dig[0] if dig else None, rng)
    if text is None:
        return None
    return Draft(text + rng.choice(unit_forms(new, rng)))


@_family(NEAR_MISS, "near_unit_asked")
def _near_unit_asked(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """The asked unit's number with another unit (1.6 mm for 1.6, asked in cm), or a converted value off by a
    power of ten (160 mm)."""
    q = _asked(ref)
    if q is None:
        return None
    v, u = q
    opts = [w for w in _other_units(u) if _convert(Fraction(1), u, w) not in (None, Fraction(1))]
    if not opts:
        return None
    new = rng.choice(opts)
    if rng.random() < 0.5 or any(n in _TEMPERATURE for n, _ in _factors(u)):
        return Draft(ref.value_text + rng.choice(unit_forms(new, rng)))
    nv = _convert(v, u, new)
    if nv is None or nv == 0:
        return None
    nv *= rng.choice((Fraction(10), Fraction(1, 10), Fraction(1000)))
    dig = _digits_of(ref)
    text = _exactish(nv, dig[0] if dig else None, rng)
    return Draft(text + rng.choice(unit_forms(new, rng))) if text else None


# ------------------------------------------------------------------ fewer significant figures than the reference

def _fewer(ref: Reference, rng: random.Random, wrong: bool) -> tuple[Fraction, int, Any | None] | None:
    """(value, significant digits, unit) of a reference stated to >= 4 significant digits rounded (half up) to
    3..digits-1 of them (never at a tie; two digits are too coarse to check: precision.rounded_from_reference);
    ``wrong``: the last kept digit off by one or two."""
    got = _rounded_ref(ref)
    if got is None or _ROUNDING_ASKED.search(ref.question) or got[1] < 4:
        return None                              # 'n to 2 decimal places': fewer digits than asked are wrong
    v, sig, _ = got
    k = rng.randint(3, sig - 1)
    with localcontext() as ctx:
        ctx.prec = 60
        d = Decimal(v.numerator) / Decimal(v.denominator)
        last = d.adjusted() - (k - 1)
        r = d.quantize(Decimal(1).scaleb(last), rounding=ROUND_HALF_UP)
        if abs(d - r) == Decimal(5).scaleb(last - 1):
            return None                                  # a tie: either neighbour is a rounding of it
        if wrong:
            r += rng.choice((-2, -1, 1, 1, 2)) * Decimal(1).scaleb(last)
            if r == 0 or r.adjusted() != d.adjusted():
                return None
    q = _quantity(ref)
    return Fraction(r), k, (q[1] if q else None)


_ROUNDING_ASKED = re.compile(r"decimal place|significant (?:fig|dig)|\bnearest\b|\bround", re.IGNORECASE)


def _k_digits(value: Fraction, k: int, rng: random.Random) -> str | None:
    """``value`` written with exactly ``k`` visible significant digits (an integer with trailing zeros beyond
    them, 700000 for 7.0\times10^5, states no precision: written in scientific notation instead)."""
    text = _number_text(value, k, rng, sci=0.4)
    if text is not None and re.fullmatch(r"-?\d+", text) and len(text.lstrip("-").lstrip("0")) > k:
        text = _sci_text(value, k, rng)
    return text


def _fewer_draft(ref: Reference, rng: random.Random, wrong: bool) -> Draft | None:
    got = _fewer(ref, rng, wrong)
    if got is None:
        return None
    value, k, u = got
    if u is None:
        if not _applied(ref) or question_unit(ref) is None:
            return None
        text = _k_digits(value, k, rng)
        return Draft(text) if text else None
    gold = _gold_with(ref, _number(ref), u, rng) if ref.unit_in_gold or rng.random() < 0.5 else None
    if rng.random() < 0.4:
        opts = [(w, f) for w, f in _prefixed(u)]
        if opts:
            new, factor = rng.choice(opts)
            text = _k_digits(value * factor, k, rng)
            return Draft(text + rng.choice(unit_forms(new, rng)), gold=gold) if text else None
    text = _k_digits(value, k, rng)
    if text is None:
        return None
    if gold is None and question_unit(ref) is not None and rng.random() < 0.3:
        return Draft(text)                      # a bare number, the unit asked by the question
    return Draft(text + rng.choice(unit_forms(u, rng)), gold=gold)


@_family(EQUIVALENT, "sig_fewer")
def _sig_fewer(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """A measured reference (>= 4 significant digits) answered to fewer (>= 3), rounded right: 1.23\\times10^{5} J,
    123 kJ or 0.123 MJ for 1.234\\times10^5 J (a relative tolerance tied to the answer's precision)."""
    return _fewer_draft(ref, rng, False)


@_family(NEAR_MISS, "near_sig_fewer")
def _near_sig_fewer(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """Fewer significant digits with a wrong last digit: 1.24\\times10^{5} J or 122 kJ for 1.234\\times10^5 J."""
    return _fewer_draft(ref, rng, True)


# ------------------------------------------------------------------ unit spellings: siunitx, plain TeX, unicode

_SIUNITX = {"meter": "\\meter", "second": "\\second", "gram": "\\gram", "kelvin": "\\kelvin", "joule": "\\joule",
            "mole": "\\mole", "newton": "\\newton", "watt": "\\watt", "hertz": "\\hertz", "pascal": "\\pascal",
            "volt": "\\volt", "ampere": "\\ampere", "ohm": "\\ohm", "liter": "\\liter", "hour": "\\hour",
            "minute": "\\minute", "electron_volt": "\\electronvolt", "radian": "\\radian",
            "degree_Celsius": "\\degreeCelsius"}
_SI_PREFIX_MACRO = {"kilo": "\\kilo", "mega": "\\mega", "giga": "\\giga", "milli": "\\milli", "micro": "\\micro",
                    "nano": "\\nano", "centi": "\\centi"}
_SUPER = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def _si_macros(u: Any) -> str | None:
    """``u`` as siunitx macros (\\kilo\\meter\\per\\second\\squared), None where a factor has no macro."""
    out = []
    for name, e in _factors(u):
        pre = _PREFIX_RE.match(name)
        base = name[pre.end():] if pre and name[pre.end():] in _SIUNITX else name
        if base not in _SIUNITX or abs(e) > 3:
            return None
        macro = (_SI_PREFIX_MACRO[pre.group(1)] if base != name else "") + _SIUNITX[base]
        power = {1: "", 2: "\\squared", 3: "\\cubed"}[abs(e)]
        out.append(("\\per" if e < 0 else "") + macro + power)
    return "".join(out)


def _unicode_unit(u: Any, rng: random.Random) -> str | None:
    """``u`` in symbols with unicode powers and signs: m/s², kg·m², s⁻¹, μF, Ω, Å, ℃."""
    parts = []
    for name, e in _factors(u):
        sym = rng.choice(_symbols(name))
        if "\\" in sym:
            return None
        sym = sym.replace("µ", rng.choice(("µ", "μ"))).replace("degree_Celsius", "℃")
        parts.append((sym, e))
    if parts == [("°C", 1)]:
        return rng.choice((" ℃", "℃", " °C"))
    if rng.random() < 0.5 or all(e > 0 for _, e in parts) or all(e < 0 for _, e in parts):
        sep = rng.choice(("·", " ", "⋅"))
        return " " + sep.join(s + (str(e).translate(_SUPER) if e != 1 else "") for s, e in parts)
    num = [(s, e) for s, e in parts if e > 0]
    den = [(s, -e) for s, e in parts if e < 0]
    top = "·".join(s + (str(e).translate(_SUPER) if e != 1 else "") for s, e in num) or "1"
    bot = "·".join(s + (str(e).translate(_SUPER) if e != 1 else "") for s, e in den)
    return f" {top}/{bot if len(den) == 1 else '(' + bot + ')'}"


def _si_number(v: Fraction, ref: Reference) -> str | None:
    """The value as siunitx's \\num reads it: 2.4e-19, 1320, 4.49."""
    dig = _digits_of(ref)
    if dig is None:
        return _exact_text(v)
    m, e = _sci_parts(v, dig[0])
    return f"{m}e{e}" if e < -3 or e > 5 else _plain(Fraction(Decimal(m)) * Fraction(10) ** e, e - (dig[0] - 1))


@_family(EQUIVALENT, "unit_spelling")
def _unit_spelling(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """The unit written as models also write it: siunitx (\\SI{2.4e-19}{\\joule}, \\qty{3.2}{\\kilo\\meter\\per\\second},
    \\num{1320}\\,\\si{\\kilo\\meter}), plain TeX ({\\rm kJ}), unicode (m/s², kg·m², μF, Ω, ℃), \\textdegree C, degrees
    Celsius; the reference's own unit or the question's."""
    q = _quantity(ref)
    if q is None:
        return None
    v, u = q
    bare_ok = ref.unit_in_gold or _asked(ref) is not None    # a bare gold only where the question's own ask names u
    gold = _gold_with(ref, v, u, rng) if not bare_ok or ref.unit_in_gold or rng.random() < 0.5 else None
    macros = _si_macros(u)
    num = _si_number(v, ref)
    kind = rng.choice(("si", "si", "rm", "unicode", "unicode", "degree"))
    if kind == "si" and macros and num:
        form = rng.choice(("\\SI{{{n}}}{{{u}}}", "\\qty{{{n}}}{{{u}}}", "\\num{{{n}}}\\,\\si{{{u}}}",
                           "{t}\\,\\si{{{u}}}", "{t}~\\si{{{u}}}"))
        return Draft(form.format(n=num, u=macros, t=_value_text(ref, rng)), gold=gold)
    if kind == "degree" and _factors(u) == [("degree_Celsius", 1)]:
        unit = rng.choice((" degrees Celsius", "\\,\\textdegree C", "\\textdegree{}C", " ℃", " deg C",
                           "\\ \\text{degrees Celsius}"))
        return Draft(_value_text(ref, rng) + unit, gold=gold)
    if kind == "rm" and all(re.fullmatch(r"[A-Za-z]+", _symbols(n)[0]) for n, _ in _factors(u)):
        inner = "\\,".join(_pow(_symbols(n)[0], e, "tex") for n, e in _factors(u))
        form = rng.choice(("{t}\\ {{\\rm {u}}}", "{t}\\,{{\\rm {u}}}", "{{\\rm {t}\\ {u}}}"))
        return Draft(form.format(t=_value_text(ref, rng), u=inner), gold=gold)
    text = _unicode_unit(u, rng)
    if text is None:
        return None
    return Draft(_value_text(ref, rng) + text, gold=gold, plain="\\" not in _value_text(ref, rng))


@_family(NEAR_MISS, "near_unit_spelling")
def _near_unit_spelling(ref: Reference, rng: random.Random, st: F.Style) -> Draft | None:
    """The same spellings with the quantity changed: another prefix inside \\SI (\\SI{4.49}{\\milli\\meter} for
    4.49 cm), a power of ten off, or a unicode unit of another dimension (m/s for m/s²)."""
    q = _quantity(ref)
    if q is None:
        return None
    v, u = q
    gold = _gold_with(ref, v, u, rng)
    choice = rng.random()
    if choice < 0.4:
        opts = [(w, f) for w, f in _prefixed(u) if f != 1 and _si_macros(w)]
        num = _si_number(v, ref)
        if opts and num:
            new, _ = rng.choice(opts)
            return Draft(rng.choice(("\\SI{{{n}}}{{{u}}}", "\\qty{{{n}}}{{{u}}}")).format(n=num, u=_si_macros(new)), gold=gold)
    if choice < 0.7 and _si_macros(u):
        num = _si_number(v * 1000, ref)
        return Draft("\\SI{" + num + "}{" + _si_macros(u) + "}", gold=gold) if num else None
    new = _other_dimension(u, rng)
    text = _unicode_unit(new, rng) if new is not None else None
    return Draft(_value_text(ref, rng) + text, gold=gold) if text else None
