"""The relation cells of the typed comparison (issue 29): a relation, a chain or a set of reals against a value, and
two sets of reals.

Interface::

    applies(a, g) -> bool                     a side is a Relation, a Chain or an Interval (the answer's, or both)
    relations(a, g, q, again) -> Verdict | None    None: no typed fact, no typed fact

``again(answer_reading, gold_reading)`` is the comparison itself (units, labels, approximations and rounding compose
with every side). In order:

* two sets of reals (``k < -5`` and ``(-\\infty, -5)``), or one against a value: the same sets in the question's
  domain or in any notation (:func:`rlverify.rule.answers.forms.same_set_in_domain`,
  :func:`~rlverify.rule.answers.forms.same_real_set`), a single value where the reference is a set holding an
  interval (:func:`~rlverify.rule.answers.forms.value_for_set`); a set of reals holding an interval is no single
  value (``different``);
* one bound on a variable against a value where the question asks for the extreme it bounds (``n > \\sqrt{2}`` and
  ``1.414`` for the minimum index): the bound against the value (:mod:`.bounds`);
* a reference that is a chain: its value stated last, against the answer;
* a term against a reference identity whose left side it writes with the same operands (``:`` a division there):
  equal where it equals that side (:mod:`.identities`);
* a reference equation that states the value of its left side (``|AB| = 1``, ``(p, q) = (3, 2)``): its value, against
  the answer (an equality only);
* a chain (``P = \\operatorname{erfc}(1) \\approx 0.1573``): the value stated last, with its approximation sign,
  is the answer's value; where the approximation contradicts its exact member (``\\frac{32}{9} \\approx 6.4``: a slip
  in the decimal) the exact member is, an equality decided (else no verdict); where the last value differs
  and another member agrees, the table reads it; a chain against a reference chain: the values they end on, an
  equality decided;
* an inequality (``R < 17\\,\\text{km}``, ``\\sum \\frac{a}{b+c} \\ge \\frac34``): where the question asks for a bound,
  the bound (:func:`rlverify.rule.answers.forms.bound_of_relation`) against the value; else a bound is no value:
  ``different`` against a number or a quantity; several bounds listed for one reference are a hedge;
* an equation or an approximation (``x + y = 4027``, ``\\Delta\\lambda \\sim 5\\times10^{-3}\\,Å``,
  ``8300\\,m \\equiv 8.3\\,m``): its value side (the right one first) against the value; where it agrees and the other
  side is no name nor an approximation's exact member, the equation states the value of its left side where it ends
  on its right side (:func:`rlverify.rule.answers.views.last_member`: ``x^3 = 12``, ``x + y = 4027``, ``2+2+2 = 6``,
  never ``2y = 6`` nor ``y^2 + 3 = 0``), else no verdict (``\\frac{49}{11} \\approx 4.465`` states the
  fraction); where it differs while the other side agrees, no verdict either; a formula in free variables where the reference is a value is ``different`` where
  :mod:`.constants` says so. Only against a value: an equation against a term in variables (``y - (x^2+1) = 0`` for
  ``x^2 + 1``) may be solved for it, and a chain's rejection there is no typed fact; an equation whose left side is no
  sum and that ends on its right side (``\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}``) is its right side.

A rejection is final only where both readings it rests on are sure (the comparison's own final flag).

May import: :mod:`rlverify.rule.read.types`, :mod:`.verdict`, :mod:`.bounds`, :mod:`.identities`, the leaf helpers of :mod:`rlverify.rule.answers` named above.
"""

from __future__ import annotations

from typing import Any, Callable

from ...flags import Flag
from ..answers import forms
from ..answers.core import compare_core
from ..answers.match import Match
from ..answers.question import Question
from ..answers.relation_hedge import offers_several_bounds
from ..answers.views import approximation_contradicts, is_equation, is_name, is_sum, last_member, offers_sign_choice
from ..read import read
from ..read.relations import APPROXIMATE, INEQUALITIES
from ..read.types import Approx, Chain, Expr, Interval, Labelled, Number, Quantity, Reading, Relation, Tuple
from .bounds import asked_bound
from .identities import identity_side
from .constants import free_letters
from .verdict import Again, Verdict

__all__ = ["Verdict", "applies", "relations"]



_SIDES = (Relation, Chain, Interval)


def applies(a: Reading, g: Reading) -> bool:
    return isinstance(a, _SIDES) or isinstance(g, Interval | Chain | Relation)


def _leaf(r: Reading) -> Reading:
    return r.inner if isinstance(r, Approx) else r


def _sure_value(r: Reading) -> bool:
    """A number or a quantity (an approximation of one too): what a bound or a set of reals is never equal to."""
    return isinstance(_leaf(r), Number | Quantity)


def _value(r: Reading) -> bool:
    """A side that states a value: a number, a quantity, or a constant term (no variable)."""
    leaf = _leaf(r)
    return _sure_value(leaf) or isinstance(leaf, Expr) and not free_letters(leaf.text)


def relations(a: Reading, g: Reading, q: Question, again: Again) -> Verdict | None:
    """The verdict of the first cell that applies (see the module), or None."""
    if isinstance(a, Interval) or isinstance(g, Interval):
        return asked_bound(a, g, q, again) or _sets(a, g, q)
    if isinstance(g, Chain) and not isinstance(a, _SIDES):
        d = again(a, g.last)     # a reference chain states its value last ('h = \\frac{\\tau}{mg} \\approx 1.5')
        return Verdict(d.match, "typed:reference_chain", final=d.final) if d.match.equal or d.final else None
    if isinstance(g, Chain) and isinstance(a, Chain):
        d = again(a, g.last)     # two chains: the values they end on ('z = 3+3 = 2' for 'z = 1 + 1 = 2')
        return Verdict(d.match, "typed:reference_chain") if d.match.equal else None
    if isinstance(g, Relation) and g.op in APPROXIMATE and not isinstance(a, _SIDES):
        return _approximated(g, lambda member: again(a, member), "typed:reference_approximated", _written(a))
    if isinstance(g, Relation) and g.op == "=" and _value(g.left) and _value(g.right) and not isinstance(a, _SIDES):
        return _calculation(a, g, again)
    if isinstance(g, Relation) and not isinstance(a, _SIDES):
        v = _reference_value(a, g, again)
        if v is not None:
            return v
    if isinstance(g, Relation) and isinstance(a, Expr):
        return identity_side(a, g, q) or _solves(a, g)
    if isinstance(g, Relation) and g.op == "=" and (isinstance(a, Labelled) or isinstance(a, Relation) and a.op == "="):
        return _same_relation(a, g)
    if isinstance(g, _SIDES):
        return None
    if isinstance(a, Chain):
        return _chain(a, g, again)
    if isinstance(a, Relation) and a.op in INEQUALITIES:
        return _bound(a, g, q, again)
    if isinstance(a, Relation):
        return _equation(a, g, again)
    return None


def _sets(a: Reading, g: Reading, q: Question) -> Verdict | None:
    if offers_several_bounds(a.text, g.text):    # 'c < \\sqrt{2}, c < \\sqrt{11}' for 'c < \\sqrt{2}': several bounds offered
        return Verdict(Match(False, ("hedge",)), "typed:several_bounds", final=True)
    r = forms.same_set_in_domain(a.text, g.text, q.text, require_domain=True)
    if r is None:
        r = forms.same_real_set(a.text, g.text, q.text)
    if r is None and forms.value_for_set(a.text, g.text):
        r = False
    if r is not None:
        return Verdict(Match(r, ("domain_set",)), "typed:real_set", final=not r)
    if isinstance(a, Interval) and not isinstance(g, _SIDES) and _sure_value(g):
        return _bound_for_value(a, q)
    if isinstance(a, Interval) and isinstance(g, Interval):
        return _notation(a, g, q)
    if _pair(a) and isinstance(g, Interval) or isinstance(a, Interval) and _pair(g):
        return _notation(a, g, q, final=False)
    return None


def _pair(r: Reading) -> bool:
    """Two values in parentheses or brackets (``(20, 30)``): an open or a closed interval against a set of reals (a
    point as much, so a rejection is no typed fact)."""
    return isinstance(r, Tuple) and len(r.items) == 2


def _notation(a: Reading, g: Reading, q: Question, final: bool = True) -> Verdict | None:
    """Two sets of reals in interval notation on both sides (what :func:`~rlverify.rule.answers.forms.same_real_set`
    leaves to the bounded comparison), or a pair of values against one: its verdict (the question's convention for the
    ends of intervals of monotonicity included), or the same set in the question's domain; a rejection it decided is
    a typed fact where ``final``."""
    m = compare_core(a.text, g.text, q)
    if m.equal:
        return Verdict(m, "typed:real_set")
    if m.undecided or Flag.HEDGE in m.flags or "timeout" in m.flags:
        return None
    if forms.same_set_in_domain(a.text, g.text, q.text, only_equal=True):
        return Verdict(Match(True, ("domain_set",)), "typed:real_set")
    return Verdict(m, "typed:real_set", final=final)


def _bound_for_value(a: Relation | Interval, q: Question) -> Verdict | None:
    """A range or a bound where the reference is a value and the question asks for no bound: ``different``."""
    if forms.bound_of_relation(a.text, q.text) is not None:
        return None
    return Verdict(Match(False, ("bound",)), "typed:bound_for_value", final=True)


def _bound(a: Relation, g: Reading, q: Question, again: Again) -> Verdict | None:
    if offers_several_bounds(a.text, g.text):
        return Verdict(Match(False, ("hedge",)), "typed:several_bounds", final=True)
    rhs = forms.bound_of_relation(a.text, q.text)
    if rhs is not None:
        d = again(read(rhs), g)
        return Verdict(Match(True, d.match.flags + ("bound",)), "typed:bound") if d.match.equal else None
    return _bound_for_value(a, q) if _sure_value(g) else None


def _chain(a: Chain, g: Reading, again: Again) -> Verdict | None:
    exact = approximation_contradicts(a.text)
    if exact is not None:     # '\\frac{32}{9} \\approx 6.4': the exact member is the answer
        d = again(read(exact), g)
        return Verdict(d.match, "typed:chain_exact") if d.match.equal else None
    d = again(a.last, g)
    if d.match.equal:
        return Verdict(d.match, "typed:chain")
    if any(_value(m) and again(m, g).match.equal for m in a.members[1:]):
        return None       # another member agrees: no verdict
    return Verdict(d.match, "typed:chain", final=d.final and _value(g))


def _written(r: Reading) -> bool:
    """A value written at a precision (a decimal or an integer, a quantity, an approximation), not an exact form (a
    fraction, a constant term)."""
    leaf = _leaf(r)
    return isinstance(r, Approx) or isinstance(leaf, Quantity) or isinstance(leaf, Number) and leaf.last is not None


def _approximated(r: Relation, against: Callable[[Reading], Any], entry: str, written: bool) -> Verdict | None:
    """``E \\approx d`` with two members that have values (``\\frac{1 + \\sqrt{97}}{8} \\approx 1.36``): one value;
    the exact member meets the other side, or the decimal does (at its own digits) where the other side is ``written``
    at a precision itself (an exact ``\\frac{31032}{7776}`` is no ``\\frac{31031}{7776} \\approx 3.99``); where ``d`` is
    no rounding of ``E`` (:func:`rlverify.rule.answers.views.approximation_contradicts`: a slip in the gloss) the exact
    member alone. ``against(member)`` compares a member with the other side. None where a member has no value."""
    if r.op not in APPROXIMATE or not (_value(r.left) and _value(r.right)):
        return None
    exact = against(r.left)
    if exact.match.equal or not written or approximation_contradicts(r.text) is not None:
        return Verdict(exact.match, entry, final=exact.final)
    rounded = against(Approx(f"{r.op} {r.right.text}", r.right))
    return Verdict(rounded.match, entry, final=exact.final and rounded.final and not rounded.match.equal)


def _equation(a: Relation, g: Reading, again: Again) -> Verdict | None:
    v = _approximated(a, lambda member: again(member, g), "typed:approximated", _written(g))
    if v is not None:
        return v
    if not _value(g):
        return _defines(a, g, again) or (_solves(a, g) if isinstance(g, Expr) else None)
    sides = [s for s in (a.right, a.left) if _value(s)]
    if not sides:
        return _formula(a, g, again)
    right = sides[0] is a.right
    value, other = (a.right, a.left) if right else (a.left, a.right)
    if a.op in APPROXIMATE:
        value = Approx(f"{a.op} {value.text}", value)
    d = again(value, g)
    if d.match.equal:
        if not _value(other) and (a.op in APPROXIMATE or right and is_name(other.text)):
            return Verdict(d.match, "typed:equation")
        if right and _ends_on(a, value, other, g, again):
            return Verdict(d.match, "typed:equation_value")
        return None       # 'x + y = 4027': what the question asks decides; '\\frac{49}{11} \\approx 4.465': the exact
        #                   member is the answer where the decimal is no rounding of it (no verdict)
    if _value(other) and again(other, g).match.equal:
        return None       # '40 = 20 \\times 2' read the other way round, '\\frac{1}{3} \\approx 0.3': no verdict
    return Verdict(d.match, "typed:equation", final=d.final)


def _calculation(a: Reading, g: Relation, again: Again) -> Verdict | None:
    """A reference calculation whose two sides have one value (``2 \\cdot 3 = 6``): the value it ends on, against the
    answer; None where the sides differ (no one value)."""
    if not again(g.left, g.right).match.equal:
        return None
    d = again(a, g.right)
    return Verdict(d.match, "typed:reference_calculation", final=d.final and not d.match.equal)


def _reference_value(a: Reading, g: Relation, again: Again) -> Verdict | None:
    """A reference equation that states the value of its left side (``|AB| = 1``, ``\\frac{NO}{BO} =
    \\frac{1}{\\sqrt{6}}``, ``(p, q) = (3, 2)``: a value or a tuple of values on the right, no value on the left, and
    :func:`rlverify.rule.answers.views.last_member` reads the right side as what it states: never ``2x = 6`` nor
    ``x^2 - 5x + 6 = 0``; no sum on the left, :func:`~rlverify.rule.answers.views.is_sum`, nor a condition on
    variables, :func:`~rlverify.rule.answers.views.is_equation`: ``a + 3z = 0`` is a plane): the answer that gives that value meets it. Only an equality is decided here (a rejection
    leaves the pair to the other cells)."""
    if g.op != "=" or _value(g.left) or not _stated_value(g.right) or offers_sign_choice(g.left.text) \
            or is_sum(g.left.text) or is_equation(g.text) or last_member(g.text) is None:
        return None
    d = again(a, g.right)
    return Verdict(d.match, "typed:reference_equation") if d.match.equal else None


def _stated_value(r: Reading) -> bool:
    """A value (:func:`_value`; no number times a letter that may be a unit, ``2 t``), or a tuple of values."""
    if isinstance(r, Tuple):
        return bool(r.items) and all(_stated_value(x) for x in r.items)
    return _value(r) and not (isinstance(_leaf(r), Quantity) and not _leaf(r).sure)


def _same_relation(a: Reading, g: Relation) -> Verdict | None:
    """Two equations in two variables or more, the answer's perhaps solved for one (``y = -3x + 4`` for
    ``y + 3x - 4 = 0``): the same line, plane or curve where they are proportional
    (:func:`rlverify.rule.answers.forms.same_relation`, bounded); None otherwise (no typed fact)."""
    if forms.same_relation(a.text, g.text) is not True:
        return None
    return Verdict(Match(True, ("relation",)), "typed:same_relation")


def _solves(a: Reading, g: Reading) -> Verdict | None:
    """A term and an equation, either side: the term solves the equation for the one variable it lacks
    (``-4x^2 + 4x - 2`` for ``y + 1 = -(2x - 1)^2``, :func:`rlverify.rule.answers.forms.solves_equation`, bounded);
    None otherwise (never a rejection: the equation may be meant otherwise)."""
    eq = g if isinstance(g, Relation) else a
    if eq.op != "=" or forms.solves_equation(a.text, g.text) is not True:
        return None
    return Verdict(Match(True, ("relation",)), "typed:solved_equation")


def _defines(a: Relation, g: Reading, again: Again) -> Verdict | None:
    """An equation against a term in variables: where its left side names what its right side is
    (``\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}``: no sum, :func:`rlverify.rule.answers.views.is_sum`, and an
    equation that ends on its right side, :func:`~rlverify.rule.answers.views.last_member`), the right side is the
    answer. Else None: ``y - (x^2 + 1) = 0`` for ``x^2 + 1`` may be solved for the term."""
    if a.op != "=" or not isinstance(_leaf(g), Expr) or is_sum(a.left.text) or offers_sign_choice(a.left.text) \
            or last_member(a.text) is None:
        return None
    d = again(a.right, g)
    return Verdict(d.match, "typed:equation_value") if d.match.equal else None


def _ends_on(a: Relation, value: Reading, other: Reading, g: Reading, again: Again) -> bool:
    """An equation ``L = v`` that states the value ``v`` of its left side (``x^3 = 12``, ``|r-s| = 16``,
    ``\\cos \\angle RPS = -\\frac{24}{25}``, ``x + y = 4027``, a computation ``2+2+2 = 6``): the view that reads an
    equation's last member says so (:func:`rlverify.rule.answers.views.last_member`: no multiple of one variable,
    ``2y = 6``; no equation set to zero, ``y^2 + 3 = 0``; no two values, ``16 = 14 + 1``), and a left side that has
    a value has the same one."""
    if a.op != "=" or offers_sign_choice(other.text) or last_member(a.text) is None:
        return False      # '\\mp a = 2' names two values (a = 2 or a = -2)
    return not _value(other) or again(other, g).match.equal


def _formula(a: Relation, g: Reading, again: Again) -> Verdict | None:
    """An equation whose right side is a formula in variables (``|B| = \\frac{\\mu_0 I}{4\\pi d}``) where the reference
    is a number or a quantity: ``different`` where the formula against the value is a typed fact
    (:mod:`.constants`: a variable the question gives no value)."""
    if not isinstance(a.right, Expr) or not _sure_value(g):
        return None
    d = again(a.right, g)
    return Verdict(d.match, "typed:equation", final=True) if d.final and not d.match.equal else None
