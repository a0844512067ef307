"""Symbolic equality of two scalar LaTeX expressions (or relations), bounded.

Interface::

    too_big(latex) -> str | None                 why the text must not reach sympy (or None)
    symbolic_equal(a, b, timeout=...) -> bool | None
        True/False when decided, None when either side could not be parsed.
        Raises BoundExceeded when the deadline passes.
    elided_instances(text) -> list[str] | None   'T_1 op T_2 op \\cdots op T_n' written out at n = 3..6

Parsing reads the common arithmetic subset with :func:`rlverify.rule.answers.arith.read_arith`
(tokenized, builds sympy objects directly) and everything else with latex2sympy2_extended
(an ANTLR grammar that builds sympy objects; no ``sympify``/``parse_expr`` of raw text). All sympy work runs inside
``rlverify.runtime.bounded.run_bounded`` through the module-level :func:`compare_latex`, whose
arguments and result are plain strings/bools so they pickle across processes.

Equality rules: purely rational expressions are compared exactly (``1/2004!`` is not
``1/2006!``); other closed numbers at 60 significant digits with a relative tolerance of
1e-30; expressions with free symbols by ``simplify`` of the difference, then by
evaluation at fixed pseudo-random points. A side that elides terms (``\\cdots``) in the one form
:func:`elided_instances` reads is compared written out at each n (the other side at the same n); any other
elision is unread.
"""

from __future__ import annotations

import logging

import functools
import math
import re
from typing import Any

from ...runtime.bounded import run_bounded
from ...runtime.caches import lru
from ...runtime.limits import DEFAULT_CAS_TIMEOUT
from .arith import read_arith
from .latex import numbers_side_by_side

__all__ = ["too_big", "symbolic_equal", "elided_instances", "compare_latex", "differ_by_constant", "differ_by_constant_latex", "parse_cached", "parse_grammar", "latex_to_sympy",
           "warm_up"]

_log = logging.getLogger(__name__)

MAX_EXPONENT_LITERAL = 10_000
MAX_FACTORIAL = 3_000
MAX_DIGITS = 300
_REL_TOL = 1e-30
_POINTS = ((0.3721, 1.1931, 0.6173), (2.4142, 3.2718, 1.7321), (7.2361, 5.5772, 11.866),
           (13.618, 9.4142, 4.1231), (-1.3722, -2.7183, 0.5772))
_PARAM_NAMES = frozenset("knmjlt")

_LITERAL = re.compile(r"\d{%d,}" % (MAX_DIGITS + 1))
_FACT = re.compile(r"(\d+)\s*!")
_POW_LIT = re.compile(r"\^\s*\{?\s*\(?\s*[+-]?\s*(\d+)")
_NOPAREN_EXTREMUM = re.compile(r"\\(max|min|sup|inf)\s+([A-Za-z](?:_\{?\w+\}?)?)(?![A-Za-z(])")
_BARE_LOG = re.compile(r"\\log(?![a-zA-Z_])")
_NUMERIC_TOWER = re.compile(r"\d\s*\^\s*\{\s*\(?\s*\d+\s*\)?\s*\^\s*\{?\s*\(?\s*\d")
_GROUP_FACTORIAL = re.compile(r"[)}]\s*!")


def too_big(latex: str) -> str | None:
    """A reason to refuse ``latex`` before any CAS sees it (huge literals, powers, factorials)."""
    if _LITERAL.search(latex):
        return "huge_number"
    if any(int(m.group(1)) > MAX_FACTORIAL for m in _FACT.finditer(latex)):
        return "huge_factorial"
    if any(len(m.group(1)) > 6 or int(m.group(1)) > MAX_EXPONENT_LITERAL for m in _POW_LIT.finditer(latex)):
        return "huge_exponent"
    if _NUMERIC_TOWER.search(latex):
        return "power_tower"
    if "^" in latex and any(not _symbolic_group(latex, m.start()) for m in _GROUP_FACTORIAL.finditer(latex)):
        return "huge_factorial"
    return None


def _symbolic_group(latex: str, close: int) -> bool:
    """The bracket closing at ``close`` (before a ``!``) holds a variable: ``(2n)!`` stays a symbolic
    factorial, where ``(2^{20})!`` would be a huge number."""
    closer = latex[close]
    opener = "(" if closer == ")" else "{"
    depth = 0
    for k in range(close, max(-1, close - 200), -1):
        depth += (latex[k] == closer) - (latex[k] == opener)
        if depth == 0:
            return bool(re.search(r"[A-Za-z]", re.sub(r"\\[A-Za-z]+", "", latex[k:close])))
    return False


def symbolic_equal(a: str, b: str, timeout: float = DEFAULT_CAS_TIMEOUT) -> bool | None:
    """Bounded symbolic comparison of two cleaned LaTeX strings."""
    if too_big(a) or too_big(b):
        return None
    out = run_bounded(compare_latex, a, b, timeout=timeout)
    return {"equal": True, "unequal": False}.get(out)


# ---------------------------------------------------------------- worker side (sympy)


_NUMBER_TOKEN = re.compile(r"\d*\.?\d+|\d+\.")
_COMMA_NUMBER = re.compile(r"^\s*-?\d{1,3}(,\d{3})+(\.\d+)?\s*$")


@functools.lru_cache(maxsize=2)
def _converter_class(exact_numbers: bool = True) -> Any:
    import sympy
    from antlr4.atn.PredictionMode import PredictionMode
    from latex2sympy2_extended.latex2sympy2 import _Latex2Sympy

    class _TwoStage(_Latex2Sympy):
        """latex2sympy's converter whose ANTLR parser first predicts in SLL mode.

        ANTLR guarantees that an SLL parse without syntax errors is the parse LL would
        build; only where SLL reports an error does the caller retry in full LL mode
        (:func:`latex_to_sympy`). On answer-sized inputs SLL is 10-30x faster: LL's
        full-context prediction is where the grammar spent 5-200 ms per expression."""

        sll = True

        def create_parser(self, latex_str: str) -> Any:
            parser = super().create_parser(latex_str)
            if self.sll:
                parser._interp.predictionMode = PredictionMode.SLL
            return parser

    if not exact_numbers:
        return _TwoStage

    class _ExactNumbers(_TwoStage):
        """Number tokens read by ``Rational`` (a decimal parser) instead of
        ``sympy.Number(text)``, which goes through ``sympify``."""

        def parse_number(self, text: str) -> Any:
            t = text.replace(",", "")
            if not _NUMBER_TOKEN.fullmatch(t):
                raise ValueError("not a number token")
            return sympy.Rational(t)

    return _ExactNumbers


def latex_to_sympy(text: str, conversion: Any = None, normalization: Any = None,
                   exact_numbers: bool = True) -> Any:
    """latex2sympy2_extended's reading of ``text`` (``latex2sympy`` with the same configs),
    parsed SLL-first with a full-LL retry; raises what the library raises. Call it only
    inside ``run_bounded``."""
    from latex2sympy2_extended.latex2sympy2 import ConversionConfig
    from latex2sympy2_extended.math_normalization import NormalizationConfig, normalize_latex

    calls: dict[str, tuple[str, str]] = {}
    if "erf" in text:     # the error functions: the grammar knows no \\erf, and reads \\operatorname{erf} not at all
        text, calls = _error_function_calls(text)
    text = normalize_latex(text, normalization if normalization is not None else NormalizationConfig())
    cls = _converter_class(exact_numbers)
    converter = cls(None, None, False, config=conversion if conversion is not None else ConversionConfig())
    try:
        expr = converter.parse(text)
    except Exception:  # noqa: BLE001 - SLL reported an error: the input may need full LL prediction
        converter.sll = False
        expr = converter.parse(text)
    if not calls:
        return expr
    import sympy

    funcs = {"erf": sympy.erf, "erfc": sympy.erfc}
    return expr.xreplace({sympy.Symbol(k): funcs[name](latex_to_sympy(arg, conversion, normalization, exact_numbers))
                          for k, (name, arg) in calls.items()})


_BMOD = re.compile(r"\\bmod(?![A-Za-z])")
_PI_PAREN = re.compile(r"\\pi\s*\((?!\s*\))")
_TRIG = re.compile(r"\\(?:arc)?(?:sin|cos|tan|sec|csc|cot)h?(?![a-zA-Z])")
_DEGREES = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:\^\s*(?:\{\s*\\circ\s*\}|\\circ)|°|\\degree(?![a-zA-Z]))")


def degrees_in_trig(text: str) -> str:
    """``\\sin 60^\\circ`` -> ``\\sin (\\frac{60\\pi}{180})``: in a text with a
    trigonometric function, a degree-marked number is its argument in radians. Both readers
    otherwise drop the degree sign (``75^\\circ`` is 75), which is right for a bare angle (the
    angle rules compare those) and wrong inside ``\\sin``."""
    if "\\" not in text or not _TRIG.search(text):
        return text
    # plain parentheses: the grammar reads them as it reads \left( \right), and the arithmetic reader reads them
    return _DEGREES.sub(lambda m: "(\\frac{%s\\pi}{180})" % m.group(1), text)


@lru("rule.cas_parse")
def _parse(text: str) -> Any:
    """Memoized reading of one side: the arithmetic subset directly, the rest by the grammar."""
    import sympy

    text = degrees_in_trig(text)
    if _elided(text):
        return None
    if _COMMA_NUMBER.match(text):  # the library would hand this to sympy.Number (sympify)
        return sympy.Rational(text.replace(",", "").strip())
    fast = read_arith(text)  # the common arithmetic subset, read without the ANTLR grammar
    return fast if fast is not None else parse_grammar(text)


_ELISION = re.compile(r"\\(?:[lcvd]?dots|dots[bcmoi])(?![a-zA-Z])|\.\.\.|\u2026")
_CONTINUED_END = re.compile(r"\d\s*$")


def _elided(text: str) -> bool:
    """Terms left out (``1 + 2 + \\cdots + 10``, ``v(1 - a_1)\\ldots(1 - a_n)``, ``x + x^2 + \\dots``): no reader can
    value the text (both drop the dots: ``1 + 2 + \\cdots + 10`` read as 13 was equal to 13). A decimal said to
    go on (``64.2857\\ldots``, dots at the end after a digit) is a number and is read."""
    if "dots" not in text and "..." not in text and "\u2026" not in text:
        return False
    for m in _ELISION.finditer(text):
        if text[m.end():].strip(" {}") or not _CONTINUED_END.search(text[:m.start()]):
            return True
    return False


# ---------------------------------------------------------------- elided terms: T_1 op T_2 op \cdots op T_n

_ELLIPSIS_TOKEN = re.compile(r"\\(?:[lc]?dots)(?![a-zA-Z])")
_INDEX_LETTERS = "nmkN"
_ELIDED_SIZES = (3, 4, 5, 6)
_OPEN = {"(": ")", "[": "]", "{": "}"}


def _term_after(text: str, i: int) -> tuple[str, str, int] | None:
    """(operator, term, end) of the term that follows position ``i``: an optional ``+``/``\\cdot``/``\\times``,
    then a balanced group (``\\left( ... \\right)``, ``( ... )``) or a token (``a_n``, ``n^2``, ``x_{n}``),
    with any ``^``/``_`` scripts after it."""
    m = re.compile(r"\s*(\+|-|\\cdot|\\times)?\s*").match(text, i)
    op, j = (m.group(1) or ""), m.end()
    k = _group_end(text, j)
    if k is None:
        t = re.compile(r"(?:\\frac\s*\{[^{}]*\}\s*\{[^{}]*\}|[A-Za-z0-9]+|\\[A-Za-z]+)").match(text, j)
        if t is None:
            return None
        k = t.end()
    while True:        # scripts: _{...}, ^{...}, _n, ^2
        t = re.compile(r"\s*[_^]\s*(?:\{[^{}]*\}|[A-Za-z0-9])").match(text, k)
        if t is None:
            break
        k = t.end()
    return op, text[j:k], k


def _group_end(text: str, j: int) -> int | None:
    """End of the balanced bracket group that opens at ``j`` (``\\left(`` ... ``\\right)`` or a bare bracket)."""
    left = text.startswith("\\left", j)
    start = j + 5 if left else j
    while start < len(text) and text[start] == " ":
        start += 1
    if start >= len(text) or text[start] not in _OPEN:
        return None
    depth = 0
    for k in range(start, len(text)):
        c = text[k]
        if c in _OPEN:
            depth += 1
        elif c in _OPEN.values():
            depth -= 1
            if depth == 0:
                return k + 1
    return None


def _norm(t: str) -> str:
    t = re.sub(r"\s+|\\[,;! ]|\\left|\\right", "", t).replace("{", "").replace("}", "")
    return re.sub(r"\^1(?!\d)", "", re.sub(r"\((\d+)\)", r"\1", t))   # x^1 is x


def _instance(term: str, letter: str, value: int) -> str:
    """``term`` with the index letter at ``value``: a subscript ``a_{3}``, elsewhere ``(3)`` (``2n+1`` is no 23)."""
    term = re.sub(rf"_\s*(?:\{{\s*{letter}\s*\}}|{letter}(?![A-Za-z]))", f"_{{{value}}}", term)
    # after a digit or a closing bracket the value is a factor, written with its \cdot (the grammar reads '2(3)' as 5)
    term = re.sub(rf"(?<=[0-9)}}\]])(\s*){letter}(?![A-Za-z])", rf"\1\\cdot ({value})", term)
    return re.sub(rf"(?<![A-Za-z\\]){letter}(?![A-Za-z])", f"({value})", term)


def elided_instances(text: str, sizes: tuple[int, ...] = _ELIDED_SIZES) -> list[str] | None:
    """The text written out for n = 3, 4, 5, 6 where it elides terms as ``T_1 op T_2 op \\cdots op T_n`` (one
    ellipsis, the last term written in an index letter n/m/k/N, the term before the ellipsis that term at 2; every
    other occurrence of the letter takes the same value): ``1 + 2 + \\cdots + n`` -> ``1 + 2 + {3}``, ...;
    ``\\frac{(v - a_1)(v - a_2) \\cdots (v - a_n)}{v^{n-1}}`` -> ``\\frac{(v - a_1)(v - a_2)(v - a_{3})}{v^{{3}-1}}``.
    None when the text elides in another way (``a_1 + \\cdots + a_{n-1}``, two ellipses, no index letter)."""
    marks = list(_ELLIPSIS_TOKEN.finditer(text))
    if len(marks) != 1 or len(text) > 400:
        return None
    m = marks[0]
    after = _term_after(text, m.end())
    if after is None:
        return None
    op, last, end = after
    letters = [c for c in _INDEX_LETTERS if re.search(rf"(?<![A-Za-z\\]){c}(?![A-Za-z])", last)]
    if len(letters) != 1:
        return None
    letter = letters[0]
    before = text[:m.start()].rstrip()
    if op and before.endswith(op):
        before = before[:-len(op)].rstrip()
    second = _norm(_instance(last, letter, 2))
    if not _norm(before).endswith(second) or _norm(_instance(last, letter, 1)) not in _norm(before)[:-len(second)]:
        return None                   # the written terms are not T(1) .. T(2) of the last one
    joiner = f" {op} " if op else " "
    out = []
    for n in sizes:
        middle = joiner.join(_instance(last, letter, k) for k in range(3, n + 1))
        rest = _instance(text[end:], letter, n)
        out.append(f"{before}{joiner}{middle}{rest}")
    return out


def _apart_at_points(a: Any, b: Any) -> bool | None:
    """False when the two sides differ at a pseudo-random rational point of all their symbols, else None."""
    import sympy

    syms = sorted(a.free_symbols | b.free_symbols, key=str)
    for point in _POINTS:
        sub = {s: sympy.Rational(str(point[i % 3] + i)) for i, s in enumerate(syms)}
        if _closed_equal(a.xreplace(sub), b.xreplace(sub)) is False:
            return False
    return None


def _elided_equal(a: str, b: str) -> str:
    """Both sides written out at the same n (a side that elides nothing takes the index letter's value too)."""
    import sympy

    ia, ib = elided_instances(a), elided_instances(b)
    if ia is None and _elided(a) or ib is None and _elided(b) or ia is None and ib is None:
        return "unparsed"
    ia = ia or [_instance(a, _letter_of(b), n) for n in _ELIDED_SIZES]
    ib = ib or [_instance(b, _letter_of(a), n) for n in _ELIDED_SIZES]
    verdicts = []
    for x, y in zip(ia, ib):
        px, py = _parse(x), _parse(y)
        if px is None or py is None:
            return "unparsed"
        v = _expr_equal(px, py)
        if v is None and isinstance(px, sympy.Expr) and isinstance(py, sympy.Expr):
            v = _apart_at_points(px, py)      # many symbols (a_1 .. a_6): the points decide a difference
        verdicts.append(v)
    if any(v is False for v in verdicts):
        # a different value at some n is a typed fact, unless the written-out side sums or multiplies by an index
        # of its own (\sum_{i=1}^{n} x_i is read as a Sum of a symbol x_i, not as x_1 + ... + x_n)
        plain = (a if ib is not None and elided_instances(a) is None else b if elided_instances(b) is None else "")
        return "unparsed" if re.search(r"\\(?:sum|prod|int)(?![a-zA-Z])|_\{?[a-z]\}?", plain) else "unequal"
    return "equal" if all(v is True for v in verdicts) else "unparsed"


def _letter_of(text: str) -> str:
    """The index letter of an eliding side."""
    m = list(_ELLIPSIS_TOKEN.finditer(text))[0]
    _, last, _ = _term_after(text, m.end())
    return next(c for c in _INDEX_LETTERS if re.search(rf"(?<![A-Za-z\\]){c}(?![A-Za-z])", last))


def parse_cached(text: str) -> Any:
    """The memoized reading used by :func:`compare_latex` (None when it fails); call it only
    inside ``run_bounded``."""
    return _parse(text)


def parse_grammar(text: str) -> Any:
    """latex2sympy2_extended's ANTLR reading of ``text`` (None when it fails)."""
    from latex2sympy2_extended.latex2sympy2 import ConversionConfig
    from latex2sympy2_extended.math_normalization import NormalizationConfig

    cfg = ConversionConfig(lowercase_symbols=False, interpret_contains_as_eq=False)
    norm = NormalizationConfig(basic_latex=True, units=False, malformed_operators=False, nits=False,
                               boxed="none", equations=False)
    text = _BARE_LOG.sub(r"\\ln", text)  # a bare \log in an answer is the natural log
    if "\\bmod" in text:
        text = _BMOD.sub(r"\\mod", text)    # 'n \bmod 3': the grammar reads \mod (the binary operator), not \bmod
    if "\\pi" in text:
        text = _PI_PAREN.sub(r"\\pi \\cdot (", text)   # '\pi (n)' is pi times n: the grammar read a function \pi of n
    text = _NOPAREN_EXTREMUM.sub(r"\\\1(\2)", text)  # \max S -> \max(S), which the grammar reads
    if numbers_side_by_side(text):
        return None     # numbers side by side ('1 8', '19  9'): the grammar reads their sum; no value is written
    gamma = _LOWER_GAMMA.search(text) is not None
    if gamma:     # a variable (an adiabatic index): read as a constant, never as the gamma function of what follows
        text = _LOWER_GAMMA.sub(lambda m: r"\mathit{gamma} \cdot (" if m.group(1) else r"\mathit{gamma}", text)
    try:
        expr = _exactify(latex_to_sympy(text, cfg, norm))
    except Exception:  # noqa: BLE001 - the grammar raises plain Exceptions on bad input
        return None
    return _gamma_as_variable(expr) if gamma else expr


# 'erf', 'erfc' under any upright font or as a command, or bare before a parenthesis
_ERF = re.compile(r"(?:\\(?:operatorname|mathrm|text|rm|textrm)\s*\{\s*(erfc?)\s*\}|\\(erfc?)(?![a-zA-Z])"
                  r"|(?<![\\a-zA-Z])(erfc?)(?=\s*(?:\\left\s*)?\())\s*(?:\\left\s*)?\(")
_MAX_CALLS = 4


def _error_function_calls(text: str) -> tuple[str, dict[str, tuple[str, str]]]:
    """Each ``erf(...)``/``erfc(...)`` call (its argument in parentheses) replaced by a symbol of its own
    (``\\mathit{rlverfa}``), with the function and the argument's text for each symbol: the caller reads the
    argument and puts the function back. A name the grammar cannot read (no parenthesis after it, more than
    :data:`_MAX_CALLS` calls, an unbalanced argument) raises ValueError: no reading."""
    calls: dict[str, tuple[str, str]] = {}
    out, i = [], 0
    for m in _ERF.finditer(text):
        if m.start() < i:
            continue        # inside an argument already taken: read with it
        end = _closing(text, m.end())
        if end is None or len(calls) >= _MAX_CALLS:
            raise ValueError("an error function the reader cannot take")
        key = "rlverf" + "abcd"[len(calls)]
        calls[key] = (m.group(1) or m.group(2) or m.group(3), re.sub(r"\\right\s*$", "", text[m.end():end]))
        out.append(text[i:m.start()] + r"\mathit{%s}" % key)
        i = end + 1
    if re.search(r"(?<![a-zA-Z])erfc?(?![a-zA-Z])", "".join(out) + text[i:]):
        raise ValueError("an error function without its argument in parentheses")
    return "".join(out) + text[i:], calls


def _closing(text: str, start: int) -> int | None:
    """The index of the parenthesis that closes the one opened just before ``start``."""
    depth = 1
    for k in range(start, len(text)):
        if text[k] == "(":
            depth += 1
        elif text[k] == ")":
            depth -= 1
            if depth == 0:
                return k
    return None


_LOWER_GAMMA = re.compile(r"\\gamma(?![a-zA-Z])(\s*\()?")   # '\gamma (x + 1)' is a product, as '\gamma x' is


def _gamma_as_variable(expr: Any) -> Any:
    """``\\gamma`` in an answer is a variable: written ``\\mathit{gamma}`` before the parse (:func:`parse_grammar`), the
    grammar reads it as Euler's constant, never as the gamma function of what follows (``\\gamma^2 x`` was gamma(x)**2,
    undone as gamma**2*x**2); the constant becomes the symbol here. ``\\Gamma(x)``, a capital, is not touched."""
    import sympy

    g = sympy.Symbol("gamma")
    return expr.xreplace({sympy.EulerGamma: g}) if expr.has(sympy.EulerGamma) else expr


def _exactify(expr: Any) -> Any:
    """Floats written in the answer become the exact decimals they denote."""
    import sympy

    if not isinstance(expr, sympy.Basic):
        return expr
    floats = expr.atoms(sympy.Float)
    if not floats:
        return expr
    return expr.xreplace({f: sympy.Rational(str(f)) for f in floats})


def _is_rational_expr(expr: Any) -> bool:
    import sympy

    allowed = (sympy.Add, sympy.Mul, sympy.Rational, sympy.factorial, sympy.binomial,
               sympy.Abs, sympy.floor, sympy.ceiling, sympy.Max, sympy.Min)
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, sympy.Pow):
            if not node.exp.is_Integer:
                return False
        elif not isinstance(node, allowed):
            return False
    return True


def _closed_equal(a: Any, b: Any) -> bool | None:
    import sympy

    if _is_rational_expr(a) and _is_rational_expr(b):
        va, vb = a.doit(), b.doit()
        if va.is_Rational and vb.is_Rational:
            return bool(va == vb)
    try:
        xa, ya = sympy.N(a, 60), sympy.N(b, 60)  # evaluated once, reused below
        x, y = complex(xa), complex(ya)
    except (TypeError, ValueError):
        return None
    if any(math.isnan(v.real) or math.isnan(v.imag) for v in (x, y)):
        return None
    diff = abs(sympy.N(xa - ya, 60))
    scale = max(abs(x), abs(y))
    if scale == 0 or not math.isfinite(scale):
        return bool(diff == 0) if scale == 0 else bool(xa == ya)
    return bool(diff <= _REL_TOL * scale)


def _symbolic_diff_zero(a: Any, b: Any) -> bool | None:
    import sympy

    d = a - b
    if d == 0:
        return True
    # the points give a value to every symbol of either side: a symbol that cancels in ``a - b``
    # (``2^{k-1} + 1`` vs ``2^{k-1}``) left both sides unevaluated, so every point was undecided
    syms = sorted(a.free_symbols | b.free_symbols, key=str)
    points = [{s: sympy.Rational(str(point[i % 3] + i)) for i, s in enumerate(syms)} for point in _POINTS] \
        if len(syms) <= 3 else []
    # one point first: two sides that differ there are different functions, and ``expand`` (the costlier
    # test) is not needed; an identity ``expand`` proves never differs at a point by more than the tolerance
    first = _closed_equal(a.xreplace(points[0]), b.xreplace(points[0])) if points else None
    if first is False:
        return False
    if sympy.expand(d) == 0:
        return True
    if not points:
        return None
    decided = first is True
    for sub in points[1:]:
        r = _closed_equal(a.xreplace(sub), b.xreplace(sub))
        if r is False:
            return False
        decided += r is True
    if decided >= 3 and _steps(a, b) and _apart_at_integers(a, b, syms):
        return False
    return True if decided >= 3 else None


# a side with a step function is compared at integers too: points off the integers (the ones above) never meet the
# steps, so '\lfloor n/4 \rfloor + 1' and '\lceil n/4 \rceil', which part exactly at the multiples of 4, agreed there
_INTEGER_POINTS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 24, 30, 60, 100, -1, -2, -3, -4, -6, -12)


def _steps(a: Any, b: Any) -> bool:
    import sympy

    kinds = (sympy.floor, sympy.ceiling, sympy.Mod, sympy.frac, sympy.sign)
    return a.has(*kinds) or b.has(*kinds)


def _apart_at_integers(a: Any, b: Any, syms: list[Any]) -> bool:
    """The two sides take different values at some integer point (every symbol an integer)."""
    import sympy

    for k in _INTEGER_POINTS:
        sub = {s: sympy.Integer(k + i) for i, s in enumerate(syms)}
        if _closed_equal(a.xreplace(sub), b.xreplace(sub)) is False:
            return True
    return False


def _rename_parameter(a: Any, b: Any) -> Any:
    """``\\pi/6 + n\\pi`` vs ``\\pi/6 + k\\pi``: one integer-like parameter renamed."""
    fa, fb = a.free_symbols - b.free_symbols, b.free_symbols - a.free_symbols
    if len(fa) == 1 and len(fb) == 1:
        (sa,), (sb,) = fa, fb
        if str(sa) in _PARAM_NAMES and str(sb) in _PARAM_NAMES:
            return a.xreplace({sa: sb})
    return a


def _imaginary(expr: Any) -> Any:
    import sympy

    i = sympy.Symbol("i")
    return expr.xreplace({i: sympy.I}) if i in expr.free_symbols else expr


def _bound_variable(a: Any, b: Any) -> Any:
    """``f(x) = x`` vs ``f(n) = n``: the argument of a defined function is a dummy name."""
    fa, fb = a.lhs, b.lhs
    if not (getattr(fa, "is_Function", False) and getattr(fb, "is_Function", False)):
        return a
    if fa.func != fb.func or len(fa.args) != 1 or len(fb.args) != 1:
        return a
    xa, xb = fa.args[0], fb.args[0]
    if xa.is_Symbol and xb.is_Symbol and xa != xb:
        return a.xreplace({xa: xb})
    return a


def _relation_equal(a: Any, b: Any) -> bool | None:
    import sympy

    if isinstance(a, sympy.Equality) and isinstance(b, sympy.Equality):
        a = _bound_variable(a, b)
        if _expr_equal(a.lhs, b.lhs) and _expr_equal(a.rhs, b.rhs):
            return True
        da, db = a.lhs - a.rhs, b.lhs - b.rhs
        if db == 0:
            return bool(da == 0)
        ratio = sympy.cancel(da / db)
        return bool(ratio.is_number and ratio != 0 and ratio.is_finite)
    flip = {sympy.GreaterThan: sympy.LessThan, sympy.StrictGreaterThan: sympy.StrictLessThan}
    na = (flip[type(a)](a.rhs, a.lhs)) if type(a) in flip else a
    nb = (flip[type(b)](b.rhs, b.lhs)) if type(b) in flip else b
    if type(na) is not type(nb):
        return False
    return bool(_expr_equal(na.lhs, nb.lhs) and _expr_equal(na.rhs, nb.rhs))


def _expr_equal(a: Any, b: Any) -> bool | None:
    import sympy

    if not isinstance(a, sympy.Expr) or not isinstance(b, sympy.Expr):
        return bool(a == b) if isinstance(a, sympy.Basic) and isinstance(b, sympy.Basic) else None
    a, b = _imaginary(a), _imaginary(b)
    a = _rename_parameter(a, b)
    if a == b:
        return True
    if not a.free_symbols and not b.free_symbols:
        return _closed_equal(a, b)
    return _symbolic_diff_zero(a, b)


def compare_latex(a: str, b: str) -> str:
    """Worker entry point: ``"equal"``, ``"unequal"`` or ``"unparsed"``."""
    import sympy

    if _elided(a) or _elided(b):
        return _elided_equal(a, b)     # 'T_1 T_2 \cdots T_n' written out at n = 3..6, or unread
    ra, rb = _relation_at_top(a), _relation_at_top(b)
    if ra != rb:  # one side is written as an equation, the other not: read the other side first
        if not _may_relate(b if ra else a):
            return "unequal"  # no sign of a relation: whatever it reads as holds no equation
        plain = _parse(b if ra else a)
        if plain is None:
            return "unparsed"
        if isinstance(plain, sympy.Expr):
            return "unequal"  # an expression never equals what an equation reads as (the grammar's LL look-ahead
            # over a long equation is skipped: 'b_n = \frac{(v - a_1) \ldots}{v^{n-1}}', 0.2 s)
    pa, pb = _parse(a), _parse(b)
    if pa is None or pb is None:
        return "unparsed"
    try:
        if isinstance(pa, sympy.core.relational.Relational) or isinstance(pb, sympy.core.relational.Relational):
            both = isinstance(pa, sympy.core.relational.Relational) and isinstance(pb, sympy.core.relational.Relational)
            res = _relation_equal(pa, pb) if both else False
        else:
            res = _expr_equal(pa, pb)
    except Exception:  # noqa: BLE001 - sympy raises many types on odd input; undecided, not a crash
        _log.debug("rule/answers/symbolic.py: handled exception", exc_info=True)
        res = None
    return {True: "equal", False: "unequal"}.get(res, "unparsed")


_RELATION_CHARS = frozenset("=<>\u2264\u2265\u2260\u2248\u2208\u2209\u2282\u2283\u2286\u2287\u2261\u2245\u223c"
                           "\u2192\u21d2\u21d4\u2194\u2200\u2203")
_COMMAND = re.compile(r"\\([a-zA-Z]+)")
_RELATION_COMMANDS = frozenset(("le", "ge", "lt", "gt", "ne", "ll", "gg", "in", "notin", "ni", "owns", "sim", "approx",
                                "equiv", "cong", "subset", "supset", "to", "iff", "implies", "impliedby", "propto",
                                "mid", "perp", "parallel", "prec", "succ", "models", "vdash", "gets", "mapsto",
                                "forall", "exists", "land", "lor", "wedge", "vee", "neg", "lnot"))


def _may_relate(text: str) -> bool:
    """False when ``text`` holds no sign a relation or a logical statement could be read from (no ``=``,
    ``<``, ``>``, relation symbol or command such as ``\\le``, ``\\neq``, ``\\in``, ``\\to``, ``\\forall``): then
    neither reader builds an equation, an inequality or a conjunction from it."""
    if not _RELATION_CHARS.isdisjoint(text):
        return True
    for name in _COMMAND.findall(text):
        if name in _RELATION_COMMANDS or name.endswith(("eq", "eqq", "arrow", "Arrow", "slant")):
            return True
    return False


def _relation_at_top(text: str) -> bool:
    """A lone ``=`` outside every bracket, in a text with no environment or alignment: both readers (the
    arithmetic reader and the grammar, with ``interpret_simple_eq_as_assignment`` off) read it as an
    equation, a conjunction or a list of them, or not at all, never as an expression (sympy.Expr)."""
    if "=" not in text or "\\begin" in text or "&" in text:
        return False
    depth = 0
    for i, ch in enumerate(text):
        if ch in "{([":
            depth += 1
        elif ch in "})]":
            depth -= 1
            if depth < 0:
                return False
        elif ch == "=" and depth == 0 and text[i - 1:i] not in ("<", ">", "!", "=", ":", "\\") \
                and text[i + 1:i + 2] != "=":
            return True
    return False


_WARM_EXPRESSIONS = (
    r"\frac{1}{2}+\sqrt{3}x^{2}-\sqrt[3]{2}\cdot 10^{-5}", r"\frac{\sin x}{\cos^{2} x}-\tan x+\ln(4/5)+\log_{2} 8",
    r"(4, \log_{10}(2))", r"y=2x+3", r"x \ge 3", r"\binom{5}{2}+5!+\lfloor 2.5\rfloor+\left|x-1\right|",
    r"\begin{pmatrix}1 & 2\\3 & 4\end{pmatrix}", r"\frac{n(n+1)}{4}+\pi k+3i",
)


def warm_up() -> None:
    """Parse a spread of constructs once so the ANTLR prediction cache of this process is
    warm (a cold parser is 10-100x slower); called in the bounded-helper zygote."""
    for text in _WARM_EXPRESSIONS:
        parse_grammar(text)  # the grammar itself, even where the arithmetic reader would answer
    compare_latex(r"\frac{1}{2}", "0.5")
    compare_latex(r"x^2-1", r"(x-1)(x+1)")
    _parse.cache_clear()
    import sympy

    sympy.simplify(sympy.Symbol("x") / 2 + sympy.Rational(1, 2))  # its first call imports sympy.physics.units (0.5 s)



# points where both sides of an antiderivative pair are evaluated: positive and away from the usual poles, so that
# a logarithm or a root is real there
_CONSTANT_POINTS = ("0.37", "0.83", "1.41", "2.29", "3.07")


def differ_by_constant_latex(a: str, b: str) -> str:
    """Worker entry point: do two expressions in a variable differ by a constant (antiderivatives)? ``"equal"``
    when ``a - b`` takes one value at every point, ``"unequal"`` when it takes two, ``"unparsed"`` otherwise (a
    side unread, no free symbol, a point where either side is not a finite real)."""
    import sympy

    pa, pb = _parse(a), _parse(b)
    if not isinstance(pa, sympy.Expr) or not isinstance(pb, sympy.Expr):
        return "unparsed"
    syms = sorted(pa.free_symbols | pb.free_symbols, key=str)
    if not syms or len(syms) > 3:
        return "unparsed"
    values = []
    try:
        for k, p in enumerate(_CONSTANT_POINTS):
            sub = {s: sympy.Rational(_CONSTANT_POINTS[(k + i) % len(_CONSTANT_POINTS)]) for i, s in enumerate(syms)}
            v = sympy.N(pa.xreplace(sub) - pb.xreplace(sub), 30)
            if not v.is_real or not v.is_finite:
                return "unparsed"
            values.append(v)
    except Exception:  # noqa: BLE001 - sympy raises many types on odd input; undecided, not a crash
        _log.debug("rule/answers/symbolic.py: handled exception", exc_info=True)
        return "unparsed"
    scale = max(1, *(abs(v) for v in values))
    same = all(abs(v - values[0]) <= 1e-20 * scale for v in values)
    return "equal" if same else "unequal"


def differ_by_constant(a: str, b: str, timeout: float = DEFAULT_CAS_TIMEOUT) -> bool | None:
    """Bounded :func:`differ_by_constant_latex`: True, False, or None when undecided."""
    if too_big(a) or too_big(b):
        return None
    out = run_bounded(differ_by_constant_latex, a, b, timeout=timeout)
    return {"equal": True, "unequal": False}.get(out)
