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

import os
from typing import Callable

from .core import compare_core
from .match import Match
from .question import Question
from .stage import Pair
from . import forms
from . import integer_points, labels, order, permutations, renaming, residues
from . import magnitudes
from . import quantity
from . import words
from .relation_hedge import offers_several_bounds
from .quantity import Aligned
from . import surface
from .views import approximation_contradicts

__all__ = ["enabled", "several_bounds", "percent", "quantities", "clause", "approximation", "number_words", "text", "families",
           "relation", "labelled", "domain_set", "plain_rounding", "presentation", "trailing", "function", "bound",
           "congruence", "structural", "renamed", "integer_sequence", "labelled_values", "ordering", "permuted", "residue", "solved"]

def enabled() -> bool:
    return os.environ.get("RLVERIFY_CONTEXT", "on").lower() not in ("off", "0", "false", "no")


def _core_tagged(p: Pair, answer: str, gold: str, flag: str) -> Match | None:
    """A rescue rule's rewritten pair, equal in the core: a match tagged ``flag`` (else None)."""
    m = compare_core(answer, gold, p.question)
    return Match(True, m.flags + (flag,)) if m.equal else None


def _decide(al: Aligned, p: Pair) -> Match | None:
    return magnitudes.decide(al, p.answer, p.gold, p.question)


def plain_rounding(p: Pair) -> Match | None:
    return magnitudes.asked_rounding(p.answer, p.gold, p.question)


def number_words(p: Pair) -> Match | None:
    return magnitudes.in_words(p.answer, p.gold)


def percent(p: Pair) -> Match | None:
    return magnitudes.percent_of(p.answer, p.gold, p.question)


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
