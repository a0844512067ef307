"""The relation readers (issue 29): a set of reals (``k < -5``, ``(-\\infty, -5)``, ``x \\in [1, 2)``: an
:class:`~.types.Interval`), a chain of equalities and approximations (``P = \\operatorname{erfc}(1) \\approx 0.1573``: a
:class:`~.types.Chain`) and one relation between two sides (``x + y = 4027``, ``R < 17\\,\\text{km}``: a
:class:`~.types.Relation`).

Interface::

    interval(text, again, depth) -> Interval | None     readers (see :data:`rlverify.rule.read.READERS`); each side of a
    relation(text, again, depth) -> Relation | Chain | None    relation or member of a chain is read with ``again``

Relations are split at the top only (no bracket open), on one spelling per operator (:func:`split_relations`); a
text with a separator, an implication or an arrow at the top is several statements, no relation. A text that reads
as a set of reals holding an interval (:func:`rlverify.rule.answers.sets.read_set`, bounded) is an Interval before it
is a relation; a lone ``(a, b)`` is not (a point or a vector as much as an interval). Plain text marks a set too: a
half-open interval (``(3/5, 8/3]``), a union written ``U`` (``(0,9) U (9,36)``), a point set in bare braces after it
(``(-oo,0) U {1}``, read as ``\\{1\\}``).

May import: :mod:`.types`, :func:`rlverify.rule.answers.sets.read_set`. Never the comparison.
"""

from __future__ import annotations

import re

from ..answers.sets import read_set
from .types import Approx, Chain, Interval, Reading, Relation

__all__ = ["interval", "relation", "split_relations", "APPROXIMATE", "INEQUALITIES"]

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
    if len(s) > _MAX_CHARS or not (_INTERVAL_MARK.search(s) or _PLAIN_INTERVAL.search(s)):
        return None
    got = read_set(s)
    if got is None and _PLAIN_INTERVAL.search(s) and not _COMMAND_ARGUMENT.search(s) and _BARE_SET.search(s):
        s = _BARE_SET.sub(r"\\{\1\\}", s)     # '(-oo,0) U {1}': a set in plain braces, '\\{1\\}'
        got = read_set(s)
    if got is None:
        flipped = _negated(s) or _function_value(s)     # '-x \\ge -3': the set 'x \\le 3'; '-6 < f(x) < 3'
        if flipped is None:
            return None
        s, got = flipped, read_set(flipped)
    if got is None or got.points_only or got.pair_like:
        return None
    return Interval(s, got.var)


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


# plain-text marks of a set of reals: a union written 'U' between two brackets ('(0,9) U (9,36)'), a half-open interval
# ('(3/5, 8/3]', '[1, 2)'), which no tuple writes
_PLAIN_INTERVAL = re.compile(r"[)\]}]\s*U\s*[(\[{\\]|^\s*\([^()\[\]]*\]\s*$|^\s*\[[^()\[\]]*\)\s*$")
_BARE_SET = re.compile(r"(?<!\\)\{([^{}]*)\}")
_COMMAND_ARGUMENT = re.compile(r"\\[A-Za-z]+\s*\{")
_INTERVAL_MARK = re.compile(r"[<>≤≥≠∞∪]|!=|\\(?:infty|cup|[lg]eq?|[lg]eqslant|neq?|in|mathbb|emptyset|varnothing)(?![A-Za-z])")


def relation(s: str, again, depth: int) -> Reading | None:
    """One relation between two sides, or a chain of equalities and approximations (see the module's docstring)."""
    got = split_relations(s)
    if got is None:
        return None
    parts, ops = got
    if len(ops) == 1:
        return Relation(s, again(parts[0], depth + 1), ops[0], again(parts[1], depth + 1))
    if not all(op == "=" or op in APPROXIMATE for op in ops):
        return None       # '1 < x \\le 2' is an interval (read before), 'a < b = c' no one relation
    last = again(parts[-1], depth + 1)
    if ops[-1] in APPROXIMATE:
        last = Approx(f"{ops[-1]} {parts[-1]}", last)
    return Chain(s, tuple(again(p, depth + 1) for p in parts[:-1]), tuple(ops), last)
