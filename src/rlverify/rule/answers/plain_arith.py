"""Plain arithmetic on numbers, read exactly without a CAS (shared by the rules and the guard).

Interface::

    tokens(text) -> list[str] | None     the tokens of digits, ``+ - * /`` (``\\times``, ``\\cdot``, ``\\div``...),
                                         parentheses (``{}`` too) and ``=``; None when anything else is in the text
    groups(tokens) -> list[str]          spaces dropped except one between two numbers (a ``" "`` token: two values
                                         side by side); digit groups (``1 000``) merged, a mixed number (``3 1/2``)
    value(tokens) -> Fraction            the exact value of one side; raises :class:`NotPlain`
    sides(text) -> list[list[str]] | None   the grouped tokens of each side of ``=``

Nothing is evaluated but integers and decimals with ``+ - * /`` and parentheses, as exact fractions, on at most
:data:`MAX_TOKENS` tokens of at most :data:`MAX_DIGITS` digits each, nesting at most 20: no eval, no sympy.
Moved from ``rlverify.guard.arith`` (issue 31) so that the rules can tell a false equation (``16 = 14 + 1``) too.
"""

from __future__ import annotations

import re
from fractions import Fraction

__all__ = ["NotPlain", "MAX_TOKENS", "MAX_DIGITS", "tokens", "groups", "value", "sides", "is_number"]

MAX_TOKENS = 120
MAX_DIGITS = 30


class NotPlain(Exception):
    """Not plain arithmetic on numbers (or over a bound, or a division by zero)."""



_ARITH_NORMAL = (
    (re.compile(r"\\left\b|\\right\b|\\[,;!: ]|~"), " "),
    (re.compile(r"\\(?:cdot|times|ast)(?![A-Za-z])|[×·∗]"), "*"),
    (re.compile(r"\\div(?![A-Za-z])|÷"), "/"),
    (re.compile(r"[−–]"), "-"),
)
_ARITH_ONLY = re.compile(r"^[0-9.\s+\-*/()=]+$")
_TOKEN = re.compile(r"\d+(?:\.\d+)?|\.\d+|[-+*/()=]|\s+")


def tokens(text: str) -> list[str] | None:
    """The tokens of a text of plain arithmetic on numbers (None: anything else is in it)."""
    t = text
    for pattern, repl in _ARITH_NORMAL:
        t = pattern.sub(repl, t)
    t = t.replace("{", "(").replace("}", ")") if "\\" not in t else t
    if not t.strip() or not _ARITH_ONLY.match(t) or not any(c.isdigit() for c in t):
        return None
    out: list[str] = []
    pos = 0
    for m in _TOKEN.finditer(t):
        if m.start() != pos:
            return None          # '1.2.3', '..': not plain arithmetic
        pos = m.end()
        out.append(" " if m.group().isspace() else m.group())
        if len(out) > 2 * MAX_TOKENS:
            return None
    if pos != len(t):
        return None
    return out


def is_number(tok: str) -> bool:
    return tok[:1].isdigit() or tok[:1] == "."


def groups(tokens: list[str]) -> list[str]:
    """Spaces dropped, except one between two numbers, which stays a ``" "`` token (two values side
    by side); numbers in digit groups (``1 000 000``) merged and a mixed number (``3 1/2``) read as
    ``(3 + 1/2)`` first."""
    toks = [t for i, t in enumerate(tokens)
            if t != " " or 0 < i < len(tokens) - 1 and is_number(tokens[i - 1]) and is_number(tokens[i + 1])]
    out: list[str] = []
    i = 0
    while i < len(toks):
        tok = toks[i]
        if tok == " " and out and is_number(out[-1]) and i + 1 < len(toks):
            nxt = toks[i + 1]
            if "." not in nxt and len(nxt) == 3 and out[-1].isdigit():
                out[-1] = out[-1] + nxt        # a digit group: '1 000'
                i += 2
                continue
            if i + 3 < len(toks) + 1 and toks[i + 2:i + 3] == ["/"] and i + 3 < len(toks) and is_number(toks[i + 3]) \
                    and (i + 4 >= len(toks) or toks[i + 4] in (")", "=")):
                whole = out.pop()
                out += ["(", whole, "+", nxt, "/", toks[i + 3], ")"]   # a mixed number: '3 1/2'
                i += 4
                continue
        out.append(tok)
        i += 1
    return out


def value(tokens: list[str]) -> Fraction:
    """The value of ``+ - * /`` arithmetic with parentheses on numbers (exact); raises NotPlain."""
    pos = 0

    def peek() -> str | None:
        return tokens[pos] if pos < len(tokens) else None

    def take() -> str:
        nonlocal pos
        if pos >= len(tokens):
            raise NotPlain
        pos += 1
        return tokens[pos - 1]

    def expr(depth: int) -> Fraction:
        v = term(depth)
        while peek() in ("+", "-"):
            v = v + term(depth) if take() == "+" else v - term(depth)
        return v

    def term(depth: int) -> Fraction:
        v = factor(depth)
        while peek() in ("*", "/"):
            op = take()
            w = factor(depth)
            if op == "/":
                if w == 0:
                    raise NotPlain
                v = v / w
            else:
                v = v * w
        return v

    def factor(depth: int) -> Fraction:
        if depth > 20:
            raise NotPlain
        tok = take()
        if tok in ("+", "-"):
            v = factor(depth + 1)
            return v if tok == "+" else -v
        if tok == "(":
            v = expr(depth + 1)
            if take() != ")":
                raise NotPlain
            return v
        if is_number(tok) and len(tok) <= MAX_DIGITS:
            return Fraction(tok)
        raise NotPlain

    if not tokens:
        raise NotPlain
    v = expr(0)
    if pos != len(tokens):
        raise NotPlain
    return v


def sides(text: str) -> list[list[str]] | None:
    toks = tokens(text)
    if toks is None:
        return None
    grouped = groups(toks)
    if len(grouped) > MAX_TOKENS:
        return None
    sides: list[list[str]] = [[]]
    for tok in grouped:
        if tok == "=":
            sides.append([])
        else:
            sides[-1].append(tok)
    return sides
