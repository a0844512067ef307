"""Quantities: a magnitude with a unit (pint), angles, money, percent, clock times.

Interface::

    parse_quantity(text) -> Quantity | None     "12\\text{ cm}^2", "\\$1{,}200.50", "60^\\circ", "2 h 30 min"
    parse_clock(text) -> Clock | None           "2:30 pm", "14:30"
    align(answer, gold, question) -> Aligned | Match | None
        Match: decided here (different dimensions never match; clock times);
        Aligned: both magnitudes in one unit, for the caller to compare (with rounding if asked);
        None: no units or angles involved, nothing to say.
    other_dimension(answer, gold, question) -> bool   two sure units of dimensions apart even in natural units
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from dataclasses import dataclass, replace

from ...runtime.caches import lru, memo_text
from .match import Match
from .surface import exact_number, numeric_value, strip_approx, unwrap
from .precision import written
from .units import DIRECTION_WORDS, UnitSpec, convert, natural_powers, normalize_unit_text, parse_unit, units_in_question

__all__ = ["Quantity", "Clock", "Aligned", "parse_quantity", "parse_clock", "clock_shaped", "closing_direction", "asks_a_unit", "align", "bare_in_asked_unit", "value_of", "asks_measured",
           "asked_unit", "unread_unit", "other_dimension", "MEASURED_KINDS"]

_WRAPPED = re.compile(r"\\(?:text|mathrm|rm|mbox|textrm|operatorname|degree|textdegree|circ|SI|si|qty|unit)\b|°|℃|%|\$|€|£")
_MAG = re.compile(r"[+-]?(?:\\frac\s*\{[^{}]*\}\s*\{[^{}]*\}|\\sqrt\s*\{[^{}]*\}|\\pi|\\cdot|\\times"
                  r"|[\d.,+\-/^(){}\s])+")
_MAG_ALLOWED = re.compile(r"\\(?:frac|sqrt|pi|cdot|times)")
_CURRENCY = re.compile(r"^([+-]?)\s*(\\\$|\$|€|£|¥|\\euro)\s*(.+)$")
_COMPOUND = re.compile(r"(\d+(?:\.\d+)?)\s*([A-Za-z%][A-Za-z%/^ ]*?)\s*(?:,|\band\b)?\s*(?=\d|$)")


# compiled once (re's cache lookup per call cost as much as these short searches)
_DIGITS_COMMAS = re.compile(r"[\d,.]+")
_UNIT_ONE = re.compile(r"(?<=[\d}])\s+1$")
_DIGIT_OR_PI = re.compile(r"\d|\\pi")
_LETTER = re.compile(r"[A-Za-z]")
_PER = re.compile(r"(?:/|per\b)")
_INTEGER = re.compile(r"-?\d+")
_MEASURED_LITERAL = re.compile(r"-?(?:\d+\.\d+|\d{3,})")
_TWO_LETTERS = re.compile(r"[a-z]{2}")


@dataclass(frozen=True)
class Quantity:
    magnitude: str              # LaTeX of the number part
    unit: UnitSpec | None       # None: a bare number
    wrapped: bool = False       # unit written with \text/\mathrm or a symbol (°, %, $)
    alt: UnitSpec | None = None  # another reading of the unit text: 'ms^{-1}' is m s^-1 or per millisecond

    @property
    def has_pi(self) -> bool:
        return "\\pi" in self.magnitude or "π" in self.magnitude


@dataclass(frozen=True)
class Clock:
    minutes: int                # minutes after midnight (12-hour reading when meridiem is None)
    meridiem: str | None        # "am" | "pm" | None


@dataclass(frozen=True)
class Aligned:
    answer: str                 # answer magnitude (LaTeX), in the gold's unit when not converted
    gold: str
    answer_value: float | None  # numeric values in the common unit (None: not numeric)
    gold_value: float | None
    converted: bool             # answer_value came from a unit conversion
    one_sided: bool             # only one side carried a unit
    decisive: bool = False      # the common unit is certain (asked for, or an angle): a mismatch is final
    answer_ulp: float | None = None  # converted: one unit of the answer's last written digit, in the common unit
    answer_digits: int = 0           # converted: significant digits the answer was written with
    measured: bool = False           # a physical quantity (a unit, or a question asking one): digits are precision


@lru("rule.quantity_value")
def value_of(magnitude: str) -> float | None:
    return numeric_value(magnitude.replace(",", "") if _DIGITS_COMMAS.fullmatch(magnitude) else magnitude)


def _split(s: str) -> tuple[str, str] | None:
    m = _MAG.match(s)
    if not m:
        return None
    mag = m.group(0)
    while mag and mag[-1] in " ^{(/,":
        mag = mag[:-1]
    rest = s[len(mag):].strip()
    one = _UNIT_ONE.search(mag)
    if one and rest.startswith("/"):            # 2.88\times10^{16}\,1/\mathrm{cm}^3: the 1 opens the unit
        mag, rest = mag[:one.start()], "1" + rest
    if not _DIGIT_OR_PI.search(mag) or _LETTER.search(_MAG_ALLOWED.sub("", mag)):
        return None
    return mag.strip(), rest


def _compound(s: str) -> Quantity | None:
    norm = normalize_unit_text(s)
    parts = _COMPOUND.findall(norm)
    if len(parts) < 2 or len(parts) > 4 or _COMPOUND.sub("", norm).strip():
        return None
    specs = [parse_unit(u) for _, u in parts]
    if any(sp is None for sp in specs) or len({sp.key for sp in specs}) < len(specs):   # type: ignore[union-attr]
        return None       # '54 bar, 140000 bar' lists two quantities: a compound ('2 h 30 min') changes the unit
    first = specs[0]
    total = 0.0
    for (num, _), sp in zip(parts, specs):
        v = convert(float(num), sp, first)
        if v is None:
            return None
        total += v
    return Quantity(repr(total), UnitSpec(first.factors, first.kind), True)


_SCALE = re.compile(r"^(thousand|million|billion|trillion)\b\s*", re.I)
_SCALES = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}


def _scaled(mag: str, rest: str) -> tuple[str, str] | None:
    """``1.2`` + ``million dollars`` -> ``1200000`` + ``dollars`` (exact magnitudes only)."""
    m = _SCALE.match(rest)
    if not m:
        return mag, rest
    value = exact_number(mag)
    if value is None:
        return None
    total = value * _SCALES[m.group(1).lower()]
    text = str(total.numerator) if total.denominator == 1 else f"\\frac{{{total.numerator}}}{{{total.denominator}}}"
    return text, rest[m.end():].strip()


_PLAIN_TIMES = re.compile(r"(?<=\d)\s*[xX*·⋅]\s*(?=10\s*\^)")
_E_NOTATION = re.compile(r"(?<=\d)[eE]([+-]?\d{1,3})(?![\d.])")
# the exponent of a power of ten written without braces: 10^-10, \times 10^14 (one exponent, not 10^1 * 4)
_BARE_EXPONENT = re.compile(r"((?:\\times|\\cdot)\s*10|^10)\s*\^\s*([+-]?\d{1,3})(?![\d.])")
# a fraction of unit words after a magnitude: 5\frac{\text{cm}}{\text{s}} -> 5 (cm)/(s)
_UNIT_FRAC = re.compile(r"(?<=[\d\s}])\\frac\s*\{\s*(1|[A-Za-zµμÅΩ\\ ,;^{}\-\d]*?[A-Za-zµμÅΩ][A-Za-zµμÅΩ\\ ,;^{}\-\d]*?)\s*\}"
                        r"\s*\{\s*([A-Za-zµμÅΩ\\ ,;^{}\-\d]*?[A-Za-zµμÅΩ][A-Za-zµμÅΩ\\ ,;^{}\-\d]*?)\s*\}\s*$")


_SUPER_EXPONENT = re.compile("(?<![\\d.])10([⁺⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3})(?![⁰¹²³⁴⁵⁶⁷⁸⁹])")
_SUPER_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻", "0123456789+-")
_BRACED_TIMES = re.compile(r"\{\s*(\\times|\\cdot)\s*\}")
_PAREN_EXPONENT = re.compile(r"(?<![\d.])10\s*(?:\^\s*\(\s*([+-]?\d{1,3})\s*\)|\*\*\s*\(?\s*([+-]?\d{1,3})\s*\)?)(?![\d.])")
# a measured value with its uncertainty: (3.2 \pm 0.1)\times 10^{4}, 3.20 ± 0.05 (the central value is the answer)
_UNCERTAINTY = re.compile(r"^(?:\(\s*([+-]?\d+(?:\.\d+)?)\s*(?:\\pm|±)\s*(\d+(?:\.\d+)?)\s*\)|"
                          r"([+-]?\d+(?:\.\d+)?)\s*(?:\\pm|±)\s*(\d+(?:\.\d+)?))(?=\s*(?:(?:\\times|\\cdot)\s*10\s*\^|"
                          r"\\[,;: ]|~|\\(?:text|mathrm|rm|mbox|operatorname)\s*\{|[A-Za-zµμΩÅ°]))")


def _central(s: str) -> str:
    """``(3.2 \\pm 0.1)\\times10^{4}`` -> ``3.2\\times10^{4}``: an uncertainty smaller than the value it follows,
    before a power of ten or a unit, is no second value (``1 \\pm \\sqrt{2}`` and ``5 \\pm 7`` stay as written)."""
    m = _UNCERTAINTY.match(s)
    if m is None:
        return s
    value, unc = (m.group(1), m.group(2)) if m.group(1) is not None else (m.group(3), m.group(4))
    if not 0 < float(unc) < abs(float(value)):
        return s
    return value + s[m.end():]


def _plain_sci(s: str) -> str:
    """Plain-text scientific notation: ``1.2 x 10^5``, ``1.2*10^-5``, ``3.0e8``, ``1.2{\\times}10^{5}`` and
    ``7.5 x 10^(7)`` as ``\\times 10^{..}``."""
    if "{" in s:
        s = _BRACED_TIMES.sub(r"\1 ", s)
    if not s.isascii():
        s = _SUPER_EXPONENT.sub(lambda m: "10^{" + m.group(1).translate(_SUPER_DIGITS) + "}", s)
    if "(" in s or "**" in s:
        s = _PAREN_EXPONENT.sub(lambda m: "10^{" + (m.group(1) or m.group(2)) + "}", s)
    if "^" in s:                      # each rewrite only where its pattern can match (C-speed tests first)
        s = _PLAIN_TIMES.sub(r"\\times ", s)
    if "e" in s or "E" in s:
        s = _E_NOTATION.sub(lambda m: f"\\times 10^{{{m.group(1)}}}", s)
    return _BARE_EXPONENT.sub(lambda m: f"{m.group(1)}^{{{m.group(2)}}}", s) if "^" in s else s


def _unit_fraction(s: str) -> str:
    m = _UNIT_FRAC.search(s) if "\\frac" in s else None
    if m is None or re.search(r"\\(?:frac|sqrt|pi)\b", m.group(1) + m.group(2)):
        return s
    if m.group(1).strip() == "1":            # 4\\,\\frac{1}{\\mathrm{s}}: a reciprocal unit, the 1 no factor of the value
        return f"{s[:m.start()]} 1/({m.group(2)})"
    return f"{s[:m.start()]} ({m.group(1)})/({m.group(2)})"


_RM = re.compile(r"\{\s*\\rm\s*((?:[^{}]|\{[^{}]*\})*)\}")


def _prepared(text: str) -> str:
    if "\\rm" in text:                  # plain TeX's font switch: {\\rm 3.2\\ kJ}, 3.2\\ {\\rm kJ}
        text = _RM.sub(lambda m: " " + m.group(1), text).replace("\\rm ", " ")
    return _unit_fraction(_plain_sci(_central(strip_approx(unwrap(text)))))


@lru("rule.parse_quantity")
def parse_quantity(text: str) -> Quantity | None:
    """Split ``text`` into a magnitude and a whitelisted unit; None when it is not that shape."""
    wrapped = bool(_WRAPPED.search(text))
    s = _prepared(text)
    if not s or len(s) > 120:
        return None
    s = s.replace("{}", "")        # '25\\,{}^{\\circ}C': an empty group only carries the degree sign
    cur = _CURRENCY.match(s)
    got = _split(cur.group(3) if cur else s)
    got = _scaled(*got) if got is not None else None
    if got is None:
        return None
    mag, rest = got
    if cur:
        unit = parse_unit(f"{cur.group(2)} {rest}" if _PER.match(rest) else cur.group(2))
        return None if unit is None or (rest and len(unit.factors) < 2) else Quantity(cur.group(1) + mag, unit, True)
    if not rest:
        return Quantity(mag, None)
    unit = parse_unit(rest)
    if unit is None:
        return _compound(s)
    return Quantity(mag, unit, wrapped, _meter_second(rest))


_UNIT_FONT_TEXT = re.compile(r"\\(?:text|mathrm|rm|mbox|textrm|operatorname|si|unit)\b")
# what a unit looks like where no reading knows it: a symbol (letters, a power, a '/'), in a unit font or short
_UNIT_SHAPED = re.compile(r"[A-Za-z]{1,12}(?:\^-?\d)?(?:\s*/\s*\(?[A-Za-z]{1,12}(?:\^-?\d)?\)?)*")


def unread_unit(text: str) -> bool:
    """A number followed by a unit that no reading here knows (``0.65\\,\\mathrm{xrad}``, ``4 \\text{ furlong/fortnight}``):
    written in a unit font, or a short symbol (<= 5 letters), or a word opening with an SI prefix; never a bare number,
    a readable quantity nor a sentence (more than two words after the number)."""
    if len(text) > 120 or parse_quantity(text) is not None:
        return False
    s = _prepared(text)
    got = _split(s) if s and len(s) <= 120 else None
    if got is None or not got[1]:
        return False
    rest = normalize_unit_text(got[1])
    words = rest.split()
    if not words or len(words) > 2 or not all(_UNIT_SHAPED.fullmatch(w) for w in words):
        return False
    first = words[0].split("/")[0].split("^")[0]
    if first.lower() in _MATH_WORDS:
        return False                     # '9 * pi', '2 sqrt 3': a number, no unit
    return bool(_UNIT_FONT_TEXT.search(text)) or len(words) == 1 and 3 <= len(first) <= 5 \
        or _PREFIX_NAME.match(first.lower()) is not None      # 'x', 'ab' outside a unit font: a variable's name


_MATH_WORDS = frozenset({"pi", "sqrt", "sin", "cos", "tan", "cot", "sec", "csc", "log", "ln", "exp", "arcsin", "arccos",
                         "arctan", "sinh", "cosh", "tanh", "mod", "gcd", "lcm", "max", "min", "abs", "frac", "cdot",
                         "times", "infty", "inf", "and", "or", "not", "for", "all", "dots", "ldots", "cdots"})
_PREFIX_NAME = re.compile(r"(?:kilo|mega|giga|tera|peta|milli|micro|nano|pico|femto|centi|deci|hecto)[a-z]{2,}")


_MS_POWER = re.compile(r"(?<![A-Za-z])ms(?=\s*\^\s*\{?\s*-)")


def _meter_second(rest: str) -> UnitSpec | None:
    """'ms^{-1}' (m s^-1 written without a blank, as physics answers do) read as metre per second."""
    norm = normalize_unit_text(rest)
    return parse_unit(_MS_POWER.sub("m s", norm)) if _MS_POWER.search(norm) else None


def _same_dimension(u: UnitSpec, v: UnitSpec) -> bool:
    return u.kind == v.kind and u.dimensionality() == v.dimensionality()


_CLOCK = re.compile(r"(\d{1,2}):(\d{2})\s*(?:([ap])\.?\s*m?\.*)?", re.I)


def clock_shaped(text: str) -> bool:
    """Written like a time of day (``13:40 a.m.``), whether or not it is one."""
    return _CLOCK.fullmatch(text.strip()) is not None


def parse_clock(text: str) -> Clock | None:
    m = _CLOCK.fullmatch(unwrap(text).replace("{:}", ":").replace("\\colon", ":"))
    if not m:
        return None
    h, mi = int(m.group(1)), int(m.group(2))
    mer = (m.group(3).lower() + "m") if m.group(3) else None
    if mi >= 60 or h >= 24 or (mer and not 1 <= h <= 12):
        return None
    if mer:
        h = h % 12 + (12 if mer == "pm" else 0)
    return Clock(h * 60 + mi, mer if mer else ("pm" if h > 12 else None))


def _same_ratio(a: str, b: str) -> bool:
    """``2:10`` and ``1:05`` name the same ratio (a time and a ratio read alike); ``1:00`` names none."""
    ma = _CLOCK.fullmatch(unwrap(a).replace("{:}", ":").replace("\\colon", ":"))
    mb = _CLOCK.fullmatch(unwrap(b).replace("{:}", ":").replace("\\colon", ":"))
    if not ma or not mb or int(ma.group(2)) == 0 or int(mb.group(2)) == 0:
        return False
    return int(ma.group(1)) * int(mb.group(2)) == int(mb.group(1)) * int(ma.group(2))


def _compare_clocks(a: Clock, g: Clock) -> Match:
    if a.meridiem and g.meridiem:
        return Match(a.minutes == g.minutes, ("clock",))
    return Match(a.minutes % 720 == g.minutes % 720, ("clock",))


_ANGLE_Q = re.compile(r"\bangles?\b|\\angle|\\measuredangle|\bdegrees?\b|\^\s*\{?\s*\\circ|°|\\degree", re.I)
_DEGREE_Q = re.compile(r"\bdegrees?\b|\^\s*\{?\s*\\circ|°|\\degree", re.I)
_RADIAN_Q = re.compile(r"\bradians?\b", re.I)


def _trusted(q: Quantity, question: str | None, other: Quantity | None = None) -> bool:
    """A 1-letter unit (m, s, t...) not set off by \\text{} may be a variable: it counts as a unit
    when the question names that dimension, or the other side carries a certain unit of it."""
    if q.unit is None or not q.unit.short or q.wrapped:
        return True
    dim = q.unit.dimensionality()
    if other is not None and other.unit is not None and (other.wrapped or not other.unit.short) \
            and other.unit.kind == q.unit.kind and other.unit.dimensionality() == dim:
        return True
    return any(u.kind == q.unit.kind and u.dimensionality() == dim
               for u in units_in_question(_unit_text(question)) + _asked_units(question))


def _aligned(a: Quantity, g: Quantity, one_sided: bool) -> Aligned:
    return Aligned(a.magnitude, g.magnitude, None, None, False, one_sided)


def _converted(va: float | None, g: Quantity, one_sided: bool, decisive: bool = False) -> Aligned | None:
    vg = value_of(g.magnitude)
    if va is None or vg is None:
        return None
    return Aligned("", g.magnitude, va, vg, True, one_sided, decisive)


_MATH_DOLLAR = re.compile(r"\$(?<!\\\$)")   # an unescaped dollar (the literal first, then the look-behind: a fast scan)
_PRECISION_PHRASE = re.compile(r"nearest\s+(?:[\w-]+\s+of\s+an?\s+)?(?:whole\s+)?[\w-]+", re.I)


def _unit_text(question: str | None) -> str | None:
    """The question without its precision phrases ("to the nearest cent" names no answer unit)."""
    if question is None:
        return None
    text = _MATH_DOLLAR.sub(" ", question[-4000:])   # $...$ is math mode
    if text.isascii() and "nearest" not in text.lower():
        return text                    # no precision phrase (re.I on ASCII is lower-casing)
    return _PRECISION_PHRASE.sub(" ", text)


# one word of a unit asked in words: 'cubic meter', 'kilowatt-hours', 'light_years', 's^-1'
_ASKED_TERM = r"(?:(?:square|cubic) )?[A-Za-z]+(?:[-_][A-Za-z]+)*(?:\s*\^\s*-?\d)?"
_ASKED_TERMS = re.compile(_ASKED_TERM)
# the unit is up to four such words, joined by a blank (a product: 'newton meters') or '/' ('per' in the normalized
# text: 'kilograms per cubic meter'); the longest run of them that is one unit is the unit asked (_asked_unit_words).
# The run is read ahead, not consumed: 'how much in dollars' is also read at its 'in'
_ASKED = re.compile(r"\b(?:in|how many|how much|number of|in terms of|measured in|expressed in)\s+(?:units\s+of\s+)?"
                    r"(?=(" + _ASKED_TERM + r"(?:\s*(?:/\s*)?" + _ASKED_TERM + r"){0,3}))", re.I)
# _ASKED for an ASCII text lower-cased (re.I there is lower-casing; its words are lower case): without re.I, and each word
# opens with its first letter, then looks back for the boundary (\b before a letter is (?<!\w)), so the letters are
# searched fast instead of trying the pattern at every position; the same matches, at the same places
_ASKED_LOW = re.compile(r"(?:i(?<!\wi)n|h(?<!\wh)ow many|h(?<!\wh)ow much|n(?<!\wn)umber of|i(?<!\wi)n terms of"
                        r"|m(?<!\wm)easured in|e(?<!\we)xpressed in)" + _ASKED.pattern[_ASKED.pattern.index(")") + 1:])
# a unit asked in math mode, in a unit font: 'in $\mathrm{~kJ} / \mathrm{mole}$', '(in $\mathrm{m}\,\mathrm{s}^{-1}$)',
# 'in units of $1/\mathrm{cm}^3$' (read whole, short symbols included: \mathrm{m} is no variable)
_ASKED_MATH = re.compile(r"(?:i(?<!\wi)n|u(?<!\wu)nits\s+of)\s+\$([^$]{1,80})\$")   # \b(?:in|units\s+of): see _ASKED_LOW
_UNIT_FONT = re.compile(r"\\(?:mathrm|text|rm|mbox|operatorname)\s*\{|\\(?:Omega|AA|mu)\b|\{\\rm\b")
# a one-letter symbol asked in plain text (never in math mode: 'in $m$' is a variable) counts where it closes the
# ask ('in K?', '(in J)', 'in units of N.'), never t, d or u (tonne, day, atomic mass: more often a variable)
_SHORT_ASK = re.compile(r"(?:i(?<!\wi)n|u(?<!\wu)nits\s+of)\s+([A-Za-z]{1,2})\s*(?=[),?;:]|\.(?:\s|$)|$)")
_SHORT_ASK_EXCLUDED = {"t", "d", "u", "a", "in", "at", "am", "pm"}


def _asked_units(question: str | None) -> list[UnitSpec]:
    return list(_asked_units_of(question)) if question else []


@memo_text("rule.asked_units", max_chars=20_000)   # a function of the question: shared by its rollouts and both sides
def _asked_units_of(question: str) -> tuple[UnitSpec, ...]:
    found: dict[tuple, tuple[int, UnitSpec]] = {}
    text = (_unit_text(question) or "")[-2000:]
    norm = normalize_unit_text(text)
    for m in (_ASKED_LOW.finditer(norm.lower()) if norm.isascii() else _ASKED.finditer(norm)):
        spec = _asked_unit_words(norm[m.start(1):m.end(1)])
        if spec is not None and not spec.short:
            found.pop(spec.key, None)
            found[spec.key] = (m.start() / max(1, len(text)), spec)
    raw = question[-2000:]
    for m in _SHORT_ASK.finditer(raw):
        spec = parse_unit(m.group(1)) if m.group(1) not in _SHORT_ASK_EXCLUDED else None
        if spec is not None:
            found.pop(spec.key, None)
            found[spec.key] = (m.start() / max(1, len(raw)), replace(spec, short=False))
    for m in _ASKED_MATH.finditer(raw):
        if not _UNIT_FONT.search(m.group(1)):
            continue
        spec = parse_unit(m.group(1))
        if spec is not None:
            found.pop(spec.key, None)
            found[spec.key] = (m.start() / max(1, len(raw)), replace(spec, short=False))
    # in the order of their last mention
    return tuple(sp for _, sp in sorted(found.values(), key=lambda x: x[0]))


# words of a sentence, never a factor of a unit asked ('in' an inch, 'a' a year, 'at' an atmosphere to pint; an
# apostrophe is read as arcminutes: "Pascal's")
_PRODUCT_STOP = frozenset({"in", "at", "a", "an", "as", "is", "it", "of", "on", "or", "to", "by", "be", "do", "if", "and",
                           "for", "per", "the", "are", "was", "were", "with", "from", "does", "did", "has", "have",
                           "will", "would", "can", "that", "this", "than", "then", "each", "when", "arcmin", "arcsec"})


def _asked_unit_words(words: str) -> UnitSpec | None:
    """The longest leading run of the words that reads as one unit ('kilograms / cubic meter' of 'kilograms / cubic
    meter round your', 'meters' of 'meters and round'), else None."""
    ends: list[int] = []
    for t in _ASKED_TERMS.finditer(words):
        joint = words[ends[-1]:t.start()] if ends else ""
        if ends and "/" not in joint and (t.group().lower() in _PRODUCT_STOP or len(t.group()) == 1):
            break            # 'kilometers in total', 'A B C': a word of the sentence or a letter is no factor
        if not ends and t.group().lower() in _PRODUCT_STOP:
            break            # 'how much in dollars': read at its 'in'
        ends.append(t.end())
    for end in reversed(ends):
        spec = parse_unit(words[:end])
        if spec is not None:
            return spec
    return None


def asked_unit(question: str | None, like: UnitSpec) -> UnitSpec | None:
    """The unit a question asks for ("in km/h", "how many minutes"), if it has ``like``'s dimension."""
    dim = like.dimensionality()
    # the last one asked: a question that restates earlier sub-questions ends with its own
    return next((u for u in reversed(_asked_units(question)) if u.kind == like.kind and u.dimensionality() == dim), None)


def _asks_other_dimension(question: str | None, unit: UnitSpec) -> bool:
    """The question asks for exactly one unit, of another dimension than ``unit``."""
    asked = _asked_units(question)
    return len(asked) == 1 and (asked[0].kind != unit.kind or asked[0].dimensionality() != unit.dimensionality())


def _both_units(a: Quantity, g: Quantity) -> Aligned | Match | None:
    ua, ug = a.unit, g.unit
    assert ua is not None and ug is not None
    if not _same_dimension(ua, ug):
        if a.alt is not None and _same_dimension(a.alt, ug):          # 5\,\mathrm{ms^{-1}} against 5 m/s
            return _both_units(replace(a, unit=a.alt, alt=None), g)
        if g.alt is not None and _same_dimension(ua, g.alt):
            return _both_units(a, replace(g, unit=g.alt, alt=None))
        return Match(False, ("unit_mismatch",))
    if ua.key == ug.key:
        return _aligned(a, g, False)
    return _with_precision(_converted_answer(a, ug, g, False, one_sided=False), a, ug)


def _to_degrees(rad: Quantity) -> float | None:
    v = value_of(rad.magnitude)
    return None if v is None else math.degrees(v)


def _gold_unit(a: Quantity, g: Quantity, question: str | None) -> Aligned | None:
    assert g.unit is not None
    if g.unit.kind == "angle" and a.has_pi and g.unit.factors == (("degree", 1),):
        return _converted(_to_degrees(a), g, True, True)
    return _aligned(a, g, True)


def _answer_angle(a: Quantity, g: Quantity, question: str | None) -> Aligned | None:
    assert a.unit is not None
    asked = asked_unit(question, a.unit) if not g.has_pi else None
    if asked is not None and asked.key != a.unit.key:    # '6.46 mrad' where rad is asked ('in $\\mathrm{rad}$')
        return _converted_answer(a, asked, g, True)
    wants_rad = g.has_pi or (question is not None and _RADIAN_Q.search(question) is not None)
    is_deg = a.unit.factors == (("degree", 1),)
    if wants_rad and not a.unit.factors == (("radian", 1),):
        va = value_of(a.magnitude)
        rad = parse_unit("rad")
        return None if va is None or rad is None else _converted(convert(va, a.unit, rad), g, True, True)
    if not is_deg and question and _DEGREE_Q.search(question) and not g.has_pi:
        va = value_of(a.magnitude)
        deg = parse_unit("deg")
        return None if va is None or deg is None else _converted(convert(va, a.unit, deg), g, True, True)
    return _aligned(a, g, True)


_PERIODS = {"second": "second", "minute": "minute", "hour": "hour", "day": "day", "week": "week", "month": "month",
            "year": "year"}


def _per_named_period(unit: UnitSpec, question: str | None) -> UnitSpec | None:
    """``miles per week`` where the question asks for miles over the period it names ('5 times a week', 'each
    day', 'per hour'): the rate over that period is the amount asked (the unit without the period), else None."""
    per = [(n, e) for n, e in unit.factors if n in _PERIODS and e == -1]
    if len(per) != 1 or len(unit.factors) < 2 or not question:
        return None
    word = _PERIODS[per[0][0]]
    if not re.search(r"\b(?:a|an|per|each|every|one)\s+" + word + r"\b", question[-4000:], re.I):
        return None
    rest = tuple(f for f in unit.factors if f != per[0])
    return replace(unit, factors=rest, short=False) if rest else None


def _answer_unit(a: Quantity, g: Quantity, question: str | None) -> Aligned | Match | None:
    assert a.unit is not None
    if a.unit.kind == "angle":
        return _answer_angle(a, g, question)
    per = _per_named_period(a.unit, question) if _asks_other_dimension(question, a.unit) else None
    if per is not None:                        # '30 miles per week' for 'how many miles ... 5 times a week'
        a = replace(a, unit=per, alt=None)
    if _asks_other_dimension(question, a.unit):
        if a.alt is not None and not _asks_other_dimension(question, a.alt):
            return _answer_unit(replace(a, unit=a.alt, alt=None), g, question)
        return Match(False, ("unit_mismatch",))
    asked = asked_unit(question, a.unit)
    if asked is not None:
        if asked.key == a.unit.key:
            return _aligned(a, g, True)
        return _with_precision(_converted_answer(a, asked, g, True), a, asked)
    dim = a.unit.dimensionality()
    targets = [u for u in units_in_question(_unit_text(question))
               if u.kind == a.unit.kind and u.dimensionality() == dim]
    if not targets or any(u.key == a.unit.key for u in targets):
        return _aligned(a, g, True)
    if len(targets) > 1:
        return None
    return _with_precision(_converted_answer(a, targets[0], g, False), a, targets[0])


def bare_in_asked_unit(magnitude: str, g: Quantity, question: str | None) -> Aligned | None:
    """A bare number against a reference with a unit where the question asks for another unit of the reference's
    dimension (``3.47`` "in kJ" for ``3.47\\times10^{3}\\,\\text{J}``): the number is in the asked unit, converted to
    the reference's (decisive: the unit is the question's). None where the question asks no such unit, or the
    reference's own (then the reference's unit supplies it, :func:`align`)."""
    if g.unit is None or g.unit.kind == "angle":
        return None
    asked = asked_unit(question, g.unit)
    if asked is None or asked.key == g.unit.key:
        return None
    a = Quantity(magnitude, asked)
    return _with_precision(_converted_answer(a, g.unit, g, True), a, g.unit)


def _converted_answer(a: Quantity, to: UnitSpec, g: Quantity, decisive: bool, one_sided: bool = True) -> Aligned | None:
    assert a.unit is not None
    va = value_of(a.magnitude)
    return _converted(None if va is None else convert(va, a.unit, to), g, one_sided, decisive)


def _with_precision(al: Aligned | None, a: Quantity, to: UnitSpec) -> Aligned | None:
    """A converted answer carries the precision it was written to: one unit of its last digit in ``to``
    (a difference: right for offset scales too) and its significant digits."""
    va = value_of(a.magnitude)
    wa = written(a.magnitude) if al is not None and va is not None and a.unit is not None else None
    if wa is None or al is None or al.answer_value is None:
        return al
    step = convert(va + 10.0 ** wa.last, a.unit, to)
    if step is None:
        return al
    return replace(al, answer_ulp=abs(step - al.answer_value), answer_digits=wa.digits)


def _bare_angles(a: Quantity, g: Quantity, question: str | None) -> Aligned | None:
    """``60`` gold, ``\\frac{\\pi}{3}`` answer: only for a question about an angle in degrees."""
    if not question or not a.has_pi or g.has_pi:
        return None
    vg = value_of(g.magnitude)
    if _DEGREE_Q.search(question) is None and not (_ANGLE_Q.search(question) and vg is not None and 0 < abs(vg) <= 360):
        return None
    if _RADIAN_Q.search(question):
        return None
    return _converted(_to_degrees(a), g, True, True)


def _bare_numbers(answer: str, gold: str, qa: Quantity, qg: Quantity, question: str | None) -> Aligned | None:
    """Two bare numbers: a side in plain scientific notation (``3.30 x 10^-10``, ``1.2*10^5``) is compared by
    its value; in a question that asks for a physical unit (``in km/h``, ``in meters``) the numbers are
    measured quantities (``85.71`` for ``\\frac{600}{7}``: agreement at the precision a side is written to)."""
    rewritten = _plain_sci(answer) != answer or _plain_sci(gold) != gold \
        or "\\pm" in answer or "±" in answer       # read as its central value: (4.100 ± 0.002) × 10^3
    # the measured reading only matters for two different values, not both integers: without a rewrite, two integers
    # or a question asking no physical unit say nothing whatever the values (cheap tests before the values' reading,
    # which may take the grammar: 10.5\pi)
    if not rewritten and (_INTEGER.fullmatch(qa.magnitude) and _INTEGER.fullmatch(qg.magnitude)
                          or not _measured(question) and not _approximate(question)):
        return None
    va, vg = value_of(qa.magnitude), value_of(qg.magnitude)
    if va is None or vg is None or not rewritten and va == vg:
        return None
    return Aligned(qa.magnitude, qg.magnitude, None, None, False, one_sided=not rewritten)


def _measured(question: str | None) -> bool:
    """The question asks for a physical quantity in a unit: its numbers are measured quantities."""
    return any(u.kind == "physical" for u in _asked_units(question))


asks_measured = _measured   # public: the question asks for a physical quantity in a unit


def asks_a_unit(question: str | None) -> bool:
    """The question asks for its answer in a unit ("in km/h", "give your answer in kg/m^3")."""
    return bool(_asked_units(question))
MEASURED_KINDS = ("physical", "angle_rate")   # units of measured quantities (rad/s too; an angle may be exact: 30°)

# the question says the value is approximate (question.Question.expects_approximation reads the same words)
_APPROXIMATE_Q = re.compile(r"\b(?:approximate(?:ly)?|approx\.|estimated?|roughly|about how (?:many|much|long|far|big))\b"
                            r"|\\approx(?![a-zA-Z])|≈", re.I)


def _approximate(question: str | None) -> bool:
    return bool(question) and _APPROXIMATE_Q.search(question[-4000:]) is not None


def _measured_exact(answer: str, gold: str, qa: Quantity | None, qg: Quantity | None,
                    question: str | None) -> Aligned | None:
    """A bare decimal against an exact expression no quantity reading holds (``1.155`` for
    ``\\frac{2\\sqrt{3}}{3}``, ``\\frac{340}{7}`` for ``48.57``), in a question asking for a measured quantity."""
    q = qa if qa is not None else qg
    other = gold if qa is not None else answer
    if q is None or q.unit is not None or len(other) > 200 or not _MEASURED_LITERAL.fullmatch(q.magnitude):
        return None
    if not _measured(question) or value_of(unwrap(other)) is None:
        return None
    return Aligned(answer if qa is None else qa.magnitude, gold if qg is None else qg.magnitude,
                   None, None, False, one_sided=True)


# the symbol of a physical quantity as answers write it before its value: a letter or a Greek letter, \Delta before
# it, a subscript of any content (v_0, T_{1/2}, s_{\text{max}}, \lambda_{\max}), a prime or a superscript
_SYMBOL = (r"(?:\\Delta\s*)?(?:[A-Za-z]|\\(?:alpha|beta|gamma|delta|epsilon|varepsilon|eta|theta|kappa|lambda|mu|nu|xi|"
           r"rho|sigma|tau|phi|varphi|chi|psi|omega|Gamma|Delta|Theta|Lambda|Sigma|Phi|Psi|Omega)(?![A-Za-z])|"
           r"\\mathcal\s*\{[A-Z]\})(?:\s*_\s*(?:\{(?:[^{}]|\{[^{}]*\}){1,30}\}|\\?[A-Za-z0-9]+))?"
           r"(?:\s*\^\s*(?:\{(?:[^{}]|\{[^{}]*\}){1,20}\}|\\[A-Za-z]+|[A-Za-z0-9]))?'*")
_NAMED_APPROX = re.compile(r"^\s*" + _SYMBOL + r"\s*(?:\\approx|≈|\\simeq)\s*")
_NAME_EQ = re.compile(r"^(?:\s*" + _SYMBOL + r"\s*|[^=\d<>]{1,40}?)=\s*")
_CHAIN_RELATION = re.compile(r"=|\\approx|≈|\\simeq")


def _value_side(text: str) -> str:
    """``v = d/t = 20\\text{ m/s}`` -> ``20\\text{ m/s}``: the last member of a chain of equalities (and
    approximations: ``E = 2 \\times 6\\,\\mathrm{J} \\approx 12\\,\\mathrm{J}``) after a name; a chain whose members
    name two values in one unit is a contradiction, decided before (``_contradictory_chain``)."""
    if "=" not in text or len(text) > 300 or not _NAME_EQ.match(text):
        return text
    members = [m.strip() for m in _CHAIN_RELATION.split(text)[1:]]
    return members[-1] if parse_quantity(members[-1]) is not None else text


def _contradictory_chain(text: str) -> bool:
    """``θ = 61° = 60°``: two literal values in one unit that differ (a chain offering both)."""
    if text.count("=") < 2 or len(text) > 300:
        return False
    seen: dict[tuple, Fraction] = {}
    for member in text.split("=")[1:]:
        q = parse_quantity(member.strip())
        v = exact_number(q.magnitude) if q is not None else None
        if q is None or v is None:
            continue
        if q.unit is None:
            continue   # bare numbers: a derivation chain ends on its value (x = 5+5+1 = 7 = 11 is 11)
        key = q.unit.key
        if key in seen and seen[key] != v:
            return True
        seen[key] = v
    return False


# the direction a vector quantity is given with, after its value and unit: '12 m/s (to the right)', '12 m/s, directed
# upward', '5 N toward the center', '3 T into the page', '2 rad/s counterclockwise', '4 m/s in the +x direction'
_DIRECTION = re.compile(r"(?:\s*[,;(]|\s)\s*" + DIRECTION_WORDS + r"\s*\)?\s*\.?\s*$", re.I)


_COMPASS = {"n": "north", "s": "south", "e": "east", "w": "west"}


def _canonical_reference(d: str) -> str:
    d = re.sub(r"^([nsew]) of ([nsew])$", lambda c: f"{_COMPASS[c.group(1)]} of {_COMPASS[c.group(2)]}", d)
    return re.sub(r"^(above|below|from|with|to|relative to) (?!the )", r"\1 the ", d)


def _direction(text: str) -> tuple[str, str] | None:
    """(the text before a closing direction phrase, the direction in canonical words), else None."""
    if len(text) > 200 or not _TWO_LETTERS.search(text):
        return None
    u = unwrap(text)
    m = _DIRECTION.search(u)
    if m is None:
        return None
    d = re.sub(r"\s+|-", " ", m.group("d").lower()).replace("wards", "ward").replace("anti clockwise", "counter clockwise")
    if d.startswith("at "):                 # 'at (an angle of) 30^\\circ above ...': one writing of the angle
        d = re.sub(r"^at (?:an angle of )?([-+]?[\d.]+) ?(?:°|\^ ?\{? ?\\circ ?\}?|\\degree|degrees?) ?", r"\1 deg ", d)
        d = re.sub(r"^([-+]?[\d.]+) deg (.*)$", lambda c: f"{c.group(1)} deg " + _canonical_reference(c.group(2)), d)
    if " of " in d:                         # '30° N of E': compass letters as words; '30° below horizontal': 'the'
        d = re.sub(r"^([nsew]) of ([nsew])$", lambda c: f"{_COMPASS[c.group(1)]} of {_COMPASS[c.group(2)]}", d)
        d = re.sub(r"^([nsew]) of (?=[a-z]{2})", lambda c: _COMPASS[c.group(1)] + " of ", d)
        d = re.sub(r" of ([nsew])$", lambda c: " of " + _COMPASS[c.group(1)], d)
    d = re.sub(r"^(above|below|from|with|to|relative to) (?!the )", r"\1 the ", d)
    return u[:m.start()].rstrip(" ,;(\\"), re.sub(r"\b(up|down)\b(?! ?ward)", r"\1ward", d).replace("towards", "toward")


def closing_direction(text: str) -> tuple[str, str] | None:
    """(the value before a closing direction phrase, the direction in canonical words) where the value is a quantity
    (``5 N to the left``, ``30^\\circ below the horizontal``); None otherwise. A pure reading of one side."""
    got = _direction(text)
    if got is None or parse_quantity(_CHAIN_RELATION.split(got[0])[-1].strip()) is None:
        return None
    return got


def _without_direction(answer: str, gold: str) -> tuple[str, str] | Match:
    """A direction after the answer's quantity is dropped where the reference names none (its magnitude is asked);
    where both name one, the directions must agree (then both are dropped)."""
    da, dg = _direction(answer), _direction(gold)
    if da is None or parse_quantity(_CHAIN_RELATION.split(da[0])[-1].strip()) is None:    # '\\theta = 37^\\circ (...)'
        return answer, gold
    if dg is None:
        return da[0] + (" \\text{}" if _WRAPPED.search(answer) else ""), gold
    if da[1] != dg[1]:
        return Match(False, ("direction",))
    return da[0] + (" \\text{}" if _WRAPPED.search(answer) else ""), dg[0] + (" \\text{}" if _WRAPPED.search(gold) else "")


def align(answer: str, gold: str, question: str | None = None) -> Aligned | Match | None:
    if " " in answer and _TWO_LETTERS.search(answer):
        got = _without_direction(answer, gold)
        if isinstance(got, Match):
            return got
        answer, gold = got
    return _align(answer, gold, question)


def other_dimension(answer: str, gold: str, question: str | None = None) -> bool:
    """Both sides are quantities whose units are read for sure -- written in a unit font or with a symbol that is no
    variable's name (:func:`_trusted`), one reading each -- and in dimensions that stay apart in natural units
    (:func:`~.units.natural_powers`): a lifetime for a rate, a wavelength for a wavenumber, an energy for an entropy
    are two quantities, not two writings of one; a mass in MeV, a temperature in eV, a value per mole against the
    same value are not (they may be the quantity asked)."""
    if " " in answer and _TWO_LETTERS.search(answer):
        got = _without_direction(answer, gold)
        if isinstance(got, Match):
            return False
        answer, gold = got
    al = _align(answer, gold, question)
    if not isinstance(al, Match) or al.equal or "unit_mismatch" not in al.flags:
        return False
    named = _NAMED_APPROX.match(answer)
    if named and "=" not in answer and "=" not in gold:
        answer = answer[named.end():]
    if "=" in answer and "=" not in gold:
        answer = _value_side(answer)
    qa, qg = parse_quantity(answer), parse_quantity(gold)
    if qa is None or qg is None or qa.unit is None or qg.unit is None or qa.alt is not None or qg.alt is not None:
        return False                   # a question's asked unit against a bare reference: the reference read no unit
    if not (_trusted(qa, question, qg) and _trusted(qg, question, qa)):
        return False
    pa, pg = natural_powers(qa.unit), natural_powers(qg.unit)
    return pa is not None and pg is not None and not pa & pg


def _align(answer: str, gold: str, question: str | None) -> Aligned | Match | None:
    ca, cg = parse_clock(answer), parse_clock(gold)
    if ca and cg and (ca.meridiem or cg.meridiem):
        return _compare_clocks(ca, cg)
    if ca and cg and ca.minutes == cg.minutes:         # 7{:}30 vs 7:30 (a time or a ratio: equal either way)
        return Match(True, ("clock",))
    if ca and cg and not _same_ratio(answer, gold):    # 1:00 vs 12:00: different times, and no equal ratios
        return Match(False, ("clock",))
    named = _NAMED_APPROX.match(answer)
    if named and "=" not in answer and "=" not in gold:        # v \approx 3.0\times10^8 m/s: the value named
        answer = answer[named.end():]
    if "=" in answer and "=" not in gold:
        if _contradictory_chain(answer):
            return Match(False, ("contradiction",))
        answer = _value_side(answer)
    qa, qg = parse_quantity(answer), parse_quantity(gold)
    if (qa is None) != (qg is None):
        if _unit_lost(answer, gold, qa, qg, question):
            return Match(False, ("unit",))
        return _as_measured(_measured_exact(answer, gold, qa, qg, question), True)
    if qa is None or qg is None:
        return None
    if not (_trusted(qa, question, qg) and _trusted(qg, question, qa)):
        # '29 m' against '29\,\mathrm{L}', '0.4 W' against '0.4 m': symbols of two dimensions differ whether they
        # are units or variables' names
        if qa.unit is not None and qg.unit is not None and not _same_dimension(qa.unit, qg.unit) \
                and not (qa.alt or qg.alt):
            return Match(False, ("unit_mismatch",))
        return None
    if qa.unit is None and qg.unit is None:
        got = _bare_angles(qa, qg, question)
        if got:
            return got
        got = _bare_numbers(answer, gold, qa, qg, question)
        return None if got is None else _as_measured(got, _measured(question))   # the question read only then
    physical = any(q.unit is not None and q.unit.kind in MEASURED_KINDS for q in (qa, qg))
    if qa.unit is not None and qg.unit is not None:
        return _as_measured(_both_units(qa, qg), physical)
    if qg.unit is not None:
        return _as_measured(_gold_unit(qa, qg, question), physical)
    return _as_measured(_answer_unit(qa, qg, question), physical)


def _unit_lost(answer: str, gold: str, qa: Quantity | None, qg: Quantity | None, question: str | None) -> bool:
    """A side's unit would disappear: it writes a unit no reading knows (:func:`unread_unit`) where the other side
    carries a unit or the question asks for one. Compared as bare numbers, ``0.65\\,\\mathrm{Xrad}`` would pass for
    0.65 rad whatever its prefix; the pair is not equal here (the outcome reader may still call it unsure)."""
    if qa is None and qg is not None:
        lost = (qg.unit is not None or bool(_asked_units(question))) and unread_unit(answer)
    elif qg is None and qa is not None:
        lost = qa.unit is not None and unread_unit(gold)
    else:
        return False
    return lost and _unit_words(answer) != _unit_words(gold)    # '140000 bars' for '140000 bar': the same word


def _unit_words(text: str) -> str | None:
    """The text after a side's number, normalized, without a plural s ('bars' and '\\mathrm{bar}' are 'bar')."""
    got = _split(_prepared(text))
    if got is None:
        return None
    return " ".join(w[:-1] if len(w) > 3 and w.endswith("s") else w for w in normalize_unit_text(got[1]).lower().split())


def _as_measured(got: Aligned | Match | None, measured: bool) -> Aligned | Match | None:
    return replace(got, measured=True) if measured and isinstance(got, Aligned) else got

