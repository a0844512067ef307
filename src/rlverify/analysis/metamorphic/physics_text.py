"""Physics final answers, round 5 (issue 14): how the quantity sits in the closing text and how its unit is spelled,
over the references with a unit (pint, :mod:`.units`) and the angles in degrees.

equivalent: ``angle_prose`` (an angle in a closing sentence, no box: ``So the ball leaves at 37° above the
horizontal.``, ``the angle is about $53^\\circ$``, ``\\theta \\approx 53 degrees``), ``quantity_lead_in`` (the quantity
on its own line after a lead-in line: ``The speed of the car is:\\n$v = 12\\,\\mathrm{m/s}$``, ``Final answer:\\n3.2 N``),
``quantity_pair`` (several labelled quantities in one box, ``\\boxed{v = 3\\,\\mathrm{m/s},\\ a = 2\\,\\mathrm{m/s^2}}``,
against the one the reference states -- picked by its dimension -- or against all of them, labelled or listed),
``unit_alias`` (the unit spelled as people abbreviate it, built by rules from the unit's symbols: a plural ``s`` on a
lowercase symbol, ``kgs``, ``hrs``; a rate joined by ``p`` or written without its slash, ``kmph``, ``kmh``; ``hr``
and ``sec`` for h and s; ``sq``/``cu`` (with or without a period) or a bare digit for a power, ``sq m``, ``cu. cm``,
``cm3``, ``cc``; a product joined by nothing, ``-``, ``.`` or ``·``, ``Nm``, ``kW-hr``; a capital K for kilo);
near-misses: ``near_angle_prose`` (one digit changed, or the other reference direction), ``near_quantity_lead_in``
(one digit changed, or the unit under another prefix), ``near_quantity_pair`` (the stated quantity's value changed;
the reference's number given to the other quantity, ``v = 5\\,\\mathrm{m/s},\\ a = 3\\,\\mathrm{m/s^2}`` for
``3 m/s``; a listed part's value changed), ``near_unit_alias`` (the same spellings of the unit under another prefix
or of another dimension, the number kept; or the unit kept and a digit changed).
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
from .units import _digits_of, _factors, _gold_with, _other_dimension, _prefixed, _quantity, _symbols, \
    _ureg, _value_text, unit_forms
from .physics import _ANGLE_REFERENCES, _SYMBOLS_BY_DIMENSION, _dim_key, _plain_unit, _tex_unit, _wrong_value

__all__ = ["register", "alias_spellings"]

_T = Families()
register = _T.register


# ------------------------------------------------------------------ an angle in a closing sentence

def _angle_value(ref: Reference) -> str | None:
    if not isinstance(ref.node, F.Deg) or not isinstance(ref.node.x, F.Num):
        return None
    return ref.node.x.text


_COMPASS = {"north": "N", "south": "S", "east": "E", "west": "W"}


def _phrase_written(phrase: str, rng: random.Random) -> str:
    """The reference phrase as written in a hurry: the article dropped ('below horizontal'), compass letters
    ('N of E')."""
    r = rng.random()
    if r < 0.25 and re.match(r"(?:above|below|from|with) the ", phrase):
        return phrase.replace("the ", "", 1)
    m = re.fullmatch(r"(north|south|east|west) of (north|south|east|west)", phrase)
    if m and r > 0.6:
        return f"{_COMPASS[m.group(1)]} of {_COMPASS[m.group(2)]}"
    return phrase


def _angle_sentence(num: str, phrase: str | None, rng: random.Random) -> str:
    deg = rng.choice(("°", " degrees", "^\\circ", "^{\\circ}", "\\degree", "°"))
    math = deg.startswith(("^", "\\"))
    sym = rng.choice(("\\theta", "\\alpha", "\\phi", "\\theta_0"))
    named = rng.random() < 0.4
    if math:
        rel = rng.choice(("=", "\\approx"))
        body = f"${sym} {rel} {num}{deg}$" if named else f"${num}{deg}$"
    else:
        body = (f"θ {rng.choice(('=', '≈'))} {num}{deg}" if named and rng.random() < 0.5
                else (f"${sym}$ = {num}{deg}" if named else f"{num}{deg}"))
    tail = f" {_phrase_written(phrase, rng)}" if phrase else ""
    kind = rng.randrange(6)
    if kind == 5 and phrase and math:                  # the angle boxed, what it is measured from after the box
        return f"The answer is $\\boxed{{{num}{deg}}}${tail}."
    if kind == 0:
        text = f"So the angle is {rng.choice(('', 'about ', 'approximately '))}{body}{tail}."
    elif kind == 1:
        text = f"Therefore the {rng.choice(('ball', 'projectile', 'rope', 'ramp', 'resultant'))} makes an angle of {body}{tail}."
    elif kind == 2:
        text = f"The required angle is {body}{tail}"
    elif kind == 3:
        text = f"Thus, {body}{tail}."
    else:
        text = f"Hence the direction is {body}{tail}, as expected."
    return text


@_T.equivalent("angle_prose")
def _angle_prose(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """An angle stated in a closing sentence with no box, with or without what it is measured from."""
    num = _angle_value(ref)
    if num is None:
        return None
    phrase = rng.choice(rng.choice(_ANGLE_REFERENCES)) if rng.random() < 0.5 else None
    gold = None
    if phrase and rng.random() < 0.33:
        gold = F.render(ref.node, F.CANONICAL) + "\\text{ " + phrase + "}"
    return _T.draft(_angle_sentence(num, phrase, rng), gold=gold, plain=True, sentence=True)


@_T.near_miss("near_angle_prose")
def _near_angle_prose(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """The sentence with the angle changed by one digit, or measured from the other reference than the gold's."""
    num = _angle_value(ref)
    if num is None:
        return None
    a, b = rng.choice(_ANGLE_REFERENCES)
    if rng.random() < 0.5:
        digits = [i for i, c in enumerate(num) if c.isdigit()]
        i = rng.choice(digits)
        new = num[:i] + str((int(num[i]) + rng.choice((1, 2, 5))) % 10) + num[i + 1:]
        if new == num or re.match(r"0\d", new):
            return None
        return _T.draft(_angle_sentence(new, a if rng.random() < 0.5 else None, rng), plain=True, sentence=True)
    gold = F.render(ref.node, F.CANONICAL) + "\\text{ " + a + "}"
    return _T.draft(_angle_sentence(num, b, rng), gold=gold, plain=True, sentence=True)


# ------------------------------------------------------------------ the quantity on its own line after a lead-in

_NOUNS = {"[length]": ("distance", "height", "length", "wavelength", "displacement", "range"),
          "[time]": ("time", "period", "time taken", "half-life"),
          "[mass]": ("mass", "mass of the block"),
          "[length] / [time]": ("speed", "velocity", "speed of the car", "final velocity"),
          "[length] ** 2 * [mass] / [time] ** 2": ("energy", "work done", "kinetic energy"),
          "[length] ** 2": ("area", "cross-sectional area"), "[length] ** 3": ("volume",)}


def _lead_line(u: Any, rng: random.Random) -> str:
    noun = rng.choice(_NOUNS.get(_dim_key(u), ("value", "result", "required quantity")))
    kind = rng.randrange(6)
    if kind == 0:
        return rng.choice(("Final answer:", "**Final answer:**", "Answer:", "**Answer**", "Result:", "### Final Answer"))
    if kind == 1:
        return f"The {noun} is:"
    if kind == 2:
        return f"Therefore, the {noun} {rng.choice(('is', 'comes out to', 'we obtain is'))}"
    if kind == 3:
        return f"Putting the numbers together, the {noun} is"
    if kind == 4:
        return f"So we get the {noun}:"
    return f"**The {noun}:**"


def _lead_in_draft(ref: Reference, value: str, u: Any, rng: random.Random, gold: str | None) -> Any:
    sym = rng.choice(_SYMBOLS_BY_DIMENSION.get(_dim_key(u), ("x", "Q")))
    kind = rng.randrange(6)
    if kind == 0:
        line = f"${sym} = {value}{_tex_unit(u, rng)}$"
    elif kind == 1:
        line = f"$$ {value}{_tex_unit(u, rng)} $$"
    elif kind == 2:
        rel = rng.choice(("=", "\\approx"))
        line = f"\\[\n{sym} {rel} {value}{_tex_unit(u, rng)}\n\\]"
    else:
        unit = _plain_unit(u, rng, True)
        if unit is None or "\\" in value:
            line = f"${value}{_tex_unit(u, rng)}$"
        else:
            line = rng.choice(("{v} {u}", "**{v} {u}**", "{v} {u}.", "- {v} {u}")).format(v=value, u=unit)
    text = _lead_line(u, rng) + rng.choice(("\n", "\n\n")) + line
    return _T.draft(text, gold=gold, plain=True, sentence=True)


@_T.equivalent("quantity_lead_in")
def _quantity_lead_in(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """The quantity on its own line after a lead-in line (no box): ``The speed is:\\n$v = 12\\,\\mathrm{m/s}$``."""
    q = _quantity(ref)
    if q is None:
        return None
    v, u = q
    gold = _gold_with(ref, v, u, rng) if rng.random() < 0.6 else None
    return _lead_in_draft(ref, _value_text(ref, rng), u, rng, gold)


@_T.near_miss("near_quantity_lead_in")
def _near_quantity_lead_in(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """The same lines with one digit changed, or the unit under another prefix (the number kept)."""
    q = _quantity(ref)
    if q is None:
        return None
    v, u = q
    opts = [w for w, f in _prefixed(u) if f != 1]
    if opts and rng.random() < 0.4:
        return _lead_in_draft(ref, _value_text(ref, rng), rng.choice(opts), rng, _gold_with(ref, v, u, rng))
    got = _wrong_value(ref, v, rng)
    if got is None:
        return None
    return _lead_in_draft(ref, got[1], u, rng, _gold_with(ref, v, u, rng))


# ------------------------------------------------------------------ several labelled quantities in one box

_COMPANIONS = ("meter / second", "meter / second ** 2", "newton", "joule", "second", "kilogram", "watt", "meter",
               "hertz", "kelvin")
_SEPARATORS = (", ", ",\\ ", ";\\ ", "\\quad ", ",\\quad ", " \\text{ and } ", ", \\; ")


def _companion(u: Any, rng: random.Random, same: bool) -> tuple[Any, str, str] | None:
    """(unit, symbol, value) of a second quantity: of another dimension (or, ``same``, of the reference's)."""
    ureg = _ureg()
    if same:
        other = u
    else:
        cands = [c for c in _COMPANIONS if ureg.parse_units(c).dimensionality != u.dimensionality]
        other = ureg.parse_units(rng.choice(cands))
    value = str(rng.choice((rng.randint(2, 99), round(rng.uniform(1, 9), rng.choice((1, 2))))))
    return other, rng.choice(_SYMBOLS_BY_DIMENSION.get(_dim_key(other), ("Q",))), value


def _pair_symbols(u: Any, other: Any, rng: random.Random, same: bool) -> tuple[str, str]:
    if same:
        base = rng.choice(("v", "x", "t", "m", "F", "E", "d"))
        return f"{base}_1", f"{base}_2"
    s1 = rng.choice(_SYMBOLS_BY_DIMENSION.get(_dim_key(u), ("x",)))
    s2 = rng.choice([s for s in _SYMBOLS_BY_DIMENSION.get(_dim_key(other), ("Q",)) if s != s1] or ["Q"])
    return s1, s2


def _pair_draft(ref: Reference, rng: random.Random, wrong: str | None) -> Any:
    q = _quantity(ref)
    if q is None:
        return None
    v, u = q
    same = rng.random() < 0.3
    comp = _companion(u, rng, same)
    if comp is None:
        return None
    other, _, cval = comp
    s1, s2 = _pair_symbols(u, other, rng, same)
    value = _value_text(ref, rng)
    if wrong == "digit":
        got = _wrong_value(ref, v, rng)
        if got is None:
            return None
        value = got[1]
    if wrong == "swap" and not same:
        value, cval = cval, value                         # the reference's number given to the other quantity
        if value == cval:
            return None
    u1, u2 = _tex_unit(u, rng), _tex_unit(other, rng)
    parts = [f"{s1} = {value}{u1}", f"{s2} = {cval}{u2}"]
    first_is_ref = rng.random() < 0.5
    if not first_is_ref:
        parts.reverse()
    sep = rng.choice(_SEPARATORS)
    box = sep.join(parts)
    ref_gold = _gold_with(ref, v, u, rng)
    listed = same or rng.random() < 0.4
    if listed:                                             # the reference lists every quantity
        gval = cval
        if wrong == "other":
            gval = str(int(cval[0]) % 9 + 1) + cval[1:]      # the leading digit: off at any rounding asked
        gold_parts = [ref_gold, gval + rng.choice(unit_forms(other, rng))]
        if not first_is_ref:
            gold_parts.reverse()
        if rng.random() < 0.5 and not same:
            labels = [s1, s2] if first_is_ref else [s2, s1]
            gold_parts = [f"{lab} = {g}" for lab, g in zip(labels, gold_parts)]
        gold = ", ".join(gold_parts)
    else:
        if wrong == "other":
            return None
        if same:
            return None
        gold = ref_gold
    if wrong == "swap" and (same or listed):
        return None
    text = rng.choice(("Therefore $\\boxed{{{b}}}$.", "\\[\n\\boxed{{{b}}}\n\\]", "The answers are $\\boxed{{{b}}}$.",
                       "**Final answer:** $\\boxed{{{b}}}$")).format(b=box)
    return _T.draft(text, gold=gold, sentence=True, plain=True)


@_T.equivalent("quantity_pair")
def _quantity_pair(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """Two labelled quantities in one box, against the reference's (of a dimension the other lacks) or against a
    reference that lists both (labelled or not, in the box's order); two of one dimension only against a list."""
    return _pair_draft(ref, rng, None)


@_T.near_miss("near_quantity_pair")
def _near_quantity_pair(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """The stated quantity's value changed by one digit; the reference's number given to the other quantity (the
    stated one holding the other's number); the listed other quantity's value changed."""
    return _pair_draft(ref, rng, rng.choice(("digit", "digit", "swap", "other")))


# ------------------------------------------------------------------ the unit spelled as people abbreviate it

_TIME_SHORT = {"hour": ("hr", "hrs", "hour"), "second": ("sec", "secs"), "minute": ("min", "mins"),
               "year": ("yr", "yrs"), "day": ("days",)}
_SQ = ("sq ", "sq. ", "sq.")
_LENGTHS = ("meter", "foot", "inch", "mile", "yard")
_PLURAL_BASES = ("meter", "gram", "mole")          # kgs, cms, kms, gms, mols (never pcs, ins, fts)
_CU = ("cu ", "cu. ", "cu.")


def _sym(name: str, rng: random.Random) -> str:
    forms = [s for s in _symbols(name) if "\\" not in s and re.fullmatch(r"[A-Za-zµ]+", s)]
    return rng.choice(forms) if forms else ""


def _alias_factor(name: str, e: int, rng: random.Random, last: bool) -> str | None:
    """One factor (name, exponent > 0) spelled by a rule: a time's short names, a plural s on a lowercase symbol,
    a capital K for kilo, sq/cu or a bare digit for the power."""
    if name in _TIME_SHORT and e == 1:
        return rng.choice(_TIME_SHORT[name])
    s = _sym(name, rng)
    if not s:
        return None
    if name == "centimeter" and e == 3 and rng.random() < 0.3:
        return "cc"
    if name == "gram" and e == 1 and rng.random() < 0.5:
        return rng.choice(("gm", "gms"))
    if s.startswith("k") and len(s) == 2 and rng.random() < 0.3:
        s = "K" + s[1:]
    if e == 1:
        if last and re.fullmatch(r"[a-z]{2,}", s) and name.endswith(_PLURAL_BASES) and rng.random() < 0.6:
            s += "s"                                   # kgs, kms, cms, mols
        return s
    if e in (2, 3) and not name.endswith(_LENGTHS):
        return f"{s}^{e}"                              # sq/cu and a bare digit: powers of a length only
    if e in (2, 3):
        kind = rng.randrange(3)
        if kind == 0:
            return rng.choice(_SQ if e == 2 else _CU) + s
        if kind == 1:
            return f"{s}{e}"
        return f"{s}^{e}"
    return None


def _alias(u: Any, rng: random.Random) -> str | None:
    """``u`` spelled by the rules (None where none applies)."""
    fs = _factors(u)
    num = [(n, e) for n, e in fs if e > 0]
    den = [(n, -e) for n, e in fs if e < 0]
    if not num or len(den) > 1 or any(n in ("degree_Celsius", "kelvin") for n, _ in fs):
        return None
    if den:
        (dn, de), = den
        if de != 1 or len(num) != 1 or num[0][1] != 1:
            return None
        top = _sym(num[0][0], rng)
        if not top or "µ" in top:
            return None
        kind = rng.randrange(4)
        length = num[0][0].endswith(_LENGTHS)
        if dn in ("hour", "second") and kind == 0 and length and re.fullmatch(r"[a-z]{1,2}", top):
            return top + "p" + ("h" if dn == "hour" else "s")          # kmph, cmps
        if dn == "hour" and kind == 1 and length and re.fullmatch(r"[a-z]{2}", top):
            return top + rng.choice(("h", "hr"))                        # kmh, kmhr
        bottom = rng.choice(_TIME_SHORT[dn]) if dn in _TIME_SHORT else _sym(dn, rng)
        if not bottom:
            return None
        if dn in _TIME_SHORT and bottom.endswith("s") and bottom != "s":
            bottom = bottom[:-1]                                        # km/hr, not km/hrs
        return rng.choice(("{t}/{b}", "{t} / {b}", "{t} per {b}", "{t}/{b}")).format(t=top, b=bottom)
    if len(num) == 1:
        return _alias_factor(num[0][0], num[0][1], rng, True)
    parts = [_alias_factor(n, e, rng, False) for n, e in num]
    if any(p is None for p in parts) or any(" " in p for p in parts):
        return None
    return rng.choice(("", "-", ".", "·", " ")).join(parts)              # Nm, N-m, N.m, N·m, N m


def alias_spellings(u: Any, rng: random.Random, k: int = 8) -> list[str]:
    """Up to ``k`` distinct rule spellings of ``u`` (for tests)."""
    out = []
    for _ in range(k * 4):
        a = _alias(u, rng)
        if a and a not in out:
            out.append(a)
    return out[:k]


def _alias_draft(ref: Reference, rng: random.Random, u: Any, gold: str | None, value: str | None = None) -> Any:
    alias = _alias(u, rng)
    if alias is None:
        return None
    value = value if value is not None else _value_text(ref, rng)
    kind = rng.randrange(4)
    if kind == 0:
        return _T.draft(f"{value}\\ \\text{{{alias}}}", gold=gold)
    if kind == 1:
        return _T.draft(f"{value}\\text{{ {alias}}}", gold=gold)
    if "\\" in value:
        return _T.draft(f"{value}\\ \\mathrm{{{alias}}}", gold=gold) if " " not in alias else None
    if kind == 2:
        return _T.draft(f"{value} {alias}", gold=gold, plain=True)
    lead = rng.choice(("So the answer is", "Therefore,", "The result:", "Hence"))
    return _T.draft(f"{lead} $\\boxed{{{value}}}$ {alias}.", gold=gold, plain=True, sentence=True)


@_T.equivalent("unit_alias")
def _unit_alias(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """The reference's unit spelled as people abbreviate it (kgs, hrs, kmph, km/hr, sq m, cu. cm, cc, cm3, Kg), by
    rules over its symbols; the reference's unit named in the gold half of the time."""
    q = _quantity(ref)
    if q is None:
        return None
    v, u = q
    return _alias_draft(ref, rng, u, _gold_with(ref, v, u, rng) if rng.random() < 0.5 else None)


@_T.near_miss("near_unit_alias")
def _near_unit_alias(ref: Reference, rng: random.Random, st: F.Style) -> Any:
    """The same spellings for the unit under another prefix (kmph against m/h: the number kept) or of another
    dimension, or the unit kept and one digit of the value changed; against the gold naming its unit."""
    q = _quantity(ref)
    if q is None:
        return None
    v, u = q
    if rng.random() < 0.2:                                 # the unit kept, one digit of the value changed
        got = _wrong_value(ref, v, rng)
        return _alias_draft(ref, rng, u, _gold_with(ref, v, u, rng), got[1]) if got else None
    opts = [w for w, f in _prefixed(u) if f != 1]
    new = rng.choice(opts) if opts and rng.random() < 0.6 else _other_dimension(u, rng)
    if new is None:
        return None
    try:
        if Fraction((1 * new).to(u).magnitude).limit_denominator(10**9) == 1:
            return None
    except Exception:  # noqa: BLE001 - another dimension: no conversion, as intended
        pass
    return _alias_draft(ref, rng, new, _gold_with(ref, v, u, rng))
