"""Context rules: units, angles, rounding, everyday forms, multi-part answers.

Each rule is a stage of :data:`rlverify.rule.answers.pipeline.STAGES` (``rule(pair) -> Match | None``,
see :mod:`.stage`); the pipeline lists them in order with their roles.

Deciding rules (run before the core; a Match is final, None passes on):
    quantities (pint, whitelisted units): different dimensions never match, magnitudes
    compared in one unit, a bare number takes the unit the gold or the question fixes;
    angles (degree <-> radian only for an angle question or a degree-sign gold); clock
    times; number words / ordinals / "18 million"; plain-word text and yes/no; general
    solutions with a free integer; the same line/plane in another normal form; labelled
    parts; sets in the domain the question fixes; rounding the question asks for;
    several one-sided bounds listed for one relation gold are a hedge (never equal).
Rescues (run after the core said "not equal"; only equality counts):
    trailing words ("18 ways"), function definitions (g(t)=3t-1), a relation boxed
    when a bound was asked, listed/labelled parts and solution sets ("x = 1 or x = 4"),
    inequalities vs intervals.

Set ``RLVERIFY_CONTEXT=off`` to disable them all (for measuring their effect).
"""

from __future__ import annotations

import math
import os
import re
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import Callable

from .core import compare_core
from .match import Match
from .question import Question
from .stage import Pair
from . import forms
from . import integer_points, labels, order, permutations, renaming, residues
from . import quantity
from . import rounding
from . import words
from .precision import converted_as_written, finer_rounds_to, finer_than_two_digits, rounded_from_reference, within_reference
from .relation_hedge import offers_several_bounds
from .quantity import Aligned
from . import surface
from .surface import exact_number, numeric_value, strip_approx, unwrap
from .views import approximation_contradicts

__all__ = ["enabled", "several_bounds", "percent", "quantities", "clause", "approximation", "number_words", "text", "families",
           "relation", "labelled", "domain_set", "plain_rounding", "presentation", "trailing", "function", "bound",
           "congruence", "structural", "renamed", "integer_sequence", "labelled_values", "ordering", "permuted", "residue", "solved"]

_CONVERTED_REL_TOL = 1e-6   # unit definitions differ below this (760 mmHg vs 1 atm: 1.4e-7)


def enabled() -> bool:
    return os.environ.get("RLVERIFY_CONTEXT", "on").lower() not in ("off", "0", "false", "no")


def _core_tagged(p: Pair, answer: str, gold: str, flag: str) -> Match | None:
    """A rescue rule's rewritten pair, equal in the core: a match tagged ``flag`` (else None)."""
    m = compare_core(answer, gold, p.question)
    return Match(True, m.flags + (flag,)) if m.equal else None


def _magnitudes_equal(al: Aligned, q: Question, approximate: bool = False, measured_gold: bool = False) -> bool:
    """``measured_gold``: the reference is a measured quantity (it names a physical unit, or is a power of ten in a
    question asking for one): stated to two significant digits, a finer answer rounding to it agrees."""
    if al.converted:
        a, g = al.answer_value, al.gold_value
        # relative only: 4.6e-24 cm is no 4.6e-24 m (an absolute tolerance would pass any tiny quantity)
        if a is None or g is None:
            return False
        # a converted value agrees with a reference rounded to its stated digits (1 ly against 9.46e15 m)
        return math.isclose(a, g, rel_tol=_CONVERTED_REL_TOL, abs_tol=1e-12 if g == 0 else 0.0) or \
            within_reference(repr(a), al.gold, None, _MEASURED_DIGITS) or _agree_as_written(al)
    ea, eg = exact_number(al.answer), exact_number(al.gold)
    if ea is not None and eg is not None:
        return ea == eg or within_reference(al.answer, al.gold, _magnitude, _MEASURED_DIGITS) or \
            (approximate or al.measured) and rounded_from_reference(al.answer, al.gold) or \
            measured_gold and finer_than_two_digits(al.answer, al.gold) or \
            (approximate or al.measured or measured_gold) and finer_rounds_to(al.answer, al.gold)
    if (ea is None) != (eg is None) and within_reference(al.answer, al.gold, _magnitude, _MEASURED_DIGITS):
        return True
    return compare_core(al.answer, al.gold, q).equal


_MEASURED_DIGITS = 3   # a measured quantity's decimal (85.7 m for 600/7 m) stands for the exact value


def _agree_as_written(al: Aligned) -> bool:
    """A converted answer and the reference agree as they would in one unit, at the precisions they were
    written to (precision.converted_as_written: 1.5 eV for 2.4x10^-19 J, 123 kJ for 1.234x10^5 J, 101.3 kPa
    for 1 atm; never 101 kPa, hard case hc-037)."""
    if al.answer_ulp is None or al.answer_value is None or al.gold_value is None:
        return False
    return converted_as_written(al.gold, al.answer_value, al.gold_value, al.answer_ulp, al.answer_digits)


def _physical(side: str) -> bool:
    """The side carries a physical unit (a measured quantity: its decimals are approximations)."""
    got = quantity.parse_quantity(side)
    return got is not None and got.unit is not None and got.unit.kind in quantity.MEASURED_KINDS


def _magnitude(tex: str) -> Fraction | float | None:
    exact = exact_number(tex)
    return exact if exact is not None else numeric_value(tex)


def _literal(tex: str) -> bool:
    """A written-out decimal, integer or a x 10^n (what a rounded value looks like), not a fraction."""
    s = tex.replace(" ", "").replace("{,}", "")
    return exact_number(s) is not None and "/" not in s and "\\frac" not in s


def _rounded(al: Aligned, spec: rounding.RoundSpec) -> bool | None:
    if not (al.converted or _literal(al.answer) or _literal(al.gold)):
        return None
    a = al.answer_value if al.converted else _value(al.answer)
    g = al.gold_value if al.converted else _value(al.gold)
    if a is None or g is None:
        return None
    return rounding.agree(a, g, spec)


def _value(tex: str) -> float | Decimal | None:
    if _literal(tex):
        exact = exact_number(tex.replace(" ", "").replace("{,}", ""))
        if exact is None:
            return None
        with localcontext() as ctx:
            ctx.prec = 60
            return Decimal(exact.numerator) / Decimal(exact.denominator)   # exact: a power-of-ten denominator
    return numeric_value(tex)


def _decide(al: Aligned, p: Pair) -> Match | None:
    q = p.question
    spec = q.rounding
    if spec is not None:
        r = _rounded(al, spec)
        if r is False and al.converted and _magnitudes_equal(al, q):
            r = True        # the answer in another unit than asked: its own precision, not the asked one, is met
        if r or (r is not None and not (al.one_sided and not al.decisive)):
            return Match(r, ("rounding", "unit") if al.one_sided or al.converted else ("rounding",))
    # a reference measured to two digits: it names a physical unit, or the question asks one and the reference is a
    # power of ten or a decimal ('1.6' in cm, '4.0': a physics reference states its significant digits; 1.56 cm rounds
    # to it, 1.66 cm does not)
    measured_gold = _physical(p.gold) or al.measured and ("10^" in al.gold.replace(" ", "")
                                                          or re.fullmatch(r"-?\d*\.\d+", al.gold.strip()) is not None)
    equal = _magnitudes_equal(al, q, q.expects_approximation or _physical(p.answer) or _physical(p.gold), measured_gold)
    if not equal and al.one_sided and not al.decisive:
        return None
    return Match(equal, ("unit_converted",) if al.converted else ("unit",))


# 'x \\approx 3.464', 'L = 3.464': one name, then the value it is approximately or exactly
_NAMED_VALUE = re.compile(r"^\s*[A-Za-z](?:_\{?[A-Za-z0-9]{1,4}\}?)?\s*(?:=|\\approx(?![A-Za-z])|\u2248)\s*(?=\S)")


# a closing remark that only says the value is rounded, as the question asks: '(approx.)', '(rounded)', '(approximately)',
# '(to the nearest hundredth)', '(rounded to 3 decimal places)', '(to 3 significant figures)'
_ROUNDED_REMARK = re.compile(r"\s*\(\s*(?:approx\.?|approximately|rounded|rounded\s+to\s+[\w\s.-]{1,40}?|(?:correct\s+)?to\s+"
                             r"(?:the\s+nearest\s+[\w-]{1,20}|\d{1,2}\s+(?:decimal\s+places?|d\.\s?p\.|significant\s+"
                             r"(?:figures?|digits?)|s\.\s?f\.)))\s*\)\s*\.?\s*$", re.I)


def _named_value(answer: str) -> str:
    """The value after one name and an ``=`` or ``\\approx`` (``x \\approx 3.464`` -> ``3.464``: the rounding asked
    for reads it as it reads ``\\approx 3.464``); the answer itself otherwise."""
    if "=" not in answer and "approx" not in answer and "\u2248" not in answer:
        return answer
    m = _NAMED_VALUE.match(answer)
    rest = answer[m.end():] if m else ""
    return rest if rest and "=" not in rest and "approx" not in rest and "\u2248" not in rest else answer


def plain_rounding(p: Pair) -> Match | None:
    """A rounding the question asks for: the answer agrees with the reference rounded so."""
    spec = p.question.rounding
    if spec is None:
        return None
    ua, ug = strip_approx(unwrap(_named_value(p.answer))), strip_approx(unwrap(p.gold))
    if "(" in ua:                     # '3.46 (to the nearest hundredth)', '(approx.)': the rounding asked, said again
        ua = _ROUNDED_REMARK.sub("", ua)
    if not (_literal(ua) or _literal(ug)):
        return None
    a, g = _value(ua), _value(ug)
    if a is None or g is None:
        return None
    return Match(rounding.agree(a, g, spec), ("rounding",))


def number_words(p: Pair) -> Match | None:
    """"seventeen", "5^{th}", "18 million" against a number (or words against words)."""
    answer, gold = p.answer, p.gold
    na, ng = words.words_to_number(answer), words.words_to_number(gold)
    if na is None and ng is None:
        na = words.sentence_number(answer)
    if na is None and ng is None:
        return None
    va = na if na is not None else exact_number(unwrap(answer))
    vg = ng if ng is not None else exact_number(unwrap(gold))
    if va is None or vg is None:
        return None
    return Match(va == vg, ("words",))


_PERCENT_TAIL = re.compile(r"^(.{1,60}?)\s*(?:\\%|%|\\text\s*\{\s*\\?%\s*\}|\\percent)$")
_PERCENT_Q = re.compile(r"percent|%", re.I)


def percent(p: Pair) -> Match | None:
    """``x\\%`` against a bare gold in [-1, 1] when nothing asks for a percent: the answer means
    x/100, never x ("0.5%" is not 0.5; "50%" is). No blind x = 100x rule."""
    answer, gold = p.answer, p.gold
    if p.question.asks_percent or _PERCENT_Q.search(gold):
        return None
    m = _PERCENT_TAIL.match(unwrap(answer))
    x = exact_number(m.group(1)) if m else None
    g = exact_number(unwrap(gold)) if x is not None else None
    if g is None or not -1 <= g <= 1:
        return None
    return Match(x / 100 == g, ("percent",))


def clause(p: Pair) -> Match | None:
    """The value stated before a trailing clause decides: "min is 12, attained at x=3" is 12;
    "min is 13, attained at x=12" is 13 (never the 12 of the clause). A condition clause
    ("when n=3") only vetoes; an equal head defers to the core, which knows qualifiers."""
    split = forms.split_condition(p.answer)
    if split is None or forms.split_condition(p.gold) is not None:
        return None
    head, kind = split
    m = p.again(head, p.gold)
    if m.equal and kind == "attained":
        return Match(True, m.flags + ("clause",))
    return None if m.equal else Match(False, ("clause",))


def approximation(p: Pair) -> Match | None:
    """``a \\approx d`` whose decimal is not its exact member rounded or cut (``\\frac{32}{9} \\approx 6.4``): the exact
    member is the answer, the decimal a slip (Math-Verify's suite reads ``x=1/3\\approx1.3`` as ``1/3`` too); the decimal
    never meets the reference on its own."""
    exact = approximation_contradicts(p.answer)
    if exact is None:
        return None
    m = p.again(exact, p.gold)
    return Match(m.equal, m.flags + ("approximation",))


def text(p: Pair) -> Match | None:
    """Yes/no, plain-word text, and a leading word against a word reference."""
    answer, gold = p.answer, p.gold
    yn = words.yes_no(answer, gold)
    if yn is not None and (words.is_wordy(answer) or words.normalize_text(answer) in ("yes", "no", "true", "false")):
        return Match(yn, ("text",))
    if words.same_text(answer, gold):
        return Match(True, ("text",))
    lead = words.leading_word(answer, gold)
    if lead is None:
        lead = words.sentence_gold(answer, gold)    # 'Petya' for 'Petya will receive the last token.'
    if lead is None:
        lead = words.sentence_yes_no(answer, gold)  # 'No' for 'No, it is not possible.'
    return None if lead is None else Match(lead, ("text",))


def families(p: Pair) -> Match | None:
    """General solutions with a free integer (``x = 2k\\pi``)."""
    r = forms.same_solution_family(p.answer, p.gold, p.text)
    return None if r is None else Match(r, ("general_solution",))


def residue(p: Pair) -> Match | None:
    """Residue classes in any notation (``n = 3k+1`` and ``n \\equiv 1 \\pmod 3``): decided when both sides are."""
    r = residues.same_classes(p.answer, p.gold, p.text)
    return None if r is None else Match(r, ("residue",))


def renamed(p: Pair) -> Match | None:
    """A free parameter renamed consistently (``(t, 2t)`` for ``(k, 2k)``; never a letter the question names)."""
    r = renaming.same_up_to_renaming(p.answer, p.gold, p.text)
    return None if r is None else Match(r, ("renamed",))


def relation(p: Pair) -> Match | None:
    """The same line or plane in another normal form."""
    r = forms.same_relation(p.answer, p.gold)
    return None if r is None else Match(r, ("relation",))


def labelled(p: Pair) -> Match | None:
    """Labelled parts (``a = 3, b = 5``) against labelled or listed parts."""
    r = forms.compare_labelled(p.answer, p.gold, _full_equal(p), p.text)
    return None if r is None else Match(r, ("parts",))


def labelled_values(p: Pair) -> Match | None:
    """Values named by the question's items (``Paolo: 18, ...``) against a bare list."""
    r = labels.labelled_values(p.answer, p.gold, p.text, _full_equal(p))
    return None if r is None else Match(r, ("labels",))


def domain_set(p: Pair) -> Match | None:
    """Sets of reals in the domain the question fixes, or in any notation on both sides."""
    answer, gold, question = p.answer, p.gold, p.text
    r = forms.same_set_in_domain(answer, gold, question, require_domain=True)
    if r is None:
        r = forms.same_real_set(answer, gold, question)   # both sides sets of reals, in any notation
    if r is None and forms.value_for_set(answer, gold):
        r = False                                           # one value where the reference is a set
    return None if r is None else Match(r, ("domain_set",))


def several_bounds(p: Pair) -> Match | None:
    """Several one-sided bounds listed for one relation reference: a hedge (never equal)."""
    return Match(False, ("hedge",)) if offers_several_bounds(p.answer, p.gold) else None


def quantities(p: Pair) -> Match | None:
    """Quantities and angles aligned in one unit (or a dimension mismatch), compared by magnitude."""
    got = quantity.align(p.answer, p.gold, p.text)
    if isinstance(got, Match):
        return got
    return None if got is None else _decide(got, p)


def _full_equal(p: Pair) -> Callable[[str, str], bool]:
    return lambda a, g: p.again(a, g).equal


def trailing(p: Pair) -> Match | None:
    """Trailing words on either side (``18 ways``)."""
    sa, sg = words.strip_trailing_words(p.answer), words.strip_trailing_words(p.gold)
    if sa is None and sg is None:
        return None
    return _core_tagged(p, sa or p.answer, sg or p.gold, "trailing_words")


def function(p: Pair) -> Match | None:
    """A function definition (``g(t)=3t-1``) by its right side."""
    ra, rg = forms.function_rhs(p.answer), forms.function_rhs(p.gold)
    if ra is None and rg is None:
        return None
    return _core_tagged(p, ra or p.answer, rg or p.gold, "function")


def integer_sequence(p: Pair) -> Match | None:
    """Expressions in the one variable the question declares an integer, equal at its integers
    (``(-1)^n`` and ``\\cos(n\\pi)``; :mod:`.integer_points`)."""
    return Match(True, ("integer_points",)) if integer_points.same_on_integers(p.answer, p.gold, p.text) else None


def bound(p: Pair) -> Match | None:
    """A relation boxed where a bound was asked: its bound."""
    rhs = forms.bound_of_relation(p.answer, p.text)
    if rhs is None or forms.bound_of_relation(p.gold, p.text) is not None:
        return None
    return _core_tagged(p, rhs, p.gold, "bound")


def presentation(p: Pair) -> Match | None:
    """The answer without its presentation (bold, colour, size commands)."""
    plain = surface.presentation(p.answer)
    if plain is None:
        return None
    return _core_tagged(p, plain, p.gold, "presentation")


def congruence(p: Pair) -> Match | None:
    """A congruence (``x \\equiv 3 \\pmod 7``) by its residue."""
    residue = forms.congruence_residue(p.answer, p.text)
    if residue is None or forms.congruence_residue(p.gold, p.text) is not None:
        return None
    return _core_tagged(p, residue, p.gold, "congruence")


def structural(p: Pair) -> Match | None:
    """Listed or labelled parts and solution sets (``x = 1 or x = 4``), sets in the question's domain."""
    if forms.compare_parts(p.answer, p.gold, p.text, _full_equal(p)):
        return Match(True, ("parts",))
    if forms.same_set_in_domain(p.answer, p.gold, p.text, only_equal=True):   # True alone decides here
        return Match(True, ("domain_set",))
    return None


def solved(p: Pair) -> Match | None:
    """An expression that solves the other side's equation for the one variable it lacks."""
    return Match(True, ("relation",)) if forms.solves_equation(p.answer, p.gold) else None


def permuted(p: Pair) -> Match | None:
    """Tuples named by representatives "and their permutations" against the tuples listed (or named so too)."""
    return Match(True, ("permutations",)) if permutations.same_up_to_permutations(p.answer, p.gold) else None


def ordering(p: Pair) -> Match | None:
    """A strict order chain (``b < a < d < c``) against the list it orders, in the question's direction."""
    return Match(True, ("order",)) if order.same_order(p.answer, p.gold, p.text) else None
