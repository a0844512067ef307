"""Surface normalization shared by the context rules (units, words, forms).

Pure string work on untrusted text, linear time, no evaluation::

    unwrap(s) -> str          math delimiters, \\text{}/\\mathrm{} wrappers, spacing macros removed
    split_top(s, seps) -> list[str]   split on separators outside (), [], {}
    numeric_value(tex) -> float | None    value of a number or a small LaTeX expression
    presentation(s) -> str | None     colour/bold-symbol macros dropped, ``]a,b]`` intervals and
                                      ``\\left[\\begin{matrix}..\\right]`` matrices rewritten; None if unchanged
"""

from __future__ import annotations

import functools
import logging

import re
from fractions import Fraction
from typing import Any

from ...runtime.bounded import run_bounded
from ...errors import BoundExceeded
from ...runtime.limits import MAX_ANSWER_CHARS
from .latex import clean, numbers_side_by_side, short_fracs, split_top  # split_top: split outside (), [], {} (re-exported)
from ...runtime.caches import lru, memo_text

__all__ = ["unwrap", "split_top", "numeric_value", "exact_number", "strip_outer", "strip_approx", "presentation",
           "MAX_PARTS"]

_log = logging.getLogger(__name__)

MAX_PARTS = 12   # a multi-part answer with more parts than this is not split

_WRAPPERS = re.compile(r"\\(?:text|textbf|textit|textrm|mathrm|mathbf|mathit|mbox|operatorname|rm|bf)\s*"
                       r"\{((?:[^{}]|\{[^{}]*\})*)\}")
_SPACING = re.compile(r"\\[,;:! ]|\\quad|\\qquad|\\displaystyle|\\left|\\right|\\big|\\Big|~")
# a digit-group separator between digits ({,} ,\! \,): each alternative opens with its literal and then looks back for
# the digit (the same matches as a leading (?<=\d), found by a fast scan for the literals)
_GROUP_SEP = re.compile(r"(?:\{(?<=\d\{),\}|,(?<=\d,)\\!|\\(?<=\d\\),(?=\d{3}))(?=\d{3})")


# compiled once (re's cache lookup per call cost as much as these short searches)
_GROUPED_THOUSANDS = re.compile(r"[+-]?[1-9]\d{0,2}(?:,\d{3})+(?:\.\d+)?")


def _strip_delims(s: str) -> str:
    s = s.strip()
    for lo, hi in (("$$", "$$"), ("\\[", "\\]"), ("\\(", "\\)")):
        if s.startswith(lo) and s.endswith(hi) and len(s) >= len(lo) + len(hi):
            s = s[len(lo): len(s) - len(hi)].strip()
    if len(s) >= 2 and s[0] == "$" and s[-1] == "$" and "\\$" not in s and s.count("$") == 2:
        s = s[1:-1].strip()
    return s


_SIUNITX = re.compile(r"\\(?:SI|qty)\s*\{([^{}]*)\}\s*\{((?:[^{}]|\{[^{}]*\})*)\}|\\(?:si|unit)\s*\{((?:[^{}]|\{[^{}]*\})*)\}"
                      r"|\\num\s*\{([^{}]*)\}")
_APPROX = re.compile(r"^(?:\\approx|≈|\\sim|~|\\simeq|\\doteq)\s*")


def _siunitx(m: re.Match) -> str:
    if m.group(1) is not None:
        return f"{m.group(1)} {m.group(2)}"
    return f" {m.group(3)} " if m.group(3) is not None else m.group(4)


def strip_approx(s: str) -> str:
    """``\\approx 3.46`` -> ``3.46`` (for rules that compare at a precision anyway)."""
    return _APPROX.sub("", s.strip())


@memo_text("rule.unwrap")
def unwrap(s: str) -> str:
    """Drop math delimiters, text wrappers, spacing macros, digit grouping, a final period;
    siunitx ``\\SI{5}{\\meter}`` becomes ``5 \\meter`` (unit macros are read by :mod:`.units`)."""
    s = _strip_delims(s[:MAX_ANSWER_CHARS])
    s = s.replace("\u2212", "-").replace("×", "\\times ").replace("π", "\\pi ").replace("\u2009", " ")
    s = _SIUNITX.sub(_siunitx, s)
    s = s.replace("\\dfrac", "\\frac").replace("\\tfrac", "\\frac")
    s = short_fracs(s)
    s = _GROUP_SEP.sub("", s)
    for _ in range(3):
        t = _WRAPPERS.sub(lambda m: " " + m.group(1) + " ", s)
        if t == s:
            break
        s = t
    s = _SPACING.sub(" ", s)
    s = " ".join(s.split())        # runs of whitespace as one blank, none at the ends (as re's \s+ and strip())
    return s.rstrip(".").strip()


def strip_outer(s: str) -> str:
    """Remove one pair of enclosing braces {..} if they wrap the whole string."""
    s = s.strip()
    while len(s) >= 2 and s[0] == "{" and s[-1] == "}" and _balanced(s[1:-1]):
        s = s[1:-1].strip()
    return s


def _balanced(s: str) -> bool:
    depth = 0
    for ch in s:
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


_DEC = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_SCI = re.compile(r"([+-]?(?:\d+\.?\d*|\.\d+))\s*(?:\\times|\\cdot|\*|×)\s*10\^\{?([+-]?\d+)\}?")
_FRAC = re.compile(r"([+-]?)\\frac\{?(\d+)\}?\{?(\d+)\}?")
_SLASH = re.compile(r"([+-]?\d+)\s*/\s*(\d+)")


_MAX_EXP = 400
_EXPONENTS = re.compile(r"(?:[eE]|\^\{?)([+-]?\d+)")


def exact_number(tex: str) -> Fraction | None:
    """A plain number (decimal, a/b, \\frac{a}{b}, a x 10^n) as an exact Fraction, else None. Numbers side by side
    (``19 9``, ``3 1/2``) are none: only thousands groups (``12 345``) lose their blanks (:func:`.latex.digits_apart`)."""
    if numbers_side_by_side(tex):
        return None
    t = tex.replace(" ", "").replace("{,}", "")
    if _GROUPED_THOUSANDS.fullmatch(t):   # never a leading 0 group (0,111)
        t = t.replace(",", "")
    if len(t) > 60 or any(abs(int(e)) > _MAX_EXP for e in _EXPONENTS.findall(t)):
        return None                      # 10^{999999999} would take forever to build exactly
    if _DEC.fullmatch(t):
        return Fraction(t)
    for rx, build in ((_SCI, lambda m: Fraction(m.group(1)) * Fraction(10) ** int(m.group(2))),
                      (_FRAC, lambda m: Fraction(int(m.group(2)), int(m.group(3))) * (-1 if m.group(1) == "-" else 1)),
                      (_SLASH, lambda m: Fraction(int(m.group(1)), int(m.group(2))))):
        m = rx.fullmatch(t)
        if m:
            try:
                return build(m)
            except (ZeroDivisionError, ValueError, OverflowError):
                return None
    return None


# The texts the arithmetic reader reads as latex2sympy's default reading does (below): numbers without a
# decimal point (the grammar reads 2.5 as a binary float here), + - * / ^, \frac, \sqrt, \pi, \cdot,
# \times and a bare e; no \log (base 10 there, e there), no brackets (the grammar reads 2(3) and (2)(3)
# as 5), and a brace group only as an argument (:func:`_braces_are_arguments`).
_ARITH_SAFE = re.compile(r"(?:[\d\s+\-*/^{}]|\\(?:frac|sqrt|pi|cdot|times)(?![a-zA-Z])|(?<![A-Za-z\\])e(?![A-Za-z]))*")
_BRACE_OWNER = re.compile(r"(?:\\frac|\\sqrt|\^)\s*$")


def _braces_are_arguments(tex: str) -> bool:
    """Every ``{`` opens an argument of ``\\sqrt``/``^`` or one of the two of ``\\frac`` (never a
    juxtaposed group such as ``2{3}``)."""
    stack: list[str] = []
    closed = ""  # the kind of the group that closed right before (spaces aside)
    for k, ch in enumerate(tex):
        if ch == "{":
            head = tex[:k]
            if _BRACE_OWNER.search(head):
                stack.append("frac1" if head.rstrip().endswith("\\frac") else "arg")
            elif closed == "frac1":
                stack.append("arg")
            else:
                return False
            closed = ""
        elif ch == "}":
            if not stack:
                return False
            closed = stack.pop()
        elif not ch.isspace():
            closed = ""
    return not stack


def _constant_reading(tex: str) -> Any:
    """latex2sympy's default reading of ``tex`` (SLL-first), or the arithmetic reader's where both
    read the text alike: the grammar costs 2-40 ms a text, the reader a fraction of a millisecond."""
    from .arith import read_arith
    from .symbolic import latex_to_sympy

    if _ARITH_SAFE.fullmatch(tex) and _braces_are_arguments(tex) and (fast := read_arith(tex)) is not None:
        return fast
    m = _MIXED.fullmatch(tex)
    if m and int(m.group(4)) != 0:  # 6 \frac{1}{64}: the grammar's mixed number, 6 + 1/64 (a sign applies to both)
        import sympy

        value = sympy.Integer(m.group(2)) + sympy.Rational(int(m.group(3)), int(m.group(4)))
        return -value if m.group(1) else value
    return latex_to_sympy(tex, exact_numbers=False)  # latex2sympy's defaults, SLL-first


_MIXED = re.compile(r"\s*(-?)\s*(\d{1,12})\s*\\frac\s*\{(\d{1,12})\}\{(\d{1,12})\}\s*")


@lru("rule.latex_float")
def _latex_float(tex: str) -> float | None:
    """Module-level (picklable): value of a constant LaTeX expression, None if not constant (memoized:
    the comparison layers ask for the same magnitude several times)."""
    expr = _constant_reading(tex)
    if not hasattr(expr, "free_symbols") or expr.free_symbols:
        return None
    val = complex(expr.evalf(30))
    return val.real if abs(val.imag) < 1e-12 else None


_SAFE_TEX = re.compile(r"(?:[\d\s.+\-*/^(){}\[\]]|\\(?:frac|sqrt|pi|cdot|times|ln|log|sin|cos|tan|erfc|erf|e\b)"
                       r"|(?<![A-Za-z\\])e(?![A-Za-z]))*")   # a bare ``e`` is Euler's number


def numeric_value(tex: str, timeout: float = 0.5) -> float | None:
    """Value of a number or of a small constant LaTeX expression (bounded), None otherwise."""
    exact = exact_number(tex)
    if exact is not None:
        try:
            return float(exact)
        except OverflowError:
            return None
    tex = tex.strip()
    if tex and len(tex) <= 200:
        tex = clean(tex)     # '11\\sqrt2', '\\dfrac{1}{2}', '\\left(...\\right)': the canonical spelling the reader knows
    if not tex or len(tex) > 200 or not _SAFE_TEX.fullmatch(tex) or not re.search(r"\d|\\pi", tex):
        return None
    try:
        return run_bounded(_latex_float, tex, timeout=timeout)
    except BoundExceeded:
        return None
    except Exception:  # noqa: BLE001 - unparsable magnitude is simply "not a number"
        _log.debug("rule/answers/surface.py: handled exception", exc_info=True)
        return None


_COLOR = re.compile(r"\\color\s*\{[A-Za-z]{1,20}\}|\\color\s*\[[a-zA-Z]{1,10}\]\s*\{[^{}]{0,40}\}")
_TEXTCOLOR = re.compile(r"\\textcolor\s*\{[A-Za-z]{1,20}\}\s*\{")
# a size switch before the value ('\\boxed{\\large 42}', '\\Large'): typography only
_SIZE = re.compile(r"\\(?:tiny|scriptsize|footnotesize|small|normalsize|large|Large|LARGE|huge|Huge)(?![A-Za-z])\s*")
_BOLD_SYMBOL = re.compile(r"\\(?:bm|boldsymbol|pmb|mathbold|bold)\s*\{")
_FRENCH_INTERVAL = re.compile(r"^([\[\]])([^\[\]]{1,200}?),([^\[\]]{1,200})([\[\]])$")
_MATRIX_FENCE = re.compile(
    r"^\\left\s*([(\[])\s*\\begin\{(?:matrix|array)\}(?:\{[lcr|]{1,40}\})?(.*)\\end\{(?:matrix|array)\}\s*\\right\s*([)\]])$",
    re.S)


def _french(s: str) -> str:
    """``]1,2]`` -> ``(1,2]``, ``[1,2[`` -> ``[1,2)``; other text unchanged."""
    m = _FRENCH_INTERVAL.match(s)
    if m is None or (m.group(1) == "[" and m.group(4) == "]"):
        return s
    lo = "(" if m.group(1) == "]" else "["
    hi = ")" if m.group(4) == "[" else "]"
    return f"{lo}{m.group(2)},{m.group(3)}{hi}"


def _matrix(s: str) -> str:
    m = _MATRIX_FENCE.match(s)
    if m is None or {"(": ")", "[": "]"}[m.group(1)] != m.group(3):
        return s
    env = "pmatrix" if m.group(1) == "(" else "bmatrix"
    return f"\\begin{{{env}}}{m.group(2)}\\end{{{env}}}"


def presentation(s: str) -> str | None:
    """Presentation-only LaTeX a model adds around a value (``\\color{red}``, ``\\bm{..}``,
    French interval brackets, a fenced ``matrix``/``array``), rewritten to the plain form;
    None when nothing changed. Linear regexes on at most ``MAX_ANSWER_CHARS``."""
    if len(s) > MAX_ANSWER_CHARS:
        return None
    t = _COLOR.sub("", s)
    t = _TEXTCOLOR.sub("{", t)
    t = _BOLD_SYMBOL.sub("{", t).strip()
    t = _SIZE.sub("", t).strip()
    t = _matrix(_french(t))
    return t if t != s.strip() else None


