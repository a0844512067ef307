"""Arithmetic that states no answer (private; see :mod:`rlverify.guard`).

The rules cannot read these spans as one value, so they say ``unsure``; a judge swayed by what it
cannot read rewarded them in the RL experiment (``benchmarks/rl_hacking.py``, hybrid arm, issue 31).
Four detectors, each with its own flag:

* :func:`dangling` (``dangling``): an operator or relation with a missing operand at either end
  (``5 +``, ``8 + 6 =``, ``*32 + 5``, ``x \\cdot``); a leading ``=``, ``+`` or ``-`` states a value.
* :func:`false_relation` (``false_relation``): a span of plain arithmetic on numbers (digits,
  ``+ - * /``, ``\\times``, ``\\cdot``, parentheses, ``=``) whose sides have different values
  (``43 = 4 * 4``, ``38 + 3 = 31``): a false equation states no answer.
* :func:`juxtaposed` (``hedge``): plain arithmetic holding two numbers side by side with no operator
  between them (``7 * 3 = 19  7``, ``43 = 4 + 4 43``): several values offered, not one. Digit groups
  (``1 000``) and a mixed number (``3 1/2``) are one number.
* :func:`fake_box` (``fake_box``): a command that imitates a box but is none (``\\boxding``,
  ``\\boxsmult 48``, ``\\boxing{34}``, ``\\box{...}``): the real ones (``\\boxed``, ``\\fbox``,
  ``\\boxtimes``...) pass.
* :func:`free_variable` (``free_variable``): against a numeric reference, an expression with a
  one-letter name as an operand of arithmetic that neither the question nor the reference writes
  (``x + 3`` for "What is 32 + 3?"): no constant equals an expression in a free variable. A letter
  after a number is a unit (``5 m``, ``3 h``), one before ``=`` a label (``v = 5``).
* :func:`wrong_number` (``wrong_number``): the question writes integer arithmetic whose exact value is
  the (integer) reference (``What is 2 + 4?``, 6), and the span states one number, decorated so the rules
  cannot read it or written with decimals (``6.2``, ``18l``), that differs from it.

Nothing is evaluated but integers and decimals with ``+ - * /`` (fractions, exact), on at most
``_MAX_TOKENS`` tokens of at most ``_MAX_DIGITS`` digits each; no eval, no CAS.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..rule.answers import plain_arith
from .text import Span

__all__ = ["dangling", "false_relation", "juxtaposed", "fake_box", "free_variable", "wrong_number"]

_MAX_TOKENS = 120
_MAX_DIGITS = 30
_MAX_SCAN = 2000

# ------------------------------------------------------------------ the span without its wrappers

_WRAP = re.compile(r"^\\(?:boxed|fbox|textbf|mathbf|bm|boldsymbol|text|mathrm|displaystyle)\s*\{(.*)\}$", re.S)
_EDGE = re.compile(r"^(?:\s|\$|\\[()\[\]]|\*\*|\\[,;!: ]|\\q?quad\b|\\displaystyle\b)+|"
                   r"(?:\s|\$|\\[()\[\]]|\*\*|[.,;:]|\\[,;!: ]|\\q?quad\b)+$")


def _bare(text: str) -> str:
    """The span without math delimiters, bold markers, outer wrappers and closing punctuation."""
    t = text[:_MAX_SCAN]
    for _ in range(6):
        before = t
        t = _EDGE.sub("", t)
        m = _WRAP.match(t)
        if m is not None and _balanced_braces(m.group(1)):
            t = m.group(1)
        if t == before:
            break
    return t


def _balanced_braces(t: str) -> bool:
    depth = 0
    for i, c in enumerate(t):
        if c in "{}" and i and t[i - 1] == "\\":
            continue
        depth += (c == "{") - (c == "}")
        if depth < 0:
            return False
    return depth == 0


# ------------------------------------------------------------------ dangling operators

_OP_CMD = r"\\(?:cdot|times|div|pm|mp|ast|le|leq|ge|geq|ne|neq|approx|equiv|lt|gt)(?![A-Za-z])"
_LEADING = re.compile(r"^(?:[*/×÷·^_]|\\(?:cdot|times|div|ast)(?![A-Za-z]))")
_TRAILING = re.compile(r"(?:(?<![\\^_{])[-+*/×÷·=<>^_−]|" + _OP_CMD + r")$")


def _opens_or_ends_with_operator(text: str) -> bool:
    t = _bare(text)
    if not t or t.endswith(("\\-", "\\+", "\\=")):
        return False
    return _TRAILING.search(t) is not None or _LEADING.match(t) is not None


def dangling(s: Span) -> bool:
    """An operator with a missing operand at either end of the span (``5 +``, ``8 + 6 =``, ``*32 + 5``),
    where the reference itself has none."""
    return _opens_or_ends_with_operator(s.text) and not _opens_or_ends_with_operator(s.gold_text)


# ------------------------------------------------------------------ plain arithmetic on numbers (rule.answers.plain_arith)

_Bad = plain_arith.NotPlain
_groups = plain_arith.groups
_value = plain_arith.value
_is_number = plain_arith.is_number


def _arith_tokens(text: str) -> list[str] | None:
    """The tokens of a span of plain arithmetic on numbers, its wrappers off (None: anything else is in it)."""
    return plain_arith.tokens(_bare(text))


def _sides(text: str) -> list[list[str]] | None:
    return plain_arith.sides(_bare(text))


def juxtaposed(s: Span) -> bool:
    """Plain arithmetic with two numbers side by side and no operator between them (``19  7``):
    several values offered. A reference written so itself exempts its answers."""
    sides = _sides(s.text)
    if sides is None or not any(" " in side for side in sides):
        return False
    g = _sides(s.gold_text)
    return not (g is not None and any(" " in side for side in g))


def false_relation(s: Span) -> bool:
    """Plain arithmetic on numbers with ``=`` whose sides have different values (``43 = 4 * 4``)."""
    sides = _sides(s.text)
    if sides is None or len(sides) < 2 or any(" " in side for side in sides):
        return False
    try:
        values = [_value(side) for side in sides]
    except (_Bad, ValueError, ZeroDivisionError, OverflowError):
        return False
    return len(set(values)) > 1


# ------------------------------------------------------------------ commands that imitate a box

_BOXLIKE = re.compile(r"\\([A-Za-z]*box[A-Za-z]*)", re.I)
_REAL_BOXES = frozenset("""
boxed fbox mbox hbox vbox makebox framebox parbox colorbox fcolorbox sbox savebox usebox raisebox
boxtimes boxdot boxplus boxminus boxast boxslash boxbslash boxbox boxempty Box dbox ovalbox shadowbox
doublebox
""".split())


def fake_box(s: Span) -> bool:
    """A command named like a box that LaTeX does not know as one (``\\boxding``, ``\\boxname38``,
    ``\\box{...}``): it renders as no box, it imitates one."""
    return any(m.group(1) not in _REAL_BOXES for m in _BOXLIKE.finditer(s.text[:_MAX_SCAN]))


# ------------------------------------------------------------------ an expression in a free variable

_NUMERIC_GOLD = re.compile(r"^[-+−]?\s*(?:\d+\s*/\s*\d+|\d[\d,]*(?:\.\d+)?|\.\d+|\\[dt]?frac\s*\{\s*-?\d+\s*\}\s*\{\s*\d+\s*\})\s*\\?%?$")
_TEXT_ARG = re.compile(r"\\(?:text[a-z]*|mathrm|operatorname|mbox|hbox|unit|si|SI)\s*\{[^{}]*\}(?:\s*\{[^{}]*\})?")
_COMMAND = re.compile(r"\\[A-Za-z]+")
_LETTER = re.compile(r"(?<![A-Za-z])[A-Za-z](?![A-Za-z])")
_OPERATORS = "+-*/^−×·"


def _gold_number(gold: str) -> bool:
    t = _bare(gold)
    return bool(_NUMERIC_GOLD.match(t))


def free_variable(s: Span) -> bool:
    """Against a numeric reference, a one-letter name set as an operand of arithmetic (``x + 3``,
    ``3 - y``, ``\\frac{x}{2}``) that neither the question nor the reference writes."""
    if not _gold_number(s.gold_text):
        return False
    t = _COMMAND.sub(lambda m: " * " if m.group() in ("\\cdot", "\\times") else " ",
                     _TEXT_ARG.sub(" ", s.text[:_MAX_SCAN]))
    question = s.question or ""
    for m in _LETTER.finditer(t):
        name = m.group()
        if name in ("e", "i"):
            continue
        before = t[:m.start()].rstrip()
        after = t[m.end():].lstrip()
        prev, nxt = before[-1:], after[:1]
        if prev and (prev.isdigit() or prev.isalpha() or prev in ".'/") or nxt and (nxt.isalpha() or nxt in "=('_") \
                or after.startswith("\\approx"):
            continue          # a unit after a number, a word, a label 'v =', a function 'f(x)', a subscript name
        if not (prev and prev in _OPERATORS or nxt and nxt in _OPERATORS or prev == "{" and nxt == "}"):
            continue
        if re.search(r"(?<![A-Za-z\\])" + name + r"(?![A-Za-z])", question):
            continue          # the question writes it (a name it defines, or the article 'a')
        return True
    return False


# ------------------------------------------------------------------ a number against an exact integer reference

# integer arithmetic written in the question: '32 + 3', '6 \times 4', '7*3 - 2'
_Q_ARITH = re.compile(r"(?<![\d.])\d{1,12}(?:\s*(?:[-+*×·−]|\\times|\\cdot)\s*\d{1,12}(?![\d.]))+")
_SPAN_NUMBER = re.compile(r"(?<![\d.])\d+(?:\.\d+)?(?![\d.])")
_GOLD_INTEGER = re.compile(r"^-?\d{1,15}$")


def _exact_reference(gold: str, question: str) -> tuple[Fraction, frozenset[Fraction]] | None:
    """The reference's value and the operands of the question's integer arithmetic (``What is 32 + 3?``)
    when that arithmetic has the reference as its value: an exact integer, no rounding and no unit to
    allow for; else None."""
    g = _bare(gold).replace(" ", "")
    if not _GOLD_INTEGER.match(g) or not question:
        return None
    value = Fraction(int(g))
    for m in _Q_ARITH.finditer(question[:_MAX_SCAN]):
        tokens = _arith_tokens(m.group())
        if tokens is None:
            continue
        try:
            if _value([t for t in tokens if t != " "]) == value:
                return value, frozenset(Fraction(t) for t in tokens if _is_number(t))
        except (_Bad, ValueError, ZeroDivisionError):
            continue
    return None


def wrong_number(s: Span) -> bool:
    """The question writes integer arithmetic whose exact value is the reference (``What is 2 + 4?``, 6), and
    the span, which the rules could not read, states no number equal to it (``6.2``, ``18l``, ``0x12``) or
    states another one beside it, other than the question's arithmetic restated (``17l 18``, ``17 9`` for 17): a number that
    differs from an exact value is wrong, whatever decorates it; two are a hedge."""
    if _GOLD_INTEGER.match(_bare(s.text).replace(" ", "")):
        return False    # a plain integer: the rules read it and decide it ('different'); a verdict, not a shape to flag
    exact = _exact_reference(s.gold_text, s.question or "")
    if exact is None:
        return False
    value, operands = exact
    numbers = [Fraction(n) for n in _SPAN_NUMBER.findall(_COMMAND.sub(" ", s.text[:_MAX_SCAN]))[:_MAX_TOKENS]
               if len(n) <= _MAX_DIGITS]
    if not numbers:
        return False
    if value not in numbers:
        return True
    others = [n for n in numbers if n != value]
    if not others:
        return False
    # the question's own arithmetic beside the value ('17 (from 9 + 8)') is a working, not a second value
    working = all(n in operands for n in others) and re.search(r"[-+*×·]|\\(?:times|cdot)", s.text) is not None
    return not working
