"""The expression reader (issue 29): ``3 x^{2} + 5 x``, ``\\frac{5 e^{3 x}}{3}``, ``8 \\ln{\\left|x\\right|}``, ``\\sqrt{2}``.

Interface::

    expression(text, again, depth) -> Expr | None      a reader (see :data:`rlverify.rule.read.READERS`)

An :class:`~.types.Expr` is one mathematical term and nothing else: no relation (``=``, ``<``, ``\\le``, ``\\approx``,
``\\equiv``, ``\\in``, ``:``), no separator (a comma, ``;``, ``\\quad``, a line break, ``&``), no words (a run of three
letters outside a command, ``\\text``), no hedge (``\\pm``), no set, interval or matrix notation (``\\{``, ``\\cup``,
``\\mathbb``, ``\\begin``), no percent, degree, residue or base notation (``204_5``), no presentation (``\\boxed``, ``\\color``,
``\\mathbf`` around anything but one letter in a term: ``-2a \\mathbf{r}`` holds a vector's symbol), no ellipsis. A
sum, a product, a definite integral or a limit with its lower script (``\\sum_{n=1}^{3} n``, ``\\int_0^1 x\\,dx``) is a
term, left unevaluated (an indefinite integral or an operator without limits is not); a Greek letter is a symbol. What such a text can mean is what the expression entry of the comparison decides
(:mod:`rlverify.rule.compare.expressions`); every other text stays a :class:`~.types.Value`. Read after the number and
quantity reader: a text that is a number stays a :class:`~.types.Number`.

May import: :mod:`.types`. Never the comparison.
"""

from __future__ import annotations

import re

from .types import Expr, Reading

__all__ = ["expression", "is_expression"]

_MAX_CHARS = 200
_SPACING = re.compile(r"\\[,;:! ]|\\(?:q?quad)(?![A-Za-z])")
# relations, separators, hedges, sets, intervals, matrices, residues, presentation, words' fonts, ellipses, units
_NOT = re.compile(
    r"[=<>:;,&%≤≥≠≈∈∪∩±∓°…]|\\\\|\\[{}%]|\\(?:[lg]eq?|[lg]eqslant|n?eq|neq|ne|approx|simeq|sim|cong|equiv|in|notin|ni|to"
    r"|mapsto|rightarrow|Rightarrow|implies|iff|subset|subseteq|supset|supseteq|pm|mp|cup|cap|setminus|mathbb|emptyset"
    r"|varnothing|begin|end|pmod|bmod|mod|boxed|fbox|color|textcolor|mathbf|textbf|boldsymbol|bm|pmb|mathbold|bold|text"
    r"|mbox|textrm|tiny|scriptsize|footnotesize|small|normalsize|large|Large|LARGE|huge|Huge"
    r"|textit|mathrm|operatorname|circ|degree|dots|ldots|cdots|vdots|lor|land|vee|wedge|forall|exists|neg|lnot"
    r"|quad|qquad|mid|nmid|parallel|perp|angle|triangle|overline|underline|vec|hat|widehat|bar|tilde|dot|ddot"
    r"|prime|infty|lim|sum|prod|int|iint|iiint|oint|partial|nabla|left\.|right\.|big|Big|bigg|Bigg|limits|substack"
    r"|stackrel|overset|underset|label|tag|displaystyle|textstyle|scriptstyle|hline)(?![A-Za-z])")
_COMMAND = re.compile(r"\\[A-Za-z]+")
# one letter in bold or under an arrow: a vector's symbol (``\\mathbf{r}``, ``\\vec{F}``), read as that letter
_BOLD_LETTER = re.compile(r"\\(?:mathbf|boldsymbol|bm|vec)\s*\{\s*([A-Za-z])\s*\}")
_BASED = re.compile(r"[0-9A-F]\s*_\s*\{?\s*\d")     # '204_5', '1604_{8}': a number in a base, not a term
_WORD = re.compile(r"[A-Za-z]{3,}")
_VOWELS = frozenset("AEIOUY")


def _has_word(text: str) -> bool:
    """A run of three letters or more is a word, except capitals without a vowel (``SRMC``, ``BCD``: a product of
    points' or variables' letters, as ``MR`` is)."""
    return any(not (m.group().isupper() and _VOWELS.isdisjoint(m.group())) for m in _WORD.finditer(text))
# a Greek letter is a symbol as a Latin one is: '\\gamma + \\gamma' is a term in gamma
_GREEK_SYMBOL = re.compile(r"\\(?:[Vv]ar)?(?:alpha|beta|[Gg]amma|[Dd]elta|epsilon|zeta|eta|[Tt]heta|iota|kappa|[Ll]ambda|mu"
                           r"|nu|[Xx]i|pi|[Pp]i|rho|[Ss]igma|tau|[Uu]psilon|[Pp]hi|chi|[Pp]si|[Oo]mega)(?![A-Za-z])")
_BALANCED = {"(": ")", "[": "]", "{": "}"}
# a sum, a product, a definite integral or a limit, with its lower script ('\\sum_{n=1}^{3} n', '\\lim_{x \\to 0}'): an
# operator over a term, left unevaluated (whether that is a value is the comparison's: a reference may be written so,
# an answer that restates it is no value). Without a lower script (an indefinite integral, a bare '\\sum') no term.
_OPERATOR_HEAD = re.compile(r"\\(?:sum|prod|i{1,3}nt|oint|lim|limsup|liminf)(?![A-Za-z])\s*(?:\\limits\s*)?")
_LIMIT_NOT = re.compile(r"\\(?:to|rightarrow|infty|in|le|leq|ge|geq)(?![A-Za-z])|[=<>]")


def is_expression(s: str) -> bool:
    """One mathematical term and nothing else (see the module's docstring)."""
    if not s or len(s) > _MAX_CHARS or "$" in s or "'" in s or '"' in s:
        return False
    if _BOLD_LETTER.fullmatch(s.strip()):
        return False      # '\\mathbf{x}' alone: a letter in bold, presentation as much as a vector
    t = _BOLD_LETTER.sub(r" \1 ", _SPACING.sub(" ", s))     # '-2a \\mathbf{r}': a vector's symbol in a term
    t = _without_operators(t)
    if t is None or _NOT.search(t) or _BASED.search(t) or _has_word(_COMMAND.sub(" ", t)):
        return False
    return _balanced(t) and bool(re.search(r"[A-Za-z0-9]", _COMMAND.sub(" ", t)) or _GREEK_SYMBOL.search(t))


def _without_operators(t: str) -> str | None:
    """The text with each operator's head and scripts (``\\sum_{n=1}^{3}``) blanked out, so that what it applies to is
    read as a term; None where an operator has no lower script or a script holds words or brackets that do not close."""
    out, at = [], 0
    for m in _OPERATOR_HEAD.finditer(t):
        if m.start() < at:
            return None     # an operator inside another's script
        out.append(t[at:m.start()])
        end, lower = _script(t, m.end(), "_")
        if lower is None:
            return None
        end, upper = _script(t, end, "^")
        for limit in (lower, upper or ""):
            if _WORD.search(_COMMAND.sub(" ", limit)) or not _balanced(limit) or _NOT.search(_LIMIT_NOT.sub(" ", limit)):
                return None
        out.append(" ")
        at = end
    if at and not t[at:].strip():
        return None     # an operator over nothing
    return "".join(out) + t[at:]


def _script(t: str, i: int, mark: str) -> tuple[int, str | None]:
    """A script after ``mark`` at ``i`` (spaces allowed): its end and its text (a braced group, a command or one
    character); (i, None) where there is none."""
    j = i
    while j < len(t) and t[j] == " ":
        j += 1
    if j >= len(t) or t[j] != mark:
        return i, None
    j += 1
    while j < len(t) and t[j] == " ":
        j += 1
    if j >= len(t):
        return i, None
    if t[j] == "{":
        depth = 0
        for k in range(j, len(t)):
            depth += {"{": 1, "}": -1}.get(t[k], 0)
            if depth == 0:
                return k + 1, t[j + 1:k]
        return i, None
    cmd = _COMMAND.match(t, j)
    if cmd is not None:
        return cmd.end(), cmd.group()
    return j + 1, t[j]


def _balanced(t: str) -> bool:
    stack: list[str] = []
    for ch in t:
        if ch in _BALANCED:
            stack.append(_BALANCED[ch])
        elif ch in ")]}":
            if not stack or stack.pop() != ch:
                return False
    return not stack


def expression(s: str, again, depth: int) -> Reading | None:
    """An :class:`~.types.Expr` where the text is one mathematical term (see :func:`is_expression`), or one term with
    elided terms (:func:`is_elided`), else None."""
    return Expr(s) if is_expression(s) or is_elided(s) else None


# an ellipsis between two terms of a sum or a product: '1 + 2 + \\ldots + n', '(1 - a_1)(1 - a_2) \\cdots (1 - a_n)'
_ELLIPSIS = re.compile(r"\\(?:[lc]?dots|dotsb|dotsm)(?![A-Za-z])|…")
_BETWEEN = re.compile(r"(?:[-+)}]|\\cdot|\\times)\s*$")
_BEFORE = re.compile(r"^\s*(?:[-+({]|\\cdot|\\times|[A-Za-z0-9\\])")


def is_elided(s: str) -> bool:
    """One term whose middle terms are elided: every ellipsis stands between two terms of a sum or a product (an
    operator or a closing bracket before it, a term after it), and the text with each ellipsis as a term is one
    term (:func:`is_expression`). A list (``1, 2, \\ldots, n``) or a decimal said to go on is no such term."""
    if len(s) > _MAX_CHARS or not _ELLIPSIS.search(s):
        return False
    pieces = _ELLIPSIS.split(s)
    for before, after in zip(pieces, pieces[1:]):
        if not _BETWEEN.search(before) or not _BEFORE.match(after) or not after.strip():
            return False
    return is_expression(_ELLIPSIS.sub(" z ", s))
