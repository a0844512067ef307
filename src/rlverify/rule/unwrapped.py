"""The outcome of a rejection read through the typed wrappers (issue 30): a label or an approximation sign is
how a value is written, not part of it, so ``0.0495`` against ``R = 0.02`` and ``59`` against
``T_N = 52\\,\\text{K}`` are two numbers that differ, ``different``, not an unreadable pair for a judge.

Interface::

    typed_outcome(correct, match, answer, gold, question, cas=True) -> Outcome
        match_outcome's outcome; where it is ``unsure``, both sides' wrappers (:class:`~.read.types.Labelled`,
        :class:`~.read.types.Approx`) unwrapped and the values inside read again by the same outcome reader
    unwrap(reading) -> (inner reading, approximate, labelled)          (from :mod:`.sides`)

The rule of the issue: ``different`` only from a typed comparison of two sure readings. So

* nothing changes where match_outcome is already decided, or where the comparison saw a hedge, hit a bound or
  could not read the reference (``unsure`` stays ``unsure``);
* an unwrapped pair is compared only when both inner readings are values (a number, a quantity, an expression...):
  an option letter or an antiderivative keeps its own comparison;
* a reference written as an approximation (``\\approx``, ``\\simeq``, "about") is a value stated to its written
  significant digits: the two values are ``different`` only when they do not round alike at those digits (``3.5\\times10^{25}``
  against ``\\approx 5\\times10^{25}``; ``4.8\\times10^{25}`` is not), read as plain numbers or as quantities aligned in
  one unit by :func:`rlverify.rule.answers.quantity.align`; any other shape stays ``unsure``. An answer's own
  approximation sign loosens only against an approximate reference (two estimates: ``\\approx 10^{-2}`` for
  ``\\approx 1.44\\times10^{-2}``); against an exact one (``\\approx 1\\times10^{1}`` for 12) it stays ``different``:
  a vaguer answer never reaches the judge for being vague.

And the other way: a ``different`` that only stands because a side was computed with rounded numbers is ``unsure``
(the judge decides): an expression with a written decimal coefficient whose values agree with the other side's
within half the decimal's last digit (``0.37\\,Q`` for ``Q(1 - \\frac{423.15}{673.15})``; ``0.3\\,Q`` stays
``different``), and a constant holding \\pi against a plain number it equals with \\pi taken as 22/7 or 3.14 at the
number's written precision (``5040`` for ``\\frac{15840}{\\pi}``, the reference computed with 22/7;
``\\frac{15000}{\\pi}`` stays ``different``). Only where the CAS is allowed (the hybrid), in one bounded job.

Nothing is evaluated from raw text: the readers are the rules' own (bounded regexes, the bounded CAS of
:mod:`rlverify.rule.outcome`).
"""

from __future__ import annotations

import math
import re
from typing import Any

from ..verdict import Outcome
from .outcome import match_outcome, rejection_outcome, within_budget
from .read import read
from .read.types import Option
from .sides import _SPACING, _constant_text, side as _side, unwrap

__all__ = ["typed_outcome", "unwrap"]

_MAX_CHARS = 200          # longer values are not re-read for rounding
_ROUNDED_TIMEOUT = 1.0    # seconds for the CAS readings of the rounding check (never more than the item has left)
_DECIMAL = re.compile(r"(?<![\d.])\d+\.\d+")
_PI = re.compile(r"\\pi(?![a-zA-Z])|π")
_PI_VALUES = ("\\frac{22}{7}", "\\frac{314}{100}")


def typed_outcome(correct: bool, match: Any, answer: str | None, gold: str, question: str | None,
                  cas: bool = True) -> Outcome:
    """See the module doc."""
    outcome = match_outcome(correct, match, answer, gold, question, cas)
    if answer is None or outcome is Outcome.EQUAL:
        return outcome
    if outcome is Outcome.DIFFERENT:
        if _approximately_equal(answer, gold, question, cas) or cas and _rounded_reading(answer, gold, question):
            return Outcome.UNSURE
        return outcome
    if _undecidable(match):
        return outcome
    outcome = _unwrapped(answer, gold, question, cas)
    if outcome is Outcome.UNSURE:
        outcome = _through_option(answer, gold, question, cas)
    if outcome is Outcome.UNSURE:
        outcome = _as_lists(answer, gold, question, cas)
    if outcome is Outcome.UNSURE and cas:
        from .formula_outcome import formula_against_value
        from .interval_outcome import interval_unions

        outcome = formula_against_value(answer, gold, question, cas)
        if outcome is Outcome.UNSURE:
            outcome = interval_unions(answer, gold, question)
        if outcome is Outcome.UNSURE:
            from .function_outcome import renamed_function

            outcome = renamed_function(answer, gold, question, cas)
        if outcome is Outcome.UNSURE:
            from .subset_outcome import against_equation, dropped_name

            outcome = dropped_name(answer, gold, question, cas)
            if outcome is Outcome.UNSURE:
                outcome = against_equation(answer, gold, question, cas)
        if outcome is Outcome.UNSURE:
            from .word_outcome import worded_values

            outcome = worded_values(answer, gold, question, cas)
    if outcome is Outcome.UNSURE:
        from .compare.apart import apart

        outcome = Outcome.DIFFERENT if apart(answer, gold, question) else outcome   # two sure values, far apart
    return outcome


# a bare option letter: 'b', 'B', '(b)', 'b)', '\text{b)}', '\textbf{(B)}'
_BARE_LETTER = re.compile(r"^\s*(?:\\text(?:bf)?\s*\{\s*)?\(?\s*([A-Ea-e])\s*\)?\s*\}?\s*\.?\s*$")


def _through_option(answer: str, gold: str, question: str | None, cas: bool) -> Outcome:
    """A bare option letter against a reference written as a value, where the question lists that option (``(c)``
    for ``1\\,\\text{MeV}`` where the question lists (c) 1 KeV): the option's text is the answer's value, compared by
    the same readers; ``different`` only when that text is ``different`` from the reference (a letter whose option is
    the reference, or an option the readers cannot read, stays ``unsure``). A reference that is itself a letter is
    the option-letter comparison's own (:mod:`rlverify.rule.outcome`)."""
    inner = read(answer) if len(answer) <= _MAX_CHARS else None
    if isinstance(inner, Option) and inner.inner is not None:
        return _option_with_value(inner, gold, question, cas)
    if not question or len(answer) > 40:
        return Outcome.UNSURE
    if isinstance(inner, Option) and inner.inner is None:
        letter = inner.letter
    else:
        m = _BARE_LETTER.match(answer)
        if m is None:
            return Outcome.UNSURE
        letter = m.group(1).upper()
    if _BARE_LETTER.match(gold) or isinstance(read(gold), Option):
        return Outcome.UNSURE
    from .answers.question import read_question

    text = read_question(question).option(letter)
    if not text:
        return Outcome.UNSURE
    text = text.replace("$", " ").replace("\\(", " ").replace("\\)", " ").strip().rstrip(".;,").strip()
    if not text or len(text) > _MAX_CHARS:
        return Outcome.UNSURE
    return Outcome.DIFFERENT if _item_outcome(text, gold, question, cas) is Outcome.DIFFERENT else Outcome.UNSURE


def _option_with_value(answer: Option, gold: str, question: str | None, cas: bool) -> Outcome:
    """An option letter written with its value (``(b)\\quad 3.3\\text{ GeV}`` for ``6.6\\,\\text{GeV}``): ``different``
    when the value it writes is ``different`` from the reference and so is the text the question lists for that
    letter, if it lists one (a letter that names the reference's option keeps the judge: the answer contradicts
    itself). A reference that is itself a letter is the option-letter comparison's own."""
    if _BARE_LETTER.match(gold) or isinstance(read(gold), Option) or answer.inner is None:
        return Outcome.UNSURE
    if _item_outcome(answer.inner.text, gold, question, cas) is not Outcome.DIFFERENT:
        return Outcome.UNSURE
    if not question:
        return Outcome.DIFFERENT
    from .answers.question import read_question

    text = read_question(question).option(answer.letter)
    if not text:
        return Outcome.DIFFERENT
    text = text.replace("$", " ").replace("\\(", " ").replace("\\)", " ").strip().rstrip(".;,").strip()
    if not text or len(text) > _MAX_CHARS:
        return Outcome.UNSURE
    return Outcome.DIFFERENT if _item_outcome(text, gold, question, cas) is Outcome.DIFFERENT else Outcome.UNSURE


def _rounded_reading(answer: str, gold: str, question: str | None) -> bool:
    """A ``different`` that only stands because one side was computed with rounded numbers: a written decimal
    coefficient (``0.37\\,Q`` for ``Q(1 - \\frac{423.15}{673.15})``), or \\pi taken as 22/7 or 3.14 (``5040`` for
    ``\\frac{15840}{\\pi}``). Read by the rules' CAS in one bounded job; a bound hit keeps ``different``."""
    ia, _, _ = unwrap(read(answer))
    ig, _, _ = unwrap(read(gold))
    a, g = ia.text, ig.text
    if not (_pi_candidate(a, g) or _pi_candidate(g, a) or _decimal_candidate(a, g)):
        return False
    if len(a) > _MAX_CHARS or len(g) > _MAX_CHARS:
        return False
    return bool(within_budget(_rounded_job, a, g, question, limit=_ROUNDED_TIMEOUT))   # None: the decision stays


def _undecidable(match: Any) -> bool:
    from .outcome import _UNDECIDABLE

    return bool(match.undecided) or bool(_UNDECIDABLE.intersection(getattr(f, "value", f) for f in match.flags))


def _unwrapped(answer: str, gold: str, question: str | None, cas: bool) -> Outcome:
    a, g = _side(answer), _side(gold)
    if a is None or g is None:
        return Outcome.UNSURE
    (ia, approx_a, wrapped_a), (ig, approx_g, wrapped_g) = a, g
    if not (wrapped_a or wrapped_g or approx_a or approx_g):
        return _against_each(ia, ig, question, cas)
    outcome = rejection_outcome(ia, ig, question, cas)
    if outcome is Outcome.DIFFERENT and approx_g:
        apart = _apart(ia, approx_a, ig, question)
        if apart is None and cas:
            apart = _constant_apart(ia, ig, question)
        return Outcome.DIFFERENT if apart else Outcome.UNSURE
    return outcome


_LIST_MAX = 6
_GROUP_TAIL = re.compile(r"^\d{3}(?:\.\d+)?$")   # '050' after '1,': a digit group, not a second value


def _against_each(answer: str, gold: str, question: str | None, cas: bool) -> Outcome:
    """One value against a reference that lists several quantities or assignments (``\\lambda = 6000\\,Å, 4285\\,Å``,
    ``W = 0.3\\,\\text{cal}, \\quad W' = 0.24\\,\\text{cal}``): ``different`` when it is ``different`` from every one
    of them (no part of the reference, so no partial answer either); ``unsure`` when it may be one of them or a side is
    not such a list. A list of plain numbers is left to :mod:`rlverify.rule.outcome` (it knows when all are asked)."""
    from .answers.latex import split_top

    gold, answer = _SPACING.sub(" ", gold), _SPACING.sub(" ", answer)    # '0.3 \\, \\text{cal}': a space, not a comma
    if "," not in gold or "," in answer or len(gold) > _MAX_CHARS:
        return Outcome.UNSURE
    body = gold
    head = split_top(gold, ("=",))
    if len(head) == 2 and _is_name(head[0]):
        body = head[1]                       # 'lambda = 6000 Å, 4285 Å': the name of the whole list
    items = [x.strip() for x in split_top(body, (",",)) if x.strip()]
    if not 2 <= len(items) <= _LIST_MAX or any(_GROUP_TAIL.match(x) for x in items[1:]):
        return Outcome.UNSURE
    for item in items:
        side = _side(item)
        if side is None or not re.search(r"\d", side[0]) or not (side[2] or _has_unit(side[0])):
            return Outcome.UNSURE    # plain numbers ('1, 2', a reference written '221, 8'): rule.outcome's own reading
        if _unwrapped_value(answer, item, question, cas) is not Outcome.DIFFERENT:
            return Outcome.UNSURE
    return Outcome.DIFFERENT


def _unwrapped_value(answer: str, item: str, question: str | None, cas: bool) -> Outcome:
    """``answer`` against one item of a reference's list, each side unwrapped."""
    a, g = _side(answer), _side(item)
    if a is None or g is None:
        return Outcome.UNSURE
    outcome = rejection_outcome(a[0], g[0], question, cas)
    if outcome is Outcome.DIFFERENT and g[1] and not _apart(a[0], a[1], g[0], question):
        return Outcome.UNSURE
    return outcome


# a list's items: commas, semicolons, line breaks and a written 'and' between two values
_ITEM_SEPS = (",", ";", "\\\\", "\\text{ and }", "\\text{and}", " and ", "\\text{ or }", "\\text{or}", " or ")
# a list whose items a word joins: alternatives or all of them, never one number written in pieces
_WORD_JOIN = re.compile(r"\\text\s*\{\s*(?:and|or)\s*\}|\s(?:and|or)\s")
# 'Maximum = 2', 'Paolo: 18', 'W' = 0.24 cal': an item's name (a name the views know, or a word before a colon)
_WORD_COLON = re.compile(r"^\s*(?:\\text\s*\{\s*)?([A-Za-z][A-Za-z ]{0,30}?)\s*\}?\s*:\s*(?!=)")
_WORD_NAME = re.compile(r"[A-Za-z][A-Za-z ]{0,30}")      # 'Maximum = 2'
_SET_BRACES = re.compile(r"^\s*(?:\\left\s*)?(?:\\\{|\()\s*(.*?)\s*(?:\\right\s*)?(?:\\\}|\))\s*$", re.S)


def _items(text: str) -> list[tuple[str | None, str]] | None:
    """A list's items as (name or None, value): ``n = 3, \\, B = 2A``, ``a=1.78, b=0.55``, ``Paolo: 18, Qing: 14``,
    ``\\{7500\\,Å, 5000\\,Å\\}``; None when the text is no list of 2 to _LIST_MAX items, or an item is empty, a digit
    group (``1,050``) or a second relation (``x = y = 3``)."""
    from .answers.latex import split_top

    if len(text) > _MAX_CHARS:
        return None
    body = _SPACING.sub(" ", text.replace("$", "")).strip().rstrip(".").strip()
    m = _SET_BRACES.match(body)
    if m is not None and "," in m.group(1):
        body = m.group(1)             # a set or a tuple of the values
    items = [x.strip() for x in split_top(body, _ITEM_SEPS)]
    if not 2 <= len(items) <= _LIST_MAX or any(not x for x in items):
        return None
    if not _WORD_JOIN.search(body) and any(_GROUP_TAIL.match(x) for x in items[1:]):
        return None                   # '406, 255': maybe one number in digit groups
    out: list[tuple[str | None, str]] = []
    for item in items:
        head = split_top(item, ("=",))
        colon = _WORD_COLON.match(item)
        if len(head) == 2 and (_is_name(head[0]) or _WORD_NAME.fullmatch(head[0].strip())):
            out.append((" ".join(head[0].split()), head[1].strip()))
        elif len(head) > 1:
            return None
        elif colon is not None:
            out.append((colon.group(1).strip().lower(), item[colon.end():].strip()))
        else:
            out.append((None, item))
    if any(not v for _, v in out):
        return None
    return out


def _sure_value(text: str) -> bool:
    """A number or a quantity with a unit the rules read (never an expression or words)."""
    from .answers.latex import clean
    from .answers.numbers import parse_number

    return parse_number(clean(text)) is not None or _has_unit(text)


def _as_lists(answer: str, gold: str, question: str | None, cas: bool) -> Outcome:
    """Two lists (a reference that lists several values, an answer that lists some), compared item by item:

    * an answer that gives a name of the reference's list (``n = 4`` for ``n = 3, B = 2A``) a value ``different``
      from the reference's value for it contradicts the reference, whatever else it says;
    * where the reference's items are all sure values (numbers, quantities) and the answer's too, named or not
      (``a = 1.78, b = 0.55`` for ``1.68, 0.45``; ``Paolo: 18, Qing: 12, Rayna: 5`` for ``7, 14, 18``): an answer item
      ``different`` from every reference item is a wrong value, and an answer of as many items as the reference that
      cannot be paired off item by item (in any order) with items it is not ``different`` from states other values.

    Everything else stays ``unsure`` (a part of the list, one value in several words, items the rules cannot read)."""
    ga = _items(gold)
    if ga is None:
        return Outcome.UNSURE
    aa = _items(answer)
    single = aa is None
    if aa is None:
        one = split_top_name(answer)
        bare = answer.replace("$", "").strip()
        if one is None and (_sure_value(bare) or _constant_text(bare)):
            one = (None, bare)
        if one is None:
            return Outcome.UNSURE
        aa = [one]
    names = {n: v for n, v in ga if n is not None}
    if len(names) == len(ga):                     # every reference item named, each once
        for name, value in aa:
            if name is not None and name in names and _item_outcome(value, names[name], question, cas) \
                    is Outcome.DIFFERENT:
                return Outcome.DIFFERENT
    if len(aa) > len(ga) or not all(_sure_value(v) or _constant_text(v) for _, v in ga) \
            or not all(_sure_value(v) or _constant_text(v) for _, v in aa):
        return Outcome.UNSURE
    if single and ga[0][0] is None and not _WORD_JOIN.search(gold) and _two_integers(ga):
        return Outcome.UNSURE      # one value against plain '221, 8' (a garbled 221/8?): rule.outcome's own reading
    apart = [[_item_outcome(a, g, question, cas) is Outcome.DIFFERENT for _, g in ga] for _, a in aa]
    if any(all(row) for row in apart):
        return Outcome.DIFFERENT
    if len(aa) == len(ga) and not _pairs_off(apart):
        return Outcome.DIFFERENT
    return Outcome.UNSURE


def _two_integers(items: list[tuple[str | None, str]]) -> bool:
    """A reference of two plain integers (``221, 8``: a fraction whose bar was lost, as much as a list); a list of
    other values (``\\sqrt{2}-1, \\frac{3-\\sqrt{2}}{7}``) is a list."""
    return len(items) == 2 and all(re.fullmatch(r"\s*[-+]?\d+\s*", v.replace("$", "")) for _, v in items)


def split_top_name(text: str) -> tuple[str, str] | None:
    """One assignment ``NAME = value`` (a name the views know), as (name, value); None otherwise."""
    from .answers.latex import split_top

    if len(text) > _MAX_CHARS:
        return None
    head = split_top(_SPACING.sub(" ", text.replace("$", "")).strip().rstrip(".").strip(), ("=",))
    if len(head) == 2 and _is_name(head[0]) and head[1].strip():
        return " ".join(head[0].split()), head[1].strip()
    return None


def _item_outcome(answer: str, gold: str, question: str | None, cas: bool) -> Outcome:
    """One answer item against one reference item, each unwrapped (an approximate item at its written digits)."""
    a, g = _side(answer), _side(gold)
    if a is None or g is None:
        return Outcome.UNSURE
    outcome = rejection_outcome(a[0], g[0], question, cas)
    if outcome is Outcome.DIFFERENT and (a[1] or g[1]) and not _apart(a[0], a[1], g[0], question):
        return Outcome.UNSURE
    if outcome is Outcome.DIFFERENT and _approximately_equal(a[0], g[0], question):
        return Outcome.UNSURE
    if outcome is Outcome.DIFFERENT and (_has_unit(a[0]) or _has_unit(g[0])) and _one_digit_apart(a[0], g[0], question):
        return Outcome.UNSURE     # measured: 4286 Å for 4285 Å (30000/7 cut or rounded) is within the last digit
    return outcome


def _one_digit_apart(a: str, g: str, question: str | None) -> bool:
    """Two measured values within one unit of the last digit the coarser of them writes, when it writes three
    significant digits or more (``4286`` for ``4285``; ``1 KeV`` is no ``1 MeV``: one digit is no such precision)."""
    digits = min(_digits(a), _digits(g))
    values = _values(a, g, question) if digits >= 3 else None
    if not values:
        return False
    for x, y in values:
        if not (math.isfinite(x) and math.isfinite(y)) or x == 0 or y == 0:
            return False
        unit = 10.0 ** (math.floor(math.log10(max(abs(x), abs(y)))) + 1 - digits)
        if abs(x - y) <= unit * (1 + 1e-9):
            return True
    return False


def _pairs_off(apart: list[list[bool]]) -> bool:
    """Whether the answer's items can be paired one to one with reference items none of them is apart from."""
    from itertools import permutations

    n = len(apart)
    return any(all(not apart[i][j] for i, j in enumerate(perm)) for perm in permutations(range(n)))


def _has_unit(text: str) -> bool:
    from .answers.quantity import parse_quantity

    q = parse_quantity(text)
    return q is not None and q.unit is not None


def _is_name(text: str) -> bool:
    from .answers.views import is_name

    return is_name(text.strip())


def _approximately_equal(answer: str, gold: str, question: str | None, cas: bool = False) -> bool:
    """A reference written as an approximation whose value the answer's rounds to at its written digits
    (``5.2\\times10^{25}`` for ``\\approx 5\\times10^{25}``; with the CAS, an exact constant too: ``\\frac{1}{2\\pi}`` for
    ``\\approx 0.16``): the outcome reader's exact 'different' does not stand."""
    a, g = _side(answer), _side(gold)
    if a is None or g is None or not g[1]:
        return False
    apart = _apart(a[0], a[1], g[0], question)
    if apart is None and cas and not a[1]:
        apart = _constant_apart(a[0], g[0], question)
    return apart is False


def _apart(a: str, approx_a: bool, g: str, question: str | None) -> bool | None:
    """At the written digits of the approximate reference (and of the answer where it is approximate too: two
    estimates, ``\\approx 10^{-2}`` for ``\\approx 1.44\\times10^{-2}``): True when the values do not round alike,
    False when they do, None when a side cannot be read as a number or a quantity in one unit. Only an approximate
    reference loosens: an answer that writes \\approx with fewer digits than an exact reference (``\\approx
    1\\times10^{1}`` for 12) is compared exactly, so a vaguer answer never reaches the judge for being vague."""
    digits = _digits(g)
    if approx_a:
        digits = min(digits, _digits(a)) or digits
    return _apart_at(a, g, question, digits)


def _constant_apart(a: str, g: str, question: str | None) -> bool | None:
    """:func:`_apart` for an answer written as an exact constant (``\\frac{1}{\\sqrt{\\pi}}`` for ``P \\simeq 16\\%``):
    its value, read by the outcome reader's bounded CAS (:func:`rlverify.rule.outcome._plain_constant`), compared at
    the reference's written digits; None when the answer is no constant the CAS reads (``\\text{erfc}(1)``)."""
    if len(a) > _MAX_CHARS or not _constant_text(a) and not _PI.search(a):
        return None
    from .outcome import _plain_constant

    value = within_budget(_plain_constant, a, limit=_ROUNDED_TIMEOUT)
    if value is None or not math.isfinite(value):
        return None
    return _apart_at(f"{value:.15g}", g, question, _digits(g))


# the leading magnitude of a value: digits with a decimal part, then an optional power of ten
_MANTISSA = re.compile(r"^\s*[+-]?\s*(\d+(?:\.\d+)?)")


def _digits(text: str) -> int:
    """Significant digits a value is written with (``5\\times10^{25}``: 1, ``1.44``: 3, ``417``: 3, ``6000``: 1 -- an
    integer's trailing zeros are not counted, the looser reading); 0 when no leading number is written."""
    m = _MANTISSA.match(text)
    if m is None:
        return 0
    digits = m.group(1).replace(".", "").lstrip("0")
    if "." not in m.group(1):
        digits = digits.rstrip("0")
    return max(1, len(digits)) if m.group(1).strip("0.") else 0


def _apart_at(a: str, g: str, question: str | None, digits: int) -> bool | None:
    """Whether the two values, read as numbers or as quantities in one unit, do not round alike at ``digits``
    significant digits; None when either cannot be read so."""
    if digits <= 0:
        return None
    values = _values(a, g, question)
    if values is None:
        return None
    apart = True
    for x, y in values:      # a percent against a plain number is read both ways (16% may be 0.16)
        if not (math.isfinite(x) and math.isfinite(y)) or x == 0 or y == 0:
            return None
        unit = 10.0 ** (math.floor(math.log10(max(abs(x), abs(y)))) + 1 - digits)
        apart = apart and math.floor(x / unit + 0.5 + 1e-9) != math.floor(y / unit + 0.5 + 1e-9)
    return apart


def _values(a: str, g: str, question: str | None) -> list[tuple[float, float]] | None:
    """The pairs of values the two sides may stand for (one pair; two where one side alone is a percent)."""
    from .answers.latex import clean
    from .answers.numbers import parse_number
    from .answers.quantity import Aligned, align

    na, ng = parse_number(clean(a)), parse_number(clean(g))
    if na is None or ng is None:
        al = align(a, g, question)
        if not isinstance(al, Aligned):
            return None
        if al.answer_value is not None and al.gold_value is not None:
            return [(al.answer_value, al.gold_value)]
        na, ng = parse_number(clean(al.answer)), parse_number(clean(al.gold))
        if na is None or ng is None:
            return None
    x, y = float(na.value), float(ng.value)
    if na.percent == ng.percent:
        return [(x, y)]
    return [(x, y), (x / 100, y) if na.percent else (x, y / 100)]


_NAME = re.compile(r"(?<![\\a-zA-Z])[a-zA-Z]")


def _pi_candidate(with_pi: str, number: str) -> bool:
    from .answers.latex import clean
    from .answers.numbers import parse_number

    return bool(_PI.search(with_pi)) and not _PI.search(number) and parse_number(clean(number)) is not None


def _decimal_candidate(a: str, g: str) -> bool:
    """A written decimal on a side, and a name (a letter outside a command) on both: two expressions."""
    return bool(_DECIMAL.search(a) or _DECIMAL.search(g)) and bool(_NAME.search(a)) and bool(_NAME.search(g))


def _rounded_job(a: str, g: str, question: str | None) -> bool:
    """Runs in a bounded helper (see :func:`_rounded_reading`)."""
    return _pi_rounded(a, g, question) or _pi_rounded(g, a, question) or _decimal_rounded(a, g)


def _pi_rounded(with_pi: str, number: str, question: str | None) -> bool:
    """``with_pi`` holds \\pi, ``number`` is a plain number that equals ``with_pi`` with \\pi taken as 22/7 or 3.14, at
    the number's written precision."""
    from . import outcome as o
    from .answers.latex import clean
    from .answers.numbers import parse_number

    if not _PI.search(with_pi) or _PI.search(number) or parse_number(clean(number)) is None:
        return False
    ctx = o._context(question, True)
    n = o._number(clean(number), ctx)
    if n is None:
        return False
    for pi in _PI_VALUES:
        v = o._constant(_PI.sub(lambda _m: "{" + pi + "}", with_pi))
        if v is not None and o._close(o._Num(v), n, ctx):
            return True
    return False


def _decimal_rounded(a: str, g: str) -> bool:
    """Two expressions in the same free names, one holding a written decimal, whose values agree at every sample point
    within the relative precision of the least precise decimal written (half its last digit)."""
    from . import outcome as o

    decimals = _DECIMAL.findall(a) + _DECIMAL.findall(g)
    if not decimals or o.texty(a) or o.texty(g):
        return False
    tol = max(0.5 * 10.0 ** -len(d.split(".")[1]) / abs(float(d)) for d in decimals if float(d) != 0) \
        if any(float(d) != 0 for d in decimals) else 0.0
    va, vg = o._expr_values(a), o._expr_values(g)
    if va is None or vg is None or va[0] != vg[0] or not va[0]:
        return False
    pairs = [(float(x), float(y)) for x, y in zip(va[1], vg[1]) if x is not None and y is not None]
    if len(pairs) * 2 <= len(va[1]):
        return False
    return all(abs(x - y) <= tol * max(abs(x), abs(y)) + 1e-12 for x, y in pairs)
