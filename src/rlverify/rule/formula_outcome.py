"""A formula against a stated value (issue 30): a reference that states one value -- a number or a quantity read for
sure (``C = 7.08\\times10^{-11}\\,\\text{F}``, ``\\epsilon' = 1``, ``\\approx 1.5\\,\\text{km}``) -- against an answer
that is an expression in a name the question leaves free (``C = \\frac{\\epsilon A}{d}``, ``\\frac{Q_H}{4}``) is
``different``: an expression that takes more than one value over its free names states no value, so it is not the value
the question asks for. The mirror of :func:`rlverify.rule.outcome._constant_against_expression` (a constant against an
expression reference).

Interface::

    formula_against_value(answer, gold, question, cas) -> Outcome   DIFFERENT or UNSURE

Kept ``unsure`` (the judge may decide): an answer whose every name is a physical or mathematical constant
(``\\frac{\\hbar}{2}``, ``\\frac{3}{2} k_B``: it has a value in SI units) or a name the question fixes to a value
(``T = 300`` in the question), a lone name (``a``, ``(b)``: an option letter or a name, the guard's), an answer the CAS cannot read or that is real at too few sample points, words or unit
markup on the answer's side, a relation, a list, and a reference that is not a sure number or quantity. Without the
CAS (``cas=False``) nothing is decided here.

Imports the rule's readers (:mod:`rlverify.rule.read`, :mod:`rlverify.rule.outcome`'s bounded CAS reading); nothing is
evaluated from raw text, the CAS reading runs in one :func:`~rlverify.runtime.bounded.run_bounded` job.
"""

from __future__ import annotations

import re
from typing import Any

from ..verdict import Outcome

__all__ = ["formula_against_value", "CONSTANT_NAMES"]

_TIMEOUT = 1.0       # seconds for the CAS reading (never more than the item has left)
_MAX_CHARS = 200
_REL_DIFF = 1e-6

# names that hold a value in SI units (a formula in these alone is a number: \hbar/2, k_B T_0 with T_0 fixed...)
CONSTANT_NAMES = frozenset((
    "hbar", "h", "c", "e", "E", "k", "k_B", "k_b", "k_e", "G", "g", "epsilon_0", "varepsilon_0", "mu_0", "m_e", "m_p",
    "m_n", "m_u", "N_A", "R", "sigma", "alpha", "a_0", "pi", "q_e", "e_0", "F", "R_H", "R_infty", "lambda_C", "mu_B",
    "mu_N", "u",
))
# a magnitude laid out before a unit the readers did not take (``2.58J/k``, ``14.7 \\, kJ``, ``3 zY^{-1}``): a quantity,
# not a formula
_UNIT_LAYOUT = re.compile(r"\d\.\d*\s*[A-Za-z]|\d\s*(?:\\[,;: ]|~)\s*\\?[A-Za-z]"
                          r"|^\s*[-+]?[\d.]+(?:\s*\\times\s*10\^\{?-?\d+\}?)?\s*[A-Za-z][A-Za-z\s^{}/\d-]*$")
_LONE_NAME = re.compile(r"\\?[A-Za-z]+(?:_\{?\w+\}?)?'*")
# 'F_{84}', 'a_{10}': a term of a sequence the question defines, a value
_SEQUENCE_TERM = re.compile(r"[A-Za-z]_\{?\d{2,}\}?")
_LIST_OR_RELATION = re.compile(r",|;|\\\\|=|<|>|\\(?:le|ge|leq|geq|neq|ne|lt|gt|approx|sim|simeq|in|to|pm|mp)(?![a-zA-Z])")


# commands that are no name (functions, structure, constants); any other command (\\alpha, \\hbar) is one
_NOT_NAMES = frozenset("frac dfrac tfrac sqrt left right cdot times div sin cos tan cot sec csc sinh cosh tanh arcsin "
                       "arccos arctan log ln exp pi infty big Big bigg Bigg mathrm mathbf operatorname quad".split())
_NAME_TOKEN = re.compile(r"\\[A-Za-z]+|[A-Za-z](?:_\{?\w+\}?)?")


def _names(text: str) -> frozenset[str]:
    """The names a text writes, read cheaply from its tokens (a filter before the CAS reading, never a decision)."""
    out = set()
    for tok in _NAME_TOKEN.findall(text):
        if tok.startswith("\\"):
            if tok[1:] not in _NOT_NAMES:
                out.add(tok)
        elif tok[0] not in "eEi" or len(tok) > 1:
            out.add(tok.replace("{", "").replace("}", ""))
    return frozenset(out)


def formula_against_value(answer: str, gold: str, question: str | None, cas: bool) -> Outcome:
    """See the module doc."""
    if not cas or len(answer) > _MAX_CHARS or len(gold) > _MAX_CHARS:
        return Outcome.UNSURE
    from .sides import side as _side

    a, g = _side(answer), _side(gold)
    if a is None or g is None or not _states_value(g[0]):
        return Outcome.UNSURE
    text = a[0].strip()
    from .outcome import texty

    if not text or texty(text) or _LIST_OR_RELATION.search(text) or _UNIT_LAYOUT.search(text) or not _is_expr(text):
        return Outcome.UNSURE
    if not _names(text) or _LONE_NAME.fullmatch(text.strip("(){} ")):
        return Outcome.UNSURE      # 'a', '(b)', 'x': an option letter, or a name the guard weighs, not a formula
    fixed = _fixed_names(question)
    from .outcome import within_budget

    free = within_budget(_varies_job, text, limit=_TIMEOUT)
    if not free or all(n in CONSTANT_NAMES or n in fixed or _SEQUENCE_TERM.fullmatch(n) for n in free):
        return Outcome.UNSURE
    return Outcome.DIFFERENT


def _is_expr(text: str) -> bool:
    from .read import read
    from .read.types import Expr

    return isinstance(read(text), Expr)


def _states_value(text: str) -> bool:
    """The reference's value is a number or a quantity read for sure (no name in it)."""
    from .read import read
    from .read.types import Number, Quantity

    r = read(text)
    return isinstance(r, Number) or isinstance(r, Quantity) and r.sure and bool(re.search(r"\d", r.magnitude))


def _fixed_names(question: str | None) -> frozenset[str]:
    """Names the question gives a value (``T = 300``, ``m_1 = 2``): a formula in them may be the value."""
    from .outcome import _context

    if not question:
        return frozenset()
    fixed = set(_context(question, False).fixed)
    tail = question[-4000:]
    fixed.update(m.group(1).replace("{", "").replace("}", "") for m in _FIXED_SUB.finditer(tail))
    fixed.update(c for m in _SEGMENT.finditer(tail) for c in m.group(1))     # 'AB = 9': A and B are read as names
    return frozenset(fixed)


# 'm_1 = 2 kg', 'T_{0} = 300': a subscripted name the question fixes (the one-letter names are outcome's own)
_FIXED_SUB = re.compile(r"(?<![A-Za-z\\])([A-Za-z]_\{?[A-Za-z0-9]{1,3}\}?)\s*=\s*(?=[-+]?\s*(?:\d|\\frac|\\sqrt))")


# 'AB = 9', 'BC=12': a segment the question gives a length (the CAS reads 'AB' as two names)
_SEGMENT = re.compile(r"(?<![A-Za-z\\])([A-Z]{2,3})\s*=\s*(?=[-+]?\s*(?:\d|\\frac|\\sqrt))")


def _varies_job(text: str) -> tuple[str, ...] | None:
    """Runs in a bounded helper: the expression's free names when it is real at most sample points and takes more
    than one value there; None otherwise."""
    from .outcome import SAMPLE_POINTS, _expr_values

    got = _expr_values(text)
    if got is None or not got[0]:
        return None
    values = [v for v in got[1] if v is not None]
    if len(values) * 2 <= SAMPLE_POINTS:
        return None
    if not any(abs(v - values[0]) > _REL_DIFF * max(abs(v), abs(values[0]), 1) for v in values[1:]):
        return None
    return got[0]
