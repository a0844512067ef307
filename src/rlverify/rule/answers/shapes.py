"""The structure of an answer: scalar, list, set, bracketed tuple/interval, union, matrix.

Pure text (no CAS): the leaves stay LaTeX strings that :mod:`rlverify.rule.answers.core`
compares one by one.

Interface::

    parse_shape(text) -> Shape
    Shape(kind, items, left="", right="", joiner="")
        kind: "scalar" | "list" | "set" | "bracket" | "union" | "matrix"
        items: leaves (str) for scalar/list/set/bracket, Shapes for union,
               rows (tuple[str, ...]) for matrix
        joiner: "or" when a list was written with "or" (a hedge when one value is asked),
                "pm" when it came from expanding \\pm
    inequality_as_interval(text) -> Shape | None     ``a < x \\le b`` -> ``(a, b]``
    outer_bracket(text) -> (left, inner, right) | None   one bracket pair wraps the whole text
    wraps_set(text) -> bool                           ``\\{...\\}`` wraps the whole text
    expand_pm(text) -> (text, ...)                    ``3 \\pm 2`` -> ``3 + 2``, ``3 - 2`` (at most two signs)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .latex import clean, split_top
from ...runtime.caches import memo_text

__all__ = ["Shape", "parse_shape", "inequality_as_interval", "matrix_arithmetic", "outer_bracket", "wraps_set", "expand_pm",
           "MAX_ITEMS"]

MAX_ITEMS = 64

_MATRIX = re.compile(r"^\\begin\{([pbBvV]?matrix|smallmatrix|array)\}(?:\{[^{}]*\})?(.*)\\end\{\1\}$", re.S)
_ROW_SPACING = re.compile(r"\\\\\s*\[[^\]]*\]")
_OR = re.compile(r"\\text\{\s*(or|and)\s*\}|(?<![a-zA-Z\\])(or|and)(?![a-zA-Z])|\\(lor|vee)(?![a-zA-Z])")
_CUP = re.compile(r"\\cup(?![a-zA-Z])")
_REL = re.compile(r"\\leq?(?![a-zA-Z])|\\geq?(?![a-zA-Z])|\\lt(?![a-zA-Z])|\\gt(?![a-zA-Z])|<=?|>=?|\\leqslant|\\geqslant")
_LESS = frozenset(("<", "<=", "\\lt", "\\le", "\\leq", "\\leqslant"))
_STRICT = frozenset(("<", ">", "\\lt", "\\gt"))
# a variable: a letter or a Greek letter command, with an optional subscript (``x``, ``a_1``, ``\\lambda``,
# ``f(x)``)
_VAR = re.compile(r"^(?:[a-zA-Z]|\\(?:alpha|beta|gamma|delta|epsilon|varepsilon|zeta|eta|theta|vartheta|kappa|lambda"
                  r"|mu|nu|xi|rho|sigma|tau|phi|varphi|chi|psi|omega|Delta|Theta|Lambda|Phi|Psi|Omega)(?![a-zA-Z]))"
                  r"\s*(?:_\{?\w+\}?)?(?:\s*\(\s*[a-zA-Z]\s*\))?$")   # also a value of a function: ``f(x)``


@dataclass(frozen=True)
class Shape:
    kind: str
    items: tuple[Any, ...]
    left: str = ""
    right: str = ""
    joiner: str = ""


def _outer_bracket(s: str) -> tuple[str, str, str] | None:
    """``(a,b]`` -> ("(", "a,b", "]") when one bracket pair wraps the whole text."""
    if len(s) < 2 or s[0] not in "([" or s[-1] not in ")]":
        return None
    depth = 0
    for k, c in enumerate(s):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0 and k != len(s) - 1:
                return None
    return (s[0], s[1:-1], s[-1]) if depth == 0 else None


def _matrix(s: str) -> Shape | None:
    m = _MATRIX.match(s)
    if not m:
        return None
    body = _ROW_SPACING.sub(r"\\\\", m.group(2))
    rows = [r for r in (x.strip() for x in body.split("\\\\")) if r]
    cells = tuple(tuple(clean(c) for c in r.split("&")) for r in rows)
    if not cells or len({len(r) for r in cells}) != 1:
        return None
    return Shape("matrix", cells)


def _expand_pm(s: str) -> tuple[str, ...]:
    if "\\pm" not in s and "\\mp" not in s:
        return (s,)
    if s.count("\\pm") + s.count("\\mp") > 2:
        return (s,)
    plus = s.replace("\\pm", "+", 1) if "\\pm" in s else s.replace("\\mp", "-", 1)
    minus = s.replace("\\pm", "-", 1) if "\\pm" in s else s.replace("\\mp", "+", 1)
    return tuple(dict.fromkeys(_expand_pm(plus) + _expand_pm(minus)))


def _list_items(s: str) -> tuple[tuple[str, ...], str]:
    joined = _OR.sub("\x00", s)
    joiner = "or" if joined != s else ""
    parts = split_top(joined, (",", ";", "\x00", "\\quad", "\\qquad"))
    items = tuple(clean(p) for p in parts if p.strip())
    if len(items) > 1:
        items = tuple(x for item in items for x in _expand_pm(item))
    return items, joiner


def _wraps_set(s: str) -> bool:
    """``\\{...\\}`` whose first ``\\{`` closes at the very end (not ``\\{1\\}, \\{2\\}``)."""
    if not (s.startswith("\\{") and s.endswith("\\}")):
        return False
    depth = 0
    for m in re.finditer(r"\\[{}]", s):
        depth += 1 if m.group() == "\\{" else -1
        if depth == 0:
            return m.end() == len(s)
    return False


outer_bracket = _outer_bracket     # the text helpers the readers share (rlverify.rule.read.sequences)
wraps_set = _wraps_set
expand_pm = _expand_pm


@memo_text("rule.parse_shape")
def parse_shape(text: str) -> Shape:
    """Structure of a cleaned answer span."""
    s = clean(text)
    mat = _matrix(s)
    if mat is not None:
        return mat
    union = split_top(_CUP.sub("\x01", s), ("\x01",))
    if len(union) > 1:
        return Shape("union", tuple(parse_shape(u) for u in union[:MAX_ITEMS]))
    if _wraps_set(s):
        items, _ = _list_items(s[2:-2])
        return Shape("set", items[:MAX_ITEMS], "{", "}")
    br = _outer_bracket(s)
    if br is not None:
        items, _ = _list_items(br[1])
        if len(items) > 1:
            return Shape("bracket", items[:MAX_ITEMS], br[0], br[2])
        inner = parse_shape(br[1]) if (br[0], br[2]) == ("(", ")") else None
        if inner is not None and inner.kind in ("matrix", "set", "union"):
            return inner
    items, joiner = _list_items(s)
    if len(set(items)) > 1:
        return Shape("list", items[:MAX_ITEMS], joiner=joiner)
    if items and items[0] != s:  # "-2, -2" or "4 or 4": a repeated value is that value
        s = items[0]
    expanded = _expand_pm(s)
    if len(expanded) > 1:
        return Shape("list", expanded, joiner="pm")
    if s.count("\\begin") >= 2:
        evaluated = matrix_arithmetic(s)
        if evaluated is not None:
            return evaluated
    return Shape("scalar", (s,))


_MATRIX_TERM = re.compile(r"\\begin\{([pbBvV]?matrix)\}(.*?)\\end\{\1\}", re.S)
_MAX_MATRICES = 6
_MAX_DIM = 8


def _numeric_matrix(body: str) -> list[list[Fraction]] | None:
    from .numbers import parse_number

    shape = _matrix(f"\\begin{{pmatrix}}{body}\\end{{pmatrix}}")
    if shape is None or len(shape.items) > _MAX_DIM or len(shape.items[0]) > _MAX_DIM:
        return None
    rows = []
    for row in shape.items:
        nums = [parse_number(c) for c in row]
        if any(n is None or n.percent for n in nums):
            return None
        rows.append([n.value for n in nums])
    return rows


def _product(a: list[list[Fraction]], b: list[list[Fraction]]) -> list[list[Fraction]] | None:
    if len(a[0]) != len(b):
        return None
    return [[sum((a[i][k] * b[k][j] for k in range(len(b))), Fraction(0)) for j in range(len(b[0]))]
            for i in range(len(a))]


def matrix_arithmetic(text: str) -> Shape | None:
    """``A + B``, ``A - B``, ``A B`` / ``A \\cdot B`` of matrices with plain-number entries (at most
    six matrices of at most 8x8), evaluated exactly to the matrix it denotes; None for anything else
    (a symbolic entry, a scalar factor, mismatched sizes)."""
    terms = list(_MATRIX_TERM.finditer(text))
    if not 2 <= len(terms) <= _MAX_MATRICES or len(text) > 2000:
        return None
    total: list[list[Fraction]] | None = None
    product: list[list[Fraction]] | None = None
    sign = 1
    pos = 0
    for m in terms:
        op = text[pos:m.start()].strip()
        pos = m.end()
        mat = _numeric_matrix(m.group(2))
        if mat is None:
            return None
        if product is None:                       # the first matrix, maybe signed
            if op not in ("", "+", "-"):
                return None
            sign = -1 if op == "-" else 1
        elif op in ("", "\\cdot", "\\times"):      # juxtaposition or a product sign: multiply
            product = _product(product, mat)
            if product is None:
                return None
            continue
        elif op in ("+", "-"):
            total = _add(total, product, sign)
            if total is None:
                return None
            sign = 1 if op == "+" else -1
        else:
            return None
        product = mat
    if text[pos:].strip() or product is None:
        return None
    total = _add(total, product, sign)
    if total is None:
        return None
    return Shape("matrix", tuple(tuple(_fraction_text(v) for v in row) for row in total))


def _add(total: list[list[Fraction]] | None, mat: list[list[Fraction]], sign: int) -> list[list[Fraction]] | None:
    if total is None:
        return [[sign * v for v in row] for row in mat]
    if len(total) != len(mat) or len(total[0]) != len(mat[0]):
        return None
    return [[x + sign * y for x, y in zip(r, q)] for r, q in zip(total, mat)]


def _fraction_text(v: Fraction) -> str:
    return str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"


def inequality_as_interval(text: str) -> Shape | None:
    """A one-variable inequality (``x \\ge 2``, ``-1 < x \\le 3``) as a bracket Shape."""
    s = clean(text)
    ops = [(m.start(), m.end(), m.group()) for m in _REL.finditer(s)]
    if not ops or len(ops) > 2:
        return None
    pieces, last = [], 0
    for a, b, _ in ops:
        pieces.append(s[last:a].strip())
        last = b
    pieces.append(s[last:].strip())
    kinds = ["<" if o in _LESS else ">" for _, _, o in ops]
    strict = [o in _STRICT for _, _, o in ops]
    if any(_ABS_VAR.match(p) for p in pieces):
        return _absolute(pieces, kinds, strict)
    if len(ops) == 1:
        return _one_sided(pieces, kinds[0], strict[0])
    if kinds[0] != kinds[1] or not _VAR.match(pieces[1]):
        return None
    lo, hi = (0, 2) if kinds[0] == "<" else (2, 0)
    lo_strict, hi_strict = (strict[0], strict[1]) if kinds[0] == "<" else (strict[1], strict[0])
    return Shape("bracket", (pieces[lo], pieces[hi]), "(" if lo_strict else "[", ")" if hi_strict else "]")


_ABS_VAR = re.compile(r"^\|\s*(" + _VAR.pattern[1:-1] + r")\s*\|$")


def _absolute(pieces: list[str], kinds: list[str], strict: list[bool]) -> Shape | None:
    """``1 \\le |z| \\le \\frac32`` -> ``[-\\frac32, -1] \\cup [1, \\frac32]``; ``|x| < 2`` -> ``(-2, 2)``;
    ``|x| \\ge 1`` -> ``(-\\infty, -1] \\cup [1, \\infty)``. The bounds must be plain numbers (the sign
    of a bound decides the set); anything else is None."""
    from .numbers import parse_number

    if len(pieces) == 2:
        if _ABS_VAR.match(pieces[0]) and not _ABS_VAR.match(pieces[1]):
            bound, upper, st = pieces[1], kinds[0] == "<", strict[0]
        elif _ABS_VAR.match(pieces[1]) and not _ABS_VAR.match(pieces[0]):
            bound, upper, st = pieces[0], kinds[0] == ">", strict[0]
        else:
            return None
        lo, lo_st, hi, hi_st = (None, False, bound, st) if upper else (bound, st, None, False)
    else:
        if kinds[0] != kinds[1] or not _ABS_VAR.match(pieces[1]) or _ABS_VAR.match(pieces[0] + pieces[2]):
            return None
        (lo, lo_st), (hi, hi_st) = ((pieces[0], strict[0]), (pieces[2], strict[1])) if kinds[0] == "<" \
            else ((pieces[2], strict[1]), (pieces[0], strict[0]))
    vlo = parse_number(lo) if lo is not None else None
    vhi = parse_number(hi) if hi is not None else None
    if (lo is not None and (vlo is None or vlo.percent)) or (hi is not None and (vhi is None or vhi.percent)):
        return None
    if vlo is not None and (vlo.value < 0 or (vlo.value == 0 and not lo_st)):
        lo = None                                   # |x| >= 0 (or > -1) holds everywhere
    if vhi is not None and (vhi.value < 0 or (vhi.value == 0 and hi_st) or (vlo is not None and vhi.value < vlo.value)):
        return None                                 # empty
    top, bottom = (hi, _neg(hi)) if hi is not None else ("\\infty", "-\\infty")
    close_hi, open_lo = ("]" if not hi_st else ")", "[" if not hi_st else "(") if hi is not None else (")", "(")
    if lo is None:
        return Shape("bracket", (bottom, top), open_lo, close_hi)
    inner_r, inner_l = (")" if lo_st else "]"), ("(" if lo_st else "[")
    return Shape("union", (Shape("bracket", (bottom, _neg(lo)), open_lo, inner_r),
                           Shape("bracket", (lo, top), inner_l, close_hi)))


def _neg(bound: str) -> str:
    t = bound.strip()
    if t.startswith("-"):
        return t[1:].strip()
    return "-" + t if len(split_top(t, ("+", "-"))) == 1 else f"-({t})"


def _negated(side: str) -> str | None:
    """``-x`` -> ``x``; a plain number -> its negation; None otherwise."""
    t = side.strip()
    if t.startswith("-") and _VAR.match(t[1:].strip()):
        return t[1:].strip()
    if re.fullmatch(r"[+-]?\d+(?:\.\d+)?", t):
        return t[1:] if t.startswith("-") else ("-" + t.lstrip("+"))
    return None


def _one_sided(pieces: list[str], kind: str, strict: bool) -> Shape | None:
    left, right = pieces
    if left.startswith("-") and _negated(left) and _negated(right) and _VAR.match(_negated(left) or ""):
        left, right, kind = _negated(left) or left, _negated(right) or right, ">" if kind == "<" else "<"
    if _VAR.match(left) and not _VAR.match(right):
        var_small = kind == "<"
        bound = right
    elif _VAR.match(right) and not _VAR.match(left):
        var_small = kind == ">"
        bound = left
    else:
        return None
    if var_small:
        return Shape("bracket", ("-\\infty", bound), "(", ")" if strict else "]")
    return Shape("bracket", (bound, "\\infty"), "(" if strict else "[", ")")
