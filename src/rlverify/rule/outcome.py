"""The rules' outcome on a rejection: ``different`` (final) or ``unsure`` (a judge may decide).

Interface::

    match_outcome(correct, match, answer, gold, question, cas=True) -> Outcome   the outcome of a rule verdict
    rejection_outcome(answer, gold, question=None, cas=True) -> Outcome   (Outcome.DIFFERENT | Outcome.UNSURE)

``cas=False`` reads both sides without the CAS (a helper round trip per rejection): expressions that
only a CAS could tell apart stay ``unsure``. The plain rule verifier uses it by default (speed); the
hybrid asks for the CAS, since every ``unsure`` it leaves would be a judge call.
    DIFF_TIMEOUT, MAX_SPAN_CHARS, MAX_LEAVES, SAMPLE_POINTS, MAX_SYMBOLS, MEMO_SIZE   documented caps

The rule verifier calls this only for a span it rejected. Both sides are read with the readers
of :mod:`rlverify.rule.answers` into typed values; ``different`` means both were read into
*comparable* values that differ beyond the rounding either side allows:

* numbers: :func:`~rlverify.rule.answers.numbers.parse_number` (exact), infinities, numbers in
  words (``two``), or a constant expression read by the rules' CAS reader (bounded). Two values agree when the coarser
  is the finer rounded or cut at its last digit (``6.01`` for ``6 1/64``, ``0.33`` for ``1/3``,
  an integer for a decimal: ``300`` for ``299.94``) or when both round alike at the precision
  the question asks for; two values written to the same precision (``0.5``, ``0.6``) must be
  equal; a percent on one side may also mean /100.
* tuples and intervals of the same arity (position by position; a permutation, or the same
  ends in other brackets, stays unsure),
  sets and lists (a scalar is a one-element set), sets and lists of points of one arity
  (``(12, 1), (1, 7)`` against ``(7, 1), (1, 7)``), clock times (``7:40 a.m.``), matrices, option letters, quantities aligned
  in one unit (:func:`~rlverify.rule.answers.quantity.align`), and expressions in the same free
  symbols whose values differ at most of the ``SAMPLE_POINTS`` where both are real (bounded CAS;
  integer and non-integer points, so floor/ceiling forms are seen), equations whose sides'
  differences are not proportional, one-sided bounds with the same relation and side.

Everything else is ``unsure``: a side that cannot be read, types that do not compare (a number
against a word, different dimensions, tuples of another arity), free text, values that agree
within rounding (the rules refused them for another reason), a bound hit. Unsure is the safe
side: it only means the rules cannot close the case.

Cost: the text readers run in-process (linear regexes on at most ``MAX_SPAN_CHARS``); the CAS
readings run as one :func:`~rlverify.runtime.bounded.run_bounded` job capped by
``DIFF_TIMEOUT`` and what is left of the item deadline. Nothing is evaluated from raw text.
"""

from __future__ import annotations

import logging
import math
import re
import threading
from dataclasses import dataclass
from typing import Any

from ..errors import BoundExceeded
from ..runtime.bounded import remaining, run_bounded
from ..runtime.caches import LRU
from ..flags import Flag
from ..verdict import Outcome
from .answers.choice import answer_letter, gold_letter
from .answers.latex import clean, split_top
from .answers.numbers import parse_number
from .answers.shapes import Shape, inequality_as_interval, parse_shape

__all__ = ["match_outcome", "rejection_outcome", "within_budget", "texty", "Outcome", "DIFF_TIMEOUT", "MAX_SPAN_CHARS", "MAX_LEAVES", "SAMPLE_POINTS", "MAX_SYMBOLS",
           "MEMO_SIZE"]

_log = logging.getLogger(__name__)

DIFF_TIMEOUT = 1.0        # seconds for the CAS readings of one rejection (never more than the item has left)
MAX_SPAN_CHARS = 400      # a longer answer or gold is not read (unsure)
MAX_LEAVES = 16           # sets/tuples/matrices with more leaves are not read (unsure)
SAMPLE_POINTS = 5         # expressions differ when their values differ at most of these points
MAX_SYMBOLS = 6           # expressions in more free symbols are not read (unsure)
_REL_EPS = 1e-9           # float noise allowed on top of the written rounding
_EXPR_REL_DIFF = 1e-6     # relative gap that makes two expression values differ at a point

_DIFFERENT, _CLOSE, _UNSURE = "different", "close", "unsure"
_INFINITY = re.compile(r"^([+-]?)\s*(?:\\infty|\\infinity|∞|\\inf)$")
_APPROX = re.compile(r"^(?:\\approx|≈|\\sim|\\simeq|\\doteq)\s*")
_DECIMALS = re.compile(r"\d*\.(\d+)")
_EXPONENT = re.compile(r"[eE]([+-]?\d+)$|10\s*\^\s*\{?\s*([+-]?\s*\d+)\s*\}?$")
_UNITISH = re.compile(r"[A-Za-z°%$€£]|\\(?:text|mathrm|circ|degree)")
_RELATION = re.compile(r"=|<|>|\\(?:le|ge|leq|geq|neq|ne|lt|gt|approx|in|to)(?![a-zA-Z])")
_TEXTY = re.compile(r"\\text|[A-Za-z]{3,}")
_CMD = re.compile(r"\\[a-zA-Z]+")
_UNIT_MARK = re.compile(r"\\(?:text|mathrm|rm|mbox|operatorname|textrm)(?![a-zA-Z])")
# ``1,\! 050`` / ``2,\ 271,\ 380``: digit groups with LaTeX spacing after the comma
_SPACED_GROUPS = re.compile(r"^[+-]?\d{1,3}(?:,\s*(?:\\[!,;: ]\s*)*\d{3})+(?:\.\d+)?$")
_GROUP_GAP = re.compile(r",\s*(?:\\[!,;: ]\s*)*")
_GROUP_INSIDE = re.compile(r"\d,\s*(?:\\[!,;: ]\s*)+\d{3}(?!\d)")  # a spaced digit group inside a longer span


@dataclass(frozen=True, init=False)
class _Num:
    value: float
    tol: float = 0.0          # the last unit it is written to (0.01 for 3.14; 0: exact)
    percent: bool = False
    integer: bool = False     # written as an integer (may be a non-integer rounded to units)

    def __init__(self, value: float, tol: float = 0.0, percent: bool = False, integer: bool = False) -> None:
        d = self.__dict__     # (frozen: written directly, not by an object.__setattr__ per field)
        d["value"], d["tol"], d["percent"], d["integer"] = value, tol, percent, integer


@dataclass(frozen=True)
class _Ctx:
    cas: bool                 # CAS readings allowed (inside the bounded helper)
    round_places: int | None  # the question asks for k decimal places (negative: tens...)
    round_sig: int | None     # ... or for d significant figures
    fixed: frozenset = frozenset()   # one-letter names the question gives a value (x = 3, a=-2)
    all_asked: bool = False          # the question asks for all solutions/values, not one example


# Match flags after which the rules cannot call a rejection final.
_UNDECIDABLE = frozenset(("timeout", "too_deep", "error", "hedge", "gold_too_long", "too_long"))


def match_outcome(correct: bool, match: Any, answer: str | None, gold: str, question: str | None,
                  cas: bool = True) -> Outcome:
    """The outcome of a comparison: ``equal`` when accepted; for a rejection ``unsure`` when the
    comparison hit a bound, saw a hedge or could not read the reference, else
    :func:`rejection_outcome`."""
    if correct:
        return Outcome.EQUAL
    if match.undecided or _UNDECIDABLE.intersection(getattr(f, "value", f) for f in match.flags):
        return Outcome.UNSURE
    if Flag.TYPED_DIFFERENT in match.flags:     # the typed comparison's own fact (rule.compare.apart.marked)
        return Outcome.DIFFERENT
    return rejection_outcome(answer, gold, question, cas)


def rejection_outcome(answer: str | None, gold: str, question: str | None = None, cas: bool = True) -> Outcome:
    """``different`` or ``unsure`` for an answer span the rules rejected (see the module doc).
    Decided outcomes are memoized (``MEMO_SIZE``; a bound hit is not remembered)."""
    if answer is None or not answer.strip() or len(answer) > MAX_SPAN_CHARS or len(gold) > MAX_SPAN_CHARS:
        return Outcome.UNSURE
    key = (answer, gold, question, cas) if len(question or "") <= _MEMO_QUESTION_CHARS else None
    with _MEMO_LOCK:
        hit = _MEMO.get(key) if key is not None else None
    if hit is not None:
        return hit
    try:
        result, wants_cas = _classify(answer, gold, question, cas=False)
        if result == _UNSURE and wants_cas and cas:
            left = remaining()
            budget = DIFF_TIMEOUT if left is None else min(DIFF_TIMEOUT, left)
            if budget <= 0.01:
                return Outcome.UNSURE
            result = run_bounded(_classify_job, answer, gold, question, timeout=budget)
    except BoundExceeded:
        return Outcome.UNSURE
    except Exception:  # noqa: BLE001 - a reader failing means the rules are unsure, never a crash
        _log.debug("rule.outcome: reading failed", exc_info=True)
        return Outcome.UNSURE
    outcome = Outcome.DIFFERENT if result == _DIFFERENT else Outcome.UNSURE
    if key is not None:
        with _MEMO_LOCK:
            if len(_MEMO) >= MEMO_SIZE:
                _MEMO.pop(next(iter(_MEMO)))
            _MEMO[key] = outcome
    return outcome


_MEMO = LRU("rule.outcome")   # (answer, gold, question, cas) -> Outcome
MEMO_SIZE = _MEMO.limit       # remembered outcomes (least recently used dropped first)
_MEMO_QUESTION_CHARS = 4000   # a longer question is not part of a memo key (not remembered)
_MEMO_LOCK = threading.Lock()


def _classify_job(answer: str, gold: str, question: str | None) -> str:
    """Runs in a bounded helper: the readings with the CAS allowed."""
    return _classify(answer, gold, question, cas=True)[0]


def _context(question: str | None, cas: bool) -> _Ctx:
    from .answers.rounding import requested

    from .answers.question import read_question

    spec = requested(question)
    fixed = frozenset(_FIXED.findall(_EXAMPLE.sub(" ", question[-4000:]))) if question and "=" in question \
        else frozenset()
    q = read_question(question)
    all_asked = bool(question) and _ALL_ASKED.search(q.request or question) is not None and not q.asks_one_example
    if spec is None:
        return _Ctx(cas, None, None, fixed, all_asked)
    return _Ctx(cas, spec.digits if spec.kind == "places" else None, spec.digits if spec.kind == "sig" else None, fixed,
                all_asked)


# 'find all x', 'all solutions', 'all real values', 'all possible values': the whole set is asked
_ALL_ASKED = re.compile(r"\ball\b(?:\s+\w+){0,3}\s+(?:solutions?|roots?|values?|numbers?|x|n|pairs?|integers?|zeros?)\b"
                        r"|\bsolve\b", re.I)


# 'For example, when $n=5$, we have ...': a sentence that shows an example fixes no name (up to its full stop, a
# full stop inside $...$ or a number apart)
_EXAMPLE = re.compile(r"\b(?:for (?:example|instance)|e\.g\.)[^.]{0,400}?(?:\.(?=\s|$)|$)", re.I)


# 'x = 3', 'a=-2', 'n = \frac{1}{2}': a name the question fixes to a value
_FIXED = re.compile(r"(?<![A-Za-z\\])([A-Za-z])\s*=\s*(?=[-+]?\s*(?:\d|\\frac|\\sqrt|\\pi))")


def _classify(answer: str, gold: str, question: str | None, cas: bool) -> tuple[str, bool]:
    """(different | close | unsure, whether a CAS reading could still decide)."""
    answer, gold = _ungroup(answer.strip()), _ungroup(gold.strip())
    answer, gold = _text_or(answer), _text_or(gold)   # 'a \\text{ OR } b': a list, not text
    if "," in answer and _GROUP_INSIDE.search(answer) or "," in gold and _GROUP_INSIDE.search(gold):
        return _UNSURE, False  # digit groups or a list? not read
    a, g = _value_side(clean(answer), clean(gold)), clean(gold)
    if a != clean(answer) and "=" in g:
        g = _value_side(g, "")
    ctx = _context(question, cas)
    letter = gold_letter(gold)
    if letter is not None:
        other = answer_letter(answer)
        return (_DIFFERENT if other is not None and other != letter else _UNSURE), False
    na, ng = _number(a, ctx), _number(g, ctx)
    if na is not None and ng is not None:
        return _compare_numbers(na, ng, ctx), False
    clocks = _compare_clock_times(a, g)
    if clocks is not None:
        return clocks, False
    if cas:
        sets = _compare_real_sets(a, g, question)
        if sets is not None:
            return sets, False
    if _UNITISH.search(a) or _UNITISH.search(g):
        q = _quantities(answer, gold, question, ctx)
        if q is not None and q != _UNSURE:
            return q, False
    if cas and na is not None and ng is None and _number_against_relation(na, g, ctx):
        return _DIFFERENT, False    # a number against a curve or a set of infinitely many values
    la, lg = _without_degrees(_and_list(a), _and_list(g))
    sa, sg = _shape(la), _shape(lg)
    result = _compare_shapes(sa, sg, ctx)
    if result != _UNSURE or cas or texty(a) or texty(g):
        return result, False
    from .answers.symbolic import too_big

    if too_big(a) or too_big(g):
        return result, False  # a power tower or a huge factorial: the comparison refused it, so does this
    return result, True


def _text_or(text: str) -> str:
    """``_TEXT_OR.sub(" or ", text)``, run only where a match can be (each holds '\\text' or 'OR')."""
    return _TEXT_OR.sub(" or ", text) if "\\text" in text or "OR" in text else text


def _ungroup(text: str) -> str:
    """A number written in digit groups is that number, not a list (``1,\\! 050`` -> ``1050``)."""
    return _GROUP_GAP.sub("", text) if _SPACED_GROUPS.match(text) else text


def _value_side(answer: str, gold: str) -> str:
    """``n = 40`` read as ``40`` against a reference that assigns nothing (or the same name); a
    chain ``14 + 18 = 34`` as the value it ends on."""
    from .answers.views import rhs_of_assignment

    rhs = rhs_of_assignment(answer)
    if rhs is None:
        last = split_top(answer, ("=",))[-1]  # a chain "14 + 18 = 34" states its last value
        return clean(last) if "=" not in gold and last != answer and parse_number(clean(last)) is not None else answer
    if "=" not in gold:
        return rhs
    g_rhs = rhs_of_assignment(gold)
    same_name = g_rhs is not None and answer.split("=", 1)[0].strip() == gold.split("=", 1)[0].strip()
    return rhs if same_name else answer


# ------------------------------------------------------------------ numbers

def _ulp(text: str) -> float:
    """One unit of the last written decimal (``3.14`` -> 0.01, ``1.5e3`` -> 100)."""
    m = _DECIMALS.search(text)
    if m is None:
        return 0.0
    e = _EXPONENT.search(text)
    exp = int((e.group(1) or e.group(2)).replace(" ", "")) if e else 0
    return 10.0 ** (exp - len(m.group(1)))


_OVER_ZERO = re.compile(r"^-?\s*(?:\\frac\s*\{\s*-?\d+(?:\.\d+)?\s*\}\s*\{\s*0\s*\}|\d+(?:\.\d+)?\s*/\s*0)$")
_SHORT_FRAC = re.compile(r"\\[dt]?frac\s*(\d)\s*(\d)")  # \frac43 is \frac{4}{3}


def _number(leaf: str, ctx: _Ctx) -> _Num | None:
    t = leaf.strip()
    if t[:1] in ("\\", "≈"):          # (every _APPROX match opens with one of them)
        t = _APPROX.sub("", t)
    if "frac" in t:
        t = _SHORT_FRAC.sub(r"\\frac{\1}{\2}", t)
    inf = _INFINITY.match(t)
    if inf:
        return _Num(-math.inf if inf.group(1) == "-" else math.inf)
    if _OVER_ZERO.match(t):
        return _Num(math.inf)   # '\\frac{5}{0}': no finite number (equal to none the reference names)
    n = parse_number(t)
    if n is not None:
        try:
            value = float(n.value)
        except OverflowError:
            return None
        integer = n.value.denominator == 1 and not n.decimal and "/" not in t and "frac" not in t
        return _Num(value, _ulp(t) if n.decimal else 0.0, n.percent, integer)
    worded = _worded(t)
    if worded is not None:
        return worded
    if ctx.cas and "." not in t and not _TEXTY.search(_CMD.sub(" ", t)) and not _RELATION.search(t):
        v = _constant(t)
        return None if v is None else _Num(v)
    return None


def _worded(text: str) -> _Num | None:
    """A number written in words (``two``, ``twenty-one``, ``three halves``), exact."""
    if len(text) > 80 or not any(c.isalpha() for c in text):
        return None
    from .answers.words import words_to_number

    v = words_to_number(text)
    if v is None:
        return None
    return _Num(float(v), 0.0, False, v.denominator == 1)


def _constant(tex: str) -> float | None:
    """Value of a constant expression by the rules' CAS reader (inside the bounded helper); None
    when a float cannot hold it (``1/2004!``: compared as an expression instead)."""
    values = _expr_values(tex)
    if values is None or values[0]:
        return None
    v = float(values[1][0])
    return v if v == 0 and values[1][0] == 0 or 1e-300 < abs(v) < 1e300 else None


def _rounds(v: float, unit: float) -> int:
    return math.floor(v / unit + 0.5 + 1e-9)


def _agree(x: float, ux: float, y: float, uy: float, ctx: _Ctx) -> bool:
    """``x`` (written to the last unit ``ux``; 0: exact) and ``y`` may stand for one value: equal,
    or the coarser is the finer rounded or cut at its last digit, or both round alike at the
    precision the question asks for. Two values written to the same precision must be equal."""
    eps = _REL_EPS * max(abs(x), abs(y))   # relative: 7.5e-10 and 6e-10 differ (no absolute floor)
    if abs(x - y) <= eps:
        return True
    if ctx.round_places is not None and _rounds(x, 10.0 ** -ctx.round_places) == _rounds(y, 10.0 ** -ctx.round_places):
        return True
    if ctx.round_sig is not None and x and y:
        unit = 10.0 ** (math.floor(math.log10(max(abs(x), abs(y)))) + 1 - ctx.round_sig)
        if _rounds(x, unit) == _rounds(y, unit):
            return True
    if ux == uy:
        return False
    fine, coarse, unit = (x, y, uy) if ux < uy else (y, x, ux)
    if abs(fine - coarse) <= 0.5 * unit + eps:
        return True
    return abs(math.trunc(fine / unit + 1e-9 * math.copysign(1, fine)) * unit - coarse) <= eps


def _unit_of(n: _Num, other: _Num, ctx: _Ctx) -> float:
    """The last unit a side is written to; an integer against a written decimal may be its
    rounding to units (``300`` for ``299.94``), unless the question says how to round."""
    if n.integer and other.tol > 0 and not other.value.is_integer() and ctx.round_places is None \
            and ctx.round_sig is None:
        return 1.0
    return n.tol


def _close(a: _Num, b: _Num, ctx: _Ctx) -> bool:
    pairs = [(a, b)]
    if a.percent != b.percent:  # 50% may be 0.5
        pct, other = (a, b) if a.percent else (b, a)
        pairs.append((_Num(pct.value / 100, pct.tol / 100), other))
    for x, y in pairs:
        if math.isinf(x.value) or math.isinf(y.value):
            if x.value == y.value:
                return True
            continue
        if x.integer and y.integer and ctx.round_places is None and ctx.round_sig is None \
                and max(abs(x.value), abs(y.value)) < 2.0 ** 53:
            if x.value == y.value:   # two integers held exactly by floats: no float noise to allow for
                return True          # (1000000000007 vs 1000000000004 was within the relative epsilon)
            continue
        if _agree(x.value, _unit_of(x, y, ctx), y.value, _unit_of(y, x, ctx), ctx):
            return True
    return False


def _compare_numbers(a: _Num, b: _Num, ctx: _Ctx) -> str:
    return _CLOSE if _close(a, b, ctx) else _DIFFERENT


# ------------------------------------------------------------------ quantities

def _quantities(answer: str, gold: str, question: str | None, ctx: _Ctx) -> str | None:
    """Both sides in one unit (None: no units involved, or the unit layer decided a mismatch)."""
    from .answers.quantity import Aligned, align, other_dimension

    al = align(answer, gold, question)
    if not isinstance(al, Aligned):
        if al is not None and other_dimension(answer, gold, question):
            return _DIFFERENT     # two sure units of dimensions apart even in natural units: another quantity
        return None if al is None else _UNSURE  # other dimensions that may be one quantity, clocks: not comparable
    if al.converted:
        x, y = al.answer_value, al.gold_value
        if x is None or y is None:
            return _UNSURE
        return _CLOSE if math.isclose(x, y, rel_tol=5e-3, abs_tol=0.0) else _DIFFERENT   # relative only: 1e-26 scales
    na, ng = _number(clean(al.answer), ctx), _number(clean(al.gold), ctx)
    if na is None or ng is None:
        return _UNSURE
    return _compare_numbers(na, ng, ctx)


# ------------------------------------------------------------------ structures

def _shape(text: str) -> Shape:
    if parse_number(text) is not None:
        return Shape("scalar", (text,))
    s = parse_shape(text)
    if s.kind == "scalar":
        s = inequality_as_interval(s.items[0]) or s
    return s


def _leaves(s: Shape) -> tuple[str, ...] | None:
    if s.kind == "matrix":
        return tuple(c for row in s.items for c in row)
    if s.kind in ("scalar", "list", "set", "bracket"):
        return s.items
    return None


def _compare_shapes(a: Shape, g: Shape, ctx: _Ctx) -> str:
    la, lg = _leaves(a), _leaves(g)
    if la is None or lg is None or len(la) > MAX_LEAVES or len(lg) > MAX_LEAVES:
        return _UNSURE
    if a.kind == g.kind == "scalar":
        return _compare_scalars(la[0], lg[0], ctx)
    if a.kind == "matrix" or g.kind == "matrix":
        if a.kind == "scalar" and len(lg) > 1 and _number(la[0], ctx) is not None:
            return _DIFFERENT      # one number against a matrix of several entries: no number is a matrix
        if a.kind != g.kind:
            return _UNSURE
        if (len(a.items), len(a.items[0])) != (len(g.items), len(g.items[0])):
            return _DIFFERENT
        return _positional(la, lg, ctx)
    if a.kind == "scalar" and _one_against_several(la[0], lg, g, ctx):
        return _DIFFERENT
    if "bracket" in (a.kind, g.kind):
        if len(la) != len(lg) or len(la) < 2 or not {a.kind, g.kind} <= {"bracket", "list"}:
            return _UNSURE
        result = _positional(la, lg, ctx)
        if result == _DIFFERENT and _as_sets(la, lg, ctx) == _CLOSE:
            return _UNSURE  # the same values in another order: order may not matter to the question
        if result == _CLOSE and (a.left, a.right) != (g.left, g.right):
            return _UNSURE  # the same ends, other brackets: open or closed may not matter (monotonic intervals)
        return result
    if a.kind == "scalar":
        return _UNSURE  # one value where the reference has several: incomplete, a judge may weigh it
    points = _as_point_sets(la, lg, ctx)
    return points if points is not None else _as_sets(la, lg, ctx)


def _one_against_several(a: str, lg: tuple[str, ...], g: Shape, ctx: _Ctx) -> bool:
    """One number against a reference of two or more distinct numbers that is a point or an interval (no number
    equals a pair), or a list where the question asks for all of them (``1`` for ``1, 2``: a part of the set)."""
    if g.kind not in ("bracket", "list") or len(lg) < 2 or g.kind == "list" and not ctx.all_asked:
        return False
    na, ng = _number(a, ctx), _read_all(lg, ctx)
    if na is None or ng is None:
        return False
    return any(not _close(ng[0], y, ctx) for y in ng[1:])     # several values, not one value written twice


def _points(leaves: tuple[str, ...], ctx: _Ctx) -> list[list[_Num]] | None:
    """Each leaf a tuple of numbers, all of one arity (``(7, 1), (1, 7)``); None otherwise."""
    out = []
    for leaf in leaves:
        s = parse_shape(leaf)
        if s.kind != "bracket" or s.left != "(" or s.right != ")" or len(s.items) < 2:
            return None
        nums = _read_all(s.items, ctx)
        if nums is None or (out and len(nums) != len(out[0])):
            return None
        out.append(nums)
    return out or None


def _as_point_sets(la: tuple[str, ...], lg: tuple[str, ...], ctx: _Ctx) -> str | None:
    """Sets of points of one arity (``(12, 1), (1, 7)`` against ``(7, 1), (1, 7)``): different when a point on
    one side matches none on the other, position by position. None when the leaves are not such points."""
    xs, ys = _points(la, ctx), _points(lg, ctx)
    if xs is None or ys is None:
        return None
    if len(xs[0]) != len(ys[0]):
        return _UNSURE

    def same(p: list[_Num], q: list[_Num]) -> bool:
        return all(_close(u, v, ctx) for u, v in zip(p, q))

    covered = all(any(same(x, y) for y in ys) for x in xs)
    covering = all(any(same(x, y) for x in xs) for y in ys)
    return _CLOSE if covered and covering else _DIFFERENT


def _compare_real_sets(a: str, g: str, question: str | None) -> str | None:
    """Both sides read as sets of reals (``x \\le -7 \\text{ or } x \\ge 3`` against ``x \\le -2 \\text{ or } x \\ge 3``,
    intervals, set-builder): different when the sets differ. None when a side is not such a set."""
    from .answers.forms import same_real_set
    from .answers.sets import read_set

    if read_set(a) is None or read_set(g) is None:
        return None
    try:
        same = same_real_set(a, g, question)
    except BoundExceeded:
        return _UNSURE
    return None if same is None else (_CLOSE if same else _DIFFERENT)


_TEXT_OR = re.compile(r"\\text\s*\{\s*(?:or|OR|Or)\s*\}|(?<=\s)OR(?=\s)")
_TEXT_AND = re.compile(r"\\text\s*\{\s*(?:,\s*)?and\s*\}|\\(?:quad|qquad)\s*\\text\s*\{\s*and\s*\}\s*\\q?quad")


_DEGREE_MARK = re.compile(r"\^\s*\{\s*\\circ\s*\}|\^\s*\\circ(?![a-zA-Z])|°|\\degree(?![a-zA-Z])")


def _and_list(text: str) -> str:
    """``2^\\circ \\text{ and } 360^\\circ``: two values listed with a worded 'and', read as the list they state (a
    list of quantities is no compound quantity; its values compare as a list)."""
    return _TEXT_AND.sub(", ", text) if "and" in text else text


_RX_WITHOUT_DEGREES_1 = re.compile(r"\d+(?:\.\d+)?")
_RX_WITHOUT_DEGREES_2 = re.compile(r"\d+(?:\.\d+)?")
_RX_WITHOUT_DEGREES_3 = re.compile(r"[A-Za-z]")


def _without_degrees(a: str, g: str) -> tuple[str, str]:
    """Both sides mark every value in degrees (``2^\\circ, 360^\\circ`` against ``0^\\circ, 360^\\circ``): one unit on
    both sides, so the values compare as numbers."""
    if not (_DEGREE_MARK.search(a) and _DEGREE_MARK.search(g)):
        return a, g
    sa, sg = _DEGREE_MARK.sub("", a), _DEGREE_MARK.sub("", g)
    marks = len(_DEGREE_MARK.findall(a)), len(_DEGREE_MARK.findall(g))
    values = len(_RX_WITHOUT_DEGREES_1.findall(sa)), len(_RX_WITHOUT_DEGREES_2.findall(sg))
    return (sa, sg) if marks == values and not _RX_WITHOUT_DEGREES_3.search(_CMD.sub(" ", sa + sg)) else (a, g)


def _compare_clock_times(a: str, g: str) -> str | None:
    """``7:40 a.m.`` against ``4:40 a.m.``: two clock times (minutes since midnight; without a.m./p.m. on
    either side, modulo 12 hours). None when either side is no clock time."""
    if ":" not in a or ":" not in g:
        return None
    from .answers.quantity import clock_shaped, parse_clock

    ca, cg = parse_clock(a), parse_clock(g)
    if cg is not None and ca is None and clock_shaped(a):
        return _DIFFERENT        # '13:40 a.m.' against a time: no time of day
    if ca is None or cg is None:
        return None
    if ca.meridiem and cg.meridiem:
        return _CLOSE if ca.minutes == cg.minutes else _DIFFERENT
    return _CLOSE if ca.minutes % 720 == cg.minutes % 720 else _DIFFERENT


def _compare_scalars(a: str, g: str, ctx: _Ctx) -> str:
    na, ng = _number(a, ctx), _number(g, ctx)
    if na is not None and ng is not None:
        return _compare_numbers(na, ng, ctx)
    if ctx.cas and ng is None and _constant_against_expression(a, g, ctx):
        return _DIFFERENT
    if ctx.cas and na is not None and ng is None:
        big = _plain_constant(g)
        if big is not None:       # 1/2004!: a constant the number reader refuses (too big), read by the CAS
            return _CLOSE if _close(na, _Num(big), ctx) else _DIFFERENT
    if ctx.cas and na is None and ng is None:
        bound = _compare_bounds(a, g, ctx)
        return bound if bound is not None else _compare_expressions(a, g)
    return _UNSURE


_ONE_RELATION = re.compile(r"\\(?:leq?|geq?|lt|gt|neq?)(?![a-zA-Z])|<=?|>=?|≠|≤|≥")


def _compare_bounds(a: str, g: str, ctx: _Ctx) -> str | None:
    """``m \\le X`` against ``m \\le Y`` (or ``\\neq``): one relation, the same on both sides and one side
    written alike -- the other sides decide. None when the spans are not such bounds."""
    ra, rg = _ONE_RELATION.findall(a), _ONE_RELATION.findall(g)
    if len(ra) != 1 or len(rg) != 1 or _norm_rel(ra[0]) != _norm_rel(rg[0]) or "=" in _ONE_RELATION.sub("", a + g):
        return None
    (la, xa), (lg, xg) = (p.strip(" {}") for p in _ONE_RELATION.split(a)), (p.strip(" {}") for p in _ONE_RELATION.split(g))
    if la.replace(" ", "") == lg.replace(" ", ""):
        return _compare_scalars(xa, xg, ctx)
    if xa.replace(" ", "") == xg.replace(" ", ""):
        return _compare_scalars(la, lg, ctx)
    return _UNSURE


def _norm_rel(op: str) -> str:
    return {"\\le": "<=", "\\leq": "<=", "\\lt": "<", "\\ge": ">=", "\\geq": ">=", "\\gt": ">", "\\ne": "!=",
            "\\neq": "!=", "≠": "!=", "≤": "<=", "≥": ">="}.get(op, op)


def _read_all(leaves: tuple[str, ...], ctx: _Ctx) -> list[_Num] | None:
    out = []
    for leaf in leaves:
        n = _number(leaf, ctx)
        if n is None:
            return None
        out.append(n)
    return out


def _positional(la: tuple[str, ...], lg: tuple[str, ...], ctx: _Ctx) -> str:
    """Same arity, position by position: one readable pair that differs decides (numbers, or
    expressions in the same symbols when the CAS may read them)."""
    unread = False
    for x, y in zip(la, lg):
        nx, ny = _number(x, ctx), _number(y, ctx)
        if nx is not None and ny is not None:
            if not _close(nx, ny, ctx):
                return _DIFFERENT
            continue
        pair = _compare_expressions(x, y) if ctx.cas and nx is None and ny is None else _UNSURE
        if pair == _DIFFERENT:
            return _DIFFERENT
        unread = unread or pair == _UNSURE
    return _UNSURE if unread else _CLOSE


def _as_sets(la: tuple[str, ...], lg: tuple[str, ...], ctx: _Ctx) -> str:
    """Every value read on both sides; different when one side holds a value the other lacks."""
    xs, ys = _read_all(la, ctx), _read_all(lg, ctx)
    if xs is None or ys is None:
        return _UNSURE
    covered = all(any(_close(x, y, ctx) for y in ys) for x in xs)
    covering = all(any(_close(x, y, ctx) for x in xs) for y in ys)
    return _CLOSE if covered and covering else _DIFFERENT


# ------------------------------------------------------------------ expressions (inside the helper)

def texty(s: str) -> bool:
    """Words or unit/text wrappers: not an expression the CAS reading may decide."""
    return bool(_TEXTY.search(_CMD.sub(" ", s))) or bool(_UNIT_MARK.search(s))


def _compare_expressions(a: str, g: str) -> str:
    """Expressions in the same free symbols whose values differ at every sample point; equations
    ``L = R`` in the same symbols whose sides' differences ``L - R`` are not proportional."""
    if texty(a) or texty(g):
        return _UNSURE
    ea, eg = _equation(a), _equation(g)
    if (ea is None) != (eg is None):
        return _UNSURE
    if ea is not None:
        return _compare_equations(ea, eg)
    if _RELATION.search(a) or _RELATION.search(g):
        return _UNSURE
    va, vg = _expr_values(a), _expr_values(g)
    if va is None or vg is None or va[0] != vg[0]:
        return _UNSURE
    pairs = [(x, y) for x, y in zip(va[1], vg[1]) if x is not None and y is not None]
    if len(pairs) * 2 <= len(va[1]):
        return _UNSURE  # real at too few points
    differ = sum(bool(abs(x - y) > _EXPR_REL_DIFF * max(abs(x), abs(y))) for x, y in pairs)
    return _DIFFERENT if differ * 2 > len(va[1]) else _CLOSE if differ == 0 else _UNSURE


def _constant_against_expression(a: str, g: str, ctx: _Ctx) -> bool:
    """A constant (no free symbol, a real value) against a reference that is an expression in a name the question
    does not fix and that takes more than one value there (``\\frac{250}{101}`` or ``\\sqrt{2}+1`` for ``x^2 + 1``):
    no constant equals it."""
    if texty(a) or texty(g) or _RELATION.search(a) or _RELATION.search(g):
        return False
    va, vg = _expr_values(a), _expr_values(g)
    if va is None or vg is None or va[0] or not vg[0] or va[1][0] is None:
        return False
    if any(len(name) == 1 and name in ctx.fixed for name in vg[0]):
        return False
    values = [v for v in vg[1] if v is not None]
    return len(values) >= 2 and any(abs(v - values[0]) > _EXPR_REL_DIFF * max(abs(v), abs(values[0]), 1)
                                    for v in values[1:])


def _plain_constant(g: str) -> float | None:
    """A reference with no free symbol whose value the CAS reads (``1 / 2004!``) as a float (an infinity where it is
    beyond floats: ``1 + 2004!``); None otherwise."""
    if texty(g) or _RELATION.search(g):
        return None
    vg = _expr_values(g)
    if vg is None or vg[0] or not vg[1] or vg[1][0] is None:
        return None
    v = float(vg[1][0])
    return v if math.isfinite(v) else math.copysign(math.inf, v) if not math.isnan(v) else None   # 2004!: beyond floats


# one relation between two sides: an equation, an inequality, a '\neq'
_SIDES = re.compile(r"\\(?:leqslant|geqslant|leq?|geq?|lt|gt|neq?)(?![a-zA-Z])|<=?|>=?|≠|≤|≥|=")


def _number_against_relation(na: _Num, g: str, ctx: _Ctx) -> bool:
    """A number against a relation in names the question leaves free that no number states: an equation between two
    expressions in two or more names, neither side a lone name (``y + 3x - 4 = 0``: a curve), or one inequality or
    ``\\neq`` of a name (``m \\neq 1``, ``m \\le \\sqrt{12/(n(n-1)(n+1))}``: a set of infinitely many values). The number
    must differ from every side written as a constant (in ``x + y = 5`` or ``m \\le 3`` it may be that side's value),
    and a side in names must take more than one value (no constant equals it)."""
    g = g.strip()
    while g.startswith("{") and g.endswith("}") and _closes_at(g, 0) == len(g) - 1:
        g = g[1:-1].strip()      # '{m \\le X}': a group around the whole relation
    if texty(g) or len(g) > MAX_SPAN_CHARS or "," in g or ";" in g:
        return False
    ops = _SIDES.findall(g)
    if len(ops) != 1:
        return False
    sides = [x.strip() for x in _SIDES.split(g)]
    if len(sides) != 2 or not all(sides):
        return False
    read = [_expr_values(x) for x in sides]
    if any(r is None for r in read):
        return False
    names = set(read[0][0]) | set(read[1][0])
    if not names or any(len(n) == 1 and n in ctx.fixed for n in names):
        return False
    if ops[0] == "=" and (len(names) < 2 or any(_LONE_NAME.fullmatch(x) for x in sides)):
        return False             # 'x = k\\pi', '2x - 4 = 0': a solution or a solved name, not a curve
    for text, (symbols, values) in zip(sides, read):
        known = [v for v in values if v is not None]
        if not known:
            return False
        if _LONE_NAME.fullmatch(text):
            continue
        if symbols and any(abs(v - known[0]) > _EXPR_REL_DIFF * max(abs(v), abs(known[0]), 1) for v in known[1:]):
            continue             # a side that takes several values: no constant equals it
        c = float(known[0])
        if not math.isfinite(c) or _close(na, _Num(c), ctx):
            return False         # the number may be that side's value
    return True


def _closes_at(text: str, start: int) -> int:
    """Where the brace opened at ``start`` closes (-1: never)."""
    depth = 0
    for k in range(start, len(text)):
        depth += (text[k] == "{") - (text[k] == "}")
        if depth == 0:
            return k
    return -1


_LONE_NAME = re.compile(r"\\?[A-Za-z]+(?:_\{?\w+\}?)?")


_ONE_EQUALS = re.compile(r"^([^=<>]+)=([^=<>]+)$")


def _equation(tex: str) -> str | None:
    """``L = R`` with one equals sign and no other relation, as ``(L)-(R)``; else None."""
    m = _ONE_EQUALS.match(tex)
    if m is None or _RELATION.search(_RELATION_EQ.sub("", tex)):
        return None
    return f"\\left({m.group(1)}\\right)-\\left({m.group(2)}\\right)"


_RELATION_EQ = re.compile(r"=")


def _compare_equations(fa: str, fg: str) -> str:
    """Two equations ``f = 0`` are the same when ``f_a / f_g`` is one constant at every point."""
    va, vg = _expr_values(fa), _expr_values(fg)
    if va is None or vg is None or va[0] != vg[0] or not va[0]:
        return _UNSURE
    if any(v is None or v == 0 for v in va[1] + vg[1]):
        return _UNSURE  # a point on the curve (or outside the domain) says nothing about proportionality
    ratios = [x / y for x, y in zip(va[1], vg[1])]
    same = all(abs(r - ratios[0]) <= _EXPR_REL_DIFF * max(abs(r), abs(ratios[0])) for r in ratios)
    return _CLOSE if same else _DIFFERENT


def _expr_values(tex: str) -> tuple[tuple[str, ...], tuple[Any, ...]] | None:
    """(free symbol names, real values at the sample points as 30-digit sympy Floats, so 1/2004!
    is not 0); None when unreadable or not real. Symbols take distinct values above 1 (inside
    most domains a question fixes)."""
    import sympy

    from .answers.symbolic import parse_cached

    expr: Any = parse_cached(tex)
    if not isinstance(expr, sympy.Expr):
        return None
    symbols = sorted(expr.free_symbols, key=str)
    if len(symbols) > MAX_SYMBOLS or any(not isinstance(s, sympy.Symbol) for s in symbols):
        return None
    values = [_value_at(expr, symbols, k) for k in range(SAMPLE_POINTS if symbols else 1)]
    if not symbols and values[0] is None:
        return None
    return tuple(map(str, symbols)), tuple(values)


# Sample points: integers (floor, ceiling, factorials) and non-integers, all above 1.
_POINTS = (("2", "1"), ("13/10", "37/100"), ("3", "1"), ("27/10", "37/100"), ("5", "1"))


def _value_at(expr: Any, symbols: list[Any], k: int) -> Any:
    """The real value of ``expr`` at sample point ``k`` (30 digits), None when not real there."""
    import sympy

    base, step = (sympy.Rational(x) for x in _POINTS[k % len(_POINTS)])
    v = sympy.N(expr.subs({s: base + step * j for j, s in enumerate(symbols)}), 30)
    re_part, im_part = v.as_real_imag()
    if not (re_part.is_number and im_part.is_number) or not re_part.is_finite or abs(im_part) > 1e-20 * (1 + abs(re_part)):
        return None
    return sympy.Float(re_part, 30)


def within_budget(job: Any, *args: Any, limit: float) -> Any:
    """``job(*args)`` in one bounded helper job, under ``limit`` seconds and never more than the item has left; None
    where that budget is spent, the bound is hit or the reading fails (the caller's outcome stays ``unsure``)."""
    left = remaining()
    budget = limit if left is None else min(limit, left)
    if budget <= 0.01:
        return None
    try:
        return run_bounded(job, *args, timeout=budget)
    except BoundExceeded:
        return None
    except Exception:  # noqa: BLE001 - a reading that fails leaves the outcome unsure
        return None
