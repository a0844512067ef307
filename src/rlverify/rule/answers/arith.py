"""A small exact reader for the common arithmetic subset of LaTeX, without the ANTLR grammar.

Most expressions in answers are numbers, ``\\frac``, ``\\sqrt``/``\\sqrt[k]``, ``\\pi``, powers,
products and sums of letters (Greek ones too), with the odd ``\\ln(5)``, ``\\ln 2``, ``\\log_2(8)``,
``\\lfloor x\\rfloor``, ``|x|``, ``n!``, ``75^\\circ`` or ``\\infty``. Reading those through
latex2sympy's ANTLR parser costs 10-500 ms each under load; this module tokenizes the text
(a fixed regular token set), parses it by recursive descent and builds sympy objects
directly (``Rational``/``Symbol``/``sqrt``: no ``sympify``/``parse_expr`` of text). Anything
outside the subset returns None and the caller falls back to the grammar, so the two
readings must agree (the tests compare them): implicit multiplication binds tighter than
``/`` (``1/2x`` is ``1/(2x)``); ``n(n+1)`` is a product but ``f(x)``/``p(0)`` (one atom in
parentheses) a function call, left to the grammar; ``e`` is Euler's number, ``I`` the
imaginary unit, ``\\gamma`` (Euler's constant there) is refused; ``x_{12}`` is the symbol
``x_{12}``; ``a = b`` an unevaluated ``Eq`` (one ``=`` only); functions take a bracketed
argument or one bare number (``\\sin x`` is the grammar's).

Interface::

    read_arith(text) -> sympy.Expr | None

Bounds (each refusal is a None, never an exception): at most 300 tokens, nesting depth 40,
powers whose exact value would exceed 20,000 bits, roots of numbers over 200 bits,
factorials over 1000, division by zero.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["read_arith", "MAX_TOKENS"]

MAX_TOKENS = 300
_MAX_DEPTH = 40
_MAX_POWER_BITS = 20_000
_MAX_ROOT_BITS = 200
_MAX_FACTORIAL = 1000

_TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?|\.\d+)|(\\[a-zA-Z]+)|([a-zA-Z])|([-+*/^_(){}!=|\[\]]))")
_FUNCTIONS = {"\\sin": "sin", "\\cos": "cos", "\\tan": "tan", "\\cot": "cot", "\\sec": "sec", "\\csc": "csc",
              "\\arcsin": "asin", "\\arccos": "acos", "\\arctan": "atan", "\\ln": "log", "\\exp": "exp"}
_GREEK = frozenset({"alpha", "beta", "delta", "theta", "lambda", "mu", "phi", "psi", "omega", "sigma", "tau",
                    "rho"})
_INVERSE = {"\\sin": "asin", "\\cos": "acos", "\\tan": "atan", "\\cot": "acot"}
_BINOMIALS = frozenset({"\\binom", "\\dbinom", "\\tbinom"})
_BRACKETS = {"\\lfloor": ("\\rfloor", "floor"), "\\lceil": ("\\rceil", "ceiling")}
_BIG_OPERATORS = {"\\sum": "Sum", "\\prod": "Product"}
_COMMANDS = frozenset({"\\frac", "\\sqrt", "\\pi", "\\cdot", "\\times", "\\div", "\\infty", "\\circ", "\\log",
                       "\\rfloor", "\\rceil"}) | _BINOMIALS | frozenset(_BIG_OPERATORS) | frozenset(_FUNCTIONS) | frozenset(_BRACKETS) \
    | frozenset("\\" + g for g in _GREEK)
_MUL_OPS = frozenset({"*", "/", "\\cdot", "\\times", "\\div"})
_SUBSCRIPT = re.compile(r"[A-Za-z0-9]+(?:[-+][A-Za-z0-9]+)*")   # x_{12}, a_{n}, F_{n-k-1} (the grammar's names)


class _Refuse(Exception):
    """Outside the subset or over a bound: the caller falls back to the grammar."""


def _tokens(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    pos, n = 0, len(text)
    while pos < n:
        m = _TOKEN.match(text, pos)
        if not m:
            if text[pos:].strip():
                raise _Refuse
            break
        num, cmd, letter, op = m.groups()
        if cmd is not None and cmd not in _COMMANDS:
            raise _Refuse
        kind = "num" if num else "cmd" if cmd else "letter" if letter else "op"
        out.append((kind, num or cmd or letter or op))
        if len(out) > MAX_TOKENS:
            raise _Refuse
        pos = m.end()
    return out


class _Parser:
    def __init__(self, tokens: list[tuple[str, str]]) -> None:
        import sympy

        self.sp = sympy
        self.toks = tokens
        self.i = 0
        self.depth = 0

    def peek(self) -> tuple[str, str] | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self, value: str | None = None) -> tuple[str, str]:
        tok = self.peek()
        if tok is None or (value is not None and tok[1] != value):
            raise _Refuse
        self.i += 1
        return tok

    def group(self, open_: str, close: str) -> Any:
        self.take(open_)
        self.depth += 1
        if self.depth > _MAX_DEPTH:
            raise _Refuse
        value = self.sum()
        self.depth -= 1
        self.take(close)
        return value

    def sum(self) -> Any:
        terms = [self.signed()]
        while (tok := self.peek()) is not None and tok[1] in "+-" and tok[0] == "op":
            self.take()
            t = self.signed()
            terms.append(t if tok[1] == "+" else -t)
        return self.sp.Add(*terms)

    def signed(self) -> Any:
        sign = 1
        while (tok := self.peek()) is not None and tok[0] == "op" and tok[1] in "+-":
            self.take()
            sign = -sign if tok[1] == "-" else sign
        value = self.product()
        return -value if sign < 0 else value

    def product(self) -> Any:
        value = self.implicit()
        while (tok := self.peek()) is not None and tok[1] in _MUL_OPS:
            self.take()
            right = self.implicit()
            value = value * right if tok[1] in ("*", "\\cdot", "\\times") else _divide(value, right)
        return value

    def implicit(self) -> Any:
        value = self.postfix()
        while _starts_factor(self.peek()):
            value = value * self.postfix()
        return value

    def postfix(self) -> Any:
        value = self.primary()
        if (tok := self.peek()) is not None and tok[1] == "!":
            self.take()
            value = _factorial(self.sp, value)
        if (tok := self.peek()) is not None and tok[1] == "^":
            self.take()
            value = _power(self.sp, value, self.exponent())
            if (tok := self.peek()) is not None and tok[1] in ("^", "!"):
                raise _Refuse  # towers and (a^b)! are the grammar's business
        return value

    def exponent(self) -> Any:
        tok = self.peek()
        if tok is None:
            raise _Refuse
        if self.degree():
            return self.sp.Integer(1)  # 75^\\circ is 75, as the grammar reads it
        if tok[1] == "{":
            return self.group("{", "}")
        if tok[0] == "num" and len(tok[1]) == 1:
            self.take()
            return self.sp.Integer(int(tok[1]))
        if tok[0] == "letter" or tok[1] == "\\pi":
            if self.toks[self.i + 1:self.i + 2] == [("op", "(")]:
                raise _Refuse  # 2^f(x): left to the grammar
            return self.primary()
        raise _Refuse

    def degree(self) -> bool:
        """``^\\circ`` / ``^{\\circ}`` just read (the ``^`` already taken)."""
        ahead = [t[1] for t in self.toks[self.i:self.i + 3]]
        if ahead[:1] == ["\\circ"]:
            self.i += 1
            return True
        if ahead == ["{", "\\circ", "}"]:
            self.i += 3
            return True
        return False

    def call(self, name: str) -> Any:
        """``\\sin(x)``, ``\\ln{5}``, ``\\log_2(8)``, ``\\sin x``, ``\\sin^2 x``: a bracketed argument, one
        bare number, or one bare atom that ends the term (``\\sin 2x`` is left to the grammar)."""
        base = power = None
        if name == "\\log" and (tok := self.peek()) is not None and tok[1] == "_":
            self.take()
            base = self.exponent()
        elif (tok := self.peek()) is not None and tok[1] == "^":
            self.take()
            power = self.function_power(name)
        tok = self.peek()
        if tok is not None and tok[0] == "num":
            arg = self.bare_number()
        elif tok is not None and _bare_atom(tok) and _ends_bare_argument(self.toks[self.i + 1:self.i + 2]):
            arg = self.primary()
        elif tok is None or tok[1] not in "({":
            raise _Refuse
        else:
            arg = self.group(tok[1], ")" if tok[1] == "(" else "}")
        if name == "\\log":
            value = self.sp.log(arg) if base is None else self.sp.log(arg, base)
        elif power == -1:
            return getattr(self.sp, _INVERSE[name])(arg)  # \\tan^{-1}(2) is atan(2), as the grammar reads it
        else:
            value = getattr(self.sp, _FUNCTIONS[name])(arg)
        if power is None:
            return value
        if (tok := self.peek()) is not None and tok[1] in ("^", "!"):
            raise _Refuse  # \\sin^2(x)^3: the grammar's business
        return self.sp.Pow(value, power)

    def function_power(self, name: str) -> int:
        """``\\sin^2`` / ``\\sin^{10}``: a plain integer power 2..99; ``\\tan^{-1}``: -1 (the inverse)."""
        ahead = [t[1] for t in self.toks[self.i:self.i + 4]]
        if ahead == ["{", "-", "1", "}"] and name in _INVERSE:
            self.i += 4
            return -1
        tok = self.take()
        if tok[1] == "{":
            tok = self.take()
            self.take("}")
        if tok[0] != "num" or not tok[1].isdigit() or not 2 <= int(tok[1]) <= 99:
            raise _Refuse
        return int(tok[1])

    def bare_number(self) -> Any:
        """``\\ln 2``: one number, with nothing after it that could extend the argument."""
        tok = self.take()
        nxt = self.peek()
        if nxt is not None and (nxt[0] == "num" or nxt[1] in ("^", "!") or _starts_factor(nxt)):
            raise _Refuse
        return self.sp.Rational(tok[1])

    def primary(self) -> Any:
        tok = self.peek()
        if tok is None:
            raise _Refuse
        kind, val = tok
        if val in _FUNCTIONS or val == "\\log":
            self.take()
            return self.call(val)
        if val in _BRACKETS:
            close, fn = _BRACKETS[val]
            return getattr(self.sp, fn)(self.group(val, close))
        if val == "|":
            return self.sp.Abs(self.group("|", "|"))
        if val == "\\infty":
            self.take()
            return self.sp.oo
        if kind == "num":
            self.take()
            return self.sp.Rational(val)
        if kind == "letter" or val[1:] in _GREEK:
            self.take()
            return self.letter(val.lstrip("\\"))
        if val == "(":
            return self.group("(", ")")
        if val == "{":
            return self.group("{", "}")
        if val == "\\pi":
            self.take()
            return self.sp.pi
        if val == "\\frac":
            self.take()
            num = self.group("{", "}")
            return _divide(num, self.group("{", "}"))
        if val == "\\sqrt":
            self.take()
            return self.root()
        if val in _BINOMIALS:
            self.take()
            return _binomial(self.sp, self.group("{", "}"), self.group("{", "}"))
        if val in _BIG_OPERATORS:
            self.take()
            return self.big_operator(_BIG_OPERATORS[val])
        raise _Refuse

    def big_operator(self, name: str) -> Any:
        """``\\sum_{k=0}^{n-1} F_k F_{n-k-1}``: an unevaluated ``Sum``/``Product`` whose body is the
        multiplicative term after it (up to the next ``+``/``-``), as the grammar reads it."""
        self.take("_")
        self.take("{")
        var = self.take()
        if var[0] != "letter" or var[1] in "eEI":
            raise _Refuse
        self.take("=")
        self.depth += 1
        if self.depth > _MAX_DEPTH:
            raise _Refuse
        lower = self.sum()
        self.take("}")
        self.take("^")
        upper = self.exponent()
        body = self.product()
        self.depth -= 1
        return getattr(self.sp, name)(body, (self.sp.Symbol(var[1]), lower, upper))

    def letter(self, name: str) -> Any:
        if (tok := self.peek()) is not None and tok[1] == "_":
            self.take()
            name = f"{name}_{self.subscript()}"
            self.no_call()
            return self.sp.Symbol(name)
        if len(name) == 1 and name not in "eEI" and self.call_ahead():
            return self.sp.Function(name)(self.group("(", ")"))  # f(x), p(0): as the grammar reads it
        self.no_call()
        if name == "e":
            return self.sp.E
        if name == "I":
            return self.sp.I
        return self.sp.Symbol(name)

    def call_ahead(self) -> bool:
        """``(`` one atom ``)`` next (not ``(e)``, Euler's number there makes a product), and no
        second bracket after it."""
        ahead = self.toks[self.i:self.i + 4]
        if len(ahead) < 3 or ahead[0][1] != "(" or ahead[2][1] != ")" or ahead[3:4] == [("op", "(")]:
            return False
        atom = ahead[1]
        return atom[0] == "num" or (_bare_atom(atom) and atom[1] not in ("e", "E"))

    def no_call(self) -> None:
        """``f(x)`` / ``p(0)`` (one atom in parentheses) is a function application for the
        grammar: refused; ``n(n+1)`` is a product, as the grammar reads it."""
        ahead = [t[1] for t in self.toks[self.i:self.i + 3]]
        if len(ahead) == 3 and ahead[0] == "(" and ahead[2] == ")":
            raise _Refuse

    def subscript(self) -> str:
        tok = self.take()
        if tok[0] in ("num", "letter") and len(tok[1]) == 1:
            return tok[1]
        if tok[1] != "{":
            raise _Refuse
        parts = []
        while (t := self.take())[1] != "}":
            if t[0] not in ("num", "letter") and t[1] not in ("+", "-"):
                raise _Refuse
            parts.append(t[1])
            if len(parts) > 24:
                raise _Refuse
        inner = "".join(parts)
        if not _SUBSCRIPT.fullmatch(inner):
            raise _Refuse
        return inner if len(inner) == 1 else "{" + inner + "}"

    def root(self) -> Any:
        index = 2
        if (tok := self.peek()) is not None and tok[1] == "[":
            self.take()
            tok = self.take()
            if tok[0] != "num" or not tok[1].isdigit() or not 2 <= int(tok[1]) <= 12:
                raise _Refuse
            index = int(tok[1])
            self.take("]")
        return _power(self.sp, self.group("{", "}"), self.sp.Rational(1, index))


def _starts_factor(tok: tuple[str, str] | None) -> bool:
    """Implicit multiplication: a letter, ``\\pi``, ``\\sqrt``, a group; never a number or
    ``\\frac`` (``3\\frac12`` is a mixed number, ``2 3`` is not a product)."""
    if tok is None:
        return False
    return tok[0] == "letter" or tok[1] in ("\\pi", "\\sqrt", "(", "{", "\\lfloor", "\\lceil", "\\log") \
        or tok[1] in _FUNCTIONS or tok[1][1:] in _GREEK or tok[1] in _BIG_OPERATORS


def _bare_atom(tok: tuple[str, str]) -> bool:
    """One letter (not ``I``), a Greek letter or ``\\pi``."""
    return (tok[0] == "letter" and tok[1] != "I") or tok[1] == "\\pi" or tok[1][1:] in _GREEK


def _ends_bare_argument(nxt: list[tuple[str, str]]) -> bool:
    """What may follow a bare one-atom argument: the end, ``+ - ) } =`` or another function
    (``\\sin x \\cos x`` is a product of two calls); anything else extends the argument."""
    if not nxt:
        return True
    kind, val = nxt[0]
    return (kind == "op" and val in ("+", "-", ")", "}", "=")) or val in _FUNCTIONS \
        or val in ("\\rfloor", "\\rceil")


def _binomial(sp: Any, n: Any, k: Any) -> Any:
    """``\\binom{n}{k}``: numbers only as integers with ``0 <= n <= 1000`` (else the grammar's)."""
    for v in (n, k):
        if v.is_number and not v.is_Integer:
            raise _Refuse
    if n.is_number and not 0 <= n <= _MAX_FACTORIAL:
        raise _Refuse
    return sp.binomial(n, k)


def _divide(a: Any, b: Any) -> Any:
    if b == 0:
        raise _Refuse
    return a / b


def _factorial(sp: Any, value: Any) -> Any:
    """``10!`` (at most 1000!) or ``(d-k)!`` kept symbolic."""
    if value.is_number and not (value.is_Integer and 0 <= value <= _MAX_FACTORIAL):
        raise _Refuse
    return sp.factorial(value)


def _bits(r: Any) -> int:
    return max(int(r.p).bit_length(), int(r.q).bit_length())


def _power(sp: Any, base: Any, exp: Any) -> Any:
    """``base^exp`` within the size bounds; exponents must be plain rationals."""
    if not exp.is_Rational:
        if not exp.free_symbols:
            raise _Refuse  # 2^{\\sqrt2}: leave to the grammar
        return sp.Pow(base, exp)  # 2^{k-1}
    if base == 0 and exp <= 0:
        raise _Refuse
    if abs(exp.p) > 10_000 or exp.q > 1000 or (exp.q > 12 and not (base.is_Rational and _bits(base) <= 64)):
        raise _Refuse
    if base.is_Rational:
        if exp.q > 1 and _bits(base) > _MAX_ROOT_BITS:
            raise _Refuse
        if _bits(base) * abs(exp.p) > _MAX_POWER_BITS:
            raise _Refuse
    elif abs(exp.p) > 1000:
        raise _Refuse
    return sp.Pow(base, exp)


_LEIBNIZ = re.compile(r"\\[dt]?frac\s*\{\s*d\s*(?:\\[a-zA-Z]+|[a-zA-Z])[^{}]*\}\s*\{\s*d\s*[a-zA-Z\\]")


def read_arith(text: str) -> Any:
    """The sympy value of ``text`` when it lies in the arithmetic subset, else None."""
    if not text or len(text) > 2000 or _LEIBNIZ.search(text):
        return None   # \frac{dy}{dx} is a derivative (the grammar's reading), not d*y/(d*x)
    try:
        toks = _tokens(text)
        if not toks:
            return None
        parser = _Parser(toks)
        value = parser.sum()
        if parser.i < len(toks) and toks[parser.i][1] == "=":  # one equation: lhs = rhs
            parser.take()
            value = parser.sp.Eq(value, parser.sum(), evaluate=False)
        return value if parser.i == len(toks) else None
    except (_Refuse, RecursionError, ZeroDivisionError, ValueError, TypeError, OverflowError):
        return None
