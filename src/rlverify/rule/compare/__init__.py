"""One comparison of two typed readings under the question's context (issue 29).

Interface::

    compare(answer, gold, question) -> Match        what the rule verifier calls
    explain(answer, gold, question) -> Decision     both sides read once (:func:`rlverify.rule.read.read`), then
                                                    compared; ``Decision.stage`` names the dispatch entry
    cheap(answer, gold, question) -> Match | None   what the verifier decides in-process, before the bounded helper:
                                                    the same text or two plain numbers (no reader, no CAS)

The wrappers of both sides are unwrapped first, in any nesting, so that every wrapper composes with every value:

* the reference's label (``W = 73.4\\times10^{3}\\,\\text{J}``): its value is compared, with its unit; an answer that
  carries the same name loses it too;
* an answer's label the reference does not give (``E = 3.8\\,\\text{MeV}`` for ``3.8 eV``): where both values are
  numbers or quantities, the values decide, units kept; two assignments to variables of different names (``y = 3``
  for ``x = 3``) are ``different``; any other named answer is compared whole;
* an option letter (``(b)``, ``B``, ``option (b)``, ``(b)\\ 10^{-13}\\,cm``) is resolved through the options the question
  lists: the letter stands for the listed value, and a letter with a value that names another option is a hedge;
  a reference that is a letter is met by its letter or by the value the question lists for it;
* an antiderivative (``x^2/2 + C``) is equal to the reference when the two differ by a constant, where the question
  asks for an antiderivative or either side carries the constant; a derivative that differs is ``different``.

What is left after unwrapping, a value against a value, is decided by the entry for the pair of types:

* a number or a quantity against a number or a quantity (:mod:`.numbers`): units converted through pint, a prefix
  never lost, precision from the reference's written digits, the asked unit and rounding from the question; two sure
  values that differ are ``different`` (a final rejection);
* an expression against an expression (:mod:`.expressions`): residue classes, general solutions, renamed
  parameters, the bounded CAS, equality at the integers the question declares;
* alternatives joined by "or" against one value (:mod:`.alternatives`): a hedge unless each is that value;
* a tuple, a finite set or a bare list on either side (:mod:`.sequences`): item by item through this comparison,
  in order or not as the question and the brackets say; a ``different`` is final where every item was read surely;
* a number against an expression (:mod:`.constants`): a decimal rounding the expression's constant value at its own
  digits where the question asks a unit, else the bounded comparison; a rejection is final for a constant, or for an
  expression in a variable the question gives no value;
* a matrix against a matrix or a vector against a tuple (:mod:`.matrices`): cell by cell, in order;
* values the answer names (``Paolo: 18, Maria: 7``, ``(x, y) = (1000, 10)``) against a list (:mod:`.named`): each
  value at its name's place, as the question's request or the reference's names say;
* a reference that names every value it gives against an answer list that names none (``4, 5`` for ``AB=4,CD=5``):
  the named-values entry with the roles swapped; solutions listed under their variables' names (``p=5,q=2;p=7,q=2``,
  ``(x, y) = (5, 8) \\quad \\text{and} \\quad (8, 5)``) as the tuples they name (:mod:`.solutions`); equalities only;
* a strict order chain against a list or a chain (:mod:`.ordering`): in the direction the question asks;
* labelled quantities against one reference quantity or as many (:mod:`.parts`): the part of its dimension, or part
  by part;
* a relation, a chain or a set of reals (:mod:`.relations`): a chain's last value, an equation's value side, a bound
  where a value is asked (``different``) or asked for (its bound), two sets of reals;
* a congruence where the question asks for a remainder (:mod:`.congruence`): its residue against the reference;
* a pair no entry decides whose texts write the same parametric family (:mod:`.families`: residue classes, general
  solutions, a renamed parameter, read whole): equal;
* an approximation sign before words that state a value or before a directed value (``x \\approx 0.017\\,\\text{m}
  \\quad (\\text{eastward})``): the sign moves onto the value, named as a value is;
* a time of day, a ratio, a value with its direction, words or a sentence that states a value (:mod:`.prose`): two
  times, a ratio's quotient, two directions, yes or no, the same words, a word a sentence states, the value a sentence
  or a counted noun states against one value; two readings no entry decides that are one text up to spaces and
  wrappers are equal;
* a rejection that an entry reading both sides surely states as final (an equation's or a chain's value, a number
  against an expression, a bound where a value is asked...) carries ``Flag.TYPED_DIFFERENT`` (:mod:`.apart`), which the
  outcome reads as ``different``; two sure values no rounding reconciles are ``different`` there too;
* any other pair is ``unsure`` (stage ``typed:none``): no entry reads it. (The 26-stage table that once decided such
  pairs was deleted in issue 29: a new notation is a reader, a new equivalence an entry.)

May import: :mod:`rlverify.rule.read`, :mod:`rlverify.rule.answers` (leaf comparisons, the question), its own
entries (:mod:`.numbers`, :mod:`.expressions`, :mod:`.sequences`, :mod:`.matrices`, :mod:`.named`, :mod:`.ordering`,
:mod:`.parts`, :mod:`.families`, :mod:`.constants`, :mod:`.relations`, :mod:`.prose`, :mod:`.alternatives`,
:mod:`.continued`, :mod:`.congruence`, :mod:`.solutions`, :mod:`.apart`). Never the extractor or the verifier.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...errors import BoundExceeded
from ...runtime.bounded import remaining
from ...runtime.caches import lru
from ...runtime.limits import DEFAULT_CAS_TIMEOUT
from ..answers.choice import labelled_value
from ..answers.latex import plain_key
from ..answers.fast import fast_compare
from ..answers.match import Match
from ..answers.question import Question, as_question
from ..outcome import texty
from ..read import lower_letter, read
from ..read.types import NUMERIC, Antiderivative, Approx, Directed, Expr, Labelled, Number, Option, Quantity, Reading
from ..read.types import SEQUENCES, Interval, Items, Remarked, Text, Tuple, Value
from . import apart, congruence, constants, matrices, named, ordering, parts, prose, relations, solutions
from .alternatives import alternatives
from .continued import continued
from .expressions import expressions
from .families import families
from .functions import renamed_body
from .numbers import constant_against_approximate, numeric
from .sequences import sequences

__all__ = ["Decision", "cheap", "compare", "explain"]

_MAX_DEPTH = 6


@dataclass(frozen=True)
class Decision:
    match: Match
    stage: str   # the dispatch entry (``typed:<wrapper>>...``)
    final: bool = False   # a rejection that is a typed fact (a hedge of two options, two values that differ)


def cheap(answer: str, gold: str, question: Question | str | None = None) -> Match | None:
    """The verdict where two texts need no reading: the same text, or two plain numbers
    (:func:`rlverify.rule.answers.fast.fast_compare`); None for the rest, and for an answer that leads with an option
    label (``(C) 72``: the question's options decide, and a label and a value naming two options are a hedge)."""
    if ("(" in answer[:8] or ")" in answer[:4]) and labelled_value(answer) is not None:
        return None
    return fast_compare(answer, gold)


def compare(answer: str, gold: str, question: Question | str | None = None) -> Match:
    """The rule verifier's comparison: the typed readings' verdict."""
    return apart.marked(explain(answer, gold, question), answer, gold, question)   # a typed fact: final


def explain(answer: str, gold: str, question: Question | str | None = None) -> Decision:
    """The verdict on an extracted answer span against the reference, from their typed readings.

    A rejection that is no typed fact (the unwrapped values are not two numbers or quantities, nor a hedge) is
    checked once more on the whole texts (:func:`_rest`: a congruence where a remainder is asked, a parametric
    family read whole), since a name or a wrapper can carry what they read."""
    q = as_question(question)
    d = _explain(answer, gold, q)
    if d.match.equal and _restates_question(answer, gold, q):
        return Decision(Match(False, ("not_simplified",)), "typed:restated_question", final=True)
    return d


# arithmetic operators between two operands, one spelling each (\times, \cdot, x between numbers, × and * are *)
_TIMES = re.compile(r"\\times|\\cdot|×|·|(?<=\d)\s*x\s*(?=\d)")
_OPERATOR = re.compile(r"(?<=[\w)}])\s*[-+*/÷]\s*(?=[\w(\\{])")
_SPACE = re.compile(r"(?:\s|\\[,;! ]|\$)+")
_AROUND = re.compile(r" ?([-+*/÷=()^{}]) ?")


def _arith_key(text: str) -> str:
    """Spaces and math delimiters collapsed, none around an operator or a bracket, one spelling of 'times'."""
    s = _SPACE.sub(" ", _TIMES.sub("*", text.replace("\\left", "").replace("\\right", "")))
    return _AROUND.sub(r"\1", s).strip()


def _restates_question(answer: str, gold: str, q: Question) -> bool:
    """The answer is an expression the question itself writes and asks to evaluate (``3 + 8`` for "What is 3 + 8?",
    ``6 * 4`` for "What is 6 \\times 4?"): equal in value, but no solution. Only an expression with an operator
    between two operands, never where the reference is written that way too or the question lists options."""
    if not q.text or len(answer) > 200 or "=" in answer:
        return False
    key = _arith_key(answer).strip(".")
    if len(key) < 3 or not _OPERATOR.search(key) or _arith_key(gold) == key or q.option("A") is not None:
        return False
    text = _question_key(q.text)
    start = text.find(key)
    while start >= 0:
        before, after = text[start - 1:start] if start else "", text[start + len(key):start + len(key) + 2]
        inside_before = before.isalnum() or before in ("_", "^", "{") or before == "." and text[start - 2:start - 1].isdigit()
        inside_after = after[:1].isalnum() or after[:1] in ("_", "^", "(") or after[:1] == "." and after[1:2].isdigit()
        if not inside_before and not inside_after:
            return True    # the key stands alone in the question: 'is 3+8?' but not '13+85' or '3+8.5'
        start = text.find(key, start + 1)
    return False


@lru("rule.question_key")
def _question_key(text: str) -> str:
    return _arith_key(text)


_LEAVES = (Value, Number, Quantity, Expr) + SEQUENCES


# two assignments set apart by a wide space ('\\Delta t = 120\\ \\mathrm{min}\\quad h = 3.6\\ \\mathrm{m}'): the cleaned text
# the readers see has lost the space and reads as one chain 'Delta t = 120 min h = 3.6 m'
_SPACED_ASSIGNMENTS = re.compile(r"=[^=]*\\q?quad(?![a-zA-Z])[^=]*=")


def _spaced_assignments(text: str, *also: type) -> bool:
    """Two assignments set apart by a wide space alone: the readers, which see the text without the space, read one
    chain (``n = 3,\\quad B = 2A`` or ``f(x) = x \\quad \\text{and} \\quad f(x) = -x`` keep a separator: a list;
    ``also``: other readings that keep the text whole, a sentence on the answer's side)."""
    return _SPACED_ASSIGNMENTS.search(text) is not None and not isinstance(read(text), SEQUENCES + (Interval,) + also)


def _explain(answer: str, gold: str, q: Question) -> Decision:
    if _spaced_assignments(answer, Text) or _spaced_assignments(gold):
        return _parts(answer, gold, q) or _rest(answer, gold, q)    # several labelled quantities set apart by a space
    ra, rg = _in_context(read(answer), q), _in_context(read(gold), q)
    if isinstance(ra, _LEAVES) and isinstance(rg, _LEAVES) and not q.asks_antiderivative:
        d = _sequences(ra, rg, q, 0) or _named(_lines(ra, answer), rg, q, 0) or _named_reference(ra, rg, q, 0) \
            or _ordering(ra, rg, q, 0) or _parts(answer, gold, q)
        if d is not None:
            return d
        if _values(ra, rg, q):
            return _numeric(answer, gold, ra, rg, q)        # no wrapper: the texts as they were written
        if _terms(ra, rg):
            return _expressions(answer, gold, q)
        if constants.pair(ra, rg):
            return _or_rest(_number_expression(answer, gold, ra, rg, q), answer, gold, q)
        return _prose(ra, rg, q, 0) or _same_text(ra, rg) or _rest(answer, gold, q)
    if isinstance(ra, Text) or isinstance(rg, Text):    # words around named values or labelled parts: as for a Value
        d = _named(_lines(ra, answer), rg, q, 0) or _parts(answer, gold, q)
        if d is not None:
            return d
    d = _compare(ra, rg, q, 0)
    if d.match.equal or d.final or _terms(ra, rg):
        return d        # two terms read whole are what the expression entry compared (their verdict stands)
    whole = _rest(answer, gold, q)
    return whole if whole.match.equal else d


def _in_context(r: Reading, q: Question) -> Reading:
    """A bare lower-case letter (``b``, ``\\text{b)}``) is an option letter where the question lists that option; read
    without its question it is a value (``e``, a variable)."""
    if isinstance(r, Option) or not q.text:
        return r
    letter = lower_letter(r.text)
    if letter is None or q.option(letter.upper()) is None:
        return r
    return Option(r.text, letter.upper(), None)


def _rest(a: str, g: str, q: Question) -> Decision:
    d = _congruence(a, g, q)        # 'N \\equiv 113 \\pmod{1000}' where a remainder is asked: its residue
    if d is not None and (d.match.equal or d.final):
        return d
    m = families(a, g, q)       # parametric families in a shape the readers keep whole
    if m is not None:
        return Decision(m, "typed:families")
    return Decision(Match(False, ("no_entry",)), "typed:none")


def _congruence(a: str, g: str, q: Question) -> Decision | None:
    """A congruence where the question asks for a remainder (:mod:`.congruence`): its residue, compared."""
    r = congruence.residue(a, g, q)
    if r is None:
        return None
    d = _compare(read(r), read(g), q, 1)
    return Decision(Match(d.match.equal, d.match.flags + ("congruence",), d.match.undecided), "typed:congruence",
                    d.final)


def _hedge(entry: str) -> Decision:
    return Decision(Match(False, ("hedge",)), entry, final=True)


def _integrals(a: Reading, g: Reading, q: Question) -> bool:
    """Compared as antiderivatives: the question asks for one, or a side carries a constant of integration (also
    under one name: ``I = 6\\ln(4x) + C_1`` against ``I = 6\\ln|x|``)."""
    return q.asks_antiderivative or isinstance(a, Antiderivative) or isinstance(g, Antiderivative)


def _leaf(r: Reading) -> Reading:
    """An approximation's value (the sign loosens the precision; the value is what is compared)."""
    return r.inner if isinstance(r, Approx) else r


def _values(a: Reading, g: Reading, q: Question) -> bool:
    """Both sides read as numbers or quantities (:mod:`.numbers` decides them). A quantity that may be a variable's
    name (``11t``, ``71 W``: not :attr:`~.types.Quantity.sure`) counts only where the question asks for a unit of its
    dimension, or against a sure quantity of its dimension."""
    if not (isinstance(a, NUMERIC) and isinstance(g, NUMERIC)):
        return False
    return all(_unit_sure(r, a if r is g else g, q) for r in (a, g))


def _terms(a: Reading, g: Reading) -> bool:
    """An expression against an expression (a number against an expression is :mod:`.constants`' pair)."""
    return isinstance(a, Expr) and isinstance(g, Expr) or _same_symbol(a, g)


def _same_symbol(a: Reading, g: Reading) -> bool:
    """Two magnitudes after one letter that may be a unit or a variable, on both sides (``2\\sqrt{2}\\, m`` and
    ``2\\sqrt{2}m``, neither :attr:`~.types.Quantity.sure`, where no unit is asked): the letter is the same either way,
    and the two are compared as terms in it."""
    return isinstance(a, Quantity) and isinstance(g, Quantity) and not (a.sure or g.sure) and a.unit == g.unit


def _expressions(answer: str, gold: str, q: Question) -> Decision:
    """The expression entry's verdict; a rejection it decided (not undecided, no timeout) is a typed fact (the
    leaf comparisons read these texts whole, under a label too)."""
    m = expressions(answer, gold, q)
    return Decision(m, "typed:expression", final=not m.equal and not m.undecided and "timeout" not in m.flags)


def _unit_sure(r: Reading, other: Reading, q: Question) -> bool:
    from ..answers.quantity import asked_unit

    if not isinstance(r, Quantity) or r.sure:
        return True
    if isinstance(other, Quantity) and other.sure and other.unit.kind == r.unit.kind \
            and other.unit.dimensionality() == r.unit.dimensionality():
        return True
    if _written_alike(r, other):
        return True     # '2A' against '2A': a unit or a variable's name, the same one on both sides
    return q.text is not None and asked_unit(q.text, r.unit) is not None


def _written_alike(r: Quantity, other: Reading) -> bool:
    """Two quantities that may each be a number times a variable (``2A``, ``3A``), written with the same symbol: a
    unit or a variable, it is one on both sides, and the magnitudes decide (:func:`_same_symbol`, the symbol written
    alike)."""
    from ..answers.latex import plain_key

    if not _same_symbol(r, other):
        return False
    return plain_key(r.text[len(r.magnitude):]) == plain_key(other.text[len(other.magnitude):]) != ""


def _numeric(answer: str, gold: str, a: Reading, g: Reading, q: Question, approximate: bool = False) -> Decision:
    """Two numbers or quantities: the number entry's verdict; a rejection of two sure readings is a typed fact.
    ``approximate``: the reference was written with an approximation sign (its value is rounded)."""
    m = numeric(answer, gold, a, g, q, approximate)    # type: ignore[arg-type]
    return Decision(m, "typed:number", final=not m.equal and not m.undecided)


def _compare(a: Reading, g: Reading, q: Question, depth: int) -> Decision:
    if depth > _MAX_DEPTH:
        return _rest(a.text, g.text, q)
    d = _sequences(a, g, q, depth)
    if d is not None:
        return d
    v = continued(a, g)      # '0.777\\ldots': a decimal said to go on, against the value it begins
    if v is not None:
        return Decision(v.match, v.entry, v.final)
    if isinstance(a, Remarked) or isinstance(g, Remarked):     # a value and a remark restating it: the value
        return _relabel(_compare(_unremarked(a), _unremarked(g), q, depth + 1), "remark")
    stated = _approximate_text(a)
    if stated is not a:      # '\\approx 0.017 m (eastward)': words that state an approximate value
        return _compare(stated, g, q, depth + 1)
    d = _matrices(a, g, q, depth) or _named(a, g, q, depth) or _named_reference(a, g, q, depth) \
        or _ordering(a, g, q, depth)
    if d is not None:
        return d
    # the reference's wrappers
    if isinstance(g, Option):
        return _against_letter(a, g, q, depth)
    if isinstance(g, Labelled):
        if isinstance(a, Labelled) and a.name != g.name:
            body = renamed_body(a, g)      # 'f(n) = n' for 'f(z) = z': the bodies, under the reference's variable
            if body == "":      # the answer's function also depends on the reference's argument, a second name
                return Decision(Match(False, ("variable",)), "typed:function", final=True)
            if body is not None:
                return _relabel(_compare(read(body), g.inner, q, depth + 1), "function")
            return _named_answer(a, g, q, depth) or _stated_name(a, g, q, depth) or _rest(a.text, g.text, q)
        if isinstance(a, Labelled) and not (_values(_leaf(a.inner), _leaf(g.inner), q)
                                            or _integrals(a.inner, g.inner, q) or _terms(a.inner, g.inner)
                                            or constants.pair(a.inner, g.inner)
                                            or isinstance(a.inner, SEQUENCES) and isinstance(g.inner, SEQUENCES)):
            return _stated_name(a, g, q, depth) or _rest(a.text, g.text, q)     # a named expression (a function, a
            #                                      residue class 'n = 10k'): read whole by _rest, else unsure
        if _terms(a.inner if isinstance(a, Labelled) else a, g.inner):
            m = families(a.text, g.text, q)     # 'n = 7t + 5' for 'n = 7m - 2': the name says what the letters range
            if m is not None:                   # over (a class of n), which the values alone do not
                return Decision(m, "typed:families")
        inner = a.inner if isinstance(a, Labelled) else a
        return _relabel(_compare(inner, g.inner, q, depth + 1), "labelled")
    # the answer's wrappers
    if isinstance(a, Option):
        return _letter(a, g, q, depth)
    if isinstance(a, Labelled) and isinstance(g, relations.Relation):     # 'y = -3x + 4' for 'y + 3x - 4 = 0'
        v = relations.relations(a, g, q, lambda x, y: _compare(x, y, q, depth + 1))
        if v is not None:
            return Decision(v.match, v.entry, v.final)
    if isinstance(a, Labelled):
        return _named_answer(a, g, q, depth) or _directed_name(a, g, q, depth) or _stated_name(a, g, q, depth) \
            or _rest(a.text, g.text, q)
    if _integrals(a, g, q) and not (_values(a, g, q) and q.asks_antiderivative):
        return _antiderivative(a, g, q)     # (two numbers or quantities where a question says 'integrate': values)
    if _values(_leaf(a), _leaf(g), q):    # an approximation sign: the value is compared at its written digits
        return _numeric(_leaf(a).text, _leaf(g).text, _leaf(a), _leaf(g), q, approximate=isinstance(g, Approx))
    if _terms(a, g):
        return _expressions(a.text, g.text, q)
    if isinstance(a, Approx) and _terms(a.inner, g):      # '\\approx 0.37 Q' (a chain's last member) for '0.37 Q'
        return _relabel(_expressions(a.inner.text, g.text, q), "approximation")
    if _approximated(a, g):
        m = constant_against_approximate(a.text, g.inner)     # type: ignore[attr-defined]
        if m is not None:
            return Decision(m, "typed:constant_approximated", final=not m.equal)
    if constants.pair(a, g):
        return _or_rest(_number_expression(a.text, g.text, a, g, q), a.text, g.text, q)
    if isinstance(a, Approx) and constants.pair(a.inner, g):    # '3.46 (approx.)': the decimal, rounding a constant
        return _or_rest(_number_expression(a.inner.text, g.text, a.inner, g, q), a.text, g.text, q)
    d = _prose(a, g, q, depth)
    if d is not None:
        return d
    if relations.applies(a, g):
        v = relations.relations(a, g, q, lambda x, y: _compare(x, y, q, depth + 1))
        if v is not None:
            return Decision(v.match, v.entry, v.final)
    return _same_text(a, g) or _rest(a.text, g.text, q)


def _same_text(a: Reading, g: Reading) -> Decision | None:
    """Two readings no entry decides, one text up to spaces and wrappers (an option's listed value written as the
    reference is; ``\\forall x > 0`` and ``\\forall x>0``): equal."""
    return Decision(Match(True), "typed:same_text") if plain_key(a.text) == plain_key(g.text) else None


def _directed_name(a: Labelled, g: Reading, q: Question, depth: int) -> Decision | None:
    """A named value given with its direction (``\\theta = 37^{\\circ}`` above the horizontal, also after an
    approximation sign) against an unnamed reference: the direction and the value decide (:mod:`.prose`)."""
    inner = _leaf(a.inner)      # '\\phi \\approx 36^\\circ from the vertical': the approximation sign loosens nothing more
    if not isinstance(inner, Directed) or isinstance(g, Labelled):
        return None
    return _prose(inner, g, q, depth + 1)


def _approximate_text(r: Reading) -> Reading:
    """An approximation sign before words that state a value or before a value with its direction
    (``\\approx 0.017\\,\\text{m} \\quad (\\text{eastward})``, ``\\approx 3\\,\\text{m} \\ (\\text{downward})``): the words
    stating the value approximately, the direction of an approximate value (the sign moves onto the value, which the
    words' or the direction's entry compares); any other reading as it is."""
    if not isinstance(r, Approx):
        return r
    inner = r.inner
    if isinstance(inner, Text) and isinstance(inner.states, NUMERIC):
        return Text(inner.text, inner.words, Approx(f"\\approx {inner.states.text}", inner.states))
    if isinstance(inner, Directed) and isinstance(inner.inner, NUMERIC):
        return Directed(inner.text, Approx(f"\\approx {inner.inner.text}", inner.inner), inner.direction)
    return r


def _stated_name(a: Labelled, g: Reading, q: Question, depth: int) -> Decision | None:
    """A name before words that state a value or before a directed value (``x \\approx 0.017\\,\\text{m} \\quad
    (\\text{eastward})``, ``y \\approx 3\\,\\text{m} \\ (\\text{downward})``), approximately or not, against a
    number or a quantity, named or not: as :func:`_named_answer` for the value the words state (two assignments to
    variables of different names are ``different``; else the values decide, through the words' entry)."""
    from ..answers.core import other_variable

    text = _approximate_text(a.inner)
    value = text.states if isinstance(text, Text) else text.inner if isinstance(text, Directed) else None
    inner = g.inner if isinstance(g, Labelled) else g
    if value is None or not _values(_leaf(value), _leaf(inner), q):
        return None
    if isinstance(g, Labelled) and other_variable(a.text, g.text):
        return Decision(Match(False, ("variable",)), "typed:other_name", final=True)
    return _relabel(_compare(text, inner, q, depth + 1), "other_name" if isinstance(g, Labelled) else "answer_label")


def _prose(a: Reading, g: Reading, q: Question, depth: int) -> Decision | None:
    """A time, a ratio, a directed value or words on a side (:mod:`.prose`), the values compared through this
    comparison; None where no cell of that entry decides the pair."""
    if not prose.applies(a, g):
        return None
    v = prose.prose(a, g, q, lambda x, y: _compare(x, y, q, depth + 1))
    return None if v is None else Decision(v.match, v.entry, v.final)


def _unremarked(r: Reading) -> Reading:
    return r.inner if isinstance(r, Remarked) else r


def _approximated(a: Reading, g: Reading) -> bool:
    """An expression (a constant, where it has a value) against a number written with an approximation sign."""
    return isinstance(a, Expr) and isinstance(g, Approx) and isinstance(g.inner, Number)


def _sequences(a: Reading, g: Reading, q: Question, depth: int) -> Decision | None:
    """A tuple, a set or a list on either side (:mod:`.sequences`), compared item by item through this comparison;
    None where that entry does not decide."""
    if not (isinstance(a, SEQUENCES) or isinstance(g, SEQUENCES)) or q.asks_antiderivative:
        return None
    v = alternatives(a, g, lambda x, y: _compare(x, y, q, depth + 1))
    if v is not None:
        return Decision(v.match, v.entry, v.final)
    v = sequences(a, g, q, lambda x, y: _compare(x, y, q, depth + 1))
    return None if v is None else Decision(v.match, "typed:sequence", final=v.final)


def _matrices(a: Reading, g: Reading, q: Question, depth: int) -> Decision | None:
    """A matrix on either side (:mod:`.matrices`), cell by cell through this comparison; None where that entry
    does not decide."""
    if not matrices.applies(a, g):
        return None
    v = matrices.matrices(a, g, q, lambda x, y: _compare(x, y, q, depth + 1))
    return None if v is None else Decision(v.match, "typed:matrix", final=v.final)


def _lines(r: Reading, text: str) -> Reading:
    """A text the readers could not read whose lines each name a value (``Paolo: 18\\nMaria: 7``): its lines, which
    the cleaned text has lost, are the named-values entry's to split."""
    return Value(text) if isinstance(r, Value | Text) and "\n" in text.strip() else r


def _named(a: Reading, g: Reading, q: Question, depth: int) -> Decision | None:
    """An answer that names every value it gives against a list (:mod:`.named`), value by value through this
    comparison; None where that entry does not apply."""
    if q.asks_antiderivative:
        return None
    v = named.named(a, g, q, lambda x, y: _compare(x, y, q, depth + 1))
    return None if v is None else Decision(v.match, "typed:named_values", final=v.final)


def _named_reference(a: Reading, g: Reading, q: Question, depth: int) -> Decision | None:
    """A reference that names every value it gives (``AB=4,CD=5``, ``x_{1}=..., x_{2}=...``) against an answer list
    that names none (``4, 5``): the named-values entry with the sides' roles swapped (each comparison of two values
    keeps the answer first): each value at its name's place as the question's request says, names numbered by a
    subscript in any order, else in the reference's order. A reference's solutions listed under their variables'
    names (``p=5,q=2;p=7,q=2``: :mod:`.solutions`) are the tuples they name (an answer's ``(x, y) = (5, 8) \\quad
    \\text{and} \\quad (8, 5)`` is read as its tuples by :mod:`.sequences`). An equality only (else None: the other entries decide)."""
    if q.asks_antiderivative or not isinstance(a, Items | Tuple) or not isinstance(g, Items | Tuple):
        return None
    tuples = solutions.grouped(g)       # solutions under their names: the tuples they name
    if tuples is not None:
        d = _compare(a, tuples, q, depth + 1)
        if d.match.equal:
            return Decision(d.match, "typed:named_solutions")
    v = named.named(g, a, q, lambda x, y: _compare(y, x, q, depth + 1))
    return Decision(v.match, "typed:named_reference") if v is not None and v.match.equal else None


def _ordering(a: Reading, g: Reading, q: Question, depth: int) -> Decision | None:
    """A strict order chain against the list it orders or another chain (:mod:`.ordering`), item by item through
    this comparison; None where that entry does not apply."""
    v = ordering.ordering(a, g, q, lambda x, y: _compare(x, y, q, depth + 1))
    return None if v is None else Decision(v.match, "typed:order_chain", final=v.final)


def _parts(answer: str, gold: str, q: Question) -> Decision | None:
    """Labelled quantities in the answer against one reference quantity or as many (:mod:`.parts`), each pair of
    values through this comparison; an equality, or None."""
    again = lambda x, y: _compare(read(x), read(y), q, 1).match     # noqa: E731
    m = parts.quantity_parts(answer, gold, q.text, again)
    if m is not None:
        return Decision(m, "typed:quantity_parts")
    m = parts.labelled_parts(answer, gold, q.text, again)
    return None if m is None else Decision(m, "typed:labelled_parts")


def _number_expression(answer: str, gold: str, a: Reading, g: Reading, q: Question) -> Decision:
    """A number against an expression (:mod:`.constants`): a rejection is final where it is a typed fact."""
    m, final = constants.number_and_expression(answer, gold, a, g, q)
    return Decision(m, "typed:number_expression", final=final and not m.equal)


def _or_rest(d: Decision, answer: str, gold: str, q: Question) -> Decision:
    """The typed verdict where it is an equality or a typed fact; else what the whole texts say (:func:`_rest`)."""
    return d if d.match.equal or d.final else _rest(answer, gold, q)


def _named_answer(a: Labelled, g: Reading, q: Question, depth: int) -> Decision | None:
    """An answer's name the reference does not give (it has none, or another one), its value a number or a quantity
    like the reference's, or a term like the reference's (``f(x) = 2x + 1`` for ``1 + 2x``). Against an unnamed
    reference the values decide, units and precision kept (``E = 3.8\\,\\text{MeV}`` is no ``3.8 eV``,
    ``v = 3\\,\\text{km/s}`` is ``3000 m/s``). Against another name: two
    assignments to one variable each (``y = 3`` for ``x = 3``, :func:`rlverify.rule.answers.core.other_variable`) are
    two unknowns, ``different``; any other pair of names over two numbers or quantities is two spellings of the
    quantity asked, and the values decide. None where a value is neither (a list, a relation, a sentence: other
    entries read them), or for two terms under two names (a function's variable renamed: no verdict)."""
    from ..answers.core import other_variable

    inner = g.inner if isinstance(g, Labelled) else g
    if not (_values(_leaf(a.inner), _leaf(inner), q) or _terms(a.inner, inner) or _approximated(a.inner, inner)
            or constants.pair(_leaf(a.inner), inner)):
        return None
    if isinstance(g, Labelled):
        if other_variable(a.text, g.text):
            return Decision(Match(False, ("variable",)), "typed:other_name", final=True)
        if not (_values(_leaf(a.inner), _leaf(inner), q) or _approximated(a.inner, inner)
                or constants.pair(_leaf(a.inner), inner)):
            return None     # 'f(x) = x' for 'f(z) = z': a function's variable renamed, no entry reads it
        # names not both one variable ('\\Delta H_{vap} = ...' for 'L_{vapor} = ...', 'E \\approx 1.232 V' for
        # '\\varepsilon = 1.23 V'): two spellings of the quantity asked, the values decide
        return _relabel(_compare(a.inner, inner, q, depth + 1), "other_name")
    return _relabel(_compare(a.inner, inner, q, depth + 1), "answer_label")


def _relabel(d: Decision, wrapper: str) -> Decision:
    return d if d.stage.startswith("typed:") else Decision(d.match, f"typed:{wrapper}>{d.stage}", d.final)


def _listed(letter: str, q: Question) -> Reading | None:
    text = q.option(letter)
    return read(text) if text is not None else None


def _letter(a: Option, g: Reading, q: Question, depth: int) -> Decision:
    """An answer that names an option, against a reference that is a value."""
    listed = _listed(a.letter, q)
    if listed is None:      # no option of that letter listed: the label is no choice
        if a.inner is not None:
            return _relabel(_compare(a.inner, g, q, depth + 1), "option_label")
        return _rest(a.text, g.text, q)
    if a.inner is not None:
        if _names_another_option(a.inner, listed, q, depth):
            return _hedge("typed:option_and_other_value")   # '(C) 72' where option C is 36: two answers
        d = _compare(a.inner, g, q, depth + 1)
        if d.match.equal:
            return _relabel(d, "option")
    return _relabel(_compare(listed, g, q, depth + 1), "option")


def _names_another_option(inner: Reading, listed: Reading, q: Question, depth: int) -> bool:
    """The value written after an option letter differs from the value the question lists for that letter: both read
    as numbers or quantities and compared unequal (a value no reader reads is not a second answer)."""
    from ..answers.numbers import numbers_equal, parse_number
    from ..answers.quantity import parse_quantity

    agrees = _compare(inner, listed, q, depth + 1).match
    if agrees.equal or agrees.undecided or "hedge" in agrees.flags:
        return False
    if parse_quantity(inner.text) is not None and parse_quantity(listed.text) is not None:
        return True
    na, nb = parse_number(inner.text), parse_number(listed.text)
    return na is not None and nb is not None and not numbers_equal(na, nb)


def _against_letter(a: Reading, g: Option, q: Question, depth: int) -> Decision:
    """A reference that is an option letter (with or without its value)."""
    if isinstance(a, Option):
        if a.letter != g.letter:
            return Decision(Match(False), "typed:option_letter", final=bool(q.option(a.letter)))
        listed = _listed(a.letter, q)
        if a.inner is not None and listed is not None and _names_another_option(a.inner, listed, q, depth):
            return _hedge("typed:option_and_other_value")
        return Decision(Match(True), "typed:option_letter")
    listed = _listed(g.letter, q)
    if listed is None and g.inner is not None:
        listed = g.inner
    if listed is None:
        return _rest(a.text, g.text, q)
    d = _compare(a, listed, q, depth + 1)
    if d.match.equal:
        return _relabel(d, "option_value")
    return _rest(a.text, g.text, q)


def _variable_in(q: Question, const: str) -> bool:
    """The question writes the constant's symbol as one of its own (``$C$``, ``C th column``)."""
    if not q.text:
        return False
    return re.search(rf"(?<![A-Za-z\\]){re.escape(const)}(?![A-Za-z])", q.text) is not None


def _antiderivative(a: Reading, g: Reading, q: Question) -> Decision:
    """Two antiderivatives: equal up to an additive constant."""
    for side in (a, g):
        if isinstance(side, Antiderivative) and not q.asks_antiderivative and _variable_in(q, side.constant):
            return _rest(a.text, g.text, q)    # 'the R-th row and C-th column': C is the question's variable
    if isinstance(a, Antiderivative) and isinstance(g, Antiderivative) and a.constant != g.constant \
            and not q.asks_antiderivative:
        return _rest(a.text, g.text, q)        # 'x^2 + C' and 'x^2 + K' with no integral asked: two names
    ea = a.expr if isinstance(a, Antiderivative) else a.text
    eg = g.expr if isinstance(g, Antiderivative) else g.text
    d = _expressions(ea, eg, q) if _terms(read(ea), read(eg)) else _rest(ea, eg, q)
    if d.match.equal:
        return _relabel(d, "antiderivative")
    from ..answers.symbolic import differ_by_constant

    left = remaining()
    budget = DEFAULT_CAS_TIMEOUT if left is None else min(DEFAULT_CAS_TIMEOUT, left / 2)
    if budget <= 0.01 or texty(ea) or texty(eg):
        return d        # words ('\\text{less than }0') are no antiderivative: the CAS would read past them
    try:
        same = differ_by_constant(ea, eg, timeout=budget)
    except BoundExceeded:
        return Decision(Match(False, ("timeout",)), "typed:antiderivative", final=True)
    if same is True:
        return Decision(Match(True, ("antiderivative",)), "typed:antiderivative")
    if same is False and (isinstance(a, Antiderivative) or isinstance(g, Antiderivative)) \
            and not texty(ea) and not texty(eg):   # two expressions without words: the CAS reading is sure
        return Decision(Match(False), "typed:antiderivative", final=True)   # derivatives differ: a typed 'different'
    return _relabel(d, "antiderivative")
