"""Answer forms the core reads as one thing: multi-part answers, functions, relations.

Interface (each returns None when its form does not apply)::

    function_rhs(text) -> str | None                 ``g(t)=3t-1`` -> ``3t-1``
    compare_parts(answer, gold, question, equal) -> bool | None
        labelled parts ("p = 2, q = 5" vs "(2, 5)" in the order the question defines), "a and b",
        lists in prose, "x = 1 or x = 4" as a solution set; ``equal(a, g)`` compares two parts.
    same_relation(answer, gold) -> bool | None       the same line/plane/curve: ``2x+4y=6`` vs ``x+2y=3``
    same_solution_family(answer, gold) -> bool | None  ``\\frac{\\pi}{4}+k\\pi`` vs ``\\frac{\\pi}{4}+n\\pi, n\\in\\mathbb{Z}``
    solves_equation(answer, gold) -> bool | None   ``-4x^2+4x-2`` for ``y + 1 = -(2x-1)^2``
    same_set_in_domain(answer, gold, question) -> bool | None   ``t<\\frac13`` vs ``(0,\\frac13)`` for "positive t"
    same_real_set(answer, gold, question) -> bool | None   ``x \\le -2 \\text{ or } x = 1`` vs ``(-\\infty,-2]\\cup\\{1\\}``
    split_condition(answer) -> (head, kind) | None   ``\\text{min is }12\\text{, attained at }x=3`` -> value part
    congruence_residue(answer, question) -> str | None   ``N \\equiv 113 \\pmod{1000}`` -> ``113`` when a remainder was asked

All sympy work runs through :func:`rlverify.runtime.bounded.run_bounded`.
"""

from __future__ import annotations

import functools
import logging

import re
from dataclasses import dataclass
from typing import Callable

from ...runtime.bounded import run_bounded
from ...errors import BoundExceeded
from . import _forms_cas as cas
from .integers import same_integers
from .match import same_multiset
from .sets import read_set
from .surface import MAX_PARTS, split_top, unwrap
from .views import rhs_of_assignment
from ...runtime.caches import lru, memo_text

__all__ = ["Part", "Parts", "parse_parts", "function_rhs", "compare_parts", "compare_labelled", "same_relation",
           "same_solution_family", "looks_like_family", "same_set_in_domain", "same_real_set", "value_for_set", "question_domain", "bound_of_relation",
           "congruence_residue", "split_condition", "label_order"]

_log = logging.getLogger(__name__)

_LABEL = re.compile(r"^([A-Za-z](?:_\{?[A-Za-z0-9]+\}?)?(?:\([^()=,]{1,12}\))?)\s*=\s*(?!=)(.+)$", re.S)
_FUNC = re.compile(r"^[A-Za-z](?:_\{?\w+\}?)?\s*\(\s*[A-Za-z](?:\s*,\s*[A-Za-z])*\s*\)\s*=\s*(.+)$", re.S)
_CAS_TIMEOUT = 1.0
_SEPS = (";", ",", " and ", " or ", "\\quad", "\\qquad", "\\text{and}", "\\text{or}")
_INTEGER_QUALIFIER = re.compile(
    r"[,;(\s]*(?:\\text\s*\{\s*)?(?:where|for|with)?\s*(?:any|all|some|every)?\s*(?:integers?\s*)?\}?\s*"
    r"\(?\s*[kmnjl]\s*(?:\\in|∈)\s*\\mathbb\s*\{?\s*Z\s*\}?\s*\)?\s*$"
    r"|[,;(\s]*(?:\\text\s*\{)?\s*(?:where|for)\s+(?:any|all|some|every)?\s*(?:integers?\s*)?[kmnjl]\s*"
    r"(?:is\s+an?\s+integer|\\in\s*\\mathbb\s*\{?\s*Z\s*\}?)?\s*\}?\s*\)?\s*$"
    r"|[,;(\s]*(?:\\text\s*\{)?\s*(?:where|for)\s+(?:any|all|some|every)?\s*integers?\s+[kmnjl]\s*\}?\s*\)?\s*$",
    re.I)


# compiled once (re's cache lookup per call cost as much as these short searches)
_FREE_INTEGER = re.compile(r"(?<![A-Za-z\\])[kmnjl](?![A-Za-z])")
_VALUE_COMMANDS = re.compile(r"\\(?:frac|dfrac|tfrac|sqrt|pi|cdot|times)(?![A-Za-z])")
_COMMA_CONJUNCTION = re.compile(r",\s*(?:and|or)\s+")
_OR_WORD = re.compile(r"\bor\b")


@dataclass(frozen=True)
class Part:
    label: str | None
    value: str


@dataclass(frozen=True)
class Parts:
    items: tuple[Part, ...]
    enclosure: str            # "()" / "[]" ordered, "{}" a set, "[)" "(]" an interval, "" a plain list
    connective: str           # "or" when the list was joined with "or", else ""


def _wraps(s: str, lo: str, hi: str) -> bool:
    """``lo`` at the start is closed by the ``hi`` at the very end (not earlier)."""
    if not (s.startswith(lo) and s.endswith(hi)) or len(s) < len(lo) + len(hi):
        return False
    depth = 0
    for i, ch in enumerate(s[: len(s) - len(hi)]):
        depth += 1 if ch in "([{" else -1 if ch in ")]}" else 0
        if depth == 0 and i >= len(lo) - 1:
            return False
    return True


_BRACKETS = (("\\{", "\\}"), ("(", ")"), ("[", "]"), ("[", ")"), ("(", "]"))


def _enclosure(s: str) -> tuple[str, str]:
    """Inner text and the bracket pair ("()", "[]", "\\{\\}", "[)", "(]"), or "" when not enclosed."""
    for lo, hi in _BRACKETS:
        if _wraps(s, lo, hi):
            return s[len(lo):len(s) - len(hi)].strip(), (lo + hi).replace("\\", "")
    return s, ""


_TUPLE_ASSIGN = re.compile(r"^\(\s*([A-Za-z](?:\s*,\s*[A-Za-z])+)\s*\)\s*=\s*\((.+)\)$", re.S)


_CHAIN_NAME = r"[A-Za-z](?:_\{?[A-Za-z0-9]{1,3}\}?)?"
_CHAIN_ASSIGN = re.compile(rf"^\s*({_CHAIN_NAME}(?:\s*=\s*{_CHAIN_NAME})+)\s*=\s*([^=<>]+?)\s*$")


def _chain_assignment(s: str) -> Parts | None:
    """``x = y = z = 1`` -> ``x = 1, y = 1, z = 1``: names set equal to one value (the value is no name)."""
    m = _CHAIN_ASSIGN.match(s)
    if not m or re.fullmatch(_CHAIN_NAME, m.group(2).strip()) or split_top(m.group(2), (",", ";")) != [m.group(2).strip()]:
        return None
    names = [x.strip() for x in m.group(1).split("=")]
    if len(set(names)) != len(names):
        return None
    return Parts(tuple(Part(n, m.group(2).strip()) for n in names), "", "")


def _tuple_assignment(s: str) -> Parts | None:
    """``(x, y) = (2, 3)`` -> ``x = 2, y = 3``."""
    m = _TUPLE_ASSIGN.match(s)
    if not m:
        return None
    names = [x.strip() for x in m.group(1).split(",")]
    values = split_top(m.group(2), (",",))
    if len(names) != len(values) or len(set(names)) != len(names):
        return None
    return Parts(tuple(Part(n, v) for n, v in zip(names, values)), "()", "")


_PROSE_LEAD = re.compile(r"^(?:[A-Za-z]+\s+){1,6}(?:are|is|were|be)\s*:?\s+|^(?:[A-Za-z]+\s+){0,5}[A-Za-z]+\s*:\s+")
_MATH_SEGMENT = re.compile(r"(?<!\\)\$([^$]+)\$")


def _drop_prose(s: str) -> str:
    """``The solutions are $x=1$ and $x=4$`` -> ``x=1 and x=4``: a lead-in phrase and $-delimiters go."""
    s = _PROSE_LEAD.sub("", s, count=1)
    segs = _MATH_SEGMENT.findall(s)
    if len(segs) >= 2 and re.fullmatch(r"[\s,;.]*(?:(?:and|or)\s+)?", _MATH_SEGMENT.sub("", s).replace("and", " ")
                                        .replace("or", " ").strip() + " ") is not None:
        return " , ".join(segs) if " or " not in s else " or ".join(segs)
    return s


_ITEM_LABEL = re.compile(r"(?:^|(?<=[\s,;.]))\(?\s*([a-h]|i{1,3}|iv|vi?)\s*\)\s*")


def _item_labelled(s: str) -> Parts | None:
    """``(a) 5 m/s (b) 10 m`` -> parts labelled a, b (sub-question labels, in order)."""
    marks = list(_ITEM_LABEL.finditer(s))
    if len(marks) < 2 or marks[0].start() != 0 or len(marks) > MAX_PARTS:
        return None
    labels = [m.group(1) for m in marks]
    if len(set(labels)) != len(labels):
        return None
    ends = [m.start() for m in marks[1:]] + [len(s)]
    values = [s[m.end():e].strip(" ,;.") for m, e in zip(marks, ends)]
    if not all(values):
        return None
    return Parts(tuple(Part(f"({lab})", v) for lab, v in zip(labels, values)), "", "")


_LEFT_RIGHT = re.compile(r"\\(?:left|right)(?![a-zA-Z])\s*(?=[()\[\]])")


_EXTREMUM_WORD = re.compile(r"max|min|largest|greatest|smallest|least", re.I)
_EXTREMUM_PART = re.compile(r"^(?:the\s+)?\\?(?:(max|min)(?:imum|imal)?|(largest|greatest)|(smallest|least))(?:\s+value)?"
                            r"(?:\s+is)?\s*(?:[:=]\s*)?(?![A-Za-z(_^{])([^=]+)$", re.I | re.S)


def _extremum_labelled(s: str) -> Parts | None:
    """'max 3, min -1', 'maximum: 3; minimum: -1', '\\max = 3, \\min = -1', 'largest value 3 and smallest -1': the parts
    labelled by the extremum they state (max or min), each once."""
    raw = [p.strip("$ .") for p in split_top(s, _SEPS) if p.strip("$ .")]
    if len(raw) != 2:
        return None
    parts = []
    for p in raw:
        m = _EXTREMUM_PART.match(p)
        if m is None or not re.search(r"[\d\\]", m.group(4)):
            return None
        kind = "max" if (m.group(1) or "").lower() == "max" or m.group(2) else "min"
        parts.append(Part(kind, m.group(4).strip()))
    if parts[0].label == parts[1].label:
        return None
    return Parts(tuple(parts), "", "")


# what a text needs to hold several parts: a separator of _SEPS (unwrap makes none: '\\text{and}' holds 'and'), two
# $..$ segments (_drop_prose joins them), '=' (x = y = 1, (x, y) = (1, 2)) or ')' (item labels '(a) 5 (b) 6')
_PARTS_MARKS = (",", ";", "and", "or", "quad", "$", "=", ")")


@memo_text("rule.parse_parts")
def parse_parts(text: str) -> Parts | None:
    """Split a multi-part answer at top-level commas, "and", "or"; None for one part."""
    if not any(map(text.__contains__, _PARTS_MARKS)):
        return None
    s = unwrap(text)
    if len(s) > 1000:
        return None
    extrema = _extremum_labelled(s) if _EXTREMUM_WORD.search(s) else None
    if extrema is not None:
        return extrema
    s = _drop_prose(s)
    for special in (_tuple_assignment, _chain_assignment, _item_labelled):
        got = special(s)
        if got is not None:
            return got
    s = _COMMA_CONJUNCTION.sub(", ", s)
    inner, tag = _enclosure(s)
    raw = [p.strip("$ ") for p in split_top(inner, _SEPS) if p.strip("$ ")]
    if len(raw) < 2 or len(raw) > MAX_PARTS:
        return None
    conn = "or" if _OR_WORD.search(inner) else ""
    parts = []
    for p in raw:
        m = _LABEL.match(_LEFT_RIGHT.sub("", p))   # f\\left(n\\right) = n is labelled like f(n) = n
        parts.append(Part(m.group(1), m.group(2).strip()) if m else Part(None, p))
    return Parts(tuple(parts), tag, conn)


def function_rhs(text: str) -> str | None:
    """The right side of a function definition ``f(x) = ...`` or of ``y = ...``."""
    s = unwrap(text)
    m = _FUNC.match(s)
    if m and "=" not in m.group(1):
        return m.group(1).strip()
    return None


def label_order(question: str | None, labels: list[str]) -> list[str] | None:
    """The labels in the order the question names them (``(p, q)``, or where each first occurs); None where the
    question does not name every one."""
    return _label_order(question, labels)


def _label_order(question: str | None, labels: list[str]) -> list[str] | None:
    if not question:
        return None
    bare = [re.sub(r"[_{}\s]", "", x) for x in labels]
    q = re.sub(r"[_{}$]|\\left|\\right", "", question)
    for m in re.finditer(r"\(([A-Za-z0-9 ,]+)\)", q):
        names = [x.strip() for x in m.group(1).split(",")]
        if sorted(names) == sorted(bare) and len(names) == len(bare):
            return [labels[bare.index(n)] for n in names]
    pos = {}
    for lab, b in zip(labels, bare):
        m = re.search(rf"(?<![A-Za-z\\]){re.escape(b)}(?![A-Za-z])", q)
        if not m:
            return None
        pos[lab] = m.start()
    return sorted(labels, key=lambda x: pos[x])




def _in_order(a: list[str], g: list[str], equal: Callable[[str, str], bool]) -> bool:
    return len(a) == len(g) and all(equal(x, y) for x, y in zip(a, g))


def _labelled_vs_plain(lab: Parts, plain: Parts, question: str | None,
                       equal: Callable[[str, str], bool], answer_labelled: bool) -> bool | None:
    labels = [p.label or "" for p in lab.items]
    vals = [p.value for p in lab.items]
    pv = [p.value for p in plain.items]
    pair = (lambda x, y: equal(x, y)) if answer_labelled else (lambda x, y: equal(y, x))
    if len(set(labels)) == 1:                      # x = 1 or x = 4: a solution set
        return same_multiset(vals, pv, pair) if plain.enclosure in ("", "{}") else None
    if plain.enclosure not in ("", "()"):
        return None
    order = _label_order(question, labels)
    if order is None or len(set(labels)) != len(labels):
        return None
    by = dict(zip(labels, vals))
    return _in_order([by[x] for x in order], pv, pair)


def compare_parts(answer: str, gold: str, question: str | None,
                  equal: Callable[[str, str], bool]) -> bool | None:
    pa, pg = parse_parts(answer), parse_parts(gold)
    if pg is None or pa is None:
        return None
    if pa.enclosure and pg.enclosure and pa.enclosure != pg.enclosure or {pa.enclosure, pg.enclosure} & {"[)", "(]"}:
        return None                                 # (0, 1) vs [0, 1]: intervals and tuples are the core's
    la = all(p.label for p in pa.items)
    lg = all(p.label for p in pg.items)
    if la and lg:
        if len({p.label for p in pa.items}) == 1 and len({p.label for p in pg.items}) == 1:
            return same_multiset([p.value for p in pa.items], [p.value for p in pg.items], equal)
        da, dg = {p.label: p.value for p in pa.items}, {p.label: p.value for p in pg.items}
        return set(da) == set(dg) and len(da) == len(pa.items) and all(equal(da[k], dg[k]) for k in da)
    if la and not any(p.label for p in pg.items):
        return _labelled_vs_plain(pa, pg, question, equal, True)
    if lg and not any(p.label for p in pa.items):
        return _labelled_vs_plain(pg, pa, question, equal, False)
    if any(p.label for p in pa.items) or any(p.label for p in pg.items):
        return None
    av, gv = [p.value for p in pa.items], [p.value for p in pg.items]
    if {pa.enclosure, pg.enclosure} & {"()", "[]"}:
        return _in_order(av, gv, equal)
    if "{}" in (pa.enclosure, pg.enclosure) or "or" in (pa.connective, pg.connective) or _asks_for_set(question):
        return same_multiset(av, gv, equal)
    return _in_order(av, gv, equal)


_SET_WORDS = re.compile(r"\ball\b|\bsolutions?\b|\broots?\b|\bzeros?\b|\bsolve\b", re.I)


def _asks_for_set(question: str | None) -> bool:
    """An unordered answer is asked for ("find all x", "solve"); otherwise a list keeps its order."""
    return bool(question) and _SET_WORDS.search(question or "") is not None


def _bounded(fn: Callable[..., bool | None], *args: object) -> bool | None:
    try:
        return run_bounded(fn, *args, timeout=_CAS_TIMEOUT)
    except BoundExceeded:
        return None
    except Exception:  # noqa: BLE001 - a parse failure means "this rule does not apply"
        _log.debug("rule/answers/forms.py: handled exception", exc_info=True)
        return None


def same_relation(answer: str, gold: str) -> bool | None:
    """The same line, plane or curve: equations proportional to each other."""
    a, g = unwrap(answer), unwrap(gold)
    if len(a) > 300 or len(g) > 300 or a.count("=") != 1 or g.count("=") != 1:
        return None
    if re.search(r"[<>]|\\[lg]eq?(?![a-zA-Z])|\\neq|\\in\b", a + g) or min(_n_vars(a), _n_vars(g)) < 2:
        return None
    return _bounded(cas.proportional_equations, a, g)


_LETTER = re.compile(r"(?<![A-Za-z\\])[A-Za-z](?![A-Za-z])")
_COMMAND = re.compile(r"\\[A-Za-z]+")
_RELATION = re.compile(r"[<>]|\\[lg]eq?(?![a-zA-Z])|\\neq|\\in\b|\\approx")


def solves_equation(answer: str, gold: str) -> bool | None:
    """An expression that is the solution of the other side's equation for the one variable it lacks
    (``-4x^2+4x-2`` for ``y + 1 = -(2x-1)^2``): True, else None (never a rejection). The letters decide first
    (the expression names a variable, the equation exactly one more): no parse otherwise."""
    a, g = unwrap(answer), unwrap(gold)
    if len(a) > 300 or len(g) > 300 or {a.count("="), g.count("=")} != {0, 1} or _RELATION.search(a + g):
        return None
    expr, eq = (a, g) if "=" in g else (g, a)
    le, lq = (set(_LETTER.findall(_COMMAND.sub(" ", t))) for t in (expr, eq))
    if not le or not le < lq or len(lq - le) != 1 or rhs_of_assignment(eq) is not None:
        return None   # 'b_n = ...' names its value: the core has compared that right side already
    return _bounded(cas.solved_equation, expr, eq)


def _n_vars(tex: str) -> int:
    return len(set(re.findall(r"(?<![A-Za-z\\])[a-z](?![A-Za-z(])", tex)))


def _strip_qualifier(s: str) -> str:
    s = unwrap(s)
    prev = None
    while prev != s:
        prev, s = s, _INTEGER_QUALIFIER.sub("", s).strip()
    return re.sub(r"^[A-Za-z]\s*=\s*", "", s)


def _families(text: str) -> list[str] | None:
    s = _strip_qualifier(text)
    parts = [re.sub(r"^[A-Za-z]\s*=\s*", "", p) for p in split_top(s, (",", ";", " or ", "\\text{or}"))]
    parts = [p for p in parts if p]
    if not parts or len(parts) > MAX_PARTS or not all(re.search(r"(?<![A-Za-z\\])[kmnjl](?![A-Za-z])", p) for p in parts):
        return None
    return parts


def _has_qualifier(text: str) -> bool:
    s = unwrap(text)
    return _INTEGER_QUALIFIER.search(s) is not None


def looks_like_family(text: str) -> bool:
    """A periodic solution family: a free integer next to \\pi, or an explicit integer qualifier."""
    s = unwrap(text)
    return bool(_FREE_INTEGER.search(s)) and (
        "\\pi" in s or _has_qualifier(s))


@lru("rule.asks_form")
def _asks(pattern: re.Pattern, question: str) -> bool:
    """``pattern`` occurs in the question (memoized: a function of the question, shared by its rollouts). An ASCII
    question (re.I is plain lower-casing there) lower-cased holding none of the pattern's :data:`_NEEDLES` cannot
    match: a C-speed test before the search."""
    needles = _NEEDLES.get(pattern)
    if needles is not None and question.isascii():
        low = question.lower()
        if not any(map(low.__contains__, needles)):
            return False
    return pattern.search(question) is not None


_SOLVE_Q = re.compile(r"\bsolve\b|\bsolutions?\b|\ball\b.*\b(?:x|angles?|values?|numbers?)\b|general", re.I)


def same_solution_family(answer: str, gold: str, question: str | None = None) -> bool | None:
    """Free integer explicit on one side ("n \\in \\mathbb{Z}"), or a question that asks to solve."""
    if not (looks_like_family(answer) and looks_like_family(gold)):
        return None
    if not (_has_qualifier(answer) or _has_qualifier(gold)
            or ("\\pi" in answer and "\\pi" in gold and question is not None and _asks(_SOLVE_Q, question))):
        return None
    fa, fg = _families(answer), _families(gold)
    if fa is None or fg is None or sum(map(len, fa + fg)) > 1200:
        return None
    return _bounded(cas.same_families, tuple(fa), tuple(fg))


_DOMAINS = (
    (r"non-?negative|\\geq?\s*0|\\ge\s*0|≥\s*0", "nonneg"),
    (r"positive|>\s*0", "pos"),
    (r"negative|<\s*0", "neg"),
)


def question_domain(question: str | None, var: str) -> str:
    if not question:
        return "real"
    v = re.escape(var)
    for pat, tag in _DOMAINS:
        if re.search(rf"(?:{pat})\s+(?:real\s+)?(?:numbers?|values?|integers?)?\s*(?:of\s+)?\$?\s*{v}(?![A-Za-z])", question) \
                or re.search(rf"(?<![A-Za-z\\]){v}\s*(?:{pat})", question):
            return tag
    return "real"


_REL_SPLIT = re.compile(r"\\geq?|\\leq?|\\geqslant|\\leqslant|>=|<=|≥|≤|>|<")
_BOUND_Q = re.compile(r"at (?:least|most)|minimum|maximum|largest|smallest|greatest|least|best|bound|"
                      r"\\geq?|\\leq?|≥|≤|\\min|\\max|\binf\b|\bsup\b", re.I)


def bound_of_relation(answer: str, question: str | None) -> str | None:
    """``\\sum \\frac{a}{b+c} \\ge \\frac34`` -> ``\\frac34`` when the question asks for a bound
    (not for ``x > 5``: a single variable on the left is a range, not a bound)."""
    if not question or not _asks(_BOUND_Q, question):
        return None
    s = unwrap(answer)
    parts = _REL_SPLIT.split(s)
    if len(parts) != 2 or len(s) > 300:
        return None
    lhs, rhs = parts[0].strip(), parts[1].strip()
    if not lhs or not rhs or re.fullmatch(r"[A-Za-z](?:_\{?\w+\}?)?", lhs) or re.search(r"[A-Za-z]", re.sub(r"\\[A-Za-z]+", "", rhs)):
        return None
    return rhs


_SET_BUILDER = re.compile(r"^\\\{\s*([a-z])\s*(?:\\in\s*\\mathbb\s*\{?R\}?\s*)?(?:\\mid|\||:)\s*(.+?)\s*\\\}$")


def _set_body(s: str) -> str:
    """``\\{x \\mid x > 2\\}`` -> ``x > 2``; ``x \\in (0, 3)`` stays for the CAS."""
    m = _SET_BUILDER.match(s)
    return m.group(2) if m else s


_SET_LIKE = re.compile(r"[<>]|\\[lg]eq?(?![a-z])|\\[lg]eqslant|\\cup|\\infty|[(\[][^()\[\]]*,[^()\[\]]*[)\]]")


_INTERVAL_Q = re.compile(r"interval|inequalit|range|domain|\bsolve|\ball\b|solution set|\bset of|values? of|for which|"
                         r"such that|satisf", re.I)
_INTEGER_Q = re.compile(r"integer|natural number|whole number|\\mathbb\s*\{?\s*[ZN]\b", re.I)
_UNREAD = object()


def _real_sets(answer: str, gold: str, question: str | None, require_domain: bool,
               only_equal: bool = False) -> object:
    """Both sides read by :func:`.sets.read_set` and compared as sets (``_UNREAD`` when a side is not one;
    ``only_equal``: see :func:`._forms_cas.same_real_sets`)."""
    ra, rg = read_set(answer), read_set(gold)
    if ra is None or rg is None:
        return _UNREAD
    if ra.points_only and rg.points_only:
        return None                      # finite sets of values: the core's
    intervals = not question or _asks(_INTERVAL_Q, question)   # no question: nothing says "a point"
    if ra.pair_like != rg.pair_like and not intervals:
        return None                      # (1, 2) is a point as much as an interval
    var = rg.var or ra.var
    dom = question_domain(question, var) if var else "real"
    if require_domain and dom == "real":
        return None
    got = _bounded(cas.same_real_sets, ra.tree, rg.tree, dom, only_equal)
    if got is False and (question and _asks(_INTEGER_Q, question) or (ra.pair_like or rg.pair_like) and not intervals):
        return None                      # different sets of reals may hold the same integers; [1, 2] a vector
    return got


_LONE_VALUE = re.compile(r"[-+]?[\d.\s{}()/^*+-]*\d[\d.\s{}()/^*+-]*")


def value_for_set(answer: str, gold: str) -> bool:
    """One number (``2``, ``-\\frac{3}{2}``) against a reference that is a set of reals holding an interval
    (``x \\le 0 \\text{ or } x = 2``): a value where a set is asked, not one of the set's pieces."""
    s = _VALUE_COMMANDS.sub(" ", unwrap(answer))
    if len(s) > 60 or not _LONE_VALUE.fullmatch(s.strip()):
        return False
    rg = read_set(gold)
    return rg is not None and not rg.points_only and not rg.pair_like and "'iv'" in repr(rg.tree)


def same_real_set(answer: str, gold: str, question: str | None) -> bool | None:
    """Both sides written as sets of reals (in any notation) and compared as sets; None when a side is
    not read as one (only the new readers, none of :func:`same_set_in_domain`'s older fallbacks)."""
    ra, rg = read_set(answer), read_set(gold)
    if ra is None or rg is None or ra.plain and rg.plain:
        return None                      # interval notation on both sides: the core's
    got = _real_sets(answer, gold, question, False)
    return None if got is _UNREAD else got  # type: ignore[return-value]


def same_set_in_domain(answer: str, gold: str, question: str | None, require_domain: bool = False,
                       only_equal: bool = False) -> bool | None:
    """The same set of reals (inside the domain the question names): interval notation, inequalities joined
    by "or", set-builder, unions with singletons, complements and set differences, in LaTeX, unicode or ASCII.
    ``only_equal``: the caller acts on True alone (a False may then come back as None); then sets of integers
    where the question asks for integers (``1 \\le n \\le 5`` for ``1, 2, 3, 4, 5``: :mod:`.integers`) are read too."""
    if only_equal and same_integers(answer, gold, question):
        return True
    got = _real_sets(answer, gold, question, require_domain, only_equal)
    if got is not _UNREAD:
        return got  # type: ignore[return-value]
    a, g = _set_body(unwrap(answer)), _set_body(unwrap(gold))
    if len(a) > 300 or len(g) > 300 or not (_SET_LIKE.search(a) and _SET_LIKE.search(g)):
        return None  # both sides must read as a range: a relation, an interval, a union
    names = set(re.findall(r"(?<![A-Za-z\\])([a-z])(?![A-Za-z])", a + " " + g))
    if len(names) != 1:
        return None
    var = names.pop()
    dom = question_domain(question, var)
    if require_domain and dom == "real":
        return None
    seps = (" or ", "\\lor", "\\vee", "\\text{or}")
    pa, pg = tuple(split_top(a, seps)), tuple(split_top(g, seps))
    if len(pa) > MAX_PARTS or len(pg) > MAX_PARTS:
        return None
    return _bounded(cas.same_sets, pa, pg, var, dom)


def compare_labelled(answer: str, gold: str, equal: Callable[[str, str], bool],
                     question: str | None = None) -> bool | None:
    """Labels decide: both sides label every part with distinct names (``x = 2, y = 3``), or one
    side does and the question fixes their order (``p = 2, q = 5`` vs ``(2, 5)`` for "(p, q)")."""
    pa, pg = parse_parts(answer), parse_parts(gold)
    if pa is None or pg is None:
        return None
    la, lg = [p.label for p in pa.items], [p.label for p in pg.items]
    for lab, plain, labels, fwd in ((pa, pg, la, True), (pg, pa, lg, False)):
        if all(labels) and len(set(labels)) == len(labels) and not any(p.label for p in plain.items):
            if _label_order(question, [x or "" for x in labels]) is None:
                return None
            return _labelled_vs_plain(lab, plain, question, equal, fwd)
    if not all(la) or not all(lg) or len(set(la)) != len(la) or len(set(lg)) != len(lg) or set(la) != set(lg):
        return None
    dg = {p.label: p.value for p in pg.items}
    return all(equal(p.value, dg[p.label]) for p in pa.items)


_SP = r"(?:\s|\\[,;:! ])*"
_MOD_WORD = r"(?:\\mathrm\s*\{\s*mod\s*\}|\\text\s*\{\s*mod\s*\}|\\bmod|\\mod|mod)"
_CONGRUENCE = re.compile(
    rf"^(?:[^=<>]{{0,80}}?)\\equiv{_SP}(-?\d{{1,30}}){_SP}"
    rf"(?:\\pmod{_SP}\{{?{_SP}(\d{{1,30}}){_SP}\}}?|\({_SP}{_MOD_WORD}{_SP}\{{?{_SP}(\d{{1,30}}){_SP}\}}?{_SP}\)"
    rf"|{_MOD_WORD}{_SP}\{{?{_SP}(\d{{1,30}}){_SP}\}}?){_SP}$")
_REMAINDER_Q = re.compile(r"remainder|residue|modulo|\bmod\b|\\pmod|\\bmod", re.I)


def congruence_residue(answer: str, question: str | None) -> str | None:
    """``N \\equiv 113 \\pmod{1000}`` -> ``113`` when the question asks for a remainder and the stated
    residue is already reduced (0 <= r < m); anything else is not read as a value."""
    if not question or not _asks(_REMAINDER_Q, question) or len(answer) > 200:
        return None
    m = _CONGRUENCE.match(unwrap(answer).strip())
    if m is None:
        return None
    residue, modulus = int(m.group(1)), int(next(g for g in m.groups()[1:] if g))
    return str(residue) if 0 <= residue < modulus else None


# a clause after the stated value: where an extremum is attained, or a condition on the variables
# 'attained at', or a bare 'at' followed by where: '5 \\text{ at } x = 2', '12 (at (1, 2))'
_ATTAINED = (r"(?:attained|achieved|obtained|reached|occurring|occurs|which\s+occurs"
             r"|at(?=\s*\}?\s*\$?\s*(?:\(\s*-?\d|[a-zA-Z](?:_\{?\w+\}?)?\s*=|\(\s*[a-zA-Z](?:\s*,\s*[a-zA-Z])+\s*\)\s*=)))")
_CONDITION_WORD = r"(?:when|whenever|where|if|for|with\s+equality)"
_CLAUSE = re.compile(
    rf"(?:\\text\s*\{{)?\s*[,;(]?\s*\(?\s*(?:(?P<att>{_ATTAINED})|(?P<cond>{_CONDITION_WORD}))\b", re.I)


_CLAUSE_WORDS = ("at", "achieved", "obtained", "reached", "occur", "when", "where", "if", "for", "with")
_CONDITION_RELATION = re.compile(r"=|<|>|\\(?:le|ge|leq|geq|neq|ne|in|lt|gt)(?![a-zA-Z])|\b(?:all|every|each|any|some)\b")


def _close_braces(head: str) -> str:
    depth = 0
    for ch in head:
        depth += {"{": 1, "}": -1}.get(ch, 0)
    return head + "}" * depth if depth > 0 else head


def split_condition(answer: str) -> tuple[str, str] | None:
    """``\\text{The minimum is }12\\text{, attained at }x=3`` -> (``\\text{The minimum is }12``, "attained");
    ``12\\text{ (when } n=3)`` -> (``12``, "condition"). The head must state a value (a digit or a
    command) before the clause; None when no clause follows one."""
    if len(answer) > 400:
        return None
    if answer.isascii():             # every clause word holds one of these (re.I on ASCII is lower-casing)
        low = answer.lower()
        if not any(map(low.__contains__, _CLAUSE_WORDS)):
            return None
    for m in _CLAUSE.finditer(answer):
        if m.group("cond") and not _CONDITION_RELATION.search(answer, m.end(), m.end() + 60):
            continue   # "... choices for the second, the count is 81": a phrase, not a condition on the value
        head = answer[:m.start()].rstrip(" ,;(\\")
        if not re.search(r"\d|\\[A-Za-z]+\{|[a-z]\s*=", head) or not re.search(r"\d", re.sub(r"\\text\s*\{[^{}]*\}", "", head)):
            continue
        head = _close_braces(head).rstrip(" ,;")
        if head.endswith(r"\text{}"):
            head = head[: -len(r"\text{}")].rstrip()
        return head, ("attained" if m.group("att") else "condition")
    return None


# every match of these question patterns holds one of these substrings (lower case)
_NEEDLES = {
    _SOLVE_Q: ("solve", "solution", "all", "general"),
    _BOUND_Q: ("least", "at most", "minimum", "maximum", "largest", "smallest", "greatest", "best", "bound", "\\ge",
               "\\le", "\\min", "\\max", "inf", "sup"),
    _INTERVAL_Q: ("interval", "inequalit", "range", "domain", "solve", "all", "solution set", "set of", "value",
                  "for which", "such that", "satisf"),
    _INTEGER_Q: ("integer", "natural number", "whole number", "\\mathbb"),
    _REMAINDER_Q: ("remainder", "residue", "mod"),
}

