"""Physics final answers as models write them around the value (issue 14, round 4): over the references with a
unit (pint, :mod:`.units`), the unit, the quantity's symbol and the power of ten written where and how model
output puts them, not where a reader expects them.

equivalent: ``unit_after_box`` (the value boxed, its unit after the box: ``\\boxed{12}\\ \\text{m/s}``,
``$\\boxed{3.2}$ kg``, ``\\boxed{12} m/s``, ``\\[\\boxed{1.2\\times10^{4}}\\,\\mathrm{J}\\]`` for 12 kJ),
``quantity_symbol`` (the value with its symbol, boxed or not: ``v = 12\\,\\mathrm{m\\,s^{-1}}``,
``F \\approx 3.2 \\times 10^{4}\\ \\text{N}``, ``v_{\\max} = ...``, ``T_{1/2} = ...``, a short chain
``E = 2 \\times 6\\,\\text{J} = 12\\,\\text{J}``), ``sci_spelling`` (the power of ten in every spelling:
``10^{+4}``, ``10^{04}``, ``× 10⁴``, ``3.2E4``, a mantissa not normalized ``32\\times10^{3}``, an
uncertainty ``(3.2 \\pm 0.1)\\times10^{4}``), ``unit_derived`` (the unit in other SI units of its dimension:
``kg\\,m\\,s^{-2}`` or ``\\frac{\\text{kg}\\,\\text{m}}{\\text{s}^2}`` for N, ``N\\cdot m`` for J, ``J/s`` for W,
``kN\\cdot m`` for kJ), ``sig_finer`` (a reference stated to two significant digits answered more finely, rounding
to it: ``6.27\\times10^{-3}`` m for ``6.3\\times10^{-3}`` m);
near-misses: ``near_unit_after_box`` (the unit after the box of another prefix or dimension: the box alone
holds the reference's number), ``near_quantity_symbol`` (the last value of the symbol's line changed),
``near_sci_spelling`` (the exponent or the central value changed in the same spellings),
``near_unit_derived`` (other SI units of another dimension: ``kg\\,m/s`` for N), ``near_sig_finer`` (the finer
answer rounds to a neighbour: ``6.37\\times10^{-3}`` for ``6.3\\times10^{-3}``).
Registered by :mod:`.families`.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import Any

from . import forms as F
from .refs import Reference
from .table import Families
from .units import (
    _digits_of,
    _factors,
    _gold_with,
    _number_text,
    _other_dimension,
    _prefixed,
    _quantity,
    _sci_parts,
    _ureg,
    _value_text,
    unit_forms,
    word_forms,
)

__all__ = ["register"]

_T = Families()
register = _T.register


# ------------------------------------------------------------------ unit writings by where they stand

def _tex_unit(u: Any, rng: random.Random) -> str:
    """A writing of ``u`` that stays in math mode (leading separator included)."""
    forms = [f for f in unit_forms(u, rng) if "\\" in f and not f.startswith(" ")] or unit_forms(u, rng)
    return rng.choice(forms)


def _plain_unit(u: Any, rng: random.Random, plural: bool) -> str | None:
    """A writing of ``u`` in prose, outside math (symbols or words, no backslash)."""
    forms = [f.strip() for f in unit_forms(u, rng) if "\\" not in f and "{" not in f and "~" not in f]
    if rng.random() < 0.3 and not any("_per_" in n for n, _ in _factors(u)):     # no 'square mile-per-hours'
        words = word_forms(u, plural, rng)
        if "^" not in words and len(re.split(r"[ -]", words)) <= 4:
            forms = [words]
    return rng.choice(forms) if forms else None


_LEADS = ("Therefore, the answer is", "So the result is", "Thus", "Hence the required value is", "The final answer is",
          "**Final answer:**", "This gives", "Putting the numbers in,")


def _after_box(value: str, u: Any, rng: random.Random, plural: bool) -> str | None:
    """The closing line: the value boxed, the unit written after the box (in the same math, after it closes,
    in a display, or with no math delimiters at all)."""
    lead = rng.choice(_LEADS)
    end = rng.choice((".", "", "."))
    kind = rng.choice(("inline", "inline", "after", "after", "display", "bare", "paren"))
    if kind == "inline":
        return f"{lead} $\\boxed{{{value}}}{_tex_unit(u, rng)}${end}"
    if kind == "display":
        dollars = rng.random() < 0.5
        open_, close = ("$$", "$$") if dollars else ("\\[\n", "\n\\]")
        return f"{lead}\n{open_}\\boxed{{{value}}}{_tex_unit(u, rng)}{close}"
    unit = _plain_unit(u, rng, plural)
    if unit is None:
        return None
    if kind == "after":
        return f"{lead} $\\boxed{{{value}}}$ {unit}{end}"
    if kind == "paren":
        return f"{lead} \\(\\boxed{{{value}}}\\) {unit}{end}"
    if "\\" in value.replace("\\times", "").replace("\\cdot", "") or "{" in value.replace("10^{", ""):
        return None
    return f"{lead} \\boxed{{{value}}} {unit}{end}"


def _converted(ref: Reference, v: Fraction, u: Any, rng: random.Random) -> tuple[str, Any] | None:
    """The value in another prefix of its unit (12 kJ -> 1.2\\times10^{4} J), at the reference's digits."""
    opts = [(w, f) for w, f in _prefixed(u) if f != 1]
    if not opts:
        return None
    new, factor = rng.choice(opts)
    dig = _digits_of(ref)
    nv = v * factor
    text = _number_text(nv, dig[0] if dig else None, rng, sci=0.6 if abs(nv) >= 10**5 or abs(nv) < 10**-3 else 0.3)
    return (text, new) if text else None


@_T.equivalent("unit_after_box")
def _unit_after_box(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """The value boxed and its unit written after the box (same math, after the math, display, no math)."""
    q = _quantity(ref)
    if q is None:
        return None
    v, u = q
    value, unit, gold = _value_text(ref, rng), u, None
    if rng.random() < 0.35:
        conv = _converted(ref, v, u, rng)
        if conv is not None:
            value, unit = conv
            gold = _gold_with(ref, v, u, rng)          # another prefix: the gold names its unit
    elif rng.random() < 0.5:
        gold = _gold_with(ref, v, u, rng)
    text = _after_box(value, unit, rng, v != 1)
    return _T.draft(text, gold=gold, plain=True, sentence=True) if text else None


@_T.near_miss("near_unit_after_box")
def _near_unit_after_box(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """The box holds the reference's number, the unit after it is another prefix (12 km/s for 12 m/s) or
    another dimension (12 m for 12 m/s): the quantity is another one."""
    q = _quantity(ref)
    if q is None:
        return None
    v, u = q
    opts = [w for w, f in _prefixed(u) if f != 1]
    if opts and rng.random() < 0.6:
        new = rng.choice(opts)
    elif any(n in ("kelvin", "degree_Celsius") for n, _ in _factors(u)):
        return None                                  # no 'degrees Celsius squared' in any answer
    else:
        new = _other_dimension(u, rng)
    if new is None:
        return None
    text = _after_box(_value_text(ref, rng), new, rng, v != 1)
    return _T.draft(text, gold=_gold_with(ref, v, u, rng), plain=True, sentence=True) if text else None


# ------------------------------------------------------------------ the value with its symbol

def _dim_key(u: Any) -> str:
    return str(u.dimensionality)


_SYMBOLS_BY_DIMENSION = {
    "[length]": ("d", "x", "L", "h", "r", "\\lambda", "\\Delta x", "s_{\\text{max}}", "\\lambda_{\\max}", "R_0"),
    "[time]": ("t", "T", "\\tau", "t_{1/2}", "\\Delta t", "T_{1/2}", "t_0"),
    "[mass]": ("m", "M", "m_2", "M_{\\text{tot}}"),
    "[length] / [time]": ("v", "u", "v_0", "v_{\\max}", "v_{\\text{esc}}", "c_s", "v_f"),
    "[length] / [time] ** 2": ("a", "g", "a_c", "g_{\\text{eff}}"),
    "[length] * [mass] / [time] ** 2": ("F", "F_{\\text{net}}", "T", "N", "F_g"),
    "[length] ** 2 * [mass] / [time] ** 2": ("E", "W", "K", "E_k", "\\Delta E", "Q", "U", "E_{\\gamma}"),
    "[length] ** 2 * [mass] / [time] ** 3": ("P", "L", "P_{\\text{out}}", "L_\\odot"),
    "[mass] / [length] / [time] ** 2": ("p", "P", "\\Delta p", "P_0"),
    "[temperature]": ("T", "T_f", "T_{\\text{eq}}", "\\Delta T"),
    "1 / [time]": ("f", "\\nu", "\\omega", "f_0", "\\Gamma"),
    "[length] ** 2": ("A", "S", "\\sigma"),
    "[length] ** 3": ("V", "V_0"),
}
_GENERIC = ("x", "Q", "X", "y")


def _symbol(u: Any, rng: random.Random) -> str:
    return rng.choice(_SYMBOLS_BY_DIMENSION.get(_dim_key(u), _GENERIC))


def _chain(v: Fraction, value: str, unit: str, rng: random.Random) -> str | None:
    """``2 \\times 6\\,unit = 12\\,unit``: a product that the value ends (exact halves only)."""
    half = v / 2
    text = _number_text(half, None, rng, sci=0.0)
    if text is None or len(text) > 12 or "\\" in text or "e" in text.lower():
        return None
    return rng.choice(("2 \\times {h}{u} = {v}{u}", "2({h}{u}) = {v}{u}", "2 \\cdot {h} = {v}{u}")).format(
        h=text, u=unit, v=value)


def _symbol_line(ref: Reference, v: Fraction, value: str, u: Any, rng: random.Random, chain: bool) -> str | None:
    sym = _symbol(u, rng)
    rel = rng.choice(("=", "=", "\\approx", "\\simeq")) if not chain else "="
    unit = _tex_unit(u, rng)
    body = f"{value}{unit}"
    if chain:
        got = _chain(v, value, unit, rng)
        if got is None:
            return None
        body = got
    kind = rng.choice(("boxed", "inline", "display", "boxed_sentence"))
    lead = rng.choice(("Therefore", "So", "Thus", "The result:", "Hence we find", "Final answer:"))
    if kind == "boxed":
        return f"{lead}\n\\[\n\\boxed{{{sym} {rel} {body}}}\n\\]"
    if kind == "boxed_sentence":
        return f"{lead} $\\boxed{{{sym} {rel} {body}}}$."
    if kind == "display":
        return f"{lead}\n$$ {sym} {rel} {body} $$"
    return f"{lead} ${sym} {rel} {body}$."


@_T.equivalent("quantity_symbol")
def _quantity_symbol(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """The value with its symbol and unit (v = 12\\,\\mathrm{m\\,s^{-1}}, F \\approx 3.2\\times10^{4}\\ \\text{N},
    T_{1/2} = ...), boxed or not, sometimes at the end of a short chain."""
    q = _quantity(ref)
    if q is None:
        return None
    v, u = q
    gold = _gold_with(ref, v, u, rng) if rng.random() < 0.5 else None
    text = _symbol_line(ref, v, _value_text(ref, rng), u, rng, chain=rng.random() < 0.3)
    return _T.draft(text, gold=gold, plain=True, sentence=True) if text else None


def _wrong_value(ref: Reference, v: Fraction, rng: random.Random) -> tuple[Fraction, str] | None:
    """The reference's value with one digit changed (at its stated precision)."""
    dig = _digits_of(ref)
    text = _value_text(ref, rng)
    digits = [i for i, c in enumerate(text) if c.isdigit()]
    if not digits or "^" in text and dig is None:
        return None
    for _ in range(4):
        i = rng.choice(digits[: max(1, (dig[0] if dig else len(digits)))])
        new = text[:i] + str((int(text[i]) + rng.choice((1, 2, 3, 7))) % 10) + text[i + 1:]
        if re.match(r"-?0\d", new) or new == text:
            continue
        return v, new
    return None


@_T.near_miss("near_quantity_symbol")
def _near_quantity_symbol(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """The symbol's line with its (last) value changed by one digit: F = 3.3\\times10^{4}\\,\\text{N} for 3.2."""
    q = _quantity(ref)
    if q is None:
        return None
    v, u = q
    got = _wrong_value(ref, v, rng)
    if got is None:
        return None
    text = _symbol_line(ref, v, got[1], u, rng, chain=False)
    return _T.draft(text, gold=_gold_with(ref, v, u, rng), plain=True, sentence=True) if text else None


# ------------------------------------------------------------------ powers of ten in every spelling

_SUPER = str.maketrans("0123456789-+", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺")


def _sci_written(m: str, e: int, rng: random.Random) -> tuple[str, bool]:
    """(text, plain): mantissa ``m`` and exponent ``e`` in one of the spellings models use."""
    sign = "+" if e >= 0 else "-"
    forms = [(f"{m}\\times 10^{{{sign}{abs(e)}}}", False), (f"{m} \\times 10^{{{e:+03d}}}", False),
             (f"{m} × 10{str(e).translate(_SUPER)}", True), (f"{m}×10{str(e).translate(_SUPER)}", True),
             (f"{m}E{e}", True), (f"{m}e{e:+03d}", True),
             (f"{m}{{\\times}}10^{{{e}}}", False), (f"{m} \\times {{10}}^{{{e}}}", False),
             (f"{m}\\cdot10^{{{e}}}", False), (f"{m} · 10^{e}", True), (f"{m}·10^{{{e}}}", True),
             (f"{m}\\times10^{{\\,{e}}}", False), (f"{m} x 10^({e})", True), (f"{m}*10**{e}", True)]
    return rng.choice(forms)


def _shifted(m: str, e: int, rng: random.Random) -> tuple[str, int]:
    """The same number with the mantissa not normalized: 3.2e4 as 32e3 or 0.32e5."""
    from decimal import Decimal

    k = rng.choice((1, -1))
    d = Decimal(m).scaleb(k)
    text = format(d.normalize(), "f") if "." in format(d, "f") else format(d, "f")
    if "." in m and len(m.split(".")[1]) > 1 and k == 1:
        text = format(Decimal(m).scaleb(1), "f")      # keeps the digits written: 3.25 -> 32.5
    return text, e - k


def _sci_source(ref: Reference) -> tuple[Fraction, str, int, Any] | None:
    """(value, mantissa text, exponent, unit or None) of a numeric reference a physics answer writes in
    scientific notation (>= 10^3 or < 10^-2 in magnitude, or written so)."""
    n = ref.node
    q = _quantity(ref)
    if q is None or not isinstance(n, F.Num):
        return None
    v, u = q
    if not ("e" in n.text or abs(v) >= 1000 or abs(v) < Fraction(1, 100)):
        return None
    dig = _digits_of(ref)
    if dig is None:
        return None
    m, e = _sci_parts(v, dig[0])
    if Fraction(m) * Fraction(10) ** e != v:
        return None
    return v, m, e, u


@_T.equivalent("sci_spelling")
def _sci_spelling(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """A quantity's power of ten spelled as models also write it: 10^{+4}, 10^{04}, × 10⁴, 3.2E4,
    {\\times}10^{4}, a mantissa not normalized (32\\times10^{3}), an uncertainty ((3.2 \\pm 0.1)\\times10^{4})."""
    got = _sci_source(ref)
    if got is None:
        return None
    v, m, e, u = got
    kind = rng.random()
    if kind < 0.25:
        m, e = _shifted(m, e, rng)
    if kind > 0.8 and "." in m:                         # an uncertainty in the last written digit
        last = len(m.split(".")[1])
        unc = "0." + "0" * (last - 1) + rng.choice("125")
        text, plain = f"({m} \\pm {unc})\\times 10^{{{e}}}", False
        if rng.random() < 0.4:
            text, plain = f"({m} ± {unc}) × 10^{e}", True
    else:
        text, plain = _sci_written(m, e, rng)
    unit = rng.choice(unit_forms(u, rng)) if not plain else (_plain_unit(u, rng, True) or "")
    if plain and unit:
        unit = " " + unit
    gold = _gold_with(ref, v, u, rng) if rng.random() < 0.5 else None
    return _T.draft(text + unit, gold=gold, plain=plain)


@_T.near_miss("near_sci_spelling")
def _near_sci_spelling(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """The same spellings with the exponent off (10^{+5} for 10^{4}) or the central value of an uncertainty
    changed ((3.3 \\pm 0.1)\\times10^{4} for 3.2\\times10^4)."""
    got = _sci_source(ref)
    if got is None:
        return None
    v, m, e, u = got
    if rng.random() < 0.3:
        digits = [i for i, c in enumerate(m) if c.isdigit() and not (i == 0 and c == "0")]
        i = rng.choice(digits)
        new = m[:i] + str((int(m[i]) + rng.choice((1, 2, 8))) % 10) + m[i + 1:]
        if new.lstrip("-").startswith("0") and "." not in new[:2]:
            return None
        text, plain = f"({new} \\pm 0.1)\\times 10^{{{e}}}", False
    else:
        e2 = rng.choice((e + 1, e - 1, -e if e != 0 else e + 2, e + 3))
        if e2 == e:
            e2 = e + 1
        if rng.random() < 0.3:
            m, e2 = _shifted(m, e2, rng)
        text, plain = _sci_written(m, e2, rng)
    unit = rng.choice(unit_forms(u, rng)) if not plain else " " + (_plain_unit(u, rng, True) or "")
    return _T.draft(text + unit.rstrip(), gold=_gold_with(ref, v, u, rng), plain=plain)


# ------------------------------------------------------------------ the unit in other SI units of its dimension

# other SI writings of a derived unit (pint names): the dimension kept, the number unchanged
_DERIVED = {
    "newton": ("kilogram * meter / second ** 2", "joule / meter", "pascal * meter ** 2"),
    "joule": ("newton * meter", "watt * second", "kilogram * meter ** 2 / second ** 2", "coulomb * volt"),
    "watt": ("joule / second", "volt * ampere", "newton * meter / second", "kilogram * meter ** 2 / second ** 3"),
    "pascal": ("newton / meter ** 2", "joule / meter ** 3", "kilogram / meter / second ** 2"),
    "hertz": ("1 / second",),
    "coulomb": ("ampere * second",),
    "volt": ("joule / coulomb", "watt / ampere"),
    "ohm": ("volt / ampere",),
    "tesla": ("newton / ampere / meter", "weber / meter ** 2"),
    "farad": ("coulomb / volt",),
}
_PREFIX = re.compile(r"^(kilo|mega|giga|milli|micro|nano|centi)(?=.)")


def _derived(u: Any, rng: random.Random) -> Any:
    """``u`` with one derived factor rewritten in other SI units (its prefix moved to the first new factor:
    kJ -> kN·m), or None."""
    ureg = _ureg()
    fs = _factors(u)
    cands = [(i, n, e) for i, (n, e) in enumerate(fs) if _PREFIX.sub("", n) in _DERIVED]
    if not cands:
        return None
    i, name, e = rng.choice(cands)
    base = _PREFIX.sub("", name)
    pre = name[: len(name) - len(base)]
    alts = [a for a in _DERIVED[base] if not pre or a.split()[0] not in ("1", "kilogram")]
    if not alts:
        return None
    alt = pre + rng.choice(alts)              # the prefix goes to the first new factor: kJ -> kN·m
    try:
        new = ureg.parse_units(alt) ** e
        for j, (n2, e2) in enumerate(fs):
            if j != i:
                new = new * ureg.Unit(n2) ** e2
        if (1 * u).to(new).magnitude != 1 and abs((1 * u).to(new).magnitude - 1) > 1e-12:
            return None
    except Exception:  # noqa: BLE001 - pint raises several types on units it cannot combine
        return None
    return new


@_T.equivalent("unit_derived")
def _unit_derived(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """The unit in other SI units of its dimension, the number unchanged: kg\\,m\\,s^{-2} or
    \\frac{\\text{kg}\\,\\text{m}}{\\text{s}^2} for N, N\\cdot m for J, J/s for W, kN\\cdot m for kJ."""
    q = _quantity(ref)
    if q is None:
        return None
    v, u = q
    new = _derived(u, rng)
    if new is None:
        return None
    gold = _gold_with(ref, v, u, rng) if not ref.unit_in_gold else None
    return _T.draft(_value_text(ref, rng) + rng.choice(unit_forms(new, rng)), gold=gold)


@_T.near_miss("near_unit_derived")
def _near_unit_derived(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """Other SI units of another dimension, the number unchanged: kg\\,m/s for N, J\\cdot s for W."""
    q = _quantity(ref)
    if q is None:
        return None
    v, u = q
    new = _derived(u, rng)
    if new is None:
        return None
    wrong = _other_dimension(new, rng)
    if wrong is None:
        return None
    return _T.draft(_value_text(ref, rng) + rng.choice(unit_forms(wrong, rng)), gold=_gold_with(ref, v, u, rng))


# ------------------------------------------------------------------ a two-digit measured reference, answered finer

def _two_digit(ref: Reference) -> tuple[Fraction, int, Any] | None:
    """(value, exponent of the last digit, unit) of a reference stated to two significant digits with a decimal
    point (6.3\\times10^{-3}, 0.63, 2.0) that names its unit (or is a power of ten, its unit asked)."""
    q = _quantity(ref)
    n = ref.node
    dig = _digits_of(ref)
    if q is None or not isinstance(n, F.Num) or dig is None or dig[0] != 2 or "." not in n.text:
        return None
    return q[0], dig[1], q[1]


def _finer_draft(ref: Reference, rng: random.Random, wrong: bool) -> Any:
    got = _two_digit(ref)
    if got is None:
        return None
    v, last, u = got
    step = Fraction(10) ** last
    extra = rng.choice((1, 1, 2))
    off = Fraction(rng.choice([k for k in range(-4, 5) if k]), 10)       # never at a rounding tie
    centre = v + rng.choice((-1, 1)) * step if wrong else v
    fine = centre + off * step
    fine = Fraction(round(fine / Fraction(10) ** (last - extra))) * Fraction(10) ** (last - extra)
    if fine == 0 or fine == v:
        return None
    text = _number_text(fine, 2 + extra, rng, sci=0.5)
    if text is None:
        return None
    gold = _gold_with(ref, v, u, rng) if ref.unit_in_gold or rng.random() < 0.6 else None
    return _T.draft(text + rng.choice(unit_forms(u, rng)), gold=gold)


@_T.equivalent("sig_finer")
def _sig_finer(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """A measured reference stated to two significant digits answered more finely, rounding to it:
    6.27\\times10^{-3}\\,\\mathrm{m} for 6.3\\times10^{-3} m, 1.96 s for 2.0 s (the answer's extra digits come from
    its own arithmetic; the reference states two)."""
    return _finer_draft(ref, rng, False)


@_T.near_miss("near_sig_finer")
def _near_sig_finer(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """The same finer answer rounding to a neighbour at the reference's precision: 6.37\\times10^{-3} for 6.3."""
    return _finer_draft(ref, rng, True)


# ------------------------------------------------------------------ a vector quantity given with its direction

_DIRECTIONS = (("to the right", "to the left"), ("upward", "downward"), ("up", "down"), ("north", "south"),
               ("east", "west"), ("toward the center", "away from the center"), ("into the page", "out of the page"),
               ("clockwise", "counterclockwise"), ("in the +x direction", "in the -x direction"),
               ("radially outward", "radially inward"), ("vertically downward", "vertically upward"))
_VECTOR_DIMENSIONS = ("[length] / [time]", "[length] / [time] ** 2", "[length] * [mass] / [time] ** 2", "[length]",
                      "[length] * [mass] / [time]", "[mass] / [current] / [time] ** 2")


def _with_direction(value: str, u: Any, direction: str, rng: random.Random) -> tuple[str, bool]:
    """(answer, plain): the quantity followed by its direction, in the wrappings answers use."""
    lead = rng.choice(("", "", "directed ", "pointing "))
    kind = rng.randrange(5)
    if kind == 0:
        return f"{value}{_tex_unit(u, rng)}\\ (\\text{{{lead}{direction}}})", False
    if kind == 1:
        return f"{value}{_tex_unit(u, rng)},\\ \\text{{{lead}{direction}}}", False
    if kind == 2:
        return f"{value}{_tex_unit(u, rng)} \\text{{ {lead}{direction}}}", False
    unit = _plain_unit(u, rng, True)
    if unit is None or "\\" in value:
        return f"{value}{_tex_unit(u, rng)}\\text{{ {lead}{direction}}}", False
    sep = rng.choice((" (", ", ", " "))
    return f"{value} {unit}{sep}{lead}{direction}{')' if sep == ' (' else ''}", True


def _vector(ref: Reference) -> tuple[Fraction, Any] | None:
    q = _quantity(ref)
    return q if q is not None and _dim_key(q[1]) in _VECTOR_DIMENSIONS else None


@_T.equivalent("direction_qualifier")
def _direction_qualifier(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """A vector quantity answered with its direction: 12\\,\\mathrm{m/s}\\ (\\text{to the right}), 5 N, directed
    toward the center; against a reference that states the magnitude, or (a third of the time) a reference written
    with the same direction."""
    q = _vector(ref)
    if q is None:
        return None
    v, u = q
    direction = rng.choice(rng.choice(_DIRECTIONS))
    text, plain = _with_direction(_value_text(ref, rng), u, direction, rng)
    gold = _gold_with(ref, v, u, rng)
    if rng.random() < 0.33:
        gold = gold + "\\ \\text{" + direction + "}"
    elif rng.random() < 0.5:
        gold = None
    return _T.draft(text, gold=gold, plain=plain)


@_T.near_miss("near_direction_qualifier")
def _near_direction_qualifier(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """The direction kept with a changed value (one digit), or the right value in the opposite direction to the
    one the reference states."""
    q = _vector(ref)
    if q is None:
        return None
    v, u = q
    pair = rng.choice(_DIRECTIONS)
    gold = _gold_with(ref, v, u, rng)
    if rng.random() < 0.5:
        got = _wrong_value(ref, v, rng)
        if got is None:
            return None
        text, plain = _with_direction(got[1], u, pair[0], rng)
        return _T.draft(text, gold=gold, plain=plain)
    text, plain = _with_direction(_value_text(ref, rng), u, pair[1], rng)
    return _T.draft(text, gold=gold + "\\ \\text{" + pair[0] + "}", plain=plain)


# ------------------------------------------------------------------ an angle given with what it is measured from

_ANGLE_REFERENCES = (("above the horizontal", "below the horizontal"), ("north of east", "south of east"),
                     ("east of north", "west of north"), ("from the vertical", "from the horizontal"),
                     ("with the horizontal", "with the vertical"), ("counterclockwise from the +x axis",
                                                                   "clockwise from the +x axis"),
                     ("relative to the x-axis", "relative to the y-axis"), ("below the horizontal", "above the horizontal"))


def _angle_text(ref: Reference, rng: random.Random, value: str | None = None) -> str:
    v = value if value is not None else F.render(ref.node.x, F.CANONICAL)
    return v + rng.choice(("^\\circ", "^{\\circ}", "°", "\\degree", "^\\circ"))


def _angle_phrase(angle: str, phrase: str, rng: random.Random) -> tuple[str, bool]:
    kind = rng.randrange(4)
    if kind == 0:
        return f"{angle}\\text{{ {phrase}}}", False
    if kind == 1:
        return f"{angle}\\ (\\text{{{phrase}}})", False
    if kind == 2:
        return f"{angle},\\ \\text{{{phrase}}}", False
    plain = re.sub(r"\^\{?\\circ\}?|\\degree", "°", angle)
    return f"{plain} {phrase}", True


@_T.equivalent("angle_direction")
def _angle_direction(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """An angle answered with what it is measured from: 45^\\circ\\text{ above the horizontal}, 37° north of east;
    against the angle (a reference that names none) or the same reference direction."""
    if not isinstance(ref.node, F.Deg) or not isinstance(ref.node.x, F.Num):
        return None
    phrase = rng.choice(rng.choice(_ANGLE_REFERENCES))
    text, plain = _angle_phrase(_angle_text(ref, rng), phrase, rng)
    gold = F.render(ref.node, F.CANONICAL) + "\\text{ " + phrase + "}" if rng.random() < 0.33 else None
    return _T.draft(text, gold=gold, plain=plain)


@_T.near_miss("near_angle_direction")
def _near_angle_direction(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """The angle changed by one digit with its reference direction, or the right angle measured from the other
    reference than the one the gold states (above for below the horizontal)."""
    if not isinstance(ref.node, F.Deg) or not isinstance(ref.node.x, F.Num):
        return None
    a, b = rng.choice(_ANGLE_REFERENCES)
    if rng.random() < 0.5:
        num = ref.node.x.text
        i = rng.randrange(len(num))
        if not num[i].isdigit():
            return None
        new = num[:i] + str((int(num[i]) + rng.choice((1, 2, 5))) % 10) + num[i + 1:]
        if new == num or re.match(r"0\d", new):
            return None
        text, plain = _angle_phrase(_angle_text(ref, rng, new), a, rng)
        return _T.draft(text, plain=plain)
    text, plain = _angle_phrase(_angle_text(ref, rng), b, rng)
    return _T.draft(text, gold=F.render(ref.node, F.CANONICAL) + "\\text{ " + a + "}", plain=plain)
