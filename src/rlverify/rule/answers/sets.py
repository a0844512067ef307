"""Sets of real numbers in any notation, read into one structure that the CAS compares as sets.

    read_set(text) -> Reading | None

Notations read: interval notation (``(a, b]``, ``\\left[``, ``\\infty``/``+\\infty``/``∞``/``inf``) joined
by ``\\cup``/``∪``/``U``, ``\\cap``, ``\\setminus``/``\\backslash``/``-``; finite sets ``\\{1, 2\\}``;
``\\mathbb{R}``/``ℝ``/``\\emptyset``; set-builder ``\\{x \\mid ...\\}``, ``\\{x : ...\\}``,
``\\{x \\in \\mathbb R \\mid ...\\}``; conditions in one variable: chains ``a < x \\le b`` (either direction),
``x = c``, ``x \\neq c`` (``!=``, ``≠``), ``x \\in S``, ``x \\notin S``, joined by "or" (``\\text{ or }``,
``\\lor``, ``\\vee``), ``\\land``/``\\wedge`` (intersection), or a comma / the word "and" (a list: the union
when its pieces are disjoint, as in ``x < -1, x > 1``, else the intersection, as in ``x > 0, x \\ne 2``).

A :class:`Reading` is a tree of plain tuples (picklable) whose leaves hold endpoint *text*; the CAS
(:func:`rlverify.rule.answers._forms_cas.same_real_sets`) reads each endpoint with the bounded reader
and requires a real constant. Text sizes and node counts are capped; nothing here evaluates text.

Tree nodes: ``("iv", lo, hi, lo_closed, hi_closed)`` (lo/hi None for an infinite end), ``("pts", (c, ...))``,
``("R",)``, ``("E",)``, ``("cup", (n, ...))``, ``("cap", (n, ...))``, ``("minus", a, b)``, ``("list", (n, ...))``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...runtime.caches import memo_text
from .surface import unwrap

__all__ = ["Reading", "read_set", "MAX_CHARS"]

MAX_CHARS = 400
MAX_NODES = 24
MAX_DEPTH = 4

_GREEK = "alpha|beta|gamma|delta|theta|lambda|mu|phi|omega|sigma|tau|rho|xi|eta|kappa|nu|psi|zeta"
_VAR = re.compile(rf"(?:[A-QS-Za-df-z](?:_\{{?[A-Za-z0-9]+\}}?)?|\\(?:{_GREEK})(?![A-Za-z]))")


# compiled once (re's cache lookup per call cost as much as these short searches)
_SQRT_BARE = re.compile(r"\\sqrt\s*(\d+|\\pi)")
_POWER_STARS = re.compile(r"\*\*\s*(\d+)")
_LONG_EXPONENT = re.compile(r"\^(\d{2,})")


@dataclass(frozen=True)
class Reading:
    tree: tuple
    var: str | None          # the one variable the conditions name (None: interval notation only)
    pair_like: bool          # a lone (a, b) or [a, b] with finite ends: a point or vector as much as an interval
    points_only: bool        # only a finite set of points (x = 1, \{1, 2\}): the core compares those
    plain: bool = False      # interval notation only (intervals, finite sets, unions): the core reads those too


_UNICODE = (("∞", "\\infty "), ("∪", "\\cup "), ("∩", "\\cap "), ("≤", "\\le "), ("≥", "\\ge "), ("≠", "\\ne "),
            ("∈", "\\in "), ("∉", "\\notin "), ("ℝ", "\\Reals "), ("∅", "\\emptyset "), ("−", "-"),
            ("∖", "\\setminus "), ("⩽", "\\le "), ("⩾", "\\ge "), ("√", "\\sqrt "))
_COMMANDS = [
    (re.compile(r"\\(?:leqslant|leq|le)(?![A-Za-z])|<="), "\\le "),
    (re.compile(r"\\(?:geqslant|geq|ge)(?![A-Za-z])|>="), "\\ge "),
    (re.compile(r"\\(?:neq|ne)(?![A-Za-z])|!=|\\not\s*=|=/="), "\\ne "),
    (re.compile(r"\\lt(?![A-Za-z])"), "<"), (re.compile(r"\\gt(?![A-Za-z])"), ">"),
    (re.compile(r"\\(?:lor|vee)(?![A-Za-z])"), " or "),
    (re.compile(r"\\(?:land|wedge)(?![A-Za-z])"), " \\land "),
    (re.compile(r"\\(?:mathbb|Bbb|mathbf|mathrm|text)\s*\{\s*R\s*\}|\\(?:mathbb|Bbb)\s+R(?![A-Za-z])|\\R(?![A-Za-z])"
                r"|\\Reals(?![A-Za-z])|\\mathbb\s*\{\s*R\s*\}"), " \\Reals "),
    (re.compile(r"\\(?:setminus|smallsetminus|backslash)(?![A-Za-z])"), " \\setminus "),
    (re.compile(r"\\(?:varnothing|emptyset)(?![A-Za-z])"), " \\emptyset "),
    (re.compile(r"\\lbrace(?![A-Za-z])"), "\\{"), (re.compile(r"\\rbrace(?![A-Za-z])"), "\\}"),
    (re.compile(r"\\(?:vert|mid)(?![A-Za-z])"), " \\mid "),
    (re.compile(r"(?<![A-Za-z\\])(?:[Ii]nfinity|inf|oo)(?![A-Za-z])|\\infty(?![A-Za-z])|\\infin(?![A-Za-z])"),
     "\\infty "),
    (re.compile(r"\\(?:in)(?![A-Za-z])"), " \\in "),
    (re.compile(r"(?<=[A-Za-z])\s+in\s+(?=R\b|\\Reals|[\[(])"), " \\in "),     # ASCII: x in R, x in (0, 1)
]
# every real number, in words or by membership: 'all real numbers', 'every real x', 'all real values of x', 'x \\in \\mathbb{R}'
_ALL_REALS = re.compile(r"^(?:the\s+set\s+of\s+)?(?:all|every|any)\s+real\s+(?:numbers?|values?)?(?:\s*(?:of\s+)?[a-zA-Z])?$"
                        r"|^(?:(?:all|every|any)\s+)?(?:real\s+)?[a-zA-Z]?\s*\\in\s*\\Reals$|^\\Reals$", re.I)


_ALL_LEAD = re.compile(r"^(?:all|every|any)\s+(?:(?:real|positive|negative|nonnegative|non-negative)\s+)?"
                       r"(?:(?:numbers?|values?)\s+(?:of\s+)?)?(?=[a-zA-Z]\s*(?:[<>=]|\\(?:[lg]eq?|[lg]eqslant|in|ne|neq)(?![a-zA-Z])))",
                       re.I)


def _normalize(text: str) -> tuple[str, bool]:
    latex = "\\" in text
    s = unwrap(text.strip().rstrip(".").replace("$", " "))
    for a, b in _UNICODE:
        s = s.replace(a, b)
    for pat, rep in _COMMANDS:
        s = pat.sub(lambda _m, r=rep: r, s)
    s = " ".join(s.split()).rstrip(".;").strip()   # as re.sub(r"\s+", " ", s).strip(): re's \s is str.isspace
    s = _ALL_LEAD.sub("", s, count=1)   # 'all real x > 2', 'every x \in (0, 1)': the set the condition names
    return s, latex


def _matching(s: str, i: int) -> int:
    """Index just after the bracket group opening at ``i`` (``\\{`` counts as one bracket), or -1."""
    depth = 0
    k = i
    while k < len(s):
        if s.startswith("\\{", k) or s.startswith("\\}", k):
            depth += 1 if s[k + 1] == "{" else -1
            k += 2
        else:
            c = s[k]
            depth += 1 if c in "([{" else -1 if c in ")]}" else 0
            k += 1
        if depth == 0:
            return k
        if depth < 0:
            return -1
    return -1


_BRACKET = re.compile(r"\\[{}]|[(\[{)\]}]")


def _split(s: str, pattern: re.Pattern) -> list[str] | None:
    """Split at matches of ``pattern`` outside brackets; None when brackets do not balance.
    What :func:`_split_stepwise` does, jumping from one bracket or match to the next by regex search."""
    out, depth, start, k, n = [], 0, 0, 0, len(s)
    m: re.Match | None = None
    none_after = n + 1                     # no match starts at or after this position
    while k < n:
        b = _BRACKET.search(s, k)
        at = b.start() if b is not None else n
        if depth == 0 and k < none_after:
            if m is None or m.start() < k:
                m = pattern.search(s, k)   # the first position from k where it matches (as matching at each)
                if m is None:
                    none_after = k
            if m is not None and m.start() < at:
                if m.end() == m.start():
                    return _split_stepwise(s, pattern)   # an empty match is no separator: step by character
                out.append(s[start:m.start()])
                out.append(m.group(0))
                start = k = m.end()
                continue
        if b is None:
            break
        depth += 1 if s[b.end() - 1] in "([{" else -1
        k = b.end()
    if depth != 0:
        return None
    out.append(s[start:])
    return out


def _split_stepwise(s: str, pattern: re.Pattern) -> list[str] | None:
    out, depth, start, k = [], 0, 0, 0
    while k < len(s):
        if s.startswith("\\{", k) or s.startswith("\\}", k):
            depth += 1 if s[k + 1] == "{" else -1
            k += 2
            continue
        c = s[k]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif depth == 0:
            m = pattern.match(s, k)
            if m and m.end() > k:
                out.append(s[start:k])
                out.append(m.group(0))
                start = k = m.end()
                continue
        k += 1
    if depth != 0:
        return None
    out.append(s[start:])
    return out


_COMMA = re.compile(r",")
_BUILDER_BAR = re.compile(r"\s*(?:\\mid|\||:)\s*")
_BUILDER_HEAD = re.compile(rf"({_VAR.pattern})\s*(?:\\in\s*(.+))?")
_LIST_SEP = re.compile(r"\s*[,;]\s*|\s+and\s+")
_OR = re.compile(r"\s*\bor\b\s*")
_LAND = re.compile(r"\s*\\land\s*")
_MEMBER = re.compile(rf"({_VAR.pattern})\s*\\(in|notin)\s*(.+)")
_IN_SET = re.compile(rf"({_VAR.pattern})\s*\\in\s*(.+)")
# what an atom of a condition holds: a relation of _Reader._REL, a membership (\in, \notin) or the reals (_ALL_REALS:
# \Reals, or the word 'real' in any case); a text without any of them is no condition
_CONDITION_MARK = re.compile(r"[<>=]|\\(?:le|ge|ne|Reals)(?![A-Za-z])|\\in|\\notin")


class _Fail(Exception):
    pass


_ASCII_SQRT = re.compile(r"(?<![A-Za-z\\])sqrt\s*(?=\()")
_ASCII_PI = re.compile(r"(?<![A-Za-z\\])pi(?![A-Za-z])")


def _endpoint_tex(e: str) -> str:
    """An endpoint as LaTeX for the reader: ``sqrt(11)`` -> ``\\sqrt{11}``, ``pi**2`` -> ``\\pi^{2}``, ``√3`` ->
    ``\\sqrt{3}``, ``π²`` -> ``\\pi^{2}``, ``5*x`` -> ``5\\cdot x``; LaTeX stays as written."""
    e = e.replace("π", "\\pi ").replace("²", "^{2}").replace("³", "^{3}")
    k = 0
    while True:
        m = _ASCII_SQRT.search(e, k)
        if m is None:
            break
        end = _matching(e, m.end())
        if end < 0:
            raise _Fail("sqrt")
        e = e[:m.start()] + "\\sqrt{" + e[m.end() + 1:end - 1] + "}" + e[end:]
        k = m.start() + 6
    e = _ASCII_PI.sub(lambda _m: "\\pi ", e)
    e = _SQRT_BARE.sub(lambda m: "\\sqrt{" + m.group(1) + "}", e)
    e = _POWER_STARS.sub(lambda m: "^{" + m.group(1) + "}", e).replace("**", "^")
    e = _LONG_EXPONENT.sub(lambda m: "^{" + m.group(1) + "}", e)
    e = e.replace("*", "\\cdot ")
    return e.strip()


class _Reader:
    def __init__(self, latex: bool) -> None:
        self.latex = latex
        self.vars: set[str] = set()
        self.nodes = 0

    def node(self, t: tuple) -> tuple:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _Fail("too many parts")
        return t

    # set expressions ------------------------------------------------------------

    _SETOP = re.compile(r"\s*(?:\\cup|\\cap|\\setminus)(?![A-Za-z])\s*|\s+U\s+|(?<=[)\]}])U(?=[(\[{])"
                        r"|\s*-\s*(?=\\\{|\{|\\Reals)")

    def setexpr(self, s: str, depth: int = 0) -> tuple:
        if depth > MAX_DEPTH:
            raise _Fail("deep")
        parts = _split(s.strip(), self._SETOP)
        if parts is None:
            raise _Fail("brackets")
        operands = [self.operand(p, depth) for p in parts[0::2]]
        ops = [o.strip() for o in parts[1::2]]
        if not ops:
            return operands[0]
        kinds = {"\\cap" if o == "\\cap" else "\\cup" if o in ("\\cup", "U") else "-" for o in ops}
        if kinds == {"\\cap"}:
            return self.node(("cap", tuple(operands)))
        if "\\cap" in kinds:
            raise _Fail("mixed union and intersection")
        out = operands[0]
        for o, x in zip(ops, operands[1:]):
            out = self.node(("cup", (out, x)) if o in ("\\cup", "U") else ("minus", out, x))
        return out

    def operand(self, t: str, depth: int) -> tuple:
        t = t.strip()
        if not t:
            raise _Fail("empty operand")
        if t in ("\\Reals", "R"):
            return self.node(("R",))
        if t in ("\\emptyset", "\\{\\}", "\\{ \\}") or t in ("{}", "{ }") and not self.latex:
            return self.node(("E",))
        if t.startswith("\\{") and _matching(t, 0) == len(t):
            return self.braces(t[2:-2], depth)
        if not self.latex and t.startswith("{") and _matching(t, 0) == len(t):
            return self.braces(t[1:-1], depth)
        if t[0] in "([" and t[-1] in ")]" and _matching(t, 0) == len(t):
            inner = t[1:-1]
            items = _split(inner, _COMMA)
            if items is None:
                raise _Fail("brackets")
            items = [x.strip() for x in items[0::2]]
            if len(items) == 1 and t[0] == "(":
                return self.setexpr(inner, depth + 1)
            if len(items) != 2 or not all(items):
                raise _Fail("not an interval")
            lo, hi = self.end(items[0], True), self.end(items[1], False)
            return self.node(("iv", lo, hi, t[0] == "[" and lo is not None, t[-1] == "]" and hi is not None))
        raise _Fail("not a set")

    def end(self, e: str, low: bool) -> str | None:
        e = e.replace(" ", "")
        if e in ("-\\infty", "+\\infty", "\\infty"):
            if (e == "-\\infty") != low:
                raise _Fail("infinite end on the wrong side")
            return None
        if "\\infty" in e or len(e) > 80:
            raise _Fail("endpoint")
        return _endpoint_tex(e)

    def braces(self, inner: str, depth: int) -> tuple:
        parts = _split(inner, _BUILDER_BAR)
        if parts is None:
            raise _Fail("brackets")
        if len(parts) >= 3:          # set-builder: head | condition
            head, body = parts[0].strip(), "".join(parts[2:]).strip()
            m = _BUILDER_HEAD.fullmatch(head)
            if m is None:
                raise _Fail("set-builder head")
            var = m.group(1)
            self.vars.add(var)
            cond = self.condition(body, depth + 1)
            if m.group(2):
                return self.node(("cap", (self.setexpr(m.group(2), depth + 1), cond)))
            return cond
        items = _split(inner, _COMMA)
        if items is None:
            raise _Fail("brackets")
        vals = [x.strip() for x in items[0::2]]
        if not all(vals) or any(re.search(r"[<>=]|\\(?:le|ge|ne|in|infty)\b", v) for v in vals) or \
                any(len(v) > 80 for v in vals):
            raise _Fail("finite set")
        return self.node(("pts", tuple(_endpoint_tex(v) for v in vals)))

    # conditions -------------------------------------------------------------------

    def condition(self, s: str, depth: int = 0) -> tuple:
        if depth > MAX_DEPTH:
            raise _Fail("deep")
        parts = _split(s.strip(), _LIST_SEP)
        if parts is None:
            raise _Fail("brackets")
        pieces = [self.disjunction(p, depth) for p in parts[0::2] if p.strip()]
        if not pieces:
            raise _Fail("empty")
        return pieces[0] if len(pieces) == 1 else self.node(("list", tuple(pieces)))

    def disjunction(self, s: str, depth: int) -> tuple:
        parts = _split(s.strip(), _OR)
        if parts is None:
            raise _Fail("brackets")
        pieces = [self.conjunction(p, depth) for p in parts[0::2]]
        return pieces[0] if len(pieces) == 1 else self.node(("cup", tuple(pieces)))

    def conjunction(self, s: str, depth: int) -> tuple:
        parts = _split(s.strip(), _LAND)
        if parts is None:
            raise _Fail("brackets")
        pieces = [self.atom(p.strip(), depth) for p in parts[0::2]]
        return pieces[0] if len(pieces) == 1 else self.node(("cap", tuple(pieces)))

    _REL = re.compile(r"\s*(\\le(?![A-Za-z])|\\ge(?![A-Za-z])|\\ne(?![A-Za-z])|<|>|=)\s*")

    def atom(self, a: str, depth: int) -> tuple:
        if not a:
            raise _Fail("empty condition")
        if _ALL_REALS.match(a):
            return self.node(("R",))
        m = _MEMBER.fullmatch(a) if "\\" in a else None
        if m:
            self.vars.add(m.group(1))
            got = self.setexpr(m.group(3), depth + 1)
            return got if m.group(2) == "in" else self.node(("minus", ("R",), got))
        parts = _split(a, self._REL)
        if parts is None:
            raise _Fail("brackets")
        terms = [p.strip() for p in parts[0::2]]
        ops = [o.strip() for o in parts[1::2]]
        if not ops or len(ops) > 2 or not all(terms):
            raise _Fail("not a condition")
        at = [i for i, x in enumerate(terms) if _VAR.fullmatch(x)]
        if len(at) > 1:   # e is Euler's number, never the variable; a lone letter beside a bound is the variable
            raise _Fail("two variables")
        if len(at) != 1:
            raise _Fail("no variable")
        k = at[0]
        self.vars.add(terms[k])
        others = [t for i, t in enumerate(terms) if i != k]
        if any(len(t) > 80 or "\\infty" in t for t in others):
            raise _Fail("endpoint")
        others = [_endpoint_tex(t) for t in others]
        if len(ops) == 2:
            if k != 1:
                raise _Fail("chain")
            if set(ops) <= {"<", "\\le"}:
                return self.node(("iv", others[0], others[1], ops[0] == "\\le", ops[1] == "\\le"))
            if set(ops) <= {">", "\\ge"}:
                return self.node(("iv", others[1], others[0], ops[1] == "\\ge", ops[0] == "\\ge"))
            raise _Fail("mixed chain")
        op, c = ops[0], others[0]
        if k == 1:
            op = {"<": ">", ">": "<", "\\le": "\\ge", "\\ge": "\\le"}.get(op, op)
        if op == "=":
            return self.node(("pts", (c,)))
        if op == "\\ne":
            return self.node(("minus", ("R",), ("pts", (c,))))
        return self.node({"<": ("iv", None, c, False, False), "\\le": ("iv", None, c, False, True),
                          ">": ("iv", c, None, False, False), "\\ge": ("iv", c, None, True, False)}[op])


def _only_points(t: tuple) -> bool:
    if t[0] == "pts":
        return True
    if t[0] in ("cup", "list"):
        return all(_only_points(x) for x in t[1])
    return False


def _plain(t: tuple) -> bool:
    return t[0] in ("iv", "pts") or t[0] == "cup" and all(_plain(x) for x in t[1])


# What an ASCII text needs to read as a set: a bracket, a brace, a command, a relation, R (the reals, or 'x in R'), or an
# infinity that _normalize writes as \\infty (or the word 'real': _ALL_REALS). Each operand of a set expression is one of
# R, \\emptyset, {..}, \\{..\\}, (..) or [..]; each atom of a condition holds 'real', \\in or a relation (\\le, \\ge, \\ne,
# <, >, =); _normalize makes commands only from text holding these (<=, >=, !=, infinity, ' in (' / ' in R').
_SET_MARK = re.compile(r"[\\{(\[<>=R]|[Ii]nf|oo")


@memo_text("rule.read_set")  # pure; the context rules read the same two spans 3-6 times per comparison
def read_set(text: str) -> Reading | None:
    """``text`` as a set of reals, or None when it is not written as one."""
    if not text or len(text) > MAX_CHARS:
        return None
    if text.isascii() and _SET_MARK.search(text) is None and "real" not in text.lower():
        return None       # nothing a set is written with (see _SET_MARK): not read
    s, latex = _normalize(text)
    if not s or len(s) > MAX_CHARS:
        return None
    r = _Reader(latex)
    try:
        m = _IN_SET.fullmatch(s) if "\\in" in s else None
        tree = None
        if m:
            try:
                tree = r.setexpr(m.group(2))
                r.vars.add(m.group(1))
            except _Fail:
                tree = None
        if tree is None:
            try:
                tree = r.setexpr(s)
            except _Fail:
                if _CONDITION_MARK.search(s) is None and "real" not in s.lower():
                    return None      # no atom of a condition can be read (see _CONDITION_MARK)
                r = _Reader(latex)
                tree = r.condition(s)
    except (_Fail, RecursionError):
        return None
    if len(r.vars) > 1:
        return None
    pair_like = tree[0] == "iv" and tree[1] is not None and tree[2] is not None and tree[3] == tree[4] \
        and not r.vars
    return Reading(tree, next(iter(r.vars), None), pair_like, _only_points(tree), not r.vars and _plain(tree))
