"""Answer sentences: math segments, values, reduction of a sentence to the value it states, hedges."""

from __future__ import annotations

import bisect
import functools
import re
from fractions import Fraction
from dataclasses import dataclass

from ._types import _SPAN_WINDOW
from ...runtime.caches import lru, memo_text

__all__ = [
    "_BOLD_RE",
    "_RELATION_RE",
    "_SENTENCE_END_RE",
    "_copula_value",
    "_first_sentence",
    "_formula_list",
    "_inside_math",
    "_math_pieces",
    "_prose_hedge",
    "_reduce",
    "_strip_span",
    "_tail_value",
    "_angle_reference_after",
    "_value_key",
    "_values",
    "_whole_value",
]


# Separators between two boxes of one sentence.
_SENTENCE_END_RE = re.compile(r"。|(?<!\\)[.!?](?:\*\*|\$|\\\)|\\\])?(?:\s|$)|\n[ \t]*\n")

_PLAIN_NUMBER_RE = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)")


def _value_key(s: str) -> str:
    """A key under which restatements of one rational value coincide ('12', '12.0',
    '\\$12', '1{,}200'; '\\frac12', '1/2', '0.5'). Exact (Fraction), no evaluation."""
    compact = "".join(s.split())
    if len(compact) <= 30 and compact.isdigit() and compact.isascii():
        return str(int(compact))     # a plain integer: what Fraction(bare) below reads it as
    bare = _KEY_SPACING_RE.sub("", compact) if "$" in compact or "\\" in compact or "{" in compact else compact
    bare = bare.replace("\u2212", "-")
    if "," in bare:
        bare = _KEY_GROUPING_RE.sub("", bare)   # after the spacing: '1,\!997' is 1997
    frac = _SIMPLE_FRACTION_RE.fullmatch(bare)
    try:
        if frac and len(bare) <= 40:
            num, den = (frac.group(2), frac.group(3)) if frac.group(2) else (frac.group(4), frac.group(5))
            if int(den) != 0:
                value = Fraction(int(num), int(den))
                return str(-value if frac.group(1) else value)
        if _PLAIN_NUMBER_RE.fullmatch(bare) and len(bare) <= 30:
            return str(Fraction(bare))
        if len(bare) <= 40 and _SCIENTIFIC_HINT.search(bare):   # '6.72e-05', '6.72\times10^{-5}': the value they write
            from ..answers.numbers import parse_number   # noqa: PLC0415 - the number reader (lazy, like the unit reader)

            n = parse_number(bare.replace("\u00d7", "\\times"))
            if n is not None and not n.percent:
                return str(n.value)
    except (ValueError, ZeroDivisionError):
        pass
    return compact


_KEY_SPACING_RE = re.compile(r"\\\$|\$|\\!|\\,|\\;|\\:|\{,\}")   # '5\\;762' (a medium space) groups too
_KEY_GROUPING_RE = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
# a mantissa in scientific notation ('6.72e-05', '6.72\\times10^{-5}', '1.2\\cdot 10^3'): the number reader reads the value
_SCIENTIFIC_HINT = re.compile(r"\d[eE][+-]?\d|\d(?:\\times|\\cdot|\u00d7)10\^")


_SIMPLE_FRACTION_RE = re.compile(r"(-)?(?:\\[dt]?frac\{?(\d{1,12})\}?\{?(\d{1,12})\}?|(\d{1,12})/(\d{1,12}))")


_CURRENCY_RE = re.compile(r"^\s*\d[\d,.]*\s+[A-Za-z]{2,}")

_NUMBER_RE = re.compile(
    r"(?<![\w.])[-\u2212]?(?:\\\$|\$)?\d{1,3}(?:(?:,|\{,\}|\\,|,\\!)\d{3})+(?!\d)(?:\.\d+)?"
    # a decimal comma no thousands grouping can explain: "2,74 $", "0,111" (not "1,234", "(3,4)", "1,2,3")
    r"|(?<![\w.,(\[{])[-\u2212]?(?:0,\d+|[1-9]\d{3,},\d+|[1-9]\d{0,2},(?!\d{3}(?!\d))\d+)(?![\d,)\]}]|\.\d)"
    r"|(?<![\w.^])[-\u2212]?(?:\\\$|\$)?\d+(?:\.\d+)?(?:\s*/\s*\d+(?:\.\d+)?|[\u00bc-\u00be\u2150-\u215e])?"   # not an exponent (cm^2)
    r"|(?<![\w.^])[-\u2212]?\.\d+|(?<![\w.])[-\u2212]?[\u00bc-\u00be\u2150-\u215e]")   # 1½, ¾: unicode fractions

# a power of ten written after a plain number: 2e27, 1.95E+03, 1.2 x 10^5, 3*10^-8
# a power of ten after a plain number: 3.0e8, 1.2 x 10^5, 4.5 · 10^33, 1.24×10⁻⁸, 7.5*10**7, 7.5 x 10^(7)
_SCI_SUFFIX_RE = re.compile(r"(?:[eE][-+]?\d{1,3}|[ \t]*(?:x|×|\*|·|⋅)[ \t]*10[ \t]*(?:\^[ \t]*(?:\{[-+]?\d{1,3}\}|\([-+]?\d{1,3}\)|"
                            r"[-+]?\d{1,3})|\*\*[ \t]*(?:\([-+]?\d{1,3}\)|[-+]?\d{1,3})|[⁺⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3}))(?![\w.])")

_UNCERTAINTY_RE = re.compile(r"[ \t]*(?:±|\+/-|\+-)[ \t]*\d+(?:\.\d+)?[ \t]*\)")

_MULTIPLIER_RE = re.compile(
    r"\s*(%|\\%|°|\^\\circ|\^\{\\circ\}|percent\b|hundred\b|thousand\b|million\b|billion\b|trillion\b|dozen\b)", re.I)

_HOPE_RE = re.compile(r"\s*I hope (?:it|this) is correct\.?\s*$", re.I)

_COPULA_RE = re.compile(
    r"(?:\b(?:is|are|was|were|be|equals|equal to|gives|yields|becomes|of)\b|=|:"
    # a change by an amount states the amount: "the error increases by 100%", "the price fell by 12"
    r"|\b(?:increase[sd]?|decrease[sd]?|rises|rise|rose|falls?|fell|grows?|grew|drops?|dropped|declines?|declined"
    r"|(?:goes|went)\s+(?:up|down))\s+by\b)"
    r"(?:\s+(?:approximately|about|exactly|roughly|around|equal to|given by|just|simply|then|therefore|thus|"
    r"now|still))*\s*",
    re.I)

_HEDGE_PROSE_RE = re.compile(
    r"\beither\b|(?<!-)\bone of\b|\bcould be\b|\bmight be\b|\bpossibly\b|\bperhaps\b|\bmaybe\b", re.I)

# "the number of points that could be in the domain ... is 19": a modal inside a relative clause of the
# subject, before the copula that declares the value, offers no alternative
_RELATIVE_MODAL_RE = re.compile(r"\b(?:that|which|who)\s+(?:could|might)\s+be\b(?=[^.;\d]*?\b(?:is|are|was|were|equals)\b)",
                                re.I)

_BOLD_RE = re.compile(r"\*\*([^*\n]{1,300}?)\*\*")


@dataclass(frozen=True, init=False)
class _Piece:
    start: int
    end: int
    value: str
    math: bool

    def __init__(self, start: int, end: int, value: str, math: bool) -> None:
        d = self.__dict__     # (frozen: written directly, not by an object.__setattr__ per field)
        d["start"], d["end"], d["value"], d["math"] = start, end, value, math



_DELIM_NO_BREAK_RE = re.compile(r"\\\\|\\\$|\$\$|\$|\\\(|\\\)|\\\[|\\\]")   # the delimiters (an escaped '$' or '\\\\' is none)

_CLOSER = {"$$": "$$", "$": "$", "\\(": "\\)", "\\[": "\\]"}


def _math_pieces(s: str) -> tuple[_Piece, ...]:
    """Math segments ($..$, $$..$$, \\(..\\), \\[..\\]) in one linear pass over delimiters."""
    if "$" not in s and "\\(" not in s and "\\[" not in s:
        return ()      # C-speed gate: no opener, no segment
    return _math_pieces_read(s)


@lru("rule.extract_math_pieces")
def _math_pieces_read(s: str) -> tuple[_Piece, ...]:
    out: list[_Piece] = []
    opener, at = "", 0
    for m in _DELIM_NO_BREAK_RE.finditer(s):   # line breaks only matter inside an inline '$': looked up there
        tok = m.group()
        if tok == "\\\\" or tok == "\\$":
            continue
        if opener == "$" and s.find("\n", at, m.start()) >= 0:
            opener = ""       # a line break closed the inline '$' before this delimiter
        if opener and tok == _CLOSER[opener]:
            body = s[at:m.start()]
            money = opener == "$" and _CURRENCY_RE.match(body) and (body[-1:].isspace() or s[m.end():m.end() + 1].isdigit())
            if body.strip() and not money:   # '$5 on apples and $3' is money; '$20 mg$' a quantity
                out.append(_Piece(at - len(opener), m.end(), body.strip(), True))
            opener = ""
        elif tok in _CLOSER and (not opener or tok != "$"):
            opener, at = tok, m.end()
    return tuple(out)


def _first_sentence(s: str) -> str:
    """Cut ``s`` at the first sentence end that lies outside math (a display
    formula followed by a capitalised word also ends a sentence)."""
    s = s[:_SPAN_WINDOW]
    pieces = _math_pieces(s)
    ends = [p.end for p in pieces if _DISPLAY_THEN_CAPITAL_RE.match(s, p.end)
            and (s[p.start] != "$" or s.startswith("$$", p.start))]   # a $$ display too, not inline $x$
    for m in _SENTENCE_END_RE.finditer(s):
        if not _inside(pieces, m.start()) and not _decimal_point(s, m.start()) and not _abbreviation(s, m.start()):
            ends.append(m.start())
            break
    return s[:min(ends)] if ends else s


# a period that ends an abbreviation inside the sentence ('**3.5** (i.e. $\\frac72$)', 'e.g.', 'approx.', '5 sq. m')
_ABBREVIATION_RE = re.compile(r"(?:\b(?:i\.e|e\.g|cf|approx|resp|vs|viz|sq|cu)|\(i\.e|\(e\.g)\Z", re.I)


def _abbreviation(s: str, i: int) -> bool:
    return s[i] == "." and _ABBREVIATION_RE.search(s, max(0, i - 8), i) is not None


def _inside(pieces: tuple[_Piece, ...], i: int) -> bool:
    k = bisect.bisect_right([p.start for p in pieces], i) - 1
    return k >= 0 and pieces[k].start <= i < pieces[k].end


_DISPLAY_THEN_CAPITAL_RE = re.compile(r"\s*[.,]?\s+[A-Z][a-z]")


def _decimal_point(s: str, i: int) -> bool:
    return s[i] == "." and i > 0 and s[i - 1].isdigit() and i + 1 < len(s) and s[i + 1].isdigit()


def _mask_math(s: str, mark: str = "") -> str:
    """``s`` with math segments blanked (same length) or replaced by ``mark``."""
    out, last = [], 0
    for p in _math_pieces(s):
        out += [s[last:p.start], mark or " " * (p.end - p.start)]
        last = p.end
    return "".join(out) + s[last:]


_GLUED_RE = re.compile(r"[A-Za-zµμΩÅ]+")


def _glued_to_word(plain: str, end: int) -> bool:
    """Letters run straight on from the number and are no unit."""
    g = _GLUED_RE.match(plain, end)
    if g is None:
        return False
    from ..answers.units import parse_unit    # the whitelisted unit reader (lazy, like _unit_after)

    spec = parse_unit(g.group()) if len(g.group()) <= 12 else None
    return spec is None


_RX_VALUES_1 = re.compile(r"^([-\u2212]?)\\?\$")


def _values(s: str) -> list[_Piece]:
    """Math segments and bare numbers (outside math), in order."""
    pieces = list(_math_pieces(s))
    plain = _mask_math(s)
    covered = 0
    for m in _NUMBER_RE.finditer(plain):
        if m.start() < covered:          # the exponent of '1.325e-27' is no number of its own
            continue
        mult = _MULTIPLIER_RE.match(plain, m.end()) or _SCI_SUFFIX_RE.match(plain, m.end())
        start = m.start()
        if not mult and plain[start - 1:start] == "(":      # '(4.1585 ± 0.0005) × 10^4': one value, its uncertainty
            unc = _UNCERTAINTY_RE.match(plain, m.end())
            mult = _SCI_SUFFIX_RE.match(plain, unc.end()) if unc else None
            start -= bool(mult)
        if not mult and _glued_to_word(plain, m.end()):
            continue                     # '50wn', '5th': part of a word, not a value ('12cm' is a quantity)
        end = covered = mult.end() if mult else m.end()
        number = _RX_VALUES_1.sub(r"\1", s[start:end].strip())
        pieces.append(_Piece(start, end, number, False))
    return sorted(pieces, key=lambda p: p.start)


_RX_TAIL_VALUE_3 = re.compile(r"_\{?\w+\}?")


_RX_TAIL_VALUE_101 = re.compile(r"\d")


def _tail_value(tail: str) -> str | None:
    """The value a phrase starts with: 'x = 5 and x = -2 units' -> 'x = 5, x = -2'."""
    stripped = tail.lstrip(" *")
    if stripped[:1] in _GREEK_LETTERS:               # 'θ ≈ 44°', 'λ = 500 nm': the value the symbol names
        named = _GREEK_NAMED_RE.match(stripped)
        if named is not None:
            tail = stripped = stripped[named.end():]
    offset = len(tail) - len(stripped)
    if not _VALUE_START_RE.match(stripped):
        return None
    vals = _values(tail)
    if not vals or vals[0].start - offset > 0:
        return None
    picked = [vals[0]]
    for nxt in vals[1:]:
        gap = tail[picked[-1].end:nxt.start]
        if len(picked) == 1 and picked[0].math and ("=" in gap or "≈" in gap) and _SYMBOL_EQ_GAP_RE.fullmatch(gap) \
                and not _RX_TAIL_VALUE_101.search(_RX_TAIL_VALUE_3.sub("", picked[0].value)):   # '$\\theta$ = 25°': its value
            picked[0] = _Piece(picked[0].start, nxt.end, f"{picked[0].value} = {nxt.value}", nxt.math)
            continue
        if not (picked[-1].math or nxt.math) and _OPERATOR_GAP_RE.fullmatch(gap):
            prev = picked[-1]
            picked[-1] = _Piece(prev.start, nxt.end, f"{prev.value}{gap}{nxt.value}", False)
            continue
        if not _VALUE_JOINER_RE.fullmatch(gap):
            break
        picked.append(nxt)
    joiners = [tail[a.end:b.start] for a, b in zip(picked, picked[1:])]
    values = [p.value.rstrip(" ,;.") if not p.value.endswith("\\.") else p.value for p in picked]
    if not all(values):
        return None
    if len({_value_key(v) for v in values}) == 1:
        if len(picked) > 1:
            return values[-1]
        rest = tail[picked[-1].end:]
        # an angle with what it is measured from: '44° east of north', '30° above the horizontal'
        return values[-1] + (_unit_after(rest) or _angle_reference_after(values[-1], rest))
    return _join_values(values, joiners)


_GREEK_LETTERS = frozenset("αβγδεζηθικλμνξπρστυφχψωΔΘΛΣΦΨΩ")
_GREEK_NAMED_RE = re.compile(r"[^\W\d_](?:_\w{1,3})?[ \t]*(?:=|≈)[ \t]*(?=[-\u2212]?\d)")
_SYMBOL_EQ_GAP_RE = re.compile(r"[ \t]*(?:=|≈)[ \t]*")
_DEGREE_END_RE = re.compile(r"(?:°|\^\s*\{?\s*\\circ\s*\}?|\\degree|\\textdegree(?:\{\})?)\s*$")
_DEGREES_WORD_RE = re.compile(r"[ \t]+deg(?:rees?|s)?\b\.?", re.I)


_RX_ANGLE_REFERENCE_AFTER_4 = re.compile(r"[-\d.]+")


def _angle_reference_after(value: str, rest: str) -> str:
    """What an angle is measured from, after it ('$36^\\circ$ south of east', '30° above the horizontal', '30 degrees
    east of north' -> '30° east of north'): part of the answer, in math or prose (a reference may name the other)."""
    if "°" in value or "circ" in value or "degree" in value:
        return _direction_after(rest, 0) if _DEGREE_END_RE.search(value) else ""
    number = value.rsplit("=", 1)[-1].strip()          # '\\theta = 30' + ' degrees from the vertical'
    m = _DEGREES_WORD_RE.match(rest) if "deg" in rest[:12].lower() and _RX_ANGLE_REFERENCE_AFTER_4.fullmatch(number) else None
    direction = _direction_after(rest, m.end()) if m else ""
    return "°" + direction if direction else ""


_UNIT_TAIL_RE = re.compile(r"[ \t]*((?:[A-Za-zµμΩÅ][A-Za-zµμΩÅ\-]*(?:\^-?\d|⁻?[⁰¹²³⁴⁵⁶⁷⁸⁹]+|[23](?!\d))?(?:[ \t]*[/·⋅∙][ \t]*|[ \t]+per[ \t]+|\.[ \t]?(?=[A-Za-zµμΩÅ])|[ \t]+)?){1,4}?)"
                           r"[ \t]*(?=[.,;:!?)*]*(?:\s|$))")


_RX_UNIT_AFTER_5 = re.compile(r"\^|[⁰¹²³⁴⁵⁶⁷⁸⁹]")


def _unit_after(rest: str) -> str:
    """A unit written in words after the value ('4.49 mm', '12 meters per second'), kept with it; other words
    ('18 ways', '5 apples', '5 in total') are not part of the value."""
    from ..answers.units import parse_unit    # the whitelisted unit reader (no pint expression parsing)

    m = _UNIT_TAIL_RE.match(rest)
    if m is None:
        return ""
    text = m.group(1).strip().rstrip(".")
    spec = parse_unit(text) if text and len(text) <= 40 else None
    if spec is None and " " in text:
        return _unit_then_direction(rest) or _unit_before_words(text)
    if spec is None or spec.kind not in ("physical", "angle_rate") or spec.short and len(text) > 2 \
            and not _RX_UNIT_AFTER_5.search(text):       # 'in' may be a word, 'in²' is a unit
        return ""
    return " " + text + _direction_after(rest, m.end())


@functools.lru_cache(maxsize=1)
def _direction_re() -> re.Pattern:
    from ..answers.units import DIRECTION_WORDS   # noqa: PLC0415 - the unit reader's vocabulary (lazy, as above)

    return re.compile(r"[ \t]*(?:,[ \t]*|\([ \t]*)?" + DIRECTION_WORDS + r"[ \t]*\)?(?=[ \t]*(?:[.,;:!?*]|\n|$))", re.I)


def _unit_before_words(text: str) -> str:
    """'12 m/s directed 30° above the horizontal', '3 cm long': a unit symbol that is certain (not a word: '12 minutes
    for each lap' is read as before; no one-letter or ambiguous symbol: '5 in total', '3 m tall' stay bare) before
    other words."""
    head = text.split(None, 1)[0]
    if len(head) > 4 and not _SYMBOL_UNIT_RE.search(head):
        return ""
    from ..answers.units import parse_unit    # noqa: PLC0415

    spec = parse_unit(head)
    return " " + head if spec is not None and spec.kind in ("physical", "angle_rate") and not spec.short else ""


_SYMBOL_UNIT_RE = re.compile(r"[/^·⋅∙\d]")


_RX_UNIT_THEN_DIRECTION_6 = re.compile(r"\S+")


def _unit_then_direction(rest: str) -> str:
    """'6 cm south', '12 m/s directed upward': a unit of one to three words followed by a direction."""
    from ..answers.units import parse_unit    # noqa: PLC0415

    words = list(_RX_UNIT_THEN_DIRECTION_6.finditer(rest[:80]))
    for k in (3, 2, 1):
        if len(words) > k:
            direction = _direction_after(rest, words[k - 1].end())
            spec = parse_unit(rest[:words[k - 1].end()].strip()) if direction else None
            if spec is not None and spec.kind in ("physical", "angle_rate"):
                return " " + rest[:words[k - 1].end()].strip() + direction
    return ""


_RX_DIRECTION_AFTER_7 = re.compile(r"[a-z]{2}")


def _direction_after(rest: str, pos: int) -> str:
    """The direction a vector quantity is given with after its unit ('12 m/s, directed upward', '5 N (to the
    left)'): part of the answer (a reference may state the opposite one)."""
    if not _RX_DIRECTION_AFTER_7.search(rest[pos:pos + 60]):
        return ""
    m = _direction_re().match(rest, pos)
    return m.group(0).rstrip() if m else ""


_OPERATOR_GAP_RE = re.compile(r"[ \t]*[-+*/×÷^\u2212][ \t]*")

_VALUE_START_RE = re.compile(r"[-\u2212]?(?:\d|\.\d|\$|\\\$|\\\(|\\\[)")

_VALUE_JOINER_RE = re.compile(r"[\s*]*(?:,|and|or|,\s*and|,\s*or|\\text\{\s*(?:and|or)\s*\})[\s*]*", re.I)


_RX_JOIN_VALUES_8 = re.compile(r"\bor\b", re.I)


def _join_values(values: list[str], joiners: list[str]) -> str:
    if not joiners:
        return values[0]
    out = values[0]
    for v, j in zip(values[1:], joiners):
        out += (" \\text{ or } " if _RX_JOIN_VALUES_8.search(j) else ", ") + v
    return out


def _strip_span(s: str) -> str:
    s = s.strip()
    if "hope" in s.lower():     # C-speed gate: every match of _HOPE_RE holds it (h, o, p, e fold to no other letter)
        s = _HOPE_RE.sub("", s)
    s = s.strip().strip("*").strip()
    while s[-1:] in {".", ",", ";", ":", "!", "。", "，"}:
        s = s[:-1].rstrip()
    return s.strip("*").strip()


_SET_WORD_RE = re.compile(r"\bor\b|\sU\s|∪|∞|\binf(?:inity)?\b")


def _set_of_reals(sent: str) -> bool:
    """The sentence is a set of reals in plain text: joined by "or"/"U", or an interval with an infinite end
    (not values offered: x = 4 or x = 5)."""
    if len(sent) > 200 or "$" in sent or "\\" in sent or _SET_WORD_RE.search(sent) is None:
        return False
    from ..answers.sets import read_set     # noqa: PLC0415 - lazy, like the unit reader above

    got = read_set(sent.strip(" *"))
    return got is not None and not got.points_only


_RX_REDUCE_9 = re.compile(r"^(?:≈|\\approx)\s*(?=[-\d.$\\])")


@memo_text("rule.extract_reduce")
def _reduce(span: str) -> tuple[str | None, tuple[str, ...]]:
    """Reduce an answer sentence to the value it states (None when it states none). Memoized (a pure reading of
    the span; many responses close on the same short answer line)."""
    listed = _bullet_values(span)
    if listed is not None:
        return listed, ()
    if span.lstrip(" \t:\n")[:1] in _BULLET_MARKS:     # one bullet line ('Answer:\n- 20 mg'): its text, unit kept
        one = _ONE_BULLET_RE.fullmatch(span.strip(" \t:\n"))
        if one is not None:
            span = one.group(1)
    sent = _strip_span(_first_sentence(span.lstrip(" \t:*\n")))
    sent = _RX_REDUCE_9.sub("", sent)     # '**Answer:** ≈ 44.9 mm'
    if not sent:
        return None, ()
    if _set_of_reals(sent):     # 'x < 2 or x > 3', '(-inf, 2) U (3, inf)': one set, read whole (no hedge)
        return sent.strip(" *"), ()
    value = (_whole_value(sent) or _formula_list(sent) or _tail_value(sent) or _bold_value(sent)
             or _copula_value(sent))
    if value is None:
        value = _single_value(sent)
    if value is None and 0 < len(sent.split()) <= 4:
        value = sent
    if not value:
        return None, ()
    return value, _prose_hedge(sent, value) or _next_sentence_hedge(span, sent) or _restated_hedge(span, sent, value)


_RESTATE_LEAD_RE = re.compile(r"(?:\bi\.\s?e\.|\bthat is|\bwhich is|\bequivalently|\bin decimal form)[,:\s]*$", re.I)
_RESTATED_VALUE_RE = re.compile(r"[,:\s]*(?:(?:exactly|precisely)\s+)?(\$[^$]{1,40}\$|\\\(.{1,40}?\\\)|[-\u2212]?\d[\d,.]*\d|[-\u2212]?\d)")


def _number_of(tex: str) -> Fraction | None:
    key = _value_key(tex.strip().strip("$").removeprefix("\\(").removesuffix("\\)").split("=")[-1].strip().rstrip("."))
    try:
        return Fraction(key)
    except (ValueError, ZeroDivisionError):
        return None


_RX_RESTATED_HEDGE_10 = re.compile(r"(?:\bthat is|\bequivalently|\bi\.\s?e\.|\bnamely)[,:\s]*")
_RX_RESTATED_HEDGE_11 = re.compile(r"\D")


def _restated_hedge(span: str, sent: str, value: str) -> tuple[str, ...]:
    """'x = \\frac72, that is 3.6': a restatement ("i.e.", "that is", "equivalently") naming a number
    that is not the stated value rounded to its decimals offers two answers ('\\frac23, i.e. 0.67' agrees)."""
    key = sent[-20:]
    i = span.find(key) if key else -1
    if i < 0:
        return ()
    head = span[max(0, i + len(key) - 40):i + len(key)]
    lead = _RESTATE_LEAD_RE.search(head)
    after = span[i + len(key):i + len(key) + 80] if lead else ""
    if not lead:                  # the restatement may sit inside the sentence: "... = 7/2, that is 3.6"
        lead = _RX_RESTATED_HEDGE_10.search(sent)
        after = sent[lead.end():lead.end() + 80] if lead else ""
    m = _RESTATED_VALUE_RE.match(after) if lead else None
    if m is None:
        return ()
    return _other_restatement(value, m.group(1))


def _other_restatement(value: str, restated: str) -> tuple[str, ...]:
    """``("hedge",)`` when a restatement names another number than the stated value; a rounding of it agrees
    ('\\frac23, i.e. 0.67'); a side the reader cannot value decides nothing."""
    a, b = _number_of(value), _number_of(restated)
    if a is None or b is None:
        return ()
    digits = restated.strip("$").split(".")[-1] if "." in restated else ""
    places = len(_RX_RESTATED_HEDGE_11.sub("", digits)) if digits else 0
    return () if round(a, places) == round(b, places) else ("hedge",)   # a rounded restatement agrees


def _next_sentence_hedge(span: str, sent: str) -> tuple[str, ...]:
    """'The answer is 4. Alternatively, it could be 5.'"""
    key = sent[-20:]
    i = span.find(key) if key else -1
    nxt = span[i + len(key):i + len(key) + 200] if i >= 0 else ""
    return ("hedge",) if _NEXT_ALTERNATIVE_RE.match(nxt) else ()


_NEXT_ALTERNATIVE_RE = re.compile(
    r"[\s.,;)]*(?:(?:alternatively|or|possibly|perhaps|maybe)[,\s]+)?"
    r"(?:it|the answer|the value|this)\s+(?:could|might|may)\s+(?:also\s+)?be\s+(?:equal\s+to\s+)?"
    r"(?:\$|\\\(|[-\u2212]?\d)"
    r"|[\s.,;)]*(?:alternatively|or|possibly|perhaps|maybe)[,\s]+(?:\$|\\\(|[-\u2212]?\d)", re.I)


_BULLET_RE = re.compile(r"^[ \t]*(?:[-*\u2022]|\(?[a-h1-9]\)|[1-9]\.)[ \t]+(.+)$", re.M)
_BULLET_MARKS = frozenset("-*\u2022")
_ONE_BULLET_RE = re.compile(r"[-*\u2022][ \t]+([^\n]+)")       # a dash or a dot and a blank: no minus sign


def _bullet_values(span: str) -> str | None:
    """A block of two or more bullet lines, each stating one value -> 'v1, v2, ...'."""
    lines = [ln for ln in span.strip().splitlines() if ln.strip()]
    items = [_BULLET_RE.match(ln) for ln in lines[:20]]
    if len(lines) < 2 or len(lines) > 20 or not all(items):
        return None
    values = [bullet_item(m.group(1)) for m in items if m]
    return ", ".join(v for v in values if v) if all(values) else None


# a bullet that labels its value ('**$a$**: $-2$', '**Minimum:** $2$', '$x_1$: $3$')
_BULLET_LABEL_RE = re.compile(r"\A[ \t]*(?:(?:\*\*|__)[ \t]*(\$[^$\n]{1,20}\$|[A-Za-z][A-Za-z ]{0,30})[ \t]*"
                              r"(?:(?:\*\*|__)[ \t]*:|:[ \t]*(?:\*\*|__))|(\$[^$\n]{1,20}\$)[ \t]*:)[ \t]*(?=\S)")
_LABEL_NAME_RE = re.compile(r"[A-Za-z](?:_\{?[A-Za-z0-9]{1,3}\}?)?")


def bullet_item(line: str) -> str | None:
    """The value one bullet line states; a line '<label>: <value>' states its value, as 'a = v' when the label
    is a variable's name."""
    m = _BULLET_LABEL_RE.match(line)
    if m is None:
        return _reduce(line)[0]
    value = _reduce(line[m.end():])[0]
    name = (m.group(1) or m.group(2)).strip("$ ")
    if value and _LABEL_NAME_RE.fullmatch(name) and "=" not in value:
        return f"{name} = {value}"
    return value


def _single_value(sent: str) -> str | None:
    vals = _values(sent)
    return vals[0].value if len(vals) == 1 else None


def _bold_value(sent: str) -> str | None:
    for m in reversed(list(_BOLD_RE.finditer(sent))):
        b = m.group(1)
        v = _whole_value(_strip_span(b)) or _tail_value(b)
        if v:
            return v
    return None


def _copula_value(sent: str, allow_text: bool = False) -> str | None:
    """The value after the last copula ('is', 'are', '=', ...) that is followed by one."""
    cops = [m for m in _COPULA_RE.finditer(sent) if not _inside_math(sent, m.start())]
    for m in reversed(cops[-24:]):
        v = _tail_value(sent[m.end():])
        if v:
            return v
    if allow_text and cops and _TEXT_COPULA_RE.fullmatch(cops[-1].group().split()[0]):
        tail = _strip_span(sent[cops[-1].end():])
        if 0 < len(tail.split()) <= 3 and not _values(tail):
            return tail
    return None


_TEXT_COPULA_RE = re.compile(r"is|are|was|were|be", re.I)


def _inside_math(s: str, i: int) -> bool:
    return _inside(_math_pieces(s), i)


_RX_WHOLE_VALUE_12 = re.compile(r"[-\u2212]?\$?\\?\$?\d[\d,.\s/]*%?")


def _whole_value(sent: str) -> str | None:
    """The sentence is one value (a formula, a number, 'x = 5')."""
    pieces = _math_pieces(sent)
    if len(pieces) == 1 and pieces[0].start == 0 and pieces[0].end == len(sent):
        return pieces[0].value
    if _RX_WHOLE_VALUE_12.fullmatch(sent):
        return sent
    return sent if _is_formula(sent) else None


_FORMULA_CHARS_RE = re.compile(r"[\w\\{}()\[\]^_+\-*/=<>.,|!' \u2212°%&:;√π∞≤≥≠∪∩±×·∈⋅∙∛∜÷⁄⁺⁻⁼⁽⁾₊₋₌₍₎]{1,300}")

_WORD_RE = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{2,}")

_FUNCTION_WORDS = frozenset({"sin", "cos", "tan", "cot", "sec", "csc", "log", "ln", "exp", "sqrt", "pi",
                             "max", "min", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "gcd",
                             "lcm", "mod", "det", "lim", "inf", "sup", "oo",
                             # Greek letters spelled out in plain-text mathematics ('2*pi/omega')
                             "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "kappa",
                             "lambda", "mu", "nu", "xi", "rho", "sigma", "tau", "phi", "chi", "psi", "omega",
                             # a Python module before a function ('np.arcsin(10/13)', 'math.sqrt(2)'; answers.latex reads it)
                             "np", "numpy", "math", "cmath", "sympy", "sp", "scipy", "asin", "acos", "atan"})


def _formula_list(s: str) -> str | None:
    """'x = 5 and y = 3' -> 'x = 5, y = 3' (every part a plain-text formula)."""
    parts = [p for p in _LIST_SPLIT_RE.split(s.strip()) if p]
    if len(parts) < 2 or not all(_is_formula(p) for p in parts):
        return None
    return ", ".join(parts)


_LIST_SPLIT_RE = re.compile(r"\s*(?:,\s*and\b|,|;|\band\b)\s*")


_RX_IS_FORMULA_13 = re.compile(r"\d|\\|[=^_+\u00bc-\u00be\u2150-\u215e]")


def _is_formula(s: str) -> bool:
    """Plain-text mathematics without prose words: '-12+15i', '7x(x-1)', 'f(x) = 2x+3'."""
    if not _FORMULA_CHARS_RE.fullmatch(s) or not _RX_IS_FORMULA_13.search(s):
        return False
    bare = _ENVIRONMENT_RE.sub(" ", s)
    return all(w.lower() in _FUNCTION_WORDS for w in _WORD_RE.findall(bare))


_ENVIRONMENT_RE = re.compile(r"\\(?:begin|end)\{[A-Za-z]+\*?\}")


def _prose_hedge(sent: str, value: str | None = None) -> tuple[str, ...]:
    """Several values offered as the answer ('4 or 5', 'either', 'one of'), judged on the
    sentence up to the end of the stated value."""
    last = value.split(", ")[-1].split(" \\text{ or } ")[-1] if value else ""
    cut = sent.rfind(last) if last else -1
    after = sent[cut + len(last):cut + len(last) + 120] if cut >= 0 else ""
    alt = _ALTERNATIVE_RE.search(after) if cut >= 0 and _holds_any(after.lower(), _ALTERNATIVE_WORDS) else None
    if alt and _value_key(alt.group(1)) != _value_key(last):
        return ("hedge",)    # '4, but it might be 5', '4 (or possibly 5)'
    if cut >= 0 and _words_alternative(sent[cut + len(last):cut + len(last) + 80], last):
        return ("hedge",)    # '5 (six)', '5 or six': another number in words
    sent = sent[:cut + len(last) + 12] if cut >= 0 else sent
    low = sent.lower()
    unmodal = _RELATIVE_MODAL_RE.sub(" ", sent) if "could" in low or "ght" in low else sent
    if _holds_any(low if unmodal is sent else unmodal.lower(), _HEDGE_WORDS) and _HEDGE_PROSE_RE.search(unmodal):
        return ("hedge",)
    if "or" not in low:
        return ()            # every gap _OR_GAP_RE accepts holds an 'or' (same flags): no values to read
    vals = _values(sent)
    for a, b in zip(vals, vals[1:]):
        if not _OR_GAP_RE.fullmatch(sent[a.end:b.start]) or _RELATION_RE.search(a.value + b.value):
            continue
        if _value_key(a.value) != _value_key(b.value):
            return ("hedge",)
    return ()


# C-speed gates (lower case): every match of _ALTERNATIVE_RE / _HEDGE_PROSE_RE / _RELATIVE_MODAL_RE ('could', 'ght')
# holds one of these; their letters fold to no other character under re.I ('might' -> 'ght', 'possibly' -> 'bly',
# 'either' -> 'ther': the i and s have other case-insensitive matches)
_ALTERNATIVE_WORDS = ("or", "could", "ght", "bly", "perhap", "maybe", "alternat")
_HEDGE_WORDS = ("ther", "one of", "could be", "ght be", "bly", "perhap", "maybe")


def _holds_any(low: str, words: tuple[str, ...]) -> bool:
    for w in words:
        if w in low:
            return True
    return False


# number words right after the stated value, in parentheses or after an 'or' ('5 (six)', '5, or six', '(i.e. twelve)')
_WORDS_AFTER_RE = re.compile(r"(?:\$|\\\)|[ \t,;:*])*(?:\([ \t]*(?:or\b)?|\bor\b)[ \t]*(?:(?:possibly|maybe|perhaps|i\.[ \t]?e\.,?|that[ \t]+is,?|namely)[ \t]+)?"
                             r"([A-Za-z][A-Za-z \t-]{2,60}?)[ \t]*(?:\)|[.;,!]|$)", re.I)
_NUMBER_WORD_START_RE = re.compile(r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen"
                                   r"|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy"
                                   r"|eighty|ninety|hundred|thousand|negative|minus)\b", re.I)


def _words_alternative(after: str, value: str) -> bool:
    """``after`` (the text after the stated value) names another number in words right away ('5 (six)', '5 or six'); the
    same number again ('5 (five)') or words that are no number ('(ways)', '(if order matters)') are not one."""
    m = _WORDS_AFTER_RE.match(after) if after[:1] in " \t,;:(o$\\*" else None
    if m is None or not _NUMBER_WORD_START_RE.match(m.group(1)):
        return False
    from ..answers.words import words_to_number   # noqa: PLC0415 - the number-words reader (lazy, like the unit reader)

    said, mine = words_to_number(m.group(1).strip()), _number_of(value)
    return said is not None and mine is not None and said != mine


# Another value offered right after the stated one (in the same or the next sentence).
_ALTERNATIVE_RE = re.compile(
    r"(?:\bor\b|\bcould\b|\bmight\b|\bpossibly\b|\bperhaps\b|\bmaybe\b|\balternatively\b)"
    r"[^.;\d$\\]{0,30}(\$[^$]{1,40}\$|\\\(.{1,40}?\\\)|[-\u2212]?\d[\d,.]*)", re.I)
_RELATION_RE = re.compile(r"[=<>≤≥≠]|\\(?:le|ge|leq|geq|neq|ne|in|lt|gt)(?![A-Za-z])")

_OR_GAP_RE = re.compile(r"[\s*,]*(?:or|\\text\{\s*or\s*\})[\s*]*", re.I)
_OR_RE = re.compile(r"or", re.I)

