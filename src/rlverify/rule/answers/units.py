"""Whitelisted unit parsing on top of pint.

Untrusted text never reaches pint's expression parser: a unit string is tokenized here,
every token is looked up in the whitelist below, and the pint ``Unit`` is built as a
product of whitelisted names with integer exponents.

Interface::

    parse_unit(text) -> UnitSpec | None      "km/h", "kJ/mol", "cm^2", "deg C", "\\Omega", "%"
    natural_powers(unit) -> frozenset[float] | None   the unit's power of energy in natural units (see there)
    units_in_question(question) -> list[UnitSpec]   unit words a question names ("in minutes")
    convert(value, frm, to) -> float | None  offset-aware (°C <-> K <-> °F)
"""

from __future__ import annotations

import logging
import math
import re
import threading
from dataclasses import dataclass
from typing import Any

from ...runtime.caches import lru
from .surface import unwrap

__all__ = ["UnitSpec", "parse_unit", "units_in_question", "convert", "registry", "normalize_unit_text", "natural_powers"]

_log = logging.getLogger(__name__)

_PREFIXES = {"k": "kilo", "M": "mega", "G": "giga", "T": "tera", "c": "centi", "m": "milli",
             "u": "micro", "n": "nano", "p": "pico", "d": "deci", "h": "hecto"}
_PREFIXABLE = {"m": "meter", "g": "gram", "s": "second", "L": "liter", "l": "liter", "J": "joule",
               "W": "watt", "N": "newton", "Pa": "pascal", "V": "volt", "A": "ampere", "ohm": "ohm",
               "Hz": "hertz", "mol": "mole", "eV": "electron_volt",
               "cal": "calorie", "Wh": "watt_hour", "T": "tesla", "bar": "bar", "erg": "erg", "dyn": "dyne",
               "B": "byte", "bit": "bit", "pc": "parsec", "Bq": "becquerel", "Wb": "weber", "sec": "second",
               "F": "farad", "C": "coulomb", "H": "henry", "yr": "year"}
_AMBIGUOUS = {"in", "pm", "am", "at", "mi", "ha", "Pa", "ms"}   # also letters of a variable
_SYMBOLS = {"min": "minute", "h": "hour", "hr": "hour", "hrs": "hour", "d": "day", "yr": "year",
            "ft": "foot", "in": "inch", "yd": "yard", "mi": "mile", "lb": "pound", "lbs": "pound", "lbf": "pound_force",
            "oz": "ounce", "gal": "gallon", "qt": "quart", "mph": "mile_per_hour", "kph": "kilometer_per_hour",
            "atm": "atm", "mmHg": "millimeter_Hg", "torr": "torr", "Torr": "torr", "psi": "psi",
            "K": "kelvin", "degC": "degree_Celsius", "degF": "degree_Fahrenheit", "deg": "degree",
            "rad": "radian", "arcmin": "arcminute", "arcsec": "arcsecond", "%": "percent", "pct": "percent",
            "dollar": "dollar", "cent": "cent", "euro": "euro", "gbp": "pound_sterling", "yen": "yen",
            "M": "molar", "kWh": "kilowatt_hour", "ha": "hectare", "t": "tonne", "sec": "second",
            "ms": "millisecond", "mins": "minute", "m": "meter", "s": "second", "g": "gram", "L": "liter",
            "ly": "light_year", "AU": "astronomical_unit", "au": "astronomical_unit", "Da": "dalton",
            "Ci": "curie", "hp": "horsepower", "kcal": "kilocalorie", "ergs": "erg", "dynes": "dyne", "bu": "bushel",
            "amu": "unified_atomic_mass_unit", "u": "unified_atomic_mass_unit", "rev": "revolution",
            "gm": "gram", "cc": "cubic_centimeter", "ltr": "liter", "mtr": "meter",
            "RPM": "revolutions_per_minute", "Rpm": "revolutions_per_minute",
            "sr": "steradian", "Gy": "gray", "Sv": "sievert", "lm": "lumen", "lx": "lux", "kat": "katal"}
_WORDS = {"meter": "meter", "metre": "meter", "second": "second", "sec": "second", "minute": "minute",
          "hour": "hour", "day": "day", "week": "week", "month": "month", "year": "year",
          "gram": "gram", "kilogram": "kilogram", "milligram": "milligram", "liter": "liter", "litre": "liter",
          "milliliter": "milliliter", "millilitre": "milliliter", "kilometer": "kilometer", "kilometre": "kilometer",
          "centimeter": "centimeter", "centimetre": "centimeter", "millimeter": "millimeter", "millimetre": "millimeter",
          "mile": "mile", "foot": "foot", "feet": "foot", "inch": "inch", "inche": "inch", "yard": "yard",
          "pound": "pound", "ounce": "ounce", "gallon": "gallon", "quart": "quart", "ton": "tonne", "tonne": "tonne",
          "degree": "degree", "radian": "radian", "dollar": "dollar", "cent": "cent", "euro": "euro",
          "percent": "percent", "joule": "joule", "kilojoule": "kilojoule", "watt": "watt", "kilowatt": "kilowatt",
          "newton": "newton", "pascal": "pascal", "volt": "volt", "ampere": "ampere", "amp": "ampere",
          "ohm": "ohm", "hertz": "hertz", "mole": "mole", "kelvin": "kelvin", "calorie": "calorie",
          "acre": "acre", "hectare": "hectare", "celsius": "degree_Celsius", "fahrenheit": "degree_Fahrenheit",
          "arcminute": "arcminute", "arcsecond": "arcsecond", "coulomb": "coulomb", "millisecond": "millisecond",
          "microsecond": "microsecond", "nanometer": "nanometer", "micrometer": "micrometer", "knot": "knot",
          "erg": "erg", "dyne": "dyne", "gauss": "gauss", "angstrom": "angstrom", "byte": "byte", "bit": "bit",
          "parsec": "parsec", "micron": "micron", "dalton": "dalton", "amu": "unified_atomic_mass_unit",
          "barn": "barn", "farad": "farad", "henry": "henry", "weber": "weber", "tesla": "tesla",
          "becquerel": "becquerel", "curie": "curie", "lux": "lux", "electronvolt": "electron_volt",
          "kilocalorie": "kilocalorie", "horsepower": "horsepower", "megabyte": "megabyte",
          "kilobyte": "kilobyte", "gigabyte": "gigabyte",
          # two-word names (written 'electron-volts', 'light years', 'solar masses'), joined by normalize_unit_text
          "electron_volt": "electron_volt", "light_year": "light_year", "astronomical_unit": "astronomical_unit",
          "solar_mass": "solar_mass", "solar_luminosity": "solar_luminosity", "solar_radius": "solar_radius",
          "atomic_mass_unit": "unified_atomic_mass_unit", "lightyear": "light_year", "bushel": "bushel",
          "unified_atomic_mass_unit": "unified_atomic_mass_unit", "revolution": "revolution",
          "sievert": "sievert", "steradian": "steradian", "lumen": "lumen", "katal": "katal", "siemens": "siemens",
          "atmosphere": "atm", "molar": "molar"}
_JOINED = frozenset(k for k in _WORDS if "_" in k)


# the direction a vector quantity is given with after its unit ('to the right', 'directed upward', 'toward the
# center', 'into the page', 'counterclockwise', 'in the +x direction'); group d: the direction itself
DIRECTION_WORDS = (
    r"(?:(?:directed|pointing|pointed|acting|moving|oriented)\s+)?(?P<d>(?:(?:counter-?|anti-?)?clockwise\s+(?=from|rel))?"
    # a vector's direction as an angle from a reference: '12 m/s at 30° above the horizontal', 'at an angle of 37° N of E'
    r"(?:at\s+(?:an\s+angle\s+of\s+)?[-+]?\d+(?:\.\d+)?\s*(?:°|\^\s*\{?\s*\\circ\s*\}?|\\degree|degrees?)\s*"
    r"(?:(?:above|below|from|with|to|relative\s+to)\s+(?:the\s+)?(?:horizontal|vertical|(?:positive\s+|negative\s+|[+-])?"
    r"[xyz][- ]?axis)|(?:north|south|east|west|[NSEW])\s+of\s+(?:north|south|east|west|[NSEW](?![A-Za-z])))|"
    r"to\s+the\s+(?:right|left)|"
    r"(?:vertically\s+)?(?:up|down)(?:wards?)?|(?:north|south)(?:[- ]?(?:east|west))?|east|west|"
    r"(?:towards?|away\s+from)\s+the\s+[a-z]+|(?:in)?to\s+the\s+page|out\s+of\s+the\s+page|"
    r"(?:counter-?|anti-?)?clockwise|radially\s+(?:in|out)wards?|"
    r"(?:along|in)\s+the\s+(?:positive|negative|[+-])\s*[xyz](?:-axis|\s+direction|\s+axis)?|"
    # an angle's reference: '45° above the horizontal', '37° north of east', '30° from the vertical'
    # ('30° below horizontal': the article left out; '30° N of E': compass letters)
    r"(?:above|below|from|with|to|relative\s+to)\s+(?:the\s+)?(?:horizontal|vertical|normal|(?:positive\s+|negative\s+|[+-])?"
    r"[xyz][- ]?axis)|(?:north|south|east|west|[NSEW])\s+of\s+(?:north|south|east|west|[NSEW](?![A-Za-z])|due\s+\w+)))"
    r"(?:\s+direction)?")

_SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_SUPERSCRIPT_RUN = re.compile("⁻?[⁰¹²³⁴⁵⁶⁷⁸⁹]+")


# an SI prefix written as a word before a unit's name: kilonewtons, megaparsecs, millielectron volts, milliradians
_PREFIX_WORD = re.compile(r"^(kilo|mega|giga|tera|peta|milli|micro|nano|pico|femto|centi|deci|hecto)(?=[a-z])")
# units that take SI prefixes although pint's factor to its root units is no power of ten (see _takes_prefix)
_PREFIX_BASES = frozenset({"electron_volt", "calorie", "byte", "parsec", "year", "light_year", "watt_hour", "curie",
                           "dalton"})
# SI prefixes read on a unit symbol (mrad, mK, uSv, mM, kDa, fs, PJ) by pint's name lookup; c, d and h only on the
# symbols of _PREFIXABLE ('cd', 'dt', 'hp' are other things), never a (atto: 'am', 'as', 'at') nor E, da
_PINT_PREFIXES = {"k": "kilo", "M": "mega", "G": "giga", "T": "tera", "P": "peta", "m": "milli", "u": "micro",
                  "n": "nano", "p": "pico", "f": "femto"}
# the SI symbols (and two customary ones) that take a prefix besides _PREFIXABLE's; pint names the unit
_SI_SYMBOLS = {"rad": "radian", "sr": "steradian", "Gy": "gray", "Sv": "sievert", "K": "kelvin", "M": "molar",
               "S": "siemens", "lm": "lumen", "lx": "lux", "kat": "katal", "Ci": "curie", "Da": "dalton"}
_PINT_PREFIX_EXCLUDED = frozenset({"pH", "pK", "pS", "fS"})


# a run of up to five words; _join_words joins the name of a unit written in several ('electron volt')
_WORD_RUN = re.compile(r"\b([A-Za-z]+)[- ]([A-Za-z]+)(?:[- ]([A-Za-z]+))?(?:[- ]([A-Za-z]+))?(?:[- ]([A-Za-z]+))?\b")
# the first word of every joined name: a run starting with none of them (after an SI prefix or not) is left as it is
_JOINED_FIRST = frozenset(k.split("_")[0] for k in _JOINED)
_JOINED_FIRST_RE = re.compile("|".join(map(re.escape, sorted(_JOINED_FIRST))))   # one scan for any of them


def _join_words(m: re.Match) -> str:
    words = [w for w in m.groups() if w]
    for skip in (0, 1):                          # 'square electron volts': the name after a first word
        rest = words[skip:]
        for n in (4, 3, 2):
            if len(rest) >= n:
                joined = "_".join(rest[:n]).lower()
                bare = _PREFIX_WORD.sub("", joined)
                if any(c in _JOINED for c in (joined, joined[:-1], joined[:-2], bare, bare[:-1], bare[:-2])):
                    return " ".join(words[:skip] + [joined] + rest[n:])
    return m.group(0)
_QUESTION_SYMBOLS = {"cm", "mm", "km", "kg", "mg", "mL", "ml", "mph", "kph", "ft", "hr", "hrs", "min", "mins",
                     "sec", "lb", "lbs", "oz", "gal", "km/h", "m/s", "kJ", "kPa", "kW", "kWh", "MHz", "nm"}
_KIND = {"degree": "angle", "radian": "angle", "revolution": "angle", "arcminute": "angle", "arcsecond": "angle",
         "revolutions_per_minute": "angle_rate",     # rpm converts to rad/s (a revolution is 2 pi rad)
         "percent": "percent", "dollar": "money", "cent": "money", "euro": "money_eur",
         "pound_sterling": "money_gbp", "yen": "money_jpy"}


def _kind(name: str) -> str:
    """The kind of a whitelisted pint name; a prefixed one ('milliradian') has its base's kind."""
    if name in _KIND:
        return _KIND[name]
    pre = _PREFIX_WORD.match(name)
    return _KIND.get(name[pre.end():], "physical") if pre else "physical"
_MAX_FACTORS = 6

_lock = threading.Lock()
_UREG: Any = None


def registry() -> Any:
    """The one pint UnitRegistry (built lazily, with currencies added)."""
    global _UREG
    with _lock:
        if _UREG is None:
            import pint

            ureg = pint.UnitRegistry()
            for line in ("dollar = [currency_usd] = USD", "cent = 0.01 dollar", "euro = [currency_eur] = EUR",
                         "pound_sterling = [currency_gbp] = GBP", "yen = [currency_jpy] = JPY",
                         "solar_mass = 1.98847e30 * kilogram = M_sun",           # astronomy units pint lacks
                         "solar_luminosity = 3.828e26 * watt = L_sun", "solar_radius = 6.957e8 * meter = R_sun"):
                ureg.define(line)
            _UREG = ureg
    return _UREG


@dataclass(frozen=True)
class UnitSpec:
    factors: tuple[tuple[str, int], ...]   # (whitelisted pint name, exponent)
    kind: str                              # physical | angle | percent | money | money_eur ...
    short: bool = False                    # written with a 1-letter/ambiguous symbol (could be a variable)

    @property
    def key(self) -> tuple[tuple[str, int], ...]:
        return tuple(sorted(self.factors))

    def pint_unit(self) -> Any:
        ureg = registry()
        unit = ureg.Unit("")
        compound = len(self.factors) > 1 or any(exp != 1 for _, exp in self.factors)
        for name, exp in self.factors:
            if compound and name in _OFFSET_SCALES:
                name = _OFFSET_SCALES[name]   # J/(g·°C): a degree of difference, kelvin-sized (no offset)
            unit = unit * ureg.Unit(name) ** exp
        return unit

    def dimensionality(self) -> Any:
        return _dimensionality(self.factors)


@lru("rule.unit_dimensionality")   # a function of the factors (pint builds the unit anew each time: the stages ask often)
def _dimensionality(factors: tuple[tuple[str, int], ...]) -> Any:
    return UnitSpec(factors, "").pint_unit().dimensionality


# a base dimension's power of energy in natural units (c = hbar = k_B = 1, charge dimensionless): a mass or a
# temperature is an energy, a length or a time an inverse energy; an amount of substance is a count (per mole or not)
_NATURAL = {"[length]": -1, "[time]": -1, "[mass]": 1, "[temperature]": 1, "[current]": 1, "[substance]": 0}


def natural_powers(unit: UnitSpec) -> frozenset[float] | None:
    """The unit's power of energy in natural units, for every reading of it: ``MeV`` and ``kg`` are both 1 (a
    particle's mass is written in MeV), ``s`` and ``m`` -1, ``s^{-1}``, ``cm^{-1}`` and ``Hz`` 1, ``J/K`` and
    ``J/(mol K)`` 0; gauss (Gaussian dimensions in pint) and tesla both 2. A degree in a compound unit
    (``cal/deg``) may be a kelvin: both readings are given. None where a dimension has no such power (money,
    information, light)."""
    base = _natural_power(unit.factors)
    if base is None:
        return None
    powers = {base}
    degrees = sum(e for n, e in unit.factors if n == "degree")
    if degrees and len(unit.factors) > 1:
        powers.add(base + degrees)                  # 'cal/deg mole': a degree of temperature
    return frozenset(powers)


def _natural_power(factors: tuple[tuple[str, int], ...]) -> float | None:
    try:
        dims = _dimensionality(factors)
    except Exception:  # noqa: BLE001 - a unit pint cannot build has no power
        _log.debug("rule/answers/units.py: handled exception", exc_info=True)
        return None
    power = 0.0
    for name, exp in dims.items():
        if name not in _NATURAL:
            return None
        power += _NATURAL[name] * float(exp)
    return power


_OFFSET_SCALES = {"degree_Celsius": "delta_degree_Celsius", "degree_Fahrenheit": "delta_degree_Fahrenheit"}
_CIRC = re.compile(r"\^\s*\{?\s*\\circ\s*\}?|\\circ|\\degree|°|º")
_EXP = re.compile(r"\^\s*\{\s*([+-]?\d)\s*\}")


_SI_PREFIX = {"kilo": "k", "mega": "M", "giga": "G", "milli": "m", "micro": "u", "nano": "n", "centi": "c",
              "pico": "p", "deci": "d"}
_SI_UNIT = {"meter": "m", "metre": "m", "second": "s", "gram": "g", "kelvin": "K", "celsius": "degC",
            "degreeCelsius": "degC", "percent": "%", "joule": "J", "mole": "mol", "newton": "N", "watt": "W",
            "hertz": "Hz", "pascal": "Pa", "volt": "V", "ampere": "A", "ohm": "ohm", "liter": "L", "litre": "L",
            "hour": "h", "minute": "min", "electronvolt": "eV", "radian": "rad", "km": "km", "cm": "cm",
            "mm": "mm", "kg": "kg", "mg": "mg", "ms": "ms", "kJ": "kJ", "mL": "mL", "m": "m", "s": "s", "g": "g"}
_SI_MACRO = re.compile(r"\\(squared|cubed|square|cubic|per|" + "|".join(_SI_PREFIX) + "|"
                       + "|".join(sorted(_SI_UNIT, key=len, reverse=True)) + r")(?![A-Za-z])")


def _si_macro(m: re.Match) -> str:
    name = m.group(1)
    if name in _SI_PREFIX:
        return " " + _SI_PREFIX[name] + "\x00"
    return {"squared": "^2 ", "cubed": "^3 ", "square": " square ", "cubic": " cubic ", "per": " / "}.get(
        name, _SI_UNIT.get(name, "") + " ")


# compiled once (re's cache lookup per call cost as much as these short searches)
_POWER_TAIL = re.compile(r"\s*\^.*$")
_PER_HOUR = re.compile(r"([a-z]{1,2})p(h|hr|s|sec)|([a-z]{2})(h|hr)")
_BLANK_CARET = re.compile(r"\s+\^")
_SECOND_MARK = re.compile(r"''|\"|″")
_MINUTE_MARK = re.compile(r"'|′")
_PER_WORD = re.compile(r"\bper\b")


# a fraction of units: \frac{\text{g}}{\text{cm}^3}, \dfrac{kg}{m^{3}}, \frac{1}{\mathrm{s}} (one level of braces inside)
_UNIT_FRACTION = re.compile(r"\\[dt]?frac\s*\{((?:[^{}]|\{[^{}]*\})*)\}\s*\{((?:[^{}]|\{[^{}]*\})*)\}")


def _unit_fraction(m: re.Match) -> str:
    top, bottom = m.group(1).strip(), m.group(2).strip()
    if not re.search(r"[A-Za-z%]", bottom) or not (top == "1" or re.search(r"[A-Za-z%]", top)):
        return m.group(0)                # \frac{1}{2}: a number, no unit
    return f" 1/({bottom}) " if top == "1" else f" ({top})/({bottom}) "


_HP = re.compile(r"(?<![A-Za-z])H\.\s*P\.?(?![A-Za-z])|(?<![A-Za-z])HP(?![A-Za-z])")


def normalize_unit_text(text: str) -> str:
    """Map LaTeX unit notation to plain tokens (still untrusted; only tokenized later)."""
    s = unwrap(text) if "\\" in text else text
    if "\\" in s:
        if "frac" in s:
            s = _UNIT_FRACTION.sub(_unit_fraction, s)
        if "\\sec" in s or "\\min" in s or "\\deg" in s:
            s = re.sub(r"\\(sec|min|deg)(?![A-Za-z])", r" \1", s)     # \mathrm{sec} read as the secant by a LaTeX cleaner
        s = _SI_MACRO.sub(_si_macro, s).replace("\x00 ", "").replace("\x00", "")
        if "^" in s:
            s = _BLANK_CARET.sub("^", s)
    if "P" in s:
        s = _HP.sub(" hp ", s)        # 'H.P.', 'HP': horsepower (the periods are no product of henry and P)
    s = s.replace("{}", " ")          # '{}^{\\circ}C': an empty group carries the degree sign
    s = s.replace("\u2103", " degC ").replace("\u2109", " degF ")      # ℃ ℉
    if "textdegree" in s:
        s = re.sub(r"\\textdegree(?![A-Za-z])|\\textdegree(?=[CF](?![A-Za-z]))", " deg ", s)   # \textdegree{}C
    if "circ" in s or "degree" in s or not s.isascii():
        s = _CIRC.sub(" deg ", s)
    # each rewrite below runs only where the text it rewrites can occur (a C-speed substring test first)
    if "deg" in s.lower():
        s = re.sub(r"\bdeg(?:ree)?s?\s*(?:(C)(?:elsius)?|(F)(?:ahrenheit)?|(C)entigrade)\b",
                   lambda m: "deg" + (m.group(1) or m.group(2) or m.group(3)), s, flags=re.I)   # degrees Celsius
    if "rpm" in s:
        s = re.sub(r"\brpm\b", "rev/min", s)
    if "Omega" in s or "Ω" in s:
        s = re.sub(r"(?<![A-Za-z])([kMGmu])\s*(?=\\Omega|Ω)", r"\1", s)
    s = s.replace("\\Omega", "ohm").replace("Ω", "ohm").replace("\\mu ", "u").replace("\\mu", "u")
    if "mathring" in s:
        s = re.sub(r"\\mathring\s*\{?\s*A\s*\}?", " angstrom ", s)
    s = s.replace("\\AA", " angstrom ").replace("Å", " angstrom ").replace("\u212b", " angstrom ")
    if "\\odot" in s:
        s = re.sub(r"\bM\s*_\s*\{?\s*\\odot\s*\}?", " solar_mass ", s)
        s = re.sub(r"\bL\s*_\s*\{?\s*\\odot\s*\}?", " solar_luminosity ", s)
        s = re.sub(r"\bR\s*_\s*\{?\s*\\odot\s*\}?", " solar_radius ", s)
    s = s.replace("µ", "u").replace("μ", "u").replace("\\%", "%").replace("\\$", " dollar ")
    s = s.replace("$", " dollar ").replace("€", " euro ").replace("\\euro", " euro ").replace("£", " gbp ")
    s = s.replace("¥", " yen ").replace("¢", " cent ")
    ascii = s.isascii()
    if not ascii:
        s = _SUPERSCRIPT_RUN.sub(lambda m: "^" + m.group().translate(_SUPERSCRIPT_DIGITS), s)   # m², s⁻¹, in⁴
    if "\\cdot" in s or "\\times" in s or "*" in s or not ascii:
        s = re.sub(r"\\(?:cdot|times)|[·⋅∙]|\*", " ", s)
    if "^" in s:
        s = _EXP.sub(r"^\1", s)
        if "prime" in s:
            s = re.sub(r"\^\s*\{\s*\\prime\s*\\prime\s*\}|\^\s*\\prime\s*\\prime", " arcsec ", s)
            s = re.sub(r"\^\s*\{\s*\\prime\s*\}|\^\s*\\prime", " arcmin ", s)
    if "'" in s or '"' in s or not ascii:
        s = _SECOND_MARK.sub(" arcsec ", s)
        s = _MINUTE_MARK.sub(" arcmin ", s)
    low = s.lower()
    if _JOINED_FIRST_RE.search(low):   # _join_words changes a run only where it starts with such a word
        s = _WORD_RUN.sub(_join_words, s)
    if "squared" in s or "cubed" in s:
        s = re.sub(r"\b([A-Za-z]{2,})\s+(squared|cubed)\b", lambda m: m.group(1) + ("^2" if m.group(2) == "squared" else "^3"), s)
    if "per" in s:
        s = _PER_WORD.sub("/", s)
    return " ".join(s.split())   # as re.sub(r"\s+", " ", s).strip(): re's \s is str.isspace


def _lookup(tok: str) -> str | None:
    if tok in _SYMBOLS:
        return _SYMBOLS[tok]
    if len(tok) >= 3 and tok.isupper() and tok.lower() in _SYMBOLS:      # MPH, KPH, SEC
        return _SYMBOLS[tok.lower()]
    low = tok.lower()
    for cand in (low, low[:-1] if low.endswith("s") else None, low[:-2] if low.endswith("es") else None):
        if cand and cand in _WORDS:
            return _WORDS[cand]
    if tok in _PREFIXABLE:
        return _PREFIXABLE[tok]
    pre = _PREFIX_WORD.match(low)
    if pre and len(tok) > 5:
        base = _lookup(tok[pre.end():])
        if base is not None and _takes_prefix(base):
            return pre.group(1) + base
    if len(tok) >= 2 and tok[0] in _PREFIXES and tok[1:] in _PREFIXABLE:
        return _PREFIXES[tok[0]] + _PREFIXABLE[tok[1:]]
    return _pint_prefixed(tok)


_TAKES_PREFIX: dict[str, bool] = {}     # by pint name: bounded by pint's definitions (only its names are asked)


def _takes_prefix(name: str) -> bool:
    """A unit that takes SI prefixes: pint's factor to its root units is a power of ten (metre, gram, joule, radian,
    kelvin, gray, bar, erg, tonne: the SI, CGS and metric units), or one of _PREFIX_BASES (eV, cal, pc, yr, Ci, Da);
    never a percent or money, a prefixed name, nor a unit with an offset or a logarithm."""
    got = _TAKES_PREFIX.get(name)
    if got is None:
        got = _TAKES_PREFIX[name] = _decimal_unit(name)
    return got


def _decimal_unit(name: str) -> bool:
    if name in _PREFIX_BASES:
        return True
    if _KIND.get(name, "physical") not in ("physical", "angle") or _PREFIX_WORD.match(name):
        return False
    try:
        ureg = registry()
        factor = float(ureg.Quantity(1.0, ureg.Unit(name)).to_root_units().magnitude)
    except Exception:  # noqa: BLE001 - pint raises several types (offset, logarithmic, unknown units)
        _log.debug("rule/answers/units.py: handled exception", exc_info=True)
        return False
    if not factor > 0 or name == "tonne":     # a kiloton is more often TNT's energy than a mass
        return False
    exponent = math.log10(factor)
    return abs(exponent - round(exponent)) < 1e-9


def _pint_prefixed(tok: str) -> str | None:
    """``mrad``, ``mK``, ``uSv``, ``kDa``, ``fs``: an SI prefix symbol on a whitelisted unit symbol (_PREFIXABLE,
    _SI_SYMBOLS) whose unit takes prefixes (:func:`_takes_prefix`), read by pint's name lookup (no expression is
    parsed) and only where that reading is the one pint finds: the pint name ('milliradian'), else None."""
    base_symbol = tok[1:]
    if tok[:1] not in _PINT_PREFIXES or base_symbol not in _PREFIXABLE and base_symbol not in _SI_SYMBOLS \
            or tok in _PINT_PREFIX_EXCLUDED or tok in _AMBIGUOUS or len(tok) == 2 and not tok[0].islower():
        return None                      # 'PM', 'TM', 'MK': two capitals are no prefixed unit
    try:
        readings = registry().parse_unit_name(tok)
    except Exception:  # noqa: BLE001 - pint's lookup of an unknown name
        _log.debug("rule/answers/units.py: handled exception", exc_info=True)
        return None
    if len(readings) != 1:
        return None                      # 'kt': a knot or a kilotonne
    prefix, base, suffix = readings[0]
    if suffix or prefix != _PINT_PREFIXES[tok[0]] or not _takes_prefix(base):
        return None
    return prefix + base


_TOKEN = re.compile(r"([A-Za-z%][A-Za-z%_]*)(?:\s*\^\s*([+-]?\d)|([23])(?![\d.]))?")
_POWER_WORDS = {"square": 2, "sq": 2, "cubic": 3, "cu": 3}
# between two unit tokens a product may be written with a hyphen or a period ('N-m', 'kW-hr', 'N.m'), a power word
# with its abbreviation's period ('sq. m', 'cu.cm')
_PRODUCT_GAP = re.compile(r"\s*[-.]?\s*")
_LENGTHS = ("meter", "foot", "inch", "mile", "yard")
# bases of the symbols written with a plural s ('kgs', 'cms', 'gms', 'mols', 'yrs'): metric lengths, masses, amounts
# and times (never 'pcs', 'ins', 'fts')
_PLURAL_BASES = ("meter", "gram", "mole", "second", "minute", "hour", "year", "liter")
_RATE_TIMES = {"h": "hour", "hr": "hour", "s": "second", "sec": "second"}
_PRODUCT_HEADS = ("newton", "joule", "watt", "gram", "mole", "ampere")   # 'Am^2': a magnetic moment
_PRODUCT_TAILS = {"m": "meter", "s": "second", "h": "hour", "hr": "hour", "K": "kelvin"}


def _spelled(tok: str) -> list[tuple[str, int]] | None:
    """Unit tokens as people abbreviate them, by rules over the symbol table (after the table itself failed): a
    plural s on a metric symbol ('kgs', 'cms', 'yrs'), a capital K for kilo ('Kg', 'Km', 'KW'), a length per time
    joined by 'p' or (per hour) by nothing ('kmph', 'mps', 'kmh', 'kmhr'), a force, energy or power times a
    length or time joined by nothing ('Nm', 'kNm', 'Ns', 'kWhr'), a mass or amount times a length or a kelvin
    ('kgm/s', 'J/kgK', 'J/molK'). None: no rule applies."""
    if len(tok) < 2 or len(tok) > 8:
        return None
    if tok.endswith("s") and len(tok) >= 3 and tok[:-1].islower():
        name = _lookup(tok[:-1])
        if name is not None and name.endswith(_PLURAL_BASES) and not tok[:-1] in _AMBIGUOUS:
            return [(name, 1)]
    if tok[0] == "K" and tok[1:] in _PREFIXABLE and tok[1:] not in ("s", "sec", "yr", "L", "l"):
        return [("kilo" + _PREFIXABLE[tok[1:]], 1)]
    m = _PER_HOUR.fullmatch(tok)
    top = _lookup(m.group(1) or m.group(3)) if m is not None else None
    if top is not None and top.endswith(_LENGTHS):
        return [(top, 1), (_RATE_TIMES[m.group(2) or m.group(4)], -1)]
    for tail, tail_name in _PRODUCT_TAILS.items():
        head = tok[:-len(tail)]
        if tok.endswith(tail) and len(head) >= 1 + head[-1:].islower():     # 'Nm', 'kgm', 'kgK', 'molK'
            name = _lookup(head)
            if name is not None and name.endswith(_PRODUCT_HEADS) and (head[-1].isupper() or len(head) >= 2) \
                    and (not name.endswith("ampere") or tail in ("m", "h")):     # 'Am^2', 'Ah'; never 'As', 'AK'
                return [(name, 1), (tail_name, 1)]
    return None


def _is_short(tok: str) -> bool:
    return len(tok) == 1 and tok.isalpha() or tok in _AMBIGUOUS


def _factors(part: str, sign: int, shorts: list[str]) -> list[tuple[str, int]] | None:
    out: list[tuple[str, int]] = []
    power = 1
    part = part.strip().strip("()").strip()
    pos = 0
    for m in _TOKEN.finditer(part):
        gap = part[pos:m.start()]
        if gap.strip() and not (pos and _PRODUCT_GAP.fullmatch(gap)):
            return None
        pos = m.end()
        if m.group(1).lower() in _POWER_WORDS and not (m.group(2) or m.group(3)):
            power = _POWER_WORDS[m.group(1).lower()]
            continue
        name = _lookup(m.group(1))
        if name is None:
            spelled = _spelled(m.group(1))
            raised = int(m.group(2) or m.group(3) or 1)          # 'Kg^2', 'sqKm': one factor raised
            if spelled is not None and raised != 1 and len(spelled) == 2 and m.group(2):
                spelled = [spelled[0], (spelled[1][0], spelled[1][1] * raised)]    # 'Am^2', 'kgm^2': the tail raised
                raised = 1
            if spelled is None or raised != 1 and (len(spelled) != 1 or m.group(3) and not spelled[0][0].endswith(_LENGTHS)):
                return None
            out.extend((n, sign * power * e * raised) for n, e in spelled)
            power = 1
            continue
        if m.group(3) and not name.endswith(_LENGTHS):
            return None                  # 'm2', 'cm3', 'ft2': a bare digit is a power of a length only
        if _is_short(m.group(1)) and power == 1 and not m.group(3):   # 'sq m', 'sq in', 'mi2': a unit
            shorts.append(m.group(1))
        out.append((name, sign * power * int(m.group(2) or m.group(3) or 1)))
        power = 1
    if part[pos:].strip() or not out or power != 1:
        return None
    return out


# a denominator 'c' or 'c^2' after an electron-volt: the speed of light of particle physics' momenta and masses
_OVER_C = re.compile(r"\s*\(?\s*c\s*(?:\^\s*\{?\s*([12])\s*\}?|([12]))?\s*\)?\s*")


@lru("rule.parse_unit")
def parse_unit(text: str) -> UnitSpec | None:
    """Parse a unit string built only from whitelisted tokens; None if anything is unknown."""
    s = normalize_unit_text(text)
    if not s or len(s) > 80:
        return None
    pieces = s.split("/")
    factors: list[tuple[str, int]] = []
    shorts: list[str] = []
    if len(pieces) > 1 and not pieces[0].strip() or pieces[0].strip() == "1":
        pieces[0] = ""                                   # 'per cubic centimeter', '1/s': a reciprocal unit
    for i, piece in enumerate(pieces):
        if i == 0 and not piece.strip() and len(pieces) > 1:
            continue
        light = _OVER_C.fullmatch(piece) if i > 0 else None
        if light is not None and any(n.endswith("electron_volt") and e > 0 for n, e in factors):
            factors.append(("speed_of_light", -int(light.group(1) or 1)))   # MeV/c, GeV/c^2: momentum, mass
            continue
        got = _factors(piece, 1 if i == 0 else -1, shorts)
        if got is None:
            return None
        factors.extend(got)
    if len(factors) > _MAX_FACTORS:
        return None
    if ("pound", 1) in factors and ("foot", 1) in factors:
        # a foot-pound ('ft-lb', 'ft·lb', 'lb-ft', 'foot-pounds') is work or torque: the pound is a force there
        factors = [("pound_force", 1) if f == ("pound", 1) else f for f in factors]
    kinds = {_kind(n) for n, _ in factors} - {"physical"}
    if len(kinds) > 1:
        return None
    kind = kinds.pop() if kinds else "physical"       # "$ per hour" is money, "% per year" percent
    if kind == "angle" and len(factors) > 1:
        kind = "angle_rate"                           # rad/s: an angular rate, never an angle (nor Hz)
    return UnitSpec(tuple(factors), kind, bool(shorts) and len(factors) == 1)


_Q_WORD = re.compile(r"(?<![\w\\])((?:square |cubic )?[A-Za-z]+(?:\s*\^\s*-?\d)?(?:/[A-Za-z]+(?:\s*\^\s*-?\d)?)?)(?![\w])")


# an unescaped dollar sign (the dollar first, then the look-behind: its literal is searched fast)
_MATH_DOLLAR = re.compile(r"\$(?<!\\\$)")
_MATH_OPERATOR = re.compile(r"\\(?:min|max|sec|csc|cot|lim|sup|inf|deg|exp|log|ln|lg|arg|det|dim|gcd|hom|ker|Pr)(?![A-Za-z])")


def units_in_question(question: str | None) -> list[UnitSpec]:
    """Units a question names in words or multi-letter symbols, in order, without repeats."""
    if not question:
        return []
    found: dict[tuple, UnitSpec] = {}
    text = question[:4000]
    if "\\" in text:    # '\\lambda_{\\min}', '\\sec x': TeX's operators are no unit words (minute, second)
        text = _MATH_OPERATOR.sub(" ", text)
    text = normalize_unit_text(_MATH_DOLLAR.sub(" ", text))   # $...$ is math mode, not money
    for m in _Q_WORD.finditer(text):
        tok = m.group(1)
        base = _POWER_TAIL.sub("", tok.split("/")[0]).split()[-1]
        if tok not in _QUESTION_SYMBOLS and base not in _QUESTION_SYMBOLS and base.lower() not in _WORDS and base.lower().rstrip("s") not in _WORDS \
                and base not in ("%", "degC", "degF"):
            continue
        spec = parse_unit(tok)
        if spec is not None and spec.kind != "angle":
            found.setdefault(spec.key, spec)
    if "%" in text or re.search(r"\bpercent", text, re.I):
        spec = parse_unit("%")
        if spec is not None:
            found.setdefault(spec.key, spec)
    return list(found.values())


def convert(value: float, frm: UnitSpec, to: UnitSpec) -> float | None:
    """``value`` in ``frm`` expressed in ``to``; None when the dimensions differ."""
    if frm.kind != to.kind:
        return None
    try:
        ureg = registry()
        q = ureg.Quantity(float(value), frm.pint_unit())
        return float(q.to(to.pint_unit()).magnitude)
    except Exception:  # noqa: BLE001 - pint raises several types for incompatible units
        _log.debug("rule/answers/units.py: handled exception", exc_info=True)
        return None

