"""The values behind the composing generator's rows: units (pint, exact rational factors), numbers with their
stated precision, and the items a row is built on (real numeric references of the vendored problem sets,
physics quantities generated here, antiderivatives computed by sympy).

Every conversion is pint's, on a registry whose magnitudes are ``Fraction`` (degrees to radians uses pint's pi
to 50 digits); a written number is checked against the value it stands for by :func:`agrees` / :func:`differs`,
never against a verifier.
"""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass, field
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction
from typing import Any

from ...runtime.caches import lru

__all__ = ["UNITS", "GROUPS", "Unit", "Item", "ureg", "convert", "plain", "sci", "exact_text", "agrees", "differs",
           "real_items", "quantity_item", "number_item", "expr_item", "round_at", "rounds_to"]


@functools.lru_cache(maxsize=1)
def ureg() -> Any:
    import pint

    return pint.UnitRegistry(non_int_type=Fraction)


@dataclass(frozen=True)
class Unit:
    key: str                       # pint expression
    sym: str                       # written symbol ('kJ', 'm/s'); '' for a pure number
    words: tuple[str, str]         # singular, plural ('' when none)
    group: str                     # conversion group (same dimension)
    siblings: tuple[str, ...] = ()  # keys of units differing from this one by an SI prefix only
    tex: tuple[str, ...] = ()      # extra TeX writings


def _u(key: str, sym: str, one: str, many: str, group: str, siblings: tuple[str, ...] = (),
       tex: tuple[str, ...] = ()) -> Unit:
    return Unit(key, sym, (one, many), group, siblings, tex)


UNITS: dict[str, Unit] = {u.key: u for u in (
    _u("J", "J", "joule", "joules", "energy", ("kJ", "mJ")),
    _u("kJ", "kJ", "kilojoule", "kilojoules", "energy", ("J", "MJ")),
    _u("MJ", "MJ", "megajoule", "megajoules", "energy", ("kJ", "GJ")),
    _u("mJ", "mJ", "millijoule", "millijoules", "energy-", ("J",)),
    _u("GJ", "GJ", "gigajoule", "gigajoules", "energy-", ("MJ",)),
    _u("eV", "eV", "electron-volt", "electron-volts", "energy", ("keV", "meV")),
    _u("keV", "keV", "kiloelectron-volt", "kiloelectron-volts", "energy-", ("eV", "MeV")),
    _u("meV", "meV", "millielectron-volt", "millielectron-volts", "energy-", ("eV",)),
    _u("MeV", "MeV", "megaelectron-volt", "megaelectron-volts", "energy-", ("keV",)),
    _u("m/s", "m/s", "meter per second", "meters per second", "speed", ("km/s", "cm/s"),
       ("\\mathrm{m\\,s^{-1}}", "\\frac{\\text{m}}{\\text{s}}")),
    _u("km/h", "km/h", "kilometer per hour", "kilometers per hour", "speed", (), ("\\frac{\\text{km}}{\\text{h}}",)),
    _u("km/s", "km/s", "kilometer per second", "kilometers per second", "speed-", ("m/s",)),
    _u("cm/s", "cm/s", "centimeter per second", "centimeters per second", "speed-", ("m/s",)),
    _u("g/cm**3", "g/cm^3", "gram per cubic centimeter", "grams per cubic centimeter", "density",
       ("kg/cm**3", "mg/cm**3"), ("\\mathrm{g\\,cm^{-3}}", "\\frac{\\text{g}}{\\text{cm}^3}")),
    _u("kg/m**3", "kg/m^3", "kilogram per cubic meter", "kilograms per cubic meter", "density", ("g/m**3",),
       ("\\mathrm{kg\\,m^{-3}}", "\\frac{\\text{kg}}{\\text{m}^3}")),
    _u("kg/cm**3", "kg/cm^3", "kilogram per cubic centimeter", "kilograms per cubic centimeter", "density-", ()),
    _u("mg/cm**3", "mg/cm^3", "milligram per cubic centimeter", "milligrams per cubic centimeter", "density-", ()),
    _u("g/m**3", "g/m^3", "gram per cubic meter", "grams per cubic meter", "density-", ()),
    _u("m", "m", "meter", "meters", "length", ("km", "cm", "mm")),
    _u("cm", "cm", "centimeter", "centimeters", "length", ("mm", "m")),
    _u("mm", "mm", "millimeter", "millimeters", "length", ("cm", "m")),
    _u("km", "km", "kilometer", "kilometers", "length", ("m",)),
    _u("W", "W", "watt", "watts", "power", ("kW", "mW")),
    _u("kW", "kW", "kilowatt", "kilowatts", "power", ("W", "MW")),
    _u("MW", "MW", "megawatt", "megawatts", "power", ("kW",)),
    _u("mW", "mW", "milliwatt", "milliwatts", "power-", ("W",)),
    _u("Pa", "Pa", "pascal", "pascals", "pressure", ("kPa", "MPa")),
    _u("kPa", "kPa", "kilopascal", "kilopascals", "pressure", ("Pa", "MPa")),
    _u("MPa", "MPa", "megapascal", "megapascals", "pressure-", ("kPa",)),
    _u("atm", "atm", "atmosphere", "atmospheres", "pressure", ()),
    _u("g", "g", "gram", "grams", "mass", ("kg", "mg")),
    _u("kg", "kg", "kilogram", "kilograms", "mass", ("g",)),
    _u("mg", "mg", "milligram", "milligrams", "mass", ("g",)),
    _u("s", "s", "second", "seconds", "time", ("ms",)),
    _u("ms", "ms", "millisecond", "milliseconds", "time", ("s", "us")),
    _u("us", "\\mu\\text{s}", "microsecond", "microseconds", "time-", ("ms",)),
    _u("min", "min", "minute", "minutes", "time", ()),
    _u("Hz", "Hz", "hertz", "hertz", "frequency", ("kHz",)),
    _u("kHz", "kHz", "kilohertz", "kilohertz", "frequency", ("Hz", "MHz")),
    _u("MHz", "MHz", "megahertz", "megahertz", "frequency", ("kHz",)),
    _u("N", "N", "newton", "newtons", "force", ("kN", "mN")),
    _u("kN", "kN", "kilonewton", "kilonewtons", "force", ("N",)),
    _u("mN", "mN", "millinewton", "millinewtons", "force-", ("N",)),
    _u("percent", "\\%", "percent", "percent", "ratio", ()),
    _u("dimensionless", "", "", "", "ratio", ()),
    _u("degree", "^\\circ", "degree", "degrees", "angle", (), ("^{\\circ}",)),
    _u("radian", "rad", "radian", "radians", "angle", ("milliradian",)),
    _u("milliradian", "mrad", "milliradian", "milliradians", "angle-", ("radian",)),
)}

# conversion groups: the units a value is given in and converted between (a group name ending in '-' holds the
# wrong-prefix units only)
GROUPS: dict[str, tuple[str, ...]] = {}
for _k, _unit in UNITS.items():
    if not _unit.group.endswith("-"):
        GROUPS.setdefault(_unit.group, ())
        GROUPS[_unit.group] += (_k,)

# what a quantity of each group is, in a question: (the sentence, the thing asked, its symbols)
QUESTIONS: dict[str, tuple[tuple[str, str, tuple[str, ...]], ...]] = {
    "energy": (("A cart is pushed a fixed distance along a rough track.", "the work done on the cart",
                ("W", "W_{\\text{net}}")),
               ("A photon is absorbed by an atom in its ground state.", "the energy of the photon", ("E", "E_{\\gamma}")),
               ("A block slides down a frictionless incline from rest.", "its kinetic energy at the bottom",
                ("K", "E_k"))),
    "speed": (("A car accelerates uniformly from rest for a fixed time.", "its final speed", ("v", "v_f")),
              ("A ball is thrown horizontally from the top of a cliff.", "its speed on impact", ("v", "u"))),
    "density": (("A solid sample of known mass and volume is weighed in air.", "the density of the sample",
                 ("\\rho", "\\rho_s")),),
    "length": (("A spring is stretched by a hanging mass.", "the extension of the spring", ("x", "\\Delta x")),
               ("A projectile is launched at an angle over level ground.", "its horizontal range", ("R", "d"))),
    "power": (("An electric motor lifts a load at constant speed.", "the mechanical power delivered", ("P", "P_{\\text{out}}")),),
    "pressure": (("A gas is compressed isothermally in a sealed cylinder.", "the final pressure of the gas", ("p", "P_f")),),
    "mass": (("A sample of a salt is dissolved completely in water.", "the mass of the salt", ("m", "m_s")),),
    "time": (("A pendulum swings with small amplitude.", "its period", ("T", "t")),),
    "frequency": (("A string fixed at both ends vibrates in its fundamental mode.", "the frequency of the note",
                   ("f", "\\nu")),),
    "force": (("A crate is pulled across a floor at constant speed.", "the tension in the rope", ("T", "F")),),
    "ratio": (("A machine converts part of its input energy into useful work.", "its efficiency", ("\\eta", "e")),),
    "angle": (("A ray of light is refracted at a glass surface.", "the angle of refraction", ("\\theta", "\\theta_r")),),
}


# ------------------------------------------------------------------ numbers

def convert(v: Fraction, u: str, to: str) -> Fraction:
    """``v`` in unit ``u`` expressed in unit ``to`` (pint, exact rational arithmetic; every unit here is
    multiplicative, so pint's factor for one unit is cached)."""
    return Fraction(v) * factor(u, to)


@lru("analysis.composing_factor")
def factor(u: str, to: str) -> Fraction:
    return Fraction(ureg().Quantity(Fraction(1), u).to(to).magnitude)


def round_at(v: Fraction, places: int) -> Fraction:
    """``v`` rounded to the digit 10**places (half to even; the generator never writes a tie)."""
    return _round_mode(v, places, ROUND_HALF_EVEN)


def lead(v: Fraction) -> int:
    """Exponent of the leading digit of ``v`` (v != 0)."""
    if v == 0:
        raise ValueError("lead(0)")
    a, e = abs(v), 0
    while a >= 10:
        a, e = a / 10, e + 1
    while a < 1:
        a, e = a * 10, e - 1
    return e


def terminating(v: Fraction, max_digits: int = 12) -> int | None:
    """The largest place ``p`` at which ``v`` is written exactly (``v`` rounded at 10**p is ``v``), if ``v`` is a
    terminating decimal with at most ``max_digits`` decimals; else None."""
    for places in range(12, -max_digits - 1, -1):
        if round_at(v, places) == v:
            return places
    return None


def plain(v: Fraction, places: int) -> str:
    """``v`` written with its last digit at 10**places (places <= 0: decimals; > 0: trailing zeros)."""
    r = round_at(v, places)
    if places >= 0:
        return str(int(r))
    with localcontext() as ctx:
        ctx.prec = 80
        d = Decimal(r.numerator) / Decimal(r.denominator)
        return f"{d.quantize(Decimal(1).scaleb(places)):f}"


def sci(v: Fraction, places: int, style: str = "times") -> str:
    """``v`` in scientific notation with the digits down to 10**places."""
    e = lead(round_at(v, places))
    mant = plain(round_at(v, places) / Fraction(10) ** e, places - e)
    if style == "e":
        return f"{mant}e{e}"
    op = {"times": " \\times ", "cdot": " \\cdot ", "tight": "\\times"}[style]
    return f"{mant}{op}10^{{{e}}}"


def exact_text(v: Fraction) -> str:
    """An exact writing of a rational: an integer, a terminating decimal, or ``\\frac{p}{q}``."""
    if v.denominator == 1:
        return str(v.numerator)
    t = terminating(v, 8)
    if t is not None:
        return plain(v, t)
    s = "-" if v < 0 else ""
    return f"{s}\\frac{{{abs(v.numerator)}}}{{{v.denominator}}}"


def agrees(written: Fraction, true: Fraction, places: int | None) -> bool:
    """A written value states ``true``: equal exactly (``places`` None) or rounding to it at 10**places."""
    return written == true if places is None else round_at(written, places) == round_at(true, places)


def differs(written: Fraction, true: Fraction, places: int | None) -> bool:
    """A written value states another value than ``true`` at its precision (and not by a rounding tie)."""
    if places is None:
        return written != true
    return round_at(written, places) != round_at(true, places) and \
        abs(written - true) > Fraction(10) ** places / 2


def _round_mode(v: Fraction, places: int, mode: str) -> Fraction:
    with localcontext() as ctx:
        ctx.prec = 80
        d = Decimal(v.numerator) / Decimal(v.denominator)
        return Fraction(d.quantize(Decimal(1).scaleb(places), rounding=mode))


def rounds_to(a: Fraction, b: Fraction) -> bool:
    """``a`` is ``b`` rounded at some place (half to even or half up), or ``b`` is ``a`` rounded: a verifier may
    take either as the other written to fewer digits, so no near-miss is built from such a pair."""
    from decimal import ROUND_HALF_UP

    for x, y in ((a, b), (b, a)):
        for p in range(-15, 16):
            if any(_round_mode(y, p, m) == x for m in (ROUND_HALF_EVEN, ROUND_HALF_UP)):
                return True
    return False


# ------------------------------------------------------------------ items

@dataclass(frozen=True)
class Item:
    kind: str                      # 'decimal' (stated precision), 'exact' (integer/fraction), 'expr' (antiderivative)
    question: str                  # the question before any context
    what: str                      # the thing asked ('the work done on the cart'), '' for real questions
    symbol: str                    # the label a labelled reference uses
    source: str
    value: Fraction | None = None
    places: int | None = None      # decimal: the place of the last written digit; exact: None
    unit: str | None = None        # a key of UNITS
    integrand: Any = None          # expr: sympy integrand and antiderivative
    antiderivative: Any = None
    extra: dict = field(default_factory=dict, compare=False)


_INT = re.compile(r"^-?\d{1,9}$")
_DEC = re.compile(r"^-?\d{1,6}\.\d{1,6}$")
_FRAC = re.compile(r"^(-?)\\[dt]?frac\{(\d{1,5})\}\{(\d{1,5})\}$")
_OPTIONS = re.compile(r"\([A-Ea-e]\)|\\textbf\{\(A|\bA\)|\bchoices?\b", re.I)
_UNITISH = re.compile(r"\b(?:in|units? of)\s+(?:\$|\\|meters|cm|km|kg|grams|seconds|joules|degrees|percent|dollars)|"
                      r"%|\\%|\\circ|\bunit", re.I)


@functools.lru_cache(maxsize=1)
def real_items() -> tuple[Item, ...]:
    """Numeric references of the vendored problem sets (integers, fractions, decimals) whose question asks no
    unit and lists no options: the real values the unitless rows are built on."""
    from ..datasets import dataset_name, problem_paths, read_jsonl

    out = []
    for path in problem_paths():
        ds = dataset_name(path)
        for i, row in enumerate(read_jsonl(path)):
            q = row.get("question") or row.get("problem")
            gold = row.get("gold") or row.get("final_answer") or row.get("answer")
            if isinstance(gold, list):
                gold = gold[0] if len(gold) == 1 else None
            if not isinstance(q, str) or not isinstance(gold, str) or len(q) > 1200:
                continue
            if ds == "gsm8k":
                gold = gold.rpartition("####")[2]
            gold = gold.strip().strip("$").strip().replace(",", "") if ds == "gsm8k" else gold.strip().strip("$").strip()
            if _OPTIONS.search(q) or _UNITISH.search(q):
                continue
            rid = f"problems:{ds}:{row.get('id', row.get('unique_id', row.get('idx', i)))}"
            if _INT.match(gold) and int(gold) != 0:
                out.append(Item("exact", q, "", "", rid, Fraction(int(gold))))
            elif _DEC.match(gold) and Fraction(gold) != 0:
                places = -len(gold.partition(".")[2])
                out.append(Item("decimal", q, "", "", rid, Fraction(gold), places))
            elif (m := _FRAC.match(gold)) and int(m.group(2)) and int(m.group(3)) > 1:
                v = Fraction(int(m.group(2)), int(m.group(3))) * (-1 if m.group(1) else 1)
                if v.denominator > 1:
                    out.append(Item("exact", q, "", "", rid, v))
    return tuple(out)


def number_item(kind: str, rng: random.Random, need_terminating: bool = False) -> Item:
    """A real numeric reference of the given kind (a decimal one is never drawn for an exact kind)."""
    pool = [it for it in real_items() if it.kind == kind
            and (not need_terminating or terminating(it.value, 10) is not None)]
    it = rng.choice(pool)
    sym = rng.choice(("x", "N", "a", "S", "k", "n", "A", "p"))
    return Item(it.kind, it.question, "", sym, it.source, it.value, it.places)


def _decimal_value(rng: random.Random, lo: int, hi: int) -> tuple[Fraction, int]:
    sig = rng.choice((2, 3, 3, 4))
    e = rng.randint(lo, hi)
    mant = rng.randint(10 ** (sig - 1) + 1, 10 ** sig - 1)
    while mant % 10 == 0:
        mant = rng.randint(10 ** (sig - 1) + 1, 10 ** sig - 1)
    places = e - sig + 1
    return Fraction(mant) * Fraction(10) ** places, places


# the magnitudes a quantity is drawn at, by unit (exponent of the leading digit), so that the numbers look like
# answers to such questions
_RANGE = {"eV": (-1, 1), "atm": (0, 1), "degree": (0, 1), "percent": (0, 1), "dimensionless": (-1, -1),
          "radian": (-1, 0), "g/cm**3": (0, 1), "kg/m**3": (2, 3), "km/h": (1, 2), "m/s": (0, 2), "min": (0, 1)}


def quantity_item(kind: str, rng: random.Random, group: str | None = None, unit: str | None = None) -> Item:
    """A generated physics quantity: a question of its group, a unit, a value (decimal: 2-4 significant digits;
    exact: an integer or a half/quarter/fifth)."""
    if unit is None:
        group = group or rng.choice(sorted(QUESTIONS))
        unit = rng.choice(GROUPS[group])
    group = UNITS[unit].group
    sentence, what, syms = rng.choice(QUESTIONS[group])
    lo, hi = _RANGE.get(unit, (0, 2))
    if kind == "decimal":
        v, places = _decimal_value(rng, lo, hi)
    else:
        if unit == "radian":
            v, places = Fraction(rng.choice((1, 1, 2, 3, 5)), rng.choice((2, 4, 5))), None
        else:
            v = Fraction(rng.randint(2, 10 ** (hi + 1) - 1)) / rng.choice((1, 1, 1, 2, 4, 5))
            places = None
    return Item(kind, f"{sentence} Find {what}.", what, rng.choice(syms), f"pint:{group}", v, places, unit)


# ------------------------------------------------------------------ antiderivatives

def expr_item(rng: random.Random) -> Item:
    """An integrand and its antiderivative (sympy), with the other antiderivatives that differ from it by a
    constant (``(x+b)^2/2`` for ``x^2/2 + bx``, ``ln(kx)`` for ``ln|x|``)."""
    import sympy as sp

    x = sp.Symbol("x")
    a, b, n = rng.randint(1, 6), rng.randint(1, 5), rng.randint(1, 4)
    kind = rng.choice(("power", "poly", "shift", "recip", "exp", "sin", "cos", "recip_shift"))
    other = None
    if kind == "power":
        f = a * x ** n
    elif kind == "poly":
        f = a * x ** n + b
    elif kind == "shift":
        f = a * (x + b)
        other = sp.Rational(a, 2) * (x + b) ** 2
    elif kind == "recip":
        f = sp.Integer(a) / x
        other = a * sp.log(rng.randint(2, 5) * x)
    elif kind == "recip_shift":
        f = sp.Integer(a) / (x + b)
        other = a * sp.log(rng.randint(2, 5) * (x + b))
    elif kind == "exp":
        f = a * sp.exp(b * x)
    elif kind == "sin":
        f = a * sp.sin(b * x)
    else:
        f = a * sp.cos(b * x)
    F = sp.integrate(f, x)
    if kind in ("recip", "recip_shift"):
        F = F.replace(sp.log, lambda arg: sp.log(sp.Abs(arg)))
    return Item("expr", "", "", rng.choice(("F(x)", "I", "\\int f(x)\\,dx")), "sympy:" + kind,
                integrand=f, antiderivative=F, extra={"other": other, "form": kind})
