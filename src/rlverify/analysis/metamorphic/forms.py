"""A small reader and writer of reference answers for the metamorphic generator.

Reads the LaTeX subset that reference answers are written in (numbers, ``\\frac``, ``\\sqrt``,
powers, ``\\pi``, letters, sums and products, tuples and intervals, unions, inequalities,
percent, degrees, matrices) into a tree of frozen nodes, writes a tree back in a chosen
:class:`Style` (fraction command, ``\\left``/``\\right``, product sign, LaTeX / unicode / ASCII
spelling, digit grouping), and evaluates a tree to a float (symbols at fixed points) so that the
generator can check that an "equivalent" rendering keeps the value and a near-miss changes it.

Only reference answers from the project's own problem files are read here (trusted data); a string
outside the subset raises :class:`Unreadable` and the generator keeps it as opaque text.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Union

__all__ = ["Unreadable", "Style", "Num", "Sym", "Neg", "Add", "Mul", "Frac", "Pow", "Sqrt", "Paren", "Func",
           "Seq", "Rel", "Cup", "Lst", "Mat", "Pct", "Deg", "Node", "parse", "render", "evaluate", "CANONICAL",
           "group_digits", "GROUPINGS", "REL_OPS", "replace_leaf", "changed_digit"]


class Unreadable(ValueError):
    """The text is outside the subset this reader handles."""


# ------------------------------------------------------------------ nodes

@dataclass(frozen=True)
class Num:
    text: str            # non-negative decimal literal: "12", "0.25", "4096000"


@dataclass(frozen=True)
class Sym:
    name: str            # "x", "n", "pi", "e", "inf", "alpha" ...


@dataclass(frozen=True)
class Neg:
    x: "Node"


@dataclass(frozen=True)
class Add:
    terms: tuple         # Neg terms are written with '-'


@dataclass(frozen=True)
class Mul:
    factors: tuple


@dataclass(frozen=True)
class Frac:
    n: "Node"
    d: "Node"


@dataclass(frozen=True)
class Pow:
    b: "Node"
    e: "Node"


@dataclass(frozen=True)
class Sqrt:
    x: "Node"
    idx: "Node | None" = None


@dataclass(frozen=True)
class Paren:
    x: "Node"


@dataclass(frozen=True)
class Func:
    name: str            # "sin", "log", "ln" ...
    arg: "Node"


@dataclass(frozen=True)
class Seq:
    items: tuple
    open: str            # "(" "[" "{"
    close: str           # ")" "]" "}"


@dataclass(frozen=True)
class Rel:
    parts: tuple         # (expr, op, expr, op, expr ...); op in REL_OPS


@dataclass(frozen=True)
class Cup:
    parts: tuple         # Seq intervals / sets joined by \cup


@dataclass(frozen=True)
class Lst:
    items: tuple         # a top-level comma list


@dataclass(frozen=True)
class Mat:
    rows: tuple          # tuple of tuples of nodes


@dataclass(frozen=True)
class Pct:
    x: "Node"


@dataclass(frozen=True)
class Deg:
    x: "Node"


Node = Union[Num, Sym, Neg, Add, Mul, Frac, Pow, Sqrt, Paren, Func, Seq, Rel, Cup, Lst, Mat, Pct, Deg]

REL_OPS = ("<", ">", "le", "ge", "=", "ne")
_GREEK = ("alpha", "beta", "gamma", "delta", "theta", "lambda", "mu", "phi", "omega", "sigma", "tau", "rho")
_FUNCS = ("sin", "cos", "tan", "cot", "sec", "csc", "log", "ln", "exp", "arcsin", "arccos", "arctan")
_UNICODE_GREEK = {"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "theta": "θ", "lambda": "λ", "mu": "μ",
                  "phi": "φ", "omega": "ω", "sigma": "σ", "tau": "τ", "rho": "ρ"}


# ------------------------------------------------------------------ style

# digit-grouping separators, as written between groups of three digits
GROUPINGS = (",", "{,}", "\\,", "\\ ", ",\\!", ",\\! ", " ", "\u2009", "\\;")


@dataclass(frozen=True)
class Style:
    frac: str = "frac"          # frac | dfrac | tfrac | slash | bare (\frac12 for single digits)
    lr: bool = False            # \left( \right)
    mul: str = "juxt"           # juxt | cdot | times
    script: str = "latex"       # latex | unicode | ascii
    group: str = ""             # digit grouping separator ("" none)
    space: bool = False         # spaces around binary operators and after commas
    rel: str = "plain"          # plain (\le) | long (\leq) | ne_short (\ne)
    cup: str = "cup"            # cup | word ("or" between relations is handled by the generator)


CANONICAL = Style()


# ------------------------------------------------------------------ reading

_TOKEN = re.compile(r"\s*(\d+(?:\.\d+)?e-?\d+|\d+\.\d+|\d+|\.\d+|\\[a-zA-Z]+|\\[{}|,;! %]|[a-zA-Z]"
                    r"|[-+*/^_(){}\[\],<>=|!:&%]|\\\\)")
_SPACES = ("\\,", "\\;", "\\!", "\\ ", "\\quad", "\\qquad", "~")


def _clean(text: str) -> str:
    t = text.strip()
    for a, b in (("$", ""), ("\\(", ""), ("\\)", ""), ("\\[", ""), ("\\]", ""), ("\\displaystyle", ""),
                 ("\\dfrac", "\\frac"), ("\\tfrac", "\\frac"), ("\\left", ""), ("\\right", ""), ("\\leq", "\\le"),
                 ("\\geq", "\\ge"), ("\\neq", "\\ne"), ("^\\circ", "^{\\circ}"), ("\\dots", ""), ("\\$", "")):
        t = t.replace(a, b)
    # 4{,}096{,}000 -> 4096000 (only the unambiguous separators)
    t = _GROUPED.sub(lambda m: re.sub(r"\D", "", m.group(0)), t)
    return t.strip().rstrip(".").strip()


_GROUPED = re.compile(r"(?<![\d.])\d{1,3}(?:(?:\{,\}|\\,|,\\!\s?|\\ |\u2009|\\;)\d{3})+(?!\d)")


_WORDS = re.compile(r"\b(?:or|and|for|if|where|when|all)\b|\d\s*\\frac\s*\{?\d")


def _tokens(text: str) -> list[str]:
    out, i = [], 0
    text = _clean(text)
    if _WORDS.search(text):   # words between values, or a mixed number (22\frac{1}{2})
        raise Unreadable("words or mixed number")
    while i < len(text):
        m = _TOKEN.match(text, i)
        if not m:
            if text[i:].strip() == "":
                break
            raise Unreadable(text[i:i + 12])
        tok = m.group(1)
        i = m.end()
        if tok in _SPACES:
            continue
        out.append(tok)
    return out


class _Reader:
    def __init__(self, toks: list[str]) -> None:
        self.t, self.i = toks, 0

    def peek(self, k: int = 0) -> str | None:
        j = self.i + k
        return self.t[j] if j < len(self.t) else None

    def take(self, want: str | None = None) -> str:
        tok = self.peek()
        if tok is None or (want is not None and tok != want):
            raise Unreadable(f"expected {want!r}, got {tok!r}")
        self.i += 1
        return tok

    # top level: a comma list of relations / intervals / values
    def top(self) -> Node:
        items = [self.relation()]
        while self.peek() == ",":
            self.take(",")
            items.append(self.relation())
        if self.peek() is not None:
            raise Unreadable(f"trailing {self.peek()!r}")
        return items[0] if len(items) == 1 else Lst(tuple(items))

    def relation(self) -> Node:
        parts: list = [self.union()]
        while self.peek() in ("<", ">", "\\le", "\\ge", "=", "\\ne", "\\lt", "\\gt"):
            op = self.take().lstrip("\\")
            parts += [{"lt": "<", "gt": ">"}.get(op, op), self.union()]
        return parts[0] if len(parts) == 1 else Rel(tuple(parts))

    def union(self) -> Node:
        parts = [self.expr()]
        while self.peek() == "\\cup":
            self.take()
            parts.append(self.expr())
        if len(parts) == 1:
            return parts[0]
        if not all(isinstance(p, Seq) for p in parts):
            raise Unreadable("union of non-intervals")
        return Cup(tuple(parts))

    def expr(self) -> Node:
        terms = [self.term()]
        while self.peek() in ("+", "-"):
            op = self.take()
            t = self.term()
            terms.append(Neg(t) if op == "-" else t)
        return terms[0] if len(terms) == 1 else Add(tuple(terms))

    def term(self) -> Node:
        if self.peek() == "-":
            self.take()
            return Neg(self.term())
        if self.peek() == "+":
            self.take()
        factors = [self.power()]
        while True:
            tok = self.peek()
            if tok in ("\\cdot", "\\times", "*"):
                self.take()
                factors.append(self.power())
            elif tok == "/":
                self.take()
                d = self.power()
                factors = [Frac(factors[0] if len(factors) == 1 else Mul(tuple(factors)), d)]
            elif tok == "(" and isinstance(factors[-1], Sym) and factors[-1].name not in ("pi", "e", "inf"):
                factors[-1] = Func(factors[-1].name, self.atom())   # f(x), u(t): application
            elif tok is not None and (tok in ("(", "\\sqrt", "\\frac", "\\pi", "\\infty") or tok.lstrip("\\") in
                                      _GREEK + _FUNCS or (len(tok) == 1 and tok.isalpha())):
                factors.append(self.power())
            elif tok is not None and tok[0].isdigit() and isinstance(factors[-1], (Paren, Sym)):
                raise Unreadable("digit after a factor")
            else:
                break
        return factors[0] if len(factors) == 1 else Mul(tuple(factors))

    def power(self) -> Node:
        base = self.atom()
        if self.peek() == "^":
            self.take()
            if self.peek() == "{" and self.peek(1) == "\\circ":
                for want in ("{", "\\circ", "}"):
                    self.take(want)
                return Deg(base)
            base = Pow(base, self.group_or_atom())
        if self.peek() in ("%", "\\%"):
            self.take()
            return Pct(base)
        return base

    def group_or_atom(self) -> Node:
        if self.peek() == "{":
            self.take("{")
            e = self.expr()
            self.take("}")
            return e
        tok = self.take()
        if tok.isdigit():   # \frac12, \frac65, x^2: one digit
            if len(tok) > 1:
                self.i -= 1
                self.t[self.i] = tok[1:]
            return Num(tok[0])
        if len(tok) == 1 and tok.isalpha():
            return Sym(tok)
        raise Unreadable(tok)

    def atom(self) -> Node:
        tok = self.take()
        if tok[0].isdigit() or tok[0] == ".":
            return Num(tok if tok[0] != "." else "0" + tok)
        if tok == "\\frac":
            return Frac(self.group_or_atom(), self.group_or_atom())
        if tok == "\\sqrt":
            idx = None
            if self.peek() == "[":
                self.take("[")
                idx = self.expr()
                self.take("]")
            return Sqrt(self.group_or_atom(), idx)
        if tok in ("\\pi", "\\infty"):
            return Sym(tok[1:].replace("infty", "inf"))
        if tok.lstrip("\\") in _GREEK:
            return Sym(tok[1:])
        if tok.lstrip("\\") in _FUNCS:
            arg = self.atom() if self.peek() == "(" else self.power()
            return Func(tok.lstrip("\\"), arg)
        if len(tok) == 1 and tok.isalpha():
            return Sym(tok)
        if tok == "{":
            e = self.relation()
            self.take("}")
            return e
        if tok in ("(", "[", "\\{"):
            return self.bracket(tok)
        raise Unreadable(tok)

    def bracket(self, open_: str) -> Node:
        items = [self.expr()]
        while self.peek() == ",":
            self.take(",")
            items.append(self.expr())
        close = self.take()
        if close not in (")", "]", "\\}"):
            raise Unreadable(f"bracket closed by {close!r}")
        o, c = open_.lstrip("\\"), close.lstrip("\\")
        if o == "(" and c == ")" and len(items) == 1:
            return Paren(items[0])
        if (o == "{") != (c == "}"):
            raise Unreadable("mismatched set braces")
        return Seq(tuple(items), o, c)


def _raise(msg: str) -> Node:
    raise Unreadable(msg)


_MATRIX = re.compile(r"^\s*\\begin\{([pb]matrix)\}(.*)\\end\{\1\}\s*$", re.S)


def parse(text: str) -> Node:
    """Read a reference answer; :class:`Unreadable` when it is outside the subset."""
    if len(text) > 400 or "\\text" in text or "\\mathrm" in text or "\\mbox" in text:
        raise Unreadable("text or too long")
    m = _MATRIX.match(_clean(text)) if "\\begin" in text else None
    if m:
        rows = [r for r in re.split(r"\\\\(?:\[[^\]]*\])?", m.group(2)) if r.strip()]
        return Mat(tuple(tuple(parse(c) for c in r.split("&")) for r in rows))
    if "\\begin" in text:
        raise Unreadable("environment")
    return _Reader(_tokens(text)).top()


# ------------------------------------------------------------------ writing

def group_digits(digits: str, sep: str) -> str:
    """'4096000', '\\,' -> '4\\,096\\,000' (integer part only; the fraction part is left alone)."""
    whole, dot, frac = digits.partition(".")
    if not sep or len(whole) < 4 or "e" in digits:
        return digits
    head = len(whole) % 3 or 3
    groups = [whole[:head]] + [whole[i:i + 3] for i in range(head, len(whole), 3)]
    return sep.join(groups) + dot + frac


def _op(st: Style, latex: str, uni: str, ascii_: str) -> str:
    return {"latex": latex, "unicode": uni, "ascii": ascii_}[st.script]


def _sp(st: Style, op: str) -> str:
    return f" {op} " if st.space else op


def _needs_parens(n: Node) -> bool:
    return isinstance(n, (Add, Neg, Rel))


def _wrap(st: Style, s: str) -> str:
    return f"\\left({s}\\right)" if st.lr and st.script == "latex" else f"({s})"


def render(n: Node, st: Style = CANONICAL) -> str:
    """Write ``n`` in style ``st``."""
    f = _RENDER.get(type(n))
    if f is None:
        raise TypeError(type(n).__name__)
    return f(n, st)


def _r_num(n: Num, st: Style) -> str:
    return group_digits(n.text, st.group)


def _r_sym(n: Sym, st: Style) -> str:
    if n.name == "pi":
        return _op(st, "\\pi", "π", "pi")
    if n.name == "inf":
        return _op(st, "\\infty", "∞", "oo")
    if n.name in _GREEK:
        return _op(st, "\\" + n.name, _UNICODE_GREEK.get(n.name, n.name), n.name)
    return n.name


def _r_neg(n: Neg, st: Style) -> str:
    inner = render(n.x, st)
    if isinstance(n.x, (Add, Neg)):
        inner = _wrap(st, inner)
    return _op(st, "-", "\u2212", "-") + inner


def _r_add(n: Add, st: Style) -> str:
    out = render(n.terms[0], st)
    for t in n.terms[1:]:
        if isinstance(t, Neg):
            inner = render(t.x, st)
            if isinstance(t.x, (Add, Neg)):
                inner = _wrap(st, inner)
            out += _sp(st, _op(st, "-", "\u2212", "-")) + inner
        else:
            out += _sp(st, "+") + render(t, st)
    return out


def _starts_digit(s: str) -> bool:
    return bool(s) and (s[0].isdigit() or s[0] == ".")


def _r_mul(n: Mul, st: Style) -> str:
    parts = []
    for fct in n.factors:
        s = render(fct, st)
        slashed = isinstance(fct, Frac) and (st.frac == "slash" or st.script != "latex" and not s.startswith("\\"))
        parts.append(_wrap(st, s) if _needs_parens(fct) or slashed else s)   # (1/4)n, not 1/4n
    out = parts[0]
    for prev, (fct, s) in zip(n.factors, zip(n.factors[1:], parts[1:])):
        out += _mul_sep(st, prev, fct, out, s) + s
    return out


def _mul_sep(st: Style, prev: Node, nxt: Node, left: str, right: str) -> str:
    explicit = {"latex": {"cdot": "\\cdot ", "times": "\\times ", "juxt": ""},
                "unicode": {"cdot": "·", "times": "×", "juxt": "", "dot": "\u22c5"},
                "ascii": {"cdot": "*", "times": "*", "juxt": "*"}}[st.script][st.mul]
    letters = isinstance(prev, Sym) and isinstance(nxt, Sym) and "inf" not in (prev.name, nxt.name) \
        and prev.name not in ("pi", "e") and nxt.name not in ("pi", "e")
    if explicit and not letters:
        if st.script == "latex":
            return " " + explicit if st.space else explicit
        return _sp(st, explicit)
    # juxtaposition only where it cannot join two numbers into one, read as a mixed number
    # (2\frac{1}{3}), or run a command into a letter (\pix)
    if st.script == "ascii":
        return "*"
    if _starts_digit(right) or isinstance(nxt, Frac) or (st.script == "unicode" and isinstance(prev, Sqrt)):
        return {"latex": " \\cdot ", "unicode": "·", "ascii": "*"}[st.script]
    if left[-1:].isdigit() and right[:1] in ("e", "E"):   # 3e would read as a decimal exponent
        return {"latex": " \\cdot ", "unicode": "·", "ascii": "*"}[st.script]
    if left[-1:].isalpha() and right[:1].isalpha():
        return " "
    return ""


def _leibniz(n: Frac) -> bool:
    """``\\frac{d \\omega}{d t}``: a derivative in Leibniz notation (both sides start with the symbol d)."""
    def starts_d(x: object) -> bool:
        return isinstance(x, Mul) and bool(x.factors) and x.factors[0] == Sym("d")
    return starts_d(n.n) and starts_d(n.d)


def _r_frac(n: Frac, st: Style) -> str:
    a, b = render(n.n, st), render(n.d, st)
    if st.script == "unicode" and st.frac == "bare" and (a, b) in _VULGAR_TEXT:
        return _VULGAR_TEXT[(a, b)]
    if st.script == "latex" and st.frac == "slash" and _leibniz(n):
        return f"\\frac{{{a}}}{{{b}}}"      # d\omega/dt is no quotient: (d\omega)/(d t) would read as one
    if st.script != "latex" or st.frac == "slash":
        a = _wrap(st, a) if isinstance(n.n, (Add, Neg, Frac, Mul, Rel)) else a
        b = _wrap(st, b) if isinstance(n.d, (Add, Neg, Frac, Mul, Pow, Rel)) else b
        return f"{a}/{b}"
    if st.frac == "bare" and len(a) == 1 and len(b) == 1 and a.isdigit() and b.isdigit():
        return f"\\frac{a}{b}"
    cmd = {"frac": "\\frac", "dfrac": "\\dfrac", "tfrac": "\\tfrac", "bare": "\\frac"}[st.frac]
    return f"{cmd}{{{a}}}{{{b}}}"


def _r_pow(n: Pow, st: Style) -> str:
    b = render(n.b, st)
    if isinstance(n.b, (Add, Neg, Mul, Frac, Pow, Rel)) or (isinstance(n.b, Num) and "." in n.b.text):
        b = _wrap(st, b)
    e = render(n.e, st)
    if st.script == "ascii":
        return f"{b}**{e if isinstance(n.e, (Num, Sym)) else '(' + e + ')'}"
    if st.script == "unicode":
        sup = _superscript(n.e)
        if sup is not None:
            return b + sup
    return f"{b}^{{{e}}}"


_SUPERSCRIPT = dict(zip("0123456789-n", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻ⁿ"))
_VULGAR = {(1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾", (1, 5): "⅕", (2, 5): "⅖",
           (3, 5): "⅗", (4, 5): "⅘", (1, 6): "⅙", (5, 6): "⅚", (1, 8): "⅛", (3, 8): "⅜", (5, 8): "⅝", (7, 8): "⅞"}
_VULGAR_TEXT = {(str(a), str(b)): c for (a, b), c in _VULGAR.items()}


def _superscript(e: Node) -> str | None:
    """``10⁻⁵``, ``x¹²``, ``2ⁿ``: an integer or ``n`` exponent in unicode superscripts."""
    text = "-" + e.x.text if isinstance(e, Neg) and isinstance(e.x, Num) else \
        e.text if isinstance(e, Num) else e.name if isinstance(e, Sym) and e.name == "n" else None
    if text is None or not all(c in _SUPERSCRIPT for c in text):
        return None
    return "".join(_SUPERSCRIPT[c] for c in text)


def _r_sqrt(n: Sqrt, st: Style) -> str:
    x = render(n.x, st)
    if st.script == "latex":
        idx = f"[{render(n.idx, st)}]" if n.idx is not None else ""
        return f"\\sqrt{idx}{{{x}}}"
    if n.idx is not None and st.script == "unicode" and isinstance(n.idx, Num) and n.idx.text in ("3", "4"):
        return {"3": "∛", "4": "∜"}[n.idx.text] + (x if isinstance(n.x, (Num, Sym)) else f"({x})")
    if n.idx is not None:
        ex = render(Frac(Num("1"), n.idx), replace(st, frac="slash"))
        return f"({x})**({ex})" if st.script == "ascii" else f"({x})^({ex})"
    if st.script == "ascii":
        return f"sqrt({x})"
    return "√" + (x if isinstance(n.x, (Num, Sym)) else f"({x})")


def _r_paren(n: Paren, st: Style) -> str:
    return _wrap(st, render(n.x, st))


def _r_func(n: Func, st: Style) -> str:
    if isinstance(n.arg, Seq):
        return n.name + render(n.arg, st)
    arg = render(n.arg.x if isinstance(n.arg, Paren) else n.arg, st)
    name = n.name if st.script != "latex" or len(n.name) == 1 else "\\" + n.name
    return f"{name}{_wrap(st, arg)}"


def _r_seq(n: Seq, st: Style) -> str:
    sep = ", " if st.space else ","
    body = sep.join(render(i, st) for i in n.items)
    o, c = n.open, n.close
    if o == "{":
        return ("\\{" + body + "\\}") if st.script == "latex" else "{" + body + "}"
    if st.lr and st.script == "latex":
        return f"\\left{o}{body}\\right{c}"
    return f"{o}{body}{c}"


_REL_TEXT = {"latex": {"<": "<", ">": ">", "le": "\\le", "ge": "\\ge", "=": "=", "ne": "\\ne"},
             "unicode": {"<": "<", ">": ">", "le": "≤", "ge": "≥", "=": "=", "ne": "≠"},
             "ascii": {"<": "<", ">": ">", "le": "<=", "ge": ">=", "=": "=", "ne": "!="}}


def rel_text(op: str, st: Style) -> str:
    s = _REL_TEXT[st.script][op]
    if st.script == "latex" and st.rel == "long" and op in ("le", "ge", "ne"):
        s = {"le": "\\leq", "ge": "\\geq", "ne": "\\neq"}[op]
    return s


def _r_rel(n: Rel, st: Style) -> str:
    out = render(n.parts[0], st)
    for op, rhs in zip(n.parts[1::2], n.parts[2::2]):
        out += f" {rel_text(op, st)} " + render(rhs, st)
    return out


def _r_cup(n: Cup, st: Style) -> str:
    sep = _op(st, " \\cup ", " ∪ ", " U ")
    return sep.join(render(p, st) for p in n.parts)


def _r_lst(n: Lst, st: Style) -> str:
    return (", " if st.space or st.script == "latex" else ",").join(render(i, st) for i in n.items)


def _r_mat(n: Mat, st: Style) -> str:
    rows = " \\\\ ".join(" & ".join(render(c, st) for c in r) for r in n.rows)
    return f"\\begin{{pmatrix}} {rows} \\end{{pmatrix}}"


def _r_pct(n: Pct, st: Style) -> str:
    return render(n.x, st) + ("\\%" if st.script == "latex" else "%")


def _r_deg(n: Deg, st: Style) -> str:
    return render(n.x, st) + ("^\\circ" if st.script == "latex" else "°")


_RENDER = {Num: _r_num, Sym: _r_sym, Neg: _r_neg, Add: _r_add, Mul: _r_mul, Frac: _r_frac, Pow: _r_pow,
           Sqrt: _r_sqrt, Paren: _r_paren, Func: _r_func, Seq: _r_seq, Rel: _r_rel, Cup: _r_cup, Lst: _r_lst,
           Mat: _r_mat, Pct: _r_pct, Deg: _r_deg}


# ------------------------------------------------------------------ evaluating

# fixed, "generic" points for free symbols: two expressions that agree here are taken as equal
_POINT = {"e": math.e, "pi": math.pi}


def _sym_value(name: str) -> float:
    if name in _POINT:
        return _POINT[name]
    if name == "inf":
        return math.inf
    h = sum((i + 1) * ord(c) for i, c in enumerate(name))
    return 0.5 + (h % 997) / 1231.0


def evaluate(n: Node) -> complex:
    """Value of a scalar expression (symbols at fixed generic points). Raises Unreadable for structures."""
    if isinstance(n, Num):
        return complex(float(n.text))
    if isinstance(n, Sym):
        return complex(_sym_value(n.name))
    if isinstance(n, Neg):
        return -evaluate(n.x)
    if isinstance(n, Add):
        return sum((evaluate(t) for t in n.terms), 0j)
    if isinstance(n, Mul):
        out = 1 + 0j
        for fct in n.factors:
            out *= evaluate(fct)
        return out
    if isinstance(n, Frac):
        return evaluate(n.n) / evaluate(n.d)
    if isinstance(n, Pow):
        return evaluate(n.b) ** evaluate(n.e)
    if isinstance(n, Sqrt):
        return evaluate(n.x) ** (1 / evaluate(n.idx) if n.idx is not None else 0.5)
    if isinstance(n, Paren):
        return evaluate(n.x)
    if isinstance(n, Func):
        import cmath
        fn = {"sin": cmath.sin, "cos": cmath.cos, "tan": cmath.tan, "log": cmath.log, "ln": cmath.log,
              "exp": cmath.exp}.get(n.name)
        if fn is None:
            raise Unreadable(n.name)
        return fn(evaluate(n.arg))
    if isinstance(n, (Pct, Deg)):
        return evaluate(n.x)
    raise Unreadable(type(n).__name__)


def has_symbols(n: Node) -> bool:
    if isinstance(n, Sym):
        return n.name not in ("pi", "e", "inf")
    return any(has_symbols(c) for c in children(n))


def children(n: Node) -> tuple:
    if isinstance(n, (Neg, Paren, Pct, Deg)):
        return (n.x,)
    if isinstance(n, Add):
        return n.terms
    if isinstance(n, Mul):
        return n.factors
    if isinstance(n, Frac):
        return (n.n, n.d)
    if isinstance(n, Pow):
        return (n.b, n.e)
    if isinstance(n, Sqrt):
        return (n.x,) if n.idx is None else (n.x, n.idx)
    if isinstance(n, Func):
        return (n.arg,)
    if isinstance(n, (Seq, Lst)):
        return n.items
    if isinstance(n, Rel):
        return n.parts[0::2]
    if isinstance(n, Cup):
        return n.parts
    if isinstance(n, Mat):
        return tuple(c for r in n.rows for c in r)
    return ()


def replace_leaf(n: object, target: object, new: object) -> object:
    """``n`` with the (identity-)first occurrence of ``target`` replaced by ``new``."""
    if n is target:
        return new
    if isinstance(n, (Num, Sym)):
        return n
    if isinstance(n, Mat):
        return Mat(tuple(tuple(replace_leaf(c, target, new) for c in r) for r in n.rows))
    fields = {}
    for k in n.__dataclass_fields__:
        v = getattr(n, k)
        if isinstance(v, tuple):
            fields[k] = tuple(replace_leaf(x, target, new) if not isinstance(x, str) else x for x in v)
        elif v is not None and not isinstance(v, str):
            fields[k] = replace_leaf(v, target, new)
    return replace(n, **fields)


def changed_digit(text: str, rng) -> str:
    """``text`` (a numeral) with one digit drawn and replaced by another drawn digit (never a new leading 0)."""
    pos = [i for i, c in enumerate(text) if c.isdigit()]
    i = rng.choice(pos)
    digits = [d for d in "0123456789" if d != text[i] and not (d == "0" and i == 0 and len(text) > 1 and text[1] != ".")]
    return text[:i] + rng.choice(digits) + text[i + 1:]
