"""The relation readers (issue 29): a set of reals (``k < -5``, ``(-\\infty, -5)``, ``x \\in [1, 2)``: an
:class:`~.types.Interval`), a chain of equalities and approximations (``P = \\operatorname{erfc}(1) \\approx 0.1573``: a
:class:`~.types.Chain`) and one relation between two sides (``x + y = 4027``, ``R < 17\\,\\text{km}``: a
:class:`~.types.Relation`).

Interface::

    every_real(text, again, depth) -> Interval | None   every real number in words (read before a sentence)
    interval(text, again, depth) -> Interval | None     readers (see :data:`rlverify.rule.read.READERS`); each side of a
    relation(text, again, depth) -> Relation | Chain | None    relation or member of a chain is read with ``again``

Relations are split at the top only (no bracket open), on one spelling per operator (:func:`split_relations`); a
text with a separator, an implication or an arrow at the top is several statements, no relation. A text that reads
as a set of reals holding an interval (:func:`rlverify.rule.answers.sets.read_set`, bounded) is an Interval before it
is a relation; a lone ``(a, b)`` is not (a point or a vector as much as an interval). Plain text marks a set too: a
half-open interval (``(3/5, 8/3]``), a union written ``U`` (``(0,9) U (9,36)``), a point set in bare braces after it
(``(-oo,0) U {1}``, read as ``\\{1\\}``).

A bound restated as a decimal (``n > \\sqrt{2} = 1.414``: :func:`.bounds.restated_bound`) is the set its inequality
writes.

May import: :mod:`.types`, :mod:`.bounds`, :func:`rlverify.rule.answers.sets.read_set`. Never the comparison.
"""

from __future__ import annotations

import re

from ..answers.latex import split_top
from ..answers.sets import read_set
from ..answers.shapes import outer_bracket
from .bounds import restated_bound
from .types import Approx, Chain, Interval, Reading, Relation

__all__ = ["every_real", "interval", "relation", "split_relations", "APPROXIMATE", "INEQUALITIES"]

_MAX_CHARS = 300
_MAX_MEMBERS = 5
# one token per relation at the top; the spelling it stands for
_TOKEN = re.compile(r"\\(?:approx|simeq|sim|equiv|neq|ne|leqslant|geqslant|leq|geq|le|ge|lt|gt|cong)(?![A-Za-z])"
                    r"|<=|>=|:=|=|<|>|≤|≥|≠|≈|≃")
_SPELLING = {"\\approx": "\\approx", "\\simeq": "\\approx", "≈": "\\approx", "≃": "\\approx", "\\cong": "\\approx",
             "\\sim": "\\sim", "\\equiv": "\\equiv", "\\neq": "\\ne", "\\ne": "\\ne", "≠": "\\ne",
             "\\leqslant": "\\le", "\\leq": "\\le", "\\le": "\\le", "<=": "\\le", "≤": "\\le",
             "\\geqslant": "\\ge", "\\geq": "\\ge", "\\ge": "\\ge", ">=": "\\ge", "≥": "\\ge",
             "\\lt": "<", "<": "<", "\\gt": ">", ">": ">", "=": "=", ":=": "="}
APPROXIMATE = ("\\approx", "\\sim")
INEQUALITIES = ("<", ">", "\\le", "\\ge", "\\ne")
# several statements, an implication, a condition: no single relation
_STOP = re.compile(r",|;|&|\\\\|\\(?:q?quad|implies|Rightarrow|rightarrow|to|iff|Longrightarrow|Leftrightarrow|mid|in"
                   r"|notin|pmod|bmod|mod|text\s*\{\s*(?:and|or|if|for|when|where|with)\b)(?![A-Za-z])"
                   r"|(?<![A-Za-z\\])(?:or|and|either)(?![A-Za-z])")
_OPEN, _CLOSE = "([{", ")]}"


def split_relations(s: str) -> tuple[list[str], list[str]] | None:
    """The members and the operators (one spelling each) of the relations at the top of ``s``; None where there is
    none, where a member is empty, or where a separator or an implication stands at the top."""
    if len(s) > _MAX_CHARS:
        return None
    parts: list[str] = []
    ops: list[str] = []
    depth, start, k = 0, 0, 0
    while k < len(s):
        c = s[k]
        if c == "\\" and s[k + 1:k + 2] in ("{", "}"):
            depth += 1 if s[k + 1] == "{" else -1
            k += 2
            continue
        if c in _OPEN:
            depth += 1
        elif c in _CLOSE:
            depth -= 1
        elif depth == 0:
            if _STOP.match(s, k):
                return None
            m = _TOKEN.match(s, k)
            if m is not None:
                parts.append(s[start:k].strip())
                ops.append(_SPELLING[m.group(0)])
                k = start = m.end()
                continue
            if c == "\\":     # a command: skip its name (\\left is no \\le)
                name = re.match(r"\\[A-Za-z]+", s[k:])
                k += len(name.group(0)) if name else 2
                continue
        k += 1
    parts.append(s[start:].strip())
    if not ops or len(parts) > _MAX_MEMBERS or not all(parts):
        return None
    return parts, ops


def interval(s: str, again, depth: int) -> Reading | None:
    """A set of reals holding an interval (see the module's docstring)."""
    if len(s) > _MAX_CHARS or not (_INTERVAL_MARK.search(s) or _half_open(s)):
        return None
    absolute = _absolute(s)
    if absolute is not None:
        return Interval(s, absolute)
    restated = restated_bound(s, split_relations, APPROXIMATE)    # 'n > \\sqrt{2} = 1.414': the inequality, its bound restated as a decimal
    if restated is not None:
        s = restated[0]
    got = read_set(s)
    if got is None:
        flipped = _negated(s) or _function_value(s) or _braced(s)   # '-x \\ge -3': the set 'x \\le 3'; '-6 < f(x) < 3'
        if flipped is None:
            return None
        s, got = flipped, read_set(flipped)
    if got is None or got.points_only or got.pair_like:
        return None
    return Interval(s, got.var, restated[1] if restated is not None else None)


_REAL = re.compile(r"(?<![A-Za-z])real(?![A-Za-z])")


def every_real(s: str, again, depth: int) -> Reading | None:
    """``\\text{all real numbers}``, ``\\text{any real } x``: every real number in words, an Interval (a reader read
    before the sentence reader, which would take the words for a sentence); None for any other text."""
    if len(s) > 60 or not _REAL.search(s):
        return None
    got = interval(s, again, depth)
    return got if got is not None and read_set(got.text).tree == ("R",) else None


def _half_open(s: str) -> bool:
    """``(-2, 4]``, ``[a, b)``: one pair of brackets of two kinds around two ends, a half-open interval (never a tuple)."""
    br = outer_bracket(s.strip())
    return br is not None and br[0] + br[2] in ("(]", "[)") and len(split_top(br[1], (",",))) == 2


# the absolute value of one variable between bars: '|z|', '\\lvert z \\rvert' ('|x - 1|' is not read)
_BARRED = re.compile(r"\|\s*([A-Za-z])\s*\||\\(?:lvert|vert)\s*([A-Za-z])\s*\\(?:rvert|vert)")


def _absolute(s: str) -> str | None:
    """``1 \\le |z| \\le 4``, ``|x| < 3``, ``|t| \\ge 2``: one bound, or two of one direction around it, on the
    absolute value of one variable (a set of reals symmetric about 0, which the set reader does not read); the
    variable, or None for any other text."""
    got = split_relations(s)
    if got is None or not all(op in INEQUALITIES and op != "\\ne" for op in got[1]):
        return None
    members, ops = got
    if len(ops) == 2 and {ops[0], ops[1]} - {"<", "\\le"} and {ops[0], ops[1]} - {">", "\\ge"}:
        return None
    barred = [m for m in (_BARRED.fullmatch(x.strip()) for x in members) if m is not None]
    ends = [x.strip() for x in members if _BARRED.fullmatch(x.strip()) is None]
    if len(barred) != 1 or len(ops) == 2 and _BARRED.fullmatch(members[1].strip()) is None \
            or not all(_NUMBER_SIDE.fullmatch(e) or _FRACTION_SIDE.fullmatch(e) for e in ends):
        return None
    return next(g for g in barred[0].groups() if g)


_FRACTION_SIDE = re.compile(r"-?\s*\\[dt]?frac\s*\{\s*\d+\s*\}\s*\{\s*\d+\s*\}")
_NEGATED_SIDE = re.compile(r"-\s*([A-Za-z]|\\[A-Za-z]+)")
_NUMBER_SIDE = re.compile(r"[-+]?\s*\d+(?:\.\d+)?")
_FLIP = {"<": ">", ">": "<", "\\le": "\\ge", "\\ge": "\\le", "\\ne": "\\ne"}


_FUNCTION_VALUE = re.compile(r"(?<![A-Za-z\\])([A-Za-z])\s*\(\s*[A-Za-z]\s*\)")


def _function_value(s: str) -> str | None:
    """``-6 < f(x) < 3`` -> ``-6 < f < 3``: the range of a function's values between two ends, one function value the
    only variable of the relations (its name stands for it); None for any other text."""
    got = split_relations(s)
    if len(_FUNCTION_VALUE.findall(s)) != 1 or got is None or len(got[1]) != 2:
        return None       # one bound 'f(x) \\ge 2' stays a relation: a bound the question may ask for
    return _FUNCTION_VALUE.sub(r"\1", s)


def _negated(s: str) -> str | None:
    """``-x \\ge -3`` -> ``x \\le 3``: one inequality between a negated variable and a number, restated with the
    variable alone (both sides times -1, the relation turned); None for any other text. The Interval's text is the
    restatement (what the set readers read)."""
    got = split_relations(s)
    if got is None or len(got[1]) != 1 or got[1][0] not in _FLIP:
        return None
    (left, right), op = got[0], got[1][0]
    m = _NEGATED_SIDE.fullmatch(left.strip())
    if m is None or not _NUMBER_SIDE.fullmatch(right.strip()):
        return None
    value = right.strip().replace(" ", "")
    value = value[1:] if value.startswith("-") else "-" + value.lstrip("+")
    return f"{m.group(1)} {_FLIP[op]} {value}"


_INTERVAL_MARK = re.compile(r"[<>≤≥≠∞∪]|!=|\\(?:infty|cup|[lg]eq?|[lg]eqslant|neq?|in|mathbb|emptyset|varnothing)(?![A-Za-z])"
                            r"|(?<![A-Za-z\\])(?:inf|U)(?![A-Za-z])"      # plain text: '(-inf, 2) U (3, 4)'
                            r"|" + _REAL.pattern)                          # words: 'all real numbers', 'any real x'
# a finite set whose braces lost their backslash ('{3}' from a plain-text '∪ {3}'): at the start or after a union
_BARE_SET = re.compile(r"(^|(?:\\cup|(?<![A-Za-z\\])U)\s*)\{([^{}]*)\}(?=\s*(?:\\cup|U(?![A-Za-z])|$))")


def _braced(s: str) -> str | None:
    """``(-\\infty, \\sqrt{2}) \\cup {3}`` -> ``(-\\infty, \\sqrt{2}) \\cup \\{3\\}``: a finite set in a union written
    with bare braces (a plain-text answer), restated as a set; None where there is none."""
    if "{" not in s or "\\cup" not in s and "U" not in s:
        return None
    t = _BARE_SET.sub(lambda m: f"{m.group(1)}\\{{{m.group(2)}\\}}", s)
    return t if t != s else None


_MODULUS = re.compile(r"\\[pb]?mod(?![A-Za-z])|\\(?:mathrm|text|operatorname)\s*\{\s*mod\s*\}|(?<![A-Za-z\\])mod(?![A-Za-z])")


def relation(s: str, again, depth: int) -> Reading | None:
    """One relation between two sides, or a chain of equalities and approximations (see the module's docstring)."""
    got = split_relations(s)
    if got is None:
        return None
    parts, ops = got
    if "\\equiv" in ops and _MODULUS.search(s):
        return None       # 'N \\equiv 113 \\pmod{1000}': a congruence, no equation between two values
    if len(ops) == 1:
        return Relation(s, again(parts[0], depth + 1), ops[0], again(parts[1], depth + 1))
    if not all(op == "=" or op in APPROXIMATE for op in ops):
        return None       # '1 < x \\le 2' is an interval (read before), 'a < b = c' no one relation
    last = again(parts[-1], depth + 1)
    if ops[-1] in APPROXIMATE:
        last = Approx(f"{ops[-1]} {parts[-1]}", last)
    return Chain(s, tuple(again(p, depth + 1) for p in parts[:-1]), tuple(ops), last)
