"""Core typed comparison: numbers, expressions, equations, intervals, tuples/sets, matrices,
choices and text.

Interface::

    compare_core(answer, gold, question=None) -> Match
    strip_units(text) -> str | None     ``12 \\text{ apples}`` -> ``12`` (caller decides when)
    other_variable(answer, gold) -> bool  both assign one variable, of different names (``y = 3`` for ``x = 3``)

Order of work, cheapest first: size caps; multiple-choice letters; for every reduction of
the answer span (:func:`rlverify.rule.answers.views.candidates`) against every reading of the
reference (itself, the right side of ``x = ...``): normalized text equality, exact
numbers (:mod:`.numbers`), then structure (:mod:`.shapes`) with the leaves compared by
number or by the bounded CAS (:mod:`.symbolic`). The reference is parsed once (LRU).
A list written with "or" where one value is asked is a hedge: ``Match(False, ("hedge",))``.
"""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass
from fractions import Fraction

from ...runtime.bounded import remaining
from ...runtime.caches import LRU, lru
from ...errors import BoundExceeded
from ...runtime.limits import DEFAULT_CAS_TIMEOUT, DEFAULT_ITEM_TIMEOUT, MAX_ANSWER_CHARS, MAX_GOLD_CHARS
from .match import Match, same_multiset
from .question import Question, as_question
from .choice import answer_letter, gold_letter, option_text
from .latex import clean, plain_key, split_top, unwrap_text
from .numbers import Num, decimal_comma, numbers_equal, parse_based, parse_number
from .precision import continued_decimal, rounded_from_reference, within_reference
from .quantity import parse_quantity
from .surface import numeric_value
from .shapes import Shape, inequality_as_interval, parse_shape
from .simplest import form_violation
from .symbolic import symbolic_equal
from .views import QUALIFIER_WORDS, bound_side, candidates, is_equation, offers_sign_choice, only_text, rhs_of_assignment
from ...flags import Flag

__all__ = ["compare_core", "strip_units", "other_variable"]

_WORD = re.compile(r"[a-zA-Z]{3,}")
_CMD = re.compile(r"\\[a-zA-Z]+")
_UNIT_TAIL = re.compile(r"^(.*?[\d}])\s*(?:\\(?:text|mbox)\{([^{}]*)\}|\\mathrm\{([^{}]*)\}|([a-zA-Z][a-zA-Z ]*))"
                        r"(?:\s*\^\s*\{?[23]\}?)?$")
_MAX_SYMBOLIC_ITEMS = 16
_NO_QUESTION = Question()   # an option's own text is compared without the question's context
_CLAIM_WORDS = re.compile(r"\b(?:is|are|was|were|be|not|wrong|incorrect|false|true|impossible|none|neither|nor"
                          r"|cannot|can't|isn't|if|when|then|because|since)\b", re.I)
_LABELLED = re.compile(r"^\(?\s*[A-E]\s*[).:]\s*(\S.*)$")
_REALS = re.compile(r"^\\mathbb\s*\{?\s*R\s*\}?$|^\\R$")
_RATIO = re.compile(r"^\s*(\d+)\s*:\s*(\d+)\s*$")
# A limit, sum, product or integral left unevaluated is a restatement, not a value.
_UNEVALUATED = re.compile(r"\\(?:i{0,3}int|oint|lim|limsup|liminf|sum|prod)(?![a-zA-Z])")
_VARIABLE = re.compile(r"^[A-Za-z](?:_\{?[A-Za-z0-9]+\}?)?$")


@dataclass(frozen=True)
class _Gold:
    views: tuple[str, ...]          # the reference and its readings (right side of an assignment)
    letter: str | None               # a multiple-choice reference
    shapes: tuple[Shape, ...]
    numbers: tuple[Num | None, ...]  # exact value of each view when it is plainly a number


class _Deadline:
    """One comparison's state: wall-clock budget (each CAS call gets what is left) and
    whether bare lists are sets (solutions, roots, "find all") or ordered (named values), and
    the variable's domain when the question states one (intervals start at 0)."""

    def __init__(self, seconds: float, question: Question) -> None:
        self.end = time.monotonic() + seconds
        self.hit = False
        self._q = question   # its facts are read when a shape needs them (most comparisons need none)

    @property
    def unordered(self) -> bool:
        return self._q.lists_are_sets

    @property
    def domain(self) -> str:
        return self._q.domain.value  # "positive" / "nonnegative" when the question restricts the variable

    @property
    def free_ends(self) -> bool:
        return self._q.asks_monotone_intervals  # open and closed ends agree (intervals of monotonicity)

    @property
    def extrema(self) -> bool:
        return self._q.asks_extrema  # a pair (minimum, maximum) in either order

    def left(self) -> float:
        return self.end - time.monotonic()


@lru("rule.gold_info")
def _gold_info(gold: str) -> _Gold:
    views = [clean(gold)]
    rhs = rhs_of_assignment(views[0])
    if rhs:
        views.append(rhs)
    if not is_equation(views[0]):  # a reference equation (y+3x-4=0) is not reduced to a side
        views += [c for c in candidates(gold)[1:] if c not in views]
    return _Gold(tuple(views), gold_letter(gold), tuple(_shape(v) for v in views),
                 tuple(parse_number(v) for v in views))


def _shape(text: str) -> Shape:
    """Structure of a span; a plain number (``2,600``) is a scalar, not a list; the reals
    (``\\mathbb{R}``) are the interval they are."""
    if parse_number(text) is not None:
        return Shape("scalar", (text,))
    if _REALS.match(text):
        return Shape("bracket", ("-\\infty", "\\infty"), "(", ")")
    return parse_shape(text)


def strip_units(text: str) -> str | None:
    """The value in ``<value> <unit words>`` (``12\\text{ cm}^2`` -> ``12``); None when there is
    no such tail or the tail qualifies the value (``12 or more``)."""
    m = _UNIT_TAIL.match(clean(text))
    if not m:
        return None
    unit = m.group(2) or m.group(3) or m.group(4) or ""
    value = clean(m.group(1))
    words = unit.split()
    if m.group(4) and m.start(4) == m.end(1) and not _is_unit(words[0] if words else "") \
            and words[0] not in ("st", "nd", "rd", "th"):
        return None      # '372jbk': letters glued to the number are part of a token, not a unit ('15th Day' is)
    if not words or len(words) > 4 or QUALIFIER_WORDS.search(unit) or _CLAIM_WORDS.search(unit):
        return None
    return value if value and not _texty(value) else None


def _is_unit(word: str) -> bool:
    from .units import parse_unit    # noqa: PLC0415 - lazy: the unit reader imports this package's helpers

    return len(word) <= 12 and parse_unit(word) is not None


def _texty(s: str) -> bool:
    return bool(_WORD.search(_CMD.sub(" ", s))) or "\\text" in s or "\\mbox" in s


def _symbolic(a: str, b: str, dl: _Deadline) -> bool:
    budget = max(min(DEFAULT_CAS_TIMEOUT, dl.left()), dl.left() / 2)
    if budget <= 0.01:
        dl.hit = True
        return False
    t0 = time.monotonic()
    try:
        result = _sym_cached(a, b, budget) is True
    except BoundExceeded:
        dl.hit = True
        return False
    dl.end += max(0.0, time.monotonic() - t0 - budget)  # a helper's start-up is not comparison time
    return result


_SYM_CACHE = LRU("rule.cas_equal")   # (a, b) -> bool | None
_SYM_CACHE_SIZE = _SYM_CACHE.limit
_SYM_LOCK = threading.Lock()


def _sym_cached(a: str, b: str, budget: float) -> bool | None:
    """Decided comparisons are remembered (a bound hit raises and is not)."""
    key = (a, b)
    with _SYM_LOCK:
        if key in _SYM_CACHE:
            return _SYM_CACHE[key]
    result = symbolic_equal(a, b, timeout=budget)
    with _SYM_LOCK:
        if len(_SYM_CACHE) >= _SYM_CACHE_SIZE:
            _SYM_CACHE.pop(next(iter(_SYM_CACHE)))
        _SYM_CACHE[key] = result
    return result


def _num(s: str) -> Num | None:
    return parse_number(s)


def _ratio(s: str) -> Num | None:
    """``1:2`` -> 1/2 (integers only; clock times are decided by the context layer first)."""
    m = _RATIO.match(s)
    if not m or int(m.group(2)) == 0:
        return None
    return Num(Fraction(int(m.group(1)), int(m.group(2))))


def _same_text(a: str, b: str) -> bool:
    """Equal as written: same key, or same words up to case when both are prose."""
    ka, kb = plain_key(a), plain_key(b)
    if ka == kb:
        return True
    words = len(ka) > 1 and ka.isalpha() and kb.isalpha()
    return ka.lower() == kb.lower() and (words or _texty(a) or _texty(b))


def _based_equal(a: str, b: str) -> bool | None:
    """``1604_8`` vs ``1604_8`` / ``1604`` (digits as written); None when neither has a base."""
    ba, bb = parse_based(a), parse_based(b)
    if ba is None and bb is None:
        return None
    if ba is not None and bb is not None:
        return ba == bb
    based, other = (ba, b) if ba is not None else (bb, a)
    plain = unwrap_text(clean(other)).strip()
    return bool(re.fullmatch(r"[0-9A-Za-z]+", plain)) and (plain.upper().lstrip("0") or "0") == based[0]


_APPROX_IN = re.compile(r"\\approx(?![A-Za-z])|\u2248")


def _leaf_equal(a: str, b: str, dl: _Deadline, cas: bool = True) -> bool:
    if a == b or _same_text(a, b):
        return True
    based = _based_equal(a, b)
    if based is not None:
        return based
    na, nb = _num(a) or _ratio(a), _num(b) or _ratio(b)
    if na is not None and nb is not None:
        return numbers_equal(na, nb) or within_reference(a, b, _exact_value)
    ta, tb = _texty(a), _texty(b)
    if ta != tb:  # one side carries unit words the other lacks: compare the values
        sa, sb = (strip_units(a), b) if ta else (a, strip_units(b))
        return sa is not None and sb is not None and _leaf_equal(sa, sb, dl, cas)
    if ta:
        return False
    if _UNEVALUATED.search(a) and not _UNEVALUATED.search(b):
        return False  # ``\int_0^1 x^2 dx`` is the question restated, not ``1/3``; no CAS either
    if not cas or _APPROX_IN.search(a) or _APPROX_IN.search(b):
        # the parser reads 'A \\approx B' as A (or as B) and drops the rest: the two members are the
        # views (candidates) the comparison already made, never one value
        return False
    return _symbolic(a, b, dl) or ((na is not None or nb is not None) and within_reference(a, b, _approximate_value))


def _lhs(assignment: str) -> str:
    return assignment.split("=", 1)[0]


def _item_equal(a: str, b: str, dl: _Deadline, cas: bool = True) -> bool:
    """Leaves of a list: also ``x=1`` against ``1``; tuples/intervals by structure."""
    sa, sb = parse_shape(a), parse_shape(b)
    if sa.kind != "scalar" or sb.kind != "scalar":
        return _shape_equal(sa, sb, dl)
    if _leaf_equal(a, b, dl, cas):
        return True
    if offers_sign_choice(a) and not offers_sign_choice(b):
        return False  # ``\pm n = 2`` offers two values; no part of it is the answer ``n = 2``
    xa, xb = rhs_of_assignment(a), rhs_of_assignment(b)
    if xa is not None and xb is not None and plain_key(_lhs(a)) != plain_key(_lhs(b)):
        return False  # a = 3 is not b = 3
    ra, rb = xa or a, xb or b
    if (ra, rb) != (a, b) and _leaf_equal(ra, rb, dl, cas):
        return True
    return any(_leaf_equal(c, rb, dl, cas) for c in candidates(a)[1:] if c != ra)


def _ordered(xs: tuple[str, ...], ys: tuple[str, ...], dl: _Deadline) -> bool:
    cas = len(xs) <= _MAX_SYMBOLIC_ITEMS
    return len(xs) == len(ys) and all(_item_equal(x, y, dl, cas) for x, y in zip(xs, ys))


def _unordered(xs: tuple, ys: tuple, dl: _Deadline, eq=None) -> bool:
    cas = len(xs) <= _MAX_SYMBOLIC_ITEMS
    return same_multiset(xs, ys, eq or (lambda x, y: _item_equal(x, y, dl, cas)))


def _as_vector(s: Shape) -> tuple[str, ...] | None:
    if s.kind == "matrix" and (len(s.items) == 1 or all(len(r) == 1 for r in s.items)):
        return tuple(c for r in s.items for c in r)
    if s.kind == "bracket" and (s.left, s.right) == ("(", ")"):
        return s.items
    return None


def _matrix_equal(a: Shape, g: Shape, dl: _Deadline) -> bool:
    if a.kind == g.kind == "matrix":
        if len(a.items) != len(g.items) or any(len(x) != len(y) for x, y in zip(a.items, g.items)):
            return False
        return all(_ordered(x, y, dl) for x, y in zip(a.items, g.items))
    va, vg = _as_vector(a), _as_vector(g)
    return va is not None and vg is not None and _ordered(va, vg, dl)


def _interval_view(s: Shape, dl: _Deadline) -> Shape:
    """Inequalities as intervals; under a question about positive (nonnegative) values, an
    unbounded-below interval starts at 0."""
    if s.kind == "scalar":
        s = inequality_as_interval(s.items[0]) or s
    if s.kind == "bracket" and len(s.items) == 2 and s.items[0] in ("-\\infty", "-\\infinity") and dl.domain:
        return Shape("bracket", ("0", s.items[1]), "(" if dl.domain == "positive" else "[", s.right)
    return s


_LETTERS = re.compile(r"\\[A-Za-z]+|[A-Za-z]")
_REL_COMMAND = re.compile(r"\\(?:leq?|geq?|neq?|lt|gt|leqslant|geqslant|infty)(?![a-zA-Z])")


def _names(s: str) -> set[str]:
    return set(_LETTERS.findall(_REL_COMMAND.sub(" ", clean(s))))


def _same_range(a: str, g: str, dl: _Deadline) -> bool:
    """Two one-variable inequalities over the same variable that describe one range
    (``-x > -1`` and ``x < 1``)."""
    ia, ig = inequality_as_interval(a), inequality_as_interval(g)
    if ia is None or ig is None or _names(a) != _names(g):
        return False
    return _shape_equal(ia, ig, dl)


def _union_view(s: Shape, other: Shape) -> Shape:
    """``x<2 \\text{ or } x>3`` against a union: the inequalities as a union of intervals."""
    if s.kind != "list" or other.kind != "union":
        return s
    parts = [inequality_as_interval(item) for item in s.items]
    if not all(parts):
        return s
    return Shape("union", tuple(q for p in parts for q in (p.items if p.kind == "union" else (p,))))


def _flat_groups(s: Shape, other: Shape) -> Shape:
    """``\\{1, 2\\}, \\{3, 4\\}`` against a flat list of scalars: the members in order."""
    if s.kind != "list" or other.kind != "list" or len(s.items) < 2:
        return s
    if any(parse_shape(x).kind != "scalar" for x in other.items):
        return s
    groups = [parse_shape(x) for x in s.items]
    if not all(gr.kind == "set" or (gr.kind == "bracket" and len(gr.items) > 1) for gr in groups):
        return s
    return Shape("list", tuple(x for gr in groups for x in gr.items))


def _top_equal(a: Shape, g: Shape, dl: _Deadline) -> bool:
    """Whole spans: a set of one member is that member (\\{5\\} for 5, \\{(2,3)\\} for the one pair (2,3));
    inside a collection it is not (\\{1\\}, \\{2\\} is no \\{1, 2\\})."""
    if a.kind == "set" and len(a.items) == 1 and g.kind in ("scalar", "bracket"):
        return _shape_equal(_shape(a.items[0]), g, dl)
    if g.kind == "set" and len(g.items) == 1 and a.kind in ("scalar", "bracket"):
        return _shape_equal(a, _shape(g.items[0]), dl)
    return _shape_equal(a, g, dl)


def _shape_equal(a: Shape, g: Shape, dl: _Deadline) -> bool:
    if "matrix" in (a.kind, g.kind):
        return _matrix_equal(a, g, dl)
    if a.kind == "scalar" and g.kind == "scalar":
        return _leaf_equal(a.items[0], g.items[0], dl) or _same_range(a.items[0], g.items[0], dl)
    a, g = _interval_view(a, dl), _interval_view(g, dl)
    a, g = _union_view(a, g), _union_view(g, a)
    if a.kind == g.kind == "union":
        return _unordered(a.items, g.items, dl, eq=lambda x, y: _shape_equal(x, y, dl))
    if a.kind == g.kind == "bracket":
        ends = len(a.items) == len(g.items) == 2 and {a.left, g.left} <= {"(", "["} \
            and {a.right, g.right} <= {")", "]"} and dl.free_ends
        return (ends or (a.left, a.right) == (g.left, g.right)) and _ordered(a.items, g.items, dl)
    if a.kind in ("list", "set") and g.kind in ("list", "set"):
        a, g = _flat_groups(a, g), _flat_groups(g, a)
        pair_of_extrema = len(a.items) == len(g.items) == 2 and dl.extrema
        if g.kind == "list" and a.kind == "list" and not dl.unordered and g.joiner != "pm" and not pair_of_extrema:
            return _ordered(a.items, g.items, dl)
        return _unordered(_distinct(a.items), _distinct(g.items), dl)
    if {a.kind, g.kind} == {"list", "bracket"}:
        br = a if a.kind == "bracket" else g
        return (br.left, br.right) == ("(", ")") and _ordered(a.items, g.items, dl)
    return False


def _distinct(items: tuple[str, ...]) -> tuple[str, ...]:
    """A set's members once each: ``(3, 17, 3, 7)`` and ``(3,17,3,7)`` listed twice are one member
    (the same text up to spacing and wrappers); equal values written differently stay (compared later)."""
    seen: dict[str, str] = {}
    for x in items:
        seen.setdefault(plain_key(x), x)
    return tuple(seen.values())


def _in_asked_form(answer: str, gold: str, q: Question) -> Match:
    """Equal in value; still wrong when the question asks for a simplified form it lacks."""
    why = form_violation(answer, gold, q.text)
    return Match(False, (why,)) if why else Match(True)


def _is_hedge(a: Shape, g: Shape) -> bool:
    return a.kind == "list" and a.joiner == "or" and g.kind == "scalar" and len(set(a.items)) > 1


def _cheap_match(cands: tuple[str, ...], gold: _Gold, q: Question) -> Match | None:
    """Pass 1, no CAS: same text, or both plainly numbers (then decided either way; a number
    agrees with a reference that was rounded to its written precision). A decimal comma (``2,74``,
    ``0,111``: no thousands grouping possible) is read as a point against a plain number: in the
    answer unless the question asks for several values (then ``2,5`` is a list); in the reference
    only without a question or when the question itself writes decimal commas (datasets write
    lists ``5,1`` for "the minimum and maximum values")."""
    for cand in cands:
        num = _num(cand)
        for view, gnum in zip(gold.views, gold.numbers):
            if _same_text(cand, view):
                return Match(True)
            if (num is None and gnum is not None and q.answer_commas) or (num is not None and gnum is None and q.gold_commas):
                dc = decimal_comma(cand) if num is None else decimal_comma(view)
                if dc is not None and numbers_equal(dc, num or gnum):
                    return Match(True)
            if num is not None and gnum is not None and numbers_equal(num, gnum):
                return _in_asked_form(cand, view, q)
            if num is not None and gnum is not None and within_reference(cand, view, _exact_value):
                return Match(True, (Flag.ROUNDING,))
            if num is not None and gnum is not None and q.expects_approximation and rounded_from_reference(cand, view):
                return Match(True, (Flag.ROUNDING,))
            if num is None and "." in cand and continued_decimal(cand, lambda v=view: _approximate_value(v)):
                return Match(True, (Flag.ROUNDING,))
    return None


def _exact_value(text: str) -> Fraction | None:
    n = _num(text) or _ratio(text)
    return n.value if n is not None and not n.percent else None


def _approximate_value(text: str) -> Fraction | float | None:
    """Value of a constant expression (bounded helper), for precision agreement only."""
    exact = _exact_value(text)
    return exact if exact is not None else numeric_value(text)


def _with_bound(cands: tuple[str, ...], q: Question) -> tuple[str, ...]:
    """"Prove that ... >= c; find the best constant c": the boxed relation states c."""
    if not q.asks_bound:
        return cands
    extra = tuple(b for b in (bound_side(c) for c in cands) if b and b not in cands)
    return cands + extra


def _compare_candidates(answer: str, gold: _Gold, dl: _Deadline, q: Question) -> Match:
    cands = _with_bound(candidates(answer), q)
    if offers_sign_choice(answer) and not any(offers_sign_choice(v) for v in gold.views):
        # ``\pm n = 2`` offers n = 2 and n = -2: no piece of it (the ``2`` it ends on) answers ``n = 2``
        cands = type(cands)(c for c in cands if offers_sign_choice(c))
    cheap = _cheap_match(cands, gold, q)
    if cheap is not None:
        return cheap
    hedge = False
    for cand in cands:
        shape, num = _shape(cand), _num(cand)
        for view, gshape, gnum in zip(gold.views, gold.shapes, gold.numbers):
            if num is not None and gnum is not None:
                continue  # two plain numbers were decided in pass 1
            if _top_equal(shape, gshape, dl):
                return _in_asked_form(cand, view, q)
            hedge = hedge or _is_hedge(shape, gshape)
            if dl.left() <= 0:
                return Match(False, ("timeout",))
    if hedge:
        return Match(False, ("hedge",))
    return Match(False, ("timeout",) if dl.hit else ())


def _compare_choice(answer: str, gold: _Gold, q: Question, dl: _Deadline) -> Match:
    if _same_text(answer, gold.views[0]):
        return Match(True)
    letter = next((x for x in map(answer_letter, candidates(answer)) if x is not None), None)
    if letter is not None:
        return Match(letter == gold.letter)
    text = option_text(q.text, gold.letter or "")
    if text is None:
        return Match(False)
    return _compare_candidates(answer, _gold_info(text), dl, _NO_QUESTION)


def _letter_for_value(answer: str, gold: _Gold, q: Question, dl: _Deadline) -> Match | None:
    """The answer names an option (``B``, ``(B) 12``) where the reference is a value: the
    option's text in the question decides; without one, the value written after the label."""
    letter = answer_letter(answer)
    if letter is None:
        return None
    text = option_text(q.text, letter)
    if text is None:
        m = _LABELLED.match(unwrap_text(clean(answer)))
        text = m.group(1) if m else None
    return None if text is None else _compare_candidates(text, gold, dl, _NO_QUESTION)


def compare_core(answer: str, gold: str, question: Question | str | None = None) -> Match:
    """Compare an extracted answer span with the reference by type."""
    q = as_question(question)
    if len(gold) > MAX_GOLD_CHARS:
        return Match(False, ("gold_too_long",), undecided=True)
    if len(answer) > MAX_ANSWER_CHARS:
        return Match(False, ("too_long",))
    if other_variable(answer, gold):
        return Match(False, ("variable",))
    g = _gold_info(gold)
    left = remaining()  # the caller's item deadline (RuleVerifier sets one), else the default
    dl = _Deadline(DEFAULT_ITEM_TIMEOUT if left is None else left, q)
    if g.letter is not None:
        return _compare_choice(answer, g, q, dl)
    m = _compare_candidates(unwrap_text(answer) if only_text(answer) else answer, g, dl, q)
    if not m.equal and Flag.HEDGE not in m.flags:
        alt = (_letter_for_value(answer, g, q, dl) or _one_of_listed(answer, g, q, dl)
               or _unit_the_reference_lacks(answer, g, q))
        if alt is not None and alt.equal:
            return alt
    return m


def _unit_the_reference_lacks(answer: str, gold: _Gold, q: Question) -> Match | None:
    """``1,000.99 m²`` / ``98 ft`` against the bare number ``1000.99`` / ``98``: the magnitude is the
    answer. Reached only when the context layer left the unit undecided (a one-letter symbol the
    question does not name may be a variable there: it counts here only after a measured value, a
    decimal or grouped number, never after an integer coefficient, ``4t``). Not when the reference is more than a number
    (``50\\ \\mathrm{min}``) or the question names a unit of another dimension (``in minutes``
    against ``50 W``). Equal magnitudes only: never a rejection."""
    gnum = gold.numbers[0]
    if gnum is None or gnum.percent:
        return None
    qty = parse_quantity(clean(answer)) if len(answer) <= 200 else None
    if qty is None or qty.unit is None or qty.unit.kind != "physical":
        return None
    n = parse_number(qty.magnitude)
    if n is None or n.percent or not numbers_equal(n, gnum):
        return None
    if qty.unit.short and not qty.wrapped and not re.search(r"[.,]", qty.magnitude):
        return None   # "4t" is 4 times t: a one-letter symbol is a unit after a measured value (2.5m, 1,000.99m²)
    if q.text:
        dim = qty.unit.dimensionality()
        if any(u.dimensionality() != dim for u in q.units):
            return None
    return Match(True, ("unit",))


def _assigned_name(s: str) -> str | None:
    """``y = 3`` -> ``y``: the single variable a one-equation span assigns (None otherwise)."""
    parts = split_top(clean(s), ("=",))
    if len(parts) != 2 or not parts[1].strip():
        return None
    name = parts[0].replace(" ", "")
    return re.sub(r"[{}]", "", name) if _VARIABLE.match(name) else None


def other_variable(answer: str, gold: str) -> bool:
    """Both sides assign a named variable and the names differ (``y = 3`` vs ``x = 3``).
    Case is ignored: a model writing ``N = 5`` for ``n = 5`` names the same unknown."""
    na = _assigned_name(answer)
    ng = _assigned_name(gold) if na is not None else None
    return ng is not None and na.lower() != ng.lower()


def _one_of_listed(answer: str, gold: _Gold, q: Question, dl: _Deadline) -> Match | None:
    """"Find another 5-label ...": the reference lists every valid example, one is asked."""
    if not q.asks_one_example or gold.shapes[0].kind != "list":
        return None
    if _shape(clean(answer)).kind != "scalar":
        return None
    for item in gold.shapes[0].items:
        m = _compare_candidates(answer, _gold_info(item), dl, q)
        if m.equal:
            return m
    return None

